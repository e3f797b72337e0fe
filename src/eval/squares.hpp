// SPDX-License-Identifier: GPL-3.0-or-later
// The squares behind the evaluation that a person would rather see on a board than read in a
// table: king zones and their weak squares, passed pawns, outposts (`eval --json`, the web page).
#pragma once

#include "board/position.hpp"

namespace taper {

/// Square sets of one position, each from the same definition the scoring term uses
/// (eval/state.hpp), indexed by colour.
struct EvalSquares {
  Bitboard kingInner[COLOR_NB] = {};     ///< squares next to c's king
  Bitboard kingOuter[COLOR_NB] = {};     ///< c's king zone, outer ring (distance two)
  Bitboard zoneAttacked[COLOR_NB] = {};  ///< squares of c's king zone that the enemy attacks
  Bitboard weakInner[COLOR_NB] = {};     ///< inner-ring squares the enemy attacks and only c's king defends
  Bitboard weakOuter[COLOR_NB] = {};     ///< outer-ring squares the enemy attacks and c leaves undefended
  int zoneAttackers[COLOR_NB] = {};      ///< enemy pieces attacking c's king zone (the curve needs two)
  Bitboard passed[COLOR_NB] = {};        ///< c's passed pawns
  Bitboard outposts[COLOR_NB] = {};      ///< outpost squares for c's knights and bishops (holes of the other side)
};

/// The square sets of `pos` (no cache involved; about the cost of one evaluation).
EvalSquares eval_squares(const Position& pos);

}  // namespace taper
