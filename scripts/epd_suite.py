#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Run a UCI engine over an EPD test suite and score it.

Each position is searched with a fixed limit (--movetime / --nodes / --depth)
after `ucinewgame`, and scored by what the EPD line carries:

  * best-move suites (WAC):  `bm` SAN move(s), any of which solves it, and/or
    `am` avoid-move(s), none of which may be played;
  * STS:  `c9` UCI moves with `c8` points (any other move scores 0), reported
    in total and per theme (theme N from `id "STS(vN.M) Theme Name.nnn"`);
  * mate suites:  `bm #N` (N < 0: the side to move gets mated): solved when
    the last exact score the engine reports is `score mate N` (same sign,
    same distance).

Examples:
  scripts/epd_suite.py --engine ethereal --movetime 100 --limit 20 \\
      tests/data/epd/STS1-STS15_LAN_v3.epd
  scripts/epd_suite.py --engine ./taper --movetime 500 --jobs 2 --csv wac.csv wacnew
  scripts/epd_suite.py --engine stockfish --movetime 200 --limit 20 mates2000

The suite may be a path or a short name of a file in the epd/ folder of
tests/data (or of the larger-data folder, $TAPER_DATA) (wac, wacnew, sts, mates2000, KRvK1000pv, ...).
The last line printed starts with `RESULT` and holds key=value pairs; use
--json FILE for a machine-readable copy of the summary. Exit code: 0 on a
completed run, 1 if any engine error (crash, timeout, illegal move) occurred,
2 on bad usage.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import sys
import threading
import time
from collections import OrderedDict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from taper_moves import IllegalMoveError, MoveOracle, split_epd  # noqa: E402
from shared_data import data_folders  # noqa: E402
from uci import EngineError, UciEngine, resolve_engine  # noqa: E402

SHORT_NAMES = {"wac": "wac.epd", "wacnew": "wacnew.epd", "sts": "STS1-STS15_LAN_v3.epd",
               "mates": "mates2000.epd", "mates2000": "mates2000.epd", "krvk": "KRvK1000pv.epd",
               "kbnvk": "KBNvK1000pv.epd", "kqvkr": "KQvKR1000pv.epd"}


def find_suite(spec):
    if os.path.exists(spec):
        return spec
    name = SHORT_NAMES.get(spec.lower(), spec)
    for folder in data_folders():
        epd = os.path.join(folder, "epd")
        for cand in (name, name + ".epd"):
            p = os.path.join(epd, cand)
            if os.path.exists(p):
                return p
        if os.path.isdir(epd):
            for f in os.listdir(epd):
                if f.lower() in (spec.lower(), spec.lower() + ".epd"):
                    return os.path.join(epd, f)
    sys.exit(f"epd_suite: suite not found: {spec}")


# --------------------------------------------------------------------------
# Suite loading

class Item:
    __slots__ = ("index", "line", "id", "fen", "chess960", "san", "kind", "good", "avoid", "points", "mate",
                 "theme_no", "theme", "expected")


STS_ID = re.compile(r"STS\(v(\d+)\.\d+\)\s*(.*?)\.(\d+)\s*$")


