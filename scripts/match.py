#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Engine-vs-engine match through fastchess, with an audit of how the games ended.

Engine A (default ./taper) plays engine B (glaurung, toga2, ethereal,
stockfish, or any path). Each opening of the book is played twice, once with
each colour. At the end a summary is printed: fastchess's own figures from
A's point of view (games, W/D/L, points, Elo and nElo with fastchess's 95%
error bars, LOS, draw ratio, pentanomial pair counts; nothing is recomputed
here), and this script's audit of the games: crashes / disconnects / stalls,
illegal moves, time losses and other abnormal terminations, per engine, read
from fastchess's `Finished game` lines and cross-checked with the PGN
`Termination` tags and fastchess's per-player tracker. The last line starts
with `RESULT` and holds key=value pairs (--json FILE writes the same as JSON).

Exit code: 0 = match completed, no engine problem; 1 = at least one crash /
disconnect / stall, illegal move or time loss; 2 = usage error, fastchess
failed, or fewer games were played than planned (e.g. interrupted).

fastchess is found via $FASTCHESS, then PATH, then /opt/fastchess/fastchess.

Examples:
  scripts/match.py --engine-a /usr/games/glaurung --engine-b toga2 --tc 2+0.02 --games 4
  scripts/match.py --engine-b ethereal --tc 10+0.1 --games 200 --pgn out.pgn
  scripts/match.py --engine-a build/new/taper --name-a new --engine-b build/old/taper \\
      --name-b old --st 0.1 --games 100 --option Hash=32
  scripts/match.py --engine-b stockfish --option-b "Skill Level=3" --nodes 20000 --chess960
