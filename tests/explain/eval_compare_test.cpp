// SPDX-License-Identifier: GPL-3.0-or-later
// compare_explanations() (explain/compare.hpp): the change of every row of the `eval` table
// between two explanations, keyed by ParamGroup, each side's own part apart.
#include <algorithm>
#include <cstdlib>

#include <gtest/gtest.h>

#include "explain/compare.hpp"
#include "explain/explanation.hpp"

using namespace taper;

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
  const std::vector<RowChange> rows = compare_explanations(a, b);
  ASSERT_EQ(rows.size(), a.rows.size());
  int before = 0, after = 0, change = 0;
  for (size_t k = 0; k < rows.size(); ++k) {
    const RowChange& c = rows[k];
    EXPECT_EQ(c.group, a.rows[k].group) << "table order, keyed by the row's group";
    before += c.before[WHITE] - c.before[BLACK];
    after += c.after[WHITE] - c.after[BLACK];
    change += c.net_for(WHITE);
    // Black's view is White's negated; each side's own part does not depend on the view.
    EXPECT_EQ(c.net_for(BLACK), -c.net_for(WHITE)) << GroupTitle[size_t(c.group)];
    EXPECT_EQ(c.change(BLACK), c.after[BLACK] - c.before[BLACK]);
  }
  // The rows' tapered values add up to the final score up to rounding (one cp per side and row).
  EXPECT_NEAR(before, a.finalCp, 2 * int(a.rows.size()));
  EXPECT_NEAR(after, b.finalCp, 2 * int(b.rows.size()));
  EXPECT_NEAR(change, b.finalCp - a.finalCp, 2 * int(a.rows.size() + b.rows.size()));
}

TEST(EvalCompare, NamesTheRowThatMoved) {
  const EvalExplanation a = explained(Safe), b = explained(Exposed);
  const std::vector<RowChange> rows = compare_explanations(a, b);
  auto row = [&](ParamGroup g) {
    return *std::find_if(rows.begin(), rows.end(), [&](const RowChange& c) { return c.group == g; });
  };
  // Black's king in the centre: king safety (shelter and danger) is worse for Black, and it is
  // Black's own part (his king's) that falls; the material is the same at both ends.
  const int kingSafety = row(ParamGroup::KingShelter).net_for(BLACK) + row(ParamGroup::KingDanger).net_for(BLACK);
  const int ownKingSafety = row(ParamGroup::KingShelter).change(BLACK) + row(ParamGroup::KingDanger).change(BLACK);
  EXPECT_LT(kingSafety, -20);
  EXPECT_LT(ownKingSafety, -20);
  EXPECT_EQ(row(ParamGroup::Material).net_for(BLACK), 0);
  EXPECT_EQ(row(ParamGroup::Material).before[WHITE], row(ParamGroup::Material).before[BLACK]);
  // The worst row for Black is one that cost him at least as much as any other, and none is
  // found for a threshold above its cost.
  const RowChange* worst = worst_row_for(rows, BLACK, 10);
  ASSERT_NE(worst, nullptr);
  for (const RowChange& c : rows) EXPECT_GE(c.net_for(BLACK), worst->net_for(BLACK));
  EXPECT_EQ(worst_row_for(rows, BLACK, -worst->net_for(BLACK) + 1), nullptr);
}

TEST(EvalCompare, SameExplanationChangesNothing) {
  const EvalExplanation a = explained(Safe);
  const std::vector<RowChange> rows = compare_explanations(a, a);
  EXPECT_FALSE(rows.empty());
  for (const RowChange& c : rows) {
    EXPECT_EQ(c.change(WHITE), 0) << GroupTitle[size_t(c.group)];
    EXPECT_EQ(c.change(BLACK), 0);
  }
  EXPECT_EQ(worst_row_for(rows, WHITE, 1), nullptr);
}

TEST(EvalCompare, ExactRulesHaveNoRowsToCompare) {
  const EvalExplanation general = explained(Safe), known = explained("8/8/8/4k3/8/8/8/KR6 w - - 0 1");
  EXPECT_TRUE(compare_explanations(general, known).empty());
  EXPECT_TRUE(compare_explanations(known, general).empty());
}
