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

// Square sets that terms score and that the `eval --json` view shows on the board; one
// definition each, so the picture cannot drift from the score. The king rings need the
// pieces' attacks (after evaluate_pieces).

/// Squares next to c's king that the enemy attacks and that only the king defends.
inline Bitboard weak_inner_ring(const EvalState& st, Color c) {
  return st.kingInner[c] & st.attackedBy[~c][ALL_PIECES] & ~st.attackedBy2[c];
}

/// Squares of c's outer king ring that the enemy attacks and c does not defend at all.
inline Bitboard weak_outer_ring(const EvalState& st, Color c) {
  return st.kingOuter[c] & st.attackedBy[~c][ALL_PIECES] & ~st.attackedBy[c][ALL_PIECES];
}

/// Outposts for c's knights and bishops: squares in the enemy half (c's ranks 4 to 6) that a
/// pawn of c defends and that no enemy pawn can ever attack; holes in the enemy camp.
inline Bitboard outpost_squares(const EvalState& st, Color c) {
  const Bitboard ranks = c == WHITE ? rank_bb(RANK_4) | rank_bb(RANK_5) | rank_bb(RANK_6)
                                    : rank_bb(RANK_5) | rank_bb(RANK_4) | rank_bb(RANK_3);
  return ranks & st.attackedBy[c][PAWN] & ~st.pawns.attackSpan[~c];
}

}  // namespace taper
