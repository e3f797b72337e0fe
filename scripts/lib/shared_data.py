# SPDX-License-Identifier: GPL-3.0-or-later
"""Where the scripts find the shared test data (books, EPD suites, Syzygy tables): the folder
named by $TAPER_DATA if it exists, else `shared/data` beside the repository."""

import os

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def shared_data_dir() -> str:
    given = os.environ.get("TAPER_DATA")
    if given and os.path.isdir(given):
        return os.path.normpath(given)
    return os.path.normpath(os.path.join(_REPO, "..", "shared", "data"))
