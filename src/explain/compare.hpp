// SPDX-License-Identifier: GPL-3.0-or-later
// Two explained evaluations compared row by row: the one comparison behind every "why" that
// sets two positions side by side (the review's reasons, review/reasons.cpp; the report's
// grouping of mistakes, review/report_classify.cpp). Rows are keyed by their ParamGroup, never
// by their printed titles, so that a renamed row cannot silently fall out of a comparison.
#pragma once

#include <vector>

#include "explain/explanation.hpp"

namespace taper {

/// How one row of the `eval` table changes from explanation `a` to explanation `b`. Each side's
/// own part of the row is tapered with its own explanation's phase and scale: the centipawns it
/// adds to that position's final score, from that side's point of view (> 0 helps that side).
struct RowChange {
  ParamGroup group = ParamGroup::Material;
  int before[COLOR_NB] = {};  ///< each side's own part in `a`
  int after[COLOR_NB] = {};   ///< each side's own part in `b`
  int change(Color side) const { return after[side] - before[side]; }
  /// What the change gives `side` against its opponent: its own gain minus the opponent's.
  int net_for(Color side) const { return change(side) - change(~side); }
};

/// The rows of `a` and `b` side by side, in table order. Empty when either is a known ending or
/// a dead draw: an exact rule, not the rows, scores those, so only their final values compare.
std::vector<RowChange> compare_explanations(const EvalExplanation& a, const EvalExplanation& b);

/// The row of `changes` that went most against `side` (the lowest net_for), when it cost at
/// least `minimumCp`; nullptr when none did.
const RowChange* worst_row_for(const std::vector<RowChange>& changes, Color side, int minimumCp);

}  // namespace taper
