# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests of scripts/nps_vs_peer.py's pure parts: which info line gives a search's speed, how
the per-position speeds are summed up, which EPD lines become positions. Run by CTest
(`scripts_unit_tests`), or directly: python3 -B -m unittest discover -s tests/scripts -v
"""
import os
import sys
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts"))

import nps_vs_peer  # noqa: E402
from uci import SearchResult, parse_info  # noqa: E402  (scripts/lib, put on the path by nps_vs_peer)


def result_of(lines):
    res = SearchResult()
    res.infos = [(float(i), parse_info(line)) for i, line in enumerate(lines)]
    return res


class SpeedOfASearch(unittest.TestCase):
    def test_the_last_line_with_nodes_and_time_counts(self):
        res = result_of([
            "info depth 10 score cp 20 nodes 100000 nps 1000000 time 100 pv e2e4",
            "info depth 11 score cp 25 nodes 250000 nps 1250000 time 200 pv e2e4 e7e5",
            "info depth 12 currmove e2e4 currmovenumber 1",
        ])
        self.assertEqual(nps_vs_peer.speed_of(res), (250000, 200, 11))

    def test_a_line_without_time_or_at_zero_ms_gives_no_speed(self):
        self.assertIsNone(nps_vs_peer.speed_of(result_of(["info depth 1 score cp 0 nodes 20 pv e2e4"])))
        self.assertIsNone(nps_vs_peer.speed_of(result_of(["info depth 1 score cp 0 nodes 20 time 0 pv e2e4"])))
        self.assertIsNone(nps_vs_peer.speed_of(result_of([])))


class Summary(unittest.TestCase):
    def test_ratio_of_sums_and_mean_of_ratios_differ_as_they_should(self):
        # Taper twice as fast on the first position, half as fast on the second: the
        # geometric mean of the ratios is 1, the ratio of the sums leans to the longer searches.
        s = nps_vs_peer.summarize([(2000, 1000, 1000, 1000), (1000, 1000, 2000, 1000)])
        self.assertAlmostEqual(s["geomean"], 1.0)
        self.assertAlmostEqual(s["ratio"], 1.0)
        self.assertEqual((s["lowest"], s["highest"]), (0.5, 2.0))
        s = nps_vs_peer.summarize([(3000, 1000, 1000, 1000), (1000, 3000, 1000, 1000)])
        self.assertEqual((s["taper_nps"], s["peer_nps"]), (1000, 1000))
        self.assertAlmostEqual(s["ratio"], 1.0)
        self.assertAlmostEqual(s["geomean"], 1.0)
        self.assertAlmostEqual(s["median"], (3.0 + 1 / 3) / 2)
        self.assertIsNone(nps_vs_peer.summarize([]))


class Positions(unittest.TestCase):
    LINES = [
        "# a comment\n",
        "1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - bm Bxe5; id \"one\";\n",
        "\n",
        "8/8/8/8/8/8/8/K6k w - - 12 40; id \"two\";\n",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"three\";\n",
    ]

    def test_every_kth_line_up_to_the_limit_with_counters(self):
        fens = nps_vs_peer.read_positions(self.LINES, limit=10, every=1)
        self.assertEqual(fens, ["1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - 0 1",
                                "8/8/8/8/8/8/8/K6k w - - 12 40",
                                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"])
        self.assertEqual(nps_vs_peer.read_positions(self.LINES, limit=10, every=2), [fens[0], fens[2]])
        self.assertEqual(nps_vs_peer.read_positions(self.LINES, limit=1, every=1), [fens[0]])

    def test_a_line_that_is_not_epd_is_an_error(self):
        with self.assertRaises(ValueError):
            nps_vs_peer.read_positions(["not an epd line\n"], limit=5, every=1)


class Options(unittest.TestCase):
    def test_name_value_pairs_and_a_pair_without_a_value_is_an_error(self):
        self.assertEqual(nps_vs_peer.parse_options(["Hash=64", "Skill Level=5=x"]),
                         {"Hash": "64", "Skill Level": "5=x"})
        with self.assertRaises(ValueError):
            nps_vs_peer.parse_options(["Threads"])


if __name__ == "__main__":
    unittest.main()
