// SPDX-License-Identifier: GPL-3.0-or-later
// compare_explanations() (tools/eval_compare.hpp): the change of every term between two
// explanations, in a player's words, from either side's point of view, the largest first.
#include <algorithm>
#include <cstdlib>

#include <gtest/gtest.h>

#include "tools/eval_compare.hpp"
#include "tools/eval_explain.hpp"

using namespace taper;
using namespace taper::tools;

namespace {

EvalExplanation explained(const char* fen) {
  Position pos;
  EXPECT_TRUE(pos.set(fen, false)) << fen;
  return explain_evaluation(pos);
}

// Two ends of a line from the same middlegame, with the same material: Black castled, or Black's
// king walked to e7 instead (his bishop on d6), without its pawn shelter.
const char* const Safe = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8";
const char* const Exposed = "r1bq1r2/pp2kppp/2nbpn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8";

}  // namespace

TEST(EvalCompare, ChangesAddUpToTheChangeOfTheScore) {
  const EvalExplanation a = explained(Safe), b = explained(Exposed);
  const std::vector<TermChange> white = compare_explanations(a, b), black = compare_explanations(a, b, BLACK);
  ASSERT_EQ(white.size(), a.terms.size());
  ASSERT_EQ(black.size(), white.size());
  int before = 0, after = 0, change = 0;
  for (size_t i = 0; i < white.size(); ++i) {
    const TermChange& c = white[i];
    EXPECT_FALSE(c.term.empty());
    EXPECT_EQ(c.change, c.after - c.before) << c.term;
    if (i > 0) {
      EXPECT_GE(std::abs(white[i - 1].change), std::abs(c.change)) << "largest first";
    }
    before += c.before;
    after += c.after;
    change += c.change;
    // Black's view is White's negated, term by term (ties keep table order in both).
    EXPECT_EQ(black[i].term, c.term);
    EXPECT_EQ(black[i].change, -c.change) << c.term;
    EXPECT_EQ(black[i].sideChange[BLACK], c.sideChange[BLACK]) << "each side's own part does not depend on the view";
  }
  // The rows' tapered values add up to the final score up to rounding (one cp per row at most).
  EXPECT_NEAR(before, a.finalCp, int(a.rows.size()));
  EXPECT_NEAR(after, b.finalCp, int(b.rows.size()));
  EXPECT_NEAR(change, b.finalCp - a.finalCp, int(a.rows.size() + b.rows.size()));
}

TEST(EvalCompare, NamesTheTermThatMoved) {
  const EvalExplanation a = explained(Safe), b = explained(Exposed);
  const std::vector<TermChange> changes = compare_explanations(a, b, BLACK);
  auto find = [&](std::string_view term) {
    return *std::find_if(changes.begin(), changes.end(), [&](const TermChange& c) { return c.term == term; });
  };
  // Black's king in the centre: king safety is worse for Black, and it is Black's own part of
  // the term (his king's shelter) that falls; the material is the same at both ends.
  EXPECT_LT(find("king safety").change, -20);
  EXPECT_LT(find("king safety").sideChange[BLACK], -20);
  EXPECT_EQ(find("material").change, 0);
  EXPECT_EQ(find("material").before, 0);
}

TEST(EvalCompare, SameExplanationChangesNothing) {
  const EvalExplanation a = explained(Safe);
  for (const TermChange& c : compare_explanations(a, a)) {
    EXPECT_EQ(c.change, 0) << c.term;
    EXPECT_EQ(c.sideChange[WHITE], 0);
    EXPECT_EQ(c.sideChange[BLACK], 0);
  }
}

TEST(EvalCompare, ExactRulesHaveNoTermsToCompare) {
  const EvalExplanation general = explained(Safe), known = explained("8/8/8/4k3/8/8/8/KR6 w - - 0 1");
  EXPECT_TRUE(compare_explanations(general, known).empty());
  EXPECT_TRUE(compare_explanations(known, general).empty());
}
