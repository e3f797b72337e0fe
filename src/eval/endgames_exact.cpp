// SPDX-License-Identifier: GPL-3.0-or-later
// Exact evaluators of known endings: mating technique, KPK from the bitbase, and the minor-piece
// and pawn endings against a rook or queen.
#include <cassert>
#include <cstdlib>

#include "bitbase/tables.hpp"
#include "eval/endgames.hpp"
#include "eval/endgames_rules.hpp"

namespace taper::endgames::rules {

namespace {

/// Mating material by counts: what a side needs to force mate against a bare king.
/// Pawns count (they promote); two bishops only if they stand on both colours.
bool can_force_mate(int queens, int rooks, int bishops, int knights, int pawns, bool bishopsBothColours) {
  return pawns || queens || rooks || (bishops && knights) || (bishops >= 2 && bishopsBothColours) || knights >= 3;
}

/// Does `strong` still win after the bare king takes the piece on `s`? A lone pawn left over
/// is KPK (with the strong side to move), otherwise the material counts decide.
bool wins_after_losing(const Position& pos, Color strong, Square s) {
  int count[PIECE_TYPE_NB];
  for (PieceType pt = PAWN; pt <= QUEEN; ++pt) count[pt] = pos.count(strong, pt);
  --count[type_of(pos.piece_on(s))];
  Bitboard pawns = pos.pieces(strong, PAWN) & ~square_bb(s);
  if (count[PAWN] == 1 && !(count[KNIGHT] | count[BISHOP] | count[ROOK] | count[QUEEN]))
    return bitbase::kpk_wins(relative_square(strong, pos.king_square(strong)), relative_square(strong, lsb(pawns)),
                      relative_square(strong, s), true);
  Bitboard bishops = pos.pieces(strong, BISHOP) & ~square_bb(s);
  return can_force_mate(count[QUEEN], count[ROOK], count[BISHOP], count[KNIGHT], count[PAWN],
                        (bishops & DarkSquares) && (bishops & LightSquares));
}

}  // namespace

bool lone_king_stuck(const Position& pos, Color c) {
  Square k = pos.king_square(c);
  Bitboard occupied = pos.pieces() ^ square_bb(k);
  for (Bitboard b = king_attacks_bb(k) & ~pos.pieces(c); b;)
    if (!pos.attacked_by(~c, pop_lsb(b), occupied)) return false;
  return true;
}

Bitboard king_can_take(const Position& pos, Color victim) {
  Square k = pos.king_square(~victim);
  Bitboard occupied = pos.pieces() ^ square_bb(k), result = 0;
  for (Bitboard b = king_attacks_bb(k) & pos.pieces(victim); b;) {
    Square s = pop_lsb(b);
    if (!pos.attacked_by(victim, s, occupied)) result |= square_bb(s);
  }
  return result;
}

bool bare_king_escapes(const Position& pos, Color strong) {
  Color weak = ~strong;
  if (pos.side_to_move() != weak) return false;
  if (!pos.in_check() && lone_king_stuck(pos, weak)) return true;
  for (Bitboard b = king_can_take(pos, strong); b;)
    if (!wins_after_losing(pos, strong, pop_lsb(b))) return true;
  return false;
}

bool attacks(const Position& pos, Square from, Square target) {
  return attacks_bb(type_of(pos.piece_on(from)), from, pos.pieces()) & square_bb(target);
}

bool can_win_piece(const Position& pos, PieceType pt) {
  Color us = pos.side_to_move(), them = ~us;
  Bitboard targets = pos.pieces(them, pt);
  if (!targets) return false;
  Square target = lsb(targets);
  for (Bitboard b = pos.pieces(us); b;) {
    Square from = pop_lsb(b);
    if (!attacks(pos, from, target)) continue;
    Move m(from, target);
    if (!pos.is_legal(m)) continue;
    // Only an undefended piece is won outright; a defended one costs the capturer.
    if (!pos.attacked_by(them, target, pos.pieces() ^ square_bb(from))) return true;
  }
  return false;
}

bool is_kxk(const Position& pos, Color strong) {
  if (more_than_one(pos.pieces(~strong))) return false;
  int bishops = pos.count(strong, BISHOP), knights = pos.count(strong, KNIGHT);
  return pos.count(strong, QUEEN) || pos.count(strong, ROOK) || (bishops && knights) || bishops >= 2 || knights >= 3;
}

// KXK: a bare king against a queen, a rook or enough minor pieces. Drive the lone king to
// the edge and bring the attacking king closer; material is added so that promoting or
// keeping pieces is always preferred. (CPW "Mop-up evaluation"; SF's KXK has the same idea.)
Value kxk(const Position& pos, Color strong) {
  assert(!more_than_one(pos.pieces(~strong)));
  if (bare_king_escapes(pos, strong)) return VALUE_DRAW;
  if (!pos.pieces(strong, PAWN) && pos.is_insufficient_material()) return VALUE_DRAW;  // same-coloured bishops
  Value v = VALUE_KNOWN_WIN + pos.non_pawn_material(strong) + pos.count(strong, PAWN) * PawnValue +
            mating_gradient(pos, strong);
  return for_side_to_move(pos, strong, clamp_known(v));
}

// KBNK: the mate needs a corner of the bishop's colour. The mating gradient's bishop-corner
// weights (LoneKingBishopCorner) chase the lone king along the edge from the wrong corner to a
// right one, while its edge weights keep the centre worst for the defender.
Value kbnk(const Position& pos, Color strong) {
  assert(pos.count(strong, BISHOP) == 1 && pos.count(strong, KNIGHT) == 1);
  if (bare_king_escapes(pos, strong)) return VALUE_DRAW;
  return for_side_to_move(pos, strong, VALUE_KNOWN_WIN + KnightValue + BishopValue + mating_gradient(pos, strong));
}

// KPK: exact from the bitbase; a won position scores more the further the pawn has run.
Value kpk(const Position& pos, Color strong) {
  assert(pos.count(strong, PAWN) == 1 && !more_than_one(pos.pieces(~strong)));
  Square pawn = relative_square(strong, lsb(pos.pieces(strong, PAWN)));
  Square strongKing = relative_square(strong, pos.king_square(strong));
  Square weakKing = relative_square(strong, pos.king_square(~strong));
  if (!bitbase::kpk_wins(strongKing, pawn, weakKing, pos.side_to_move() == strong)) return VALUE_DRAW;
  Value v = VALUE_KNOWN_WIN + PawnValue + 20 * rank_of(pawn) - 5 * distance(strongKing, pawn);
  return for_side_to_move(pos, strong, v);
}

// KNNK: no forced mate exists, only a defender's blunder allows one. Score a draw, with a
// small pull of the lone king towards the edge so the engine still sets problems.
Value knnk(const Position& pos, Color strong) {
  assert(pos.count(strong, KNIGHT) == 2);
  return for_side_to_move(pos, strong, mating_gradient(pos, strong) / 8);
}

}  // namespace taper::endgames::rules
