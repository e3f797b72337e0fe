// SPDX-License-Identifier: GPL-3.0-or-later
// Adam over mini-batches with a validation set: epochs, early stopping, frozen weights, saved state.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tune/model.hpp"

namespace taper::tune {

struct AdamSettings {
  int epochs = 200;              ///< the last epoch (a resumed run continues up to it)
  size_t batchSize = 16384;
  double learningRate = 1.0;     ///< centipawns (units for Danger and Curve weights) per step at most, roughly
  double decay = 0.98;           ///< learning rate multiplier per epoch
  double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
  double l2 = 0;                 ///< pull towards the starting weights: l2 * delta^2 per weight half
  int patience = 10;             ///< stop after this many epochs without a better validation loss
  double minImprovement = 1e-7;  ///< what counts as better
  int threads = 2;
  uint64_t seed = 1;             ///< shuffling of the mini-batches
  bool progress = true;          ///< progress bar with time estimates on stderr
};

/// The loss after one epoch (epoch 0: the starting weights).
struct EpochRecord {
  int epoch = 0;
  double train = 0, validation = 0;
  double seconds = 0;  ///< wall time of the epoch
};

/// Everything needed to continue a run: written after every epoch (save_state).
struct TuneState {
  double k = 1;
  int epoch = 0;                   ///< epochs done
  int64_t step = 0;                ///< Adam steps done
  double learningRate = 0;         ///< current (decayed) rate
  Deltas delta, m, v;              ///< the weights and Adam's moment estimates
  Deltas best;                     ///< the weights of the best validation loss so far
  double bestValidation = 1e9;
  int bestEpoch = 0;
  int stale = 0;                   ///< epochs since the best one
  std::vector<EpochRecord> history;
  std::vector<uint8_t> tunable;    ///< TunerSize flags: which halves are tuned
};

/// A fresh state at `start` (zero deltas: the engine's weights), with the losses of the
/// starting weights as epoch 0.
TuneState initial_state(const Dataset& train, const Dataset& validation, double k,
                        const std::vector<uint8_t>& tunable, const AdamSettings& settings,
                        const Deltas& start = zero_deltas());

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
