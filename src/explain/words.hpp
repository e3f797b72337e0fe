// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation said the way a player wants it: who stands better, by how much, and why. Every
// view takes its words from here, so a verdict is worded in one place.
#pragma once

#include <string>
#include <string_view>

#include "core/score_text.hpp"
#include "eval/params.hpp"
#include "explain/explanation.hpp"

namespace taper {

/// Who stands better in a player's words, for a White-POV score in centipawns: the bands players
/// use ("slightly better" near a third of a pawn, "winning" beyond about three and a half).
std::string standing_words(int whiteCp);

/// A player's name for a row of the `eval` table, e.g. "mobility"; the two king-safety rows
/// (shelter and the attack's danger penalty) are one idea for a player. Empty for Scale, which
/// is no row but the factor applied to all of them.
std::string_view player_words(ParamGroup group);

/// The verdict of an explanation whose numbers are filled in (everything but `words`): the
/// picture's headline, note and reasons, the JSON's sentence and deciding rows, and the `eval`
/// table's line for a known ending or a dead draw.
EvalWords verdict_words(const EvalExplanation& e);

}  // namespace taper
