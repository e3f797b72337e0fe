// SPDX-License-Identifier: GPL-3.0-or-later
// Fitting the UCI_ShowWDL model (eval/wdl_model.hpp) to labelled self-play positions:
// `taper wdl-fit FILE...` prints the fit and writes src/eval/wdl_params.inc.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "eval/wdl_model.hpp"

namespace taper::tune {

/// Counts of game results by material (0..78 after clamping) and score bin (side to move's view).
class WdlHistogram {
 public:
  static constexpr int MaxScore = 1000;  // positions beyond ±10 pawns carry no information
  static constexpr int MaxMaterial = 78;
  /// Adds a position: `score` from White's view, `result` 1 / 0.5 / 0 for White. False if ignored
  /// (score outside ±MaxScore).
  bool add(int material, int score, double result);
  /// Outcome counts [material][score + MaxScore] -> {wins, draws, losses}; every position is
  /// counted twice, from each side's view. positions() and total() count positions once.
  const std::array<uint32_t, 3>& at(int material, int score) const { return counts_[index(material, score)]; }
  uint64_t positions(int material) const { return perMaterial_[clamp_material(material)]; }
  uint64_t total() const { return total_; }
  static int clamp_material(int material);

 private:
  static size_t index(int material, int score) { return size_t(clamp_material(material)) * (2 * MaxScore + 1) + size_t(score + MaxScore); }
  std::vector<std::array<uint32_t, 3>> counts_ =
      std::vector<std::array<uint32_t, 3>>(size_t(MaxMaterial + 1) * (2 * MaxScore + 1));
  std::array<uint64_t, MaxMaterial + 1> perMaterial_{};
  uint64_t total_ = 0;
};

/// Per-material maximum-likelihood (a, b), then weighted cubic fits of a and b in material/58;
/// then the likelihood of all positions at once over the cubics (started from the better of
/// that and the engine's current model), kept when it explains the data better.
struct WdlFit {
  WdlModel model{};     ///< the result
  WdlModel rowModel{};  ///< the cubics through the per-material fits
  double rowLoss = 0, jointLoss = 0;  ///< mean log loss of the row cubics and of the joint fit
  struct Bucket {
    int material;
    uint64_t positions;
    double a, b;
  };
  std::vector<Bucket> buckets;  // materials with enough positions to fit
};
WdlFit fit_wdl(const WdlHistogram& h, uint64_t minPositions = 2000);

/// Negative log-likelihood per position of the data under `model` (lower is better).
double wdl_log_loss(const WdlHistogram& h, const WdlModel& model);

/// Measured draw share of positions scored within ±window cp, and the model's mean prediction for them.
struct DrawShare {
  uint64_t positions = 0;
  double measured = 0, predicted = 0;
};
/// Only materials in [minMaterial, maxMaterial] count.
DrawShare draw_share_near_zero(const WdlHistogram& h, const WdlModel& model, int window = 10, int minMaterial = 0,
                               int maxMaterial = WdlHistogram::MaxMaterial);

/// Material count straight from a FEN's board field (same weights as wdl_material).
int fen_material(const std::string& fen);

/// `taper wdl-fit`: fits the UCI_ShowWDL model to labelled positions with search scores
/// (datagen output) and to match PGNs (a name containing ".pgn"; the moves of the player
/// whose name contains `engine`, with the score it gave them) in `files` and prints the fit;
/// writes the coefficients as C++ to `out` when given. Uses material counts with at least
/// `minPositions` positions. Returns the exit code.
int fit_wdl_files(const std::vector<std::string>& files, const std::string& out, uint64_t minPositions,
                  const std::string& engine = "taper");

}  // namespace taper::tune
