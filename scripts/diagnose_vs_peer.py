#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Where does Taper's judgement differ from a stronger peer's? A term-by-term comparison of the
two static evaluations at the moments Taper was unaware of trouble.

From match PGNs (fastchess writes each engine's score as `{+0.35/19 0.210s}`), take in each game
the first position where the peer's own score reached +1.50 (from the side it played) while
Taper's latest score was still above -0.50: the position Taper misjudged. Ask both engines for
their static evaluation term by term (`eval`: Taper's group table; Stockfish 11 and
Fairy-Stockfish 11 print the same kind of table), taper each term by its own engine's game
phase, and convert it to win probability with each engine's own score-to-result curve, fitted
on the same games (so the two scales compare). A term's share is how much the win probability
would fall without it: P(total) - P(total - term), from the peer's winning side.

    scripts/diagnose_vs_peer.py --peer /usr/games/fairy-stockfish --peer-option UCI_Variant=chess \\
        --taper ./taper match1.pgn match2.pgn --out docs/DIAGNOSTIC.md

Ends with `RESULT positions=N games=N top=<group>`.
"""
import argparse
import math
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from pgn import parse_games, white_moves_first  # noqa: E402
from taper_moves import MoveOracle, find_taper  # noqa: E402

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# The groups of the diagnostic, and which rows of each engine's table make them.
GROUPS = [
    ("material and square tables", ["Material", "Piece-square"], ["Material", "Imbalance"]),
    ("pawn structure", ["Pawns"], ["Pawns"]),
    ("passed pawns", ["Passed pawns"], ["Passed"]),
    ("mobility", ["Mobility"], ["Mobility"]),
    ("pieces (outposts, files, bishops)", ["Knights", "Bishops", "Rooks", "Queens"],
     ["Knights", "Bishops", "Rooks", "Queens"]),
    ("threats", ["Threats"], ["Threats"]),
    ("space", ["Space"], ["Space"]),
    ("king safety (shelter, storm, danger)", ["King shelter", "King danger"], ["King safety"]),
    ("endgame, king activity, initiative", ["King activity", "Endgame"], ["Initiative"]),
]
MATE_CP = 10000


# ---------------------------------------------------------------------------------------------
# PGN

def comment_score(comment):
    """The mover's own score in centipawns from a fastchess comment, or None (book, no score)."""
    m = re.match(r"\s*([+-]?)(M?)(\d+(?:\.\d+)?)/(\d+)", comment)
    if not m:
        return None
    sign = -1 if m.group(1) == "-" else 1
    if m.group(2):
        return sign * MATE_CP
    return sign * round(float(m.group(3)) * 100)


def result_for_white(headers):
    return {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(headers.get("Result"))


# ---------------------------------------------------------------------------------------------
# Each engine's curve from score to expected result, fitted on the same games

def fit_slope(points):
    """a of 1 / (1 + exp(-a * pawns)) minimising the squared error against the results."""
    pts = [(s / 100.0, r) for s, r in points if abs(s) < 1000]
    if not pts:
        return 1.0
    best, lo, hi = None, 0.05, 5.0
    for _ in range(60):  # golden-section search
        m1, m2 = lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618
        e1 = sum((r - 1 / (1 + math.exp(-m1 * s))) ** 2 for s, r in pts)
        e2 = sum((r - 1 / (1 + math.exp(-m2 * s))) ** 2 for s, r in pts)
        if e1 < e2:
            hi = m2
        else:
            lo = m1
        best = (lo + hi) / 2
    return best


def win_probability(pawns, slope):
    return 1 / (1 + math.exp(-slope * pawns))


# ---------------------------------------------------------------------------------------------
# The two engines' eval tables

class Engine:
    def __init__(self, cmd, options):
        self.proc = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.read_until(lambda l: l.strip() == "uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.read_until(lambda l: l.strip() == "readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, done):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine stopped answering")
            lines.append(line.rstrip("\n"))
            if done(lines[-1]):
                return lines

    def eval_lines(self, fen):
        self.send(f"position fen {fen}")
        self.send("eval")
        self.send("isready")
        return self.read_until(lambda l: l.strip() == "readyok")

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def table_rows(lines):
    """{row name: (mg, eg)} from the Total columns of a `Term | White | Black | Total` table."""
    rows = {}
    for line in lines:
        parts = [p.strip() for p in line.split("|")]
        if len(parts) != 4 or not parts[0] or parts[0] in ("Term", "Total") or parts[0].startswith("-"):
            continue
        total = parts[3].split()
        try:
            rows[parts[0]] = (float(total[0]), float(total[1]))
        except (ValueError, IndexError):
            continue
    return rows


def taper_terms(lines):
    """Taper's groups tapered to pawns (White's view), its final evaluation in pawns."""
    rows = table_rows(lines)
    text = "\n".join(lines)
    phase = re.search(r"Phase: (\d+) / (\d+)", text)
    scale = re.search(r"Scale factor: (\d+) / (\d+)", text)
    final = re.search(r"Final evaluation: ([+-]?\d+) cp", text)
    if not (rows and phase and scale and final):
        return None, None
    p, pmax = int(phase.group(1)), int(phase.group(2))
    sf = int(scale.group(1)) / int(scale.group(2))
    tapered = {k: (mg * p + eg * (pmax - p) * sf) / pmax / 100.0 for k, (mg, eg) in rows.items()}
    return tapered, int(final.group(1)) / 100.0


SF_PIECE_MG = {"n": 781, "b": 825, "r": 1276, "q": 2538}


def sf_phase(fen):
    """Stockfish 11's game phase (0 endgame .. 128 middlegame) from the non-pawn material."""
    npm = sum(SF_PIECE_MG.get(c.lower(), 0) for c in fen.split()[0])
    return max(0, min(128, round((npm - 3915) * 128 / (15258 - 3915))))


def peer_terms(lines, fen):
    """The peer's terms tapered to pawns (White's view), its total evaluation in pawns."""
    rows = table_rows(lines)
    final = re.search(r"Total evaluation: ([+-]?\d+(?:\.\d+)?)", "\n".join(lines))
    if not (rows and final):
        return None, None
    ph = sf_phase(fen)
    return {k: (mg * ph + eg * (128 - ph)) / 128 for k, (mg, eg) in rows.items()}, float(final.group(1))


# ---------------------------------------------------------------------------------------------

def find_unaware(games, taper_re, oracle, unaware_cp, aware_cp):
    """Per game: the first position where the peer scored >= aware_cp while Taper's latest score
    was > unaware_cp. Returns those positions and the (score, result) points of each engine."""
    found, points = [], {"taper": [], "peer": []}
    for headers, plies in games:
        res = result_for_white(headers)
        if res is None:
            continue
        taper_white = bool(re.search(taper_re, headers.get("White", ""), re.I))
        taper_black = bool(re.search(taper_re, headers.get("Black", ""), re.I))
        if taper_white == taper_black:
            continue  # Taper plays neither side or both
        taper_color = "w" if taper_white else "b"
        fen = headers.get("FEN", START_FEN)
        white_first = white_moves_first(headers)
        last_taper, hit = None, None
        for i, (san, comment) in enumerate(plies):
            mover = "w" if white_first == (i % 2 == 0) else "b"
            score = comment_score(comment)
            who = "taper" if mover == taper_color else "peer"
            if score is not None:
                points[who].append((score, res if mover == "w" else 1 - res))
            if who == "taper" and score is not None:
                last_taper = score
            if (hit is None and who == "peer" and score is not None and score >= aware_cp
                    and last_taper is not None and last_taper > unaware_cp):
                hit = (i, [m for m, _ in plies[:i]], mover, score, last_taper)
        if hit:
            i, moves, mover, peer_score, taper_score = hit
            try:
                pos_fen = oracle.play(fen, moves)["fen"]
            except Exception as e:  # noqa: BLE001 - a broken game is skipped, not fatal
                print(f"# skipped a game: {e}", file=sys.stderr)
                continue
            taper_lost = (res == 0.0 and taper_color == "w") or (res == 1.0 and taper_color == "b")
            found.append({"fen": pos_fen, "peer_side": mover, "peer_score": peer_score,
                          "taper_score": taper_score, "ply": i, "taper_lost": taper_lost})
    return found, points


PIECE_POINTS = {"n": 3, "b": 3, "r": 5, "q": 9}
PHASES = ("opening", "middlegame", "endgame")


def phase_of(fen):
    """The game phase of a position by the pieces left (both sides, pawns and kings not counted;
    62 at the start): opening while little is traded (>= 54), endgame at <= 26 (e.g. a rook and
    a minor each), middlegame between."""
    board = fen.split()[0].lower()
    material = sum(PIECE_POINTS.get(c, 0) for c in board)
    return "opening" if material >= 54 else "endgame" if material <= 26 else "middlegame"


def classify_losses(games, taper_re, oracle, unaware_cp, aware_cp):
    """Taper's lost games, each at the first moment the peer's own score reached aware_cp: the
    phase there, and whether Taper's latest score was still above unaware_cp (unaware) or not
    (it saw the trouble and could not hold). {(phase, unaware): count} and the number of losses."""
    counts, losses = {}, 0
    for headers, plies in games:
        res = result_for_white(headers)
        taper_white = bool(re.search(taper_re, headers.get("White", ""), re.I))
        taper_black = bool(re.search(taper_re, headers.get("Black", ""), re.I))
        if res is None or taper_white == taper_black or res == 0.5 or (res == 1.0) == taper_white:
            continue  # not a game Taper lost
        losses += 1
        taper_color = "w" if taper_white else "b"
        white_first = white_moves_first(headers)
        last_taper = None
        for i, (_, comment) in enumerate(plies):
            mover = "w" if white_first == (i % 2 == 0) else "b"
            score = comment_score(comment)
            if score is None:
                continue
            if mover == taper_color:
                last_taper = score
            elif score >= aware_cp:
                try:
                    fen = oracle.play(headers.get("FEN", START_FEN), [m for m, _ in plies[:i]])["fen"]
                except Exception as e:  # noqa: BLE001 - a broken game is skipped, not fatal
                    print(f"# skipped a game: {e}", file=sys.stderr)
                    break
                key = (phase_of(fen), last_taper is not None and last_taper > unaware_cp)
                counts[key] = counts.get(key, 0) + 1
                break
    return counts, losses


def loss_table(counts, losses):
    """Markdown: Taper's losses by the phase where the peer first saw a win, unaware or not."""
    out = [f"Taper's {losses} losses, at the first move where the peer's own score reached the "
           "threshold (the rest: the peer never reached it before the end):", "",
           "| phase | unaware | saw it, could not hold | all |", "|---|---|---|---|"]
    for phase in PHASES:
        u, a = counts.get((phase, True), 0), counts.get((phase, False), 0)
        out.append(f"| {phase} | {u} | {a} | {u + a} |")
    u = sum(v for (_, unaware), v in counts.items() if unaware)
    a = sum(v for (_, unaware), v in counts.items() if not unaware)
    out.append(f"| all | {u} | {a} | {u + a} |")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="+", help="match PGN files (fastchess)")
    ap.add_argument("--taper", default=None, help="Taper binary for `eval` (default: ./taper or $TAPER_BIN)")
    ap.add_argument("--taper-name", default="taper", help="regex matching Taper's player name in the PGN")
    ap.add_argument("--peer", required=True, help="the peer engine's binary (its `eval` prints a term table)")
    ap.add_argument("--peer-option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--unaware", type=int, default=-50, help="Taper's score above this counts as unaware (cp)")
    ap.add_argument("--aware", type=int, default=150, help="the peer's score at or above this (cp)")
    ap.add_argument("--phase", choices=PHASES,
                    help="only the positions of this phase (by the pieces left, as the loss table counts them): "
                         "e.g. opening, the positions right after the book where the peer already saw a win")
    ap.add_argument("--out", help="write the markdown table here as well")
    args = ap.parse_args(argv)

    games = []
    for path in args.pgn:
        with open(path, encoding="utf-8", errors="replace") as f:
            games += parse_games(f.read())
    taper_bin = find_taper(args.taper)
    oracle = MoveOracle(taper_bin)
    found, points = find_unaware(games, args.taper_name, oracle, args.unaware, args.aware)
    losses_by_phase = loss_table(*classify_losses(games, args.taper_name, oracle, args.unaware, args.aware))
    oracle.close()
    if args.phase:
        found = [f for f in found if phase_of(f["fen"]) == args.phase]
    slope_t, slope_p = fit_slope(points["taper"]), fit_slope(points["peer"])

    taper = Engine(taper_bin, [])
    peer = Engine(args.peer, [tuple(o.split("=", 1)) for o in args.peer_option])
    sums = {g[0]: [0.0, 0.0, 0.0, 0.0] for g in GROUPS}  # taper pawns, peer pawns, taper dwp, peer dwp
    totals = [0.0, 0.0]
    used, skipped, lost = 0, 0, 0
    for item in found:
        t_terms, t_total = taper_terms(taper.eval_lines(item["fen"]))
        p_terms, p_total = peer_terms(peer.eval_lines(item["fen"]), item["fen"])
        if t_terms is None or p_terms is None:
            print(f"# no eval table for {item['fen']}", file=sys.stderr)
            skipped += 1  # Stockfish prints no evaluation for a side in check
            continue
        sign = 1 if item["peer_side"] == "w" else -1  # the peer's winning side's view
        used += 1
        lost += item["taper_lost"]
        totals[0] += sign * t_total
        totals[1] += sign * p_total
        for name, t_rows, p_rows in GROUPS:
            tv = sign * sum(t_terms.get(r, 0.0) for r in t_rows)
            pv = sign * sum(p_terms.get(r, 0.0) for r in p_rows)
            s = sums[name]
            s[0] += tv
            s[1] += pv
            s[2] += win_probability(sign * t_total, slope_t) - win_probability(sign * t_total - tv, slope_t)
            s[3] += win_probability(sign * p_total, slope_p) - win_probability(sign * p_total - pv, slope_p)
    taper.close()
    peer.close()

    n = max(1, used)
    rows = sorted(GROUPS, key=lambda g: -(sums[g[0]][3] - sums[g[0]][2]))
    gap_total = sum(max(0.0, (sums[g[0]][3] - sums[g[0]][2])) for g in GROUPS) or 1.0
    out = [f"Positions: {used}{f' in the {args.phase}' if args.phase else ''} (one per game; Taper lost {lost} "
           f"of those games) from {len(games)} games"
           f"{f', {skipped} more skipped (no evaluation table: side to move in check)' if skipped else ''}. "
           f"Unaware: Taper's latest score > {args.unaware / 100:+.2f} while the peer's reached "
           f"{args.aware / 100:+.2f}. Score-to-result slopes fitted on the same games: Taper {slope_t:.3f}/pawn, "
           f"peer {slope_p:.3f}/pawn. Mean static total from the peer's winning side: Taper {totals[0] / n:+.2f}, "
           f"peer {totals[1] / n:+.2f} pawns.",
           "",
           "| group | Taper (pawns) | peer (pawns) | Taper (win prob.) | peer (win prob.) | peer - Taper | share of the gap |",
           "|---|---|---|---|---|---|---|"]
    for name, _, _ in rows:
        s = sums[name]
        gap = (s[3] - s[2]) / n
        share = max(0.0, s[3] - s[2]) / gap_total
        out.append(f"| {name} | {s[0] / n:+.3f} | {s[1] / n:+.3f} | {s[2] / n:+.4f} | {s[3] / n:+.4f} | "
                   f"{gap:+.4f} | {share * 100:.0f} % |")
    text = "\n".join(out) + "\n\n" + losses_by_phase
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    top = rows[0][0].split(" ")[0] if used else "none"
    print(f"RESULT positions={used} games={len(games)} top={top}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