"""

from __future__ import annotations

import argparse
import json
import math
import os
import queue
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections import Counter, OrderedDict, defaultdict
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
from find_binary import FASTCHESS_DEFAULT, FASTCHESS_HELP, find_binary  # noqa: E402
from pgn import parse_games, white_moves_first  # noqa: E402
from shared_data import REPO_DATA, find_data  # noqa: E402
from uci import EngineError, UciEngine, resolve_engine  # noqa: E402


def find_fastchess(explicit=None):
    """--fastchess PATH as given, else $FASTCHESS, PATH, /opt/fastchess/fastchess (lib/find_binary.py)."""
    return find_binary("fastchess", explicit)


# --------------------------------------------------------------------------
# fastchess's own result block (the last one printed), e.g.
#   Results of A vs B (1+0.01, 1t, 16MB, noob_2moves.epd):
#   Elo: 190.85 +/- nan, nElo: 245.67 +/- 340.48
#   LOS: 92.14 %, DrawRatio: 50.00 %, PairsRatio: inf
#   Games: 4, Wins: 3, Losses: 1, Draws: 0, Points: 3.0 (75.00 %)
#   Ptnml(0-2): [0, 0, 1, 0, 1], WL/DD Ratio: inf

RESULT_PATTERNS = {
    "head": re.compile(r"^Results of (.+) vs (.+) \("),
    "elo": re.compile(r"^Elo: (\S+) \+/- (\S+), nElo: (\S+) \+/- (\S+)"),
    "los": re.compile(r"^LOS: (\S+) %, DrawRatio: (\S+) %"),
    "games": re.compile(r"^Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+), Points: (\S+) \((\S+) %\)"),
    "ptnml": re.compile(r"^Ptnml\(0-2\): \[([^\]]*)\]"),
}


def _float(text):
    try:
        x = float(text)
    except ValueError:
        return None
    return None if math.isnan(x) else x


def fastchess_results(lines):
    """The figures of fastchess's last result block, from the first engine's view (or None)."""
    out = None
    for line in lines:
        line = line.strip()
        m = RESULT_PATTERNS["head"].match(line)
        if m:
            out = {"first": m.group(1)}
            continue
        if out is None:
            continue
        if m := RESULT_PATTERNS["elo"].match(line):
            out.update(elo=_float(m[1]), elo_err95=_float(m[2]), nelo=_float(m[3]), nelo_err95=_float(m[4]))
        elif m := RESULT_PATTERNS["los"].match(line):
            out.update(los_pct=_float(m[1]), draw_ratio_pct=_float(m[2]))
        elif m := RESULT_PATTERNS["games"].match(line):
            out.update(games=int(m[1]), wins=int(m[2]), losses=int(m[3]), draws=int(m[4]), points=_float(m[5]),
                       score_pct=_float(m[6]))
        elif m := RESULT_PATTERNS["ptnml"].match(line):
            out["ptnml"] = [int(x) for x in m[1].split(",") if x.strip()]
    return out if out and "games" in out else None


def fmt_num(x, signed=False):
    if x is None:
        return "n/a"
    if math.isinf(x):
        return ("+inf" if x > 0 else "-inf") if signed else "inf"
    return f"{x:+.1f}" if signed else f"{x:.1f}"


# --------------------------------------------------------------------------
# Parsing fastchess output and PGN

FINISHED_RE = re.compile(r"^Finished game (\d+) \((.*)\): (1-0|0-1|1/2-1/2|\*) \{(.*)\}\s*$")


def split_vs(text, names):
    """'A vs B' -> (white, black), robust to ' vs ' inside names."""
    for a in names:
        for b in names:
            if text == f"{a} vs {b}":
                return a, b
    parts = text.split(" vs ")
    if len(parts) == 2:
        return parts[0], parts[1]
    return None, None


def classify(reason, termination=None):
    """Map a fastchess reason text (and/or PGN Termination) to a category."""
    r = (reason or "").lower()
    t = (termination or "").lower()
    if "loses on time" in r or t == "time forfeit":
        return "time_loss"
    if "illegal move" in r or t == "illegal move":
        return "illegal_move"
    if "disconnects" in r:
        return "crash"
    if "connection stalls" in r:
        return "stall"
    if t == "abandoned":
        return "crash"
    if "interrupted" in r or t == "unterminated":
        return "interrupted"
    if "adjudication" in r or t == "adjudication":
        return "adjudication"
    if re.search(r"\bmates\b", r) or r.startswith("draw by") or t == "normal":
        return "normal"
    return "other"


def loser_color(reason):
    m = re.match(r"\s*(White|Black)\b", reason or "")
    return m.group(1).lower() if m else None


# fastchess's move comment: "<score>/<depth> <seconds>s", the score a number or a mate ("+M5").
SEARCH_COMMENT = re.compile(r"^\s*[+-]?(?:M\d+|\d+(?:\.\d+)?)/(\d+) (\d+(?:\.\d+)?)s")


def parse_pgn_games(text):
    """Dicts with each game's headers, its last comment and what each side's searches reported:
    "_searches" = {"white": [(depth, seconds), ...], "black": [...]} (book moves have none)."""
    games = []
    for headers, plies in parse_games(text):
        game = dict(headers)
        game["_last_comment"] = plies[-1][1] if plies else ""
        white_first = white_moves_first(headers)
        game["_searches"] = {"white": [], "black": []}
        for ply, (_, comment) in enumerate(plies):
            m = SEARCH_COMMENT.match(comment)
            if m:
                side = "white" if (ply % 2 == 0) == white_first else "black"
                game["_searches"][side].append((int(m.group(1)), float(m.group(2))))
        games.append(game)
    return games


def thinking_by_engine(pgn_games):
    """Per engine name: (moves searched, mean seconds per move, mean depth) over the PGN's games.
    Time use is what a time manager is judged by: a side that thinks less than its opponent at
    the same clock, and ends its games with time left, leaves strength unused."""
    totals = defaultdict(lambda: [0, 0.0, 0])
    for g in pgn_games:
        for colour, tag in (("white", "White"), ("black", "Black")):
            t = totals[g.get(tag, "?")]
            for depth, seconds in g.get("_searches", {}).get(colour, []):
                t[0] += 1
                t[1] += seconds
                t[2] += depth
    return {name: (n, secs / n, depth / n) for name, (n, secs, depth) in totals.items() if n}


def reason_from_comment(comment):
    # The last comment is "<score>/<depth> <time>, <reason>" or just the reason.
    parts = [p.strip() for p in comment.split(",")]
    for p in reversed(parts):
        if re.search(r"mates|draw|loses on time|illegal move|disconnects|stalls|adjudication|interrupted", p, re.I):
            return ", ".join(parts[parts.index(p):])
    return parts[-1] if parts else ""


# --------------------------------------------------------------------------
# The command line


def build_parser():
    doc = __doc__
    ap = argparse.ArgumentParser(
        description=doc[:doc.index("Examples:")].strip().split("\n\n")[0],
        epilog=doc[doc.index("Exit code"):],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    _engine_arguments(ap.add_argument_group("engines"))
    _limit_arguments(ap.add_argument_group("time control (--tc or --st, and/or --nodes/--depth; default --tc 10+0.1)"))
    _schedule_arguments(ap.add_argument_group("schedule"))
    _book_arguments(ap.add_argument_group("openings"))
    _adjudication_arguments(ap.add_argument_group("adjudication (all off by default)"))
    _sprt_arguments(ap.add_argument_group("SPRT (off by default)"))
    _output_arguments(ap.add_argument_group("output"))
    return ap


def _engine_arguments(e):
    e.add_argument("--engine-a", "-a", default="./taper", help="engine A: path or known name (default ./taper)")
    e.add_argument("--engine-b", "-b", required=True,
                   help="engine B: glaurung, toga2, ethereal, stockfish, taper, or a path")
    e.add_argument("--name-a", help="display name of A (default: file name; made unique if A and B collide)")
    e.add_argument("--name-b", help="display name of B")
    e.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="UCI option for both engines, e.g. --option Hash=64 (repeatable)")
    e.add_argument("--option-a", action="append", default=[], metavar="NAME=VALUE", help="UCI option for A only")
    e.add_argument("--option-b", action="append", default=[], metavar="NAME=VALUE", help="UCI option for B only")
    e.add_argument("--threads", type=int, help="shortcut: --option Threads=N (Toga II: 'Number of Threads')")
    e.add_argument("--hash", type=int, help="shortcut: --option Hash=MB")
    e.add_argument("--syzygy", nargs="?", const=os.path.join(REPO_DATA, "syzygy"), metavar="DIR",
                   help="shortcut: --option SyzygyPath=DIR for engines that have it (default DIR: the 3-4-man tables in tests/data/syzygy)")
    e.add_argument("--args-a", default="", help="command-line arguments for A (one string)")
    e.add_argument("--args-b", default="", help="command-line arguments for B (one string)")
    e.add_argument("--no-probe", action="store_true",
                   help="do not start the engines once beforehand to check them and their option names")


def _limit_arguments(t):
    t.add_argument("--tc", help="[moves/]seconds[+increment], e.g. 10+0.1, 40/60, 1:00+1 (both engines)")
    t.add_argument("--tc-a", help="time control for A only (time odds)")
    t.add_argument("--tc-b", help="time control for B only")
    t.add_argument("--st", type=float, metavar="SECONDS", help="fixed time per move in seconds (go movetime)")
    t.add_argument("--nodes", type=int, help="fixed nodes per move (go nodes)")
    t.add_argument("--depth", type=int, help="fixed depth per move (go depth)")
    t.add_argument("--watchdog", type=float, metavar="SECONDS",
                   help="stop the match if no game finishes for SECONDS (fastchess has no time-out for "
                        "--nodes/--depth searches; Toga II 3.0 ignores 'go nodes' and would think forever). "
                        "Default 600 with --nodes/--depth without a clock, else off")
    t.add_argument("--timemargin", type=int, metavar="MS",
                   help="ms an engine may exceed its time before it loses on time "
                        "(default 0 with --tc, 50 with --st: engines overshoot movetime by a few ms)")


def _schedule_arguments(g):
    g.add_argument("--games", "-n", type=int, help="number of games (rounded up to even; default 20)")
    g.add_argument("--rounds", type=int, help="number of opening pairs (2 games each); alternative to --games")
    g.add_argument("--concurrency", "-c", type=int, default=2, help="games played at once (default 2)")
    g.add_argument("--force-concurrency", action="store_true",
                   help="allow --concurrency above the number of CPUs")


def _book_arguments(b):
    b.add_argument("--book", help="EPD or PGN file, or a file name in the shared books/ folder "
                                  "(default noob_2moves.epd; FRC_openings.epd with --chess960); "
                                  "a .pgn.zip is unpacked to a temporary file")
    b.add_argument("--book-format", choices=["epd", "pgn"], help="default: from the file name")
    b.add_argument("--book-plies", type=int, help="plies to use from PGN openings (default all)")
    b.add_argument("--sequential", action="store_true", help="play the book in file order (default random)")
    b.add_argument("--seed", type=int, help="seed for the random book order (default: random, printed)")
    b.add_argument("--book-start", type=int, help="1-based index of the first opening")
    b.add_argument("--no-book", action="store_true", help="all games from the start position")
    b.add_argument("--chess960", action="store_true",
                   help="Chess960 (fastchess -variant fischerandom, which sets UCI_Chess960)")


def _adjudication_arguments(a):
    a.add_argument("--adjudicate", action="store_true",
                   help="resign at |score| >= 1000 cp for 3 moves of both engines, "
                        "draw after move 40 when |score| <= 10 cp for 8 moves")
    a.add_argument("--maxmoves", type=int, help="adjudicate a draw after N moves")
    a.add_argument("--tb", nargs="?", const=os.path.join(REPO_DATA, "syzygy"), metavar="DIR",
                   help="adjudicate with Syzygy tablebases (default DIR: the 3-4-man tables in tests/data/syzygy)")


def _sprt_arguments(s):
    s.add_argument("--sprt", action="store_true", help="stop early by SPRT; --games is then the maximum")
    s.add_argument("--elo0", type=float, default=0.0)
    s.add_argument("--elo1", type=float, default=5.0)
    s.add_argument("--alpha", type=float, default=0.05)
    s.add_argument("--beta", type=float, default=0.05)
    s.add_argument("--sprt-model", default="normalized", choices=["normalized", "logistic", "bayesian"])


def _output_arguments(o):
    o.add_argument("--pgn", metavar="FILE",
                   help="save games to FILE (appended if it exists; only this run's games are counted). "
                        "Default: a temporary file, deleted at the end")
    o.add_argument("--json", metavar="FILE", help="write the summary as JSON")
    o.add_argument("--log", metavar="FILE", help="fastchess log file incl. engine I/O (level info)")
    o.add_argument("-q", "--quiet", action="store_true", help="do not echo fastchess's output")
    o.add_argument("--stop-on-crash", action="store_true",
                   help="let fastchess stop the match at the first crash/stall (default: -recover, "
                        "restart the engine and go on)")
    o.add_argument("--fastchess", metavar="PATH", help="fastchess binary (else $FASTCHESS, PATH, "
                                                        f"{FASTCHESS_DEFAULT})")
    o.add_argument("--fastchess-arg", action="append", default=[], metavar="ARG",
                   help="extra argument passed to fastchess verbatim (repeatable)")
    o.add_argument("--dry-run", action="store_true", help="print the fastchess command and exit")


def parse_arguments(argv):
    """(parser, args) with the search limits settled: a usage error (exit 2) is reported here,
    before any engine is started. Without any limit the clock is --tc 10+0.1; --timemargin
    defaults to 50 ms with --st (engines overshoot movetime by a few ms), else 0."""
    ap = build_parser()
    args = ap.parse_args(argv)
    any_tc = args.tc or args.tc_a or args.tc_b
    if args.st and any_tc:
        ap.error("give either a clock (--tc/--tc-a/--tc-b) or --st, not both (fastchess cannot combine them)")
    if not (any_tc or args.st or args.nodes or args.depth):
        args.tc = "10+0.1"
    elif not (args.tc or args.st or args.nodes or args.depth) and not (args.tc_a and args.tc_b):
        ap.error("with --tc-a/--tc-b and no --tc/--nodes/--depth, give both --tc-a and --tc-b")
    if args.timemargin is None:
        args.timemargin = 50 if args.st else 0
    if args.rounds and args.games:
        ap.error("give --games or --rounds, not both")
    return ap, args


def parse_kv(items, ap):
    out = OrderedDict()
    for kv in items:
        if "=" not in kv:
            ap.error(f"options must be NAME=VALUE, got {kv!r}")
        k, v = kv.split("=", 1)
        out[k.strip()] = v.strip()
    return out


# --------------------------------------------------------------------------
# The engines


def resolve_engines(args, ap):
    """Engines A and B as dicts (side, cmd, name, opts, soft, args), or None if a binary is
    missing. `soft` names the options that are only a known engine's defaults (lib/uci.py): they
    are dropped quietly if the engine turns out not to have them."""
    engines = []
    for side in ("a", "b"):
        spec = getattr(args, f"engine_{side}")
        cmd, name, opts = resolve_engine(spec)
        if not os.path.isfile(cmd):
            print(f"match.py: engine {side.upper()} not found: {cmd}"
                  + (" (build Taper first, or pass --engine-a PATH)" if side == "a" and spec == "./taper" else ""),
                  file=sys.stderr)
            return None
        soft = set(opts)
        if args.syzygy:
            opts["SyzygyPath"] = args.syzygy
            soft.add("SyzygyPath")
        if args.threads:
            opts["Threads"] = str(args.threads)
        if args.hash:
            opts["Hash"] = str(args.hash)
        for k, v in list(parse_kv(args.option, ap).items()) + list(parse_kv(getattr(args, f"option_{side}"), ap).items()):
            opts[k] = v
            soft.discard(k)
        custom = getattr(args, f"name_{side}")
        engines.append({"side": side.upper(), "cmd": cmd, "name": custom or name, "custom_name": bool(custom),
                        "opts": opts, "soft": soft, "args": getattr(args, f"args_{side}")})
    name_engines_apart(engines, ap)
    return engines


def name_engines_apart(engines, ap):
    """fastchess tells the engines apart by name: two default names that collide get -A / -B."""
    if engines[0]["name"] == engines[1]["name"]:
        for e in engines:
            if not e["custom_name"]:
                e["name"] = f"{e['name']}-{e['side']}"
        if engines[0]["name"] == engines[1]["name"]:
            ap.error("engine names must differ: use --name-a/--name-b")
    for e in engines:
        if re.search(r"[\s=\"]", e["name"]):
            ap.error(f"engine name {e['name']!r} must not contain spaces, '=' or quotes")


def probe_engines(engines, chess960):
    """Starts each engine once: it must answer `uci`; each option is renamed to the engine's own
    spelling (Toga II's 'Number of Threads'). False if an engine fails to start."""
    for e in engines:
        eng = UciEngine([e["cmd"]] + e["args"].split(), name=e["name"])
        try:
            eng.start(startup_timeout=15.0)
        except (EngineError, TimeoutError, OSError) as ex:
            print(f"match.py: engine {e['side']} ({e['cmd']}) failed the UCI start-up check: {ex}",
                  file=sys.stderr)
            eng.quit()
            return False
        eng.quit()
        resolved = OrderedDict()
        for k, v in e["opts"].items():
            real = eng.resolve_option(k)
            if real is None:
                if k in e["soft"]:
                    continue
                print(f"warning: engine {e['name']} has no UCI option {k!r}; fastchess will warn and skip it",
                      file=sys.stderr)
                real = k
            resolved[real] = v
        e["opts"] = resolved
        e["id_name"] = eng.id_name
        if chess960 and "uci_chess960" not in eng.known_options:
            print(f"warning: engine {e['name']} does not offer UCI_Chess960; Chess960 games may end in "
                  f"illegal moves or crashes", file=sys.stderr)
    return True


# --------------------------------------------------------------------------
# Limits, schedule, book, and the fastchess command


def limit_args(args, side):
    """fastchess's limit arguments of one side ("a" or "b") of the match."""
    out = []
    tc = getattr(args, f"tc_{side}") or args.tc
    if tc:
        out.append(f"tc={tc}")
    if args.st:
        out.append(f"st={args.st:g}")
    if args.nodes:
        out.append(f"nodes={args.nodes}")
    if args.depth:
        out.append(f"depth={args.depth}")
    if args.timemargin:
        out.append(f"timemargin={args.timemargin}")
    return out


def limit_description(args):
    return " / ".join(sorted(set(" ".join(limit_args(args, s)) for s in ("a", "b"))))


def warn_about_limits(args, engines):
    if args.nodes and any(os.path.basename(e["cmd"]) == "toga2" for e in engines):
        print("warning: Toga II 3.0 ignores 'go nodes' (it searches until stopped); "
              "add a clock (--tc) or expect the --watchdog to stop the match", file=sys.stderr)


def schedule(args):
    """(rounds, planned games): each opening of a round is played twice, once with each colour."""
    rounds = args.rounds or (math.ceil((args.games or 20) / 2))
    if args.games and args.games % 2:
        print(f"note: {args.games} games rounded up to {2 * rounds} (each opening with both colours)",
              file=sys.stderr)
    return rounds, 2 * rounds


def find_book(spec):
    if os.path.exists(spec):
        return os.path.abspath(spec)
    return find_data(os.path.join("books", spec))  # tests/data/books, then the larger-data folder


def choose_book(args, tmpdir):
    """(fastchess's -openings arguments, a description), or None if the book is not found. A
    .zip is unpacked into tmpdir; a random order gets a seed, printed so the run can be repeated."""
    if args.no_book:
        return [], "start position"
    spec = args.book or ("FRC_openings.epd" if args.chess960 else "noob_2moves.epd")
    book = find_book(spec)
    if not book:
        print(f"match.py: opening book not found: {spec}", file=sys.stderr)
        return None
    if book.endswith(".zip"):
        with zipfile.ZipFile(book) as z:
            member = [n for n in z.namelist() if n.endswith((".pgn", ".epd"))][0]
            z.extract(member, tmpdir)
            book = os.path.join(tmpdir, member)
    fmt = args.book_format or ("pgn" if book.lower().endswith(".pgn") else "epd")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2 ** 31)
    order = "sequential" if args.sequential else "random"
    book_args = ["-openings", f"file={book}", f"format={fmt}", f"order={order}"]
    if args.book_plies:
        book_args.append(f"plies={args.book_plies}")
    if args.book_start:
        book_args.append(f"start={args.book_start}")
    if order == "random":
        book_args += ["-srand", str(seed)]
    return book_args, f"{os.path.basename(book)} ({fmt}, {order}" + (f", seed {seed})" if order == "random" else ")")


