#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Which of Taper's evaluation groups predict game results worse than a stronger peer's, on
positions labelled with the result of the game they come from.

Both engines evaluate each position term by term (`eval`, the groups of diagnose_vs_peer.py).
Each engine's static total is turned into an expected result by its own best-fitting curve
1 / (1 + exp(-a * pawns)), and scored by the mean squared error against the results. Then, one
group at a time: "swap" compares the rest of Taper's evaluation plus the peer's version of the
group against the rest plus Taper's own version, each pair with weights of its own (the engines'
units differ); "drop" takes Taper's group out. A negative swap figure says the peer's version of
that group predicts results better than Taper's on this data; a negative drop figure says
Taper's group predicts them worse than leaving it out. The table is split by game phase (material bands of
diagnose_vs_peer.py: opening, middlegame, endgame).

A diagnostic, not a tuner: it says which groups to look at first. Positions from games neither
engine played (e.g. TCEC games) show how the evaluations transfer to strong play; Taper's own
self-play chunks show what its table was fitted to.

    scripts/eval_groups_vs_peer.py --peer <stockfish-11> --positions 15000 tcec-labeled.epd.xz

Input lines: `FEN | score | result` (taper datagen; result 1.0 / 0.5 / 0.0, White's view) or
EPD with `c9 "1-0";` (4-field FEN); `.xz` files are read directly; `#` lines are skipped.
Ends with `RESULT positions=N taper_mse=X peer_mse=Y best_swap=<group>`.
"""
import argparse
import lzma
import math
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import diagnose_vs_peer as dvp  # noqa: E402
from taper_moves import find_taper  # noqa: E402

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
PHASES = ("opening", "middlegame", "endgame")
CLAMP_PAWNS = 15.0  # mate scores and won endings saturate the curve anyway


def parse_labelled(line):
    """(fen, result for White) from one line of either format, or None for a comment or bad line."""
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    if "|" in line:
        parts = [p.strip() for p in line.split("|")]
        try:
            return parts[0], float(parts[-1])
        except ValueError:
            return None
    m = re.match(r"^(\S+ [wb] \S+ \S+)(?: \d+ \d+)?\s+c9 \"([^\"]+)\";", line)
    if not m or m.group(2) not in RESULTS:
        return None
    return m.group(1) + " 0 1", RESULTS[m.group(2)]


def read_positions(paths, count, seed):
    """A seeded random sample of `count` labelled positions from all files (all of them if fewer)."""
    items = []
    for path in paths:
        opener = lzma.open if path.endswith(".xz") else open
        with opener(path, "rt", encoding="utf-8", errors="replace") as f:
            for line in f:
                item = parse_labelled(line)
                if item:
                    items.append(item)
    random.Random(seed).shuffle(items)
    return items[:count] if count else items


def fit_curve(features, results):
    """Weights w of 1 / (1 + exp(-w . x)) fitted to the results (logistic regression, Newton's
    method on the log loss; no intercept: the evaluations are symmetric between the colours), and
    the mean squared error of that curve against the results. `features` holds one tuple per
    position; each value is clamped to +-CLAMP_PAWNS."""
    xs = [tuple(max(-CLAMP_PAWNS, min(CLAMP_PAWNS, v)) for v in f) for f in features]
    if not xs:
        return [], 0.0
    k = len(xs[0])
    w = [0.5] * k
    for _ in range(25):
        grad = [0.0] * k
        hess = [[1e-9 * (i == j) for j in range(k)] for i in range(k)]
        for x, r in zip(xs, results):
            q = 1 / (1 + math.exp(-max(-50.0, min(50.0, sum(a * b for a, b in zip(w, x))))))
            for i in range(k):
                grad[i] += (q - r) * x[i]
                for j in range(k):
                    hess[i][j] += q * (1 - q) * x[i] * x[j]
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(abs(v) for v in step) < 1e-7:
            break
    mse = sum((r - 1 / (1 + math.exp(-max(-50.0, min(50.0, sum(a * b for a, b in zip(w, x))))))) ** 2
              for x, r in zip(xs, results)) / len(xs)
    return w, mse


def solve(a, b):
    """x with a x = b for a small symmetric positive-definite matrix (Gaussian elimination)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            return [0.0] * n
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def curve_error(pawns, results):
    """The mean squared error of the best curve 1 / (1 + exp(-a * pawns)), and its slope a."""
    w, mse = fit_curve([(p,) for p in pawns], results)
    return mse, (w[0] if w else 1.0)


def group_table(rows):
    """{phase or 'all': (n, taper mse, peer mse, {group: (swap delta, drop delta)})} from rows of
    {'phase', 'result', 'taper', 'peer', 'tg': {group: pawns}, 'pg': {group: pawns}}."""
    out = {}
    for phase in ("all",) + PHASES:
        sel = [r for r in rows if phase == "all" or r["phase"] == phase]
        if not sel:
            continue
        res = [r["result"] for r in sel]
        base, _ = curve_error([r["taper"] for r in sel], res)
        peer, _ = curve_error([r["peer"] for r in sel], res)
        groups = {}
        for name, _, _ in dvp.GROUPS:
            # The rest of Taper's evaluation and one version of the group, each with its own
            # weight: the engines' units differ (a Taper centipawn is not a Stockfish one), so the
            # group is judged by what it adds, not by its scale.
            _, own = fit_curve([(r["taper"] - r["tg"][name], r["tg"][name]) for r in sel], res)
            _, swap = fit_curve([(r["taper"] - r["tg"][name], r["pg"][name]) for r in sel], res)
            drop, _ = curve_error([r["taper"] - r["tg"][name] for r in sel], res)
            groups[name] = (swap - own, drop - base)
        out[phase] = (len(sel), base, peer, groups)
    return out


def markdown(table):
    """Groups down, phases across; each cell `swap / drop` in 1e-4 of the mean squared error."""
    phases = list(table)
    lines = ["| group | " + " | ".join(f"{p} ({table[p][0]})" for p in phases) + " |",
             "|---|" + "---|" * len(phases),
             "| *Taper MSE / peer MSE* | "
             + " | ".join(f"{table[p][1]:.5f} / {table[p][2]:.5f}" for p in phases) + " |"]
    for name, _, _ in dvp.GROUPS:
        cells = [f"{table[p][3][name][0] * 1e4:+.1f} / {table[p][3][name][1] * 1e4:+.1f}" for p in phases]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+", help="labelled positions (taper datagen lines or EPD with c9)")
    ap.add_argument("--taper", default=None, help="Taper binary (default: ./taper or $TAPER_BIN)")
    ap.add_argument("--peer", required=True, help="the peer engine's binary (its `eval` prints a term table)")
    ap.add_argument("--peer-option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--positions", type=int, default=10000, help="sample size (0 = all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="write the markdown table here as well")
    args = ap.parse_args(argv)

    items = read_positions(args.files, args.positions, args.seed)
    taper = dvp.Engine(find_taper(args.taper), [])
    peer = dvp.Engine(args.peer, [tuple(o.split("=", 1)) for o in args.peer_option])
    rows, skipped = [], 0
    for fen, result in items:
        t_terms, t_total = dvp.taper_terms(taper.eval_lines(fen))
        p_terms, p_total = dvp.peer_terms(peer.eval_lines(fen), fen)
        if t_terms is None or p_terms is None:
            skipped += 1  # Stockfish prints no table for a side in check
            continue
        rows.append({"phase": dvp.phase_of(fen), "result": result, "taper": t_total, "peer": p_total,
                     "tg": {g: sum(t_terms.get(k, 0.0) for k in tr) for g, tr, _ in dvp.GROUPS},
                     "pg": {g: sum(p_terms.get(k, 0.0) for k in pr) for g, _, pr in dvp.GROUPS}})
    taper.close()
    peer.close()
    if not rows:
        print("no position could be evaluated by both engines", file=sys.stderr)
        return 1

    table = group_table(rows)
    text = (f"{len(rows)} positions ({skipped} skipped: no evaluation table). Cells: change of the mean "
            "squared error, in 1e-4, when Taper's group is replaced by the peer's (both fitted with the "
            "rest of Taper's evaluation, each with its own weight) / when it is taken out (negative = the "
            "results are predicted better).\n\n" + markdown(table))
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    _, base, peer_mse, groups = table["all"]
    best = min(groups, key=lambda g: groups[g][0]).split(" ")[0]
    print(f"RESULT positions={len(rows)} taper_mse={base:.5f} peer_mse={peer_mse:.5f} best_swap={best}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
