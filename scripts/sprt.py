#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""SPRT of a candidate Taper build against a base build, the way engine authors gate changes.

Builds both git revisions (cached by commit), checks their `bench` signatures and speed in the
same run, then plays a pentanomial SPRT through fastchess (via scripts/match.py) and prints one
row for docs/RESULTS.md.

Two presets follow the project's discipline:
  --mode nodes   fixed nodes per move (default 25000): for evaluation-only changes. Immune to
                 machine load, but blind to an eval term's speed cost: the bench nps ratio
                 printed alongside is that cost.
  --mode stc     short time control (default 8+0.08): for search and time-management changes.
                 Needs a quiet machine (no builds, no other games).

    scripts/sprt.py --base main --candidate HEAD                  # eval change, fixed nodes
    scripts/sprt.py --base main --candidate my-branch --mode stc  # search change
    scripts/sprt.py --base HEAD~1 --candidate HEAD --elo0 -3 --elo1 1   # a simplification
    scripts/sprt.py --candidate HEAD --elo0 -3 --elo1 1 --model logistic  # one that touches few games

The last line is `RESULT verdict=passed|failed|undecided games=N llr=X nps_ratio=R`.
A test that reaches its game cap (--max-games) undecided is over there: H1 only if its Elo
interval (fastchess's estimate minus its 95 % error) lies above zero, H0 otherwise.
Exit code: 0 if H1 accepted (the candidate gains), 1 if H0 accepted or the test was stopped
without a decision, 2 on a build or match failure.
"""
import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "scripts", "lib"))
from find_binary import FASTCHESS_HELP, find_binary  # noqa: E402
from shared_data import shared_data_dir  # noqa: E402
CACHE = os.environ.get("TAPER_SPRT_CACHE", os.path.join(os.path.expanduser("~"), ".cache", "taper-sprt"))


def git(*args):
    return subprocess.run(["git", "-C", REPO, *args], check=True, capture_output=True, text=True).stdout.strip()


def build(rev, arch, tunable=False):
    """Builds `rev` (any git revision) once into the cache; returns (commit, binary path)."""
    commit = git("rev-parse", "--verify", rev + "^{commit}")
    short = commit[:10]
    outdir = os.path.join(CACHE, f"{short}-{arch}" + ("-tunable" if tunable else ""))
    exe = os.path.join(outdir, "taper")
    if os.path.exists(exe):
        return short, exe
    src = os.path.join(outdir, "src")
    os.makedirs(src, exist_ok=True)
    archive = subprocess.Popen(["git", "-C", REPO, "archive", commit], stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", src], stdin=archive.stdout, check=True)
    archive.wait()
    print(f"# building {rev} ({short}), ARCH={arch}", flush=True)
    # Out-of-tree copies must still find the shared data beside the real repository.
    env = dict(os.environ, TAPER_DATA=shared_data_dir())
    r = subprocess.run(["make", "-C", src, f"ARCH={arch}", f"EXE={exe}", f"TUNABLE={int(tunable)}"],
                       capture_output=True, text=True, env=env)
    if r.returncode != 0 or not os.path.exists(exe):
        sys.stderr.write(r.stdout[-3000:] + r.stderr[-3000:])
        raise SystemExit(f"sprt.py: build of {rev} failed")
    return short, exe


def bench(exe):
    """Returns (signature nodes, nps) of `exe bench`."""
    out = subprocess.run([exe, "bench"], capture_output=True, text=True, timeout=600).stdout
    m = re.search(r"^(\d+) nodes (\d+) nps", out, re.M)
    if not m:
        raise SystemExit(f"sprt.py: no bench line from {exe}")
    return int(m.group(1)), int(m.group(2))


def bench_pair(base, cand, runs):
    """Interleaved runs so both builds see the same machine load; returns signatures and nps ratio."""
    nps_b, nps_c, sig_b, sig_c = [], [], None, None
    for _ in range(runs):
        sig_b, n = bench(base)
        nps_b.append(n)
        sig_c, n = bench(cand)
        nps_c.append(n)
    return sig_b, sig_c, statistics.median(nps_b), statistics.median(nps_c)


def parse_fastchess(text):
    """Fastchess's own final figures: Elo, error, games, W/L/D, pentanomial counts, LLR."""
    res = {}
    # "Elo: 47.90 +/- 21.65, nElo: 57.43 +/- 25.59" and "LLR: 3.00 (101.8%) (-2.94, 2.94) [0.00, 10.00]"
    for pat, key in [(r"(?<![A-Za-z])Elo:\s*(-?[\d.]+|inf|-inf)\s*\+/-\s*([\d.]+|nan|inf)", "elo"),
                     (r"Games:\s*(\d+),\s*Wins:\s*(\d+),\s*Losses:\s*(\d+),\s*Draws:\s*(\d+)", "games"),
                     (r"Ptnml\(0-2\):\s*\[([^\]]*)\]", "penta"),
                     (r"LLR:\s*(-?[\d.]+)\s*(?:\([-\d.]+%\)\s*)?\(([-\d.]+),\s*([-\d.]+)\)", "llr")]:
        found = re.findall(pat, text)
        if found:
            res[key] = found[-1]
    return res


# --------------------------------------------------------------------------
# A test that outlives a session. fastchess saves its whole match state (engines, book, SPRT,
# counts so far) to a JSON file as it goes; `-config file=` resumes from it. That file names this
# machine's paths and is lost with the machine, so --record keeps a copy in the repository with
# the paths replaced by placeholders, and the next session resumes from the copy: the binaries are
# rebuilt from the commits the record names, the book is unpacked again. Placeholders: {CANDIDATE},
# {BASE}, {BOOK}, {PGN}, {STATE}, {DIR}.

def map_strings(value, f):
    """`value` (parsed JSON) with `f` applied to every string in it."""
    if isinstance(value, dict):
        return {k: map_strings(x, f) for k, x in value.items()}
    if isinstance(value, list):
        return [map_strings(x, f) for x in value]
    return f(value) if isinstance(value, str) else value


def swap(text, paths, to_tokens):
    """Replaces each path by its placeholder (to_tokens) or each placeholder by its path."""
    for token, path in paths.items():
        if path:
            text = text.replace(path, token) if to_tokens else text.replace(token, path)
    return text


def save_record(state_file, record_file, meta, paths):
    """Copies fastchess's state to `record_file` with machine paths replaced by placeholders."""
    try:
        with open(state_file) as f:
            state = json.load(f)
    except (OSError, ValueError):
        return False  # not written yet, or caught mid-write: the next call saves it

    os.makedirs(os.path.dirname(os.path.abspath(record_file)), exist_ok=True)
    tmp = record_file + ".tmp"
    with open(tmp, "w") as f:
        json.dump({"record": meta, "fastchess": map_strings(state, lambda t: swap(t, paths, to_tokens=True))}, f, indent=1)
        f.write("\n")
    os.replace(tmp, record_file)
    return True


def load_record(record_file, paths, state_file):
    """Writes a fastchess state file from a record, placeholders filled with this machine's paths."""
    with open(record_file) as f:
        rec = json.load(f)

    with open(state_file, "w") as f:
        json.dump(map_strings(rec["fastchess"], lambda t: swap(t, paths, to_tokens=False)), f, indent=1)
    return rec["record"]


def unpack_book(spec, tmpdir):
    book = os.path.join(REPO, "tests", "data", "books", spec)
    if not os.path.exists(book):
        book = os.path.join(shared_data_dir(), "books", spec)
    if book.endswith(".zip"):
        with zipfile.ZipFile(book) as z:
            member = [n for n in z.namelist() if n.endswith((".pgn", ".epd"))][0]
            z.extract(member, tmpdir)
            book = os.path.join(tmpdir, member)
    return book


def decide(text, llr, lo, hi, games, max_games, elo):
    """(h1, h0, verdict) of a finished or stopped match: fastchess's own verdict first, then the
    LLR against its bounds; a test that reached its game cap undecided is over there, and kept
    only if its Elo interval, `elo` = (estimate, 95 % error), lies above zero (the project's rule,
    docs/sprt/README.md). That keeps a test whose true value sits mid-band from running for ever."""
    h1 = "H1 was accepted" in text or llr >= hi
    h0 = "H0 was accepted" in text or llr <= lo
    if h1 or h0:
        return h1, h0, "H1 accepted (passed)" if h1 else "H0 accepted (failed)"
    if games >= max_games:
        low = elo[0] - elo[1]
        h1 = low > 0
        return h1, not h1, (f"{'H1' if h1 else 'H0'} accepted at the {max_games}-game cap "
                            f"(Elo interval's low end {low:+.2f} {'>' if h1 else '<='} 0)")
    return False, False, "no decision (stopped)"


def match_verdict(text, max_games):
    """fastchess's last figures in `text` (parse_fastchess) with the test's LLR, its bounds and
    decide()'s verdict, or None when the text holds no result."""
    fc = parse_fastchess(text)
    if "games" not in fc:
        return None
    llr, lo, hi = (float(x) for x in fc.get("llr", ("0", "-2.94", "2.94")))
    elo = tuple(float(x) for x in fc.get("elo", ("0", "0")))
    return (fc, llr, lo, hi) + decide(text, llr, lo, hi, int(fc["games"][0]), max_games, elo)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", default="main", help="git revision of the base build (default main)")
    ap.add_argument("--candidate", default="HEAD", help="git revision of the candidate (default HEAD)")
    ap.add_argument("--mode", choices=["nodes", "stc", "ltc"], default="nodes")
    ap.add_argument("--nodes", type=int, default=25000, help="nodes per move in --mode nodes (default 25000)")
    ap.add_argument("--tc", help="time control (default 8+0.08 for stc, 40+0.4 for ltc)")
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=5.0)
    ap.add_argument("--model", choices=["normalized", "logistic"], default="normalized",
                    help="what the bounds measure: normalized Elo (default, as fishtest) or logistic Elo. "
                         "A change that alters only a few games (an endgame rule) has so little variance "
                         "that normalized bounds of a few nElo mean a fraction of one Elo and take "
                         "tens of thousands of games; logistic bounds ask the plain question 'loses <= 3 Elo?'")
    ap.add_argument("--max-games", type=int, default=20000,
                    help="cap on games (default 20000); an undecided test is over there, "
                         "kept only if its Elo interval lies above zero")
    ap.add_argument("--book", default="8moves_v3.pgn.zip", help="opening book in the shared books folder")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--arch", default="native", help="make ARCH= of both builds (default native)")
    ap.add_argument("--bench-runs", type=int, default=3, help="interleaved bench runs per build (default 3)")
    ap.add_argument("--pgn", help="keep the games in this PGN file (with --record, by default "
                                  "~/.cache/taper-sprt/games/NAME-DATE.pgn, one file per sitting)")
    ap.add_argument("--state", metavar="FILE",
                    help="fastchess saves the match state here as it goes; a test stopped by a session's end "
                         "resumes with `fastchess -config file=FILE` (same engines, book, SPRT and counts)")
    ap.add_argument("--seed", type=int, default=1, help="book order seed (same for every test: default 1)")
    ap.add_argument("--record", metavar="FILE",
                    help="keep the test's state in FILE (in the repository, e.g. docs/sprt/NAME.json), so a later "
                         "session resumes it: if FILE exists, every other setting comes from it and the match "
                         "continues where it stopped")
    ap.add_argument("--tunable", action="store_true",
                    help="build with TUNABLE=1 (search constants are UCI options), e.g. to test a switched-off "
                         "candidate in tunables.def against the same commit: --base X --candidate X "
                         "--candidate-option NewIdea=1")
    ap.add_argument("--candidate-option", action="append", default=[], metavar="NAME=VALUE",
                    help="UCI option for the candidate only (repeatable)")
    ap.add_argument("--base-option", action="append", default=[], metavar="NAME=VALUE",
                    help="UCI option for the base only (repeatable)")
    args = ap.parse_args(argv)
    resuming = bool(args.record and os.path.exists(args.record))
    if resuming:
        with open(args.record) as f:
            saved = json.load(f)["record"]
        for key, value in saved["args"].items():
            if key not in ("record", "pgn", "state"):
                setattr(args, key, value)
        args.base, args.candidate = saved["base_commit"], saved["candidate_commit"]
        print(f"# resuming {args.record}: {saved['summary']}", flush=True)

    if args.record and not args.pgn:
        # A recorded test's games are tuning data (`taper pgn-data`, data/README.md): each sitting
        # keeps them beside the build cache, which outlives the temporary folder.
        stem = os.path.splitext(os.path.basename(args.record))[0]
        args.pgn = os.path.join(CACHE, "games", f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}.pgn")
        os.makedirs(os.path.dirname(args.pgn), exist_ok=True)
    if args.pgn:
        print(f"# games: {os.path.abspath(args.pgn)}", flush=True)

    base_id, base_exe = build(args.base, args.arch, args.tunable)
    cand_id, cand_exe = build(args.candidate, args.arch, args.tunable)
    sig_b, sig_c, nps_b, nps_c = bench_pair(base_exe, cand_exe, args.bench_runs)
    print(f"# bench: base {base_id} {sig_b} nodes {nps_b / 1e6:.2f} Mnps; candidate {cand_id} {sig_c} nodes "
          f"{nps_c / 1e6:.2f} Mnps; speed ratio {nps_c / nps_b:.3f}", flush=True)
    if sig_b == sig_c and not args.candidate_option and not args.base_option:
        print("# warning: same bench signature: the candidate may not change behaviour", flush=True)

    if args.mode == "nodes":
        limit = ["--nodes", str(args.nodes)]
        cond = f"{args.nodes} nodes/move"
    else:
        tc = args.tc or ("8+0.08" if args.mode == "stc" else "40+0.4")
        limit = ["--tc", tc]
        cond = f"{tc}"
    cmd = [sys.executable, os.path.join(REPO, "scripts", "match.py"),
           "-a", cand_exe, "--name-a", f"cand-{cand_id}", "-b", base_exe, "--name-b", f"base-{base_id}",
           *limit, "--games", str(args.max_games), "--concurrency", str(args.concurrency),
           "--book", args.book, "--seed", str(args.seed), "--adjudicate",
           "--sprt", "--elo0", str(args.elo0), "--elo1", str(args.elo1), "--sprt-model", args.model]
    cmd += [f"--option-a={o}" for o in args.candidate_option] + [f"--option-b={o}" for o in args.base_option]
    if args.pgn:
        cmd += ["--pgn", args.pgn]
    tmpdir = tempfile.mkdtemp(prefix="taper-sprt-")
    state = os.path.abspath(args.state) if args.state else (os.path.join(tmpdir, "state.json") if args.record else None)
    pgn = os.path.abspath(args.pgn) if args.pgn else os.path.join(tmpdir, "games.pgn")
    paths = {"{CANDIDATE}": cand_exe, "{BASE}": base_exe, "{PGN}": pgn, "{STATE}": state, "{DIR}": tmpdir}
    if resuming:
        # fastchess replays the saved configuration; only the book needs unpacking again.
        paths["{BOOK}"] = unpack_book(args.book, tmpdir)
        load_record(args.record, paths, state)
        fastchess = find_binary("fastchess")
        if not fastchess:
            raise SystemExit(f"sprt.py: {FASTCHESS_HELP}")
        cmd = [fastchess, "-config", f"file={state}", f"outname={state}"]
    elif state:
        cmd += ["--fastchess-arg=-config", f"--fastchess-arg=outname={state}"]
    meta = {"base_commit": git("rev-parse", base_id), "candidate_commit": git("rev-parse", cand_id),
            "args": {k: v for k, v in vars(args).items() if k not in ("record", "pgn", "state")},
            "summary": "no games yet"}
    print("# " + " ".join(cmd), flush=True)
    t0 = time.monotonic()
    # An interrupt (Ctrl-C, or `kill` of this process) stops the match cleanly, even when this
    # script was started in the background, where SIGINT arrives ignored: the child gets SIGINT
    # back (so match.py stops fastchess, which saves its state), and SIGTERM here means the same.
    def interrupt(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    out = []

    def keep_record():
        if not args.record:
            return
        if paths.get("{BOOK}") is None:
            found = re.search(r'"file":\s*"([^"]*)"', open(state).read()) if os.path.exists(state) else None
            if found and found.group(1).endswith((".pgn", ".epd")):
                paths["{BOOK}"] = found.group(1)  # match.py's unpacked copy
        try:  # the counts fastchess saved (its printed summaries lag behind)
            with open(state) as f:
                st = next(iter(json.load(f)["stats"].values()))
            penta = [st[k] for k in ("penta_LL", "penta_LD", "penta_WL", "penta_DD", "penta_WD", "penta_WW")]
            fc_now = parse_fastchess("".join(out))
            meta["summary"] = (f"{st['wins'] + st['losses'] + st['draws']} games, W {st['wins']} L {st['losses']} "
                               f"D {st['draws']}, penta [{penta[0]}, {penta[1]}, {penta[2] + penta[3]}, "
                               f"{penta[4]}, {penta[5]}], last printed LLR {fc_now.get('llr', ('?',))[0]}")
        except (OSError, ValueError, KeyError, StopIteration):
            pass
        save_record(state, args.record, meta, paths)

    try:
        for line in proc.stdout:
            out.append(line)
            if not line.startswith(("Started game", "Finished game")):
                sys.stdout.write(line)
                sys.stdout.flush()
            if line.startswith("Finished game"):
                keep_record()
    except KeyboardInterrupt:
        # Pass the interrupt on (match.py, or fastchess when resuming, stops cleanly on SIGINT and
        # fastchess saves its state), then read what they print on the way out.
        proc.send_signal(signal.SIGINT)
        try:
            out.extend(proc.stdout)
        except KeyboardInterrupt:
            proc.kill()
    rc = proc.wait()
    keep_record()
    text = "".join(out)
    verdict_found = match_verdict(text, args.max_games)
    if verdict_found is None:
        print(f"sprt.py: no result from the match (exit {rc})", file=sys.stderr)
        if args.record:
            print(f"# {args.record} holds {meta['summary']}", file=sys.stderr)
        return 2
    fc, llr, lo, hi, h1, h0, verdict = verdict_found
    games, w, l, d = fc["games"]
    elo = f"{fc['elo'][0]} ± {fc['elo'][1]}" if "elo" in fc else "?"
    minutes = (time.monotonic() - t0) / 60
    limit_arg = f" --nodes {args.nodes}" if args.mode == "nodes" else f" --tc {args.tc}" if args.tc else ""
    limit_arg += f" --model {args.model}" if args.model != "normalized" else ""
    limit_arg += " --tunable" if args.tunable else ""
    limit_arg += "".join(f" --candidate-option {o}" for o in args.candidate_option)
    limit_arg += "".join(f" --base-option {o}" for o in args.base_option)
    print(f"# {verdict} after {games} games in {minutes:.0f} min")
    print("RESULTS.md row:")
    print(f"| {time.strftime('%Y-%m-%d')} | {cand_id} vs {base_id} | SPRT [{args.elo0:g}, {args.elo1:g}] {args.model} Elo, {cond}, "
          f"{args.book}, pentanomial | `scripts/sprt.py --base {args.base} --candidate {args.candidate} "
          f"--mode {args.mode}{limit_arg} --elo0 {args.elo0:g} --elo1 {args.elo1:g}` | {games} games +{w} ={d} -{l}, Elo {elo}, penta [{fc.get('penta', '?')}], "
          f"LLR {llr:.2f} ({lo:g}, {hi:g}): **{verdict}**; bench {sig_c} vs {sig_b}, nps ratio {nps_c / nps_b:.3f} |")
    short = "passed" if h1 else "failed" if h0 else "undecided"
    print(f"RESULT verdict={short} games={games} llr={llr:.2f} nps_ratio={nps_c / nps_b:.3f}")
    return 0 if h1 else 1


if __name__ == "__main__":
    sys.exit(main())
