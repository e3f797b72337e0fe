#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Builds and benches a Taper revision exactly as an OpenBench worker would, with OpenBench's code.

OpenBench (https://github.com/AndyGrant/OpenBench) workers download a commit as a zip, run
`make -j EXE=<name> [CXX=<compiler>]` in it, then run `./<name> bench` several times at once
and parse the node count and speed from the output. This script hands a `git archive` of the
revision to the worker's own functions (Client/utils.py prepare_engine, Client/bench.py
run_benchmark) instead of a download, so a change that would break an OpenBench test shows
up here first. OpenBench is not part of this repository: clone it anywhere and pass its Client
folder.

    git clone https://github.com/AndyGrant/OpenBench /tmp/OpenBench
    scripts/openbench_check.py --client /tmp/OpenBench/Client            # HEAD, g++
    scripts/openbench_check.py --client /tmp/OpenBench/Client --rev main --compiler clang++

It compares the bench with the `Bench:` line of the newest commit message that has one (what
OpenBench's test form would be filled in with). Exit code 0 when the build and the bench work
and the signature matches.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def git(*args):
    return subprocess.run(["git", "-C", REPO, *args], check=True, capture_output=True, text=True).stdout


def stated_bench(rev):
    """The `Bench: N` of the newest commit at or before `rev` that states one."""
    m = re.search(r"^Bench: (\d+)", git("log", "--format=%B", rev), re.M)
    return int(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--client", required=True, help="OpenBench's Client folder (a local clone)")
    ap.add_argument("--rev", default="HEAD", help="git revision to build (default HEAD)")
    ap.add_argument("--compiler", default="g++", help="compiler OpenBench passes as CXX= (default g++)")
    ap.add_argument("--threads", type=int, default=2, help="concurrent benches, as a worker runs them (default 2)")
    ap.add_argument("--sets", type=int, default=2, help="rounds of concurrent benches (default 2)")
    args = ap.parse_args()

    sys.path.insert(0, os.path.abspath(args.client))
    import bench  # noqa: E402  (OpenBench's Client/bench.py)
    import utils  # noqa: E402  (OpenBench's Client/utils.py)

    commit = git("rev-parse", "--verify", args.rev + "^{commit}").strip()
    expected = stated_bench(commit)
    with tempfile.TemporaryDirectory() as tmp:
        archive = os.path.join(tmp, "source.zip")
        subprocess.run(["git", "-C", REPO, "archive", "--format=zip", f"--prefix=Taper-{commit[:8]}/",
                        "-o", archive, commit], check=True)

        class Download:  # what requests.get returns, for the one call prepare_engine makes
            def __init__(self, path):
                with open(path, "rb") as f:
                    self.content = f.read()

        utils.requests.get = lambda url, headers=None: Download(archive)
        out_dir = os.path.join(tmp, "Engines")
        os.makedirs(out_dir)
        name = utils.engine_binary_name("Taper", commit, None)
        out_path = os.path.join(out_dir, name)
        print(f"# OpenBench build of {args.rev} ({commit[:8]}): make -j EXE={name} CXX={args.compiler}", flush=True)
        try:
            utils.prepare_engine("Taper", None, args.rev, "zip://" + archive, "", out_path, False, args.compiler)
        except Exception as e:  # OpenBenchBuildFailedException carries the compiler's log
            print(f"build failed: {e}\n{getattr(e, 'logs', '')[-3000:]}")
            return 2

        cwd = os.getcwd()
        os.chdir(out_dir)  # run_benchmark runs ./<binary>, as the worker does from its Engines folder
        try:
            nps, signature = bench.run_benchmark(name, args.threads, args.sets, expected)
        except Exception as e:
            print(f"bench failed: {e}")
            return 1
        finally:
            os.chdir(cwd)
    print(f"OpenBench bench: {signature} nodes, {nps} nps ({args.threads} at once x {args.sets} sets)")
    print(f"Stated in the commit log: {expected if expected is not None else 'none'}"
          f" -> {'match' if expected == signature else 'MISMATCH'}")
    return 0 if expected in (None, signature) else 1


if __name__ == "__main__":
    sys.exit(main())
