// SPDX-License-Identifier: GPL-3.0-or-later
// Evaluating the fitted win/draw/loss model.
#include "eval/wdl_model.hpp"

#include <algorithm>
#include <cmath>

#include "core/bitboard.hpp"

namespace taper {

const WdlModel FittedWdl = {
#include "eval/wdl_params.inc"
};

namespace {

double polynomial(const std::array<double, 4>& c, int material) {
  double x = std::clamp(material, 17, 78) / 58.0;
  return ((c[0] * x + c[1]) * x + c[2]) * x + c[3];
}

}  // namespace

int wdl_material(const Position& pos) {
  return popcount(pos.pieces(PAWN)) + 3 * popcount(pos.pieces(KNIGHT)) + 3 * popcount(pos.pieces(BISHOP)) +
         5 * popcount(pos.pieces(ROOK)) + 9 * popcount(pos.pieces(QUEEN));
}

double wdl_midpoint(const WdlModel& model, int material) { return polynomial(model.a, material); }

double wdl_spread(const WdlModel& model, int material) { return std::max(1.0, polynomial(model.b, material)); }

double wdl_win_probability(const WdlModel& model, double score, int material) {
  double a = wdl_midpoint(model, material), b = wdl_spread(model, material);
  return 1.0 / (1.0 + std::exp((a - score) / b));
}

WdlPerMille wdl_per_mille(const WdlModel& model, double score, int material) {
  int win = int(std::lround(1000 * wdl_win_probability(model, score, material)));
  int loss = int(std::lround(1000 * wdl_win_probability(model, -score, material)));
  // A negative midpoint would let win + loss pass 1000; the draw share never goes below zero.
  if (win + loss > 1000) loss = 1000 - win;
  return {win, 1000 - win - loss, loss};
}

}  // namespace taper