def pgn_destination(args, tmpdir):
    """(PGN file, offset where this run's games start): --pgn is appended to, else a file in tmpdir."""
    if args.pgn:
        path = os.path.abspath(args.pgn)
        return path, (os.path.getsize(path) if os.path.exists(path) else 0)
    return os.path.join(tmpdir, "games.pgn"), 0


def fastchess_command(fastchess, args, engines, rounds, book_args, pgn_path, tmpdir):
    cmd = [fastchess]
    for e in engines:
        cmd += ["-engine", f"cmd={e['cmd']}", f"name={e['name']}"]
        if e["args"]:
            cmd.append(f"args={e['args']}")
        cmd += limit_args(args, e["side"].lower())
        for k, v in e["opts"].items():
            cmd.append(f"option.{k}={v}")
    cmd += ["-rounds", str(rounds), "-games", "2", "-concurrency", str(args.concurrency)]
    if args.force_concurrency or args.concurrency > (os.cpu_count() or 1):
        cmd.append("-force-concurrency")
    cmd += book_args
    if args.chess960:
        cmd += ["-variant", "fischerandom"]
    cmd += ["-pgnout", f"file={pgn_path}", "append=true"]
    cmd += ["-config", f"outname={os.path.join(tmpdir, 'fastchess-config.json')}"]
    if not args.stop_on_crash:
        cmd.append("-recover")
    if args.adjudicate:
        cmd += ["-resign", "movecount=3", "score=1000", "twosided=true",
                "-draw", "movenumber=40", "movecount=8", "score=10"]
    if args.maxmoves:
        cmd += ["-maxmoves", str(args.maxmoves)]
    if args.tb:
        cmd += ["-tb", args.tb]
    if args.sprt:
        cmd += ["-sprt", f"elo0={args.elo0:g}", f"elo1={args.elo1:g}", f"alpha={args.alpha:g}",
                f"beta={args.beta:g}", f"model={args.sprt_model}"]
    if args.log:
        cmd += ["-log", f"file={os.path.abspath(args.log)}", "level=info", "engine=true"]
    return cmd + args.fastchess_arg


