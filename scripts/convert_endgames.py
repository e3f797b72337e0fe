#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Can the engine convert basic won endings? Plays KBNK, KRK and KQK against a defender.

From random legal positions with the winning side to move, the attacker (Taper by default,
no tablebases unless --syzygy) plays at --movetime per move against a defender (Stockfish 15.1 at full
strength by default, also at --defender-movetime per move). A game ends in mate, stalemate,
a draw by the fifty-move rule (100 plies without capture or pawn move, counted from the
start position), threefold repetition, the defender winning material that cannot mate, or an
engine failure. Every game must end in mate.

Positions: KBNK and KRK come from the shared matetools files (epd/KBNvK1000pv.epd,
epd/KRvK1000pv.epd), which give the exact depth to mate (DTM) of each position; only lines
where the side to move mates are used. KQK positions are generated at random (uniform over
legal placements, winning side to move); their DTM is taken from a long Stockfish search with
the shared Syzygy tables (`score mate N`), marked "sf" in the output.

The report gives, per ending, mates / games and the average number of attacker moves to mate
against the average DTM of the same positions. Legality, mate and stalemate are judged by a
`taper moves` process (scripts/lib/taper_moves.py; --taper or $TAPER_BIN picks the binary), never
by the engines that play.

Examples:
  scripts/convert_endgames.py --engine build/endgames/taper
  scripts/convert_endgames.py --engine stockfish --games 5 --endings KQK   # harness check
  scripts/convert_endgames.py --engine ./taper --endings KRK,KQK --syzygy  # with tablebases
The last line starts with RESULT. Exit code 0 when every game was won, 1 otherwise, 2 on bad
usage.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))

from taper_moves import IllegalMoveError, MoveOracle  # noqa: E402
from shared_data import REPO_DATA  # noqa: E402
from uci import EngineError, UciEngine, resolve_engine  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = REPO_DATA  # the matetools files and the 3-4-man tables are kept there

ENDINGS = {
    # name: (white pieces besides the king, matetools file or None)
    "KBNK": ("BN", "KBNvK1000pv.epd"),
    "KRK": ("R", "KRvK1000pv.epd"),
    "KQK": ("Q", None),
}


def epd_positions(path: str):
    """(fen, dtm) for every line where the side to move mates in dtm moves."""
    out = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) < 6 or parts[4] != "bm" or not parts[5].startswith("#"):
                continue
            dtm = int(parts[5].strip("#;"))
            if dtm > 0:
                out.append((" ".join(parts[:4]) + " 0 1", dtm))
    return out


