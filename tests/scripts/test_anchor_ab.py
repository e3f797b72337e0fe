# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests of scripts/anchor_ab.py's pure parts: which game belongs to which arm and opening,
the paired difference and its interval, the GSPRT, and when one record may stand for another's
base arm. A mistake here would keep or drop an evaluation change wrongly."""
import math
import os
import sys
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts"))

import anchor_ab  # noqa: E402


def record_of(pairs, moves=None):
    """A record from [(cand points game 0, game 1, base points game 0, game 1)] per opening."""
    games = {}
    for i, (c0, c1, b0, b1) in enumerate(pairs):
        games[str(i)] = {
            "cand": {"0": {"points": c0, "anchor_white": True, "reason": "", "moves": None},
                     "1": {"points": c1, "anchor_white": False, "reason": "", "moves": None}},
            "base": {"0": {"points": b0, "anchor_white": True, "reason": "", "moves": None},
                     "1": {"points": b1, "anchor_white": False, "reason": "", "moves": None}}}
    return {"games": games}


class Schedule(unittest.TestCase):
    def test_gauntlet_of_two_arms(self):
        # fastchess: the anchor meets the candidate twice, then the base twice, on each opening.
        self.assertEqual(anchor_ab.game_slot(1), (0, 0, 0))
        self.assertEqual(anchor_ab.game_slot(2), (0, 0, 1))
        self.assertEqual(anchor_ab.game_slot(3), (0, 1, 0))
        self.assertEqual(anchor_ab.game_slot(4), (0, 1, 1))
        self.assertEqual(anchor_ab.game_slot(5), (1, 0, 0))
        self.assertEqual(anchor_ab.game_slot(12), (2, 1, 1))

    def test_one_arm(self):
        self.assertEqual(anchor_ab.game_slot(1, 1), (0, 0, 0))
        self.assertEqual(anchor_ab.game_slot(2, 1), (0, 0, 1))
        self.assertEqual(anchor_ab.game_slot(3, 1), (1, 0, 0))

    def test_book_repeats_each_opening(self):
        book = anchor_ab.sitting_book(["a\n", "b\n", "c\n"], [2, 0], 2)
        self.assertEqual(book, "c\nc\na\na\n")
        pgn = anchor_ab.sitting_book(['[Event "x"]\n\n1. e4 *\n'], [0], 2)
        self.assertEqual(len(anchor_ab.split_pgn(pgn)), 2)

    def test_opening_order_is_fixed_by_seed(self):
        self.assertEqual(anchor_ab.opening_order(50, 7), anchor_ab.opening_order(50, 7))
        self.assertNotEqual(anchor_ab.opening_order(50, 7), anchor_ab.opening_order(50, 8))
        self.assertEqual(sorted(anchor_ab.opening_order(50, 7)), list(range(50)))


class Parsing(unittest.TestCase):
    names = {"anchor": "anchor", "cand-abc": "cand", "base-def": "base"}

    def test_points_are_tapers(self):
        p = anchor_ab.parse_finished("Finished game 3 (anchor vs base-def): 1-0 {White mates}\n", self.names)
        self.assertEqual(p, (3, "base", 0.0, True, "White mates"))
        p = anchor_ab.parse_finished("Finished game 4 (base-def vs anchor): 1-0 {White mates}\n", self.names)
        self.assertEqual(p, (4, "base", 1.0, False, "White mates"))
        p = anchor_ab.parse_finished("Finished game 1 (cand-abc vs anchor): 1/2-1/2 {Draw by adjudication}", self.names)
        self.assertEqual(p[1:3], ("cand", 0.5))

    def test_other_lines_and_unfinished_games(self):
        self.assertIsNone(anchor_ab.parse_finished("Started game 1 of 4 (anchor vs cand-abc)", self.names))
        self.assertIsNone(anchor_ab.parse_finished("Finished game 1 (anchor vs cand-abc): * {No result}", self.names))
        self.assertIsNone(anchor_ab.parse_finished("Finished game 1 (cand-abc vs base-def): 1-0 {x}", self.names))

    def test_pgn_games_split(self):
        text = ('[Event "a"]\n[Round "1"]\n[White "anchor"]\n[Black "cand-abc"]\n\n1. e4 {+0.1/2} e5 1-0\n\n'
                '[Event "a"]\n[Round "1"]\n[White "cand-abc"]\n[Black "anchor"]\n\n1. d4 d5 2. c4 0-1\n\n')
        games = anchor_ab.split_pgn(text)
        self.assertEqual(len(games), 2)
        h = anchor_ab.pgn_moves_by_round(text)
        self.assertEqual(set(h), {("anchor", "cand-abc", "1"), ("cand-abc", "anchor", "1")})
        self.assertNotEqual(h[("anchor", "cand-abc", "1")], h[("cand-abc", "anchor", "1")])
        # Comments and move numbers do not count: the same moves give the same hash.
        same = text.replace("{+0.1/2}", "{-3.0/9 0.5s}")
        self.assertEqual(anchor_ab.pgn_moves_by_round(same)[("anchor", "cand-abc", "1")], h[("anchor", "cand-abc", "1")])


class Statistics(unittest.TestCase):
    def test_only_complete_openings_count(self):
        rec = record_of([(1, 0.5, 0, 0.5)])
        del rec["games"]["0"]["base"]["1"]
        self.assertEqual(anchor_ab.complete_openings(rec), {})

    def test_equal_arms_give_zero(self):
        rec = record_of([(1, 0, 1, 0), (0.5, 0.5, 0.5, 0.5), (0, 0, 0, 0)] * 10)
        fig = anchor_ab.difference(anchor_ab.complete_openings(rec))
        self.assertEqual(fig["diff_score"], 0.0)
        self.assertEqual(fig["err_score"], 0.0)
        self.assertEqual(fig["same"], 30)

    def test_difference_and_interval(self):
        # The candidate scores 1 point more on 10 of 40 openings: +0.125 a game.
        pairs = [(1, 0.5, 0.5, 0) if i < 10 else (0.5, 0, 0.5, 0) for i in range(40)]
        fig = anchor_ab.difference(anchor_ab.complete_openings(record_of(pairs)))
        self.assertAlmostEqual(fig["diff_score"], 0.125)
        d = [1.0] * 10 + [0.0] * 30
        sd = math.sqrt(sum((x - 0.25) ** 2 for x in d) / 39)
        self.assertAlmostEqual(fig["err_score"], 1.96 * sd / math.sqrt(40) / 2)
        self.assertGreater(fig["diff_elo"], 0)
        # At the pooled score, the Elo difference is the score difference times the slope.
        self.assertAlmostEqual(fig["diff_elo"], 0.125 * anchor_ab.elo_slope(fig["pooled_score"]))

    def test_arm_figures(self):
        score, elo, err, penta = anchor_ab.arm_figures([2, 1, 1, 0])
        self.assertAlmostEqual(score, 0.5)
        self.assertAlmostEqual(elo, 0.0, places=6)
        self.assertEqual(penta, [1, 0, 2, 0, 1])
        self.assertGreater(err, 0)

    def test_gsprt_sign(self):
        better = record_of([(1, 0.5, 0.5, 0) if i % 3 == 0 else (0.5, 0.5, 0.5, 0.5) for i in range(300)])
        worse = record_of([(0.5, 0, 1, 0.5) if i % 3 == 0 else (0.5, 0.5, 0.5, 0.5) for i in range(300)])
        llr_better = anchor_ab.gsprt_llr(anchor_ab.complete_openings(better), 0, 5)
        llr_worse = anchor_ab.gsprt_llr(anchor_ab.complete_openings(worse), 0, 5)
        self.assertGreater(llr_better, 2.94)
        self.assertLess(llr_worse, -2.94)
        self.assertEqual(anchor_ab.verdict(llr_better)[0], "passed")
        self.assertEqual(anchor_ab.verdict(llr_worse)[0], "failed")
        self.assertEqual(anchor_ab.verdict(0.5)[0], "undecided")

    def test_cap_decides_by_interval(self):
        fig = {"diff_elo": 3.0, "err_elo": 2.0}
        self.assertEqual(anchor_ab.verdict(0.1, games_per_arm=10000, max_games=10000, fig=fig)[0], "passed")
        fig = {"diff_elo": 3.0, "err_elo": 4.0}
        self.assertEqual(anchor_ab.verdict(0.1, games_per_arm=10000, max_games=10000, fig=fig)[0], "failed")

    def test_identical_games_by_colour(self):
        rec = record_of([(1, 0, 1, 0)])
        g = rec["games"]["0"]
        g["cand"]["0"]["moves"] = g["base"]["0"]["moves"] = "aaa"
        g["cand"]["1"]["moves"], g["base"]["1"]["moves"] = "bbb", "ccc"
        self.assertEqual(anchor_ab.identical_games(rec), 1)


class BaseReuse(unittest.TestCase):
    def rec(self, **kw):
        args = {"nodes": 50000, "anchor_nodes": 50000, "book": "b", "seed": 1, "base_option": [], "tunable": False,
                "arch": "native"}
        args.update(kw)
        return {"base_commit": "c" * 40, "args": args}

    def test_same_settings_may_stand_in(self):
        self.assertIsNone(anchor_ab.same_base(self.rec(), self.rec()))

    def test_any_difference_refuses(self):
        self.assertIn("seed", anchor_ab.same_base(self.rec(), self.rec(seed=2)))
        self.assertIn("nodes", anchor_ab.same_base(self.rec(), self.rec(nodes=40000)))
        other = self.rec()
        other["base_commit"] = "d" * 40
        self.assertIn("base commit", anchor_ab.same_base(self.rec(), other))


if __name__ == "__main__":
    unittest.main()