@dataclass
class Plan:
    """What the match was set up to be, as the summary reports it."""
    names: list                 # [A, B], fastchess's names of the engines
    planned: int                # games
    limit: str                  # limit_description()
    book: str                   # choose_book()'s description
    pgn_path: str
    pgn_offset: int = 0         # where this run's games start in pgn_path
    pgn_kept: bool = False      # --pgn: the summary names the file
    sprt: bool = False


def print_plan(plan, engines, concurrency, chess960, cmd):
    print(f"# {engines[0]['name']} ({engines[0]['cmd']}) vs {engines[1]['name']} ({engines[1]['cmd']})")
    print(f"# {plan.planned} games, {plan.limit}, concurrency {concurrency}, book {plan.book}"
          + (", Chess960" if chess960 else ""))
    print("# " + " ".join(_shell_quote(c) for c in cmd), flush=True)


# --------------------------------------------------------------------------
# Running fastchess, with a watchdog


@dataclass
class Run:
    """What running fastchess gave: its output lines and how it ended."""
    lines: list = field(default_factory=list)
    rc: int = 0
    interrupted: bool = False   # Ctrl-C
    watchdog: float = 0.0       # seconds without a game starting or finishing before it fires; 0: off
    watchdog_fired: bool = False
    elapsed: float = 0.0


