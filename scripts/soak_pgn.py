#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The games of a soak (scripts/soak.py) as PGN, with the clocks: `[%clk]` after every move.

soak.py is its own GUI: it keeps the clocks and writes, in its logs folder, one line per move to
moves.txt ("12 taper ponderhit wtime 8623 btime 9397 winc 100 binc 100 -> c2c3 351 ms": the
clocks sent with the `go`, the move, the time it took) and one line per game to games.txt (the
result, Taper's colour, the start position, the moves). This turns them into the PGN a GUI or a
lichess export would hold: SAN moves (converted by `taper moves`), the clock left after each
move as `{[%clk 0:00:09.5]}` (the mover's clock at the `go`, minus the time the move took, plus
the increment: what the next `go` sends), a TimeControl tag, the players' names from the soak's
record. Real games with real clocks, for the review's and the report's tests and benchmarks.

  scripts/soak_pgn.py LOGS --record docs/soak/ponder.json --out games.pgn [--games N]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from taper_moves import MoveOracle  # noqa: E402

MOVE_LINE = re.compile(r"^(\d+) (taper|opponent) (\S+) wtime (-?\d+) btime (-?\d+) winc (\d+) binc (\d+)"
                       r"(?: movestogo \d+)? -> (\S+) (\d+) ms$")


def clock_text(ms: int) -> str:
    """A [%clk] value, h:mm:ss with tenths as lichess writes it for fast games."""
    ms = max(0, ms)
    h, rest = divmod(ms, 3600000)
    m, rest = divmod(rest, 60000)
    return f"{h}:{m:02d}:{rest / 1000:04.1f}"


def read_games(logs: str) -> list[dict]:
    """Each game of the logs: its start, result, Taper's colour, and per move (uci, clock after)."""
    heads = []
    with open(os.path.join(logs, "games.txt"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^(\S+) \{(.*)\} Taper (White|Black) \| (.*?) \| (.*)$", line.rstrip("\n"))
            if m:
                heads.append({"result": m.group(1), "reason": m.group(2), "taper_white": m.group(3) == "White",
                              "fen": m.group(4), "moves": m.group(5).split()})
    games, current = [], []
    with open(os.path.join(logs, "moves.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("game over:"):
                games.append(current)
                current = []
                continue
            m = MOVE_LINE.match(line)
            if m:
                current.append({"ply": int(m.group(1)), "wtime": int(m.group(4)), "btime": int(m.group(5)),
                                "winc": int(m.group(6)), "binc": int(m.group(7)), "move": m.group(8),
                                "ms": int(m.group(9))})
    out = []
    for head, plies in zip(heads, games):
        if [p["move"] for p in plies] != head["moves"]:
            continue  # the two logs disagree (a game cut short by a restart): leave it out
        clocks = []
        for k, p in enumerate(plies):
            white = (k % 2 == 0) == white_first(head["fen"])
            if k + 1 < len(plies):
                nxt = plies[k + 1]
                clocks.append(nxt["wtime"] if white else nxt["btime"])
            else:
                left = (p["wtime"] if white else p["btime"]) - p["ms"] + (p["winc"] if white else p["binc"])
                clocks.append(left)
        out.append({**head, "clocks": clocks, "base_ms": plies[0]["wtime"] if plies else 0,
                    "inc_ms": plies[0]["winc"] if plies else 0})
    return out


def white_first(fen: str) -> bool:
    parts = fen.split()
    return len(parts) < 2 or parts[1] == "w"


def pgn_of(game: dict, san: list[str], names: dict, date: str, round_no: int) -> str:
    white, black = (names["taper"], names["opponent"]) if game["taper_white"] else (names["opponent"], names["taper"])
    base_s, inc_s = game["base_ms"] / 1000, game["inc_ms"] / 1000
    tags = [("Event", "Taper soak"), ("Site", "?"), ("Date", date.replace("-", ".")), ("Round", str(round_no)),
            ("White", white), ("Black", black), ("Result", game["result"]),
            ("TimeControl", f"{base_s:g}+{inc_s:g}"), ("Termination", game["reason"])]
    if game["fen"] != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1":
        tags += [("SetUp", "1"), ("FEN", game["fen"])]
    head = "".join(f'[{k} "{v}"]\n' for k, v in tags)
    fields = game["fen"].split()
    number = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
    words = []
    white_to_move = white_first(game["fen"])
    for k, (s, clk) in enumerate(zip(san, game["clocks"])):
        if white_to_move:
            words.append(f"{number}.")
        elif k == 0:
            words.append(f"{number}...")
        words.append(s)
        words.append(f"{{[%clk {clock_text(clk)}]}}")
        if not white_to_move:
            number += 1
        white_to_move = not white_to_move
    words.append(game["result"])
    lines, line = [], ""
    for w in words:  # PGN lines of at most 80 characters
        if line and len(line) + 1 + len(w) > 79:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    return head + "\n" + "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("logs", help="the soak's logs folder (moves.txt and games.txt)")
    ap.add_argument("--record", help="the soak's record, for the engines' names and the date")
    ap.add_argument("--out", required=True, help="the PGN file to write")
    ap.add_argument("--games", type=int, default=0, help="at most this many games (default: all)")
    ap.add_argument("--taper", help="the Taper binary that converts the moves to SAN")
    args = ap.parse_args(argv)
    names, date = {"taper": "Taper", "opponent": "Opponent"}, "????-??-??"
    if args.record:
        record = json.load(open(args.record, encoding="utf-8"))
        names = {k: v for k, v in record.get("engines", {}).items() if k in names} or names
        date = (record.get("sittings") or [{}])[0].get("date", date)
    try:
        games = read_games(args.logs)
    except OSError as err:
        print(f"soak_pgn: {err}", file=sys.stderr)
        return 1
    if args.games:
        games = games[:args.games]
    oracle = MoveOracle(args.taper)
    with open(args.out, "w", encoding="utf-8") as f:
        for k, g in enumerate(games):
            san = oracle.play(g["fen"], g["moves"])["san"]
            f.write(("\n" if k else "") + pgn_of(g, san, names, date, k + 1))
    print(f"soak_pgn: {len(games)} games with clocks written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
