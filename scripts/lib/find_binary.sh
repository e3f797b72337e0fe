# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=sh
# Where the shell scripts find the programs they run: one table for all of them, the same as
# scripts/lib/find_binary.py's for the Python scripts (tests/scripts checks that they agree).
#
#   . "$repo/scripts/lib/find_binary.sh"          # from bash; from sh, set find_binary_repo first
#   bin=$(find_binary taper "$given") || { echo "no taper" >&2; exit 2; }
#
# find_binary NAME [GIVEN] prints the path of NAME's binary, or prints nothing and returns 1.
# A GIVEN path (a command-line argument) is used as it is or not at all; otherwise the first
# executable file of NAME's list wins:
#   taper         $TAPER_BIN, $TAPER, ./taper, <repo>/taper, the newest <repo>/build/*/taper, PATH
#   fastchess     $FASTCHESS, PATH, /opt/fastchess/fastchess
#   stockfish     $STOCKFISH, /usr/games/stockfish, PATH
#   ethereal      $ETHEREAL, /usr/games/ethereal-chess, PATH (ethereal-chess)
#   chromium      $CHROMIUM, /usr/bin/chromium, PATH
#   wine          PATH (wine, then wine64), /usr/lib/wine/wine64
#   qemu-aarch64  PATH (qemu-aarch64, then qemu-aarch64-static)
# An environment variable naming no executable file is passed over, as a missing one is.

if [ -z "${find_binary_repo:-}" ] && [ -n "${BASH_VERSION:-}" ]; then
  # shellcheck disable=SC3028,SC3054  # only read under bash
  find_binary_repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
fi

_find_binary_try() {  # PATH: print it and succeed if it is an executable file
  [ -n "$1" ] && [ -f "$1" ] && [ -x "$1" ] && printf '%s\n' "$1"
}

_find_binary_on_path() {  # NAME: the executable file PATH gives for NAME
  _find_binary_try "$(command -v "$1" 2>/dev/null)"
}

_find_binary_newest_build() {  # the most recently built <repo>/build/*/taper
  [ -n "${find_binary_repo:-}" ] || return 1
  # shellcheck disable=SC2012  # build folders have plain names; ls -t orders them by time
  _find_binary_try "$(ls -t "$find_binary_repo"/build/*/taper 2>/dev/null | head -n 1)"
}

find_binary() {
  if [ -n "${2:-}" ]; then
    _find_binary_try "$2"
    return
  fi
  case $1 in
    taper)
      _find_binary_try "${TAPER_BIN:-}" || _find_binary_try "${TAPER:-}" || _find_binary_try ./taper ||
        { [ -n "${find_binary_repo:-}" ] && _find_binary_try "$find_binary_repo/taper"; } ||
        _find_binary_newest_build || _find_binary_on_path taper ;;
    fastchess)
      _find_binary_try "${FASTCHESS:-}" || _find_binary_on_path fastchess || _find_binary_try /opt/fastchess/fastchess ;;
    stockfish)
      _find_binary_try "${STOCKFISH:-}" || _find_binary_try /usr/games/stockfish || _find_binary_on_path stockfish ;;
    ethereal)
      _find_binary_try "${ETHEREAL:-}" || _find_binary_try /usr/games/ethereal-chess ||
        _find_binary_on_path ethereal-chess ;;
    chromium)
      _find_binary_try "${CHROMIUM:-}" || _find_binary_try /usr/bin/chromium || _find_binary_on_path chromium ;;
    wine)
      _find_binary_on_path wine || _find_binary_on_path wine64 || _find_binary_try /usr/lib/wine/wine64 ;;
    qemu-aarch64)
      _find_binary_on_path qemu-aarch64 || _find_binary_on_path qemu-aarch64-static ;;
    *)
      echo "find_binary: unknown program '$1'" >&2
      return 2 ;;
  esac
}
