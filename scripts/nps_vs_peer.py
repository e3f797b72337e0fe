#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Search speed (nodes per second) of Taper against a peer engine on the same positions.

`bench` compares each engine on its own position list at its own depth, which says little when
the peer is another engine: the positions and the depth differ. This tool gives both engines the
same positions and the same time: for each position of an EPD suite, `ucinewgame`, then
`go movetime T`, one engine after the other (the order alternates from one position to the next,
so neither always runs on a cooled or a warmed-up core), one thread and the same hash each. The
speed of a search is read from its last `info` line that carries `nodes` and `time`, the two
counted at the same moment.

Printed: one row per position (each engine's nodes per second and depth, and their ratio), then
the ratio of the summed nodes over the summed times, and the geometric mean and the median of the
per-position ratios (> 1: Taper searches more nodes per second). Depth is each engine's own
nominal depth; engines count it differently, so it is shown, not compared.

Example (issue 73, step 5: Taper's speed against Stockfish 11's):
  scripts/nps_vs_peer.py --peer <stockfish-11> --suite sts --limit 40 --every 37 --movetime 2000

Run it on a quiet machine: nothing else may use either core. The last line starts with
`RESULT`. Exit code 0 when every search gave a speed, 1 when one failed (crash, timeout, no
`nodes`/`time` in its output), 2 on bad usage.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from find_binary import find_binary  # noqa: E402
from taper_moves import split_epd  # noqa: E402
from uci import EngineError, UciEngine, resolve_engine  # noqa: E402
from epd_suite import find_suite  # noqa: E402  (scripts/, the folder of this file)


def read_positions(lines, limit, every):
    """FENs of every `every`-th EPD line (the 1st, the every+1-th, ...), at most `limit` of them;
    blank lines and comments are passed over, a line that is not EPD raises ValueError."""
    fens = []
    epd = [ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]
    for ln in epd[::every]:
        fen, _ = split_epd(ln)
        board, side = fen.split()[:2]
        if board.count("/") != 7 or side not in ("w", "b"):
            raise ValueError(f"not an EPD position: {ln.strip()!r}")
        fens.append(fen if len(fen.split()) == 6 else fen + " 0 1")
        if len(fens) == limit:
            break
    return fens


def speed_of(result):
    """(nodes, time_ms, depth) from a search's last info line with both nodes and time, else None.
    A result whose time is 0 ms gives no speed."""
    for _, info in reversed(result.infos):
        if "nodes" in info and "time" in info and info["time"] > 0:
            return info["nodes"], info["time"], info.get("depth")
    return None


def summarize(rows):
    """rows: [(taper_nodes, taper_ms, peer_nodes, peer_ms), ...] -> dict of the summary figures."""
    if not rows:
        return None
    t_nodes = sum(r[0] for r in rows)
    t_ms = sum(r[1] for r in rows)
    p_nodes = sum(r[2] for r in rows)
    p_ms = sum(r[3] for r in rows)
    ratios = [(r[0] / r[1]) / (r[2] / r[3]) for r in rows]
    return {
        "taper_nps": round(t_nodes * 1000 / t_ms),
        "peer_nps": round(p_nodes * 1000 / p_ms),
        "ratio": (t_nodes / t_ms) / (p_nodes / p_ms),
        "geomean": math.exp(sum(math.log(x) for x in ratios) / len(ratios)),
        "median": statistics.median(ratios),
        "lowest": min(ratios),
        "highest": max(ratios),
    }


def start(spec, name, hash_mb, extra):
    cmd, default_name, options = resolve_engine(spec)
    options.update({"Hash": str(hash_mb), "Threads": "1"})
    options.update(extra)
    engine = UciEngine(cmd, options=options, name=name or default_name)
    engine.start()
    return engine


def parse_options(pairs):
    out = {}
    for p in pairs:
        if "=" not in p:
            raise ValueError(f"option '{p}' is not NAME=VALUE")
        k, v = p.split("=", 1)
        out[k] = v
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--peer", required=True, help="the other engine: a path or a known name (stockfish, ethereal)")
    ap.add_argument("--taper", default=None, help="Taper binary (default: ./taper, the newest build)")
    ap.add_argument("--suite", default="sts", help="EPD suite: a path or a name in tests/data/epd (default sts)")
    ap.add_argument("--limit", type=int, default=40, help="positions (default 40)")
    ap.add_argument("--every", type=int, default=37, help="take every K-th position of the suite (default 37, "
                    "which spreads 40 positions over STS's 15 themes)")
    ap.add_argument("--movetime", type=int, default=2000, help="milliseconds a search (default 2000)")
    ap.add_argument("--hash", type=int, default=16, help="hash MB for each engine (default 16)")
    ap.add_argument("--option-taper", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--option-peer", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args()
    if args.limit < 1 or args.every < 1 or args.movetime < 10 or args.hash < 1:
        ap.error("--limit, --every and --hash must be positive, --movetime at least 10")
    try:
        taper_options, peer_options = parse_options(args.option_taper), parse_options(args.option_peer)
    except ValueError as e:
        ap.error(str(e))  # exit code 2, as for any bad usage

    taper_path = find_binary("taper", args.taper)
    if not taper_path:
        print(f"nps_vs_peer: Taper binary not found ({args.taper or 'none given'})", file=sys.stderr)
        return 2
    try:
        suite = find_suite(args.suite)  # exits with its message when there is no such suite
    except SystemExit as e:
        print(f"nps_vs_peer: {e}", file=sys.stderr)
        return 2
    try:
        with open(suite) as f:
            positions = read_positions(f, args.limit, args.every)
    except (OSError, ValueError) as e:
        print(f"nps_vs_peer: {suite}: {e}", file=sys.stderr)
        return 2
    if not positions:
        print(f"nps_vs_peer: no positions in {args.suite}", file=sys.stderr)
        return 2

    engines = {}
    try:
        engines["taper"] = start(taper_path, "taper", args.hash, taper_options)
        engines["peer"] = start(args.peer, None, args.hash, peer_options)
    except (EngineError, TimeoutError, OSError) as e:
        print(f"nps_vs_peer: an engine did not start: {e}", file=sys.stderr)
        for e2 in engines.values():
            e2.quit()
        return 2

    peer_name = engines["peer"].id_name or engines["peer"].name
    print(f"# taper ({taper_path}) vs {peer_name} ({args.peer}): {len(positions)} positions of {args.suite}, "
          f"go movetime {args.movetime}, Hash {args.hash}, one thread each, one engine at a time")
    print(f"{'#':>3}  {'taper nps':>10} {'d':>3}  {'peer nps':>10} {'d':>3}  {'ratio':>6}  position")
    rows, failures = [], 0
    t_depths, p_depths = [], []
    for i, fen in enumerate(positions, 1):
        order = ("taper", "peer") if i % 2 else ("peer", "taper")
        got = {}
        for who in order:
            eng = engines[who]
            try:
                eng.newgame()
                eng.isready()
                res = eng.search(fen, movetime=args.movetime, timeout=args.movetime / 1000.0 * 5 + 10)
            except (EngineError, TimeoutError) as e:
                res = None
                print(f"  {who}: {e}", file=sys.stderr)
            sp = speed_of(res) if res is not None and res.error is None else None
            if sp is None:
                failures += 1
                print(f"{i:>3}  {who} gave no speed ({res.error if res else 'no answer'}): {fen}")
                try:
                    eng.restart()
                except (EngineError, TimeoutError):
                    pass
            got[who] = sp
        if got["taper"] is None or got["peer"] is None:
            continue
        (tn, tms, td), (pn, pms, pd) = got["taper"], got["peer"]
        rows.append((tn, tms, pn, pms))
        t_depths.append(td or 0)
        p_depths.append(pd or 0)
        ratio = (tn / tms) / (pn / pms)
        print(f"{i:>3}  {round(tn * 1000 / tms):>10} {td or '-':>3}  {round(pn * 1000 / pms):>10} {pd or '-':>3}  "
              f"{ratio:>6.3f}  {fen}", flush=True)
    for eng in engines.values():
        eng.quit()

    s = summarize(rows)
    if s is None:
        print("nps_vs_peer: no position gave both engines a speed")
        print(f"RESULT positions=0 failures={failures} ok=0")
        return 1
    print()
    print(f"taper {s['taper_nps']} nps, {peer_name} {s['peer_nps']} nps over {len(rows)} positions: "
          f"ratio {s['ratio']:.3f} (summed nodes over summed time); per position geometric mean "
          f"{s['geomean']:.3f}, median {s['median']:.3f}, range {s['lowest']:.3f} to {s['highest']:.3f}")
    print(f"mean nominal depth: taper {statistics.mean(t_depths):.1f}, {peer_name} {statistics.mean(p_depths):.1f}")
    print(f"RESULT positions={len(rows)} taper_nps={s['taper_nps']} peer_nps={s['peer_nps']} ratio={s['ratio']:.3f} "
          f"geomean={s['geomean']:.3f} median={s['median']:.3f} failures={failures} ok={int(failures == 0)}")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
