#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Local SPSA tuning of Taper's search constants, resumable across sessions.

SPSA (simultaneous perturbation stochastic approximation) as OpenBench runs it, on one machine:
every iteration perturbs all tuned constants at once by +-c_k (one random sign per constant),
plays a few game pairs of theta+ against theta- (same binary, a tunable build of one commit,
each opening with both colours) and moves every constant by r_k * c_k * (wins - losses) * sign.
The gains follow OpenBench's schedule, from each constant's c_end (its `step` in
src/search/tunables.def) and r_end (default 0.002):

    c = c_end * N^gamma,   a = r_end * c_end^2 * (A + N)^alpha,   A = 0.1 * N
    c_k = c / (k + 1)^gamma,   a_k = a / (A + k + 1)^alpha,   r_k = a_k / c_k^2

with alpha = 0.602, gamma = 0.101 and N the planned iterations. See the chessprogramming wiki
page "SPSA" and OpenBench's documentation of its SPSA tests.

The whole state (commit, settings, current values, iteration, totals, a snapshot of the values
every few iterations) lives in one JSON file, written after every iteration, so a session's end
loses at most one iteration: run the same command again to continue.

    scripts/spsa.py --state docs/spsa/search1.json --commit HEAD --iterations 2000 \\
        --params RfpMargin,NmpBase,LmrBase,LmrDivisor --tc 5+0.05
    scripts/spsa.py --state docs/spsa/search1.json            # resume (settings come from the file)
    scripts/spsa.py --state docs/spsa/search1.json --report   # values so far, tunables.def lines

Timed games: run it on a quiet machine (no builds, no other games), as an SPRT. Each sitting
appends its games to one PGN (`--pgn`, default ~/.cache/taper-sprt/games/NAME-DATE.pgn), which
`taper pgn-data` turns into tuning data (data/README.md).
The tuned values are a candidate, not a result: they go in only after an SPRT against the
defaults (`scripts/sprt.py --tunable --candidate-option NAME=VALUE ...`).
"""
import argparse
import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from match import FASTCHESS_HELP, find_fastchess, parse_pgn_games  # noqa: E402
from sprt import CACHE, build, git, unpack_book  # noqa: E402

ALPHA, GAMMA, A_RATIO = 0.602, 0.101, 0.1


def read_tunables(exe):
    """The table the tunable build prints with `taper spsa`: name, default, min, max, c_end."""
    out = subprocess.run([exe, "spsa"], capture_output=True, text=True, timeout=60).stdout
    table = {}
    for line in out.splitlines():
        f = [x.strip() for x in line.split(",")]
        if len(f) == 7 and f[1] == "int":
            table[f[0]] = {"default": int(f[2]), "min": int(f[3]), "max": int(f[4]), "c_end": float(f[5])}
    if not table:
        raise SystemExit(f"spsa.py: {exe} printed no SPSA table (`taper spsa`)")
    return table


def schedule(param, iterations):
    """OpenBench's constants c and a of one parameter for a run of `iterations` iterations."""
    big_a = A_RATIO * iterations
    c = param["c_end"] * iterations ** GAMMA
    a = param["r_end"] * param["c_end"] ** 2 * (big_a + iterations) ** ALPHA
    return c, a, big_a


def engine_value(x, param):
    """The integer a UCI spin option gets for the real value x (half rounds up), inside the range."""
    return int(min(param["max"], max(param["min"], math.floor(x + 0.5))))


def perturb(params, iterations, k, seed):
    """Iteration k's random generator, the engine values of theta+ and theta-, and each constant's
    step per point of (wins - losses) of theta+. One generator per iteration, seeded by the run's
    seed and k: a resumed run draws the same signs (and, later, the same openings)."""
    rng = random.Random(seed * 1_000_003 + k)
    plus, minus, step = {}, {}, {}
    for name, p in params.items():
        c, a, big_a = schedule(p, iterations)
        c_k = c / (k + 1) ** GAMMA
        a_k = a / (big_a + k + 1) ** ALPHA
        sign = rng.choice((-1, 1))
        plus[name] = engine_value(p["value"] + sign * c_k, p)
        minus[name] = engine_value(p["value"] - sign * c_k, p)
        step[name] = (a_k / c_k ** 2) * c_k * sign  # r_k * c_k * sign
    return rng, plus, minus, step


def apply_result(params, step, net_wins):
    """Moves every constant by its step times theta+'s net wins, kept inside its range."""
    for name, p in params.items():
        p["value"] = min(p["max"], max(p["min"], p["value"] + step[name] * net_wins))


