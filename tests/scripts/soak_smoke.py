#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/soak.py run for a few seconds, as CTest's `soak_smoke` does (it sets $TAPER_BIN to the
build's taper): the real engine in two short ponder games against scripts/lib/fake_engine.py (a
record, resumed for a third game) and in a few cycles of the analysis pattern, with no fault; then
the fake engine in Taper's seat, misbehaving in each way the soak counts, and the soak must count
it and exit 1. Not named test_*.py: the scripts' unit tests (`scripts_unit_tests`) have no binary.

    TAPER_BIN=build/release/taper python3 -B tests/scripts/soak_smoke.py -v
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOAK = os.path.join(REPO, "scripts", "soak.py")
FAKE = os.path.join(REPO, "scripts", "lib", "fake_engine.py")
TAPER = os.environ.get("TAPER_BIN", "")
# A control that a loaded machine (a CI runner, a developer's builds) cannot make Taper lose on.
FAST_GAME = ["--condition", "ponder", "--tc", "4+0.1", "--opponent", FAKE, "--busy-ok"]


def run(args, logs):
    proc = subprocess.run([sys.executable, "-B", SOAK, "--logs", logs] + args, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "TAPER_BIN": TAPER})
    result = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")]
    fields = dict(w.split("=", 1) for w in result[-1].split()[1:]) if result else {}
    return proc.returncode, fields, proc.stdout + proc.stderr


@unittest.skipUnless(os.access(TAPER, os.X_OK), "set $TAPER_BIN to a taper binary (CTest's soak_smoke does)")
class SoakSmoke(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.logs = os.path.join(self.dir.name, "logs")

    def tearDown(self):
        self.dir.cleanup()

    def test_ponder_games_with_a_record_that_resumes(self):
        record = os.path.join(self.dir.name, "soak", "p.json")
        code, fields, out = run(FAST_GAME + ["--taper", TAPER, "--games", "2", "--max-plies", "20",
                                             "--record", record], self.logs)
        self.assertEqual((code, fields.get("games"), fields.get("faults")), (0, "2", "0"), out)
        with open(record) as f:
            rec = json.load(f)
        self.assertGreater(sum(g["ponder_searches"] for g in rec["games"]), 0, out)
        self.assertTrue(all(g["rss_kib"] for g in rec["games"]), out)
        self.assertTrue(os.path.exists(os.path.splitext(record)[0] + ".svg"))
        # The same record, a third game: the settings come from the record.
        code, fields, out = run(["--record", record, "--games", "3", "--opponent", FAKE, "--busy-ok",
                                 "--taper", TAPER], self.logs)
        self.assertEqual((code, fields.get("games"), fields.get("faults")), (0, "3", "0"), out)
        with open(record) as f:
            rec = json.load(f)
        self.assertEqual((len(rec["games"]), len(rec["sittings"])), (3, 2))
        self.assertEqual(rec["games"][2]["taper_white"], True)   # the second opening, Taper White

    def test_analysis_pattern(self):
        code, fields, out = run(["--condition", "analysis", "--taper", TAPER, "--cycles", "16", "--block", "4",
                                 "--sample", "4", "--stop-range", "0.02:0.1", "--at-once", "0.5"], self.logs)
        self.assertEqual((code, fields.get("cycles"), fields.get("faults")), (0, "16", "0"), out)
        self.assertIn("rss_last_mib", fields, out)

    def test_each_fault_is_counted(self):
        cases = [("--crash 3", "crashes"), ("--illegal 3", "illegal_moves"), ("--slow 3", "time_losses"),
                 ("--hang 3", "hangs"), ("--deaf 2", "hangs"), ("--stray 2", "stray_output"),
                 ("--double 3", "extra_bestmoves"), ("--early", "early_bestmoves")]

        def one(case):
            fake_args, _ = case
            return run(["--condition", "ponder", "--tc", "0.2+0.01", "--opponent", FAKE, "--busy-ok",
                        "--taper", FAKE, f"--taper-args={fake_args}", "--judge", TAPER, "--games", "1",
                        "--max-plies", "12", "--hang-grace", "1", "--stop-limit", "0.5"],
                       os.path.join(self.logs, fake_args.strip("-").replace(" ", "")))

        with concurrent.futures.ThreadPoolExecutor(4) as pool:   # four at a time: seconds, not a minute
            outcomes = list(pool.map(one, cases))
        for (fake_args, key), (code, fields, out) in zip(cases, outcomes):
            with self.subTest(fake=fake_args):
                self.assertEqual(code, 1, out)
                self.assertGreaterEqual(int(fields.get(key, 0)), 1, out)

if __name__ == "__main__":
    unittest.main()
