// SPDX-License-Identifier: GPL-3.0-or-later
// Exact evaluators of a rook or queen against a lone pawn or minor piece, and queen against rook.
#include <cassert>
#include <cstdlib>

#include "bitbase/tables.hpp"
#include "eval/endgames_rules.hpp"

namespace taper::endgames::rules {

namespace {

/// Is `f` strictly between files `a` and `b`?
bool between_files(File a, File f, File b) { return std::min(a, b) < f && f < std::max(a, b); }

/// The weak side's king, to move, takes the strong side's only piece: the rest is KPK with
/// the weak side's pawn. Returns the exact value for the strong side in that case.
Value after_king_takes_last_piece(const Position& pos, Color strong, Square pieceSquare) {
  Color weak = ~strong;
  Bitboard pawns = pos.pieces(weak, PAWN);
  if (!pawns) return VALUE_DRAW;
  // After the capture the strong side is to move, and the weak king stands on pieceSquare.
  bool pawnSideWins = bitbase::kpk_wins(relative_square(weak, pieceSquare), relative_square(weak, lsb(pawns)),
                                 relative_square(weak, pos.king_square(strong)), false);
  return pawnSideWins ? -(VALUE_KNOWN_WIN + PawnValue) : VALUE_DRAW;
}

/// After the rook's side has won the queen (its king on `king`, its rook on `rook`), with the
/// bare king of `bare` to move: does the rook survive and the bare king have a move? Otherwise
/// the rook is taken or the bare king is stalemated, and it is a draw.
bool rook_wins_after(Square king, Square rook, Square bare) {
  Bitboard occupied = square_bb(king) | square_bb(rook);
  if (distance(bare, rook) == 1 && distance(king, rook) > 1) return false;
  Bitboard flight = king_attacks_bb(bare) & ~king_attacks_bb(king) & ~rook_attacks_bb(rook, occupied) & ~square_bb(rook);
  return flight || (rook_attacks_bb(rook, occupied) & square_bb(bare));
}

/// Can the rook of `us` (to move) give a check, on a square no enemy piece can take, that also
/// hits `target`, directly (fork) or through the king (skewer)? Then the target falls next.
bool rook_check_hits(const Position& pos, Color us, Square target) {
  Color them = ~us;
  Square rook = lsb(pos.pieces(us, ROOK)), theirKing = pos.king_square(them);
  for (Bitboard b = rook_attacks_bb(rook, pos.pieces()) & ~pos.pieces(); b;) {
    Square to = pop_lsb(b);
    Bitboard occupied = (pos.pieces() ^ square_bb(rook)) | square_bb(to);
    if (!(rook_attacks_bb(to, occupied) & square_bb(theirKing)) || !pos.is_legal(Move(rook, to))) continue;
    // Safe: no enemy piece but the king attacks `to`, and the king only if ours covers it.
    Bitboard attackers = pos.attackers_to(to, occupied) & pos.pieces(them);
    if ((attackers & ~square_bb(theirKing)) || (attackers && distance(pos.king_square(us), to) > 1)) continue;
    if (rook_attacks_bb(to, occupied ^ square_bb(theirKing)) & square_bb(target)) return true;
  }
  return false;
}

/// A fork or skewer by check wins a minor piece only if its king cannot step next to it.
bool rook_check_wins_minor(const Position& pos, Color us, Square minor) {
  return distance(pos.king_square(~us), minor) > 2 && rook_check_hits(pos, us, minor);
}

/// As rook_check_hits for the queen; the value for `us`: a draw, or a win when the queen is
/// too far from its king to be defended once the king has stepped out of check.
Value rook_check_wins_queen(const Position& pos, Color us, bool& found) {
  Square queen = lsb(pos.pieces(~us, QUEEN));
  found = rook_check_hits(pos, us, queen);
  return found && distance(pos.king_square(~us), queen) > 2 ? heavy_win(pos, us, RookValue) : VALUE_DRAW;
}

/// The rook's side is to move: tactics that win the queen, or a stalemated king whose rook
/// checks until it is taken (the desperado). `found` is false when none applies.
Value kqkr_rook_to_move(const Position& pos, Color weak, bool& found) {
  Color strong = ~weak;
  Square queen = lsb(pos.pieces(strong, QUEEN)), rook = lsb(pos.pieces(weak, ROOK));
  Square weakKing = pos.king_square(weak), strongKing = pos.king_square(strong);
  found = true;
  if (king_can_take(pos, strong))
    return rook_wins_after(queen, rook, strongKing) ? heavy_win(pos, weak, RookValue) : VALUE_DRAW;
  if (attacks(pos, rook, queen) && pos.is_legal(Move(rook, queen))) {
    if (pos.attacked_by(strong, queen, pos.pieces() ^ square_bb(rook))) return VALUE_DRAW;
    return rook_wins_after(weakKing, queen, strongKing) ? heavy_win(pos, weak, RookValue) : VALUE_DRAW;
  }
  Value v = rook_check_wins_queen(pos, weak, found);
  if (found) return v;
  found = !pos.in_check() && lone_king_stuck(pos, weak);
  return VALUE_DRAW;
}

/// The queen's side is to move but in check from the rook, which also hits the queen (through
/// the king or beside it) and cannot be taken: the queen is lost.
bool queen_skewered(const Position& pos, Color strong) {
  Color weak = ~strong;
  Square rook = lsb(pos.pieces(weak, ROOK)), queen = lsb(pos.pieces(strong, QUEEN));
  Square strongKing = pos.king_square(strong);
  if (!(pos.checkers() & square_bb(rook))) return false;
  if (attacks(pos, queen, rook) || (distance(strongKing, rook) == 1 && distance(pos.king_square(weak), rook) > 1))
    return false;
  return rook_attacks_bb(rook, pos.pieces() ^ square_bb(strongKing)) & square_bb(queen);
}

}  // namespace

// KQKR: a win for the queen in all but tactical positions: the rook's side wins the queen
// (capture, fork or skewer by a check), or its king is stalemated and the rook gives itself up.
Value kqkr(const Position& pos, Color strong) {
  assert(pos.count(strong, QUEEN) == 1 && pos.count(~strong, ROOK) == 1);
  Color weak = ~strong;
  bool found = false;
  if (pos.side_to_move() == weak) {
    Value v = kqkr_rook_to_move(pos, weak, found);  // from the side to move, the rook's side
    if (found) return v;
  } else if (queen_skewered(pos, strong)) {
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
    // The pawn takes the queen (the rest is KPK, or a new queen), or promotes where the
    // queen cannot take the new one for free: queen against queen (or nothing) is no win.
    Square queen = lsb(pos.pieces(strong, QUEEN));
    if (pawn_attacks_bb(weak, pawn) & square_bb(queen)) {
      bool pawnSideWins = relative_rank(weak, queen) == RANK_8 ||
                          bitbase::kpk_wins(relative_square(weak, pos.king_square(weak)), relative_square(weak, queen),
                                     relative_square(weak, pos.king_square(strong)), false);
      return pawnSideWins ? VALUE_KNOWN_WIN + PawnValue : VALUE_DRAW;
    }
    Square push = pawn + pawn_push(weak);
    Bitboard occupied = pos.pieces() ^ square_bb(pawn);
    if (relative_rank(weak, pawn) == RANK_7 && pos.empty(push) && pos.is_legal(Move::make<PROMOTION>(pawn, push, QUEEN)) &&
        (!pos.attacked_by(strong, push, occupied) || pos.attacked_by(weak, push, occupied)))
      return VALUE_DRAW;
  }
  bool seventh = relative_rank(weak, pawn) == RANK_7;
  bool drawingFile = (FileABB | file_bb(FILE_C) | file_bb(FILE_F) | FileHBB) & square_bb(pawn);
  // The known draw: only a small pull of the queen's king towards the pawn (10..35), so the
  // engine keeps trying for the defender's mistake.
  if (seventh && drawingFile && distance(pos.king_square(weak), pawn) == 1)
    return for_side_to_move(pos, strong, 35 - 5 * distance(pos.king_square(strong), pawn));
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
    // The pawn takes the rook: KPK with the strong side to move (or a new queen on rank 1).
    Square realPawn = lsb(pos.pieces(weak, PAWN)), realRook = lsb(pos.pieces(strong, ROOK));
    if (pawn_attacks_bb(weak, realPawn) & square_bb(realRook)) {
      bool pawnSideWins;
      if (relative_rank(weak, realRook) == RANK_8)  // the new queen is lost only to an adjacent, free king
        pawnSideWins = distance(pos.king_square(strong), realRook) > 1 || distance(pos.king_square(weak), realRook) == 1;
      else
        pawnSideWins = bitbase::kpk_wins(relative_square(weak, pos.king_square(weak)), relative_square(weak, realRook),
                                  relative_square(weak, pos.king_square(strong)), false);
      return pawnSideWins ? VALUE_KNOWN_WIN + PawnValue : VALUE_DRAW;
    }
    // A pawn that promotes where nothing takes the queen wins (queen against rook); one that
    // only the rook can take, with its king beside the square, leaves kings alone.
    Square push = realPawn + pawn_push(weak);
    if (rank_of(pawn) == RANK_2 && pos.empty(push) && pos.is_legal(Move::make<PROMOTION>(realPawn, push, QUEEN))) {
      Bitboard occupied = pos.pieces() ^ square_bb(realPawn);
      if (!pos.attacked_by(strong, push, occupied)) return heavy_win(pos, weak, QueenValue - RookValue);
      if (distance(pos.king_square(weak), push) == 1 && distance(pos.king_square(strong), push) > 1) return VALUE_DRAW;
    }
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
    // Refinements of the count, checked against the tables: a pawn still more than three steps
    // from promotion cannot advance alone past the rook and needs its king for every step, so
    // each further step is worth two tempi to the rook; a defending king cut off by the rook on
    // a file between it and the pawn must walk round the cut (two more); and the pawn's side,
    // when to move, is a tempo ahead.
    race -= 2 * std::max(0, rank_of(pawn) - RANK_4);
    if (between_files(file_of(weakKing), file_of(rook), file_of(pawn))) race -= 2;
    race += !strongToMove;
    v = race < 0 ? heavy_win(pos, strong, RookValue - PawnValue) : 200 - 8 * race;
  }
  return for_side_to_move(pos, strong, v);
}

