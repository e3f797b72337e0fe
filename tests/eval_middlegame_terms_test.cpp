// SPDX-License-Identifier: GPL-3.0-or-later
// The middlegame terms added to close the gap to Ethereal and Stockfish 11: minor pieces behind
// pawns, bishops and their pawns, long diagonals, minor-on-minor and pawn-push threats, space,
// and the king's distance to the pawns. Each fires where it should and nowhere else.
#include <gtest/gtest.h>

#include "eval/evaluate.hpp"
#include "eval/trace.hpp"

using namespace taper;

namespace {

EvalRecord rec(const std::string& fen) {
  Position pos;
  std::string err;
  EXPECT_TRUE(pos.set(fen, false, &err)) << fen << ": " << err;
  return record_evaluation(pos);
}

int coeff(const std::string& fen, int index, Color c) { return rec(fen).coeff[index][c]; }

}  // namespace

TEST(MiddlegameTerms, MinorBehindAPawnOfEitherColour) {
  EXPECT_EQ(coeff("4k3/8/8/3P4/3N4/8/8/4K3 w - - 0 1", KnightBehindPawn, WHITE), 1);  // own pawn
  EXPECT_EQ(coeff("4k3/8/8/4p3/4N3/8/8/4K3 w - - 0 1", KnightBehindPawn, WHITE), 1);  // theirs
  EXPECT_EQ(coeff("4k3/8/8/3P4/8/3N4/8/4K3 w - - 0 1", KnightBehindPawn, WHITE), 0);  // a gap
  EXPECT_EQ(coeff("4k3/8/3b4/3p4/8/8/8/4K3 w - - 0 1", BishopBehindPawn, BLACK), 1);  // d6 behind d5
}

TEST(MiddlegameTerms, BishopCountsItsOwnPawnsOnItsColourAndTheRammedOnes) {
  // Bishop c1 (dark); pawns d4 and e5 on dark squares, both blocked by d5 and e6; h3 is light.
  const std::string fen = "4k3/8/4p3/3pP3/3P4/7P/8/2B1K3 w - - 0 1";
  EXPECT_EQ(coeff(fen, BishopPawnsOnColour, WHITE), 2);
  EXPECT_EQ(coeff(fen, BishopRammedPawns, WHITE), 2);
  // The same pawns free to advance are still on its colour, but none is rammed.
  const std::string free = "4k3/8/8/8/3P4/4P3/8/2B1K3 w - - 0 1";  // d4 dark, e3 dark
  EXPECT_EQ(coeff(free, BishopPawnsOnColour, WHITE), 2);
  EXPECT_EQ(coeff(free, BishopRammedPawns, WHITE), 0);
}

TEST(MiddlegameTerms, LongDiagonalNeedsBothCentreSquaresInView) {
  // Queens and pawns keep these out of the known-endgame table.
  EXPECT_EQ(coeff("3qk3/p7/8/8/8/8/PB6/3QK3 w - - 0 1", BishopLongDiagonal, WHITE), 1);
  EXPECT_EQ(coeff("3qk3/p7/8/8/8/2P5/PB6/3QK3 w - - 0 1", BishopLongDiagonal, WHITE), 0);  // c3 blocks
  EXPECT_EQ(coeff("3qk3/p7/8/8/8/8/P1B5/3QK3 w - - 0 1", BishopLongDiagonal, WHITE), 0);  // c2: one centre square
}

TEST(MiddlegameTerms, MinorOnMinorThreat) {
  const std::string fen = "3qk3/p7/8/4b3/8/5N2/P7/3QK3 w - - 0 1";  // Nf3 hits Be5; Be5 does not hit f3
  EXPECT_EQ(coeff(fen, ThreatMinorOnMinor, WHITE), 1);
  EXPECT_EQ(coeff(fen, ThreatMinorOnMinor, BLACK), 0);
}

TEST(MiddlegameTerms, SafePawnPushThatWouldHitAPiece) {
  // e4-e5 would attack the knight on f6, and no black pawn guards e5.
  EXPECT_EQ(coeff("4k3/8/5n2/8/4P3/8/8/4K3 w - - 0 1", ThreatPawnPush, WHITE), 1);
  // With a pawn on d6 guarding e5 the push is not safe (and a pawn is not a target).
  EXPECT_EQ(coeff("4k3/8/3p1n2/8/4P3/8/8/4K3 w - - 0 1", ThreatPawnPush, WHITE), 0);
  // A double step counts too: e2-e4 would hit d5 and f5.
  EXPECT_EQ(coeff("4k3/8/8/3n4/8/8/4P3/4K3 w - - 0 1", ThreatPawnPush, WHITE), 1);
}

TEST(MiddlegameTerms, SpaceGrowsWithTheCentrePawnsAndVanishesInTheEndgame) {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(coeff(start, SpaceArea, WHITE), coeff(start, SpaceArea, BLACK));
  EXPECT_GT(coeff(start, SpaceArea, WHITE), 0);
  // d4 and e4 free d2/e2 and put d3/e3 behind the pawns: more (and doubly counted) space.
  const std::string centre = "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2";
  EXPECT_GT(coeff(centre, SpaceArea, WHITE), coeff(centre, SpaceArea, BLACK));
  EXPECT_GT(coeff(centre, SpaceArea, WHITE), coeff(start, SpaceArea, WHITE));
  // Rooks and pawns only: nothing left to be cramped.
  const std::string endgame = "r3k3/pppp4/8/8/3PP3/8/PPP5/R3K3 w - - 0 1";
  EXPECT_EQ(coeff(endgame, SpaceArea, WHITE), 0);
  EXPECT_EQ(coeff(endgame, SpaceArea, BLACK), 0);
}

TEST(MiddlegameTerms, KingFileDistanceToTheNearestPawn) {
  const std::string fen = "kr6/p7/8/8/8/8/P7/R6K w - - 0 1";  // Kh1 is seven files from a-pawns
  EXPECT_EQ(coeff(fen, KingPawnFileDistance + 7, WHITE), 1);
  EXPECT_EQ(coeff(fen, KingPawnFileDistance + 0, BLACK), 1);
  // Without pawns the term says nothing.
  const std::string pawnless = "1r4qk/8/8/8/8/8/8/R5QK w - - 0 1";
  for (int d = 0; d < 8; ++d) EXPECT_EQ(coeff(pawnless, KingPawnFileDistance + d, WHITE), 0) << d;
}
