// SPDX-License-Identifier: GPL-3.0-or-later
// Known-endgame evaluators and scale functions: sign, band, ordering, colour symmetry and
// hand-checked draws.
#include "eval/endgames.hpp"
#include "tb_verdict.hpp"

using namespace taper;
using namespace taper::endgames;

namespace {

Position make(const std::string& fen) {
  // These tests check the rules themselves: nothing here builds the four-man tables, and
  // probing never does (tests/bitbase/bitbase_test.cpp checks the evaluators once the tables are solved).
  init();
  Position pos;
  EXPECT_TRUE(pos.set(fen, false)) << fen;
  return pos;
}

/// The exact value of a known ending (side to move's view); fails the test if none applies.
Value exact(const std::string& fen) {
  Position pos = make(fen);
  const Known* k = lookup(pos);
  EXPECT_TRUE(k && k->exact) << fen;
  return k && k->exact ? k->exact(pos, k->exactStrong) : VALUE_NONE;
}

/// The scale factor for `strong` (ScaleNone if that side has no function).
int scale(const std::string& fen, Color strong) {
  Position pos = make(fen);
  const Known* k = lookup(pos);
  EXPECT_TRUE(k) << fen;
  return k && k->scale[strong] ? k->scale[strong](pos, strong) : ScaleNone;
}

bool is_win(Value v) { return v >= KnownWinThreshold && v < VALUE_TB_WIN_IN_MAX_PLY; }

/// The tables' result for the side to move (-1, 0, 1), or 2 if they cannot say. The
/// 3-4 piece tables double-check the hand-made expectations below.
int tables(const std::string& fen) { return taper::testing::tablebase_verdict(make(fen)); }

/// Expects Taper's verdict `expected` (1 win, 0 draw, -1 loss for the side to move), and the
/// same from the tables when they cover the position.
void expect_verdict(const std::string& fen, int expected) {
  Value v = exact(fen);
  int said = is_win(v) ? 1 : is_win(-v) ? -1 : 0;
  EXPECT_EQ(said, expected) << fen << " scored " << v;
  int truth = tables(fen);
  if (truth != 2) {
    EXPECT_EQ(truth, expected) << fen << ": the tables disagree with the test";
  }
}

}  // namespace

TEST(EndgameEval, ColourFlipGivesTheSameScore) {
  const char* fens[] = {
      "8/8/8/3k4/8/8/8/KR6 w - - 0 1",       "8/8/8/3k4/8/8/8/KR6 b - - 0 1",      "8/8/2k5/8/8/5K2/8/1BN5 w - - 0 1",
      "8/8/8/3k4/8/8/4P3/4K3 w - - 0 1",     "8/8/8/3k4/8/8/4P3/4K3 b - - 0 1",    "8/8/3r4/3k4/8/8/8/KQ6 b - - 0 1",
      "8/8/3p4/3k4/8/8/8/KQ6 w - - 0 1",     "8/8/3p4/3k4/8/8/8/KR6 b - - 0 1",    "8/8/3b4/3k4/8/8/8/KR6 w - - 0 1",
      "8/8/3n4/3k4/8/8/8/KR6 w - - 0 1",     "8/8/8/3k4/8/8/8/KNN5 w - - 0 1",     "8/2k5/8/8/8/4K3/3PQ3/8 b - - 0 1",
  };
  for (const char* fen : fens) {
    Position pos = make(fen);
    Value v = exact(fen);
    EXPECT_EQ(v, exact(pos.flipped_fen())) << fen;
    EXPECT_EQ(v, exact(pos.mirrored_fen())) << fen;  // no ending here prefers one wing
  }
}

