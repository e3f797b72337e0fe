// SPDX-License-Identifier: GPL-3.0-or-later
// The king-danger curve: attack units to a middlegame penalty, shared by the evaluation and the tuner.
#pragma once

#include "eval/params.hpp"

namespace taper {

/// The curve's shape parameters (params.def: KingDangerQuadratic, KingDangerLinear,
/// KingDangerLimit, KingDangerEndgame). T is int in the engine and double in the tuner.
template <class T>
struct KingDangerShape {
  T quadratic, linear, limit;
  T endgame = T(0);  ///< slope of the endgame share
};

/// The shape read from a weight vector (Weights, or a tuner's candidate).
template <class T = int>
constexpr KingDangerShape<T> king_danger_shape(const WeightVector& w) {
  return {T(w[KingDangerQuadratic].mg()), T(w[KingDangerLinear].mg()), T(w[KingDangerLimit].mg()),
          T(w[KingDangerEndgame].mg())};
}

/// Middlegame penalty (a positive number of centipawns) for `units` of king danger:
///   clamp(quadratic * u^2 / 1024 + linear * u / 16, 0, limit) for u > 0, else 0.
/// Danger grows faster than the attack (CPW "King Safety", attack table, CPW "King Safety" "Attack Units": two
/// attackers are worth much more than twice one), and saturates, so that a free table cannot
/// run away (docs/EVAL.md, "King danger"). Integer division in the engine, exact division in the tuner.
template <class T>
constexpr T king_danger_curve(T units, const KingDangerShape<T>& p) {
  if (units <= T(0)) return T(0);
  T v = p.quadratic * units * units / T(1024) + p.linear * units / T(16);
  return v < T(0) ? T(0) : v > p.limit ? p.limit : v;
}

/// Endgame penalty (positive centipawns) for `units`: clamp(endgame * u / 16, 0, limit) for
/// u > 0, else 0. A king stripped of its shelter stays a weakness after the queens go: it
/// cannot hold its pawns and the enemy king and rooks come in (Stockfish 11 charges
/// kingDanger / 16 to the endgame half as well). Linear: the mating attack is gone.
template <class T>
constexpr T king_danger_endgame(T units, const KingDangerShape<T>& p) {
  if (units <= T(0)) return T(0);
  const T v = p.endgame * units / T(16);
  return v < T(0) ? T(0) : v > p.limit ? p.limit : v;
}

/// Both halves of the penalty (positive numbers, subtracted from the defending side).
inline Score king_danger_penalty(int units, const KingDangerShape<int>& p) {
  return Score(king_danger_curve(units, p), king_danger_endgame(units, p));
}

/// The endgame share (real-valued) and its partial derivatives, for the tuner's gradient.
struct KingDangerEndgameGradient {
  double value;                  ///< king_danger_endgame(units, shape)
  double units, endgame, limit;  ///< d value / d (units, endgame, limit)
};

inline KingDangerEndgameGradient king_danger_endgame_gradient(double units, const KingDangerShape<double>& p) {
  if (units <= 0) return {0, 0, 0, 0};
  const double raw = p.endgame * units / 16;
  if (raw < 0) return {0, 0, 0, 0};
  if (raw > p.limit) return {p.limit, 0, 0, 1};
  return {raw, p.endgame / 16, units / 16, 0};
}

/// The curve (real-valued) and its partial derivatives, for the tuner's gradient.
struct KingDangerGradient {
  double value;                             ///< king_danger_curve(units, shape)
  double units, quadratic, linear, limit;  ///< d value / d (units, quadratic, linear, limit)
};

/// Value and derivatives at `units`: zero where the curve is clamped at 0, and only
/// d/dlimit = 1 where it is clamped at the limit.
inline KingDangerGradient king_danger_gradient(double units, const KingDangerShape<double>& p) {
  if (units <= 0) return {0, 0, 0, 0, 0};
  const double raw = p.quadratic * units * units / 1024 + p.linear * units / 16;
  if (raw < 0) return {0, 0, 0, 0, 0};
  if (raw > p.limit) return {p.limit, 0, 0, 0, 1};
  return {raw, p.quadratic * 2 * units / 1024 + p.linear / 16, units * units / 1024, units / 16, 0};
}

static_assert(king_danger_curve(0, KingDangerShape<int>{16, 0, 1200}) == 0);
static_assert(king_danger_curve(80, KingDangerShape<int>{16, 0, 1200}) == 100);
static_assert(king_danger_curve(1000, KingDangerShape<int>{16, 0, 1200}) == 1200);

}  // namespace taper
