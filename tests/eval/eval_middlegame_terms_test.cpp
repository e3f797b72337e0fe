// SPDX-License-Identifier: GPL-3.0-or-later
// The middlegame terms added to close the gap to Ethereal and Stockfish 11: minor pieces behind
// pawns, bishops and their pawns, long diagonals, minor-on-minor and pawn-push threats, space,
// and the king's distance to the pawns. Each fires where it should and nowhere else.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

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

TEST(MiddlegameTerms, KingFileDistanceMatchesAWalkOverTheFilesForEveryPawnLayout) {
  // Every non-empty set of pawn files, for a white king on each file of the first rank. Pawns
  // alternate colour by file (white on the 3rd rank, black on the 6th), so that both colours'
  // file masks in the pawn entry are exercised. Expected: the plain walk over the eight files.
  for (unsigned files = 1; files < 256; ++files) {
    for (int kf = 0; kf < 8; ++kf) {
      std::string board(64, ' ');  // indexed by square, a1 = 0
      int expected = 8;
      for (int f = 0; f < 8; ++f) {
        if (!(files >> f & 1)) continue;
        if (f % 2)
          board[8 * 5 + f] = 'p';
        else
          board[8 * 2 + f] = 'P';
        expected = std::min(expected, std::abs(f - kf));
      }
      // A rook each keeps the position out of the known pawn endgames, which skip the terms;
      // neither rook checks a king (black's is on the second rank, off the white king's file).
      board[kf] = 'K';
      board[8 * 1 + (kf + 4) % 8] = 'r';
      board[8 * 6 + 3] = 'R';
      board[8 * 7 + (kf == 0 ? 7 : 0)] = 'k';
      const std::string fen = fen_placement(board) + " w - - 0 1";
      const EvalRecord r = rec(fen);
      for (int d = 0; d < 8; ++d)
        ASSERT_EQ(r.coeff[KingPawnFileDistance + d][WHITE], d == expected ? 1 : 0) << fen << " d=" << d;
    }
  }
}

// --- Stockfish 11's finer threats and king-danger inputs (weights start at zero; fitted later) ---

TEST(MiddlegameTerms, RestrictedSquaresAreContestedAndNotStronglyProtected) {
  // Nothing contested: the queen's lines and the black king's squares do not meet.
  const std::string base = "6k1/5ppp/8/8/8/8/PPP5/1K1Q4 w - - 0 1";
  EXPECT_EQ(coeff(base, ThreatRestricted, WHITE), 0);
  EXPECT_EQ(coeff(base, ThreatRestricted, BLACK), 0);
  // A rook on f1 contests f7 (held by the king alone) and f6 (held by the g7 pawn, so strongly
  // protected: it restricts nothing for White); Black contests both of the rook's squares.
  const std::string rook = "6k1/5ppp/8/8/8/8/PPP5/1K1Q1R2 w - - 0 1";
  EXPECT_EQ(coeff(rook, ThreatRestricted, WHITE), 1);
  EXPECT_EQ(coeff(rook, ThreatRestricted, BLACK), 2);
}

TEST(MiddlegameTerms, KingAttacksAWeakPiece) {
  // Ke3 attacks the knight on e4, which nothing defends; a pawn on d5 would protect it.
  EXPECT_EQ(coeff("3qk3/p7/8/8/4n3/4K3/P7/3Q4 w - - 0 1", ThreatByKing, WHITE), 1);
  EXPECT_EQ(coeff("3qk3/p7/8/8/4n3/4K3/P7/3Q4 w - - 0 1", ThreatByKing, BLACK), 0);
  EXPECT_EQ(coeff("3qk3/p7/8/3p4/4n3/4K3/P7/3Q4 w - - 0 1", ThreatByKing, WHITE), 0);
}

TEST(MiddlegameTerms, SafeSquaresToAttackTheQueenFrom) {
  // The knight on d1 reaches c3 and e3, both attacking the queen on d5 and neither guarded.
  EXPECT_EQ(coeff("4k3/p7/8/3q4/8/8/P7/3NK3 w - - 0 1", ThreatOnQueen + 0, WHITE), 2);
  // A rook on a4 reaches d4 on the queen's file; the e3 pawn backs it up, so the rook would
  // survive there. Without the pawn the square is not attacked twice.
  EXPECT_EQ(coeff("4k3/p7/8/3q4/R7/4P3/8/4K3 w - - 0 1", ThreatOnQueen + 1, WHITE), 1);
  EXPECT_EQ(coeff("4k3/p7/8/3q4/R7/8/8/4K3 w - - 0 1", ThreatOnQueen + 1, WHITE), 0);
}

TEST(MiddlegameTerms, PiecesBetweenASliderAndTheKing) {
  // The knight on e7 is pinned by the rook on e1: one blocker for Black's king, none for White's.
  const std::string fen = "3qk3/4n3/8/8/8/8/P7/3QRK2 w - - 0 1";
  EXPECT_EQ(coeff(fen, KingPinnedBlocker, BLACK), 1);
  EXPECT_EQ(coeff(fen, KingPinnedBlocker, WHITE), 0);
}

TEST(MiddlegameTerms, KingFlankAttacksCountDoubleWhereAttackedTwice) {
  // Black's king on g8: its flank is the e- to h-file, ranks 4 to 8. The queen reaches g4 and h5.
  const std::string base = "6k1/5ppp/8/8/8/8/PPP5/1K1Q4 w - - 0 1";
  EXPECT_EQ(coeff(base, KingFlankAttack, BLACK), 2);
  // A knight on e5 adds f7, g6 and g4, which the queen attacks too (counted twice).
  const std::string knight = "6k1/5ppp/8/4N3/8/8/PPP5/1K1Q4 w - - 0 1";
  EXPECT_EQ(coeff(knight, KingFlankAttack, BLACK), 5);
  // Black's own king and pawns hold f8, h8, f7, g7, h7, e6, f6, g6 and h6.
  EXPECT_EQ(coeff(base, KingFlankDefence, BLACK), 9);
}

TEST(MiddlegameTerms, UnsafeChecksAreTheGuardedCheckingSquares) {
  // The knight on d5 can check from e7 (safe) and f6 (guarded by the g7 pawn).
  const std::string fen = "6k1/5ppp/8/3N4/8/8/PPP5/1K1Q4 w - - 0 1";
  EXPECT_EQ(coeff(fen, KingSafeCheck + 0, BLACK), 1);
  EXPECT_EQ(coeff(fen, KingUnsafeCheck, BLACK), 1);
}
