// SPDX-License-Identifier: GPL-3.0-or-later
// The packed middlegame/endgame score, the game phase and the tapered interpolation.
#pragma once

#include <cassert>
#include <cstdint>

#include "core/types.hpp"
#include "eval/scale.hpp"

namespace taper {

/// A middlegame and an endgame value in one 32-bit word (eg in the high half, mg in the low
/// half), so that adding a term costs one integer add. Arithmetic is done on uint32_t, which
/// wraps by definition; C++20 makes the narrowing back to int16_t modular as well, so no
/// unions and no undefined behaviour. There is deliberately no Score * Score.
class Score {
 public:
  constexpr Score() = default;
  constexpr Score(int mg, int eg) : v_(uint32_t(eg) * 65536u + uint32_t(mg)) {}

  constexpr int mg() const { return int16_t(uint16_t(v_)); }
  /// Adding 0x8000 first removes the borrow a negative mg half leaves in the high half.
  constexpr int eg() const { return int16_t(uint16_t((v_ + 0x8000u) >> 16)); }

  constexpr Score& operator+=(Score o) { v_ += o.v_; return *this; }
  constexpr Score& operator-=(Score o) { v_ -= o.v_; return *this; }
  constexpr Score operator+(Score o) const { return Score(*this) += o; }
  constexpr Score operator-(Score o) const { return Score(*this) -= o; }
  constexpr Score operator-() const { return Score() - *this; }
  constexpr bool operator==(const Score&) const = default;

  /// Both halves times n; in debug builds, asserts that neither half overflows.
  constexpr Score operator*(int n) const {
    assert(mg() * n == int16_t(mg() * n) && eg() * n == int16_t(eg() * n));
    return from_raw(v_ * uint32_t(n));
  }
  /// Division is per half (a packed division would mix the halves).
  constexpr Score operator/(int n) const { return Score(mg() / n, eg() / n); }

 private:
  static constexpr Score from_raw(uint32_t v) {
    Score s;
    s.v_ = v;
    return s;
  }
  uint32_t v_ = 0;
};

constexpr Score S(int mg, int eg) { return Score(mg, eg); }

static_assert(Score(-7, 12).mg() == -7 && Score(-7, 12).eg() == 12);
static_assert(Score(5, -3).mg() == 5 && Score(5, -3).eg() == -3);
static_assert((Score(-7, 12) * 3).mg() == -21 && (Score(-7, 12) * 3).eg() == 36);
static_assert((Score(-7, 12) * -2).mg() == 14 && (Score(-7, 12) * -2).eg() == -24);
static_assert((Score(-300, -200) + Score(100, 250)) == Score(-200, 50));
static_assert((-Score(3, -4)) == Score(-3, 4));

/// Game phase from non-pawn material: 0 = bare kings and pawns, PhaseMidgame = all pieces.
/// The per-piece values are fixed (not tuned): they define what "middlegame" means.
constexpr int PhaseMidgame = 24;
constexpr int PhaseWeight[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0, 0};  // [piece type]

/// Interpolates between mg and eg by the phase, after scaling eg by scale / ScaleNormal. One division
/// at the end, which truncates towards zero and so keeps tapered_value(-s) == -tapered_value(s) exactly (the
/// colour-flip symmetry depends on it).
constexpr Value tapered_value(Score s, int phase, int scale) {
  return (s.mg() * phase * ScaleNormal + s.eg() * (PhaseMidgame - phase) * scale) /
         (PhaseMidgame * ScaleNormal);
}

/// The evaluation from the side to move: tapered, and kept out of the known-win band (which
/// belongs to exact known-endgame evaluations) so that the search can trust that band.
constexpr Value final_value(Score total, int phase, int scale, Color sideToMove) {
  Value v = tapered_value(total, phase, scale);
  v = v >= VALUE_KNOWN_WIN ? VALUE_KNOWN_WIN - 1 : v <= -VALUE_KNOWN_WIN ? -VALUE_KNOWN_WIN + 1 : v;
  return sideToMove == WHITE ? v : -v;
}

static_assert(tapered_value(S(100, 200), PhaseMidgame, 128) == 100);
static_assert(tapered_value(S(100, 200), 0, 128) == 200);
static_assert(tapered_value(S(100, 200), 0, 64) == 100);
static_assert(tapered_value(S(-101, -33), 7, 77) == -tapered_value(S(101, 33), 7, 77));

}  // namespace taper