TEST(EndgameEval, KxkIsAWinWithProgress) {
  Value toMove = exact("8/8/8/3k4/8/8/8/KR6 w - - 0 1");
  EXPECT_TRUE(is_win(toMove));
  EXPECT_EQ(exact("8/8/8/3k4/8/8/8/KR6 b - - 0 1"), -toMove);
  // The lone king on the edge, and closer kings, score higher.
  EXPECT_GT(exact("3k4/8/8/8/8/8/8/KR6 w - - 0 1"), exact("8/8/8/3k4/8/8/8/KR6 w - - 0 1"));
  EXPECT_GT(exact("k7/8/8/8/8/8/8/1R5K w - - 0 1"), exact("3k4/8/8/8/8/8/8/1R5K w - - 0 1"));
  EXPECT_GT(exact("3k4/8/3K4/8/8/8/8/1R6 w - - 0 1"), exact("3k4/8/8/8/8/8/8/1R5K w - - 0 1"));
  // More material (a promotion) is always better.
  EXPECT_GT(exact("3k4/8/8/8/8/8/8/KQ6 w - - 0 1"), exact("3k4/8/8/8/8/8/8/KR6 w - - 0 1"));
  EXPECT_LT(exact("8/8/8/3k4/8/8/8/KQR5 w - - 0 1"), VALUE_TB_WIN_IN_MAX_PLY);
}

