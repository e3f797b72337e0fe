// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation interface the search calls: a per-thread Evaluator owning its caches.
#pragma once

#include "board/position.hpp"
#include "eval/material.hpp"
#include "eval/pawns.hpp"

namespace taper {

/// Static evaluation. One instance per search thread (it owns the thread's pawn and material
/// hash tables, about 1.7 MB). The same evaluation recorded term by term, for the tuner and the
/// `eval` table, is in eval/trace.hpp.
///
/// The evaluation is tapered: every term adds a packed (mg, eg) Score from params.def for one
/// side; the middlegame and endgame sums are blended by the game phase after the endgame sum is
/// multiplied by a scale factor (drawish material, opposite bishops, fifty-move counter).
/// Known endgames (eval/endgames.hpp) and insufficient material return early.
class Evaluator {
 public:
  Evaluator();

  /// Score of `pos` in centipawns from the side to move's point of view. With a `lazyMargin`
  /// (0: off), a position whose material, piece-square and pawn terms already say more than that
  /// is scored by them alone (lazy evaluation: the search gains the time of the other terms).
  Value evaluate(const Position& pos, Value lazyMargin = 0);
  /// Forget cached entries (ucinewgame).
  void clear();

 private:
  PawnTable pawns_;
  MaterialTable material_;
};

/// evaluate() without any cache (tests: the caches must not change the result).
Value evaluate_uncached(const Position& pos);

}  // namespace taper
