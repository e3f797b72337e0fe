// SPDX-License-Identifier: GPL-3.0-or-later
// Win/draw/loss model of Taper's scores (UCI_ShowWDL): logistic in the score, with a midpoint and
// a spread that depend on the material left, fitted to Taper's own self-play games
// (`taper wdl-fit`, docs/WDL.md). The same shape as Stockfish's win_rate_model.
#pragma once

#include <array>

#include "board/position.hpp"

namespace taper {

/// Cubic polynomials in x = material / 58 (material clamped to [17, 78]): a(x) is the score at
/// which the side to move wins half of its games, b(x) how quickly the win rate rises with it.
struct WdlModel {
  std::array<double, 4> a;  // highest power first: ((a0*x + a1)*x + a2)*x + a3
  std::array<double, 4> b;
  bool operator==(const WdlModel&) const = default;
};

/// The model fitted to Taper's self-play (src/eval/wdl_params.inc).
extern const WdlModel FittedWdl;

/// Material count for the model: pawns 1, knights and bishops 3, rooks 5, queens 9, both sides.
int wdl_material(const Position& pos);

/// Probability (0..1) that the side to move wins with `score` (centipawns) and `material` left.
double wdl_win_probability(const WdlModel& model, double score, int material);

/// Win, draw and loss per mille for the side to move (they sum to 1000).
struct WdlPerMille {
  int win, draw, loss;
};
WdlPerMille wdl_per_mille(const WdlModel& model, double score, int material);

/// a(x) and b(x) at a material count (clamped as above).
double wdl_midpoint(const WdlModel& model, int material);
double wdl_spread(const WdlModel& model, int material);

}  // namespace taper
