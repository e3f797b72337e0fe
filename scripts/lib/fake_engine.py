#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A deliberately bad UCI engine for testing the match / suite scripts.

It plays random legal moves (judged by `taper moves`, scripts/lib/taper_moves.py) and can be told to misbehave on its
N-th move of a game (counted from 1 after each `ucinewgame`, per process):

  --crash N     exit(3) instead of answering `go`
  --illegal N   answer `bestmove a1a1`-style garbage (an illegal move)
  --slow N      think 3x longer than the clock allows (time loss)
  --hang N      never answer `go`, ignore `stop` (stall)
  --stray N     write a line that is not UCI before its answer
  --double N    answer with two bestmoves
  --deaf N      answer no `isready` from then on
  --every K     misbehave only in every K-th game of the process (default 1)

A `go ponder` or `go infinite` is answered at `ponderhit` or `stop`, as UCI wants (--early:
at once, which is wrong).

Example (match.py): --engine-b scripts/lib/fake_engine.py --args-b "--illegal 5"
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from taper_moves import MoveOracle  # noqa: E402

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for k in ("crash", "illegal", "slow", "hang", "stray", "double", "deaf"):
        ap.add_argument(f"--{k}", type=int, default=0, metavar="N")
    ap.add_argument("--every", type=int, default=1, metavar="K")
    ap.add_argument("--early", action="store_true", help="answer go ponder/infinite at once")
    ap.add_argument("--seed", type=int, default=None)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    oracle = None  # `taper moves`, started at isready (after the UCI_Chess960 choice)
    base, played = START_FEN, []
    chess960 = False
    ply_in_game = 0
    game_no = 0
    deaf = False
    held = None  # the answer to a `go ponder` / `go infinite`, sent at ponderhit or stop
    out = sys.stdout
    for line in sys.stdin:
        tok = line.split()
        if not tok:
            continue
        cmd = tok[0]
        if cmd == "uci":
            out.write("id name FakeEngine\nid author Taper scripts\n"
                      "option name Hash type spin default 1 min 1 max 1024\n"
                      "option name Threads type spin default 1 min 1 max 1\n"
                      "option name UCI_Chess960 type check default false\n"
                      "option name Ponder type check default false\n"
                      "option name Move Overhead type spin default 10 min 0 max 5000\nuciok\n")
        elif cmd == "isready":
            if deaf:
                continue
            if oracle is None:  # start the move judge now, not on the clock of the first `go`
                oracle = MoveOracle(chess960=chess960)
            out.write("readyok\n")
        elif cmd == "setoption" and "UCI_Chess960" in line:
            chess960 = line.strip().endswith("true")
            if oracle is not None:
                oracle.close()
                oracle = None
        elif cmd == "ucinewgame":
            ply_in_game = 0
            game_no += 1
        elif cmd == "position":
            i = tok.index("moves") if "moves" in tok else len(tok)
            base = START_FEN if tok[1] == "startpos" else " ".join(tok[2:i])
            played = tok[i + 1:]
        elif cmd == "go":
            if oracle is None:
                oracle = MoveOracle(chess960=chess960)
            pos = oracle.play(base, played)
            ply_in_game += 1
            bad = game_no % max(1, a.every) == 0 or game_no == 0
            n = ply_in_game
            if bad and a.crash and n == a.crash:
                sys.exit(3)
            if bad and a.hang and n >= a.hang:
                continue
            if bad and a.deaf and n == a.deaf:
                deaf = True
            if bad and a.stray and n == a.stray:
                out.write("thinking very hard\n")
            budget = 0.05
            if "movetime" in tok:
                budget = int(tok[tok.index("movetime") + 1]) / 1000.0
            elif "wtime" in tok:
                key = "wtime" if pos["fen"].split()[1] == "w" else "btime"
                budget = int(tok[tok.index(key) + 1]) / 1000.0
            if bad and a.slow and n == a.slow:
                time.sleep(budget * 3 + 0.2)
            moves = pos["legal"]
            if bad and a.illegal and n == a.illegal:
                mv = "a1a1"
            elif moves:
                mv = rng.choice(moves)
            else:
                mv = "0000"
            reply = ""
            if mv in moves:  # a ponder move, as engines that ponder give one
                after = oracle.play(base, played + [mv])["legal"]
                reply = f" ponder {rng.choice(after)}" if after else ""
            answer = f"info depth 1 score cp 0 nodes 1 time 1 pv {mv}\nbestmove {mv}{reply}\n"
            if bad and a.double and n == a.double:
                answer += f"bestmove {mv}\n"
            if ("ponder" in tok or "infinite" in tok) and not a.early:
                held = answer
            else:
                out.write(answer)
        elif cmd in ("stop", "ponderhit"):
            if held:
                out.write(held)
                held = None
        elif cmd == "quit":
            break
        out.flush()


if __name__ == "__main__":
    main()
