#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Anchor A/B: a candidate and its base each play the same anchor engine (Stockfish 11) on the
same openings, with the same colours, at fixed nodes; the difference of their scores, paired by
opening, decides an evaluation change.

Why: a Taper-vs-Taper test cannot reward what neither side sees. An evaluation change that moves
Taper's judgement towards a stronger engine's shows against that engine (issue 109). Both arms
meet the same opponent on the same opening pair, so what the opening gives or takes cancels in
the difference; fixed nodes on both sides make the test immune to machine load (it may run beside
builds and datagen).

    scripts/anchor_ab.py --anchor <stockfish-11> --base main --candidate HEAD --record docs/anchor/NAME.json
    scripts/anchor_ab.py --record docs/anchor/NAME.json            # resume (every setting from the record)
    scripts/anchor_ab.py --record docs/anchor/NAME.json --report   # figures only, no games

One fastchess gauntlet per sitting: the anchor against both builds, each opening of the sitting
written twice in a row into a book read in order, so that the anchor meets the candidate and then
the base on the same opening, each with both colours (fastchess takes a new opening for each
pairing). Every finished game goes into the record at once; an opening counts when all four of its
games are in, and a sitting that stops mid-opening plays that opening again next time.

The statistic, per opening i: d_i = (candidate's points) - (base's points) over the opening's two
games each, in [-2, 2]. Its mean and standard error give the score difference and its 95 %
interval, turned into Elo at the arms' pooled score; the GSPRT on d (normal approximation, as
fishtest's) takes bounds in Elo of the difference. Each arm's own score against the anchor is
reported too (pentanomial error), with how many of the candidate's games were move-for-move the
base's (a change that alters no game cannot show).

Calibration (the noise of base against base): --base X --candidate X with --candidate-nodes a
fraction above --nodes (e.g. 50,250 against 50,000): the same engine, different games.

