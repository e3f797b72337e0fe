# SPDX-License-Identifier: GPL-3.0-or-later
"""Where the Python scripts find the programs they run: the same table as
scripts/lib/find_binary.sh's for the shell scripts (tests/scripts checks that they agree).

    find_binary("fastchess")              # absolute path, or None
    find_binary("taper", args.taper)      # a given path is used as it is or not at all

Otherwise the first executable file of the program's list below wins; an environment variable
that names no executable file is passed over, as a missing one is.
"""

from __future__ import annotations

import glob
import os
import shutil

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

FASTCHESS_DEFAULT = "/opt/fastchess/fastchess"
FASTCHESS_HELP = (
    "fastchess not found. Set $FASTCHESS to its path, put it on PATH, or install it at "
    f"{FASTCHESS_DEFAULT}. It is not part of this repository: build it from its public source "
    "(the Disservin/fastchess project on GitHub, `make -j2` in its checkout) and point "
    "$FASTCHESS at the binary.")

# Per program, its candidates in order: ("env", VAR), ("file", PATH), ("path", NAME) for a
# look-up on PATH, ("newest", GLOB) for the most recently modified file matching GLOB.
SEARCH = {
    "taper": [("env", "TAPER_BIN"), ("env", "TAPER"), ("file", "./taper"), ("file", os.path.join(REPO, "taper")),
              ("newest", os.path.join(REPO, "build", "*", "taper")), ("path", "taper")],
    "fastchess": [("env", "FASTCHESS"), ("path", "fastchess"), ("file", FASTCHESS_DEFAULT)],
    "stockfish": [("env", "STOCKFISH"), ("file", "/usr/games/stockfish"), ("path", "stockfish")],
    "ethereal": [("env", "ETHEREAL"), ("file", "/usr/games/ethereal-chess"), ("path", "ethereal-chess")],
    "chromium": [("env", "CHROMIUM"), ("file", "/usr/bin/chromium"), ("path", "chromium")],
    "wine": [("path", "wine"), ("path", "wine64"), ("file", "/usr/lib/wine/wine64")],
    "qemu-aarch64": [("path", "qemu-aarch64"), ("path", "qemu-aarch64-static")],
}


def _executable(path: str | None) -> bool:
    return bool(path) and os.path.isfile(path) and os.access(path, os.X_OK)


def _candidate(kind: str, value: str) -> str | None:
    if kind == "env":
        return os.environ.get(value)
    if kind == "path":
        return shutil.which(value)
    if kind == "newest":
        found = sorted(glob.glob(value), key=os.path.getmtime, reverse=True)
        return found[0] if found else None
    return value


def find_binary(name: str, given: str | None = None) -> str | None:
    """The absolute path of program NAME (a key of SEARCH), or None."""
    if name not in SEARCH:
        raise KeyError(f"find_binary: unknown program {name!r}")
    if given:
        return os.path.abspath(given) if _executable(given) else None
    for kind, value in SEARCH[name]:
        path = _candidate(kind, value)
        if _executable(path):
            return os.path.abspath(path)
    return None
