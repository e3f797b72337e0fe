# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests of scripts/report_bench.py's pure parts: cutting a PGN into games (a game starts at
the tag line after movetext, as `taper report` reads it) and picking the player's games by whole
name, case-insensitive. A mistake here would benchmark the wrong number of games."""
import os
import sys
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts"))

import report_bench  # noqa: E402

PGN = """[Event "a"]
[White "Taper"]
[Black "Other"]
[Result "1-0"]

1. e4 e5 2. Qh5 {a comment
[not a tag: inside a comment but at a line start]} Nc6 1-0

[Event "b"]
[White "other player"]
[Black "  taper "]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1
[Event "c"]
[White "Taperish"]
[Black "Someone"]
[Result "*"]

1. d4 *
"""


class SplitGames(unittest.TestCase):
    def test_games_start_at_a_tag_after_movetext(self):
        games = report_bench.split_games(PGN)
        self.assertEqual(len(games), 3)
        self.assertIn('[Event "a"]', games[0])
        self.assertIn("Nc6 1-0", games[0])
        self.assertTrue(games[1].startswith('[Event "b"]'))
        self.assertIn("Qh4# 0-1", games[1])
        self.assertTrue(games[2].startswith('[Event "c"]'))

    def test_no_games_in_empty_text(self):
        self.assertEqual(report_bench.split_games(""), [])


class Plays(unittest.TestCase):
    def test_whole_name_case_insensitive_either_colour(self):
        games = report_bench.split_games(PGN)
        self.assertEqual([report_bench.plays(g, "taper") for g in games], [True, True, False])
        self.assertEqual([report_bench.plays(g, "Other Player") for g in games], [False, True, False])


if __name__ == "__main__":
    unittest.main()
