# SPDX-License-Identifier: GPL-3.0-or-later
"""diagnose_vs_peer.py's loss split: the phase of a position by material, and Taper's lost games
classified at the first move the peer saw a win (unaware or not)."""
import os
import sys
import unittest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts"))

import diagnose_vs_peer as dvp  # noqa: E402

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class FakeOracle:
    """Stands in for the Taper process that replays moves: the FEN after `moves` is looked up."""

    def __init__(self, fens):
        self.fens = fens

    def play(self, fen, moves):
        return {"fen": self.fens[len(moves)]}


class Phase(unittest.TestCase):
    def test_material_bands(self):
        self.assertEqual(dvp.phase_of(START), "opening")
        # Queens and a pair of minors off: 62 - 18 - 6 = 38.
        self.assertEqual(dvp.phase_of("r1b1k2r/pppp1ppp/2n5/8/8/2N5/PPPP1PPP/R1B1K2R w KQkq - 0 1"), "middlegame")
        self.assertEqual(dvp.phase_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), "endgame")  # a rook: 5


class Losses(unittest.TestCase):
    def game(self, white, black, result, comments):
        headers = {"White": white, "Black": black, "Result": result}
        return headers, [(f"m{i}", c) for i, c in enumerate(comments)]

    def test_a_loss_is_counted_once_at_the_peers_first_winning_score(self):
        # Taper (White) still says +0.20 when the peer (Black) first says +1.60: unaware; the later
        # +3.00 is not counted again. A won and a drawn game are not losses.
        lost = self.game("taper", "sf11", "0-1", ["+0.20/20 0.1s", "+0.40/20 0.1s", "+0.20/20 0.1s",
                                                  "+1.60/20 0.1s", "-2.00/20 0.1s", "+3.00/20 0.1s"])
        won = self.game("taper", "sf11", "1-0", ["+0.20/20 0.1s", "-2.00/20 0.1s"])
        drawn = self.game("sf11", "taper", "1/2-1/2", ["+2.00/20 0.1s", "-0.10/20 0.1s"])
        oracle = FakeOracle([START] * 4)
        counts, losses = dvp.classify_losses([lost, won, drawn], "taper", oracle, -50, 150)
        self.assertEqual(losses, 1)
        self.assertEqual(counts, {("opening", True): 1})

    def test_a_loss_taper_saw_coming(self):
        # Taper (Black) already says -1.00 before the peer (White) reaches +1.50.
        lost = self.game("sf11", "taper", "1-0", ["+0.30/20 0.1s", "-1.00/20 0.1s", "+1.50/20 0.1s"])
        endgame = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
        counts, losses = dvp.classify_losses([lost], "taper", FakeOracle([START, START, endgame]), -50, 150)
        self.assertEqual((losses, counts), (1, {("endgame", False): 1}))
        table = dvp.loss_table(counts, losses)
        self.assertIn("| endgame | 0 | 1 | 1 |", table)
        self.assertIn("| all | 0 | 1 | 1 |", table)


if __name__ == "__main__":
    unittest.main()
