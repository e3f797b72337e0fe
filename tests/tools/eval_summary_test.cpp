// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation in a player's words: verdict bands, reasons that add up to the score and point
// the right way, colour symmetry, and the known-ending and dead-draw cases.
#include <gtest/gtest.h>

#include <cstdlib>

#include "eval/evaluate.hpp"
#include "tools/eval_summary.hpp"

using namespace taper;
using namespace taper::tools;

namespace {

EvalSummary summary_of(const std::string& fen) {
  Position pos;
  EXPECT_TRUE(pos.set(fen, false)) << fen;
  return summarise_evaluation(pos);
}

const char* const Middlegame = "r4rk1/pp3ppp/2n1b3/q1ppP1N1/3P2Q1/2PB4/P4PPP/R4RK1 w - - 0 14";
const char* const MiddlegameFlipped = "r4rk1/p4ppp/2pb4/3p2q1/Q1PPp1n1/2N1B3/PP3PPP/R4RK1 b - - 0 14";

}  // namespace

TEST(EvalSummary, PawnsText) {
  EXPECT_EQ(pawns_text(85), "+0.85");
  EXPECT_EQ(pawns_text(-120), "-1.20");
  EXPECT_EQ(pawns_text(0), "+0.00");
  EXPECT_EQ(pawns_text(-7), "-0.07");
}

TEST(EvalSummary, VerdictSaysWhoByHowMuch) {
  EXPECT_EQ(summary_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").headline.rfind("The position is level: +0.", 0), 0u);
  const EvalSummary queenUp = summary_of("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(queenUp.headline.rfind("White is winning: +", 0), 0u) << queenUp.headline;
  ASSERT_FALSE(queenUp.reasons.empty());
  EXPECT_EQ(queenUp.reasons[0].term, "material");
  EXPECT_GT(queenUp.reasons[0].whiteCp, 800);
  // The middlegame attack is worth most of a pawn to White; the headline's word ("slightly
  // better" or "better") depends on the fitted table, the side and the number do not.
  const EvalSummary m = summary_of(Middlegame);
  EXPECT_TRUE(m.headline == "White is better: " + pawns_text(m.whiteCp) ||
              m.headline == "White is slightly better: " + pawns_text(m.whiteCp))
      << m.headline;
  EXPECT_GT(m.whiteCp, 50);
}

TEST(EvalSummary, ReasonsFavourTheBetterSideLargestFirst) {
  const EvalSummary m = summary_of(Middlegame);
  ASSERT_GE(m.reasons.size(), 2u);
  ASSERT_LE(m.reasons.size(), 3u);
  EXPECT_EQ(m.reasons[0].term, "king safety");  // Black's king faces queen, knight and bishop
  EXPECT_GE(m.reasons[0].whiteCp, m.reasons[1].whiteCp);
  EXPECT_GT(m.reasons[1].whiteCp, 0);
  // The third names what speaks for Black: his threats against the e5 pawn and the queen's raid.
  if (m.reasons.size() == 3) {
    EXPECT_LT(m.reasons[2].whiteCp, -20);
  }
  // The two or three terms named account for most of the score: the rest is small change,
  // spread over several rows (piece placement, space, queens, tempo: about 75 cp
  // with the eval8 table, whose king safety and threats nearly cancel here).
  int total = 0;
  for (const EvalReason& r : m.reasons) total += r.whiteCp;
  EXPECT_NEAR(total, m.whiteCp, 85);
}

TEST(EvalSummary, ColourFlipNegatesEverything) {
  const EvalSummary w = summary_of(Middlegame), b = summary_of(MiddlegameFlipped);
  EXPECT_EQ(b.whiteCp, -w.whiteCp);
  std::string flipped = w.headline;
  flipped.replace(0, 5, "Black");
  flipped.replace(flipped.size() - pawns_text(w.whiteCp).size(), std::string::npos, pawns_text(-w.whiteCp));
  EXPECT_EQ(b.headline, flipped);
  ASSERT_EQ(b.reasons.size(), w.reasons.size());
  for (size_t i = 0; i < w.reasons.size(); ++i) {
    EXPECT_EQ(b.reasons[i].term, w.reasons[i].term);
    EXPECT_EQ(b.reasons[i].whiteCp, -w.reasons[i].whiteCp);
  }
}

TEST(EvalSummary, KnownEndingsAndDeadDrawsSayWhatDecides) {
  const EvalSummary krk = summary_of("8/8/8/4k3/8/8/8/KR6 w - - 0 1");
  EXPECT_EQ(krk.headline, "White is winning");
  EXPECT_NE(krk.note.find("KRvK"), std::string::npos) << krk.note;
  EXPECT_TRUE(krk.reasons.empty());
  const EvalSummary krkBlack = summary_of("kr6/8/8/8/4K3/8/8/8 w - - 0 1");
  EXPECT_EQ(krkBlack.headline, "Black is winning");
  const EvalSummary bare = summary_of("8/8/8/4k3/8/8/8/K7 w - - 0 1");
  EXPECT_EQ(bare.headline, "Dead draw");
  EXPECT_EQ(bare.whiteCp, 0);
}
