#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Soak: Taper run as bot operators, rating lists and analysts run it, for hours, counting every fault.

fastchess cannot ponder, so this script is its own GUI: a referee that speaks UCI to Taper and to
an opponent as Cute Chess does (clocks with an increment or with repeating `movestogo` periods;
`go ponder` after Taper's move, then `ponderhit`, or `stop` and a new `go` on a ponder miss) and
judges moves and game ends by asking `taper moves` (scripts/lib/taper_moves.py). The conditions
(issue 111):

  ponder     Ponder on, Threads 2, Move Overhead 100; 10 s + 0.1 s              200 games
  repeat20   40 moves in 20 s, repeating (rating lists' 40/N)                  200 games
  repeat60   40 moves in 60 s, repeating                                        50 games
  hash       Hash 1024, Threads 2; 60 s + 0.6 s                                 30 games
  analysis   a GUI's analysis: `go infinite` with MultiPV 3, `stop` after       3000 cycles
             0.05-3 s, new positions, `ucinewgame` and `setoption` between
             searches, now and then sent at once after `stop` without waiting

Every opening (an EPD book, random order fixed by --seed) is played twice, Taper White then Black.
Faults are counted for Taper, and apart for the opponent:

  crashes          the process died, or `quit` ended it with a status other than 0 (a sanitizer's
                   report: LeakSanitizer exits 23 at `quit` when memory leaked)
  disconnects      its output closed or its input broke while it still ran
  illegal_moves    a bestmove not legal in the position (the game is lost)
  time_losses      a bestmove after the clock ran out (Move Overhead is the engine's business)
  hangs            an `isready` unanswered within 1 s (sent during searches and between them);
                   a `go` without its bestmove by the clock's end + 5 s, or 2 s after `stop`
  extra_bestmoves  a bestmove no `go` was waiting for (a `go` must have exactly one)
  early_bestmoves  a bestmove to `go ponder` or `go infinite` before `ponderhit` or `stop`
  stray_output     a stdout line that is not UCI output (unknown command, bad `info` field, ...)
  error_messages   an `info string error/warning ...` (the referee sends nothing wrong)
  bad_pvs          the last PV of a search not legal, or not starting with its bestmove
  stderr_lines     lines written on stderr (a sanitizer writes its report there)

Memory: VmRSS and VmHWM of Taper's process (/proc) after every game, every --sample cycles of
the analysis; the record keeps the curve, an SVG of it is written beside the record.

Timed conditions (all but `analysis`) need the machine to themselves: the script refuses to start
them while a fastchess match runs (--wait waits for it). Runs go into one record (--record,
docs/soak/NAME.json, written after every game or block of cycles); the same command resumes it,
and `--record FILE --report` prints its summary without playing.

    scripts/soak.py --condition ponder --opponent <stockfish-11> --record docs/soak/ponder.json
    scripts/soak.py --condition analysis --cycles 3000 --record docs/soak/analysis.json
    scripts/soak.py --record docs/soak/ponder.json --report
    scripts/soak.py --list

Exit 0 when Taper had no fault, 1 when it had one, 2 on a usage or infrastructure error. The last
line is `RESULT condition=... games=N (or cycles=N) faults=N <each fault>=N rss_first_mib=...
rss_last_mib=... rss_slope_kib=... [share40_taper=... share40_opponent=...]`.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import math
import os
import queue
import random
import re
import shlex
import subprocess
import sys
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "scripts", "lib"))
from find_binary import find_binary  # noqa: E402
from shared_data import find_data  # noqa: E402
from taper_moves import MoveOracle, find_taper, split_epd  # noqa: E402
from uci import parse_info, resolve_engine  # noqa: E402

FAULTS = ("crashes", "disconnects", "illegal_moves", "time_losses", "hangs", "extra_bestmoves",
          "early_bestmoves", "stray_output", "error_messages", "bad_pvs", "stderr_lines")

# name -> settings. games/cycles are the defaults of --games/--cycles.
CONDITIONS = {
    "ponder": {"kind": "games", "games": 200, "tc": "10+0.1", "ponder": True,
               "options": {"Ponder": "true", "Threads": "2", "Move Overhead": "100"},
               "what": "Ponder on, Threads 2, Move Overhead 100; 10 s + 0.1 s (lichess-bot)", "hours": 1.7},
    "repeat20": {"kind": "games", "games": 200, "tc": "40/20", "ponder": False, "options": {},
                 "what": "40 moves in 20 s, repeating (rating lists)", "hours": 3.5},
    "repeat60": {"kind": "games", "games": 50, "tc": "40/60", "ponder": False, "options": {},
                 "what": "40 moves in 60 s, repeating (rating lists)", "hours": 2.5},
    "hash": {"kind": "games", "games": 30, "tc": "60+0.6", "ponder": False,
             "options": {"Hash": "1024", "Threads": "2"},
             "what": "Hash 1024, Threads 2; 60 s + 0.6 s", "hours": 1.5},
    "analysis": {"kind": "analysis", "cycles": 3000, "options": {"MultiPV": "3"},
                 "what": "go infinite with MultiPV 3, stop after 0.05-3 s, new positions, "
                         "ucinewgame and setoption between searches", "hours": 1.3},
}

READY_LIMIT_S = 1.0        # an isready during play must be answered within this
SETUP_READY_S = 30.0       # an isready after setoption/ucinewgame (tables are allocated, cleared)
STARTUP_READY_S = 120.0    # the first isready (Hash 16000 took 22.5 s, issue 111)
HANG_GRACE_S = 5.0         # a go on the clock has its bestmove by the clock's end + this
STOP_LIMIT_S = 2.0         # a bestmove after `stop` (or after ponderhit of a finished ponder search)
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


# ---------------------------------------------------------------------------------------------
# Clocks, as a GUI keeps them

class TimeControl:
    """`10+0.1` (base + increment, seconds), `40/20` (40 moves in 20 s, repeating), `40/60+0.5`."""

    def __init__(self, moves: int, base_ms: int, inc_ms: int):
        self.moves, self.base_ms, self.inc_ms = moves, base_ms, inc_ms

    def __eq__(self, other):
        return (self.moves, self.base_ms, self.inc_ms) == (other.moves, other.base_ms, other.inc_ms)

    def __repr__(self):
        return f"TimeControl({self.moves}, {self.base_ms}, {self.inc_ms})"


def parse_tc(text: str) -> TimeControl:
    m = re.fullmatch(r"\s*(?:(\d+)/)?(\d+(?:\.\d*)?)(?:\+(\d+(?:\.\d*)?))?\s*", text or "")
    if not m or float(m.group(2)) <= 0 or (m.group(1) is not None and int(m.group(1)) < 1):
        raise ValueError(f"not a time control: {text!r} (examples: 10+0.1, 40/20, 40/60+0.5)")
    return TimeControl(int(m.group(1) or 0), round(float(m.group(2)) * 1000), round(float(m.group(3) or 0) * 1000))


class Clock:
    """One side's clock. `spend(ms)` after each move: False when the time ran out. With a repeating
    control each period's base is added when its last move is made, and the share of the period's
    time (base + increments) that its moves used is kept in `period_shares`; `half_share` is the
    share the first period's first half used (moves 1-20 of 40): how front-loaded the spending is."""

    def __init__(self, tc: TimeControl):
        self.tc = tc
        self.left = tc.base_ms
        self.moves = 0
        self.period_used = 0
        self.period_shares = []
        self.half_share = None
        self.min_left = tc.base_ms

    def moves_to_go(self):
        return self.tc.moves - self.moves % self.tc.moves if self.tc.moves else None

    def spend(self, ms: float) -> bool:
        self.left -= ms
        self.period_used += ms
        self.moves += 1
        if self.left < 0:
            return False
        self.min_left = min(self.min_left, self.left)
        self.left += self.tc.inc_ms
        budget = self.tc.base_ms + self.tc.inc_ms * self.tc.moves
        if self.tc.moves and self.moves == self.tc.moves // 2:
            self.half_share = self.period_used / budget
        if self.tc.moves and self.moves % self.tc.moves == 0:
            self.period_shares.append(self.period_used / budget)
            self.period_used = 0
            self.left += self.tc.base_ms
        return True


def go_arguments(white: Clock, black: Clock, side: str) -> str:
    """The clock part of `go`, as Cute Chess sends it: both clocks, increments, and the moves to
    go of the side to move (`side` is "w" or "b")."""
    out = f"wtime {max(0, int(white.left))} btime {max(0, int(black.left))}"
    if white.tc.inc_ms or black.tc.inc_ms:
        out += f" winc {white.tc.inc_ms} binc {black.tc.inc_ms}"
    mtg = (white if side == "w" else black).moves_to_go()
    if mtg:
        out += f" movestogo {mtg}"
    return out


# ---------------------------------------------------------------------------------------------
# What may come out of a UCI engine

MOVE_RE = re.compile(r"^(?:[a-h][1-8][a-h][1-8][qrbn]?|0000)$")
INFO_INTS = {"depth", "seldepth", "time", "nodes", "multipv", "currmovenumber", "hashfull", "nps",
             "tbhits", "sbhits", "cpuload"}
OPTION_TYPES = {"check", "spin", "combo", "button", "string"}


def _int(text, signed=False):
    return re.fullmatch(r"-?\d+" if signed else r"\d+", text or "") is not None


def info_problem(toks):
    """None if the `info` line (split) is well formed, else what is wrong."""
    if len(toks) < 2:
        return "info without fields"
    i, n = 1, len(toks)
    while i < n:
        t = toks[i]
        if t in INFO_INTS:
            if i + 1 >= n or not _int(toks[i + 1]):
                return f"info {t} without a number"
            i += 2
        elif t == "score":
            if i + 2 >= n or toks[i + 1] not in ("cp", "mate") or not _int(toks[i + 2], signed=True):
                return "info score not 'cp N' or 'mate N'"
            i += 3
            if i < n and toks[i] in ("lowerbound", "upperbound"):
                i += 1
        elif t == "wdl":
            if i + 3 >= n or not all(_int(x) for x in toks[i + 1:i + 4]):
                return "info wdl without three numbers"
            i += 4
        elif t == "currmove":
            if i + 1 >= n or not MOVE_RE.match(toks[i + 1]):
                return "info currmove without a move"
            i += 2
        elif t in ("pv", "refutation", "currline"):
            rest = toks[i + 1:]
            if t == "currline" and rest and _int(rest[0]):
                rest = rest[1:]
            if not rest or not all(MOVE_RE.match(x) for x in rest):
                return f"info {t} with no move or a malformed one"
            return None
        elif t == "string":
            return None
        else:
            return f"unknown info field {t!r}"
    return None


def uci_output_problem(line: str):
    """None if `line` is something a UCI engine may write, else what is wrong with it."""
    toks = line.split()
    if not toks:
        return "empty line"
    head = toks[0]
    if head == "info":
        return info_problem(toks)
    if head == "bestmove":
        if len(toks) == 2 and (MOVE_RE.match(toks[1]) or toks[1] == "(none)"):
            return None
        if len(toks) == 4 and MOVE_RE.match(toks[1]) and toks[2] == "ponder" and MOVE_RE.match(toks[3]):
            return None
        return "malformed bestmove"
    if head in ("uciok", "readyok"):
        return None if len(toks) == 1 else f"{head} with trailing words"
    if head == "id":
        return None if len(toks) >= 3 and toks[1] in ("name", "author") else "malformed id"
    if head == "option":
        words = toks[1:]
        if words[:1] != ["name"] or "type" not in words:
            return "malformed option"
        kind = words[words.index("type") + 1:words.index("type") + 2]
        return None if kind and kind[0] in OPTION_TYPES else "option of unknown type"
    if head in ("copyprotection", "registration"):
        return None if len(toks) == 2 and toks[1] in ("checking", "ok", "error") else f"malformed {head}"
    return f"not UCI output: {line[:60]!r}"


def is_error_message(line: str) -> bool:
    """An `info string` with which Taper says it was sent something wrong."""
    text = line.split(None, 2)[2] if line.startswith("info string ") and len(line.split(None, 2)) > 2 else ""
    return text.startswith(("error", "warning", "go during a search"))


def score_of(info: dict):
    """A parsed info line's score in centipawns from the engine's side, mates as +-(32000 - plies);
    None for a bound or no score."""
    if "score" not in info or info.get("bound") is not None:
        return None
    if info.get("score_type") == "mate":
        m = info["score"]
        return 32000 - abs(m) if m > 0 else -32000 + abs(m)
    return info["score"]


# ---------------------------------------------------------------------------------------------
# Game ends that `taper moves` does not name: repetition, fifty moves, dead material; adjudication

def position_key(fen: str) -> str:
    """What makes two positions the same for repetition: placement, side, castling, en passant."""
    return " ".join(fen.split()[:4])


def insufficient_material(fen: str) -> bool:
    """No mate possible by any series of moves: kings alone, one minor piece, or bishops all on
    squares of one colour."""
    board = fen.split()[0]
    pieces, bishop_colours = [], set()
    rank = 7
    file = 0
    for ch in board:
        if ch == "/":
            rank, file = rank - 1, 0
        elif ch.isdigit():
            file += int(ch)
        else:
            if ch.lower() != "k":
                pieces.append(ch.lower())
                if ch.lower() == "b":
                    bishop_colours.add((rank + file) % 2)
            file += 1
    if not pieces:
        return True
    if len(pieces) == 1 and pieces[0] in "nb":
        return True
    return all(p == "b" for p in pieces) and len(bishop_colours) == 1


def game_end(status: str, fen: str, keys: list):
    """(result, reason) if the game is over in this position (`status` from `taper moves`,
    `keys` the position keys of the game so far, this one last), else None."""
    white_to_move = fen.split()[1] == "w"
    if status == "checkmate":
        return ("0-1", "Black mates") if white_to_move else ("1-0", "White mates")
    if status == "stalemate":
        return "1/2-1/2", "stalemate"
    if keys and keys.count(keys[-1]) >= 3:
        return "1/2-1/2", "threefold repetition"
    fields = fen.split()
    if len(fields) > 4 and fields[4].isdigit() and int(fields[4]) >= 100:
        return "1/2-1/2", "fifty-move rule"
    if insufficient_material(fen):
        return "1/2-1/2", "insufficient material"
    return None


class Adjudicator:
    """fastchess's `-resign movecount=M score=S twosided=true` and `-draw movenumber=N movecount=K
    score=D` on White's view of each ply's score (None: the engine gave none), and a ply cap."""

    def __init__(self, resign_cp=1000, resign_moves=3, draw_from_move=40, draw_cp=10, draw_moves=8, max_plies=600):
        self.resign_cp, self.resign_plies = resign_cp, 2 * resign_moves
        self.draw_from_move, self.draw_cp, self.draw_plies = draw_from_move, draw_cp, 2 * draw_moves
        self.max_plies = max_plies
        self.scores = []

    def add(self, white_score, fullmove: int):
        """The score (White's view) of the move just played, and the move number it was played at;
        returns (result, reason) when the game is adjudicated."""
        self.scores.append(white_score)
        last = self.scores[-self.resign_plies:]
        if self.resign_cp and len(last) == self.resign_plies and None not in last:
            if all(s >= self.resign_cp for s in last):
                return "1-0", "adjudication: Black resigns"
            if all(s <= -self.resign_cp for s in last):
                return "0-1", "adjudication: White resigns"
        last = self.scores[-self.draw_plies:]
        if (self.draw_cp >= 0 and self.draw_plies and fullmove >= self.draw_from_move and len(last) == self.draw_plies
                and None not in last and all(abs(s) <= self.draw_cp for s in last)):
            return "1/2-1/2", "adjudication: draw"
        if self.max_plies and len(self.scores) >= self.max_plies:
            return "1/2-1/2", f"adjudication: {self.max_plies} plies"
        return None


# ---------------------------------------------------------------------------------------------
# Summaries of a record (pure)

def memory_summary(samples):
    """samples: [(x, rss_kib), ...] in order. First, last, min, max (MiB) and the growth per unit of x
    (KiB, least squares) after the first tenth, where the hash table and the caches fill."""
    if not samples:
        return None
    rss = [kb for _, kb in samples]
    start = len(samples) // 10
    tail = samples[start:] if len(samples) - start >= 2 else samples
    slope = 0.0
    if len(tail) >= 2:
        mx = sum(x for x, _ in tail) / len(tail)
        my = sum(y for _, y in tail) / len(tail)
        var = sum((x - mx) ** 2 for x, _ in tail)
        slope = sum((x - mx) * (y - my) for x, y in tail) / var if var else 0.0
    return {"first_mib": rss[0] / 1024, "last_mib": rss[-1] / 1024, "min_mib": min(rss) / 1024,
            "max_mib": max(rss) / 1024, "slope_kib": slope, "samples": len(rss)}


def share_stats(values):
    if not values:
        return None
    v = sorted(values)
    return {"n": len(v), "mean": sum(v) / len(v), "min": v[0], "median": v[len(v) // 2], "max": v[-1]}


def game_totals(record):
    """Totals over the games of a record: faults per role, results from Taper's side, ponder and
    latency figures, clock shares at move 40, the memory curve."""
    out = {"games": len(record.get("games", [])), "taper": collections.Counter(), "opponent": collections.Counter(),
           "wdl": [0, 0, 0], "reasons": collections.Counter(), "ponder_searches": 0, "ponder_hits": 0,
           "ready_ms_max": 0.0, "stop_ms_max": 0.0, "min_left_ms": None, "share40": {"taper": [], "opponent": []},
           "share20": {"taper": [], "opponent": []}}
    memory = []
    for i, g in enumerate(record.get("games", [])):
        for role in ("taper", "opponent"):
            out[role].update(g.get("faults", {}).get(role, {}))
            for key in ("share40", "share20"):
                if g.get(key, {}).get(role) is not None:
                    out[key][role].append(g[key][role])
        pts = {"1-0": 1.0, "0-1": 0.0}.get(g["result"], 0.5)
        pts = pts if g["taper_white"] else 1.0 - pts
        out["wdl"][0 if pts == 1.0 else 1 if pts == 0.5 else 2] += 1
        out["reasons"][g["reason"]] += 1
        out["ponder_searches"] += g.get("ponder_searches", 0)
        out["ponder_hits"] += g.get("ponder_hits", 0)
        out["ready_ms_max"] = max(out["ready_ms_max"], g.get("ready_ms_max", 0.0))
        out["stop_ms_max"] = max(out["stop_ms_max"], g.get("stop_ms_max", 0.0))
        if g.get("min_left_ms") is not None:
            out["min_left_ms"] = g["min_left_ms"] if out["min_left_ms"] is None else min(out["min_left_ms"], g["min_left_ms"])
        if g.get("rss_kib"):
            memory.append((i + 1, g["rss_kib"]))
    out["memory"] = memory_summary(memory)
    out["memory_points"] = memory
    return out


def analysis_totals(record):
    out = {"cycles": 0, "taper": collections.Counter(), "searches": 0, "stops_at_once": 0, "ready_ms_max": 0.0,
           "stop_ms_max": 0.0, "actions": collections.Counter()}
    memory, by_setting = [], {}
    for b in record.get("blocks", []):
        out["cycles"] += b["cycles"]
        out["taper"].update(b.get("faults", {}))
        out["searches"] += b.get("searches", 0)
        out["stops_at_once"] += b.get("stops_at_once", 0)
        out["ready_ms_max"] = max(out["ready_ms_max"], b.get("ready_ms_max", 0.0))
        out["stop_ms_max"] = max(out["stop_ms_max"], b.get("stop_ms_max", 0.0))
        out["actions"].update(b.get("actions", {}))
        memory.extend((sample[0], sample[1]) for sample in b.get("rss", []))
        for sample in b.get("rss", []):
            if len(sample) > 2:
                by_setting.setdefault(sample[2], []).append((sample[0], sample[1]))
    out["memory"] = memory_summary(memory)
    out["memory_points"] = memory
    out["by_setting"] = {k: memory_summary(v) for k, v in by_setting.items()}
    return out


def fault_count(counter) -> int:
    return sum(counter.get(k, 0) for k in FAULTS)


def fmt_faults(counter) -> str:
    return ", ".join(f"{k.replace('_', ' ')} {counter.get(k, 0)}" for k in FAULTS)


def describe(record):
    """The conditions a record was played under, in a few words."""
    s = record["settings"]
    options = ", ".join(f"{k} {v}" for k, v in s.get("options", {}).items())
    if record["kind"] == "games":
        tc = parse_tc(s["tc"])
        clock = (f"{tc.moves} moves in {tc.base_ms / 1000:g} s, repeating" if tc.moves
                 else f"{tc.base_ms / 1000:g} s") + (f" + {tc.inc_ms / 1000:g} s" if tc.inc_ms else "")
        return clock + (f"; {options}" if options else "")
    lo, hi = s["stop_range"]
    return (f"go infinite, stop after {lo:g}-{hi:g} s, new positions, ucinewgame and setoption between searches, "
            f"{100 * s['at_once']:.0f} % sent right after stop" + (f"; {options}" if options else ""))


def summary_lines(record, path="record"):
    """The human summary of a record, a row for docs/RESULTS.md and the RESULT line."""
    settings = record["settings"]
    cond = record["condition"]
    lines = [f"soak {cond} ({path}): {describe(record)}"]
    lines.append(f"  Taper: {record.get('engines', {}).get('taper', '?')}")
    date = (record.get("sittings") or [{}])[-1].get("date", "")
    name = record.get("engines", {}).get("taper", "").split()
    commit = name[2][:7] if len(name) > 2 and name[0] == "Taper" else "?"   # Taper VERSION COMMIT DATE (...)
    if record["kind"] == "games":
        t = game_totals(record)
        lines.append(f"  opponent: {record.get('engines', {}).get('opponent', '?')}")
        lines.append(f"  {t['games']} of {settings['games']} games, Taper +{t['wdl'][0]} ={t['wdl'][1]} -{t['wdl'][2]}; "
                     + ", ".join(f"{r} {n}" for r, n in t["reasons"].most_common()))
        lines.append(f"  Taper faults: {fault_count(t['taper'])} ({fmt_faults(t['taper'])})")
        lines.append(f"  opponent faults: {fault_count(t['opponent'])} ({fmt_faults(t['opponent'])})")
        if t["ponder_searches"]:
            lines.append(f"  ponder: {t['ponder_searches']} ponder searches, {t['ponder_hits']} hits "
                         f"({100.0 * t['ponder_hits'] / t['ponder_searches']:.0f} %); bestmove after stop at most "
                         f"{t['stop_ms_max']:.0f} ms")
        lines.append(f"  isready answered within {t['ready_ms_max']:.0f} ms at most; Taper's closest clock: "
                     + (f"{t['min_left_ms'] / 1000:.2f} s left" if t["min_left_ms"] is not None else "?"))
        shares = {}
        for role in ("taper", "opponent"):
            s = share_stats(t["share40"][role])
            shares[role] = s
            if s:
                half = share_stats(t["share20"][role])
                lines.append(f"  clock used by move 40 ({role}): mean {100 * s['mean']:.1f} %, median "
                             f"{100 * s['median']:.1f} %, min {100 * s['min']:.1f} %, max {100 * s['max']:.1f} % "
                             f"({s['n']} games)" + (f"; by move 20: mean {100 * half['mean']:.1f} %" if half else ""))
        kind_word, n = "games", t["games"]
    else:
        t = analysis_totals(record)
        lines.append(f"  {t['cycles']} of {settings['cycles']} cycles, {t['searches']} searches "
                     f"({t['stops_at_once']} with the next commands sent right after `stop`); "
                     + ", ".join(f"{k} {v}" for k, v in sorted(t["actions"].items())))
        lines.append(f"  Taper faults: {fault_count(t['taper'])} ({fmt_faults(t['taper'])})")
        lines.append(f"  isready answered within {t['ready_ms_max']:.0f} ms at most; bestmove after stop within "
                     f"{t['stop_ms_max']:.0f} ms at most")
        shares = {}
        kind_word, n = "cycles", t["cycles"]
        settled = {k: m for k, m in t["by_setting"].items() if m["samples"] >= 3}
        if settled:
            lines.append("  memory by setting (Hash MB/Threads[/bitbases][/syzygy]: samples, first -> last MiB, growth "
                         "per cycle after the first tenth of its samples):")
            for k, m in sorted(settled.items(), key=lambda kv: (-kv[1]["samples"], kv[0]))[:12]:
                lines.append(f"    {k:22s} {m['samples']:4d}  {m['first_mib']:7.1f} -> {m['last_mib']:7.1f}  "
                             f"max {m['max_mib']:7.1f}  {m['slope_kib']:+8.2f} KiB")
    m = t["memory"]
    if m:
        unit = "game" if record["kind"] == "games" else "cycle"
        lines.append(f"  memory (VmRSS of Taper, {m['samples']} samples): first {m['first_mib']:.1f} MiB, "
                     f"last {m['last_mib']:.1f} MiB, min {m['min_mib']:.1f}, max {m['max_mib']:.1f}; "
                     f"growth after the first tenth {m['slope_kib']:+.2f} KiB per {unit}")
    faults = fault_count(t["taper"])
    lines.append(f"RESULTS.md row: | {date} | {commit} | soak {cond}: {describe(record)} | "
                 f"**{n} {kind_word if n != 1 else kind_word[:-1]}, {faults} fault{'s' if faults != 1 else ''} by Taper**"
                 + (f", RSS {m['first_mib']:.0f} → {m['last_mib']:.0f} MiB" if m else "") + " |")
    result = (f"RESULT condition={cond} {kind_word}={n} faults={faults} "
              + " ".join(f"{k}={t['taper'].get(k, 0)}" for k in FAULTS))
    if m:
        result += f" rss_first_mib={m['first_mib']:.1f} rss_last_mib={m['last_mib']:.1f} rss_slope_kib={m['slope_kib']:.2f}"
    for role in ("taper", "opponent"):
        if shares.get(role):
            result += f" share40_{role}={shares[role]['mean']:.3f}"
            half = share_stats(t["share20"][role])
            if half:
                result += f" share20_{role}={half['mean']:.3f}"
    lines.append(result)
    return lines


def svg_curve(points, title, xlabel, width=640, height=240):
    """A small line chart (SVG text) of [(x, rss_kib), ...]: MiB against games or cycles."""
    if not points:
        return ""
    left, right, top, bottom = 60, 16, 28, 40
    xs = [x for x, _ in points]
    ys = [kb / 1024 for _, kb in points]
    x0, x1 = min(xs), max(xs)
    lo, hi = min(ys), max(ys)
    pad = max(1.0, (hi - lo) * 0.1)
    lo, hi = max(0.0, lo - pad), hi + pad
    if x1 == x0:
        x1 = x0 + 1

    def px(x):
        return left + (x - x0) / (x1 - x0) * (width - left - right)

    def py(y):
        return top + (hi - y) / (hi - lo) * (height - top - bottom)

    path = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(xs, ys))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2:.0f}" y="16" text-anchor="middle" font-size="12">{title}</text>',
           f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}" stroke="black"/>',
           f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" stroke="black"/>']
    for i in range(5):
        y = lo + (hi - lo) * i / 4
        out.append(f'<text x="{left - 4}" y="{py(y) + 4:.1f}" text-anchor="end">{y:.0f}</text>')
        out.append(f'<line x1="{left}" y1="{py(y):.1f}" x2="{width - right}" y2="{py(y):.1f}" stroke="#ddd"/>')
    for i in range(5):
        x = x0 + (x1 - x0) * i / 4
        out.append(f'<text x="{px(x):.1f}" y="{height - bottom + 14}" text-anchor="middle">{x:.0f}</text>')
    out.append(f'<text x="{(left + width - right) / 2:.0f}" y="{height - 8}" text-anchor="middle">{xlabel}</text>')
    out.append(f'<text x="14" y="{(top + height - bottom) / 2:.0f}" text-anchor="middle" '
               f'transform="rotate(-90 14 {(top + height - bottom) / 2:.0f})">VmRSS (MiB)</text>')
    out.append(f'<polyline fill="none" stroke="#1f5fa8" stroke-width="1.5" points="{path}"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# The record

def load_record(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def save_record(path, record):
    """Written aside and renamed, so a run stopped mid-write keeps the last whole record."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(record, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def new_record(condition, settings):
    kind = CONDITIONS[condition]["kind"]
    rec = {"version": 1, "condition": condition, "kind": kind, "settings": settings, "engines": {}, "sittings": []}
    rec["games" if kind == "games" else "blocks"] = []
    return rec


def opening_for(game_index: int, order: list):
    """Game i plays opening order[i // 2], Taper White in even games, Black in odd ones."""
    return order[(game_index // 2) % len(order)], game_index % 2 == 0


def machine_path_free(text: str) -> bool:
    """Records go into the repository: no absolute path of this machine in them."""
    return not re.search(r"(?<![\w.])/(?:work|home|root|tmp|opt|usr)/", text)


# ---------------------------------------------------------------------------------------------
# Engines as the referee sees them

class Go:
    """One `go`: what it was, when it was sent, its answer."""

    def __init__(self, kind, fen, moves):
        self.kind = kind              # "clock", "ponder", "infinite"
        self.fen, self.moves = fen, list(moves)
        self.released = kind == "clock"   # ponder/infinite: after ponderhit or stop
        self.stopped = False
        self.fen_now = None           # the position searched (FEN)
        self.stop_limit = None        # seconds from stop to bestmove; None: --stop-limit
        self.sent = None
        self.answered = False
        self.bestmove = self.ponder = None
        self.t_best = None
        self.score = None             # last exact score of the main line (engine's view)
        self.pvs = {}                 # multipv index -> last PV


class Ping:
    def __init__(self, sent, limit):
        self.sent, self.limit, self.counted = sent, limit, False


class Engine:
    def __init__(self, role, cmd, options, events, index, log_dir, check_output):
        self.role, self.cmd, self.options = role, cmd, dict(options)
        self.events, self.index = events, index
        self.log_dir = log_dir
        self.check_output = check_output
        self.proc = None
        self.generation = 0
        self.eof = False
        self.quitting = False
        self.gos = collections.deque()
        self.pings = collections.deque()
        self.expect_uciok = False
        self.id_name = None
        self.known_options = set()
        self.history = collections.deque(maxlen=200)
        self.faults = collections.Counter()
        self.taken = collections.Counter()   # faults already written into the record
        self.ready_ms_max = 0.0
        self.ping_at = None               # when to send an isready during the running search
        self.ping_limit = READY_LIMIT_S   # and its limit
        self.stderr_path = os.path.join(log_dir, f"{role}.stderr")
        self.stderr_lines_seen = 0

    def start(self):
        self.generation += 1
        self.eof = self.quitting = False
        self.gos.clear()
        self.pings.clear()
        err = open(self.stderr_path, "ab")
        # A session of its own: Ctrl-C stops the referee, which then quits the engine properly.
        self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                     text=True, bufsize=1, errors="replace", start_new_session=True)
        err.close()
        gen = self.generation
        threading.Thread(target=self._reader, args=(self.proc, gen), daemon=True).start()

    def _reader(self, proc, gen):
        try:
            for line in proc.stdout:
                self.events.put((self.index, gen, time.monotonic(), line.rstrip("\r\n")))
        except (OSError, ValueError):
            pass
        self.events.put((self.index, gen, time.monotonic(), None))

    def send(self, line):
        self.history.append(f"{time.monotonic():.3f} > {line}")
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError, ValueError):
            self.eof = True
            return False

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def pid(self):
        return self.proc.pid if self.proc else None

    def new_stderr_lines(self):
        """Lines written on stderr since the last call."""
        try:
            with open(self.stderr_path, encoding="utf-8", errors="replace") as f:
                lines = [l for l in f.read().splitlines() if l.strip()]
        except OSError:
            return []
        fresh = lines[self.stderr_lines_seen:]
        self.stderr_lines_seen = len(lines)
        return fresh


def proc_memory_kib(pid):
    """VmRSS and VmHWM (KiB) of a process, from /proc; None where there is no /proc."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    out = {}
    for key in ("VmRSS", "VmHWM"):
        m = re.search(rf"^{key}:\s+(\d+) kB", text, re.M)
        if m:
            out[key] = int(m.group(1))
    return out or None


class Lost(Exception):
    """The game ended by a fault of `role`."""

    def __init__(self, role, reason):
        super().__init__(reason)
        self.role, self.reason = role, reason


class Referee:
    def __init__(self, args, judge):
        self.args = args
        self.judge = judge
        self.events = queue.Queue()
        self.engines = []
        os.makedirs(args.logs, exist_ok=True)
        self.fault_log = open(os.path.join(args.logs, "faults.log"), "a", encoding="utf-8")
        # Every move of every game: ply, who, how its search began, the clocks sent, the time taken.
        self.move_log = open(os.path.join(args.logs, "moves.txt"), "a", encoding="utf-8", buffering=1)

    def add_engine(self, role, cmd, options, check_output):
        e = Engine(role, cmd, options, self.events, len(self.engines), self.args.logs, check_output)
        self.engines.append(e)
        return e

    # ---- faults
    def fault(self, e, key, detail):
        e.faults[key] += 1
        stamp = datetime.datetime.now().isoformat(timespec="seconds")
        self.fault_log.write(f"\n=== {stamp} {e.role} {key}: {detail}\n" + "\n".join(list(e.history)[-40:]) + "\n")
        self.fault_log.flush()
        print(f"    FAULT {e.role} {key}: {detail}", flush=True)

    def take_faults(self, e):
        """The engine's faults since the last call (those of one game or block)."""
        fresh = {k: v - e.taken.get(k, 0) for k, v in e.faults.items() if v - e.taken.get(k, 0)}
        e.taken = collections.Counter(e.faults)
        return fresh

    # ---- events
    def handle(self, index, gen, t, line):
        e = self.engines[index]
        if gen != e.generation:
            return                      # a line of a process already replaced
        if line is None:
            e.eof = True
            return
        e.history.append(f"{t:.3f} < {line}")
        toks = line.split()
        head = toks[0] if toks else ""
        if e.check_output:
            problem = uci_output_problem(line)
            if problem is None and head in ("id", "option", "uciok") and not e.expect_uciok:
                problem = f"'{head}' outside the answer to 'uci'"
            if problem is None and head == "info" and not e.gos and len(toks) > 1 and toks[1] != "string":
                problem = "search output while no search runs"
            if problem:
                self.fault(e, "stray_output", problem + f": {line[:100]!r}")
            if head == "info" and is_error_message(line):
                self.fault(e, "error_messages", line[:160])
        if head == "uciok":
            e.expect_uciok = False
        elif head == "id" and len(toks) > 2 and toks[1] == "name":
            e.id_name = line.split(None, 2)[2]
        elif head == "option" and "name" in toks and "type" in toks:
            e.known_options.add(" ".join(toks[toks.index("name") + 1:toks.index("type")]).lower())
        elif head == "readyok":
            if e.pings:
                p = e.pings.popleft()
                ms = (t - p.sent) * 1000.0
                if p.limit == READY_LIMIT_S:
                    e.ready_ms_max = max(e.ready_ms_max, ms)
                if ms > p.limit * 1000.0 and not p.counted:
                    p.counted = True
                    self.fault(e, "hangs", f"isready answered after {ms:.0f} ms")
            elif e.check_output:
                self.fault(e, "stray_output", "readyok without isready")
        elif head == "bestmove":
            if not e.gos:
                self.fault(e, "extra_bestmoves", line)
                return
            g = e.gos.popleft()
            if not g.released:
                self.fault(e, "early_bestmoves", f"{line} to 'go {g.kind}' before " +
                           ("ponderhit or stop" if g.kind == "ponder" else "stop"))
            g.answered, g.t_best = True, t
            g.bestmove = toks[1] if len(toks) > 1 else None
            g.ponder = toks[3] if len(toks) > 3 and toks[2] == "ponder" else None
        elif head == "info" and e.gos:
            g = e.gos[0]
            info = parse_info(line)
            if info.get("multipv", 1) == 1 and score_of(info) is not None:
                g.score = score_of(info)
            if "pv" in info and info["pv"]:
                g.pvs[info.get("multipv", 1)] = info["pv"]

    def tick(self):
        now = time.monotonic()
        for e in self.engines:
            for p in e.pings:
                if not p.counted and now - p.sent > p.limit:
                    p.counted = True
                    self.fault(e, "hangs", f"isready unanswered after {p.limit:.0f} s")
            if e.ping_at is not None and now >= e.ping_at:
                e.ping_at = None
                if e.gos and not e.eof:
                    self.send_ping(e, e.ping_limit)

    def wait_until(self, pred, deadline):
        """Process the engines' lines until pred() holds (True) or the deadline passes (False)."""
        while True:
            self.tick()
            if pred():
                return True
            now = time.monotonic()
            if now >= deadline:
                return False
            wake = deadline
            for e in self.engines:
                if e.ping_at is not None:
                    wake = min(wake, e.ping_at)
                for p in e.pings:
                    if not p.counted:
                        wake = min(wake, p.sent + p.limit + 0.001)
            try:
                ev = self.events.get(timeout=max(0.0005, wake - now))
            except queue.Empty:
                continue
            self.handle(*ev)
            while True:                 # everything already waiting, before judging
                try:
                    self.handle(*self.events.get_nowait())
                except queue.Empty:
                    break

    def drain(self, seconds=0.0):
        self.wait_until(lambda: False, time.monotonic() + seconds)

    def send_ping(self, e, limit):
        p = Ping(time.monotonic(), limit)
        e.pings.append(p)
        e.send("isready")
        return p

    def ping(self, e, limit=READY_LIMIT_S):
        """isready, waiting for its readyok (counted as a hang past `limit`); False if none came."""
        if e.eof:
            return False
        p = self.send_ping(e, limit)
        ok = self.wait_until(lambda: p not in e.pings or e.eof, p.sent + limit + 0.25)
        return ok and not e.eof

    # ---- processes
    def start_engine(self, e):
        e.start()
        e.expect_uciok = True
        e.send("uci")
        if not self.wait_until(lambda: not e.expect_uciok or e.eof, time.monotonic() + 30.0) or e.eof:
            raise RuntimeError(f"{e.role} ({shlex.join(e.cmd)}) did not answer 'uci' with 'uciok'")
        for name, value in e.options.items():
            if name.lower() not in e.known_options:
                raise RuntimeError(f"{e.role} has no option {name!r}")
            e.send(f"setoption name {name}" + ("" if value is None else f" value {value}"))
        t0 = time.monotonic()
        if not self.ping(e, STARTUP_READY_S):
            raise RuntimeError(f"{e.role} did not answer 'isready' after its options")
        return time.monotonic() - t0

    def engine_died(self, e):
        """After an end of output or a broken pipe: a crash if the process ended, a disconnect if not."""
        try:
            code = e.proc.wait(timeout=2.0)
            self.fault(e, "crashes", f"exited with status {code}" + self.stderr_tail(e))
        except subprocess.TimeoutExpired:
            self.fault(e, "disconnects", "output closed while the process runs")
            e.proc.kill()
            e.proc.wait()

    def stderr_tail(self, e):
        fresh = e.new_stderr_lines()
        if fresh:
            e.faults["stderr_lines"] += len(fresh)
            return "; stderr: " + " | ".join(fresh[:5])[:400]
        return ""

    def check_stderr(self, e):
        fresh = e.new_stderr_lines()
        if fresh:
            self.fault(e, "stderr_lines", f"{len(fresh)} lines: " + " | ".join(fresh[:5])[:400])
            e.faults["stderr_lines"] += len(fresh) - 1

    def restart(self, e):
        if e.proc is not None and e.alive():
            e.proc.kill()
            e.proc.wait()
        self.start_engine(e)

    def quit_engine(self, e):
        """`quit`: the process must exit with status 0 (a sanitizer's leak report fails it)."""
        if e.proc is None:
            return None
        if e.alive() and not e.eof:
            e.quitting = True
            e.send("quit")
        try:
            code = e.proc.wait(timeout=60.0)
        except subprocess.TimeoutExpired:
            self.fault(e, "hangs", "did not exit within 60 s of 'quit'")
            e.proc.kill()
            code = e.proc.wait()
        if code != 0:
            self.fault(e, "crashes", f"exit status {code} after 'quit'" + self.stderr_tail(e))
        else:
            self.check_stderr(e)
        return code

    # ---- searches
    def send_go(self, e, kind, fen, moves, go_args, position=True):
        if position:
            e.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        g = Go(kind, fen, moves)
        e.gos.append(g)
        g.sent = time.monotonic()
        e.send("go " + ("ponder " if kind == "ponder" else "infinite " if kind == "infinite" else "") + go_args)
        return g

    def stop_limit(self, g):
        return g.stop_limit if g.stop_limit is not None else self.args.stop_limit

    def stop_and_collect(self, e, g, count=True):
        """`stop` a search and wait for its bestmove; (answered, ms). No answer is a hang (unless
        `count` is False: the hang was counted already)."""
        g.released = g.stopped = True
        t0 = time.monotonic()
        e.send("stop")
        ok = self.wait_until(lambda: g.answered or e.eof, t0 + self.stop_limit(g))
        if not ok and not e.eof and count:
            self.fault(e, "hangs", f"no bestmove within {self.stop_limit(g):g} s of 'stop' (go {g.kind})")
        return g.answered, ((g.t_best - t0) * 1000.0 if g.answered else None)

    def check_pv(self, e, g, chess960=False, oracle=None):
        """The last PV of the main line must be legal and start with the bestmove; other lines legal."""
        oracle = oracle or self.judge
        for idx, pv in sorted(g.pvs.items()):
            try:
                oracle.play(g.fen_now, pv)
            except ValueError as err:
                self.fault(e, "bad_pvs", f"multipv {idx} PV {' '.join(pv[:8])} not legal: {err}")
                return
        main = g.pvs.get(1)
        if main and g.bestmove and main[0] != g.bestmove:
            self.fault(e, "bad_pvs", f"bestmove {g.bestmove} but the last PV starts {main[0]}")


# ---------------------------------------------------------------------------------------------
# Games

def read_book(name):
    path = name if os.path.exists(name) else find_data(os.path.join("books", name))
    if not path:
        raise SystemExit(f"soak.py: opening book not found: {name}")
    fens = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                fen, _ = split_epd(line)
                fens.append(fen if len(fen.split()) == 6 else fen + " 0 1")
    return fens


def play_game(ref, taper, opp, fen0, taper_white, settings, rng):
    """One game; returns its record entry. Faults go into the engines' counters as they happen."""
    judge = ref.judge
    tc = parse_tc(settings["tc"])
    clocks = {"w": Clock(tc), "b": Clock(tc)}
    role_of = {"w": "taper" if taper_white else "opponent", "b": "opponent" if taper_white else "taper"}
    eng = {"taper": taper, "opponent": opp}
    taper.ready_ms_max = 0.0
    a = settings.get("adjudicate") or {"resign_cp": 0, "draw_cp": -1, "draw_moves": 0,
                                       "max_plies": settings.get("max_plies", 600)}
    adj = Adjudicator(**a)
    for e in (taper, opp):
        if e.eof or not e.alive():
            ref.restart(e)
        e.send("ucinewgame")
        ref.ping(e, SETUP_READY_S)
    pos = judge.position(fen0)
    fen0 = pos["fen"]
    moves, keys = [], [position_key(fen0)]
    pondering = None                    # (expected move, Go) while Taper ponders
    stats = {"ponder_searches": 0, "ponder_hits": 0, "stop_ms_max": 0.0}
    result = reason = None
    try:
        while True:
            end = game_end(pos["status"], pos["fen"], keys)
            if end:
                result, reason = end
                break
            side = pos["fen"].split()[1]
            role = role_of[side]
            e = eng[role]
            clock = clocks[side]
            args = go_arguments(clocks["w"], clocks["b"], side)
            if role == "taper" and pondering:
                expected, pg = pondering
                pondering = None
                if moves[-1] == expected:
                    how = "ponderhit"
                    pg.released = True
                    t0 = time.monotonic()
                    e.send("ponderhit")
                    stats["ponder_hits"] += 1
                    g = pg
                else:
                    answered, ms = ref.stop_and_collect(e, pg)
                    if not answered:
                        raise Lost(role, "crash" if e.eof else "hang")
                    stats["stop_ms_max"] = max(stats["stop_ms_max"], ms)
                    if pg.bestmove not in judge.position(pg.fen_now)["legal"]:
                        ref.fault(e, "illegal_moves", f"bestmove {pg.bestmove} of a ponder search in {pg.fen_now}")
                    g = ref.send_go(e, "clock", fen0, moves, args)
                    t0 = g.sent - ms / 1000.0      # the time `stop` took is on Taper's clock
                    how = f"miss(stop:{ms:.0f}ms)"
            else:
                g = ref.send_go(e, "clock", fen0, moves, args)
                t0 = g.sent
                how = "go"
            g.fen_now = pos["fen"]
            # An isready now and then while Taper searches, or ponders on the opponent's time.
            if (role == "taper" or pondering) and ref.args.ping_share > rng.random():
                taper.ping_at = t0 + rng.uniform(0.0, min(0.5, clock.left / 2000.0))
            ok = ref.wait_until(lambda: g.answered or e.eof, t0 + clock.left / 1000.0 + ref.args.hang_grace)
            taper.ping_at = None
            if e.eof:
                raise Lost(role, "crash")
            if not ok:
                ref.fault(e, "hangs", f"no bestmove {clock.left / 1000.0 + ref.args.hang_grace:.1f} s after go ({args})")
                ref.fault(e, "time_losses", "no bestmove")
                ref.stop_and_collect(e, g, count=False)
                raise Lost(role, "hang")
            elapsed = (g.t_best - t0) * 1000.0
            ref.move_log.write(f"{len(moves) + 1} {role} {how} {args} -> {g.bestmove} {elapsed:.0f} ms\n")
            if not clock.spend(elapsed):
                ref.fault(e, "time_losses", f"bestmove after {elapsed:.0f} ms with {clock.left + elapsed:.0f} ms left ({args})")
                raise Lost(role, "loses on time")
            if g.bestmove not in pos["legal"]:
                ref.fault(e, "illegal_moves", f"bestmove {g.bestmove} in {pos['fen']}")
                raise Lost(role, "illegal move")
            if role == "taper":
                ref.check_pv(e, g)
            moves.append(g.bestmove)
            fields = pos["fen"].split()
            fullmove = int(fields[5]) if len(fields) > 5 else 1
            pos = judge.play(pos["fen"], [g.bestmove])
            keys.append(position_key(pos["fen"]))
            white_score = None if g.score is None else (g.score if side == "w" else -g.score)
            verdict = adj.add(white_score, fullmove)
            if verdict and not game_end(pos["status"], pos["fen"], keys):
                result, reason = verdict
                break
            if role == "taper" and settings.get("ponder") and g.ponder and not game_end(pos["status"], pos["fen"], keys):
                if g.ponder not in pos["legal"]:
                    ref.fault(e, "bad_pvs", f"ponder move {g.ponder} not legal after {g.bestmove}")
                else:
                    after = judge.play(pos["fen"], [g.ponder])
                    if after["status"] not in ("checkmate", "stalemate"):
                        pg = ref.send_go(e, "ponder", fen0, moves + [g.ponder], go_arguments(clocks["w"], clocks["b"], side))
                        pg.fen_now = after["fen"]
                        pondering = (g.ponder, pg)
                        stats["ponder_searches"] += 1
    except Lost as lost:
        result = "0-1" if role_of["w"] == lost.role else "1-0"
        reason = f"{lost.role} {lost.reason}"
    # Whatever still searches is stopped and must answer (a search that `stop` did not end is
    # a hang, counted once; its engine is replaced); then an isready.
    killed = set()
    for e in (taper, opp):
        for g in list(e.gos):
            if e.eof:
                break
            if not g.stopped:
                answered, ms = ref.stop_and_collect(e, g)
                if answered and g.kind == "ponder":
                    stats["stop_ms_max"] = max(stats["stop_ms_max"], ms)
        if not e.eof and e.gos:
            e.proc.kill()
            e.proc.wait()
            killed.add(e.role)
        elif not e.eof:
            ref.ping(e)
    ref.drain(0.0)
    mem = proc_memory_kib(taper.pid()) if taper.alive() and not taper.eof else None
    for e in (taper, opp):
        if e.role in killed:
            ref.restart(e)
        elif e.eof:
            ref.engine_died(e)
            ref.restart(e)
    ref.check_stderr(taper)
    entry = {"taper_white": taper_white, "result": result, "reason": reason, "plies": len(moves),
             "faults": {r: ref.take_faults(eng[r]) for r in eng}, **stats,
             "ready_ms_max": round(taper.ready_ms_max, 1),
             "min_left_ms": round(clocks["w" if taper_white else "b"].min_left),
             "share40": {role_of[s]: (round(clocks[s].period_shares[0], 4) if clocks[s].period_shares else None)
                         for s in "wb"},
             "share20": {role_of[s]: (round(clocks[s].half_share, 4) if clocks[s].half_share is not None else None)
                         for s in "wb"},
             "rss_kib": mem.get("VmRSS") if mem else None, "hwm_kib": mem.get("VmHWM") if mem else None}
    if entry["faults"]["taper"]:
        entry["fen"], entry["moves"] = fen0, " ".join(moves)   # to replay a faulty game
    ref.move_log.write(f"game over: {result} {{{reason}}}\n")
    with open(os.path.join(ref.args.logs, "games.txt"), "a", encoding="utf-8") as f:
        f.write(f"{result} {{{reason}}} Taper {'White' if taper_white else 'Black'} | {fen0} | {' '.join(moves)}\n")
    return entry


# ---------------------------------------------------------------------------------------------
# The analysis pattern

ANALYSIS_CHOICES = [
    ("MultiPV", ["1", "2", "3", "3", "3", "5"]),
    ("Threads", ["1", "2"]),
    ("Hash", ["16", "32", "64", "128"]),
    ("UCI_ShowWDL", ["true", "false"]),
    ("UCI_AnalyseMode", ["true", "false"]),
    ("Clear Hash", [None]),
    ("UCI_Chess960", ["true", "false"]),
    ("UCI_LimitStrength", ["true", "false", "false"]),
    ("UCI_Elo", ["1320", "2000", "2800"]),
    ("Skill Level", ["20", "20", "10"]),
    ("Move Overhead", ["10", "100"]),
    ("EndgameBitbases", ["true", "false"]),
    ("SyzygyPath", ["{syzygy}", ""]),
    ("Debug Log File", ["{debuglog}", ""]),
]
POSITION_FILES = ["epd/wac.epd", "epd/STS1-STS15_LAN_v3.epd", "epd/mates2000.epd", "epd/KQvKR1000pv.epd",
                  "epd/KRvK1000pv.epd", "books/noob_2moves.epd", "books/6mvs_+90_+99.epd"]


def position_pool(files, per_file=300):
    """FENs (6 fields) from the suites and books: `per_file` of each, spread over the file."""
    pool = []
    for rel in files:
        path = find_data(rel)
        if not path:
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [line for line in f if line.strip() and not line.startswith("#")]
        for line in lines[::max(1, len(lines) // per_file)][:per_file]:
            fen, _ = split_epd(line)
            pool.append(fen if len(fen.split()) == 6 else fen + " 0 1")
    return pool


MEMORY_OPTIONS = ("Hash", "Threads", "EndgameBitbases", "SyzygyPath")   # what resident memory depends on


class AnalysisState:
    def __init__(self, options=None):
        self.fen = START_FEN
        self.moves = []
        self.current = None            # the judge's answer for fen + moves
        self.chess960 = False
        self.multipv = 3
        # Options or a new game sent and no isready since: the next one may wait for tables to be
        # allocated, cleared or unpacked (Hash, ucinewgame, EndgameBitbases), so it has the set-up limit.
        self.setup_pending = False
        self.options = {"Hash": "16", "Threads": "1", "EndgameBitbases": "false", "SyzygyPath": ""}
        self.options.update({k: v for k, v in (options or {}).items() if k in self.options})

    def setting(self):
        """The options resident memory depends on, as one word: Hash/Threads[/bitbases][/syzygy]."""
        o = self.options
        return (f"{o['Hash']}/{o['Threads']}" + ("/bitbases" if o["EndgameBitbases"] == "true" else "")
                + ("/syzygy" if o["SyzygyPath"] else ""))

    def ready_limit(self):
        limit = SETUP_READY_S if self.setup_pending else READY_LIMIT_S
        self.setup_pending = False
        return limit


def analysis_cycle(ref, e, st, rng, pools, block, settings):
    """One cycle of what an analysis GUI sends. Returns nothing; counts into `block`."""
    judges = pools["judges"]
    acts = block["actions"]
    lo, hi = settings["stop_range"]
    # Between searches: a new game now and then, options changed.
    if rng.random() < 0.08:
        e.send("ucinewgame")
        acts["ucinewgame"] += 1
        st.setup_pending = True
        if rng.random() < 0.5:
            ref.ping(e, st.ready_limit())
    if rng.random() < 0.3:
        for _ in range(rng.choice((1, 1, 2))):
            name, values = rng.choice(pools["choices"])
            value = rng.choice(values)
            if value is not None:
                value = value.format(**pools["paths"])
            if name == "UCI_Chess960":
                st.chess960 = value == "true"
                st.current = None
            if name == "MultiPV":
                st.multipv = int(value)
            if name in st.options:
                st.options[name] = value
            e.send(f"setoption name {name}" + ("" if value is None else f" value {value}".rstrip()))
            acts["setoption " + name] += 1
            st.setup_pending = True
        if rng.random() < 0.5:
            ref.ping(e, st.ready_limit())
    judge = judges[st.chess960]
    # The position: go on from the last one (the user plays the engine's move), the same again,
    # or a new one, sometimes with a few moves after it as a GUI sends a game.
    r = rng.random()
    if st.current is not None and st.current["status"] not in ("checkmate", "stalemate") and r < 0.5 and len(st.moves) < 60:
        move = block.get("last_best") if block.get("last_best") in st.current["legal"] else rng.choice(st.current["legal"])
        st.moves.append(move)
    elif st.current is not None and st.current["status"] not in ("checkmate", "stalemate") and r < 0.6:
        pass
    else:
        st.fen = rng.choice(pools["960" if st.chess960 else "standard"])
        st.moves = []
        if rng.random() < 0.3:
            for _ in range(rng.randint(1, 6)):
                here = judge.play(st.fen, st.moves)
                if here["status"] in ("checkmate", "stalemate"):
                    break
                st.moves.append(rng.choice(here["legal"]))
    st.current = judge.play(st.fen, st.moves)
    if st.current["status"] in ("checkmate", "stalemate"):
        st.moves = st.moves[:-1] if st.moves else st.moves
        st.current = judge.play(st.fen, st.moves)
        if st.current["status"] in ("checkmate", "stalemate"):
            st.fen, st.moves = START_FEN, []
            st.current = judge.play(st.fen, st.moves)
    searchmoves = []
    if rng.random() < 0.05 and len(st.current["legal"]) > 3:
        searchmoves = rng.sample(st.current["legal"], rng.randint(1, 3))
        acts["searchmoves"] += 1
    # Options or a new game just sent are handled before this `go` starts (a new hash table is
    # allocated and cleared first): the isready and the stop that follow may wait for that.
    setup = st.setup_pending
    e.ping_limit = st.ready_limit()
    g = ref.send_go(e, "infinite", st.fen, st.moves, "searchmoves " + " ".join(searchmoves) if searchmoves else "")
    g.fen_now = st.current["fen"]
    g.stop_limit = SETUP_READY_S if setup else None
    block["searches"] += 1
    delay = rng.uniform(lo, hi)
    if rng.random() < 0.5:
        e.ping_at = g.sent + rng.uniform(0.0, delay)
    ref.wait_until(lambda: g.answered or e.eof, g.sent + delay)
    e.ping_at = None
    if e.eof:
        return
    g.released = True
    t0 = time.monotonic()
    e.send("stop")
    at_once = rng.random() < settings["at_once"]
    if at_once:
        # The GUI does not wait for the bestmove: the next commands follow `stop` at once.
        block["stops_at_once"] += 1
        return _next_at_once(ref, e, st, rng, pools, block, g, t0, judge, searchmoves)
    ok = ref.wait_until(lambda: g.answered or e.eof, t0 + ref.stop_limit(g))
    _after_stop(ref, e, st, block, g, t0, ok, judge, searchmoves)
    if rng.random() < 0.05:
        e.send("stop")                 # a second stop with nothing running: no answer
        acts["stop when idle"] += 1


def _after_stop(ref, e, st, block, g, t0, ok, judge, searchmoves):
    """Checks of a stopped search's answer; False if the engine died or was replaced."""
    if e.eof:
        return False
    if not ok:
        ref.fault(e, "hangs", f"no bestmove within {ref.stop_limit(g):g} s of 'stop' (go infinite)")
        ref.restart(e)                 # one hang, not a cascade of refused commands
        st.chess960, st.current, st.setup_pending = False, None, False
        st.options = AnalysisState(e.options).options
        return False
    if g.stop_limit is None:           # not after a new hash table: the engine's own stop time
        block["stop_ms_max"] = max(block["stop_ms_max"], (g.t_best - t0) * 1000.0)
    if g.bestmove not in g_legal(judge, g):
        ref.fault(e, "illegal_moves", f"bestmove {g.bestmove} in {g.fen_now}")
    elif searchmoves and g.bestmove not in searchmoves:
        ref.fault(e, "illegal_moves", f"bestmove {g.bestmove} outside searchmoves {' '.join(searchmoves)}")
    ref.check_pv(e, g, oracle=judge)
    block["last_best"] = g.bestmove
    return True


def g_legal(judge, g):
    return judge.position(g.fen_now)["legal"]


def _next_at_once(ref, e, st, rng, pools, block, g, t0, judge, searchmoves):
    """After `stop`, without waiting: setoption, ucinewgame or a new position and go, as some GUIs
    send them; then both searches' bestmoves are collected."""
    acts = block["actions"]
    what = rng.choice(("setoption", "ucinewgame", "position+go"))
    acts["at once: " + what] += 1
    if what == "setoption":
        name, values = rng.choice([c for c in pools["choices"] if c[0] in ("MultiPV", "UCI_ShowWDL", "Clear Hash",
                                                                              "UCI_AnalyseMode", "Move Overhead")])
        value = rng.choice(values)
        if name == "MultiPV":
            st.multipv = int(value)
        e.send(f"setoption name {name}" + ("" if value is None else f" value {value}"))
        st.setup_pending = True
    elif what == "ucinewgame":
        e.send("ucinewgame")
        st.setup_pending = True
    else:
        fen_moves = st.moves + ([rng.choice(st.current["legal"])] if st.current["legal"] else [])
        here = judge.play(st.fen, fen_moves)
        if here["status"] in ("checkmate", "stalemate"):
            fen_moves, here = st.moves, st.current
        setup = st.setup_pending
        e.ping_limit = st.ready_limit()
        g2 = ref.send_go(e, "infinite", st.fen, fen_moves, "")
        g2.fen_now = here["fen"]
        g2.stop_limit = SETUP_READY_S if setup else None
        block["searches"] += 1
    ok = ref.wait_until(lambda: g.answered or e.eof, t0 + ref.stop_limit(g))
    if _after_stop(ref, e, st, block, g, t0, ok, judge, searchmoves) and what == "position+go":
        st.moves, st.current = fen_moves, here
        ref.wait_until(lambda: g2.answered or e.eof, time.monotonic() + rng.uniform(0.05, 0.5))
        g2.released = True
        t1 = time.monotonic()
        e.send("stop")
        ok = ref.wait_until(lambda: g2.answered or e.eof, t1 + ref.stop_limit(g2))
        _after_stop(ref, e, st, block, g2, t1, ok, judge, [])
    if not e.eof:
        ref.ping(e, st.ready_limit())


def run_analysis(ref, taper, record, settings, args, record_path):
    done = sum(b["cycles"] for b in record["blocks"])
    total = settings["cycles"]
    syzygy = find_data("syzygy") or ""
    pools = {"standard": position_pool(POSITION_FILES), "960": read_book("FRC_openings.epd"),
             "judges": {False: ref.judge, True: MoveOracle(args.judge, chess960=True)},
             "paths": {"syzygy": os.path.abspath(syzygy) if syzygy else "",
                       "debuglog": os.path.abspath(os.path.join(args.logs, "debug-log.txt"))},
             "choices": [c for c in ANALYSIS_CHOICES if c[0].lower() in taper.known_options
                         and (c[0] != "SyzygyPath" or syzygy)]}
    st = AnalysisState(settings["options"])
    t_start = time.monotonic()
    while done < total:
        n = min(settings["block"], total - done)
        block = {"from": done + 1, "cycles": 0, "faults": {}, "searches": 0, "stops_at_once": 0, "stop_ms_max": 0.0,
                 "ready_ms_max": 0.0, "actions": collections.Counter(), "rss": []}
        taper.ready_ms_max = 0.0
        for i in range(n):
            cycle = done + i + 1
            rng = random.Random(f"{settings['seed']}:{cycle}")
            analysis_cycle(ref, taper, st, rng, pools, block, settings)
            if taper.eof:
                ref.engine_died(taper)
                ref.restart(taper)
                st.chess960, st.current = False, None
                st.options = AnalysisState(settings["options"]).options
            block["cycles"] += 1
            if cycle % settings["sample"] == 0 or cycle == total:
                mem = proc_memory_kib(taper.pid())
                if mem and "VmRSS" in mem:
                    block["rss"].append([cycle, mem["VmRSS"], st.setting()])
        ref.check_stderr(taper)
        block["ready_ms_max"] = round(taper.ready_ms_max, 1)
        block["stop_ms_max"] = round(block["stop_ms_max"], 1)
        block.pop("last_best", None)
        block["actions"] = dict(block["actions"])
        block["faults"] = ref.take_faults(taper)
        ref.judge.clear_cache()
        pools["judges"][True].clear_cache()
        record["blocks"].append(block)
        done += n
        if record_path:
            save_record(record_path, record)
        rss = block["rss"][-1][1] / 1024 if block["rss"] else float("nan")
        print(f"  cycles {done}/{total}: {block['searches']} searches, faults {fault_count(collections.Counter(block['faults']))}, "
              f"VmRSS {rss:.1f} MiB, {time.monotonic() - t_start:.0f} s", flush=True)
    pools["judges"][True].close()


def run_games(ref, taper, opp, record, settings, record_path):
    book = read_book(settings["book"])
    order = list(range(len(book)))
    random.Random(settings["seed"]).shuffle(order)
    t_start = time.monotonic()
    while len(record["games"]) < settings["games"]:
        i = len(record["games"])
        idx, taper_white = opening_for(i, order)
        rng = random.Random(f"{settings['seed']}:{i}")
        t0 = time.monotonic()
        entry = play_game(ref, taper, opp, book[idx], taper_white, settings, rng)
        ref.judge.clear_cache()
        entry["seconds"] = round(time.monotonic() - t0, 1)
        entry["opening"] = idx
        record["games"].append(entry)
        if record_path:
            save_record(record_path, record)
        f = entry["faults"]
        share = entry["share40"].get("taper")
        print(f"  game {i + 1}/{settings['games']}: {entry['result']} {entry['reason']}, {entry['plies']} plies, "
              f"{entry['seconds']:.0f} s, Taper {'White' if taper_white else 'Black'}"
              + (f", clock by move 40 {100 * share:.0f} %" if share is not None else "")
              + (f", ponder hits {entry['ponder_hits']}/{entry['ponder_searches']}" if entry["ponder_searches"] else "")
              + (f", VmRSS {entry['rss_kib'] / 1024:.1f} MiB" if entry["rss_kib"] else "")
              + (f", faults {f}" if any(f.values()) else "") + f"  [{time.monotonic() - t_start:.0f} s]", flush=True)


# ---------------------------------------------------------------------------------------------
# Command line

def other_fastchess_running():
    try:
        out = subprocess.run(["pgrep", "-f", "fastchess"], capture_output=True, text=True).stdout.split()
    except FileNotFoundError:
        return False
    return any(pid != str(os.getpid()) for pid in out)


def parse_options(pairs):
    out = {}
    for p in pairs or []:
        if "=" not in p:
            raise ValueError(f"option {p!r} is not NAME=VALUE")
        k, v = p.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def parse_arguments(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--condition", choices=sorted(CONDITIONS), help="what to soak (a new record needs it)")
    ap.add_argument("--record", help="the run's record (JSON, e.g. docs/soak/NAME.json): created, or resumed")
    ap.add_argument("--report", action="store_true", help="print the record's summary (and its SVG), play nothing")
    ap.add_argument("--list", action="store_true", help="print the conditions and exit")
    ap.add_argument("--taper", help="the Taper binary (default: $TAPER_BIN, ./taper, ... as scripts/lib/find_binary.py)")
    ap.add_argument("--taper-args", default="", help="extra words after the Taper command (a test's fake engine)")
    ap.add_argument("--judge", help="the taper binary whose `taper moves` judges legality (default: --taper)")
    ap.add_argument("--opponent", help="the opponent's binary or name (stockfish, ethereal, or a path); "
                    "default $SOAK_OPPONENT")
    ap.add_argument("--opponent-args", default="", help="extra words after the opponent's command")
    ap.add_argument("--option", action="append", help="Taper option NAME=VALUE (added to the condition's)")
    ap.add_argument("--opponent-option", action="append", help="opponent option NAME=VALUE")
    ap.add_argument("--games", type=int, help="games to play in all (default: the condition's)")
    ap.add_argument("--cycles", type=int, help="analysis cycles in all (default 3000)")
    ap.add_argument("--tc", help="time control instead of the condition's (10+0.1, 40/20, 40/60+0.5)")
    ap.add_argument("--book", default="noob_2moves.epd", help="EPD opening book (default %(default)s)")
    ap.add_argument("--seed", type=int, default=111, help="opening order and random choices (default %(default)s)")
    ap.add_argument("--no-adjudicate", action="store_true",
                    help="play every game out (default: resign at 1000 cp for 3 moves of both engines, draw "
                         "from move 40 at <= 10 cp for 8 moves, as match.py --adjudicate)")
    ap.add_argument("--max-plies", type=int, default=600, help="a draw after this many plies (default %(default)s)")
    ap.add_argument("--stop-range", default="0.05:3", help="analysis: stop after a random time in this range, "
                    "seconds (default %(default)s)")
    ap.add_argument("--at-once", type=float, default=0.25, help="analysis: share of stops followed at once by the "
                    "next commands, without waiting for the bestmove (default %(default)s)")
    ap.add_argument("--block", type=int, default=50, help="analysis: cycles per record entry (default %(default)s)")
    ap.add_argument("--sample", type=int, default=25, help="analysis: VmRSS every N cycles (default %(default)s)")
    ap.add_argument("--ping-share", type=float, default=0.5,
                    help="share of Taper's searches that get an isready while they run (default %(default)s)")
    ap.add_argument("--hang-grace", type=float, default=HANG_GRACE_S, help="a go on the clock without bestmove "
                    "this long after the clock ran out is a hang (default %(default)s s)")
    ap.add_argument("--stop-limit", type=float, default=STOP_LIMIT_S, help="a bestmove later than this after "
                    "`stop` is a hang (default %(default)s s)")
    ap.add_argument("--logs", help="folder for faults.log and the engines' stderr (default soak-<condition>)")
    ap.add_argument("--svg", help="memory curve (default: the record's name with .svg)")
    ap.add_argument("--wait", action="store_true", help="wait while another fastchess runs (timed conditions)")
    ap.add_argument("--busy-ok", action="store_true", help="play timed games even while a fastchess match runs "
                    "(tests of the script; its clock figures then mean nothing)")
    args = ap.parse_args(argv)
    if args.list:
        return args
    if not args.record and not args.condition:
        ap.error("give --condition (and --record to keep the run), or --record of a run to resume or report")
    if args.report and not (args.record and os.path.exists(args.record)):
        ap.error("--report needs an existing --record")
    try:
        lo, hi = (float(x) for x in args.stop_range.split(":"))
        if not 0 < lo <= hi:
            raise ValueError
        args.stop_range = [lo, hi]
    except ValueError:
        ap.error(f"--stop-range {args.stop_range!r} is not LOW:HIGH seconds")
    try:
        args.option = parse_options(args.option)
        args.opponent_option = parse_options(args.opponent_option)
        if args.tc:
            parse_tc(args.tc)
    except ValueError as err:
        ap.error(str(err))
    return args


def settings_for(args):
    cond = CONDITIONS[args.condition]
    s = {"options": {**cond["options"], **args.option}, "seed": args.seed}
    if cond["kind"] == "games":
        s.update(games=args.games or cond["games"], tc=args.tc or cond["tc"], ponder=cond["ponder"] or
                 args.option.get("Ponder") == "true", book=args.book, max_plies=args.max_plies,
                 opponent_options=args.opponent_option,
                 adjudicate={} if args.no_adjudicate else {"resign_cp": 1000, "resign_moves": 3, "draw_from_move": 40,
                                                           "draw_cp": 10, "draw_moves": 8, "max_plies": args.max_plies})
    else:
        s.update(cycles=args.cycles or cond["cycles"], stop_range=args.stop_range, at_once=args.at_once,
                 block=args.block, sample=args.sample)
    return s


def write_svg(record, path):
    t = game_totals(record) if record["kind"] == "games" else analysis_totals(record)
    if not t["memory_points"]:
        return
    unit = "game" if record["kind"] == "games" else "analysis cycle"
    options = ", ".join(f"{k} {v}" for k, v in record["settings"].get("options", {}).items())
    title = f"Taper's resident memory through the soak {record['condition']}" + (f" ({options})" if options else "")
    with open(path, "w", encoding="utf-8") as f:
        f.write(svg_curve(t["memory_points"], title, unit))


def main(argv=None):
    args = parse_arguments(argv)
    if args.list:
        for name, c in CONDITIONS.items():
            n = f"{c['games']} games" if c["kind"] == "games" else f"{c['cycles']} cycles"
            print(f"{name:9s} {n:>12s}  about {c['hours']:.1f} h  {c['what']}")
        return 0
    record = None
    if args.record and os.path.exists(args.record):
        record = load_record(args.record)
        if args.condition and args.condition != record["condition"]:
            print(f"soak.py: {args.record} is a record of '{record['condition']}', not '{args.condition}'", file=sys.stderr)
            return 2
    if args.report:
        for line in summary_lines(record, args.record):
            print(line)
        write_svg(record, args.svg or os.path.splitext(args.record)[0] + ".svg")
        return 1 if fault_count((game_totals if record["kind"] == "games" else analysis_totals)(record)["taper"]) else 0
    if record is None:
        record = new_record(args.condition, settings_for(args))
    elif args.tc or args.option or args.opponent_option:
        print("soak.py: a record keeps its settings: --tc and --option go with a new record only", file=sys.stderr)
        return 2
    elif args.games or args.cycles:
        record["settings"]["games" if record["kind"] == "games" else "cycles"] = args.games or args.cycles
    settings = record["settings"]
    cond = record["condition"]
    kind = record["kind"]
    args.logs = args.logs or f"soak-{cond}"

    taper_bin = find_binary("taper", args.taper)
    if not taper_bin:
        print(f"soak.py: no Taper binary{' at ' + args.taper if args.taper else ''} (--taper or $TAPER_BIN)", file=sys.stderr)
        return 2
    args.judge = find_taper(args.judge) if args.judge else taper_bin
    opp_cmd = None
    if kind == "games":
        spec = args.opponent or os.environ.get("SOAK_OPPONENT")
        if not spec:
            print("soak.py: games need an opponent: --opponent PATH|stockfish|ethereal (or $SOAK_OPPONENT)", file=sys.stderr)
            return 2
        path, _, default_options = resolve_engine(spec)
        if not os.access(path, os.X_OK):
            print(f"soak.py: opponent {spec!r} is not an executable ({path})", file=sys.stderr)
            return 2
        opp_cmd = [path] + shlex.split(args.opponent_args)
        settings.setdefault("opponent_options", {})
        opp_options = {**default_options, **settings["opponent_options"]}
        while not args.busy_ok and other_fastchess_running():
            if not args.wait:
                print("soak.py: a fastchess match is running; timed games need the machine to themselves (--wait)",
                      file=sys.stderr)
                return 2
            print("  a fastchess match is running; waiting 2 min", flush=True)
            time.sleep(120)

    judge = MoveOracle(args.judge)
    ref = Referee(args, judge)
    taper = ref.add_engine("taper", [taper_bin] + shlex.split(args.taper_args), settings["options"], True)
    opp = ref.add_engine("opponent", opp_cmd, opp_options, False) if opp_cmd else None
    sitting = {"date": datetime.date.today().isoformat(), "command": "scripts/soak.py " + " ".join(
        shlex.quote(a) if machine_path_free(a) else "<path>" for a in (argv if argv is not None else sys.argv[1:]))}
    try:
        sitting["taper_ready_s"] = round(ref.start_engine(taper), 3)
        if opp:
            ref.start_engine(opp)
    except RuntimeError as err:
        print(f"soak.py: {err}", file=sys.stderr)
        return 2
    for role, e in (("taper", taper), ("opponent", opp)):
        if e is None:
            continue
        known = record["engines"].setdefault(role, e.id_name)
        sitting[role] = e.id_name        # a later commit's build may go on with a record: each sitting names its own
        if known != e.id_name:
            print(f"  note: the record began with {role} '{known}'; this sitting plays '{e.id_name}'", flush=True)
    record["sittings"].append(sitting)
    print(f"soak {cond}: {describe(record)}; {taper.id_name}"
          + (f" against {opp.id_name}" if opp else "") + f"; logs in {args.logs}", flush=True)
    t0 = time.monotonic()
    interrupted = False
    try:
        if kind == "games":
            run_games(ref, taper, opp, record, settings, args.record)
        else:
            run_analysis(ref, taper, record, settings, args, args.record)
    except KeyboardInterrupt:
        interrupted = True
        print("  interrupted: the record keeps every finished game or block", flush=True)
    finally:
        for e in (taper, opp):
            if e is not None and e.proc is not None:
                for g in list(e.gos):
                    if not e.eof:
                        ref.stop_and_collect(e, g)
                if not interrupted or e.alive():
                    ref.quit_engine(e)
        try:
            judge.close()
        except (OSError, ValueError, subprocess.TimeoutExpired):
            pass
    # Faults found at quit (a leak report) belong to the last game or block.
    late = ref.take_faults(taper)
    items = record["games"] if kind == "games" else record["blocks"]
    if late and items:
        last = items[-1]["faults"].setdefault("taper", {}) if kind == "games" else items[-1]["faults"]
        for k, v in late.items():
            last[k] = last.get(k, 0) + v
    sitting["seconds"] = round(time.monotonic() - t0)
    if args.record:
        save_record(args.record, record)
        write_svg(record, args.svg or os.path.splitext(args.record)[0] + ".svg")
    elif args.svg:
        write_svg(record, args.svg)
    for line in summary_lines(record, args.record or "not recorded"):
        print(line)
    totals = game_totals(record) if kind == "games" else analysis_totals(record)
    return 1 if fault_count(totals["taper"]) else 0


if __name__ == "__main__":
    sys.exit(main())
