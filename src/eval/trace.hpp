// SPDX-License-Identifier: GPL-3.0-or-later
// One evaluation recorded: the coefficients the Texel tuner fits, and the data the tools layer
// explains to people (explain/explanation.hpp: the `eval` table, its JSON and its picture).
#pragma once

#include <array>
#include <vector>

#include "board/position.hpp"
#include "eval/driver.hpp"
#include "eval/king_danger.hpp"
#include "eval/sink.hpp"

namespace taper {

/// One position's evaluation taken apart, by the same code that evaluates in the search
/// (a RecordSink instead of a ScoreSink; the pawn and material caches are bypassed).
///
/// For the tuner (docs/EVAL.md, "The tuner"): with any weight vector w,
///   side[c]  = sum over Linear i of coeff[i][c] * w[i]                       (mg and eg)
///   units[c] = sum over Danger i of coeff[i][c] * w[i].mg()
///   side[c] -= king_danger_penalty(units[c], king_danger_shape(w))   if dangerReal[c]
///              (mg: king_danger_curve, eg: king_danger_endgame)
///   value    = final_value(side[WHITE] - side[BLACK], phase, scale, sideToMove)
///              (tapered_value(), clamped inside the known-win band, negated if Black is to move)
/// which is evaluate_from_coefficients(). With w = Weights it equals Evaluator::evaluate()
/// exactly (tested). The scale factor is the one computed with the engine's weights (it
/// depends on the sign of the endgame sum and on the Scale parameters); the tuner keeps it
/// fixed. Positions with exit != General (known endgame, insufficient material) do not depend
/// on any weight: skip them when tuning. Gradients of the curve: king_danger_gradient().
struct EvalRecord {
  Coefficients coeff = {};
  int phase = 0;                   ///< 0 .. PhaseMidgame (game_phase())
  int scale = ScaleNormal;         ///< scale factor applied to the endgame sum
  int units[COLOR_NB] = {};        ///< king-danger units against each king (engine weights)
  bool dangerReal[COLOR_NB] = {};  ///< the curve applies to that king (two or more attackers)
  int dangerPenalty[COLOR_NB] = {};    ///< middlegame half of the king-danger penalty
  int dangerPenaltyEg[COLOR_NB] = {};  ///< endgame half
  Color sideToMove = WHITE;
  EvalExit exit = EvalExit::General;
  Value value = 0;                 ///< the evaluation, side to move's point of view
};

/// Records the evaluation of `pos`.
EvalRecord record_evaluation(const Position& pos);

/// The evaluation (side to move's point of view) rebuilt from a record and a weight vector.
Value evaluate_from_coefficients(const EvalRecord& r, const WeightVector& w = Weights);

/// The (mg, eg) sum of the Linear terms of one side under weights `w` (no king-danger penalty).
Score linear_sum(const EvalRecord& r, Color c, const WeightVector& w = Weights);

/// King-danger units against c's king under weights `w`.
int danger_units(const EvalRecord& r, Color c, const WeightVector& w = Weights);

/// A sparse coefficient, as the tuner stores it.
struct SparseCoefficient {
  int index;
  int16_t white, black;
};
/// The coefficients worth storing: Linear ones whose white and black counts differ (equal
/// counts cancel), and every non-zero Danger one (the curve is not linear).
std::vector<SparseCoefficient> sparse_coefficients(const EvalRecord& r);

/// The rows of the `eval` table: per ParamGroup, each side's (mg, eg) sum of Linear weights
/// times coefficients; the King danger row also carries minus the curve's penalty. [group][colour]
using GroupScores = std::array<std::array<Score, COLOR_NB>, size_t(ParamGroup::Count)>;
GroupScores group_scores(const EvalRecord& r);

}  // namespace taper