def watchdog_seconds(args):
    """--watchdog, else 600 s for --nodes/--depth without a clock (fastchess has no time-out for
    those searches), else 0 (off)."""
    if args.watchdog is not None:
        return args.watchdog
    unclocked = (args.nodes or args.depth) and not (args.st or args.tc or (args.tc_a and args.tc_b))
    return 600.0 if unclocked else 0.0


def run_fastchess(cmd, watchdog, quiet):
    """Runs fastchess in a session of its own, so that it and its engines can be stopped as one
    group: on Ctrl-C, or when the watchdog fires. Echoes its output unless quiet. None if
    fastchess cannot be started."""
    run = Run(watchdog=watchdog)
    t0 = time.monotonic()
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
                                errors="replace", start_new_session=True)
    except OSError as ex:
        print(f"match.py: cannot run fastchess: {ex}", file=sys.stderr)
        return None

    def stop_group(sig):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass

    lines = _line_queue(proc.stdout)
    try:
        _follow_output(lines, run, stop_group, quiet)
    except KeyboardInterrupt:
        run.interrupted = True
        stop_group(signal.SIGINT)
        _read_after_interrupt(lines, run, stop_group)
    try:
        run.rc = proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        stop_group(signal.SIGKILL)
        run.rc = proc.wait()
    stop_group(signal.SIGKILL)   # leftover engines, if fastchess left any behind
    run.elapsed = time.monotonic() - t0
    return run


