# SPDX-License-Identifier: GPL-3.0-or-later
"""eval_groups_vs_peer.py: reading labelled positions in both formats, the fitted curve's error,
and the swap/drop table on rows whose truth is known."""
import os
import random
import sys
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts"))

import eval_groups_vs_peer as egp  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class Parse(unittest.TestCase):
    def test_datagen_line(self):
        self.assertEqual(egp.parse_labelled(START + " | 35 | 0.5\n"), (START, 0.5))

    def test_epd_line_gets_move_counters(self):
        fen, result = egp.parse_labelled('8/5pr1/4pkp1/3p4/3P1PKP/4P3/7R/8 w - - c9 "0-1";')
        self.assertEqual(fen, "8/5pr1/4pkp1/3p4/3P1PKP/4P3/7R/8 w - - 0 1")
        self.assertEqual(result, 0.0)

    def test_comments_and_garbage_are_skipped(self):
        for line in ("# taper datagen ...", "", "not a position", START + ' c9 "draw";', START + " | 3 | x"):
            self.assertIsNone(egp.parse_labelled(line), line)


class Curve(unittest.TestCase):
    def test_an_informative_score_beats_noise(self):
        rng = random.Random(7)
        pawns = [rng.uniform(-3, 3) for _ in range(2000)]
        results = [1.0 if rng.random() < 1 / (1 + 2.718281828 ** (-1.2 * p)) else 0.0 for p in pawns]
        good, slope = egp.curve_error(pawns, results)
        noise, _ = egp.curve_error([rng.uniform(-3, 3) for _ in pawns], results)
        self.assertLess(good, noise - 0.02)
        self.assertAlmostEqual(slope, 1.2, delta=0.25)


class Table(unittest.TestCase):
    def rows(self):
        """The result follows the true king-safety value, which only the peer's group sees."""
        rng = random.Random(3)
        out = []
        names = [g[0] for g in egp.dvp.GROUPS]
        king = "king safety (shelter, storm, danger)"
        for i in range(1500):
            truth = rng.uniform(-2, 2)
            result = 1.0 if rng.random() < 1 / (1 + 2.718281828 ** (-2 * truth)) else 0.0
            tg = {n: 0.0 for n in names}
            pg = {n: 0.0 for n in names}
            tg[king] = rng.uniform(-2, 2)  # Taper's version: noise
            pg[king] = truth
            out.append({"phase": egp.PHASES[i % 3], "result": result, "taper": tg[king], "peer": truth,
                        "tg": tg, "pg": pg})
        return out

    def test_swapping_in_the_better_group_lowers_the_error(self):
        table = egp.group_table(self.rows())
        n, base, peer, groups = table["all"]
        self.assertEqual(n, 1500)
        self.assertLess(peer, base)
        king = groups["king safety (shelter, storm, danger)"]
        self.assertLess(king[0], -0.02)           # the peer's group predicts better
        self.assertLess(abs(king[1]), 0.01)       # taking out noise changes little
        self.assertEqual(groups["mobility"], (0.0, 0.0))
        self.assertEqual(set(table), {"all", "opening", "middlegame", "endgame"})
        self.assertIn("| king safety (shelter, storm, danger) |", egp.markdown(table))


if __name__ == "__main__":
    unittest.main()
