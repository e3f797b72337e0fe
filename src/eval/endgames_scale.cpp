// SPDX-License-Identifier: GPL-3.0-or-later
// Scale functions of known endings: fortress draws and drawish pawn endings the score overrates.
#include <cassert>

#include "bitbase/tables.hpp"
#include "eval/endgames_rules.hpp"

namespace taper::endgames::rules {

namespace {

/// All of `pawns` stand on the a-file or all on the h-file.
bool all_on_one_rook_file(Bitboard pawns) {
  return pawns && (!(pawns & ~FileABB) || !(pawns & ~FileHBB));
}

bool opposite_colours(Square a, Square b) { return bool(DarkSquares & square_bb(a)) != bool(DarkSquares & square_bb(b)); }

/// `strong`'s most advanced pawn.
Square front_pawn(const Position& pos, Color strong) {
  Bitboard pawns = pos.pieces(strong, PAWN);
  return strong == WHITE ? msb(pawns) : lsb(pawns);
}

}  // namespace

// KBPsK: rook pawns with the bishop of the wrong colour (it cannot cover the queening square).
// If the defending king reaches the corner the pawns can never promote: a draw however many.
int kbps_k(const Position& pos, Color strong) {
  assert(pos.count(strong, BISHOP) == 1 && pos.count(strong, PAWN) >= 1);
  Bitboard pawns = pos.pieces(strong, PAWN);
  if (!all_on_one_rook_file(pawns)) return ScaleNone;
  Square queening = relative_square(strong, make_square(file_of(lsb(pawns)), RANK_8));
  Square bishop = lsb(pos.pieces(strong, BISHOP));
  if (opposite_colours(queening, bishop) && distance(pos.king_square(~strong), queening) <= 1) return ScaleDraw;
  return ScaleNone;
}

// KPsK: only rook pawns on one file against a king standing in front of them in the corner:
// no amount of pawns gets past it. (A single pawn is KPK, exact from the bitbase.)
int kps_k(const Position& pos, Color strong) {
  assert(!pos.non_pawn_material(strong) && pos.count(strong, PAWN) >= 1);
  Bitboard pawns = pos.pieces(strong, PAWN);
  if (!all_on_one_rook_file(pawns)) return ScaleNone;
  Square weakKing = pos.king_square(~strong);
  Square queening = relative_square(strong, make_square(file_of(lsb(pawns)), RANK_8));
  if (distance(weakKing, queening) <= 1 && relative_rank(strong, weakKing) > relative_rank(strong, front_pawn(pos, strong)))
    return ScaleDraw;
  return ScaleNone;
}

// KRPKR: the Philidor position (defending king in front of the pawn, rook on its third rank
// while the pawn has not reached it) and the back-rank defence once the pawn is on the sixth
// (rook checking from far behind) are draws. A rook pawn with the king in front is drawish.
int krpkr(const Position& pos, Color strong) {
  assert(pos.count(strong, ROOK) == 1 && pos.count(strong, PAWN) == 1 && pos.count(~strong, ROOK) == 1);
  Color weak = ~strong;
  Square pawn = relative_square(strong, lsb(pos.pieces(strong, PAWN)));
  Square strongKing = relative_square(strong, pos.king_square(strong));
  Square weakKing = relative_square(strong, pos.king_square(weak));
  Square weakRook = relative_square(strong, lsb(pos.pieces(weak, ROOK)));
  Square queening = make_square(file_of(pawn), RANK_8);
  bool kingInFront = file_distance(weakKing, pawn) <= 1 && rank_of(weakKing) > rank_of(pawn);

  if (kingInFront && rank_of(pawn) <= RANK_5 && rank_of(strongKing) <= RANK_5 && rank_of(weakRook) == RANK_6)
    return ScaleDraw;
  if (rank_of(pawn) == RANK_6 && distance(weakKing, queening) <= 1 && rank_of(strongKing) <= RANK_6 &&
      rank_of(weakRook) <= RANK_2)
    return ScaleDraw;
  if ((square_bb(pawn) & (FileABB | FileHBB)) && file_of(weakKing) == file_of(pawn) && rank_of(weakKing) > rank_of(pawn))
    return ScaleRookPawnDrawish;
  return ScaleNone;
}

// KBPKB: with bishops of opposite colours the defender draws as soon as its king stands on the
// pawn's path or its bishop watches a square of that path (it gives itself up for the pawn).
// With bishops of the same colour the king must block on a square the attacking bishop
// cannot drive it from.
int kbpkb(const Position& pos, Color strong) {
  assert(pos.count(strong, BISHOP) == 1 && pos.count(strong, PAWN) == 1 && pos.count(~strong, BISHOP) == 1);
  Color weak = ~strong;
  Square pawn = lsb(pos.pieces(strong, PAWN));
  Square strongBishop = lsb(pos.pieces(strong, BISHOP)), weakBishop = lsb(pos.pieces(weak, BISHOP));
  Square weakKing = pos.king_square(weak);
  Bitboard path = forward_file_bb(strong, pawn);
  bool kingBlocks = path & square_bb(weakKing);
  if (opposite_colours(strongBishop, weakBishop)) {
    if (kingBlocks || (attacks_bb(BISHOP, weakBishop, pos.pieces()) & path)) return ScaleDraw;
    return ScaleOppositeBishopsPawn;
  }
  if (kingBlocks && opposite_colours(weakKing, strongBishop)) return ScaleDraw;
  return ScaleNone;
}

// KBPPKB, opposite-coloured bishops: two connected pawns (or on one file) are held by a king
// blockading them on a square the attacking bishop cannot reach; far-apart pawns often win.
int kbppkb(const Position& pos, Color strong) {
  assert(pos.count(strong, BISHOP) == 1 && pos.count(strong, PAWN) == 2 && pos.count(~strong, BISHOP) == 1);
  Color weak = ~strong;
  Square strongBishop = lsb(pos.pieces(strong, BISHOP)), weakBishop = lsb(pos.pieces(weak, BISHOP));
  if (!opposite_colours(strongBishop, weakBishop)) return ScaleNone;
  Bitboard pawns = pos.pieces(strong, PAWN);
  Square p1 = lsb(pawns), p2 = msb(pawns);
  if (file_distance(p1, p2) > 1) return ScaleOppositeBishopsTwoPawns;
  Square weakKing = pos.king_square(weak);
  Bitboard blockade = forward_file_bb(strong, p1) | forward_file_bb(strong, p2);
  if ((blockade & square_bb(weakKing)) && opposite_colours(weakKing, strongBishop)) return ScaleDraw;
  return ScaleOppositeBishopsPawn * 2;
}

// KPKP: if the stronger side's pawn would not win even without the defender's pawn (KPK
// bitbase), the extra pawn cannot help it win either; far advanced non-rook pawns are left to
// the search because the race may decide. (Idea from SF's KPKP scaling.)
int kpkp(const Position& pos, Color strong) {
  assert(pos.count(strong, PAWN) == 1 && pos.count(~strong, PAWN) == 1);
  Square pawn = relative_square(strong, lsb(pos.pieces(strong, PAWN)));
  if (rank_of(pawn) >= RANK_5 && file_of(pawn) != FILE_A && file_of(pawn) != FILE_H) return ScaleNone;
  Square strongKing = relative_square(strong, pos.king_square(strong));
  Square weakKing = relative_square(strong, pos.king_square(~strong));
  return bitbase::kpk_wins(strongKing, pawn, weakKing, pos.side_to_move() == strong) ? ScaleNone : ScaleDraw;
}

}  // namespace taper::endgames::rules
