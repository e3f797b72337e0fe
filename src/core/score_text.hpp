// SPDX-License-Identifier: GPL-3.0-or-later
// A score as a player reads it: the one place that writes a Value as text, for the analysis on
// the terminal, the evaluation's words, the review's [%eval] comments and its sentences.
#pragma once

#include <string>

#include "core/types.hpp"

namespace taper {

/// Centipawns as pawns with two decimals and a sign: "+0.85", "-1.20", "+0.00".
std::string pawns_text(int cp);

/// A score in pawns (pawns_text), or a forced mate as "#N": N is counted in the mating side's
/// moves, rounded up, and is negative when the side the score belongs to is the one mated. With
/// `plusSign` false a positive figure has no "+" (lichess's and chess.com's `[%eval 0.35]`).
/// Rounding up matters for scores seen from a fixed side (a review's, White's): Black mating
/// with Black to move is an odd number of plies, and "#-1" must not come out as "#0".
std::string score_text(Value v, bool plusSign = true);

}  // namespace taper