def _line_queue(stream):
    """A queue fed with the stream's lines by a thread, None at its end (so reading can time out)."""
    q = queue.Queue()

    def reader():
        for ln in stream:
            q.put(ln.rstrip("\n"))
        q.put(None)

    threading.Thread(target=reader, daemon=True).start()
    return q


def _follow_output(lines, run, stop_group, quiet):
    last_progress = time.monotonic()
    while True:
        try:
            line = lines.get(timeout=1.0)
        except queue.Empty:
            if run.watchdog and time.monotonic() - last_progress > run.watchdog and not run.watchdog_fired:
                run.watchdog_fired = True
                msg = f"match.py: watchdog: no game finished for {run.watchdog:g}s, stopping fastchess"
                run.lines.append(msg)
                print(msg, file=sys.stderr, flush=True)
                stop_group(signal.SIGINT)
                threading.Timer(10.0, stop_group, args=(signal.SIGKILL,)).start()
            continue
        if line is None:
            return
        run.lines.append(line)
        if line.startswith(("Finished game", "Started game")):
            last_progress = time.monotonic()
        if not quiet:
            print(line, flush=True)


def _read_after_interrupt(lines, run, stop_group):
    """What fastchess prints as it stops (its result block); killed if it takes over 15 s."""
    try:
        while True:
            line = lines.get(timeout=15.0)
            if line is None:
                break
            run.lines.append(line)
    except (KeyboardInterrupt, queue.Empty):
        stop_group(signal.SIGKILL)


# --------------------------------------------------------------------------
# The games and their audit


def parse_finished_games(lines, names):
    """One dict per fastchess `Finished game N (W vs B): RESULT {reason}` line."""
    games = []
    for line in lines:
        m = FINISHED_RE.match(line.strip())
        if not m:
            continue
        white, black = split_vs(m.group(2), names)
        games.append({"id": int(m.group(1)), "white": white, "black": black, "result": m.group(3),
                      "reason": m.group(4), "source": "console"})
    return games


def games_from_pgn(pgn_games):
    """The same dicts from the PGN (parse_pgn_games), for a run whose console had no game lines."""
    return [{"id": i, "white": g.get("White"), "black": g.get("Black"), "result": g.get("Result", "*"),
             "reason": reason_from_comment(g.get("_last_comment", "")), "source": "pgn",
             "termination": g.get("Termination")}
            for i, g in enumerate(pgn_games, 1)]


def read_pgn_games(path, offset):
    """This run's games of the PGN file: those after `offset`."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8", errors="replace") as fh:
        fh.seek(offset)
        return parse_pgn_games(fh.read())


def player_tracker(lines):
    """fastchess's per-player counts: {player: {"Timeouts": N, "Crashed": N}} from its
    `Player: NAME` lines and the `Timeouts: N` / `Crashed: N` lines below each."""
    tracker = defaultdict(dict)
    cur = None
    for line in lines:
        m = re.match(r"^Player: (.*)$", line.strip())
        if m:
            cur = m.group(1)
            continue
        m = re.match(r"^(Timeouts|Crashed): (\d+)$", line.strip())
        if m and cur:
            tracker[cur][m.group(1)] = int(m.group(2))
    return tracker


@dataclass
class Audit:
    """How the games ended, from A's view. `cats` counts the games per classify() category;
    `notes` has one line per abnormal game and per disagreement between the sources."""
    wdl: Counter = field(default_factory=Counter)          # W, D, L and unfinished, from the game records
    cats: Counter = field(default_factory=Counter)
    per_engine: dict = field(default_factory=lambda: defaultdict(Counter))  # the engine at fault -> its categories
    notes: list = field(default_factory=list)
    illegal_warnings: list = field(default_factory=list)   # fastchess's `Warning; Illegal move` lines
    pv_warnings: list = field(default_factory=list)
    fatal: list = field(default_factory=list)              # fastchess's errors
    fc: dict = field(default_factory=dict)                 # fastchess's result block ({} if none was printed)
    wins: int = 0                                          # fastchess's figures, else the game records'
    draws: int = 0
    losses: int = 0
    sprt_line: str | None = None
    llr_line: str | None = None
    watchdog_fired: bool = False

    @property
    def games(self):
        return self.wins + self.draws + self.losses

    @property
    def crashes(self):
        return self.cats["crash"] + self.cats["stall"]

    @property
    def illegal(self):
        return self.cats["illegal_move"]

    @property
    def time_losses(self):
        return self.cats["time_loss"]

    @property
    def other(self):
        return self.cats["interrupted"] + self.cats["other"] + self.wdl["unfinished"] + int(self.watchdog_fired)


def audit_games(games, pgn_games, lines, first, watchdog_fired=False):
    """The audit of a run: `games` (parse_finished_games or games_from_pgn) tallied from the view
    of engine `first` (A), cross-checked with fastchess's tracker and the PGN's Termination tags
    (the larger count wins), with fastchess's warnings, errors and its own result block."""
    audit = Audit(watchdog_fired=watchdog_fired)
    for g in games:
        _tally_game(audit, g, first)
    _cross_check(audit, pgn_games, lines)
    audit.illegal_warnings = [ln for ln in lines if ln.startswith("Warning; Illegal move")]
    audit.pv_warnings = [ln for ln in lines if ln.startswith("Warning;") and "PV" in ln]
    audit.fatal = [ln for ln in lines if ln.startswith(("Fatal;", "Error", "terminate called"))
                   or "startup failure" in ln or "stalled / disconnected and no recover" in ln]
    _read_result_block(audit, lines, first)
    return audit


