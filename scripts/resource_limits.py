#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Resource limits of a Taper binary: memory (RSS) against Hash and Threads, and the extreme settings.

Part 1, memory: for each (Hash MB, Threads) pair a fresh engine gets the options, answers
`isready` (the table is allocated and zeroed, so every page is resident), then searches
`go movetime MS` from a middlegame position. /proc/PID/status gives VmRSS when idle and VmHWM
(peak) after the search; the overhead is peak minus Hash. Default pairs: Hash 1, 16, 256, 1024
with Threads 1 and 8, and Hash 16 with Threads 64.

Part 2, limits (each in a fresh engine, which must stay responsive and exit with status 0):
  * Hash at the advertised maximum + 1 is refused with an info string; --big MB also sets Hash
    to that many MB and searches with it (needs that much free memory)
  * Threads 64 and Threads max (1024) search and then quit (skipped while a fastchess match
    runs: a thousand runnable threads starve it even under nice)
  * a `position` with 1000 and 5000 plies
  * `go` with negative, zero, missing and huge numbers
  * `quit` during a search with 8 threads; end of input during `go infinite` and `go ponder`

    scripts/resource_limits.py build/release/taper
    scripts/resource_limits.py build/release/taper --big 16384 --movetime 3000
    scripts/resource_limits.py build/release/taper --pairs 1:1,64:4 --skip-limits

The last line is `RESULT base_mb=... per_thread_mb=... failures=N`; exit 1 if a limit check failed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"


class Engine:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, bufsize=1, errors="replace")
        self.infos = []

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix, timeout=120.0):
        """Lines up to the first starting with `prefix` (None on timeout or end of output)."""
        deadline = time.monotonic() + timeout
        got = []
        while time.monotonic() < deadline:
            line = self.p.stdout.readline()
            if not line:
                return None
            line = line.rstrip("\n")
            got.append(line)
            if line.startswith("info string"):
                self.infos.append(line)
            if line.startswith(prefix):
                return got
        return None

    def ready(self, timeout=120.0):
        self.send("isready")
        return self.until("readyok", timeout) is not None

    def status(self):
        out = {}
        with open(f"/proc/{self.p.pid}/status") as fh:
            for line in fh:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "VmHWM", "VmSize", "Threads"):
                    out[key] = int(value.split()[0])
        return out

    def quit(self, timeout=30.0):
        try:
            self.send("quit")
        except BrokenPipeError:
            pass
        try:
            return self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            return "hung"


def measure(binary, hash_mb, threads, movetime):
    e = Engine(binary)
    e.send("uci")
    e.until("uciok")
    e.send(f"setoption name Threads value {threads}")
    e.send(f"setoption name Hash value {hash_mb}")
    t0 = time.monotonic()
    ok = e.ready(600)
    setup = time.monotonic() - t0
    idle = e.status()["VmRSS"] / 1024.0
    e.send("position fen " + MIDDLEGAME)
    e.send(f"go movetime {movetime}")
    lines = e.until("bestmove", movetime / 1000.0 + 60)
    st = e.status()
    rc = e.quit()
    return {"hash": hash_mb, "threads": threads, "idle": idle, "peak": st["VmHWM"] / 1024.0,
            "ok": ok and lines is not None and rc == 0, "setup_s": setup, "infos": e.infos}


def check(name, fn, failures):
    try:
        ok, detail = fn()
    except Exception as exc:  # noqa: BLE001 - any failure of the engine interaction is a finding
        ok, detail = False, f"exception {exc!r}"
    print(f"  {'ok  ' if ok else 'FAIL'} {name}: {detail}", flush=True)
    if not ok:
        failures.append(name)