def random_position(rng: random.Random, pieces: str, oracle: MoveOracle):
    """A uniformly drawn legal position: White has K + `pieces`, Black a bare king, and a
    random side has the material (the winning side is to move)."""
    while True:
        letters = "K" + pieces + "k"
        squares = rng.sample(range(64), len(letters))
        board = ["1"] * 64
        for letter, sq in zip(letters, squares):
            board[sq] = letter
        winner = rng.choice("wb")
        rows = []
        for r in range(7, -1, -1):
            row = "".join(board[8 * r:8 * r + 8])
            for n in range(8, 0, -1):
                row = row.replace("1" * n, str(n))
            rows.append(row)
        fen = "/".join(rows) + " w - - 0 1"
        if winner == "b":  # swap colours: the material and the move go to Black
            fen = "/".join(r.swapcase() for r in reversed(rows)) + " b - - 0 1"
        kings = squares[0], squares[-1]
        if abs(kings[0] % 8 - kings[1] % 8) <= 1 and abs(kings[0] // 8 - kings[1] // 8) <= 1:
            continue
        try:
            oracle.position(fen)  # refuses a position whose side not to move is in check
        except IllegalMoveError:
            continue
        return fen


def mate_distance(engine: UciEngine, fen: str, movetime: int):
    """DTM from a long search: N in `score mate N`, or None."""
    res = engine.search(fen, movetime=movetime, timeout=movetime / 1000 * 5 + 10)
    score = res.final_score()
    if score and score[0] == "mate" and score[1] > 0:
        return score[1]
    return None


def insufficient(fen: str, attacker: str) -> bool:
    """The attacker ('w' or 'b') has lost the material it needs to mate (a bare king or one minor)."""
    board = fen.split()[0]
    pieces = [c.lower() for c in board if c.isalpha() and c.isupper() == (attacker == "w") and c.lower() != "k"]
    return not pieces or (len(pieces) == 1 and pieces[0] in "nb")


def play(fen: str, attacker: UciEngine, defender: UciEngine, movetime: int, defender_movetime: int, moves: list,
         oracle: MoveOracle, pause: float = 0.0):
    """Plays one game, appending the UCI moves to `moves`; returns (result, attacker moves, final FEN)."""
    pos = oracle.play(fen, moves)
    side = fen.split()[1]
    seen = {}
    attacker.newgame()
    defender.newgame()
    attacker_moves = 0
    while True:
        turn = pos["fen"].split()[1]
        if not pos["legal"]:
            return ("mate" if pos["status"] == "checkmate" and turn != side else
                    "stalemate" if pos["status"] == "stalemate" else "mated?!"), attacker_moves, pos["fen"]
        if int(pos["fen"].split()[4]) >= 100:
            return "fifty-move draw", attacker_moves, pos["fen"]
        if insufficient(pos["fen"], side):
            return "material lost", attacker_moves, pos["fen"]
        key = " ".join(pos["fen"].split()[:4])
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3:
            return "repetition", attacker_moves, pos["fen"]
        engine, mt = (attacker, movetime) if turn == side else (defender, defender_movetime)
        if pause:
            time.sleep(pause)
        res = engine.search(fen, movetime=mt, moves=moves, timeout=mt / 1000 * 20 + 10)
        if res.error or not res.bestmove:
            return f"{engine.name} failed ({res.error or 'no move'})", attacker_moves, pos["fen"]
        try:
            after = oracle.play(pos["fen"], [res.bestmove])
        except IllegalMoveError:
            return f"{engine.name} played illegal {res.bestmove}", attacker_moves, pos["fen"]
        if turn == side:
            attacker_moves += 1
        moves.append(after["uci"][0])
        pos = after


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--engine", default=os.path.join(HERE, "..", "build", "endgames", "taper"),
                    help="attacking engine (path or short name such as stockfish)")
    ap.add_argument("--defender", default="stockfish", help="defending engine (default Stockfish)")
    ap.add_argument("--movetime", type=int, default=100, help="attacker ms per move (default 100)")
    ap.add_argument("--defender-movetime", type=int, default=100, help="defender ms per move (default 100)")
    ap.add_argument("--games", type=int, default=20, help="positions per ending (default 20)")
    ap.add_argument("--endings", default="KBNK,KRK,KQK", help="comma-separated subset of KBNK,KRK,KQK")
    ap.add_argument("--seed", type=int, default=1, help="position sampling seed (default 1)")
    ap.add_argument("--data", default=DEFAULT_DATA, help="data folder with epd/ and syzygy/ (default: the repository's tests/data)")
    ap.add_argument("--dtm-movetime", type=int, default=2000,
                    help="ms of the Stockfish+Syzygy search that measures KQK mate distances")
    ap.add_argument("--pause-ms", type=int, default=0,
                    help="wait this long before each search: works around an engine that still reports "
                         "itself busy just after its bestmove and ignores the next command")
    ap.add_argument("--syzygy", nargs="?", const="shared", metavar="DIR",
                    help="give both engines these Syzygy tables (default: the shared syzygy/ folder); "
                         "without it neither engine has tablebases")
    ap.add_argument("--verbose", action="store_true", help="print every game's moves")
    ap.add_argument("--taper", metavar="PATH", help="taper binary that referees the moves (`taper moves`; "
                    "default $TAPER_BIN, ./taper, or the newest build/*/taper)")
    args = ap.parse_args(argv)
    if args.syzygy == "shared":
        args.syzygy = os.path.join(args.data, "syzygy")

    endings = [e.strip().upper() for e in args.endings.split(",") if e.strip()]
    if any(e not in ENDINGS for e in endings) or args.games <= 0:
        ap.error(f"endings must be among {', '.join(ENDINGS)} and --games positive")
    rng = random.Random(args.seed)

    try:
        oracle = MoveOracle(args.taper)
    except FileNotFoundError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    cmd, name, opts = resolve_engine(args.engine)
    dcmd, dname, dopts = resolve_engine(args.defender)
    if args.syzygy:
        opts = {**opts, "SyzygyPath": args.syzygy}
        dopts = {**dopts, "SyzygyPath": args.syzygy}
    attacker = UciEngine(cmd, opts, name=name)
    defender = UciEngine(dcmd, dopts, name=dname)
    try:
        attacker.start()
        defender.start()
    except (EngineError, TimeoutError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    referee = None
    tables = f"Syzygy tables {args.syzygy} (both engines)" if args.syzygy else "no tablebases"
    print(f"attacker {attacker.id_name or name} at {args.movetime} ms/move; "
          f"defender {defender.id_name or dname} at {args.defender_movetime} ms/move; {tables}; seed {args.seed}")

    totals = {"games": 0, "mates": 0}
    failures = []
    for ending in endings:
        pieces, epd = ENDINGS[ending]
        if epd:
            pool = epd_positions(os.path.join(args.data, "epd", epd))
            chosen = [(fen, dtm, "epd") for fen, dtm in rng.sample(pool, min(args.games, len(pool)))]
        else:
            if referee is None:
                rcmd, _, _ = resolve_engine("stockfish")
                referee = UciEngine(rcmd, {"SyzygyPath": os.path.join(args.data, "syzygy")}, name="referee")
                referee.start()
            chosen = []
            for _ in range(args.games):
                fen = random_position(rng, pieces, oracle)
                chosen.append((fen, mate_distance(referee, fen, args.dtm_movetime), "sf"))
        mates, moves_sum, dtm_sum, counted = 0, 0, 0, 0
        for i, (fen, dtm, source) in enumerate(chosen, 1):
            moves = []
            result, n, final = play(fen, attacker, defender, args.movetime, args.defender_movetime, moves,
                                     oracle, args.pause_ms / 1000.0)
            won = result == "mate"
            mates += won
            if won and dtm:
                moves_sum += n
                dtm_sum += dtm
                counted += 1
            if not won:
                failures.append(f"{ending} {fen}: {result} after {n} moves, final {final}; moves {' '.join(moves)}")
            dtm_text = f"{dtm} ({source})" if dtm else "unknown"
            print(f"{ending} {i:3d}/{len(chosen)} {fen:40s} {result:18s} moves {n:3d}  DTM {dtm_text}", flush=True)
            if args.verbose:
                print("    " + " ".join(moves), flush=True)
            if result.startswith(attacker.name) and not attacker.alive():
                attacker.restart()
        avg = f"{moves_sum / counted:.1f} moves to mate vs DTM {dtm_sum / counted:.1f}" if counted else "no mates"
        print(f"== {ending}: {mates}/{len(chosen)} mated within the fifty-move rule; {avg}", flush=True)
        totals["games"] += len(chosen)
        totals["mates"] += mates

    for e in (attacker, defender, referee):
        if e:
            e.quit()
    for f in failures:
        print("FAILED " + f)
    print(f"RESULT games={totals['games']} mates={totals['mates']} failed={totals['games'] - totals['mates']}")
    return 0 if totals["mates"] == totals["games"] else 1


if __name__ == "__main__":
    sys.exit(main())
