// SPDX-License-Identifier: GPL-3.0-or-later
// The tuner's model: evaluation of a traced position under weight deltas, the loss and its gradient.
#pragma once

#include <cstdint>
#include <vector>

#include "tune/dataset.hpp"

namespace taper::tune {

/// The tuner's vectors hold two halves per weight: [2 * i] the mg half of weight i, [2 * i + 1]
/// the eg half (Danger, Curve and Scale weights use the mg half only).
inline constexpr int TunerSize = 2 * ParamCount;

/// Real-valued deltas from the engine's weights (Weights), in the layout above. A zero vector
/// reproduces the engine's evaluation exactly.
using Deltas = std::vector<double>;

inline Deltas zero_deltas() { return Deltas(size_t(TunerSize), 0.0); }

/// The king-danger curve's shape under deltas (the engine's shape plus the Curve deltas).
KingDangerShape<double> curve_shape(const double* delta);

/// The evaluation of `e` (White's point of view, centipawns) under deltas:
///   baseEval + mgFactor * sum(net * delta_mg) + egFactor * sum(net * delta_eg)
///   - mgFactor * (curve change at the White king - curve change at the Black king),
/// with the curve and its shape from king_danger.hpp and the factors from tapered_value().
double evaluate_entry(const Dataset& data, const Entry& e, const double* delta);

/// The expected score for White: 1 / (1 + 10^(-K * eval / 400)).
double expected_score(double eval, double k);

/// Sets each entry's training target: (1 - w) * result + w * expected_score(score, K) where the
/// line carried a search score, else the result. A deeper search's verdict on the position is a
/// less noisy label than one game's outcome (Ethereal's tuner anchors on a depth-10 score);
/// w = 0 fits game results alone. The tuner blends the validation set too, so that early stopping
/// follows the objective being fitted; the table's header reports both losses.
void blend_targets(Dataset& data, double scoreWeight, double k);

/// What a loss is measured against: the game results, or the training targets (equal to the
/// results unless blend_targets mixed in the search scores).
enum class LossAgainst { Result, Target };

/// Mean of (result or target - expected_score(eval, K))^2 over every entry of `data`, on `threads` threads.
double mean_loss(const Dataset& data, const Deltas& delta, double k, int threads,
                 LossAgainst against = LossAgainst::Result);

/// Mean loss against the training targets over the entries listed in `batch` (indices into data.entries) and its gradient
/// with respect to every delta (written to `gradient`, resized to TunerSize). The sums of the
/// threads are added in a fixed order, so the result does not depend on timing.
double loss_and_gradient(const Dataset& data, const uint32_t* batch, size_t count, const Deltas& delta, double k,
                         int threads, std::vector<double>& gradient);

/// The K that minimises mean_loss() at `delta` (golden-section search on [0.05, 5]).
double fit_k(const Dataset& data, const Deltas& delta, int threads);

/// For each weight half, the number of positions of `data` whose evaluation it changes (a
/// non-zero net count, or units against a king under attack; every attacked king for the curve).
std::vector<size_t> usage_counts(const Dataset& data);

/// Each weight half's step factor (AdamSettings::perWeightSteps): min(1, 1 / r), r being the root
/// mean square of d eval / d weight (centipawns of evaluation per unit of the weight) over the
/// positions of `data` where that derivative is not zero, at `delta`. A piece-square entry moves
/// the evaluation by at most 1 cp per unit (factor 1, the rate unchanged); a curve shape that
/// multiplies units squared moves it by tens of centipawns per unit, and its steps shrink to match.
/// 1 for halves no position uses.
Deltas step_scales(const Dataset& data, const Deltas& delta, int threads);

/// The engine's weights plus the deltas rounded to integers (what params_values.inc will hold).
WeightVector rounded_weights(const Deltas& delta);
/// The deltas that rounded_weights() realises (for the losses of the integer table).
Deltas rounded_deltas(const Deltas& delta);

}  // namespace taper::tune
