// SPDX-License-Identifier: GPL-3.0-or-later
// `taper eval FEN --svg FILE`: the evaluation drawn as an SVG board (docs/EVAL.md, "Pictures").
#pragma once

#include <string>

#include "board/position.hpp"
#include "explain/explanation.hpp"

namespace taper {

/// An SVG picture of `e`, the explained evaluation of `pos`: a diagram with coordinates and
/// drawn pieces; a headline with the verdict in words and pawns and the two or three terms that
/// decide it (explain/words.hpp); a legend; every piece labelled with its share of the score
/// (the white-POV evaluation minus the evaluation with that piece taken off, the per-piece view
/// Stockfish's `eval` command prints since Stockfish 12), and each king's zone: inner ring
/// (solid), outer ring (dashed), with the king-danger units, the curve's penalty and the safe
/// checks from the recorded evaluation. Kings get no share (they cannot leave).
std::string eval_svg(const Position& pos, const EvalExplanation& e);

/// eval_svg(pos, explain_evaluation(pos)).
std::string eval_svg(const Position& pos);

/// Writes eval_svg(pos) to `path` (the `eval --svg` subcommand); 0, or 2 with a message on stderr.
int write_eval_svg(const Position& pos, const std::string& path);

}  // namespace taper
