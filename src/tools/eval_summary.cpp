// SPDX-License-Identifier: GPL-3.0-or-later
// Summing up a static evaluation in a player's words (tools/eval_summary.hpp).
#include "tools/eval_summary.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "eval/endgames.hpp"
#include "eval/params.hpp"
#include "eval/trace.hpp"

namespace taper::tools {

namespace {

/// The player's name of each `eval` table row, by ParamGroup (empty: not a reason). The two
/// king-safety rows (shelter and the attack's danger penalty) are one idea for a player.
constexpr const char* ReasonName[] = {
    "material",      "piece placement", "pawn structure", "passed pawns", "mobility",
    "knights",       "bishops",         "rooks",          "queens",       "threats",
    "space",         "king safety",     "king safety",    "king activity", "endgame technique",
    "",              "the move"};
static_assert(std::size(ReasonName) == size_t(ParamGroup::Count));

/// What each reason gives White in centipawns: the rows of the `eval` table, tapered with the
/// position's phase and scale as the evaluation tapers their sum.
std::vector<EvalReason> reasons_of(const EvalRecord& r) {
  const GroupScores groups = group_scores(r);  // the same sums the `eval` table prints
  std::vector<EvalReason> out;
  for (size_t g = 0; g < size_t(ParamGroup::Count); ++g) {
    if (!*ReasonName[g]) continue;
    const int cp = tapered_value(groups[g][WHITE] - groups[g][BLACK], r.phase, r.scale);
    auto same = std::find_if(out.begin(), out.end(), [&](const EvalReason& e) { return e.term == ReasonName[g]; });
    if (same != out.end()) same->whiteCp += cp;
    else out.push_back({ReasonName[g], cp});
  }
  return out;
}

}  // namespace

std::string standing_words(int cp) {
  const int a = std::abs(cp);
  if (a <= 25) return "The position is level";
  const std::string side = cp > 0 ? "White" : "Black";
  if (a <= 75) return side + " is slightly better";
  if (a <= 175) return side + " is better";
  if (a <= 350) return side + " is much better";
  return side + " is winning";
}

std::string pawns_text(int cp) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%c%d.%02d", cp < 0 ? '-' : '+', std::abs(cp) / 100, std::abs(cp) % 100);
  return buf;
}

EvalSummary summarise_evaluation(const Position& pos) {
  const EvalRecord r = record_evaluation(pos);
  EvalSummary s;
  s.whiteCp = r.sideToMove == WHITE ? r.value : -r.value;
  if (r.exit == EvalExit::InsufficientMaterial) {
    s.headline = "Dead draw";
    s.note = "neither side has the material to mate";
    return s;
  }
  if (r.exit == EvalExit::KnownEndgame) {
    const std::string side = s.whiteCp > 0 ? "White" : "Black";
    s.headline = std::abs(s.whiteCp) >= endgames::KnownWinThreshold ? side + " is winning"
                 : s.whiteCp == 0                          ? "Draw"
                                                           : standing_words(s.whiteCp) + ": " + pawns_text(s.whiteCp);
    s.note = "known ending " + material_signature(pos) + ": the endgame rule decides, not the general terms";
    return s;
  }
  s.headline = standing_words(s.whiteCp) + ": " + pawns_text(s.whiteCp);

  // The terms for the better side, largest first; a level position lists the largest either way.
  std::vector<EvalReason> all = reasons_of(r);
  const int leader = std::abs(s.whiteCp) <= 25 ? 0 : s.whiteCp > 0 ? 1 : -1;
  auto towardsLeader = [&](const EvalReason& e) { return leader ? leader * e.whiteCp : std::abs(e.whiteCp); };
  std::sort(all.begin(), all.end(), [&](const EvalReason& a, const EvalReason& b) {
    return towardsLeader(a) > towardsLeader(b);
  });
  for (const EvalReason& e : all)
    if (s.reasons.size() < 2 && towardsLeader(e) >= 5) s.reasons.push_back(e);
  // The third: what speaks most against the better side, if it is sizeable, else one more for it.
  if (leader && !all.empty() && -towardsLeader(all.back()) >= 20) s.reasons.push_back(all.back());
  else if (all.size() > 2 && towardsLeader(all[2]) >= 5) s.reasons.push_back(all[2]);
  return s;
}

}  // namespace taper::tools
