# SPDX-License-Identifier: GPL-3.0-or-later
"""Minimal UCI engine driver and engine registry for Taper's scripts.

* ``resolve_engine(spec)`` turns "glaurung", "toga2", "ethereal", "stockfish",
  "taper" or a path into (command path, default name, default UCI options).
* ``UciEngine`` starts an engine, sets options, runs searches and parses
  ``info`` lines; it survives engine crashes and hangs (restart()).
"""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import threading
import time

# Debian engines installed in /usr/games, by short name. The default options
# make them play on one thread without their own opening books (Glaurung 2.2
# defaults to Threads=2 and OwnBook=true, Toga II 3.0 to OwnBook=true).
KNOWN_ENGINES = {
    "glaurung": ("/usr/games/glaurung", {"Threads": "1", "OwnBook": "false", "Ponder": "false"}),
    "toga2": ("/usr/games/toga2", {"OwnBook": "false", "Ponder": "false"}),
    "toga": ("/usr/games/toga2", {"OwnBook": "false", "Ponder": "false"}),
    "ethereal": ("/usr/games/ethereal-chess", {}),
    "ethereal-chess": ("/usr/games/ethereal-chess", {}),
    "stockfish": ("/usr/games/stockfish", {}),
}

# Alternative spellings of common options, tried when an engine does not
# know the generic name (Toga II calls its thread option "Number of Threads").
OPTION_ALIASES = {
    "threads": ["Threads", "Number of Threads", "Cores"],
    "hash": ["Hash"],
    "syzygypath": ["SyzygyPath", "Syzygy Path"],
}


def resolve_engine(spec: str):
    """Return (absolute command, default display name, default options dict)."""
    key = spec.lower()
    if key in KNOWN_ENGINES and not os.path.sep in spec:
        path, opts = KNOWN_ENGINES[key]
        name = "ethereal" if "ethereal" in key else ("toga2" if key.startswith("toga") else key)
        return path, name, dict(opts)
    if os.path.sep not in spec:
        found = shutil.which(spec)
        if found and not os.path.exists(spec):
            spec = found
    path = os.path.abspath(spec)
    base = os.path.basename(path)
    for k, (p, opts) in KNOWN_ENGINES.items():
        if os.path.realpath(p) == os.path.realpath(path):
            return path, base, dict(opts)
    return path, base, {}


def parse_info(line: str) -> dict:
    """Parse a UCI 'info' line into a dict. Keys: depth, seldepth, multipv,
    nodes, nps, time, hashfull, tbhits (ints), score_type ('cp'/'mate'),
    score (int), bound ('lower'/'upper'/None), pv (list), string."""
    toks = line.split()
    out = {}
    i = 1
    n = len(toks)
    ints = {"depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull", "tbhits", "currmovenumber"}
    while i < n:
        t = toks[i]
        if t in ints and i + 1 < n:
            try:
                out[t] = int(toks[i + 1])
            except ValueError:
                pass
            i += 2
        elif t == "score" and i + 2 < n:
            out["score_type"] = toks[i + 1]
            try:
                out["score"] = int(toks[i + 2])
            except ValueError:
                pass
            i += 3
            out["bound"] = None
            while i < n and toks[i] in ("lowerbound", "upperbound"):
                out["bound"] = "lower" if toks[i] == "lowerbound" else "upper"
                i += 1
        elif t == "pv":
            out["pv"] = toks[i + 1:]
            break
        elif t == "string":
            out["string"] = " ".join(toks[i + 1:])
            break
        elif t in ("currmove", "refutation", "currline", "wdl"):
            i += 2 if t != "wdl" else 4
        else:
            i += 1
    return out


class EngineError(RuntimeError):
    pass


class SearchResult:
    def __init__(self):
        self.bestmove = None
        self.infos = []          # list of (wall_ms, parsed info dict)
        self.wall_ms = 0.0
        self.error = None        # None, "timeout", "crash"

    def main_infos(self):
        return [(t, i) for t, i in self.infos if i.get("multipv", 1) == 1]

    def final_score(self):
        """(score_type, value) of the last exact score of the main line, else the last any."""
        last_any = None
        for _, info in reversed(self.main_infos()):
            if "score_type" in info and "score" in info:
                if info.get("bound") is None:
                    return info["score_type"], info["score"]
                if last_any is None:
                    last_any = (info["score_type"], info["score"])
        return last_any

    def last(self, key):
        for _, info in reversed(self.main_infos()):
            if key in info:
                return info[key]
        return None