def _tally_game(audit, g, first):
    res = g["result"]
    if res == "1/2-1/2":
        audit.wdl["D"] += 1
    elif res in ("1-0", "0-1"):
        first_won = (res == "1-0") == (g["white"] == first)
        audit.wdl["W" if first_won else "L"] += 1
    else:
        audit.wdl["unfinished"] += 1
    cat = classify(g["reason"], g.get("termination"))
    audit.cats[cat] += 1
    if cat not in ("normal", "adjudication"):
        col = loser_color(g["reason"])
        who = (g["white"] if col == "white" else g["black"]) if col else "?"
        audit.per_engine[who][cat] += 1
        audit.notes.append(f"game {g['id']} ({g['white']} vs {g['black']}) {res} {{{g['reason']}}}")


def _cross_check(audit, pgn_games, lines):
    cats = audit.cats
    tracker = player_tracker(lines)
    for cat, key in (("time_loss", "Timeouts"), ("crash", "Crashed")):
        tracked = sum(t.get(key, 0) for t in tracker.values())
        seen = cats[cat] + (cats["stall"] if cat == "crash" else 0)
        if tracked > seen:
            cats[cat] += tracked - seen
            audit.notes.append(f"fastchess reports {tracked} {key.lower()} but only {seen} were seen in game lines")
    pgn_cats = Counter(classify(reason_from_comment(g.get("_last_comment", "")), g.get("Termination"))
                       for g in pgn_games)
    for cat in ("time_loss", "illegal_move", "crash", "stall"):
        if pgn_cats[cat] > cats[cat]:
            audit.notes.append(f"PGN has {pgn_cats[cat]} '{cat}' games, game lines {cats[cat]}")
            cats[cat] = pgn_cats[cat]


def _read_result_block(audit, lines, first):
    """fastchess's figures when it printed them (an interrupted run may not), else the game records'."""
    fc = fastchess_results(lines)
    wdl = audit.wdl
    counted = wdl["W"] + wdl["D"] + wdl["L"]
    if fc and fc["first"] != first:
        audit.notes.append(f"fastchess's result block is from {fc['first']}'s view, not {first}'s")
    if fc and fc["games"] != counted:
        audit.notes.append(f"fastchess counts {fc['games']} games, the game lines {counted}")
    if fc:
        audit.wins, audit.draws, audit.losses = fc["wins"], fc["draws"], fc["losses"]
    else:
        audit.wins, audit.draws, audit.losses = wdl["W"], wdl["D"], wdl["L"]
    audit.fc = fc or {}
    audit.sprt_line = next((ln for ln in reversed(lines) if "SPRT" in ln and "accepted" in ln), None)
    audit.llr_line = next((ln for ln in reversed(lines) if ln.startswith("LLR:")), None)


# --------------------------------------------------------------------------
# Time and depth per move, the summary, the exit code


def thinking_lines(thinking, names):
    """One line per engine of thinking_by_engine(): its mean time and depth per searched move."""
    out = []
    for who in names:
        if who in thinking:
            moves, secs, depth = thinking[who]
            out.append(f"  {who} thinks {secs:.3f} s a move at depth {depth:.1f} on average ({moves} moves searched)")
    return out


def summary_lines(plan, run, audit, thinking):
    """The summary printed after fastchess's own output (without the RESULT line)."""
    A, B = plan.names
    fc, n = audit.fc, audit.games
    out = ["", "=" * 66,
           f"Match {A} vs {B}: {n} games ({plan.planned} planned), {plan.limit}, book {plan.book}, {run.elapsed:.0f}s"]
    if n:
        out.append(f"  {A} from its view (fastchess's figures): +{audit.wins} ={audit.draws} -{audit.losses}   "
                   f"points {fc.get('points', 'n/a')} ({fmt_num(fc.get('score_pct'))}%)   "
                   f"Elo {fmt_num(fc.get('elo'), True)} +/- {fmt_num(fc.get('elo_err95'))}   "
                   f"nElo {fmt_num(fc.get('nelo'), True)} +/- {fmt_num(fc.get('nelo_err95'))}   "
                   f"LOS {fmt_num(fc.get('los_pct'))}%   draws {fmt_num(fc.get('draw_ratio_pct'))}%")
        if fc.get("ptnml"):
            out.append(f"  pentanomial [0, 1/2, 1, 3/2, 2] (fastchess): {fc['ptnml']}")
        if not fc:
            out.append("  fastchess printed no result block: the counts above come from the game lines")
    out.append("  terminations: " + ", ".join(f"{k} {v}" for k, v in sorted(audit.cats.items())))
    out.append(f"  crashes/disconnects: {audit.crashes}   illegal moves: {audit.illegal}   "
               f"time losses: {audit.time_losses}   other abnormal: {audit.other}")
    if run.watchdog_fired:
        out.append(f"  the watchdog stopped the match: no game finished for {run.watchdog:g}s (counted as other abnormal)")
    if n < plan.planned:
        out.append(f"  games not played: {plan.planned - n}" + (" (SPRT finished early)" if audit.sprt_line else ""))
    for who in sorted(audit.per_engine):
        out.append(f"    by {who}: " + ", ".join(f"{k} {v}" for k, v in sorted(audit.per_engine[who].items())))
    out += [f"    {a}" for a in audit.notes[:30] + audit.illegal_warnings[:5]]
    if audit.pv_warnings:
        out.append(f"  PV warnings from fastchess: {len(audit.pv_warnings)} (e.g. {audit.pv_warnings[0][:100]})")
    out += [f"  fastchess: {a}" for a in audit.fatal[:5]]
    if audit.sprt_line:
        out.append(f"  {audit.sprt_line.strip()}")
    elif audit.llr_line and plan.sprt:
        out.append(f"  {audit.llr_line.strip()}")
    out += thinking_lines(thinking, plan.names)
    if plan.pgn_kept:
        out.append(f"  PGN: {plan.pgn_path}")
    return out


