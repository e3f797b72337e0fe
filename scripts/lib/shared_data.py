# SPDX-License-Identifier: GPL-3.0-or-later
"""Where the scripts find data. First the repository's own tests/data (EPD suites, perft suites,
the books the tests use, the 3-4-man Syzygy tables; tests/data/README.md says where each comes
from); then the optional larger data (more books such as 8moves_v3, tuning sets): the folder
named by $TAPER_DATA if it exists, else `shared/data` beside the repository."""

import os

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REPO_DATA = os.path.join(_REPO, "tests", "data")


def shared_data_dir() -> str:
    """The optional larger-data folder (it need not exist)."""
    given = os.environ.get("TAPER_DATA")
    if given and os.path.isdir(given):
        return os.path.normpath(given)
    return os.path.normpath(os.path.join(_REPO, "..", "shared", "data"))


def data_folders() -> list:
    """The folders searched, in order: tests/data, then the larger-data folder."""
    return [REPO_DATA, shared_data_dir()]


def find_data(relative: str):
    """Path of a data file or folder (e.g. "books/noob_2moves.epd", "syzygy") in the first folder
    that has it, or None."""
    for folder in data_folders():
        path = os.path.join(folder, relative)
        if os.path.exists(path):
            return path
    return None
