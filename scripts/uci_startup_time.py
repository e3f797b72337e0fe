#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a GUI waits for when it starts the engine: time to `uciok`, then to the first `readyok`.

Starts ENGINE --runs times (median reported), sends `uci`, then the given `setoption` lines and
`isready`, and reads the process's CPU time (user + system, /proc/<pid>/stat) and peak resident
memory (VmHWM) at `readyok`. Example, the cost of Taper's four-man bitbases:

    scripts/uci_startup_time.py ./taper --option EndgameBitbases=true --runs 1
"""
import argparse
import os
import statistics
import subprocess
import time


def measure(engine, options):
    start = time.perf_counter()
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def wait_for(word):
        for line in p.stdout:
            if line.startswith(word):
                return
        raise SystemExit(f"error: {engine} ended before '{word}'")

    p.stdin.write("uci\n")
    p.stdin.flush()
    wait_for("uciok")
    uciok = time.perf_counter()
    for o in options:
        name, _, value = o.partition("=")
        p.stdin.write(f"setoption name {name} value {value}\n")
    p.stdin.write("isready\n")
    p.stdin.flush()
    wait_for("readyok")
    ready = time.perf_counter()
    with open(f"/proc/{p.pid}/stat") as f:
        stat = f.read()
    fields = stat[stat.rfind(")") + 2:].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    with open(f"/proc/{p.pid}/status") as f:
        rss = next(int(line.split()[1]) for line in f if line.startswith("VmHWM"))
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    return (uciok - start) * 1000, (ready - uciok) * 1000, cpu, rss


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE, sent before isready")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    runs = [measure(args.engine, args.option) for _ in range(args.runs)]
    uciok, ready, cpu, rss = (statistics.median(r[i] for r in runs) for i in range(4))
    print(f"{args.engine}: uciok after {uciok:.0f} ms, first readyok {ready:.0f} ms later, "
          f"CPU {cpu:.2f} s, peak RSS {rss / 1024:.1f} MiB (median of {args.runs})")
    print(f"RESULT uciok_ms={uciok:.0f} readyok_ms={ready:.0f} cpu_s={cpu:.2f} rss_mib={rss / 1024:.1f}")


if __name__ == "__main__":
    main()