def summary_record(plan, run, audit, thinking):
    """The summary as a dict: --json writes it whole, the RESULT line has its flat keys."""
    fc = audit.fc
    summary = OrderedDict([
        ("engine_a", plan.names[0]), ("engine_b", plan.names[1]), ("games", audit.games), ("planned", plan.planned),
        ("wins", audit.wins), ("draws", audit.draws), ("losses", audit.losses),
        ("score_pct", fc.get("score_pct")),
        ("elo", _num(fc.get("elo"))), ("elo_err95", _num(fc.get("elo_err95"))),
        ("nelo", _num(fc.get("nelo"))), ("nelo_err95", _num(fc.get("nelo_err95"))),
        ("los_pct", fc.get("los_pct")),
        ("crashes", audit.crashes), ("illegal_moves", audit.illegal), ("time_losses", audit.time_losses),
        ("other_abnormal", audit.other), ("adjudicated", audit.cats["adjudication"]),
        ("fastchess_rc", run.rc), ("elapsed_s", round(run.elapsed, 1)),
    ])
    if fc.get("ptnml"):
        summary["ptnml"] = fc["ptnml"]
    summary["by_engine"] = {k: dict(v) for k, v in audit.per_engine.items()}
    summary["thinking"] = {k: {"moves": v[0], "seconds_per_move": round(v[1], 4), "mean_depth": round(v[2], 2)}
                           for k, v in thinking.items()}
    summary["limit"] = plan.limit
    summary["book"] = plan.book
    if plan.pgn_kept:
        summary["pgn"] = plan.pgn_path
    return summary


RESULT_KEYS = ("engine_a", "engine_b", "games", "wins", "draws", "losses", "score_pct", "elo", "elo_err95", "nelo",
               "los_pct", "crashes", "illegal_moves", "time_losses", "other_abnormal", "fastchess_rc")


def result_line(summary):
    return "RESULT " + " ".join(f"{k}={_flat(v)}" for k, v in summary.items() if k in RESULT_KEYS)


def exit_code(plan, run, audit):
    """1: a crash, illegal move or time loss, or the watchdog fired; 2: fastchess failed, was
    interrupted, or played fewer games than planned (unless its SPRT stopped it); else 0."""
    if audit.crashes or audit.illegal or audit.time_losses or run.watchdog_fired:
        return 1
    n = audit.games
    if run.rc != 0 or run.interrupted or (n < plan.planned and not audit.sprt_line) or n == 0:
        return 2
    return 0


def _num(x):
    if x is None or math.isnan(x):
        return None
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return round(x, 2) + 0.0 if abs(x) >= 0.005 else 0.0


def _flat(v):
    if v is None:
        return "na"
    s = str(v)
    return json.dumps(s) if re.search(r"\s", s) else s


def _shell_quote(s):
    return s if re.fullmatch(r"[\w@%+=:,./-]+", s) else "'" + s.replace("'", "'\\''") + "'"


# --------------------------------------------------------------------------
# Main


def main(argv=None):
    ap, args = parse_arguments(argv)
    fastchess = find_fastchess(args.fastchess)
    if not fastchess:
        print(f"match.py: {FASTCHESS_HELP}", file=sys.stderr)
        return 2
    engines = resolve_engines(args, ap)
    if engines is None or not (args.no_probe or probe_engines(engines, args.chess960)):
        return 2
    warn_about_limits(args, engines)
    rounds, planned = schedule(args)
    tmpdir = tempfile.mkdtemp(prefix="taper-match-")
    try:
        return play_match(args, fastchess, engines, rounds, planned, tmpdir)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


def play_match(args, fastchess, engines, rounds, planned, tmpdir):
    """Sets up the book and the PGN, runs fastchess, audits the games, prints the summary."""
    book = choose_book(args, tmpdir)
    if book is None:
        return 2
    book_args, book_desc = book
    pgn_path, pgn_offset = pgn_destination(args, tmpdir)
    plan = Plan(names=[e["name"] for e in engines], planned=planned, limit=limit_description(args), book=book_desc,
                pgn_path=pgn_path, pgn_offset=pgn_offset, pgn_kept=bool(args.pgn), sprt=args.sprt)
    cmd = fastchess_command(fastchess, args, engines, rounds, book_args, pgn_path, tmpdir)
    print_plan(plan, engines, args.concurrency, args.chess960, cmd)
    if args.dry_run:
        return 0
    run = run_fastchess(cmd, watchdog_seconds(args), args.quiet)
    if run is None:
        return 2
    pgn_games = read_pgn_games(plan.pgn_path, plan.pgn_offset)
    games = parse_finished_games(run.lines, plan.names) or games_from_pgn(pgn_games)
    audit = audit_games(games, pgn_games, run.lines, plan.names[0], run.watchdog_fired)
    thinking = thinking_by_engine(pgn_games)
    for line in summary_lines(plan, run, audit, thinking):
        print(line)
    summary = summary_record(plan, run, audit, thinking)
    print(result_line(summary))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(summary, fh, indent=2)
    return exit_code(plan, run, audit)


if __name__ == "__main__":
    sys.exit(main())