def load_suite(path, oracle, limit=None, skip=0, every=1):
    """The suite's items; moves are kept as UCI strings, as `taper moves` (the oracle) writes them."""
    items, problems = [], []
    with open(path, encoding="utf-8", errors="replace") as fh:
        raw = fh.read().splitlines()
    for ln, line in enumerate(raw, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            fen, ops = split_epd(line)
            pos = oracle.position(fen)
        except (ValueError, IndexError) as e:
            problems.append(f"line {ln}: {e}")
            continue
        it = Item()
        it.index = len(items) + 1
        it.line = ln
        it.fen = pos["fen"]
        it.chess960 = pos["chess960"]
        it.id = " ".join(ops.get("id", [])) or f"{os.path.basename(path)}:{ln}"
        it.good, it.avoid, it.points, it.mate = set(), set(), {}, None
        it.theme_no, it.theme, it.expected = None, None, ""
        it.san = {}
        bm = ops.get("bm", [])
        try:
            if bm and bm[0].startswith("#"):
                it.kind = "mate"
                it.mate = int(bm[0][1:])
                it.expected = f"#{it.mate}"
            elif "c9" in ops and "c8" in ops:
                it.kind = "sts"
                ucis = " ".join(ops["c9"]).split()
                pts = [int(x) for x in " ".join(ops["c8"]).split()]
                if len(ucis) != len(pts):
                    raise ValueError("c8/c9 lengths differ")
                conv = oracle.convert(it.fen, ucis)
                for m, san, p in zip(conv["uci"], conv["san"], pts):
                    it.points[m] = max(p, it.points.get(m, 0))
                    it.san[m] = san
                m = STS_ID.search(it.id)
                if m:
                    it.theme_no, it.theme = int(m.group(1)), m.group(2).strip()
                it.expected = " ".join(f"{it.san[m]}={p}" for m, p in
                                       sorted(it.points.items(), key=lambda kv: -kv[1]))
            elif bm or ops.get("am"):
                it.kind = "bm"
                it.good = set(oracle.convert(it.fen, bm)["uci"])
                it.avoid = set(oracle.convert(it.fen, ops.get("am", []))["uci"])
                it.expected = " ".join((["bm"] + bm if bm else []) + (["am"] + ops["am"] if ops.get("am") else []))
            else:
                problems.append(f"line {ln}: no bm/am/c9 operation, skipped")
                continue
        except ValueError as e:  # IllegalMoveError included
            problems.append(f"line {ln} ({it.id}): {e}")
            continue
        items.append(it)
    items = items[skip:]
    if every and every > 1:
        items = items[::every]
    if limit:
        items = items[:limit]
    return items, problems


# --------------------------------------------------------------------------
# Scoring one search

def score_item(it, res, chess960, oracle):
    """Return a result dict for item `it` and SearchResult `res`."""
    r = OrderedDict()
    r["n"] = it.index
    r["id"] = it.id
    r["kind"] = it.kind
    r["theme"] = f"{it.theme_no} {it.theme}" if it.theme_no else ""
    r["expected"] = it.expected
    r["bestmove"] = res.bestmove or ""
    r["san"] = ""
    r["solved"] = 0
    r["points"] = 0
    r["max_points"] = 10 if it.kind == "sts" else 1
    fs = res.final_score()
    r["score"] = "" if fs is None else (f"mate {fs[1]}" if fs[0] == "mate" else f"cp {fs[1]}")
    r["depth"] = res.last("depth") or ""
    r["nodes"] = res.last("nodes") or ""
    r["time_ms"] = res.last("time") if res.last("time") is not None else ""
    r["wall_ms"] = round(res.wall_ms)
    r["found_ms"] = ""
    r["error"] = res.error or ""
    r["fen"] = it.fen
    move = None
    if res.bestmove and res.bestmove not in ("(none)", "0000"):
        try:
            conv = oracle.convert(it.fen, [res.bestmove])
            move, r["san"] = conv["uci"][0], conv["san"][0]
        except IllegalMoveError:
            r["error"] = (r["error"] + " " if r["error"] else "") + "illegal-bestmove"
    elif not res.error:
        r["error"] = "no-bestmove"

    def first_stable(pred):
        """Time (engine 'time' if given, else wall) from which pred(info) held until the end."""
        t_found = None
        for wall, info in res.main_infos():
            if "pv" not in info and "score" not in info:
                continue
            ok = pred(info)
            if ok and t_found is None:
                t_found = info.get("time", round(wall))
            elif not ok:
                t_found = None
        return t_found

    def pv_move(info):
        pv = info.get("pv")
        if not pv:
            return None
        try:
            return oracle.convert(it.fen, [pv[0]])["uci"][0]
        except IllegalMoveError:
            return None

    if it.kind == "bm":
        ok = move is not None and (not it.good or move in it.good) and move not in it.avoid
        r["solved"] = r["points"] = int(ok)
        if ok:
            t = first_stable(lambda i: "pv" in i and (pv_move(i) in it.good if it.good else
                                                        pv_move(i) not in it.avoid))
            r["found_ms"] = "" if t is None else t
    elif it.kind == "sts":
        r["points"] = it.points.get(move, 0) if move else 0
        r["solved"] = int(r["points"] == 10)
    elif it.kind == "mate":
        ok = fs is not None and fs[0] == "mate" and fs[1] == it.mate
        r["solved"] = r["points"] = int(ok)
        if ok:
            t = first_stable(lambda i: i.get("score_type") == "mate" and i.get("score") == it.mate
                             and i.get("bound") is None)
            r["found_ms"] = "" if t is None else t
        elif fs is not None and fs[0] == "mate" and (fs[1] > 0) == (it.mate > 0):
            r["mate_note"] = "wrong-distance"
    return r


# --------------------------------------------------------------------------
# Running


def run(args, items, engine_cmd, options, name):
    results = [None] * len(items)
    lock = threading.Lock()
    next_idx = [0]
    done = [0]
    errors = []
    needs960 = args.chess960 or any(it.chess960 for it in items)
    if needs960:
        options = dict(options)
        options.setdefault("UCI_Chess960", "true")
    if args.timeout:
        timeout = args.timeout
    elif args.movetime:
        timeout = 5.0 + 3.0 * args.movetime / 1000.0
    else:
        timeout = 600.0
    t_start = time.monotonic()
    warned = set()

    def log_line(r):
        if args.quiet:
            return
        if r["kind"] == "sts":
            verdict = f"{r['points']:>2}/10"
        else:
            verdict = " ok " if r["solved"] else ("ERR " if r["error"] else "FAIL")
        extra = f" !{r['error']}" if r["error"] else ""
        ftime = f" found@{r['found_ms']}ms" if r["found_ms"] != "" else ""
        print(f"[{done[0]:>{len(str(len(items)))}}/{len(items)}] {verdict} {r['id'][:44]:<44} "
              f"played {r['san'] or r['bestmove'] or '-':<8} expected {r['expected'][:40]:<40} "
              f"score {r['score'] or '-':<10} d{r['depth']}{ftime}{extra}", flush=True)

    def worker(wid):
        eng = UciEngine([engine_cmd] + args.engine_args, options, name=f"{name}#{wid}")
        try:
            eng.start()
        except (EngineError, TimeoutError) as e:
            with lock:
                errors.append(f"worker {wid}: {e}")
            return
        with lock:
            for w in eng.warnings:
                if w.split(":", 1)[1] not in warned:
                    warned.add(w.split(":", 1)[1])
                    print(f"warning: {w}", file=sys.stderr)
        try:
            while True:
                with lock:
                    if next_idx[0] >= len(items):
                        return
                    k = next_idx[0]
                    next_idx[0] += 1
                it = items[k]
                try:
                    if not args.no_newgame:
                        eng.newgame()
                    res = eng.search(it.fen, movetime=args.movetime, nodes=args.nodes, depth=args.depth,
                                     timeout=timeout)
                except (EngineError, TimeoutError) as e:
                    from uci import SearchResult
                    res = SearchResult()
                    res.error = "crash" if isinstance(e, EngineError) else "timeout"
                r = score_item(it, res, needs960, args.oracle)
                if res.error:
                    try:
                        eng.restart()
                    except (EngineError, TimeoutError) as e:
                        with lock:
                            errors.append(f"worker {wid}: restart failed: {e}")
                        results[k] = r
                        return
                with lock:
                    results[k] = r
                    done[0] += 1
                    log_line(r)
        finally:
            eng.quit()

    threads = [threading.Thread(target=worker, args=(w + 1,), daemon=True) for w in range(max(1, args.jobs))]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(0.5)
    except KeyboardInterrupt:
        print("\ninterrupted: scoring the positions finished so far", file=sys.stderr)
    elapsed = time.monotonic() - t_start
    return results, errors, elapsed


# --------------------------------------------------------------------------
# Summary


def summarize(args, suite_path, items, results, errors, elapsed, engine_label, limit_desc):
    done = [r for r in results if r is not None]
    summary = OrderedDict()
    summary["suite"] = os.path.basename(suite_path)
    summary["engine"] = engine_label
    summary["limit"] = limit_desc
    summary["positions"] = len(items)
    summary["searched"] = len(done)
    summary["elapsed_s"] = round(elapsed, 1)
    errs = [r for r in done if r["error"]]
    summary["errors"] = len(errs) + (len(items) - len(done))
    print()
    print(f"Suite {suite_path}: {len(done)}/{len(items)} positions searched by {engine_label}, "
          f"{limit_desc}, {elapsed:.1f}s")
    kinds = OrderedDict()
    for r in done:
        kinds.setdefault(r["kind"], []).append(r)
    for kind, rs in kinds.items():
        if kind == "bm":
            solved = sum(r["solved"] for r in rs)
            summary["bm_solved"] = solved
            summary["bm_total"] = len(rs)
            print(f"  best-move positions: solved {solved}/{len(rs)} ({100.0 * solved / len(rs):.1f}%)")
            failed = [r["id"] for r in rs if not r["solved"]]
            if failed and args.list_failed:
                print("  not solved: " + ", ".join(failed))
        elif kind == "sts":
            pts = sum(r["points"] for r in rs)
            mx = 10 * len(rs)
            summary["sts_points"] = pts
            summary["sts_max"] = mx
            summary["sts_best_moves"] = sum(r["solved"] for r in rs)
            print(f"  STS: {pts}/{mx} points ({100.0 * pts / mx:.1f}%), best move found in "
                  f"{summary['sts_best_moves']}/{len(rs)} positions")
            themes = OrderedDict()
            for it, r in zip(items, results):
                if r is None or r["kind"] != "sts":
                    continue
                key = (it.theme_no or 0, it.theme or "?")
                t = themes.setdefault(key, [0, 0, 0])
                t[0] += 1
                t[1] += r["points"]
                t[2] += r["solved"]
            print(f"  {'theme':<48} {'pos':>4} {'points':>8} {'max':>6} {'%':>6} {'best':>5}")
            summary["sts_themes"] = []
            for (no, nm), (n, p, b) in sorted(themes.items()):
                print(f"  {str(no) + ' ' + nm:<48} {n:>4} {p:>8} {10 * n:>6} {100.0 * p / (10 * n):>6.1f} {b:>5}")
                summary["sts_themes"].append({"theme": no, "name": nm, "positions": n, "points": p,
                                              "max": 10 * n, "best_moves": b})
        elif kind == "mate":
            solved = sum(r["solved"] for r in rs)
            wrong_dist = sum(1 for r in rs if r.get("mate_note") == "wrong-distance")
            mating = [r for r in rs if not r["expected"].startswith("#-")]
            mated = [r for r in rs if r["expected"].startswith("#-")]
            summary["mate_solved"] = solved
            summary["mate_total"] = len(rs)
            summary["mate_wrong_distance"] = wrong_dist
            print(f"  mates: solved {solved}/{len(rs)} ({100.0 * solved / len(rs):.1f}%) "
                  f"[side to move mates: {sum(r['solved'] for r in mating)}/{len(mating)}, "
                  f"gets mated: {sum(r['solved'] for r in mated)}/{len(mated)}]; "
                  f"mate score with the right sign but another distance: {wrong_dist}")
            if args.list_failed:
                failed = [r["id"] + " " + r["expected"] + "->" + (r["score"] or "-") for r in rs if not r["solved"]]
                if failed:
                    print("  not solved: " + ", ".join(failed))
    if errs or errors or len(done) < len(items):
        print(f"  engine errors: {len(errs)} position(s): " +
              ", ".join(f"{r['id']} ({r['error']})" for r in errs[:20]))
        for e in errors:
            print(f"  {e}")
    total_pts = sum(r["points"] for r in done)
    total_max = sum(r["max_points"] for r in done)
    summary["points"] = total_pts
    summary["max_points"] = total_max
    found = [r["found_ms"] for r in done if r["found_ms"] != ""]
    if found:
        summary["mean_found_ms"] = round(sum(found) / len(found), 1)
    flat = " ".join(f"{k}={json.dumps(v) if isinstance(v, str) and (' ' in v or not v) else v}"
                    for k, v in summary.items() if not isinstance(v, list))
    print(f"RESULT {flat}")
    return summary


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__[__doc__.index("Examples:"):],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("suite", help="EPD file, or a short name from the shared epd/ folder "
                                  "(wac, wacnew, sts, mates2000, KRvK1000pv, KBNvK1000pv, KQvKR1000pv)")
    ap.add_argument("-e", "--engine", default="./taper",
                    help="engine: path, or glaurung, toga2, ethereal, stockfish (default ./taper)")
    ap.add_argument("--engine-arg", dest="engine_args", action="append", default=[],
                    help="extra command-line argument for the engine (repeatable)")
    ap.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                    help="UCI option, e.g. -o Hash=64 -o SyzygyPath=tests/data/syzygy (repeatable)")
    ap.add_argument("--threads", type=int, help="shortcut for -o Threads=N")
    ap.add_argument("--hash", type=int, help="shortcut for -o Hash=MB")
    lim = ap.add_argument_group("search limit (at least one; default --movetime 1000)")
    lim.add_argument("-t", "--movetime", type=int, metavar="MS", help="milliseconds per position")
    lim.add_argument("-n", "--nodes", type=int, help="nodes per position")
    lim.add_argument("-d", "--depth", type=int, help="depth per position")
    ap.add_argument("--timeout", type=float, metavar="S",
                    help="give up on a search after S seconds (default 5 + 3 x movetime, or 600 s)")
    ap.add_argument("--limit", type=int, metavar="K", help="only the first K positions (after --skip)")
    ap.add_argument("--skip", type=int, default=0, metavar="K", help="skip the first K positions")
    ap.add_argument("--every", type=int, default=1, metavar="M",
                    help="take every M-th position (e.g. --every 10 samples all 15 STS themes)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="parallel engine processes (default 1)")
    ap.add_argument("--chess960", action="store_true",
                    help="set UCI_Chess960 (automatic if a FEN has Chess960 castling rights)")
    ap.add_argument("--taper", metavar="PATH", help="taper binary that judges the moves (`taper moves`; "
                    "default $TAPER_BIN, ./taper, or the newest build/*/taper)")
    ap.add_argument("--no-newgame", action="store_true", help="do not send ucinewgame before each position")
    ap.add_argument("--csv", metavar="FILE", help="write per-position results to FILE")
    ap.add_argument("--json", metavar="FILE", help="write the summary as JSON to FILE")
    ap.add_argument("--list-failed", action="store_true", help="list the ids of unsolved positions")
    ap.add_argument("-q", "--quiet", action="store_true", help="no per-position lines")
    args = ap.parse_args(argv)

    if not (args.movetime or args.nodes or args.depth):
        args.movetime = 1000
    suite = find_suite(args.suite)
    try:
        oracle = MoveOracle(args.taper, chess960=args.chess960)
    except FileNotFoundError as e:
        print(f"epd_suite: {e}", file=sys.stderr)
        return 2
    args.oracle = oracle
    items, problems = load_suite(suite, oracle, args.limit, args.skip, args.every)
    for p in problems:
        print(f"warning: {os.path.basename(suite)} {p}", file=sys.stderr)
    if not items:
        print("epd_suite: no scorable positions", file=sys.stderr)
        return 2

    cmd, name, options = resolve_engine(args.engine)
    if not os.path.exists(cmd):
        print(f"epd_suite: engine not found: {cmd}", file=sys.stderr)
        return 2
    for kv in args.option:
        if "=" not in kv:
            ap.error(f"--option needs NAME=VALUE, got {kv!r}")
        k, v = kv.split("=", 1)
        options[k.strip()] = v.strip()
    if args.threads:
        options["Threads"] = str(args.threads)
    if args.hash:
        options["Hash"] = str(args.hash)

    limit_desc = ", ".join(x for x in (
        f"movetime {args.movetime} ms" if args.movetime else "",
        f"nodes {args.nodes}" if args.nodes else "",
        f"depth {args.depth}" if args.depth else "") if x)
    opt_desc = " ".join(f"{k}={v}" for k, v in options.items())
    print(f"# {len(items)} positions from {suite}; engine {cmd} {opt_desc}; {limit_desc}; jobs {args.jobs}",
          flush=True)

    results, errors, elapsed = run(args, items, cmd, options, name)
    summary = summarize(args, suite, items, results, errors, elapsed, name, limit_desc)

    if args.csv:
        cols = ["n", "id", "kind", "theme", "expected", "bestmove", "san", "solved", "points", "max_points",
                "score", "depth", "nodes", "time_ms", "wall_ms", "found_ms", "error", "fen"]
        with open(args.csv, "w", newline="", encoding="utf-8") as fh:
            w = csv.DictWriter(fh, fieldnames=cols, extrasaction="ignore")
            w.writeheader()
            for r in results:
                if r is not None:
                    w.writerow(r)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(summary, fh, indent=2)
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
