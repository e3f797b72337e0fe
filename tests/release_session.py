#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Drives a Taper binary (native, or a Windows .exe through Wine) over UCI for the release check:

  session  uci, isready, position with moves, go depth, go movetime, go infinite + stop, quit;
           every bestmove must be legal (checked against the engine's own `go perft 1` list).
  perft    the perft suites through `go perft` in one process: the standard positions and
           the first Chess960 ones (UCI_Chess960), each at the deepest depth with at most
           MAX_NODES leaves; every count must equal the suite's.
  syzygy   SyzygyPath set to the tables of tests/data: the engine must load them, or (expected "none")
           say that it has no prober; a KQvK search must then report tbhits.

Usage: release_session.py MODE TRANSCRIPT ARG... -- COMMAND...
Writes the whole exchange to TRANSCRIPT ("> " sent, "< " received) and exits non-zero, with
the reason on stderr, at the first wrong answer.
"""
import queue
import subprocess
import sys
import threading
import time

MAX_NODES = 200_000
CHESS960_POSITIONS = 40


class Engine:
    def __init__(self, command, transcript):
        self.log = open(transcript, "w")
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, text):
        self.log.write("> " + text + "\n")
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def until(self, prefix, timeout):
        """Lines up to and including the first that starts with prefix."""
        got, deadline = [], time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                fail(f"no '{prefix}' within {timeout} s")
            if line is None:
                fail(f"engine exited while waiting for '{prefix}'")
            if not line.startswith("option name"):
                self.log.write("< " + line + "\n")
            got.append(line)
            if line.startswith(prefix):
                return got


def fail(reason):
    sys.stderr.write("release_session: FAIL: " + reason + "\n")
    sys.exit(1)


def legal_moves(engine, position):
    engine.send(position)
    engine.send("go perft 1")
    lines = engine.until("Nodes searched", 60)
    moves = {line.split(":")[0] for line in lines if ": " in line and not line.startswith(("info", "Nodes"))}
    if len(moves) != int(lines[-1].split(":")[1]):
        fail(f"go perft 1 listed {len(moves)} moves but counted {lines[-1]}")
    return moves


def bestmove_of(lines):
    return lines[-1].split()[1]


def session(engine):
    engine.send("uci")
    lines = engine.until("uciok", 60)
    if not any(line.startswith("id name Taper") for line in lines):
        fail("no 'id name Taper' before uciok")
    engine.send("isready")
    engine.until("readyok", 30)
    position = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5"
    legal = legal_moves(engine, position)
    if not legal:
        fail("go perft 1 listed no moves after 3.Bb5")

    engine.send(position)
    engine.send("go depth 8")
    move = bestmove_of(engine.until("bestmove", 120))
    if move not in legal:
        fail(f"go depth 8: illegal bestmove {move}")

    engine.send("go movetime 1000")
    start = time.monotonic()
    move = bestmove_of(engine.until("bestmove", 30))
    took = time.monotonic() - start
    if move not in legal or took > 10:
        fail(f"go movetime 1000: bestmove {move} after {took:.1f} s")

    engine.send("go infinite")
    time.sleep(1.0)
    engine.send("stop")
    move = bestmove_of(engine.until("bestmove", 10))
    if move not in legal:
        fail(f"go infinite + stop: illegal bestmove {move}")

    engine.send("isready")
    engine.until("readyok", 30)
    engine.send("quit")
    try:
        code = engine.proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        fail("still running 30 s after quit")
    if code != 0:
        fail(f"exit code {code} after quit")


def perft(engine, suites):
    checked = 0
    for suite in suites:
        chess960 = "fischer" in suite
        engine.send(f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}")
        with open(suite) as f:
            entries = [line.strip() for line in f if line.strip()]
        if chess960:
            entries = entries[:CHESS960_POSITIONS]
        for entry in entries:
            fen, *counts = [part.strip() for part in entry.split(";")]
            depths = {int(c.split()[0][1:]): int(c.split()[1]) for c in counts}
            # The deepest affordable count; a line that only has deep counts gets its shallowest.
            small = [d for d, n in depths.items() if n <= MAX_NODES]
            depth = max(small) if small else min(depths)
            engine.send(f"position fen {fen}")
            engine.send(f"go perft {depth}")
            got = int(engine.until("Nodes searched", 120)[-1].split(":")[1])
            if got != depths[depth]:
                fail(f"perft {depth} of '{fen}': {got}, the suite says {depths[depth]}")
            checked += 1
    engine.send("quit")
    engine.proc.wait(timeout=30)
    print(f"perft: {checked} positions right")


def syzygy(engine, tables, expected):
    engine.send("uci")
    engine.until("uciok", 60)
    engine.send(f"setoption name SyzygyPath value {tables}")
    message = engine.until("info string", 30)[-1]
    if expected == "none":
        if "Syzygy prober not available" not in message:
            fail(f"a build without Fathom answered SyzygyPath with: {message}")
    else:
        if "35 WDL and 35 DTZ tables" not in message:
            fail(f"SyzygyPath did not load the tables: {message}")
        engine.send("position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1")
        engine.send("go depth 5")
        lines = engine.until("bestmove", 60)
        if not any(" tbhits " in line and " tbhits 0 " not in line for line in lines):
            fail("KQvK with tables: no tbhits reported")
    engine.send("quit")
    engine.proc.wait(timeout=30)
    print(f"syzygy: {message}")


def main():
    if "--" not in sys.argv or len(sys.argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    split = sys.argv.index("--")
    mode, transcript, args, command = sys.argv[1], sys.argv[2], sys.argv[3:split], sys.argv[split + 1:]
    engine = Engine(command, transcript)
    if mode == "session":
        session(engine)
        print("session: all answers right")
    elif mode == "perft":
        perft(engine, args)
    elif mode == "syzygy":
        syzygy(engine, args[0], args[1])
    else:
        fail(f"unknown mode {mode}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
