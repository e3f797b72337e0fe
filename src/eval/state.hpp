// SPDX-License-Identifier: GPL-3.0-or-later
// EvalState: the attack maps and king-zone bookkeeping computed once per evaluation.
#pragma once

#include "board/position.hpp"
#include "eval/pawns.hpp"

namespace taper {

/// Shared by the term families of one evaluation. The constructor sets up pawn and king
/// attacks, zones and mobility areas; evaluate_pieces() adds the pieces' attacks, which the
/// king, threat and passed-pawn terms then read.
struct EvalState {
  EvalState(const Position& p, const PawnEntry& pe);

  const Position& pos;
  const PawnEntry& pawns;
  Bitboard attackedBy[COLOR_NB][PIECE_TYPE_NB];  ///< [colour][piece type]; ALL_PIECES = union
  Bitboard attackedBy2[COLOR_NB];                ///< squares attacked at least twice by a colour
  Bitboard mobilityArea[COLOR_NB];               ///< squares that count for a colour's mobility
  Bitboard kingInner[COLOR_NB];                  ///< squares next to that colour's king
  Bitboard kingOuter[COLOR_NB];                  ///< squares at distance two from that king
  int kingAttackers[COLOR_NB];                   ///< pieces of a colour attacking the enemy king zone
};

/// Squares at king distance exactly two from `s` (the king zone's outer ring).
Bitboard outer_ring(Square s);

}  // namespace taper
