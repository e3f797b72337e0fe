#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`taper report` over many games: its speed, its memory as the games grow, and shards.

Issue 110's benchmark. From a PGN file it cuts the first N games in which the player played
(for each size of --sizes, default 100 and 1000), runs `taper report` over each cut under
/usr/bin/time, and prints for each: games, positions searched (report.json's `positions`), wall
time, CPU time, positions a second and a CPU-second, and the peak resident memory (VmHWM, from
/usr/bin/time's maximum resident set size). Memory must not grow with the games: the report is
streamed one game at a time. Then, on the smallest cut, it runs the same report as two shards
(--shard 1/2 and 2/2), merges them (--merge) and checks that every file of the merged folder is
byte for byte the one-run folder's (report.json, report.html, games.pgn, puzzles.pgn).

Positions a CPU-second is the figure to compare between machines or runs on a busy machine (a
search at fixed nodes does the same work whatever the load); positions a second holds only on
an otherwise quiet machine.

Example (the games of scripts/anchor_ab.py, Taper's base against Stockfish 11 at 50,000 nodes):
  scripts/report_bench.py games.pgn --player base-e1075a4ce7 --nodes 50000 --threads 2

The last line starts with RESULT. Exit code 0 when every run succeeded and the shards agree, 1
otherwise, 2 on bad usage.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from find_binary import find_binary  # noqa: E402

REPORT_FILES = ["report.json", "report.html", "games.pgn", "puzzles.pgn"]


TAG_LINE = re.compile(r'\[[A-Za-z0-9_]+[ \t]*"')


def split_games(text: str) -> list[str]:
    """The games of a PGN text, each with its tags: a game starts at a tag line (`[Name "` at the
    start of a line, the rule of Taper's reader, board/pgn_stream.cpp) after movetext."""
    games, current, in_moves = [], [], False
    for line in text.splitlines(keepends=True):
        tag = TAG_LINE.match(line) is not None
        if tag and in_moves:
            games.append("".join(current))
            current, in_moves = [], False
        if line.strip() and not tag and not line.startswith("%"):
            in_moves = True
        current.append(line)
    if "".join(current).strip():
        games.append("".join(current))
    return games


def plays(game: str, player: str) -> bool:
    """Whether `player` is White or Black of the game, names compared as `taper report` does."""
    want = player.strip().lower()
    for tag in ("White", "Black"):
        m = re.search(r'^\[' + tag + r' "(.*)"\]\s*$', game, re.M)
        if m and m.group(1).strip().lower() == want:
            return True
    return False


def run_report(taper: str, pgn: str, out: str, args: list[str]) -> dict:
    """One `taper report` under /usr/bin/time -v: wall and CPU seconds, peak RSS, positions."""
    timing = out + ".time"
    cmd = ["/usr/bin/time", "-v", "-o", timing, taper, "report", pgn, "--out", out] + args
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr.strip()[-400:]}")
    t = open(timing).read()

    def field(name: str) -> str:
        m = re.search(re.escape(name) + r":\s*(.+)", t)
        return m.group(1).strip() if m else "0"

    wall = field("Elapsed (wall clock) time (h:mm:ss or m:ss)")
    parts = [float(p) for p in wall.split(":")]
    seconds = sum(p * 60 ** k for k, p in enumerate(reversed(parts)))
    cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
    peak_kb = int(field("Maximum resident set size (kbytes)"))
    report = json.load(open(os.path.join(out, "report.json")))
    return {"games": report["games"], "positions": report["positions"], "wall": seconds, "cpu": cpu,
            "peak_mb": peak_kb / 1024}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", help="games, at least the largest size of the player's")
    ap.add_argument("--player", required=True, help="the player's name as the PGN writes it")
    ap.add_argument("--sizes", default="100,1000", help="numbers of the player's games to report on (default %(default)s)")
    ap.add_argument("--nodes", type=int, default=50000, help="nodes a position (default %(default)s)")
    ap.add_argument("--threads", type=int, default=2, help="positions searched at once (default %(default)s)")
    ap.add_argument("--taper", help="the Taper binary (default: as scripts/lib/find_binary.py finds it)")
    ap.add_argument("--keep", help="keep the report folders here (default: a temporary folder, removed)")
    args = ap.parse_args(argv)
    taper = find_binary("taper", args.taper)
    if not taper:
        ap.error("no Taper binary: build it (make) or give --taper")
    if not os.path.exists("/usr/bin/time"):
        ap.error("/usr/bin/time is missing (apt-get install time)")
    try:
        sizes = sorted({int(s) for s in args.sizes.split(",")})
        if not sizes or sizes[0] < 2:
            raise ValueError
    except ValueError:
        ap.error(f"--sizes {args.sizes!r}: numbers of games, each 2 or more, separated by commas")
    try:
        text = open(args.pgn, encoding="utf-8", errors="replace").read()
    except OSError as err:
        ap.error(f"cannot read {args.pgn}: {err.strerror}")
    games = [g for g in split_games(text) if plays(g, args.player)]
    if len(games) < sizes[-1]:
        print(f"report_bench: {args.pgn} holds {len(games)} games of {args.player!r}, fewer than {sizes[-1]}",
              file=sys.stderr)
        return 2

    work = args.keep or tempfile.mkdtemp(prefix="taper-report-bench-")
    os.makedirs(work, exist_ok=True)
    common = ["--player", args.player, "--nodes", str(args.nodes), "--threads", str(args.threads)]
    ok = True
    rows = []
    try:
        for n in sizes:
            cut = os.path.join(work, f"games-{n}.pgn")
            with open(cut, "w", encoding="utf-8") as f:
                f.write("".join(g if g.endswith("\n\n") else g + "\n" for g in games[:n]))
            out = os.path.join(work, f"report-{n}")
            shutil.rmtree(out, ignore_errors=True)
            r = run_report(taper, cut, out, common)
            rows.append((n, r))
            print(f"{n:6d} games: {r['positions']:8d} positions in {r['wall']:8.1f} s wall, {r['cpu']:8.1f} s CPU: "
                  f"{r['positions'] / max(r['wall'], 1e-9):7.1f} a second, {r['positions'] / max(r['cpu'], 1e-9):7.1f} "
                  f"a CPU-second; peak RSS {r['peak_mb']:.1f} MB", flush=True)

        # The smallest cut again, as two shards merged: the same files, byte for byte.
        n = sizes[0]
        cut = os.path.join(work, f"games-{n}.pgn")
        shards = []
        for k in (1, 2):
            out = os.path.join(work, f"shard-{k}-of-2")
            shutil.rmtree(out, ignore_errors=True)
            run_report(taper, cut, out, common + ["--shard", f"{k}/2"])
            shards.append(out)
        merged = os.path.join(work, "merged")
        shutil.rmtree(merged, ignore_errors=True)
        proc = subprocess.run([taper, "report", "--merge", merged] + shards, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"--merge failed ({proc.returncode}): {proc.stderr.strip()[-400:]}")
        differ = [f for f in REPORT_FILES
                  if not filecmp.cmp(os.path.join(merged, f), os.path.join(work, f"report-{n}", f), shallow=False)]
        ok = not differ
        print(f"two shards of {n} games merged: " + ("every file the same as one run's" if ok else
                                                     "DIFFERENT: " + ", ".join(differ)))
    except (RuntimeError, OSError, KeyError, ValueError) as err:
        print(f"report_bench: {err}", file=sys.stderr)
        ok = False
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)

    figures = " ".join(f"games{n}_peak_mb={r['peak_mb']:.1f} games{n}_pos_per_cpu_s={r['positions'] / max(r['cpu'], 1e-9):.1f}"
                       for n, r in rows)
    print(f"RESULT {figures} shards_agree={'yes' if ok else 'no'}")
    return 0 if ok and len(rows) == len(sizes) else 1


if __name__ == "__main__":
    sys.exit(main())
