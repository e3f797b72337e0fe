// SPDX-License-Identifier: GPL-3.0-or-later
// Adam or AdaGrad over mini-batches with a validation set: a step size per weight, L2 towards the
// starting weights, epochs, early stopping, frozen weights, saved state.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tune/model.hpp"

namespace taper::tune {

/// The update rule of each mini-batch step (docs/TUNING.md, "The optimizer").
enum class Optimizer {
  Adam,     ///< Adam (Kingma and Ba): moving averages of the gradient and of its square
  AdaGrad,  ///< AdaGrad as Ethereal's tuner: the gradient over the root of all its squares so far
};

/// "adam" or "adagrad"; and back (false for anything else).
const char* optimizer_name(Optimizer o);
bool parse_optimizer(const std::string& name, Optimizer& out);

struct AdamSettings {
  int epochs = 200;              ///< the last epoch (a resumed run continues up to it)
  size_t batchSize = 16384;
  Optimizer optimizer = Optimizer::Adam;
  double learningRate = 1.0;     ///< the largest step, roughly: centipawns of evaluation (see perWeightSteps)
  double decay = 0.98;           ///< learning rate multiplier per epoch
  double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
  /// Scale each weight half's step by its step_scales() factor, so that a step moves the evaluation
  /// by about learningRate centipawns whatever the weight's unit (a curve shape that multiplies
  /// units squared moves far less than a piece value); false: learningRate in the weight's own units
  /// for every weight, as before (the curve's small integers then jump by 10 % and more a step).
  bool perWeightSteps = true;
  double l2 = 0;                 ///< pull towards TuneState::anchor: l2 * (delta - anchor)^2 per weight half
  int patience = 10;             ///< stop after this many epochs without a better validation loss
  double minImprovement = 1e-7;  ///< what counts as better
  int threads = 2;
  uint64_t seed = 1;             ///< shuffling of the mini-batches
  bool progress = true;          ///< progress bar with time estimates on stderr
};

/// The loss after one epoch (epoch 0: the starting weights).
struct EpochRecord {
  int epoch = 0;
  double train = 0, validation = 0;  ///< of the real-valued weights
  double seconds = 0;                ///< wall time of the epoch
  double validationRounded = -1;     ///< validation loss of the weights rounded to integers (-1: not known)
};

/// Everything needed to continue a run: written after every epoch (save_state).
struct TuneState {
  double k = 1;
  int epoch = 0;                   ///< epochs done
  int64_t step = 0;                ///< optimizer steps done
  double learningRate = 0;         ///< current (decayed) rate
  Optimizer optimizer = Optimizer::Adam;
  Deltas delta, m, v;              ///< the weights; Adam's moment estimates (AdaGrad: v sums the squares, m unused)
  bool perWeightSteps = false;     ///< `scale` came from step_scales() (AdamSettings::perWeightSteps)
  Deltas scale;                    ///< each half's step factor (step_scales(), or all 1)
  Deltas anchor;                   ///< where L2 pulls each half: the starting weights unless set otherwise
  Deltas best;                     ///< the weights of the best validation loss so far
  double bestValidation = 1e9;
  int bestEpoch = 0;
  int stale = 0;                   ///< epochs since the best one
  std::vector<EpochRecord> history;
  std::vector<uint8_t> tunable;    ///< TunerSize flags: which halves are tuned
};

/// A fresh state at `start` (zero deltas: the engine's weights), with the losses of the
/// starting weights as epoch 0, the optimizer of `settings`, the step factors of the training data
/// at `start` (settings.perWeightSteps) and L2's anchor at `start`.
TuneState initial_state(const Dataset& train, const Dataset& validation, double k,
                        const std::vector<uint8_t>& tunable, const AdamSettings& settings,
                        const Deltas& start = zero_deltas());

/// Makes L2 pull the tuned halves of the named groups or parameters (as --freeze names them)
/// towards 0, a new term's natural value, instead of towards their starting values. False, with
/// `error`, for a name that matches nothing.
bool anchor_at_zero(TuneState& state, const std::vector<std::string>& names, std::string* error = nullptr);

/// Runs epochs from state.epoch + 1 until settings.epochs or early stopping. After each epoch
/// `onEpoch` is called (log line, state file, plots). Returns true if it stopped early.
bool run_epochs(const Dataset& train, const Dataset& validation, const AdamSettings& settings, TuneState& state,
                const std::function<void(const TuneState&)>& onEpoch);

/// A fingerprint of the parameter table's layout (names and sizes): a saved state is only
/// valid for the table it was made with.
uint64_t layout_fingerprint();

bool save_state(const std::string& path, const TuneState& state, std::string* error = nullptr);
bool load_state(const std::string& path, TuneState& state, std::string* error = nullptr);

/// Which weight halves to tune. By default every Linear half, the mg half of Danger and Curve
/// weights, and never Scale weights (the recorded scale factor does not say which one produced
/// it). A Linear parameter whose eg halves are all zero in the engine's table is treated as a
/// middlegame-only idea (king shelter, open files at the king) and its eg half is left at zero,
/// and likewise for mg-only-zero ones (passed-pawn king distances), unless `allHalves`.
/// `freeze` and `only` name groups (as in params.def) or parameters; `only` empty means all.
std::vector<uint8_t> tunable_halves(const std::vector<std::string>& freeze, const std::vector<std::string>& only,
                                    bool allHalves, std::string* error = nullptr);

}  // namespace taper::tune