def split_pgn_book(path):
    """The games of a PGN opening book as separate texts (each starts at an `[Event` tag)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    parts = re.split(r"(?m)^(?=\[Event )", text)
    return [p.strip() + "\n\n" for p in parts if p.strip()]


def load_openings(spec, tmpdir):
    book = unpack_book(spec, tmpdir)
    if book.lower().endswith(".pgn"):
        return "pgn", split_pgn_book(book)
    with open(book, encoding="utf-8", errors="replace") as f:
        return "epd", [line.strip() + "\n" for line in f if line.strip()]


def play_iteration(fastchess, exe, plus, minus, openings, fmt, settings, rng, tmpdir):
    """Plays settings['pairs'] opening pairs of theta+ (`plus`) against theta- (`minus`).

    Returns (wins, losses, draws) of theta+ and the number of abnormal endings (time losses,
    crashes, illegal moves), which are reported but counted as the results they are."""
    book = os.path.join(tmpdir, "openings." + fmt)
    with open(book, "w") as f:
        f.writelines(rng.choice(openings) for _ in range(settings["pairs"]))
    pgn = os.path.join(tmpdir, "games.pgn")
    if os.path.exists(pgn):
        os.remove(pgn)
    limit = [f"tc={settings['tc']}"] if settings.get("tc") else [f"nodes={settings['nodes']}"]
    cmd = [fastchess]
    for name, values in (("plus", plus), ("minus", minus)):
        cmd += ["-engine", f"cmd={exe}", f"name={name}"] + [f"option.{k}={v}" for k, v in values.items()]
    cmd += ["-each", "proto=uci", "option.Hash=16", "option.Threads=1", *limit,
            "-openings", f"file={book}", f"format={fmt}", "order=sequential",
            "-rounds", str(settings["pairs"]), "-games", "2", "-concurrency", str(settings["concurrency"]),
            "-pgnout", f"file={pgn}", "-recover",
            "-resign", "movecount=3", "score=1000", "twosided=true",
            "-draw", "movenumber=40", "movecount=8", "score=10",
            "-config", f"outname={os.path.join(tmpdir, 'fastchess-config.json')}"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    games = []
    if os.path.exists(pgn):
        with open(pgn, encoding="utf-8", errors="replace") as f:
            games = [(g.get("White"), g.get("Black"), g["Result"], g.get("Termination", ""))
                     for g in parse_pgn_games(f.read()) if "Result" in g]
    if r.returncode != 0 or len(games) != 2 * settings["pairs"]:
        sys.stderr.write(r.stdout[-2000:] + r.stderr[-2000:])
        raise RuntimeError(f"fastchess returned {r.returncode} after {len(games)} games")
    wins = losses = draws = abnormal = 0
    for white, black, result, termination in games:
        if result == "1/2-1/2":
            draws += 1
        elif (result == "1-0") == (white == "plus"):
            wins += 1
        else:
            losses += 1
        if termination and termination not in ("normal", "adjudication"):
            abnormal += 1
    return wins, losses, draws, abnormal


def new_state(args, exe, commit):
    table = read_tunables(exe)
    names = [n.strip() for n in args.params.split(",")] if args.params else \
        [n for n, p in table.items() if p["max"] - p["min"] > 1]  # on/off switches are for SPRTs
    params = {}
    for name in names:
        if name not in table:
            raise SystemExit(f"spsa.py: no search constant named {name} (see `taper spsa`)")
        p = dict(table[name], r_end=args.r_end)
        p["value"] = float(p["default"])
        params[name] = p
    return {"commit": commit,
            "settings": {"iterations": args.iterations, "pairs": args.pairs, "tc": args.tc,
                         "nodes": args.nodes if not args.tc else None, "book": args.book,
                         "concurrency": args.concurrency, "seed": args.seed, "arch": args.arch},
            "params": params, "iteration": 0, "totals": {"wins": 0, "losses": 0, "draws": 0, "abnormal": 0},
            "history": []}


def save(state, path):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(state, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def report(state):
    s, t = state["settings"], state["totals"]
    games = t["wins"] + t["losses"] + t["draws"]
    print(f"# commit {state['commit'][:10]}, iteration {state['iteration']} of {s['iterations']}, "
          f"{games} games (theta+ W {t['wins']} L {t['losses']} D {t['draws']}, abnormal endings {t['abnormal']})")
    print(f"# {'name':<22}{'default':>9}{'now':>10}{'engine':>8}{'min':>7}{'max':>7}  c_end")
    for name, p in state["params"].items():
        print(f"  {name:<22}{p['default']:>9}{p['value']:>10.2f}{engine_value(p['value'], p):>8}"
              f"{p['min']:>7}{p['max']:>7}  {p['c_end']:g}")
    changed = [(n, engine_value(p["value"], p)) for n, p in state["params"].items()
               if engine_value(p["value"], p) != p["default"]]
    print("# candidate for an SPRT (sprt.py --tunable ...):")
    print("  " + " ".join(f"--candidate-option {n}={v}" for n, v in changed) if changed else "  (no change yet)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--state", required=True, help="JSON file holding the run (created, then resumed)")
    ap.add_argument("--commit", default="HEAD", help="revision whose tunable build plays (new runs only)")
    ap.add_argument("--params", help="comma-separated constants to tune (default: every non-switch)")
    ap.add_argument("--iterations", type=int, default=2000, help="planned iterations N (default 2000)")
    ap.add_argument("--pairs", type=int, default=4, help="opening pairs per iteration (default 4)")
    ap.add_argument("--tc", default="5+0.05", help="time control (default 5+0.05)")
    ap.add_argument("--nodes", type=int, help="fixed nodes per move instead of a clock")
    ap.add_argument("--book", default="8moves_v3.pgn.zip")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--r-end", type=float, default=0.002)
    ap.add_argument("--arch", default="native")
    ap.add_argument("--stop-after", type=int, help="stop after this many iterations in this sitting")
    ap.add_argument("--pgn", help="append the games here (default ~/.cache/taper-sprt/games/NAME-DATE.pgn)")
    ap.add_argument("--report", action="store_true", help="print the state and exit")
    args = ap.parse_args(argv)
    if args.nodes:
        args.tc = None

    if os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
        if args.report:
            report(state)
            return 0
        print(f"# resuming {args.state} at iteration {state['iteration']}", flush=True)
        _, exe = build(state["commit"], state["settings"]["arch"], tunable=True)
    else:
        if args.report:
            raise SystemExit(f"spsa.py: no state file {args.state}")
        commit = git("rev-parse", "--verify", args.commit + "^{commit}")
        _, exe = build(commit, args.arch, tunable=True)
        state = new_state(args, exe, commit)
        save(state, args.state)
    settings, params = state["settings"], state["params"]
    fastchess = find_fastchess()
    if not fastchess:
        raise SystemExit(f"spsa.py: {FASTCHESS_HELP}")
    tmpdir = tempfile.mkdtemp(prefix="taper-spsa-")
    fmt, openings = load_openings(settings["book"], tmpdir)
    # The games are tuning data (`taper pgn-data`, data/README.md): each sitting appends every
    # iteration's games to one file beside the build cache.
    games_path = args.pgn or os.path.join(
        CACHE, "games", f"{os.path.splitext(os.path.basename(args.state))[0]}-{time.strftime('%Y%m%d-%H%M%S')}.pgn")
    os.makedirs(os.path.dirname(os.path.abspath(games_path)), exist_ok=True)
    print(f"# games: {os.path.abspath(games_path)}", flush=True)

    stop = []
    signal.signal(signal.SIGTERM, lambda s, f: stop.append(s))
    signal.signal(signal.SIGINT, lambda s, f: stop.append(s))
    done_here = failures = 0
    while state["iteration"] < settings["iterations"] and not stop:
        if args.stop_after is not None and done_here >= args.stop_after:
            break
        k = state["iteration"]
        rng, plus, minus, step = perturb(params, settings["iterations"], k, settings["seed"])
        t0 = time.monotonic()
        try:
            w, l, d, bad = play_iteration(fastchess, exe, plus, minus, openings, fmt, settings, rng, tmpdir)
        except RuntimeError as e:
            if stop:
                break  # interrupted mid-iteration: that iteration is simply played again
            failures += 1
            if failures >= 3:
                print(f"# iteration {k}: {e}; three failures in a row, stopping", flush=True)
                return 2
            print(f"# iteration {k}: {e}; retrying", flush=True)
            continue
        failures = 0
        with open(os.path.join(tmpdir, "games.pgn"), encoding="utf-8", errors="replace") as src, \
                open(games_path, "a", encoding="utf-8") as dst:
            dst.write(src.read())
        apply_result(params, step, w - l)
        tot = state["totals"]
        tot["wins"] += w
        tot["losses"] += l
        tot["draws"] += d
        tot["abnormal"] += bad
        state["iteration"] = k + 1
        if state["iteration"] % 10 == 0 or state["iteration"] == settings["iterations"]:
            state["history"].append([state["iteration"], {n: round(p["value"], 2) for n, p in params.items()}])
        save(state, args.state)
        done_here += 1
        print(f"iteration {k + 1}/{settings['iterations']}: theta+ {w}-{l}-{d}"
              + (f", {bad} abnormal" if bad else "") + f", {time.monotonic() - t0:.0f} s", flush=True)
    shutil.rmtree(tmpdir, ignore_errors=True)
    report(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
