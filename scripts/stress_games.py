#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Stress games: thousands of very fast games through scripts/match.py (fastchess), counting faults.

Plays Taper against Debian's engines (glaurung, toga2, ethereal) and against itself with
Threads 2, at 1 s + 0.01 s per game, at a fixed short time per move (`go movetime`) and at a
fixed node count (`go nodes`), from the shared opening books, with Chess960 games too (Toga II
has no Chess960 and ignores `go nodes`, so it only plays standard chess on a clock). For each
match it reads fastchess's console output and counts, per engine:

  crashes       the engine died, or its connection stalled (fastchess: "disconnects" /
                "connection stalls"; a stall is listed separately as well)
  disconnects   the subset of crashes that fastchess reports as "disconnects"
  illegal       illegal moves (fastchess: "illegal move")
  time losses   fastchess: "loses on time"
  warnings      fastchess "Warning;" lines naming the engine: malformed or illegal PV moves,
                PV running past mate/stalemate/repetition/fifty moves, bestmove not matching the
                last PV, missing bestmove, unknown options, unresponsive engine, ...

Exit code 0 when Taper has no fault of any kind in any match, 1 otherwise, 2 on a usage or
infrastructure error (match.py or fastchess failed, fewer games than planned).

Timed games need the machine to themselves: the script refuses to start a clocked match while
another fastchess runs (--wait polls until it is gone); fixed-node matches start regardless. Matches with Threads 2 on both sides run one
game at a time; all others two at a time (--concurrency).

  scripts/stress_games.py --engine build/release/taper             # the full plan, ~2300 games
  scripts/stress_games.py --engine build/release/taper --scale 0.05  # a quick smoke run
  scripts/stress_games.py --list                                   # show the plan
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import re
import subprocess
import sys
import time
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
MATCH = os.path.join(HERE, "match.py")

# (label, opponent, limit arguments, games, extra match.py arguments)
# Openings: varied books; Chess960 from FRC_openings.epd (the match.py default with --chess960).
# Fixed-node matches first: they may run while another match uses the machine.
PLAN = [
    ("glaurung nodes 5000", "glaurung", ["--nodes", "5000"], 300, ["--book", "8moves_v3.pgn.zip"]),
    ("ethereal nodes 5000", "ethereal", ["--nodes", "5000"], 300, ["--book", "noob_2moves.epd"]),
    ("self Threads 2 nodes 20000", "self", ["--nodes", "20000"], 100, ["--book", "2moves_v1.epd"]),
    ("960 glaurung nodes 5000", "glaurung", ["--nodes", "5000"], 200, ["--chess960"]),
    ("glaurung tc 1+0.01", "glaurung", ["--tc", "1+0.01"], 300, ["--book", "noob_2moves.epd"]),
    ("ethereal tc 1+0.01", "ethereal", ["--tc", "1+0.01"], 300, ["--book", "2moves_v1.epd"]),
    ("toga2 tc 1+0.01", "toga2", ["--tc", "1+0.01"], 300, ["--book", "8moves_v3.pgn.zip"]),
    ("self Threads 2 tc 1+0.01", "self", ["--tc", "1+0.01"], 200, ["--book", "4mvs_+90_+99.epd"]),
    ("glaurung st 0.1", "glaurung", ["--st", "0.1"], 60, ["--book", "noob_2moves.epd"]),
    ("toga2 st 0.05", "toga2", ["--st", "0.05"], 100, ["--book", "2moves_v1.epd"]),
    ("ethereal st 0.05", "ethereal", ["--st", "0.05"], 100, ["--book", "6mvs_+90_+99.epd"]),
    ("960 ethereal tc 1+0.01", "ethereal", ["--tc", "1+0.01"], 200, ["--chess960"]),
    ("960 self Threads 2 tc 1+0.01", "self", ["--tc", "1+0.01"], 100, ["--chess960"]),
]

FINISHED_RE = re.compile(r"^Finished game (\d+) \((.*) vs (.*)\): (1-0|0-1|1/2-1/2|\*) \{(.*)\}\s*$")
FAULTS = ("crashes", "disconnects", "stalls", "illegal", "time_losses", "warnings")


def other_fastchess_running():
    try:
        out = subprocess.run(["pgrep", "-f", "fastchess"], capture_output=True, text=True).stdout.split()
    except FileNotFoundError:
        return False
    return any(pid != str(os.getpid()) for pid in out)


