# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/lib/find_binary.py and find_binary.sh: each program is looked for in the same places,
in the same order, by the Python and the shell scripts (sourced from bash and from sh).

    python3 -B -W error -m unittest discover -s tests/scripts -v
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIB = os.path.join(REPO, "scripts", "lib")
sys.path.insert(0, LIB)

from find_binary import SEARCH  # noqa: E402

ENV_VARS = ("TAPER_BIN", "TAPER", "FASTCHESS", "STOCKFISH", "ETHEREAL", "CHROMIUM")

PY_ASK = """
import json, os, sys
sys.path.insert(0, {lib!r})
from find_binary import SEARCH, find_binary
given = json.loads(sys.argv[1])
print(json.dumps({{name: find_binary(name, given.get(name)) for name in SEARCH}}))
"""

SH_ASK = """
. {lib}/find_binary.sh
for name in {names}; do
  eval "given=\\${{GIVEN_$(echo "$name" | tr -- '-' '_')-}}"
  printf '%s\\t%s\\n' "$name" "$(find_binary "$name" "$given")"
done
"""


def executable(path, mode=0o755):
    with open(path, "w") as f:
        f.write("#!/bin/sh\nexit 0\n")
    os.chmod(path, mode)
    return path


class FindBinary(unittest.TestCase):
    def setUp(self):
        self.dir = os.path.realpath(tempfile.mkdtemp(prefix="find-binary-test-"))
        self.bin = os.path.join(self.dir, "bin")
        os.mkdir(self.bin)
        for name in ("fastchess", "stockfish", "wine64", "qemu-aarch64-static"):
            executable(os.path.join(self.bin, name))
        self.cwd_taper = executable(os.path.join(self.dir, "taper"))       # ./taper, the cwd being self.dir
        self.other_taper = executable(os.path.join(self.dir, "other-taper"))
        self.not_executable = executable(os.path.join(self.dir, "not-executable"), 0o644)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def env(self, **extra):
        env = {k: v for k, v in os.environ.items() if k not in ENV_VARS and k != "find_binary_repo"}
        env["PATH"] = self.bin + os.pathsep + "/usr/bin" + os.pathsep + "/bin"
        env.update(extra)
        return env

    def ask_python(self, env, given):
        done = subprocess.run([sys.executable, "-B", "-c", PY_ASK.format(lib=LIB), json.dumps(given)], cwd=self.dir,
                              env=env, capture_output=True, text=True, check=True, timeout=60)
        return {k: v and os.path.realpath(v) for k, v in json.loads(done.stdout).items()}

    def ask_shell(self, shell, env, given):
        env = dict(env, **{"GIVEN_" + k.replace("-", "_"): v for k, v in given.items()})
        if shell == "sh":
            env["find_binary_repo"] = REPO  # sh cannot tell the helper where it is
        script = SH_ASK.format(lib=LIB, names=" ".join(SEARCH))
        done = subprocess.run([shell, "-c", script], cwd=self.dir, env=env, capture_output=True, text=True,
                              check=True, timeout=60)
        found = dict(line.split("\t", 1) for line in done.stdout.splitlines())
        return {k: os.path.realpath(os.path.join(self.dir, v)) if v else None for k, v in found.items()}

    def ask_all(self, env, given=None):
        """What the three ask for each program; the test fails if they disagree."""
        given = given or {}
        answer = self.ask_python(env, given)
        self.assertEqual(set(answer), set(SEARCH))
        for shell in ("bash", "sh"):
            with self.subTest(shell=shell):
                self.assertEqual(self.ask_shell(shell, env, given), answer)
        return answer

    def test_defaults(self):
        found = self.ask_all(self.env())
        self.assertEqual(found["taper"], self.cwd_taper)  # no $TAPER_BIN or $TAPER: ./taper
        self.assertEqual(found["fastchess"], os.path.join(self.bin, "fastchess"))  # PATH before /opt

    def test_environment_variables_come_first_and_are_passed_over_when_wrong(self):
        env = self.env(TAPER_BIN=os.path.join(self.dir, "missing"), TAPER=self.other_taper,
                       FASTCHESS=self.not_executable, ETHEREAL=self.other_taper, STOCKFISH=self.other_taper)
        found = self.ask_all(env)
        self.assertEqual(found["taper"], self.other_taper)
        self.assertEqual(found["fastchess"], os.path.join(self.bin, "fastchess"))
        self.assertEqual((found["ethereal"], found["stockfish"]), (self.other_taper, self.other_taper))
        self.assertEqual(self.ask_all(self.env(TAPER_BIN=self.other_taper))["taper"], self.other_taper)

    def test_a_given_path_is_used_as_it_is_or_not_at_all(self):
        found = self.ask_all(self.env(), {"taper": self.other_taper, "fastchess": self.not_executable,
                                          "stockfish": os.path.join(self.dir, "missing")})
        self.assertEqual(found["taper"], self.other_taper)
        self.assertIsNone(found["fastchess"])
        self.assertIsNone(found["stockfish"])


if __name__ == "__main__":
    unittest.main()