The last line is `RESULT verdict=passed|failed|undecided openings=N diff_elo=X err=Y llr=Z`.
"""
import argparse
import hashlib
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "scripts", "lib"))
sys.path.insert(0, os.path.join(REPO, "scripts"))
from find_binary import FASTCHESS_HELP, find_binary  # noqa: E402
from shared_data import find_data  # noqa: E402
import sprt  # noqa: E402  (build(), bench_pair(): the same build cache as the SPRTs)

ARMS = ("cand", "base")
POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}
FINISHED = re.compile(r"^Finished game (\d+) \((.+?) vs (.+?)\): (1-0|0-1|1/2-1/2|\*)(?: \{(.*)\})?")
INTERRUPTED = []   # set when a sitting was stopped by Ctrl-C or SIGTERM: no waiting for more
ABNORMAL = re.compile(r"time|illegal|disconnect|crash|stall|interrupt", re.I)


# --------------------------------------------------------------------------
# The book: PGN games (8moves_v3) or EPD lines, in an order fixed by the seed

def split_pgn(text):
    """The games of a PGN text, each as its own text (headers and moves)."""
    games, current, in_moves = [], [], False
    for line in text.splitlines():
        if line.startswith("[") and in_moves:
            games.append("\n".join(current).strip() + "\n")
            current, in_moves = [], False
        if line.strip() and not line.startswith("["):
            in_moves = True
        current.append(line)
    if current and "".join(current).strip():
        games.append("\n".join(current).strip() + "\n")
    return games


def read_book(spec):
    """(format, list of openings as text) of a book given by path or by name in the data folders."""
    path = spec if os.path.exists(spec) else find_data(os.path.join("books", spec))
    if not path:
        raise SystemExit(f"anchor_ab.py: opening book not found: {spec}")
    if path.endswith(".zip"):
        with zipfile.ZipFile(path) as z:
            member = [n for n in z.namelist() if n.endswith((".pgn", ".epd"))][0]
            text, name = z.read(member).decode("utf-8", "replace"), member
    else:
        with open(path, encoding="utf-8", errors="replace") as f:
            text, name = f.read(), path
    if name.lower().endswith(".pgn"):
        return "pgn", split_pgn(text)
    return "epd", [line + "\n" for line in text.splitlines() if line.strip()]


def opening_order(count, seed):
    """The book's openings in the test's order: a permutation fixed by the seed."""
    order = list(range(count))
    random.Random(seed).shuffle(order)
    return order


def sitting_book(openings, indices, copies):
    """The sitting's book: each opening `copies` times in a row (once for each arm's pairing)."""
    return "".join(openings[i] + ("\n" if openings[i].startswith("[") else "") for i in indices for _ in range(copies))


# --------------------------------------------------------------------------
# Games into the record

def game_slot(game_id, arms=2):
    """(opening's position in the sitting, pairing within it: the index of the arm in the
    sitting's arms, game 0 or 1) of fastchess's game number, the anchor against `arms` engines
    (a gauntlet for two), two games a pairing, openings in order."""
    k = game_id - 1
    return k // (2 * arms), (k // 2) % arms, k % 2


def parse_finished(line, names):
    """(game id, arm, Taper's points, the anchor played White, reason) of a `Finished game` line,
    or None. `names` maps fastchess's engine names to "cand", "base" or "anchor"."""
    m = FINISHED.match(line)
    if not m or m.group(4) == "*":
        return None
    gid, white, black, result, reason = int(m.group(1)), m.group(2), m.group(3), m.group(4), m.group(5) or ""
    w, b = names.get(white), names.get(black)
    if {w, b} not in ({"anchor", "cand"}, {"anchor", "base"}):
        return None
    arm = w if w != "anchor" else b
    pts = POINTS[result][0 if w == arm else 1]
    return gid, arm, pts, w == "anchor", reason


def complete_openings(record):
    """Openings (by their position in the test's order) with all four games, as {pos: {arm: [p, p]}}."""
    done = {}
    for pos, games in record["games"].items():
        if all(len(games.get(a, {})) == 2 for a in ARMS):
            done[int(pos)] = {a: [games[a][g]["points"] for g in sorted(games[a])] for a in ARMS}
    return done


# --------------------------------------------------------------------------
# Statistics

def elo_of_score(s):
    s = min(max(s, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / s - 1.0)


def elo_slope(s):
    """d Elo / d score at score s."""
    s = min(max(s, 1e-3), 1 - 1e-3)
    return 400.0 / (math.log(10) * s * (1 - s))


def mean_var(xs):
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    v = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, v


def arm_figures(pairs):
    """One arm's score and Elo against the anchor from its pair sums (0..2 points per opening):
    (score, elo, elo_error_95, pentanomial counts [0, .5, 1, 1.5, 2])."""
    n = len(pairs)
    if n == 0:
        return 0.0, 0.0, 0.0, [0] * 5
    penta = [sum(1 for p in pairs if abs(p - k / 2) < 1e-9) for k in range(5)]
    m, v = mean_var([p / 2 for p in pairs])
    se = math.sqrt(v / n) if n > 1 else 0.0
    return m, elo_of_score(m), 1.96 * se * elo_slope(m), penta


def difference(done):
    """The paired difference over complete openings: dict with the score difference per game and
    its 95 % error, the same in Elo at the pooled score, the unpaired error for comparison (as if
    the arms had played different openings), the correlation of the arms' pair sums, and the
    openings where both arms scored alike."""
    n = len(done)
    cand = [sum(g["cand"]) for g in done.values()]
    base = [sum(g["base"]) for g in done.values()]
    d = [c - b for c, b in zip(cand, base)]
    md, vd = mean_var(d)
    mc, vc = mean_var(cand)
    mb, vb = mean_var(base)
    pooled = (mc + mb) / 4 if n else 0.5
    se = math.sqrt(vd / n) / 2 if n > 1 else 0.0          # per game
    se_unpaired = math.sqrt((vc + vb) / n) / 2 if n > 1 else 0.0
    corr = ((sum((c - mc) * (b - mb) for c, b in zip(cand, base)) / (n - 1)) / math.sqrt(vc * vb)
            if n > 1 and vc > 0 and vb > 0 else 0.0)
    slope = elo_slope(pooled)
    return {"openings": n, "diff_score": md / 2, "err_score": 1.96 * se, "diff_elo": md / 2 * slope,
            "err_elo": 1.96 * se * slope, "err_elo_unpaired": 1.96 * se_unpaired * slope,
            "correlation": corr, "pooled_score": pooled, "same": sum(1 for x in d if x == 0),
            "var_d": vd}


def gsprt_llr(done, elo0, elo1):
    """Log-likelihood ratio of H1 (the difference is elo1) against H0 (elo0), Elo converted to
    points of d (per opening, two games) at the pooled score; normal approximation of d."""
    fig = difference(done)
    n, var = fig["openings"], fig["var_d"]
    if n < 2 or var <= 0:
        return 0.0
    to_d = 2.0 / elo_slope(fig["pooled_score"])   # points of d per Elo
    mu0, mu1 = elo0 * to_d, elo1 * to_d
    total = sum(sum(g["cand"]) - sum(g["base"]) for g in done.values())
    return (mu1 - mu0) / var * (total - n * (mu0 + mu1) / 2)


def verdict(llr, bound=2.94, games_per_arm=0, max_games=10000, fig=None):
    if llr >= bound:
        return "passed", "H1 accepted (passed)"
    if llr <= -bound:
        return "failed", "H0 accepted (failed)"
    if fig and games_per_arm >= max_games:
        low = fig["diff_elo"] - fig["err_elo"]
        return ("passed" if low > 0 else "failed"), f"over at the {max_games}-game cap (interval's low end {low:+.1f})"
    return "undecided", "undecided"


def summary(record):
    """The figures of the record, as text lines, and the RESULT values."""
    done = complete_openings(record)
    fig = difference(done)
    a = record["args"]
    lines = [f"# {record['name']}: candidate {record['candidate_commit'][:10]} vs base {record['base_commit'][:10]}, "
             f"each against the anchor at {a['anchor_nodes']} nodes; Taper at {a['nodes']} "
             f"(candidate {a.get('candidate_nodes') or a['nodes']}), {a['book']} seed {a['seed']}"]
    for arm in ARMS:
        score, elo, err, penta = arm_figures([sum(g[arm]) for g in done.values()])
        w = sum(1 for g in done.values() for p in g[arm] if p == 1)
        l_ = sum(1 for g in done.values() for p in g[arm] if p == 0)
        dr = 2 * len(done) - w - l_
        lines.append(f"# {arm:4s}: {2 * len(done)} games +{w} ={dr} -{l_}, score {score:.4f}, "
                     f"Elo vs anchor {elo:+.1f} ± {err:.1f}, penta {penta}")
    llr = gsprt_llr(done, a["elo0"], a["elo1"])
    short, text = verdict(llr, games_per_arm=2 * len(done), max_games=a["max_games"], fig=fig)
    lines.append(f"# difference (candidate - base), paired by opening: {fig['diff_elo']:+.2f} ± {fig['err_elo']:.2f} Elo "
                 f"(score {fig['diff_score']:+.4f} ± {fig['err_score']:.4f}); unpaired error would be ± "
                 f"{fig['err_elo_unpaired']:.2f}; arms' correlation {fig['correlation']:.3f}; "
                 f"openings scored alike {fig['same']}/{fig['openings']}")
    lines.append(f"# identical games (candidate's moves = base's): {identical_games(record)}; "
                 f"abnormal endings (time, illegal move, crash, stall): {abnormal_games(record)}")
    lines.append(f"# GSPRT [{a['elo0']:g}, {a['elo1']:g}] Elo of the difference: LLR {llr:.2f} (±2.94): {text}")
    result = (f"RESULT verdict={short} openings={fig['openings']} diff_elo={fig['diff_elo']:.2f} "
              f"err={fig['err_elo']:.2f} llr={llr:.2f}")
    return lines, result


# --------------------------------------------------------------------------
# The record

def save(record, path):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)


def add_game(record, pos, arm, game, pts, anchor_white, reason, moves):
    g = record["games"].setdefault(str(pos), {})
    g.setdefault(arm, {})[str(game)] = {"points": pts, "anchor_white": anchor_white, "reason": reason,
                                        "moves": moves}


def identical_games(record):
    """Games of the candidate move for move the base's (same opening, same colours)."""
    n = 0
    for g in record["games"].values():
        base = {x.get("anchor_white"): x.get("moves") for x in g.get("base", {}).values()}
        n += sum(1 for c in g.get("cand", {}).values()
                 if c.get("moves") and c["moves"] == base.get(c.get("anchor_white")))
    return n


def abnormal_games(record):
    return sum(1 for g in record["games"].values() for arm in g.values() for x in arm.values()
               if ABNORMAL.search(x.get("reason") or ""))


def pgn_moves_by_round(pgn_text):
    """{(white, black, fastchess round number): a short hash of the moves} from fastchess's PGN,
    so that identical games of the two arms can be counted without keeping the moves."""
    out = {}
    for game in split_pgn(pgn_text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M))
        body = "\n".join(l for l in game.splitlines() if not l.startswith("["))
        body = re.sub(r"\{[^}]*\}", "", body)
        moves = " ".join(t for t in body.split() if not re.match(r"^\d+\.+$", t))
        out[(tags.get("White"), tags.get("Black"), tags.get("Round"))] = hashlib.sha1(moves.encode()).hexdigest()[:12]
    return out


def completed_by(record, arm):
    """Positions (in the test's order) where `arm` has both games."""
    return {int(p) for p, g in record["games"].items() if len(g.get(arm, {})) == 2}


def run_sitting(cmd, names, arms, positions, on_game):
    """Runs fastchess; calls on_game(position, arm, game, points, anchor_white, reason, moves hash)
    for every finished game. Returns when fastchess ends or on_game returns True (stop)."""
    print("# " + " ".join(cmd), flush=True)
    pgn = cmd[cmd.index("-pgnout") + 1][len("file="):]

    def interrupt(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
                            start_new_session=True)
    pgn_seen, hashes = 0, {}
    try:
        for line in proc.stdout:
            parsed = parse_finished(line, names)
            if not parsed:
                if line.startswith(("Warning", "Error")) or "crash" in line.lower():
                    sys.stdout.write(line)
                continue
            gid, arm, pts, anchor_white, reason = parsed
            slot, pairing, game = game_slot(gid, len(arms))
            if arms[pairing] != arm:
                raise SystemExit(f"anchor_ab.py: game {gid} is {arm}'s, the schedule says otherwise: {line.strip()}")
            # The PGN is written as each game ends; read what is new to compare the arms' moves.
            try:
                with open(pgn) as f:
                    f.seek(pgn_seen)
                    new = f.read()
                cut = len(new) if new.endswith("\n\n") else new.rfind("\n\n[") + 2
                if cut >= 2:
                    hashes.update(pgn_moves_by_round(new[:cut]))
                    pgn_seen += cut
            except OSError:
                pass
            m = FINISHED.match(line)
            moves = hashes.get((m.group(2), m.group(3), str((gid - 1) // 2 + 1)))
            if on_game(positions[slot], arm, game, pts, anchor_white, reason, moves):
                break
    except KeyboardInterrupt:
        INTERRUPTED.append(True)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)


def fastchess_command(fastchess, anchor, args, players, book, fmt, rounds, pgn):
    """The sitting's fastchess command: the anchor against each of `players` [(name, exe, nodes,
    options)], two games an opening each, the book read in order."""
    cmd = [fastchess, "-engine", f"cmd={anchor}", "name=anchor", f"nodes={args.anchor_nodes}"]
    for name, exe, nodes, options in players:
        cmd += ["-engine", f"cmd={exe}", f"name={name}", f"nodes={nodes}", *[f"option.{o}" for o in options]]
    cmd += ["-each", "option.Hash=16", "option.Threads=1"]
    if len(players) > 1:
        cmd += ["-tournament", "gauntlet", "-seeds", "1"]
    cmd += ["-rounds", str(rounds), "-games", "2", "-concurrency", str(args.concurrency),
            "-openings", f"file={book}", f"format={fmt}", "order=sequential",
            "-resign", "movecount=3", "score=1000", "twosided=true",
            "-draw", "movenumber=40", "movecount=8", "score=10",
            "-pgnout", f"file={pgn}", "append=true", "-recover",
            "-config", f"outname={os.path.join(os.path.dirname(book), 'fastchess-state.json')}"]
    if args.concurrency > (os.cpu_count() or 1):
        cmd.append("-force-concurrency")
    return cmd


def same_base(record, other):
    """Why the base arm of `other` cannot stand for `record`'s, or None if it can: the same base
    build, nodes, anchor nodes, book, seed and base options replay the same games (both engines
    are deterministic at fixed nodes on one thread; --check-base measures it)."""
    if other["base_commit"] != record["base_commit"]:
        return f"base commit {other['base_commit'][:10]} != {record['base_commit'][:10]}"
    for key in ("nodes", "anchor_nodes", "book", "seed", "base_option", "tunable", "arch"):
        if other["args"].get(key) != record["args"].get(key):
            return f"{key}: {other['args'].get(key)!r} != {record['args'].get(key)!r}"
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--record", required=True, help="the test's record (docs/anchor/NAME.json); resumed if it exists")
    ap.add_argument("--anchor", help="the anchor engine (default $TAPER_ANCHOR); Stockfish 11 built from its sf_11 tag")
    ap.add_argument("--base", default="main")
    ap.add_argument("--candidate", default="HEAD")
    ap.add_argument("--nodes", type=int, default=50000, help="Taper's nodes a move (default 50000)")
    ap.add_argument("--candidate-nodes", type=int, help="the candidate's nodes a move (default --nodes; for the calibration)")
    ap.add_argument("--anchor-nodes", type=int, default=50000, help="the anchor's nodes a move (default 50000)")
    ap.add_argument("--candidate-option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--base-option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--tunable", action="store_true", help="build with TUNABLE=1")
    ap.add_argument("--book", default="8moves_v3.pgn.zip")
    ap.add_argument("--seed", type=int, default=1, help="order of the book's openings (default 1)")
    ap.add_argument("--elo0", type=float, default=0.0, help="GSPRT H0: Elo difference (default 0)")
    ap.add_argument("--elo1", type=float, default=5.0, help="GSPRT H1: Elo difference (default 5)")
    ap.add_argument("--max-games", type=int, default=10000, help="games per arm at which the test is over (default 10000)")
    ap.add_argument("--openings", type=int, default=100000, help="openings to play in this sitting (default: until decided)")
    ap.add_argument("--base-record", metavar="FILE",
                    help="take the base arm's games from FILE, another record with the same base build, nodes, "
                         "book and seed (the games would be the same), and play only the candidate: half the games")
    ap.add_argument("--check-base", type=int, metavar="K",
                    help="replay the base arm on the record's first K openings and count the games that come out "
                         "move for move as recorded (the determinism --base-record relies on); no other games")
    ap.add_argument("--base-only", action="store_true",
                    help="play only the base arm, on the openings after the last one it has: extends a record "
                         "that other tests read with --base-record")
    ap.add_argument("--wait", type=float, default=0, metavar="MINUTES",
                    help="with --base-record: when the base record has no opening left, wait up to MINUTES for "
                         "it to grow (it is being extended by another run) before stopping (default 0)")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--arch", default="native")
    ap.add_argument("--report", action="store_true", help="print the record's figures and stop")
    ap.add_argument("--pgn", help="keep this sitting's games in FILE (appended)")
    args = ap.parse_args(argv)

    if os.path.exists(args.record):
        with open(args.record) as f:
            record = json.load(f)
        for key, value in record["args"].items():
            setattr(args, key, value)
        args.base, args.candidate = record["base_commit"], record["candidate_commit"]
        if record.get("base_record") and not args.base_record:
            args.base_record = os.path.join(os.path.dirname(args.record), record["base_record"])
    else:
        if args.report or args.check_base:
            raise SystemExit(f"anchor_ab.py: no record {args.record}")
        record = None

    if args.report:
        lines, result = summary(record)
        print("\n".join(lines))
        print(result)
        return 0

    anchor = args.anchor or os.environ.get("TAPER_ANCHOR")
    if not anchor or not os.access(anchor, os.X_OK):
        raise SystemExit("anchor_ab.py: give the anchor engine with --anchor PATH (or $TAPER_ANCHOR)")
    fastchess = find_binary("fastchess")
    if not fastchess:
        raise SystemExit(f"anchor_ab.py: {FASTCHESS_HELP}")

    base_id, base_exe = sprt.build(args.base, args.arch, args.tunable)
    cand_id, cand_exe = sprt.build(args.candidate, args.arch, args.tunable)
    if record is None:
        sig_b, sig_c, nps_b, nps_c = sprt.bench_pair(base_exe, cand_exe, 1)
        keep = ("nodes", "candidate_nodes", "anchor_nodes", "candidate_option", "base_option", "tunable", "book",
                "seed", "elo0", "elo1", "max_games", "arch")
        record = {"name": os.path.splitext(os.path.basename(args.record))[0],
                  "base_commit": sprt.git("rev-parse", base_id), "candidate_commit": sprt.git("rev-parse", cand_id),
                  "bench": {"base": sig_b, "candidate": sig_c, "nps_ratio": round(nps_c / nps_b, 3)},
                  "args": {k: getattr(args, k) for k in keep}, "games": {}, "sittings": []}
    base_source = None
    if args.base_record:
        with open(args.base_record) as f:
            base_source = json.load(f)
        why = same_base(record, base_source)
        if why:
            raise SystemExit(f"anchor_ab.py: {args.base_record} cannot give the base arm: {why}")
        record["base_record"] = os.path.basename(args.base_record)
    save(record, args.record)
    print(f"# anchor {anchor}; candidate {cand_id} ({cand_exe}); base {base_id} ({base_exe})", flush=True)

    fmt, openings = read_book(args.book)
    order = opening_order(len(openings), args.seed)
    tmpdir = tempfile.mkdtemp(prefix="taper-anchor-")
    pgn = os.path.abspath(args.pgn) if args.pgn else os.path.join(tmpdir, "games.pgn")
    cand_player = (f"cand-{cand_id}", cand_exe, args.candidate_nodes or args.nodes, args.candidate_option)
    base_player = (f"base-{base_id}", base_exe, args.nodes, args.base_option)
    names = {"anchor": "anchor", cand_player[0]: "cand", base_player[0]: "base"}
    book = os.path.join(tmpdir, "book." + fmt)

    if args.check_base:
        positions = sorted(completed_by(record, "base"))[:args.check_base]
        with open(book, "w") as f:
            f.write(sitting_book(openings, [order[p] for p in positions], 1))
        same, total = [0], [0]

        def compare(pos, arm, game, pts, anchor_white, reason, moves):
            stored = {x["anchor_white"]: x for x in record["games"][str(pos)]["base"].values()}[anchor_white]
            total[0] += 1
            same[0] += bool(moves and stored.get("moves") == moves and stored["points"] == pts)
            return False
        run_sitting(fastchess_command(fastchess, anchor, args, [base_player], book, fmt, len(positions), pgn),
                    names, ["base"], positions, compare)
        record.setdefault("determinism", []).append({"date": time.strftime("%Y-%m-%d"), "games": total[0],
                                                     "identical": same[0]})
        save(record, args.record)
        print(f"# base arm replayed: {same[0]} of {total[0]} games move for move as recorded")
        print(f"RESULT check_base games={total[0]} identical={same[0]}")
        return 0 if same[0] == total[0] else 1

    if args.base_only:
        have = completed_by(record, "base")
        start = max(have) + 1 if have else 0
        positions = list(range(start, min(start + args.openings, len(order))))
        for pos in [p for p in record["games"] if int(p) >= start]:
            del record["games"][pos]
        with open(book, "w") as f:
            f.write(sitting_book(openings, [order[p] for p in positions], 1))
        sitting = {"date": time.strftime("%Y-%m-%d %H:%M"), "first": start, "games": 0, "base_only": True}
        record["sittings"].append(sitting)

        def keep_base(pos, arm, game, pts, anchor_white, reason, moves):
            add_game(record, pos, arm, game, pts, anchor_white, reason, moves)
            sitting["games"] += 1
            save(record, args.record)
            return False
        try:
            run_sitting(fastchess_command(fastchess, anchor, args, [base_player], book, fmt, len(positions), pgn),
                        names, ["base"], positions, keep_base)
        finally:
            save(record, args.record)
        print(f"# base arm: {len(completed_by(record, 'base'))} openings complete")
        return 0

    while True:
        code = play_candidate_sitting(record, args, base_source, order, openings, fmt, book, pgn, fastchess, anchor,
                                      cand_player, base_player, names)
        if code is not None or not base_source or not args.wait or INTERRUPTED:
            return code or 0
        # The base record is being extended by another run: wait for openings to play.
        deadline = time.monotonic() + args.wait * 60
        while time.monotonic() < deadline:
            time.sleep(30)
            with open(args.base_record) as f:
                base_source = json.load(f)
            if completed_by(base_source, "base") - set(complete_openings(record)):
                break
        else:
            print(f"# no new base openings in {args.wait:g} minutes: stopping")
            return 0


def play_candidate_sitting(record, args, base_source, order, openings, fmt, book, pgn, fastchess, anchor,
                           cand_player, base_player, names):
    """One fastchess run over the openings open to this test. Returns an exit code when the
    test is over or out of openings for good, None when a base record ran dry (the caller may
    wait for it to grow)."""
    # Partly played openings are played again whole: drop their games.
    done = complete_openings(record)
    if base_source:
        for pos in [p for p in record["games"] if int(p) not in done]:
            del record["games"][pos]
        available = sorted(p for p in completed_by(base_source, "base") if p not in done)
        positions = available[:args.openings]
        if not positions:
            print(f"# the base record has no opening this test has not played: extend it "
                  f"(scripts/anchor_ab.py --record {args.base_record} --base-only)", flush=True)
            return None
    else:
        base_only = sorted(int(p) for p, g in record["games"].items() if int(p) not in done and len(g.get("base", {})) == 2)
        if base_only:
            raise SystemExit(f"anchor_ab.py: {args.record} holds base-only games from opening {base_only[0]} on "
                             "(--base-only extended it): it now serves as a --base-record; start a new record to "
                             "test a candidate against it")
        for pos in [p for p in record["games"] if int(p) not in done]:
            del record["games"][pos]
        start = max(done) + 1 if done else 0
        positions = list(range(start, min(start + args.openings, len(order))))
    lines, result = summary(record)
    print("\n".join(lines[1:]), flush=True)
    if result.split()[1] != "verdict=undecided" or not positions:
        print(result)
        return 0
    decided = [False]

    arms = ["cand"] if base_source else ["cand", "base"]
    players = [cand_player] if base_source else [cand_player, base_player]
    with open(book, "w") as f:
        f.write(sitting_book(openings, [order[p] for p in positions], len(arms)))
    sitting = {"date": time.strftime("%Y-%m-%d %H:%M"), "first": positions[0], "games": 0}
    record["sittings"].append(sitting)
    t0 = time.monotonic()

    def keep(pos, arm, game, pts, anchor_white, reason, moves):
        add_game(record, pos, arm, game, pts, anchor_white, reason, moves)
        if base_source:  # the base arm's games of this opening, as the base record has them
            record["games"][str(pos)]["base"] = base_source["games"][str(pos)]["base"]
        sitting["games"] += 1
        save(record, args.record)
        if sitting["games"] % 40 == 0:
            lines, result = summary(record)
            rate = sitting["games"] / max(time.monotonic() - t0, 1) * 3600
            print(f"# {sitting['games']} games this sitting ({rate:.0f}/h)\n" + "\n".join(lines[1:]), flush=True)
            decided[0] = result.split()[1] != "verdict=undecided"
            return decided[0]
        return False
    try:
        run_sitting(fastchess_command(fastchess, anchor, args, players, book, fmt, len(positions), pgn),
                    names, arms, positions, keep)
    finally:
        save(record, args.record)
    lines, result = summary(record)
    print("\n".join(lines))
    print(result)
    return 0 if decided[0] or not base_source else None


if __name__ == "__main__":
    sys.exit(main())
