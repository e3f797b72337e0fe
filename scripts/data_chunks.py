#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Taper's own tuning data in the repository: compress a `taper datagen` output into a chunk of
data/selfplay/ and rewrite the provenance table of data/README.md from every chunk.

    scripts/data_chunks.py add s101.txt            # -> data/selfplay/s101.txt.xz, README table
    scripts/data_chunks.py table                   # the README table again, from the chunks

A chunk is one datagen run (one seed): its `#` header lines name the command and the commit that
made it, each game ends with a `# game R` line, so the chunk itself says how many games and
positions it holds; the table is derived from the chunks and never edited by hand. A datagen run
that goes on in a later session writes a new file (a new seed) and becomes a new chunk.

Ends with `RESULT chunks=N games=N positions=N bytes=N`.
"""
import argparse
import lzma
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(REPO, "data")
CHUNKS = os.path.join(DATA, "selfplay")
README = os.path.join(DATA, "README.md")
BEGIN, END = "<!-- chunks: begin (scripts/data_chunks.py table) -->", "<!-- chunks: end -->"


def summarise(lines):
    """Headers, games, positions and results (White's view) of a datagen file's lines."""
    headers, games, positions = [], 0, 0
    results = {"1-0": 0, "1/2-1/2": 0, "0-1": 0}
    for line in lines:
        if line.startswith("# game "):
            games += 1
            res = line[7:].strip()
            if res in results:
                results[res] += 1
        elif line.startswith("#"):
            headers.append(line[1:].strip())
        elif line.strip():
            positions += 1
    return headers, games, positions, results


def read_lines(path):
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return f.read().splitlines()


def complete_games(lines):
    """The lines up to the last `# game` marker: a run stopped mid-game leaves a partial game."""
    last = max((i for i, l in enumerate(lines) if l.startswith("# game ")), default=-1)
    return lines[: last + 1]


def add(path):
    lines = complete_games(read_lines(path))
    headers, games, positions, _ = summarise(lines)
    if not games:
        raise SystemExit(f"{path}: no complete game (no '# game' line): not a datagen file of this version")
    for h in headers:
        if re.search(r"(^|\s)(/(work|root|home|tmp)/|\.\./shared/)", h):
            raise SystemExit(f"{path}: a header names a machine path ({h}); run datagen with relative paths")
    os.makedirs(CHUNKS, exist_ok=True)
    name = os.path.basename(path)
    name = name[:-3] if name.endswith(".xz") else name
    out = os.path.join(CHUNKS, name + ".xz")
    if os.path.exists(out):
        raise SystemExit(f"{out} exists: a chunk is never rewritten (give the new run another name)")
    with lzma.open(out, "wt", encoding="utf-8", preset=9 | lzma.PRESET_EXTREME) as f:
        f.write("\n".join(lines) + "\n")
    print(f"{out}: {games} games, {positions} positions, {os.path.getsize(out)} bytes")


def table():
    rows, total = [], [0, 0, 0]
    for name in sorted(os.listdir(CHUNKS)) if os.path.isdir(CHUNKS) else []:
        if not name.endswith(".xz"):
            continue
        path = os.path.join(CHUNKS, name)
        headers, games, positions, res = summarise(read_lines(path))
        size = os.path.getsize(path)
        commands = "; ".join(f"`{h}`" for h in dict.fromkeys(headers))
        rows.append(f"| `{name}` | {games} | {positions} | {res['1-0']} / {res['1/2-1/2']} / {res['0-1']} | "
                    f"{size / 1e6:.1f} MB | {commands} |")
        total[0] += games
        total[1] += positions
        total[2] += size
    text = "\n".join([BEGIN,
                      "| chunk | games | positions | White won / drawn / lost | size | made by (command, commit) |",
                      "|---|---|---|---|---|---|", *rows,
                      f"| **all** | **{total[0]}** | **{total[1]}** | | **{total[2] / 1e6:.1f} MB** | |", END])
    with open(README, encoding="utf-8") as f:
        readme = f.read()
    if BEGIN not in readme or END not in readme:
        raise SystemExit(f"{README}: no {BEGIN} ... {END} block to fill")
    readme = readme[: readme.index(BEGIN)] + text + readme[readme.index(END) + len(END):]
    with open(README, "w", encoding="utf-8") as f:
        f.write(readme)
    print(text)
    print(f"RESULT chunks={len(rows)} games={total[0]} positions={total[1]} bytes={total[2]}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add", help="compress a datagen output into a new chunk, then rewrite the table")
    a.add_argument("file")
    sub.add_parser("table", help="rewrite the README table from the chunks")
    args = ap.parse_args(argv)
    if args.cmd == "add":
        add(args.file)
    table()
    return 0


if __name__ == "__main__":
    sys.exit(main())
