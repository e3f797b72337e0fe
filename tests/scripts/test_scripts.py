# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests of the pure functions of the Python tools in scripts/: the ones whose mistakes
decide what goes into the engine (an SPRT's verdict, an SPSA step) or what the repository says
about its data. Run by CTest (`scripts_unit_tests`), or directly:

    python3 -B -m unittest discover -s tests/scripts -v
"""
import json
import os
import sys
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts"))

import data_chunks  # noqa: E402
import match  # noqa: E402
import spsa  # noqa: E402
import sprt  # noqa: E402

# The end of a real test's output (eval14, which reached its 20,000-game cap undecided): a line of
# the game log and two result blocks, the earlier one kept so that the tests see the last one read.
EVAL14_END = """\
Finished game 19999 (base-ccf0c4e384 vs cand-865c6f89a9): 1/2-1/2 {Draw by 3-fold repetition}
--------------------------------------------------
Results of cand-865c6f89a9 vs base-ccf0c4e384 (25000 nodes, 1t, 16MB, 8moves_v3.pgn):
Elo: -0.21 +/- 3.66, nElo: -0.27 +/- 4.82
LOS: 45.55 %, DrawRatio: 35.45 %, PairsRatio: 1.00
Games: 19980, Wins: 5987, Losses: 5999, Draws: 7994, Points: 9984.0 (49.97 %)
Ptnml(0-2): [856, 2366, 3541, 2388, 839], WL/DD Ratio: 1.19
LLR: -2.30 (-78.0%) (-2.94, 2.94) [0.00, 5.00]
--------------------------------------------------
Results of cand-865c6f89a9 vs base-ccf0c4e384 (25000 nodes, 1t, 16MB, 8moves_v3.pgn):
Elo: -0.24 +/- 3.66, nElo: -0.32 +/- 4.82
LOS: 44.82 %, DrawRatio: 35.45 %, PairsRatio: 1.00
Games: 20000, Wins: 5992, Losses: 6006, Draws: 8002, Points: 9993.0 (49.96 %)
Ptnml(0-2): [857, 2369, 3545, 2389, 840], WL/DD Ratio: 1.19
LLR: -2.34 (-79.3%) (-2.94, 2.94) [0.00, 5.00]
--------------------------------------------------
Finished match
"""


class SprtVerdict(unittest.TestCase):
    def test_reads_the_last_result_block(self):
        fc = sprt.parse_fastchess(EVAL14_END)
        self.assertEqual(fc["games"], ("20000", "5992", "6006", "8002"))
        self.assertEqual(fc["elo"], ("-0.24", "3.66"))
        self.assertEqual(fc["penta"], "857, 2369, 3545, 2389, 840")
        self.assertEqual(fc["llr"], ("-2.34", "-2.94", "2.94"))

    def test_a_test_at_its_cap_is_kept_only_if_its_elo_interval_lies_above_zero(self):
        # The real case that once crashed sprt.py (the game count compared as a string).
        fc, llr, lo, hi, h1, h0, verdict = sprt.match_verdict(EVAL14_END, 20000)
        self.assertEqual((llr, lo, hi), (-2.34, -2.94, 2.94))
        self.assertEqual((h1, h0), (False, True))
        self.assertIn("H0 accepted at the 20000-game cap", verdict)
        # The same figures below a higher cap: no decision yet.
        self.assertEqual(sprt.match_verdict(EVAL14_END, 40000)[4:6], (False, False))

    def test_decide(self):
        cases = [  # (text, llr, games, cap, (elo, error)) -> (h1, h0)
            ("", 2.95, 100, 20000, (0, 0), (True, False)),          # LLR past the upper bound
            ("", -2.94, 100, 20000, (0, 0), (False, True)),         # on the lower bound
            ("", 1.0, 100, 20000, (9, 5), (False, False)),          # inside the bounds, far from the cap
            ("", 1.5, 10000, 10000, (5.5, 5.3), (True, False)),     # at the cap, interval above zero
            ("", 0.3, 10000, 10000, (2.5, 5.3), (False, True)),     # at the cap, interval holds zero
            ("", -0.5, 10010, 10000, (-1.0, 5.3), (False, True)),   # past the cap (a game pair finishing)
            ("SPRT ... H1 was accepted", 0.0, 10, 20000, (0, 0), (True, False)),  # fastchess's verdict first
            ("SPRT ... H0 was accepted", 0.0, 10, 20000, (0, 0), (False, True)),
        ]
        for text, llr, games, cap, elo, want in cases:
            with self.subTest(llr=llr, games=games, text=text):
                h1, h0, verdict = sprt.decide(text, llr, -2.94, 2.94, games, cap, elo)
                self.assertEqual((h1, h0), want)
                self.assertTrue(verdict)

    def test_no_result_in_the_text(self):
        self.assertIsNone(sprt.match_verdict("Started game 1 of 2\n", 20000))


class SprtRecord(unittest.TestCase):
    """A record holds fastchess's state with this machine's paths replaced by placeholders; loading
    it on another machine puts that machine's paths back."""

    def test_round_trip_across_machines(self):
        with tempfile.TemporaryDirectory() as d:
            state, record = os.path.join(d, "state.json"), os.path.join(d, "rec", "t.json")
            here = {"{CANDIDATE}": "/m1/cand/taper", "{BOOK}": "/m1/tmp/book.epd", "{DIR}": "/m1/tmp"}
            fastchess_state = {"engines": [{"cmd": "/m1/cand/taper", "args": ["-x", "/m1/tmp/book.epd"]}],
                               "stats": {"a vs b": {"wins": 3, "losses": 1, "draws": 4}}}
            write(state, json.dumps(fastchess_state))
            self.assertTrue(sprt.save_record(state, record, {"commit": "abc"}, here))
            saved = read(record)
            self.assertNotIn("/m1/", saved)
            self.assertIn("{CANDIDATE}", saved)

            there = {"{CANDIDATE}": "/m2/c/taper", "{BOOK}": "/m2/t/book.epd", "{DIR}": "/m2/t"}
            state2 = os.path.join(d, "state2.json")
            self.assertEqual(sprt.load_record(record, there, state2), {"commit": "abc"})
            loaded = json.loads(read(state2))
            self.assertEqual(loaded["engines"][0]["cmd"], "/m2/c/taper")
            self.assertEqual(loaded["engines"][0]["args"][1], "/m2/t/book.epd")
            self.assertEqual(loaded["stats"], fastchess_state["stats"])  # numbers untouched

    def test_a_state_caught_mid_write_is_not_saved(self):
        with tempfile.TemporaryDirectory() as d:
            state = os.path.join(d, "state.json")
            write(state, '{"engines": [')
            self.assertFalse(sprt.save_record(state, os.path.join(d, "r.json"), {}, {}))
            self.assertFalse(os.path.exists(os.path.join(d, "r.json")))


def read(path):
    with open(path) as f:
        return f.read()


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def spsa_param(default=100, lo=0, hi=200, c_end=10.0, r_end=0.002):
    return {"default": default, "min": lo, "max": hi, "c_end": c_end, "r_end": r_end, "value": float(default)}


class Spsa(unittest.TestCase):
    def test_schedule_ends_at_c_end(self):
        # At the last iteration (k + 1 = N): c_k = c / N^gamma is c_end, and r_k = a_k / c_k^2 with
        # a_k = a / (A + N)^alpha is r_end.
        p, n = spsa_param(), 1000
        c, a, big_a = spsa.schedule(p, n)
        c_last = c / n ** spsa.GAMMA
        a_last = a / (big_a + n) ** spsa.ALPHA
        self.assertAlmostEqual(c_last, p["c_end"])
        self.assertAlmostEqual(a_last / c_last ** 2, p["r_end"])
        self.assertEqual(big_a, 100)

    def test_engine_value_rounds_half_up_and_clamps(self):
        p = spsa_param(lo=10, hi=20)
        self.assertEqual([spsa.engine_value(x, p) for x in (14.49, 14.5, 15.5, -3.0, 25.2)], [14, 15, 16, 10, 20])

    def test_perturbation_is_symmetric_and_reproducible(self):
        params = {"A": spsa_param(), "B": spsa_param(default=50, c_end=4.0)}
        _, plus, minus, step = spsa.perturb(params, 500, 7, seed=3)
        for name, p in params.items():
            # theta+ and theta- sit either side of the value, the step points towards theta+.
            self.assertEqual(plus[name] - p["default"], p["default"] - minus[name])
            self.assertNotEqual(plus[name], minus[name])
            self.assertEqual(step[name] > 0, plus[name] > minus[name])
        # A resumed run redraws the same signs for the same iteration; another iteration may differ.
        self.assertEqual(spsa.perturb(params, 500, 7, seed=3)[1:], (plus, minus, step))
        signs = {spsa.perturb(params, 500, k, seed=3)[3]["A"] > 0 for k in range(40)}
        self.assertEqual(signs, {True, False})

    def test_apply_result_moves_towards_the_winner_and_stays_in_range(self):
        params = {"A": spsa_param(lo=90, hi=110)}
        _, plus, minus, step = spsa.perturb(params, 500, 0, seed=1)
        spsa.apply_result(params, step, 0)  # a drawn iteration moves nothing
        self.assertEqual(params["A"]["value"], 100.0)
        spsa.apply_result(params, step, 2)  # theta+ won two more games than it lost
        self.assertEqual(params["A"]["value"] > 100.0, plus["A"] > minus["A"])
        spsa.apply_result(params, {"A": step["A"] * 1e6}, 2)
        self.assertIn(params["A"]["value"], (90, 110))


class DataChunks(unittest.TestCase):
    LINES = ["# taper datagen --seed 7  (Taper abc)",
             "8/8/8/8/8/8/k7/K7 w - - 0 1 | 0 | 0.5", "8/8/8/8/8/8/k7/K6Q w - - 0 1 | 900 | 1.0",
             "# game 1-0",
             "8/8/8/8/8/8/k7/K7 b - - 0 1 | 0 | 0.5",
             "# game 1/2-1/2",
             "8/8/8/8/8/8/k7/K7 w - - 0 1 | 0 | 0.5"]  # a game cut off when the run stopped

    def test_summarise_counts_games_positions_and_results(self):
        headers, games, positions, results = data_chunks.summarise(self.LINES)
        self.assertEqual(headers, ["taper datagen --seed 7  (Taper abc)"])
        self.assertEqual((games, positions), (2, 4))
        self.assertEqual(results, {"1-0": 1, "1/2-1/2": 1, "0-1": 0})

    def test_a_partial_last_game_is_dropped(self):
        kept = data_chunks.complete_games(self.LINES)
        self.assertEqual(kept[-1], "# game 1/2-1/2")
        self.assertEqual(data_chunks.summarise(kept)[2], 3)
        self.assertEqual(data_chunks.complete_games(["a | 0 | 0.5"]), [])


class MatchParsing(unittest.TestCase):
    def test_fastchess_results(self):
        res = match.fastchess_results(EVAL14_END.splitlines())
        self.assertEqual(res["first"], "cand-865c6f89a9")
        self.assertEqual((res["games"], res["wins"], res["losses"], res["draws"]), (20000, 5992, 6006, 8002))
        self.assertEqual(res["ptnml"], [857, 2369, 3545, 2389, 840])
        self.assertAlmostEqual(res["elo"], -0.24)
        self.assertIsNone(match.fastchess_results(["Started game 1 of 2"]))

    def test_classify_game_endings(self):
        self.assertEqual(match.classify("White loses on time"), "time_loss")
        self.assertEqual(match.classify("Black makes an illegal move"), "illegal_move")
        self.assertEqual(match.classify("White disconnects"), "crash")
        self.assertEqual(match.classify("Black mates"), "normal")
        self.assertEqual(match.classify("Draw by 3-fold repetition"), "normal")
        self.assertEqual(match.classify("", "time forfeit"), "time_loss")
        self.assertEqual(match.loser_color("White loses on time"), "white")

    def test_parse_pgn_games(self):
        pgn = ('[Event "a"]\n[White "x"]\n[Result "1-0"]\n\n1. e4 {+0.30/12 0.1s} e5 {White mates} 1-0\n\n'
               '[Event "b"]\n[White "y"]\n[Result "*"]\n\n1. d4 *\n')
        games = match.parse_pgn_games(pgn)
        self.assertEqual([g["Event"] for g in games], ["a", "b"])
        self.assertEqual(games[0]["_last_comment"], "White mates")
        self.assertEqual(games[1]["_last_comment"], "")
        self.assertEqual(match.split_vs("A vs B", ["A", "B"]), ("A", "B"))

    def test_thinking_by_engine(self):
        # Two games in fastchess's comment format, the second from a position with Black to move.
        pgn = ('[Event "a"]\n[White "x"]\n[Black "y"]\n[Result "0-1"]\n\n'
               '1. e4 {book} e5 {book} 2. Nf3 {-0.17/19 0.660s} Nc6 {+0.33/16 0.634s}\n'
               '3. Bb5 {+0.20/21 0.140s} a6 {+M3/12 0.200s, Black mates} 0-1\n\n'
               '[Event "b"]\n[White "y"]\n[Black "x"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"]\n'
               '[Result "1/2-1/2"]\n\n1... Kd7 {-5.00/30 1.000s} 2. e4 {+5.00/25 0.500s} 1/2-1/2\n')
        games = match.parse_pgn_games(pgn)
        self.assertEqual(games[0]["_searches"], {"white": [(19, 0.66), (21, 0.14)],
                                                 "black": [(16, 0.634), (12, 0.2)]})
        self.assertEqual(games[1]["_searches"], {"white": [(25, 0.5)], "black": [(30, 1.0)]})
        thinking = match.thinking_by_engine(games)
        self.assertEqual(thinking["x"][0], 3)
        self.assertAlmostEqual(thinking["x"][1], (0.66 + 0.14 + 1.0) / 3)
        self.assertAlmostEqual(thinking["x"][2], (19 + 21 + 30) / 3)
        self.assertEqual(thinking["y"][0], 3)
        self.assertAlmostEqual(thinking["y"][1], (0.634 + 0.2 + 0.5) / 3)


if __name__ == "__main__":
    unittest.main()