namespace {

/// The defending king of KRKB in a mating net: on the edge, with the attacking king two squares
/// further in, facing it or a few files off. Near a corner of the bishop's colour (the wrong
/// corner: the bishop cannot cover the mating square) the rook mates or wins the bishop even
/// with the king off the opposition, and even with the bishop's side to move; elsewhere the
/// rook's side must be to move and the kings in (or one file from) opposition. The bishop's
/// side to move may first take the rook.
bool krkb_mating_net(const Position& pos, Color strong) {
  Color weak = ~strong;
  Square weakKing = pos.king_square(weak), strongKing = pos.king_square(strong);
  Square bishop = lsb(pos.pieces(weak, BISHOP)), rook = lsb(pos.pieces(strong, ROOK));
  int offset = 8;  // files (ranks) between the kings along the edge, when facing across it
  int f = file_of(weakKing), r = rank_of(weakKing);
  int sf = file_of(strongKing), sr = rank_of(strongKing);
  if ((r == RANK_1 && sr == RANK_3) || (r == RANK_8 && sr == RANK_6)) offset = std::abs(sf - f);
  if ((f == FILE_A && sf == FILE_C) || (f == FILE_H && sf == FILE_F)) offset = std::min(offset, std::abs(sr - r));
  if (offset > 2) return false;
  Bitboard wrongCorners = (square_bb(SQ_A1) | square_bb(SQ_H8) | square_bb(SQ_A8) | square_bb(SQ_H1)) &
                          (DarkSquares & square_bb(bishop) ? DarkSquares : LightSquares);
  int toWrongCorner = 8;
  for (Bitboard b = wrongCorners; b;) toWrongCorner = std::min(toWrongCorner, distance(weakKing, pop_lsb(b)));
  if (pos.side_to_move() == weak)
    return toWrongCorner == 0 && !king_can_take(pos, strong) && !attacks(pos, bishop, rook);
  return offset == 0 || (offset == 1 && toWrongCorner <= 1) || toWrongCorner == 0;
}

}  // namespace

