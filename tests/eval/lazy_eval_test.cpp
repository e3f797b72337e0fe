// SPDX-License-Identifier: GPL-3.0-or-later
// Lazy evaluation: off and far-off margins change nothing; a lopsided position takes the short
// path, and its score keeps the full evaluation's sign and stays within the skipped terms' reach.
#include <gtest/gtest.h>

#include <cstdlib>

#include "eval/evaluate.hpp"

using namespace taper;

namespace {

const char* const Positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
    "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1",        // a queen up
    "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 1",        // the same, the losing side to move
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "2r3k1/5ppp/8/8/8/8/5PPP/1QR3K1 w - - 0 1",     // queen and rook against a rook
};

}  // namespace

TEST(LazyEval, NoMarginAndAHugeMarginEvaluateFully) {
  for (const char* fen : Positions) {
    Position pos;
    ASSERT_TRUE(pos.set(fen, false)) << fen;
    Evaluator full, off, huge;
    const Value v = full.evaluate(pos);
    EXPECT_EQ(off.evaluate(pos, 0), v) << fen;
    EXPECT_EQ(huge.evaluate(pos, 30000), v) << fen;
  }
}

TEST(LazyEval, LopsidedPositionsTakeTheShortPathWithTheSameVerdict) {
  int shortened = 0;
  for (const char* fen : Positions) {
    Position pos;
    ASSERT_TRUE(pos.set(fen, false)) << fen;
    Evaluator full, lazy;
    const Value v = full.evaluate(pos), l = lazy.evaluate(pos, 500);
    if (std::abs(v) < 400) {
      EXPECT_EQ(l, v) << fen << ": a level position must be evaluated fully";
      continue;
    }
    shortened += l != v;
    EXPECT_EQ(l > 0, v > 0) << fen;
    EXPECT_LT(std::abs(l - v), 300) << fen;
  }
  EXPECT_GE(shortened, 2) << "no lopsided position took the lazy path";
}
