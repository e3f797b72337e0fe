// SPDX-License-Identifier: GPL-3.0-or-later
// compare_explanations(): the rows of two explanations subtracted, side by side.
#include "explain/compare.hpp"

#include "eval/score.hpp"

namespace taper {

std::vector<RowChange> compare_explanations(const EvalExplanation& a, const EvalExplanation& b) {
  std::vector<RowChange> changes;
  // A known ending or a dead draw has no rows; otherwise both list every row in table order.
  if (a.rows.empty() || b.rows.empty() || a.rows.size() != b.rows.size()) return changes;
  for (size_t k = 0; k < a.rows.size(); ++k) {
    const ExplainedRow &ra = a.rows[k], &rb = b.rows[k];
    if (ra.group != rb.group) return {};  // not the same table: nothing pairs up
    RowChange c;
    c.group = ra.group;
    for (Color side : {WHITE, BLACK}) {
      c.before[side] = tapered_value(side == WHITE ? ra.white : ra.black, a.record.phase, a.record.scale);
      c.after[side] = tapered_value(side == WHITE ? rb.white : rb.black, b.record.phase, b.record.scale);
    }
    changes.push_back(c);
  }
  return changes;
}

const RowChange* worst_row_for(const std::vector<RowChange>& changes, Color side, int minimumCp) {
  const RowChange* worst = nullptr;
  for (const RowChange& c : changes)
    if (c.net_for(side) <= -minimumCp && (!worst || c.net_for(side) < worst->net_for(side))) worst = &c;
  return worst;
}

}  // namespace taper
