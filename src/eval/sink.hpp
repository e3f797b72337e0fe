// SPDX-License-Identifier: GPL-3.0-or-later
// Where evaluation terms report to: a summing sink for the search, a recording one for trace and tuner.
#pragma once

#include <array>
#include <cassert>

#include "eval/king_danger.hpp"
#include "eval/params.hpp"

namespace taper {

/// Sums the weights: the search's sink. Every term family is a template on its sink, so the
/// search, the `eval` trace and the tuner run the same code (docs/EVAL.md, "One code path"); with this sink the
/// compiler reduces each report to one multiply-add.
struct ScoreSink {
  static constexpr bool Records = false;

  Score score[COLOR_NB] = {};  ///< each side's linear terms (and, once closed, its king-danger penalty)
  int units[COLOR_NB] = {};    ///< king-danger units against each side's king

  /// `n` times the Linear weight `i` for side `c`.
  void add(int i, Color c, int n = 1) {
    assert(Params[i].kind == ParamKind::Linear);
    score[c] += Weights[i] * n;
  }
  /// `n` times the Danger weight `i` against the king of `c`.
  void add_units(int i, Color c, int n = 1) {
    assert(Params[i].kind == ParamKind::Danger);
    units[c] += Weights[i].mg() * n;
  }
  /// A sum of Linear weights computed earlier (pawn and material tables).
  void add_cached(Color c, Score s) { score[c] += s; }
  /// Turns the units against c's king into a middlegame penalty, if the attack is real.
  void close_king_danger(Color c, bool real) {
    if (real) score[c] -= king_danger_penalty(units[c], king_danger_shape(Weights));
  }
};

/// Per-parameter coefficients: [index][colour]. For Linear weights the count added to that
/// side's score; for Danger weights the count added to the units against that side's king.
using Coefficients = std::array<std::array<int16_t, COLOR_NB>, ParamCount>;

/// Sums like ScoreSink and also records every coefficient (for `eval` and the tuner).
/// Caches are bypassed with this sink, so that no coefficient hides in a cached sum.
struct RecordSink : ScoreSink {
  static constexpr bool Records = true;

  Coefficients coeff = {};
  bool dangerReal[COLOR_NB] = {};  ///< whether the curve was applied to that king
  int dangerPenalty[COLOR_NB] = {};    ///< middlegame half of the penalty
  int dangerPenaltyEg[COLOR_NB] = {};  ///< endgame half

  void add(int i, Color c, int n = 1) {
    ScoreSink::add(i, c, n);
    coeff[i][c] = int16_t(coeff[i][c] + n);
  }
  void add_units(int i, Color c, int n = 1) {
    ScoreSink::add_units(i, c, n);
    coeff[i][c] = int16_t(coeff[i][c] + n);
  }
  void add_cached(Color, Score) = delete;  // a cached sum would lose its coefficients
  void close_king_danger(Color c, bool real) {
    dangerReal[c] = real;
    const Score penalty = real ? king_danger_penalty(units[c], king_danger_shape(Weights)) : Score();
    dangerPenalty[c] = penalty.mg();
    dangerPenaltyEg[c] = penalty.eg();
    score[c] -= penalty;
  }
};

}  // namespace taper
