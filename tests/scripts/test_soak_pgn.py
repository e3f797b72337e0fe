# SPDX-License-Identifier: GPL-3.0-or-later
"""Unit tests of scripts/soak_pgn.py's pure parts: the clock after each move read from the soak's
move log (what the next `go` sends; the last move's computed), its [%clk] text, and the PGN
around them. A mistake here would give the review's clock tests wrong clocks."""
import os
import sys
import tempfile
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts"))

import soak_pgn  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
MOVES = """1 taper go wtime 10000 btime 10000 winc 100 binc 100 -> e2e4 500 ms
2 opponent go wtime 9600 btime 10000 winc 100 binc 100 -> e7e5 300 ms
3 taper ponderhit wtime 9600 btime 9800 winc 100 binc 100 -> d1h5 1000 ms
game over: 1-0 {adjudication: Black resigns}
1 opponent go wtime 10000 btime 10000 winc 100 binc 100 -> d2d4 200 ms
game over: 0-1 {a game the other log lost}
"""
GAMES = f"""1-0 {{adjudication: Black resigns}} Taper White | {START} | e2e4 e7e5 d1h5
0-1 {{a game the other log lost}} Taper Black | {START} | e2e4
"""


class Clocks(unittest.TestCase):
    def test_clock_text(self):
        self.assertEqual(soak_pgn.clock_text(9532), "0:00:09.5")
        self.assertEqual(soak_pgn.clock_text(61234), "0:01:01.2")
        self.assertEqual(soak_pgn.clock_text(3725000), "1:02:05.0")
        self.assertEqual(soak_pgn.clock_text(-5), "0:00:00.0")

    def test_clock_after_each_move_and_disagreeing_games_left_out(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "moves.txt"), "w") as f:
                f.write(MOVES)
            with open(os.path.join(d, "games.txt"), "w") as f:
                f.write(GAMES)
            games = soak_pgn.read_games(d)
        self.assertEqual(len(games), 1)  # the second game's moves differ between the logs
        g = games[0]
        # White after e4: 10000 - 500 + 100; Black after e5: 10000 - 300 + 100; the last move's
        # clock computed from its own line: 9600 - 1000 + 100.
        self.assertEqual(g["clocks"], [9600, 9800, 8700])
        self.assertEqual((g["base_ms"], g["inc_ms"]), (10000, 100))
        pgn = soak_pgn.pgn_of(g, ["e4", "e5", "Qh5"], {"taper": "Taper", "opponent": "Peer"}, "2026-12-07", 1)
        self.assertIn('[White "Taper"]', pgn)
        self.assertIn('[Black "Peer"]', pgn)
        self.assertIn('[TimeControl "10+0.1"]', pgn)
        self.assertIn('[Date "2026.12.07"]', pgn)
        self.assertNotIn("[FEN", pgn)
        self.assertIn("1. e4 {[%clk 0:00:09.6]} e5 {[%clk 0:00:09.8]} 2. Qh5 {[%clk 0:00:08.7]} 1-0", pgn)


if __name__ == "__main__":
    unittest.main()