def classify(reason):
    r = reason.lower()
    if "loses on time" in r:
        return "time_losses"
    if "illegal move" in r:
        return "illegal"
    if "disconnects" in r:
        return "disconnects"
    if "connection stalls" in r:
        return "stalls"
    return None


def warning_engine(line, names):
    """The engine a fastchess 'Warning;' line is about (the name after 'from'/'by'/'engine')."""
    for name in sorted(names, key=len, reverse=True):
        if re.search(r"(from|by|engine|for) " + re.escape(name) + r"\b", line) or line.rstrip().endswith(" " + name):
            return name
    return "?"


def run_match(entry, args, out_dir, index):
    label, opponent, limit, games, extra = entry
    games = max(2, int(math.ceil(games * args.scale / 2.0)) * 2)
    self_play = opponent == "self"
    name_a = "taper"
    name_b = "taper-b" if self_play else opponent
    cmd = [sys.executable, MATCH, "--engine-a", args.engine, "--name-a", name_a,
           "--engine-b", args.engine if self_play else opponent, "--name-b", name_b,
           "--games", str(games), "--seed", str(args.seed + index)] + limit + extra
    concurrency = 1 if self_play else args.concurrency
    cmd += ["--concurrency", str(concurrency)]
    if self_play:
        cmd += ["--option", "Threads=2"]
    tag = re.sub(r"[^A-Za-z0-9]+", "_", label).strip("_")
    pgn = os.path.join(out_dir, tag + ".pgn")
    cmd += ["--pgn", pgn, "--json", os.path.join(out_dir, tag + ".json")]
    if args.fastchess:
        cmd += ["--fastchess", args.fastchess]
    print(f"\n=== {label}: {games} games, concurrency {concurrency}", flush=True)
    print("    " + " ".join(cmd[1:]), flush=True)
    t0 = time.monotonic()
    log_path = os.path.join(out_dir, tag + ".log")
    counts = {name_a: Counter(), name_b: Counter()}
    warnings = []
    results = Counter()
    with open(log_path, "w", encoding="utf-8") as log:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                errors="replace", bufsize=1)
        finished = 0
        for line in proc.stdout:
            log.write(line)
            s = line.strip()
            m = FINISHED_RE.match(s)
            if m:
                finished += 1
                white, black, result, reason = m.group(2), m.group(3), m.group(4), m.group(5)
                results[result] += 1
                cat = classify(reason)
                if cat:
                    loser = white if reason.lstrip().startswith("White") else black
                    if loser in counts:
                        counts[loser][cat] += 1
                if finished % 50 == 0:
                    print(f"    {finished}/{games} games, {time.monotonic() - t0:.0f}s", flush=True)
            elif s.startswith("Warning;"):
                who = warning_engine(s, counts.keys())
                if who in counts:
                    counts[who]["warnings"] += 1
                warnings.append(s)
            elif s.startswith("RESULT ") or s.startswith("match.py:"):
                print("    " + s, flush=True)
        rc = proc.wait()
    for c in counts.values():
        c["crashes"] = c["disconnects"] + c["stalls"]
    elapsed = time.monotonic() - t0
    summary = {}
    try:
        with open(os.path.join(out_dir, tag + ".json"), encoding="utf-8") as fh:
            summary = json.load(fh)
    except (OSError, ValueError):
        pass
    played = summary.get("games", finished)
    # Cross-check with match.py's own counts (crashes include stalls; it reads the PGN too).
    for key, ours in (("crashes", "crashes"), ("illegal_moves", "illegal"), ("time_losses", "time_losses")):
        theirs = summary.get(key)
        mine = sum(c[ours] for c in counts.values())
        if theirs is not None and theirs > mine:
            counts[name_a]["unattributed_" + ours] += theirs - mine
    return {"label": label, "games": played, "planned": games, "rc": rc, "elapsed": elapsed,
            "counts": {k: dict(v) for k, v in counts.items()}, "warnings": warnings[:50],
            "wdl": [summary.get("wins"), summary.get("draws"), summary.get("losses")],
            "command": " ".join(cmd), "pgn": pgn}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=os.path.join(HERE, "..", "taper"), help="Taper binary (default ./taper)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every match's game count (default 1)")
    ap.add_argument("--only", help="run only the matches whose label contains this text (e.g. '960', 'nodes')")
    ap.add_argument("--concurrency", type=int, default=2, help="games at once (Threads 2 matches: 1)")
    ap.add_argument("--seed", type=int, default=20240801, help="base seed of the opening order")
    ap.add_argument("--out", help="folder for logs, PGNs and the summary (default stress-<time>)")
    ap.add_argument("--wait", action="store_true", help="wait (poll every 2 min) while another fastchess runs")
    ap.add_argument("--fastchess", help="fastchess binary (passed to match.py)")
    ap.add_argument("--list", action="store_true", help="print the plan and exit")
    args = ap.parse_args()

    plan = [e for e in PLAN if not args.only or args.only in e[0]]
    if args.list:
        for label, _, _, games, _ in plan:
            print(f"{max(2, int(math.ceil(games * args.scale / 2.0)) * 2):6d}  {label}")
        print(f"{sum(max(2, int(math.ceil(e[3] * args.scale / 2.0)) * 2) for e in plan):6d}  total")
        return 0
    args.engine = os.path.abspath(args.engine)
    if not os.access(args.engine, os.X_OK):
        print(f"stress_games.py: {args.engine} is not an executable", file=sys.stderr)
        return 2
    out_dir = args.out or "stress-" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    os.makedirs(out_dir, exist_ok=True)

    reports = []
    t0 = time.monotonic()
    for i, entry in enumerate(plan):
        clocked = "--tc" in entry[2] or "--st" in entry[2]
        # Fixed-node games measure no time: they may share the machine (run them under nice).
        while clocked and other_fastchess_running():
            if not args.wait:
                print("stress_games.py: another fastchess is running; timed games need the CPU to themselves "
                      "(use --wait)", file=sys.stderr)
                return 2
            print("    another fastchess is running; waiting 2 min", flush=True)
            time.sleep(120)
        reports.append(run_match(entry, args, out_dir, i))

    # ---- summary table
    print("\n" + "=" * 100)
    print(f"Stress games with {args.engine}: {time.monotonic() - t0:.0f}s, logs in {out_dir}")
    head = f"{'match':32s} {'games':>6s} {'W-D-L':>12s}  " + " ".join(f"{k:>11s}" for k in FAULTS) + "  (taper | opponent)"
    print(head)
    total = Counter()
    total_opp = Counter()
    total_games = 0
    infra = False
    for r in reports:
        names = list(r["counts"])
        mine, theirs = Counter(r["counts"][names[0]]), Counter(r["counts"][names[1]])
        for k, v in mine.items():
            total[k] += v
        for k, v in theirs.items():
            total_opp[k] += v
        total_games += r["games"] or 0
        wdl = "-".join(str(x) for x in r["wdl"]) if None not in r["wdl"] else "?"
        cells = " ".join(f"{str(mine[k]) + '|' + str(theirs[k]):>11s}" for k in FAULTS)
        print(f"{r['label']:32s} {r['games']:>6} {wdl:>12s}  {cells}")
        if r["rc"] == 2 or (r["games"] or 0) < r["planned"]:
            infra = True
            print(f"    !! match.py exit {r['rc']}, {r['games']} of {r['planned']} games")
        extra = {k: v for k, v in mine.items() if k.startswith("unattributed_") and v}
        if extra:
            print(f"    !! match.py counted more faults than the game lines: {extra}")
    cells = " ".join(f"{str(total[k]) + '|' + str(total_opp[k]):>11s}" for k in FAULTS)
    print(f"{'TOTAL':32s} {total_games:>6} {'':>12s}  {cells}")
    taper_faults = sum(v for k, v in total.items() if k != "disconnects")  # disconnects are inside crashes
    for r in reports:
        for w in r["warnings"]:
            if "taper" in w:
                print(f"    {r['label']}: {w[:150]}")
    result = {"engine": args.engine, "games": total_games, "taper": dict(total), "opponents": dict(total_opp),
              "matches": reports}
    with open(os.path.join(out_dir, "summary.json"), "w", encoding="utf-8") as fh:
        json.dump(result, fh, indent=2)
    print(f"RESULT games={total_games} " + " ".join(f"taper_{k}={total[k]}" for k in FAULTS)
          + " " + " ".join(f"opponent_{k}={total_opp[k]}" for k in FAULTS))
    if taper_faults:
        return 1
    return 2 if infra else 0


if __name__ == "__main__":
    sys.exit(main())