class UciEngine:
    def __init__(self, cmd, options=None, name=None, cwd=None, stderr_path=None, log=None):
        self.cmd = cmd if isinstance(cmd, list) else [cmd]
        self.options = dict(options or {})
        self.name = name or os.path.basename(self.cmd[0])
        self.cwd = cwd
        self.stderr_path = stderr_path
        self.log = log                   # callable(str) for a protocol trace, or None
        self.proc = None
        self.q = None
        self.id_name = None
        self.known_options = {}          # lower-case name -> real name
        self.applied = {}                # option actually set -> value
        self.warnings = []

    # ----------------------------------------------------------- process
    def start(self, startup_timeout=15.0):
        err = open(self.stderr_path, "ab") if self.stderr_path else subprocess.DEVNULL
        try:
            self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                         cwd=self.cwd, text=True, bufsize=1, errors="replace")
        except OSError as e:
            raise EngineError(f"cannot start {self.cmd[0]}: {e}") from e
        self.q = queue.Queue()
        threading.Thread(target=self._reader, args=(self.proc, self.q), daemon=True).start()
        self.send("uci")
        lines = self.read_until(lambda l: l == "uciok", startup_timeout)
        for l in lines:
            if l.startswith("id name "):
                self.id_name = l[8:].strip()
            elif l.startswith("option name "):
                rest = l[12:]
                nm = rest.split(" type ")[0].strip()
                self.known_options[nm.lower()] = nm
        for k, v in self.options.items():
            self.setoption(k, v)
        self.isready()

    @staticmethod
    def _reader(proc, q):
        try:
            for line in proc.stdout:
                q.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        q.put(None)   # EOF marker

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def send(self, line):
        if self.log:
            self.log(f"> {line}")
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as e:
            raise EngineError(f"{self.name}: engine pipe closed ({e})") from e

    def read_until(self, pred, timeout, on_line=None):
        """Read lines until pred(line) is true; return all lines read. Raises
        EngineError on EOF, TimeoutError on timeout."""
        deadline = time.monotonic() + timeout if timeout else None
        out = []
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise TimeoutError(f"{self.name}: no answer within {timeout:.1f}s")
            try:
                line = self.q.get(timeout=left)
            except queue.Empty:
                raise TimeoutError(f"{self.name}: no answer within {timeout:.1f}s") from None
            if line is None:
                self.q.put(None)
                raise EngineError(f"{self.name}: engine exited (code {self.proc.poll()})")
            if self.log:
                self.log(f"< {line}")
            out.append(line)
            if on_line:
                on_line(line)
            if pred(line):
                return out

    def isready(self, timeout=60.0):
        self.send("isready")
        self.read_until(lambda l: l == "readyok", timeout)

    def resolve_option(self, name):
        if not self.known_options:
            return name
        if name.lower() in self.known_options:
            return self.known_options[name.lower()]
        for alt in OPTION_ALIASES.get(name.lower(), []):
            if alt.lower() in self.known_options:
                return self.known_options[alt.lower()]
        return None

    def setoption(self, name, value):
        real = self.resolve_option(name)
        if real is None:
            self.warnings.append(f"{self.name}: engine has no option {name!r}; not set")
            return False
        if value is None or value == "":
            self.send(f"setoption name {real}")
        else:
            self.send(f"setoption name {real} value {value}")
        self.applied[real] = value
        return True

    def newgame(self):
        self.send("ucinewgame")
        self.isready()

    def quit(self):
        if self.proc is None:
            return
        try:
            if self.alive():
                self.send("quit")
                self.proc.wait(timeout=3)
        except (EngineError, subprocess.TimeoutExpired):
            pass
        if self.alive():
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def restart(self):
        if self.proc is not None and self.alive():
            self.proc.kill()
            self.proc.wait()
        self.proc = None
        self.start()

    # ------------------------------------------------------------ search
    def search(self, fen, movetime=None, nodes=None, depth=None, moves=None, timeout=None):
        """Run one search from FEN. Returns SearchResult (error set on
        timeout/crash; the engine is then restarted by the caller)."""
        res = SearchResult()
        pos = f"position fen {fen}" + (" moves " + " ".join(moves) if moves else "")
        go = "go"
        if movetime:
            go += f" movetime {int(movetime)}"
        if nodes:
            go += f" nodes {int(nodes)}"
        if depth:
            go += f" depth {int(depth)}"
        if go == "go":
            go = "go infinite"
        self.send(pos)
        t0 = time.monotonic()

        def on_line(l):
            if l.startswith("info ") and (" pv " in l or " score " in l):
                res.infos.append(((time.monotonic() - t0) * 1000.0, parse_info(l)))

        self.send(go)
        try:
            lines = self.read_until(lambda l: l.startswith("bestmove"), timeout, on_line)
            bm = lines[-1].split()
            res.bestmove = bm[1] if len(bm) > 1 else None
        except TimeoutError:
            res.error = "timeout"
            try:
                self.send("stop")
                lines = self.read_until(lambda l: l.startswith("bestmove"), 3.0, on_line)
                bm = lines[-1].split()
                res.bestmove = bm[1] if len(bm) > 1 else None
            except (TimeoutError, EngineError):
                pass
        except EngineError:
            res.error = "crash"
        res.wall_ms = (time.monotonic() - t0) * 1000.0
        return res


def probe(cmd, timeout=15.0):
    """Start an engine, read its id and options, quit. Returns the UciEngine
    (stopped) or raises EngineError/TimeoutError."""
    e = UciEngine(cmd)
    try:
        e.start(startup_timeout=timeout)
    finally:
        e.quit()
    return e
