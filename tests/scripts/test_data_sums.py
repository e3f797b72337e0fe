# SPDX-License-Identifier: GPL-3.0-or-later
"""tests/data/SHA256SUMS lists every file of tests/data with its hash (the README promises
`sha256sum -c SHA256SUMS`): a file added without its line, or changed without a new one, fails."""
import hashlib
import os
import unittest

DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data")


class DataSums(unittest.TestCase):
    def test_every_file_listed_with_its_hash(self):
        listed = {}
        with open(os.path.join(DATA, "SHA256SUMS"), encoding="utf-8") as f:
            for line in f:
                digest, name = line.rstrip("\n").split(None, 1)
                listed[os.path.normpath(name.lstrip("*"))] = digest
        present = set()
        for root, _, files in os.walk(DATA):
            for name in files:
                rel = os.path.normpath(os.path.relpath(os.path.join(root, name), DATA))
                if rel in ("SHA256SUMS", "README.md"):
                    continue
                present.add(rel)
                with open(os.path.join(DATA, rel), "rb") as f:
                    digest = hashlib.sha256(f.read()).hexdigest()
                self.assertEqual(listed.get(rel), digest, f"{rel}: missing from SHA256SUMS or its hash differs")
        self.assertEqual(sorted(set(listed) - present), [], "SHA256SUMS lists files that are gone")


if __name__ == "__main__":
    unittest.main()