def limits(binary, big, failures):
    def hash_max():
        e = Engine(binary)
        e.send("uci")
        lines = e.until("uciok")
        line = next(l for l in lines if l.startswith("option name Hash "))
        top = int(line.split(" max ")[1].split()[0])
        e.send(f"setoption name Hash value {top + 1}")
        refused = e.until("info string")
        e.send("go depth 5")
        best = e.until("bestmove")
        rc = e.quit()
        return (refused is not None and "out of range" in refused[-1] and best is not None and rc == 0,
                f"max {top} MB (physical {os.sysconf('SC_PHYS_PAGES') * os.sysconf('SC_PAGE_SIZE') >> 20} MB); "
                f"{top + 1} -> {refused[-1] if refused else 'no answer'}")

    def big_hash():
        e = Engine(binary)
        e.send(f"setoption name Hash value {big}")
        t0 = time.monotonic()
        ready = e.ready(900)
        alloc = time.monotonic() - t0
        rss = e.status()["VmRSS"] / 1024.0
        e.send("position fen " + MIDDLEGAME)
        e.send("go movetime 2000")
        best = e.until("bestmove", 120)
        t0 = time.monotonic()
        rc = e.quit()
        return (ready and best is not None and rc == 0,
                f"Hash {big}: ready after {alloc:.1f}s, RSS {rss:.0f} MB, infos {e.infos}, quit in "
                f"{time.monotonic() - t0:.1f}s, exit {rc}")

    def many_threads(n):
        def run():
            e = Engine(binary)
            e.send(f"setoption name Threads value {n}")
            ready = e.ready(300)
            e.send("position fen " + MIDDLEGAME)
            t0 = time.monotonic()
            e.send("go movetime 500")
            best = e.until("bestmove", 120)
            took = time.monotonic() - t0
            rss = e.status()["VmRSS"] / 1024.0
            rc = e.quit()
            return (ready and best is not None and rc == 0,
                    f"bestmove after {took:.2f}s (movetime 500), RSS {rss:.0f} MB, exit {rc}")
        return run

    def long_position(plies):
        def run():
            shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"]
            moves = " ".join(shuffle[i % 4] for i in range(plies))
            e = Engine(binary)
            t0 = time.monotonic()
            e.send("position startpos moves " + moves)
            e.send("go depth 6")
            best = e.until("bestmove", 120)
            took = time.monotonic() - t0
            rc = e.quit()
            legal = best is not None and best[-1].split()[1] in ("g1f3", "g1h3", "b1c3", "b1a3") + tuple(
                f"{f}2{f}{r}" for f in "abcdefgh" for r in "34")
            return legal and rc == 0 and not e.infos, f"{plies} plies: {best[-1] if best else None} in {took:.2f}s"
        return run

    def odd_numbers():
        e = Engine(binary)
        bad = []
        for go in ("go wtime -100 btime -100", "go wtime 0 btime 0", "go movetime -1", "go movetime 0",
                   "go nodes -5", "go nodes 0", "go depth -1", "go depth 0", "go mate -2 nodes 20000",
                   "go movestogo -3 wtime 1000 btime 1000", "go movestogo 0 wtime 1000 btime 1000",
                   "go wtime 1000 btime 1000 winc -500 binc -500",
                   "go wtime 99999999999999999999999 btime 99999999999999999999999 movetime 300",
                   "go nodes 99999999999999999999 movetime 300", "go depth 2147483648 nodes 20000", "go wtime 50 btime",
                   "go perft -1", "go perft 0"):
            t0 = time.monotonic()
            e.send("position fen " + MIDDLEGAME)
            e.send(go)
            if "perft" in go:
                e.send("isready")
                ok = e.until("readyok", 60) is not None
            else:
                ok = e.until("bestmove", 60) is not None
            if not ok:
                bad.append(go)
                e.send("stop")
                e.until("bestmove", 30)
            if time.monotonic() - t0 > 30:
                bad.append(go + " (slow)")
        ready = e.ready()
        rc = e.quit()
        return not bad and ready and rc == 0, f"18 go commands answered, exit {rc}" + (f"; bad: {bad}" if bad else "")

    def quit_in_search():
        e = Engine(binary)
        e.send("setoption name Threads value 8")
        e.send("go infinite")
        time.sleep(0.3)
        t0 = time.monotonic()
        rc = e.quit()
        return rc == 0, f"exit {rc} {time.monotonic() - t0:.2f}s after quit"

    def eof_in(go):
        def run():
            e = Engine(binary)
            e.send("setoption name Threads value 4")
            e.send(go)
            time.sleep(0.2)
            t0 = time.monotonic()
            e.p.stdin.close()
            out = e.p.stdout.read()
            try:
                rc = e.p.wait(30)
            except subprocess.TimeoutExpired:
                e.p.kill()
                rc = "hung"
            return rc == 0 and "bestmove" in out, f"exit {rc} {time.monotonic() - t0:.2f}s after EOF, bestmove sent"
        return run

    print("Limits:")
    check("Hash above the maximum", hash_max, failures)
    if big:
        check(f"Hash {big} MB", big_hash, failures)
    # Hundreds of runnable threads outweigh other programs' threads even under nice 19 (the
    # scheduler weighs threads, not processes): never while a match is being played.
    busy = subprocess.run(["pgrep", "-f", "fastchess"], capture_output=True, text=True).stdout.strip()
    if busy:
        print("  skip Threads 64 / 1024: a fastchess match is running and would be starved", flush=True)
    else:
        check("Threads 64", many_threads(64), failures)
        check("Threads 1024", many_threads(1024), failures)
    check("position with 1000 plies", long_position(1000), failures)
    check("position with 5000 plies", long_position(5000), failures)
    check("go with negative, zero, missing and huge numbers", odd_numbers, failures)
    check("quit during a search with 8 threads", quit_in_search, failures)
    check("end of input during go infinite", eof_in("go infinite"), failures)
    check("end of input during go ponder", eof_in("go ponder wtime 10000 btime 10000"), failures)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine", help="Taper binary")
    ap.add_argument("--pairs", default="1:1,16:1,256:1,1024:1,1:8,16:8,256:8,1024:8,16:64",
                    help="Hash:Threads pairs to measure (default: %(default)s)")
    ap.add_argument("--movetime", type=int, default=2000, help="search time per measurement, ms (default 2000)")
    ap.add_argument("--big", type=int, default=0, help="also set Hash to this many MB and search with it")
    ap.add_argument("--skip-limits", action="store_true", help="only measure memory")
    args = ap.parse_args()

    print(f"Memory of {args.engine} (go movetime {args.movetime} after isready):", flush=True)
    print(f"  {'Hash':>6s} {'Threads':>7s} {'idle RSS':>9s} {'peak RSS':>9s} {'peak-Hash':>9s}  setup")
    rows = []
    failures = []
    busy = subprocess.run(["pgrep", "-f", "fastchess"], capture_output=True, text=True).stdout.strip()
    for pair in args.pairs.split(","):
        h, t = (int(x) for x in pair.split(":"))
        if t > 8 and busy:
            print(f"  {h:6d} {t:7d}  skipped: a fastchess match is running", flush=True)
            continue
        r = measure(args.engine, h, t, args.movetime)
        rows.append(r)
        print(f"  {h:6d} {t:7d} {r['idle']:8.1f}M {r['peak']:8.1f}M {r['peak'] - h:8.1f}M  {r['setup_s']:.2f}s"
              + ("" if r["ok"] else "  FAILED") + (f"  {r['infos']}" if r["infos"] else ""), flush=True)
        if not r["ok"]:
            failures.append(f"memory {pair}")
    # Overhead model: peak = Hash + base + per_thread * Threads (least squares over the rows).
    n = len(rows)
    xs = [r["threads"] for r in rows]
    ys = [r["peak"] - r["hash"] for r in rows]
    mx, my = sum(xs) / n, sum(ys) / n
    var = sum((x - mx) ** 2 for x in xs)
    per_thread = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / var if var else 0.0
    base = my - per_thread * mx
    print(f"  model: peak RSS ~ Hash + {base:.1f} MB + {per_thread:.2f} MB x Threads "
          f"(largest residual {max(abs(y - base - per_thread * x) for x, y in zip(xs, ys)):.1f} MB)")
    if not args.skip_limits:
        limits(args.engine, args.big, failures)
    print(f"RESULT base_mb={base:.1f} per_thread_mb={per_thread:.2f} failures={len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
