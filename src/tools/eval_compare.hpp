// SPDX-License-Identifier: GPL-3.0-or-later
// Two explained evaluations compared term by term, in a player's words: what a game review
// says about the end of two lines ("Black's king safety falls by 1.80").
#pragma once

#include <string_view>
#include <vector>

#include "tools/eval_explain.hpp"

namespace taper::tools {

/// How one term (a player's name for one or two `eval` rows, e.g. "king safety") changes from
/// one explanation to another. Every figure is in centipawns, tapered with its own position's
/// phase and scale: what the term adds to that position's final score.
struct TermChange {
  std::string_view term;     ///< a player's words (tools/eval_words.hpp: player_words)
  int before = 0, after = 0;  ///< the term's net worth to the chosen side, in `a` and in `b`
  int change = 0;             ///< after - before
  /// How each side's own part of the term changed, from that side's point of view: a rising
  /// king-danger penalty against Black's king is a negative change for Black.
  int sideChange[COLOR_NB] = {};
};

/// The terms of `a` and `b` side by side, from `side`'s point of view, the largest change
/// first (ties in table order). Empty when either is a known ending or a dead draw: an exact
/// rule, not the terms, scores those, so only their final values compare.
std::vector<TermChange> compare_explanations(const EvalExplanation& a, const EvalExplanation& b, Color side = WHITE);

}  // namespace taper::tools