TEST(EndgameEval, KxkSeesStalemateAndHangingPieces) {
  expect_verdict("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0);    // stalemate
  expect_verdict("6k1/5Q2/6K1/8/8/8/8/8 b - - 0 1", -1);  // checkmate: still lost
  expect_verdict("8/8/8/8/8/2k5/2R5/7K b - - 0 1", 0);    // Kxc2
  expect_verdict("8/8/8/8/8/2k5/2R5/2K5 b - - 0 1", -1);  // the rook is defended
  EXPECT_EQ(exact("8/8/8/7k/8/8/8/B1B1K3 w - - 0 1"), VALUE_DRAW);  // bishops of one colour
  expect_verdict("8/8/8/7k/8/8/8/BB2K3 w - - 0 1", 1);               // of both colours
  // The bare king takes the queen and the rest is a drawn KPK (rook pawn, king in front).
  expect_verdict("k7/8/8/8/8/8/P7/Kq6 w - - 0 1", 0);
  expect_verdict("8/8/8/8/3k4/8/8/KR6 b - - 0 1", -1);
}

TEST(EndgameEval, KbnkDrivesToTheBishopsCorner) {
  // Dark-squared bishop (h2): a1 and h8 are the mating corners. Along the a-file from the
  // wrong corner (a8) to the right one (a1) the score rises, the kings staying 7 apart.
  const char* aFile[] = {"k7/8/8/8/7K/8/7B/7N", "8/k7/8/8/7K/8/7B/7N", "8/8/k7/8/7K/8/7B/7N",
                         "8/8/8/k7/7K/8/7B/7N", "8/8/8/8/k6K/8/7B/7N", "8/8/8/8/7K/k7/7B/7N",
                         "8/8/8/8/7K/8/k6B/7N", "8/8/8/8/7K/8/7B/k6N"};
  Value previous = -VALUE_INFINITE;
  for (const char* board : aFile) {
    Value v = exact(std::string(board) + " w - - 0 1");
    EXPECT_TRUE(is_win(v)) << board;
    EXPECT_GT(v, previous) << board;
    previous = v;
  }
  // The light-squared bishop (d1) wants a8 and h1 instead.
  EXPECT_GT(exact("k7/8/8/8/7K/8/8/3BN3 w - - 0 1"), exact("8/8/8/8/7K/8/8/k2BN3 w - - 0 1"));
  // The centre is worse for the attacker than the edge (kings equally far apart).
  EXPECT_LT(exact("4K3/8/8/8/3k4/8/7B/7N w - - 0 1"), exact("4K3/8/8/8/k7/8/7B/7N w - - 0 1"));
  expect_verdict("8/8/8/8/8/8/2k5/1BN4K b - - 0 1", 0);  // the king forks both and takes one
}

TEST(EndgameEval, KpkTextbookPositions) {
  expect_verdict("4k3/4P3/4K3/8/8/8/8/8 b - - 0 1", 0);  // stalemate
  expect_verdict("7k/8/6K1/7P/8/8/8/8 w - - 0 1", 0);    // rook pawn, king in the corner
  expect_verdict("8/8/8/P7/7k/8/8/7K w - - 0 1", 1);     // outside the pawn's square
  expect_verdict("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", 1);  // king on the sixth in front of its pawn
  expect_verdict("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", -1);
  expect_verdict("8/4k3/8/4K3/4P3/8/8/8 w - - 0 1", 0);  // Black has the opposition
  expect_verdict("8/4k3/8/4K3/4P3/8/8/8 b - - 0 1", -1); // White has it
  // Further advanced pawns score higher among wins.
  EXPECT_GT(exact("8/8/8/P7/7k/8/8/7K w - - 0 1"), exact("8/8/8/8/P6k/8/8/7K w - - 0 1"));
}

TEST(EndgameEval, HeavyPiecesAgainstPawnOrMinor) {
  expect_verdict("8/8/3r4/3k4/8/8/8/KQ6 w - - 0 1", 1);
  expect_verdict("8/8/8/3k4/8/8/3r4/2KQ4 b - - 0 1", 0);   // Rxd1+ Kxd1: nothing left
  expect_verdict("8/7r/8/8/8/5k2/8/Q2K4 b - - 0 1", 1);    // Rh1+ skewers king and queen
  expect_verdict("8/8/8/3k4/8/8/K7/3r1Q2 b - - 0 1", 1);   // Rxf1 wins the undefended queen
  expect_verdict("8/8/3p4/3k4/8/8/8/KQ6 w - - 0 1", 1);
  expect_verdict("8/8/8/8/8/8/pk6/4Q1K1 w - - 0 1", 0);    // rook pawn on the 7th with its king
  expect_verdict("8/8/8/8/8/8/2kp4/4Q1K1 w - - 0 1", 1);   // a centre pawn loses
  expect_verdict("8/8/8/3p4/8/3K4/6k1/R7 w - - 0 1", 1);   // king in front of the pawn
  expect_verdict("K7/8/8/8/8/8/2kp4/7R w - - 0 1", 0);     // pawn on the 7th, supported, king far
  expect_verdict("8/8/3b4/3k4/8/8/8/KR6 w - - 0 1", 0);
  expect_verdict("8/8/8/3k4/8/8/8/KR1b4 w - - 0 1", 1);    // Rxd1: the bishop hangs
  expect_verdict("8/8/3n4/3k4/8/8/8/KR6 w - - 0 1", 0);
  expect_verdict("8/8/8/8/2k5/8/8/KR4n1 w - - 0 1", 1);    // Rxg1
  expect_verdict("8/8/8/3k4/8/8/8/KNN5 w - - 0 1", 0);
}

TEST(EndgameEval, ScaleFunctionsHandChecked) {
  // Wrong bishop: a8 is light, the bishop dark; the king sits in the corner.
  EXPECT_EQ(scale("k7/8/8/P7/P7/8/8/2B1K3 w - - 0 1", WHITE), ScaleDraw);
  EXPECT_EQ(scale("k7/8/8/P7/P7/8/8/3BK3 w - - 0 1", WHITE), ScaleNone);     // right bishop
  EXPECT_EQ(scale("8/8/8/P6k/P7/8/8/2B1K3 w - - 0 1", WHITE), ScaleNone);    // king far away
  EXPECT_EQ(tables("k7/8/8/P7/8/8/8/2B1K3 w - - 0 1"), 0);                   // one pawn: 4 men
  EXPECT_EQ(scale("k7/8/8/P7/8/8/8/2B1K3 w - - 0 1", WHITE), ScaleDraw);
  // Rook pawns against a king in front of them.
  EXPECT_EQ(scale("7k/8/7P/7P/8/8/8/K7 w - - 0 1", WHITE), ScaleDraw);
  EXPECT_EQ(tables("7k/8/7P/7P/8/8/8/K7 w - - 0 1"), 0);
  EXPECT_EQ(scale("8/8/7P/7P/8/8/k7/2K5 w - - 0 1", WHITE), ScaleNone);
  // Philidor: defending king in front, rook on the third rank (its sixth), pawn on the fifth.
  EXPECT_EQ(scale("4k3/8/r7/4P3/4K3/8/8/7R w - - 0 1", WHITE), ScaleDraw);
  EXPECT_EQ(scale("8/4k3/r3P3/4K3/8/8/8/7R w - - 0 1", WHITE), ScaleNone);   // the pawn is on the sixth already
  EXPECT_EQ(scale("4k3/8/4PK2/8/8/8/8/r6R w - - 0 1", WHITE), ScaleDraw);    // back-rank defence, checks from behind
  // Opposite-coloured bishops: the king on the pawn's path, or the bishop watching it.
  EXPECT_EQ(scale("8/8/3k4/8/3P4/8/2K5/2B2b2 w - - 0 1", WHITE), ScaleDraw);
  EXPECT_EQ(scale("8/8/8/8/3P2k1/5b2/2K5/2B5 w - - 0 1", WHITE), ScaleDraw);  // Bf3 watches d5
  EXPECT_EQ(scale("8/2P5/8/8/8/7k/2K5/2B4b w - - 0 1", WHITE), ScaleOppositeBishopsPawn);
  EXPECT_EQ(scale("8/8/3k4/8/3PP3/8/2K5/3Bb3 w - - 0 1", WHITE), ScaleDraw);    // blockade on a dark square
  EXPECT_EQ(scale("8/8/4k3/8/3PP3/8/2K5/3Bb3 w - - 0 1", WHITE), ScaleOppositeBishopsPawn * 2);
  EXPECT_EQ(scale("8/8/4k3/8/P6P/8/2K5/3Bb3 w - - 0 1", WHITE), ScaleOppositeBishopsTwoPawns);
  // KPKP: White's pawn would not win alone (Black's king stands in front with the opposition),
  // so White cannot win; Black's h-pawn alone would not win either.
  EXPECT_EQ(scale("8/7p/8/8/8/3k4/3P4/3K4 w - - 0 1", WHITE), ScaleDraw);
  EXPECT_EQ(scale("8/7p/8/8/8/3k4/3P4/3K4 w - - 0 1", BLACK), ScaleDraw);
  EXPECT_NE(tables("8/7p/8/8/8/3k4/3P4/3K4 w - - 0 1"), 1);
  EXPECT_EQ(scale("8/8/8/8/1p6/8/3P4/k2K4 w - - 0 1", WHITE), ScaleNone);       // White's pawn runs
}

TEST(EndgameEval, KrknKnightStrandedFromItsKing) {
  // The knight in the a1 corner has no square the white king does not cover, its king is far
  // away: Kb2 wins it whoever moves.
  expect_verdict("7k/8/8/3R4/8/2K5/8/n7 w - - 0 1", 1);
  expect_verdict("7k/8/8/3R4/8/2K5/8/n7 b - - 0 1", -1);
  // The knight beside its king is no such target.
  expect_verdict("8/8/2k5/3n4/8/8/8/K6R w - - 0 1", 0);
  // A won position still rises as the knight drifts further from its king.
  EXPECT_GT(exact("7k/8/8/3R4/8/2K5/8/n7 w - - 0 1"), exact("8/8/8/3R4/5k2/2K5/8/n7 w - - 0 1"));
}

TEST(EndgameEval, KrkpRaceCountsSlowPawnsAndTempo) {
  // A pawn four steps from promotion is too slow even with its king beside it.
  expect_verdict("8/8/8/2p3K1/2k5/8/8/3R4 w - - 0 1", 1);
  // The pawn's side to move is a tempo ahead: b2 and b1 come before the rook's side can stop it.
  expect_verdict("8/8/k7/8/5R2/1p6/6K1/8 b - - 0 1", 0);
}

TEST(EndgameEval, KrkbWrongCornerMatingNet) {
  // The dark-squared bishop cannot guard h8: Ra8+ Bf8 Rxf8 mate.
  expect_verdict("7k/4b3/6K1/8/8/8/8/R7 w - - 0 1", 1);
  // Facing across the edge also wins here: Rh8+ Bb8 and the bishop is pinned.
  expect_verdict("k7/8/2K5/8/8/8/4b3/7R w - - 0 1", 1);
  // In the light corner with the attacking king far off, the bishop holds.
  expect_verdict("k7/8/3b4/8/8/4K3/8/7R w - - 0 1", 0);
}
