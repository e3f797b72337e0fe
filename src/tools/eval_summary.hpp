// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation said the way a player wants it: who stands better, by how much, and why.
#pragma once

#include <string>
#include <vector>

#include "board/position.hpp"

namespace taper::tools {

/// One reason: a row of the `eval` table (a parameter group) and what it gives White, tapered
/// to centipawns with the position's phase and scale like the evaluation itself.
struct EvalReason {
  std::string term;  ///< in a player's words, e.g. "mobility", "king safety"
  int whiteCp = 0;   ///< > 0 helps White
};

struct EvalSummary {
  int whiteCp = 0;                  ///< the static evaluation, White's point of view
  std::string headline;             ///< e.g. "White is better: +0.85"
  std::vector<EvalReason> reasons;  ///< two or three, the largest first; empty for known endings
  std::string note;                 ///< for a known ending or a dead draw, what decides instead
};

/// The static evaluation of `pos` summed up: a verdict in words with the score in pawns, and
/// the groups of terms that decide it (the largest for the better side, and the largest
/// against it when that one is sizeable).
EvalSummary summarise_evaluation(const Position& pos);

/// Who stands better in a player's words, for a White-POV score in centipawns: the bands players
/// use ("slightly better" near a third of a pawn, "winning" beyond about three and a half).
/// The SVG headline and the web page's verdict sentence both say it this way.
std::string standing_words(int whiteCp);

/// Centipawns as a signed number of pawns with two decimals: 85 -> "+0.85", -120 -> "-1.20".
std::string pawns_text(int cp);

}  // namespace taper::tools
