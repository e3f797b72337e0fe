// SPDX-License-Identifier: GPL-3.0-or-later
// compare_explanations(): the player's terms of two explanations subtracted.
#include "tools/eval_compare.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>

namespace taper::tools {

std::vector<TermChange> compare_explanations(const EvalExplanation& a, const EvalExplanation& b, Color side) {
  std::vector<TermChange> changes;
  if (a.terms.empty() || b.terms.empty()) return changes;
  // Both list every term in table order, so they pair up one to one.
  assert(a.terms.size() == b.terms.size());
  const int sign = side == WHITE ? 1 : -1;
  for (size_t i = 0; i < a.terms.size() && i < b.terms.size(); ++i) {
    const PlayerTerm &before = a.terms[i], &after = b.terms[i];
    assert(before.name == after.name);
    TermChange c;
    c.term = before.name;
    c.before = sign * before.whiteCp;
    c.after = sign * after.whiteCp;
    c.change = c.after - c.before;
    for (Color s : {WHITE, BLACK}) c.sideChange[s] = after.own[s] - before.own[s];
    changes.push_back(c);
  }
  std::stable_sort(changes.begin(), changes.end(),
                   [](const TermChange& x, const TermChange& y) { return std::abs(x.change) > std::abs(y.change); });
  return changes;
}

}  // namespace taper::tools