// KRKB: a draw in general; the defender heads away from the corners of its bishop's colour.
// Won at once if, with the rook's side to move, the bishop hangs or a check forks or skewers it,
// and won with the defending king caught on the edge (krkb_mating_net).
Value krkb(const Position& pos, Color strong) {
  assert(pos.count(strong, ROOK) == 1 && pos.count(~strong, BISHOP) == 1);
  if (pos.side_to_move() == strong &&
      (can_win_piece(pos, BISHOP) || rook_check_wins_minor(pos, strong, lsb(pos.pieces(~strong, BISHOP)))))
    return for_side_to_move(pos, strong, heavy_win(pos, strong, RookValue));
  if (krkb_mating_net(pos, strong))
    return for_side_to_move(pos, strong, heavy_win(pos, strong, RookValue - BishopValue));
  return for_side_to_move(pos, strong, mating_gradient(pos, strong) / 8);
}

namespace {

/// Squares the knight of `weak` can jump to without being taken at once: not hit by the rook
/// (seen through the knight's own square) nor by the attacking king.
int knight_flight_squares(const Position& pos, Color weak, Square knight) {
  Color strong = ~weak;
  Square rook = lsb(pos.pieces(strong, ROOK)), strongKing = pos.king_square(strong);
  Bitboard covered = rook_attacks_bb(rook, pos.pieces() ^ square_bb(knight)) | king_attacks_bb(strongKing) |
                     square_bb(strongKing) | pos.pieces(weak);
  return popcount(knight_attacks_bb(knight) & ~covered);
}

/// A knight cut off from its king is lost: the rook and king hunt it down (or, once the knight
/// has no squares, simply win it) before the defending king can come back to shield it. The
/// risk grows with the knight's distance from its king, with the attacking king's nearness to
/// the knight and with the knight's lack of flight squares; with the knight's side to move it
/// needs to be nearly trapped already, a defending king on the edge adding mating threats.
/// The weights were checked against the tables' verdicts on random KRKN positions.
bool knight_stranded(const Position& pos, Color strong) {
  Color weak = ~strong;
  Square knight = lsb(pos.pieces(weak, KNIGHT)), weakKing = pos.king_square(weak);
  int fromItsKing = distance(weakKing, knight), fromAttacker = distance(pos.king_square(strong), knight);
  if (fromItsKing < 3 || fromAttacker < 2) return false;  // shielded, or the plain tactics decide
  int flight = std::min(knight_flight_squares(pos, weak, knight), 3);
  if (pos.side_to_move() == strong) return 3 * fromItsKing - fromAttacker - 2 * flight >= 8;
  bool kingOnEdge = (FileABB | FileHBB | Rank1BB | Rank8BB) & square_bb(weakKing);
  return 2 * fromItsKing - fromAttacker - 4 * flight + 2 * kingOnEdge >= 7;
}

}  // namespace

// KRKN: a draw in general, harder for the defender when the knight strays from its king.
// Won at once if, with the rook's side to move, the knight hangs or a check forks or skewers it,
// and won when the knight is stranded far from its king (knight_stranded).
Value krkn(const Position& pos, Color strong) {
  assert(pos.count(strong, ROOK) == 1 && pos.count(~strong, KNIGHT) == 1);
  if (pos.side_to_move() == strong &&
      (can_win_piece(pos, KNIGHT) || rook_check_wins_minor(pos, strong, lsb(pos.pieces(~strong, KNIGHT)))))
    return for_side_to_move(pos, strong, heavy_win(pos, strong, RookValue));
  Square weakKing = pos.king_square(~strong), knight = lsb(pos.pieces(~strong, KNIGHT));
  // The knight stranded: the win grows as the knight drifts further from its king.
  if (knight_stranded(pos, strong))
    return for_side_to_move(pos, strong, heavy_win(pos, strong, RookValue - KnightValue) + 8 * distance(weakKing, knight));
  return for_side_to_move(pos, strong, mating_gradient(pos, strong) / 8 + 4 * distance(weakKing, knight));
}

}  // namespace taper::endgames::rules
