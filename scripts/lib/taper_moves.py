# SPDX-License-Identifier: GPL-3.0-or-later
"""The engine as the scripts' move generator: a `taper moves` process answers legality, mate and
stalemate, and SAN <-> UCI conversion (see `taper moves --help`), so the scripts carry no chess
code of their own. Also a small EPD operation splitter (text only).

    oracle = MoveOracle()                         # finds the binary: $TAPER_BIN, ./taper, ... (find_taper)
    oracle.play(FEN, ["e4", "e7e5"])             # {"fen":..., "status":..., "uci": [...], "san": [...], "legal": [...]}
    oracle.convert(FEN, ["Nf3", "e2e4"])         # each move on its own from FEN
A move that is illegal or unreadable raises IllegalMoveError.
"""

from __future__ import annotations

import re
import subprocess
import threading

from find_binary import find_binary  # scripts/lib, on sys.path for every script that uses this module


class IllegalMoveError(ValueError):
    pass


def find_taper(explicit: str | None = None) -> str:
    """The taper binary: `explicit` as given, else $TAPER_BIN, $TAPER, ./taper, the repository's
    taper, the newest build/*/taper, PATH (lib/find_binary.py)."""
    found = find_binary("taper", explicit)
    if found:
        return found
    if explicit:
        raise FileNotFoundError(f"taper binary {explicit!r} is not an executable file")
    raise FileNotFoundError("no taper binary: run `make` in the repository or set $TAPER_BIN")


class MoveOracle:
    """One `taper moves` process, shared by the threads of a script (calls are serialised)."""

    def __init__(self, binary: str | None = None, chess960: bool = False):
        cmd = [find_taper(binary), "moves"] + (["--chess960"] if chess960 else [])
        self._proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self._lock = threading.Lock()
        self._cache: dict[str, dict] = {}

    def _ask(self, request: str) -> dict:
        with self._lock:
            if request in self._cache:
                return self._cache[request]
            self._proc.stdin.write(request + "\n")
            self._proc.stdin.flush()
            answer = self._proc.stdout.readline().rstrip("\n")
            if not answer:
                raise RuntimeError("taper moves stopped answering")
            fields = answer.split("\t")
            if fields[0] != "ok":
                raise IllegalMoveError(fields[1] if len(fields) > 1 else answer)
            out = dict(f.split("=", 1) for f in fields[1:])
            for key in ("uci", "san", "legal"):
                out[key] = out[key].split()
            out["chess960"] = out["chess960"] == "1"
            if len(self._cache) < 100000:
                self._cache[request] = out
            return out

    def position(self, fen: str) -> dict:
        """The position itself: normalised FEN, status, legal moves."""
        return self._ask(fen)

    def play(self, fen: str, moves) -> dict:
        """The moves played in order from `fen` (SAN or UCI); the answer describes the position after them."""
        return self._ask(f"{fen} moves {' '.join(moves)}" if moves else fen)

    def convert(self, fen: str, moves) -> dict:
        """Each move on its own from `fen`: answer["uci"][i] and answer["san"][i] name moves[i]."""
        return self._ask(f"{fen} each {' '.join(moves)}" if moves else fen)

    def clear_cache(self):
        """Forget the answers kept so far (a long-running script's memory)."""
        with self._lock:
            self._cache.clear()

    def close(self):
        if self._proc.poll() is None:
            self._proc.stdin.close()
            self._proc.wait(timeout=10)


def split_epd(line: str):
    """One EPD line -> (FEN, ops): FEN with 4 fields (6 when the line carries the counters),
    ops a dict opcode -> list of operands (quoted operands unquoted, e.g. id)."""
    line = line.strip().lstrip("\ufeff")
    parts = line.split(None, 4)
    if len(parts) < 4:
        raise ValueError(f"not an EPD line: {line!r}")
    rest = parts[4] if len(parts) > 4 else ""
    fen = " ".join(parts[:4])
    m = re.match(r"^(\d+)\s+(\d+)(\s+|$|;)(.*)$", rest, re.S)
    if m:
        fen += f" {m.group(1)} {m.group(2)}"
        rest = m.group(4)
    ops, cur, quoted = {}, "", False
    for ch in rest + ";":
        if ch == '"':
            quoted = not quoted
        if ch == ";" and not quoted:
            toks = re.findall(r'"[^"]*"|\S+', cur.strip())
            if toks:
                ops[toks[0]] = [t[1:-1] if t.startswith('"') else t for t in toks[1:]]
            cur = ""
        else:
            cur += ch
    return fen, ops
