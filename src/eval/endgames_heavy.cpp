// SPDX-License-Identifier: GPL-3.0-or-later
// Exact evaluators of a rook or queen against a lone pawn or minor piece, and queen against rook.
#include <cassert>

#include "eval/endgames_rules.hpp"
#include "eval/kpk.hpp"

namespace taper::endgames::rules {

namespace {

/// A won queen or rook ending: known-win band plus the mating gradient of KXK.
Value heavy_win(const Position& pos, Color strong, Value materialEdge) {
  Square weakKing = pos.king_square(~strong);
  return VALUE_KNOWN_WIN + materialEdge + edge_push(weakKing) + push_close(distance(pos.king_square(strong), weakKing));
}

/// The weak side's king, to move, takes the strong side's only piece: the rest is KPK with
/// the weak side's pawn. Returns the exact value for the strong side in that case.
Value after_king_takes_last_piece(const Position& pos, Color strong, Square pieceSquare) {
  Color weak = ~strong;
  Bitboard pawns = pos.pieces(weak, PAWN);
  if (!pawns) return VALUE_DRAW;
  // After the capture the strong side is to move, and the weak king stands on pieceSquare.
  bool pawnSideWins = kpk::probe(relative_square(weak, pieceSquare), relative_square(weak, lsb(pawns)),
                                 relative_square(weak, pos.king_square(strong)), false);
  return pawnSideWins ? -(VALUE_KNOWN_WIN + PawnValue) : VALUE_DRAW;
}

}  // namespace

// KQKR: a win for the queen in all but tactical positions. With the rook side to move, a
// capture of the queen (by the rook, even if it is retaken, or by the king) saves it.
Value kqkr(const Position& pos, Color strong) {
  assert(pos.count(strong, QUEEN) == 1 && pos.count(~strong, ROOK) == 1);
  Color weak = ~strong;
  if (pos.side_to_move() == weak) {
    Square queen = lsb(pos.pieces(strong, QUEEN));
    Square rook = lsb(pos.pieces(weak, ROOK));
    if ((attacks(pos, rook, queen) && pos.is_legal(Move(rook, queen))) || king_can_take(pos, strong))
      return VALUE_DRAW;
  }
  return for_side_to_move(pos, strong, heavy_win(pos, strong, QueenValue - RookValue));
}

// KQKP: the queen wins, except against a pawn on its seventh rank on a rook or bishop file,
// supported by its king, when the attacking king is too far away to help: then stalemate
// tricks (rook pawn) or the counter-attack on the corner (bishop pawn) hold the draw.
Value kqkp(const Position& pos, Color strong) {
  assert(pos.count(strong, QUEEN) == 1 && pos.count(~strong, PAWN) == 1);
  Color weak = ~strong;
  Square pawn = lsb(pos.pieces(weak, PAWN));
  if (pos.side_to_move() == weak) {
    if (Bitboard takes = king_can_take(pos, strong))
      return for_side_to_move(pos, strong, after_king_takes_last_piece(pos, strong, lsb(takes)));
  }
  bool seventh = relative_rank(weak, pawn) == RANK_7;
  bool drawingFile = (FileABB | file_bb(FILE_C) | file_bb(FILE_F) | FileHBB) & square_bb(pawn);
  if (seventh && drawingFile && distance(pos.king_square(weak), pawn) == 1)
    return for_side_to_move(pos, strong, push_close(distance(pos.king_square(strong), pawn)) / 4);
  return for_side_to_move(pos, strong, heavy_win(pos, strong, QueenValue - PawnValue));
}

// KRKP: the rook wins when its king gets in front of the pawn or the defending king is too far
// away; it draws when the pawn is far advanced with its king beside it and the attacking king
// is far. In between, count the race: the attacking king's way to the square in front of the
// pawn against the defending king's support and the pawn's run (SF's KRKP follows these lines).
Value krkp(const Position& pos, Color strong) {
  assert(pos.count(strong, ROOK) == 1 && pos.count(~strong, PAWN) == 1);
  Color weak = ~strong;
  bool strongToMove = pos.side_to_move() == strong;
  // Board seen with the strong side as White: the pawn runs down to rank 1.
  Square strongKing = relative_square(strong, pos.king_square(strong));
  Square weakKing = relative_square(strong, pos.king_square(weak));
  Square rook = relative_square(strong, lsb(pos.pieces(strong, ROOK)));
  Square pawn = relative_square(strong, lsb(pos.pieces(weak, PAWN)));
  Square queening = make_square(file_of(pawn), RANK_1);

  if (!strongToMove) {
    if (Bitboard takes = king_can_take(pos, strong))
      return for_side_to_move(pos, strong, after_king_takes_last_piece(pos, strong, lsb(takes)));
  } else if (can_win_piece(pos, PAWN)) {
    return for_side_to_move(pos, strong, heavy_win(pos, strong, RookValue));
  }

  Value v;
  if (forward_file_bb(BLACK, pawn) & square_bb(strongKing))
    v = heavy_win(pos, strong, RookValue - PawnValue);
  else if (distance(weakKing, pawn) >= 3 + !strongToMove && distance(weakKing, rook) >= 3)
    v = heavy_win(pos, strong, RookValue - PawnValue);
  else if (rank_of(weakKing) <= RANK_3 && distance(weakKing, pawn) == 1 && rank_of(strongKing) >= RANK_4 &&
           distance(strongKing, pawn) > 2 + strongToMove)
    v = 80 - 8 * distance(strongKing, pawn);
  else {
    Square front = pawn + SOUTH;
    int race = distance(strongKing, front) - distance(weakKing, front) - distance(pawn, queening);
    v = race < 0 ? heavy_win(pos, strong, RookValue - PawnValue) : 200 - 8 * race;
  }
  return for_side_to_move(pos, strong, v);
}

// KRKB: a draw in general; the defender heads away from the corners of its bishop's colour.
// Won at once if the bishop hangs with the rook side to move.
Value krkb(const Position& pos, Color strong) {
  assert(pos.count(strong, ROOK) == 1 && pos.count(~strong, BISHOP) == 1);
  if (pos.side_to_move() == strong && can_win_piece(pos, BISHOP))
    return for_side_to_move(pos, strong, heavy_win(pos, strong, RookValue));
  return for_side_to_move(pos, strong, edge_push(pos.king_square(~strong)) / 8);
}

// KRKN: a draw in general, harder for the defender when the knight strays from its king.
// Won at once if the knight hangs with the rook side to move.
Value krkn(const Position& pos, Color strong) {
  assert(pos.count(strong, ROOK) == 1 && pos.count(~strong, KNIGHT) == 1);
  if (pos.side_to_move() == strong && can_win_piece(pos, KNIGHT))
    return for_side_to_move(pos, strong, heavy_win(pos, strong, RookValue));
  Square weakKing = pos.king_square(~strong), knight = lsb(pos.pieces(~strong, KNIGHT));
  return for_side_to_move(pos, strong, edge_push(weakKing) / 8 + 4 * distance(weakKing, knight));
}

}  // namespace taper::endgames::rules
