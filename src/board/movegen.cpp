// SPDX-License-Identifier: GPL-3.0-or-later
// Fully legal move generation with check masks and pin rays (no make/unmake to test legality).
#include "board/movegen.hpp"

namespace taper {

namespace {

template <GenType T, typename Out>
inline Out* add_promotions(Out* list, Square from, Square to) {
  // Every promotion is "noisy": it changes material, like a capture.
  if constexpr (T != QUIETS) {
    *list++ = Move::make<PROMOTION>(from, to, QUEEN);
    *list++ = Move::make<PROMOTION>(from, to, KNIGHT);
    *list++ = Move::make<PROMOTION>(from, to, ROOK);
    *list++ = Move::make<PROMOTION>(from, to, BISHOP);
  }
  return list;
}

/// Pawn moves of pawns in `pawns` (none of them pinned) onto squares allowed by `checkMask`.
template <Color Us, GenType T, typename Out>
Out* pawn_moves(const Position& pos, Out* list, Bitboard pawns, Bitboard checkMask) {
  constexpr Color Them = ~Us;
  constexpr Direction Up = pawn_push(Us);
  constexpr Direction UpLeft = Us == WHITE ? NORTH_WEST : SOUTH_EAST;
  constexpr Direction UpRight = Us == WHITE ? NORTH_EAST : SOUTH_WEST;
  constexpr Bitboard Rank7 = rank_bb(relative_rank(Us, RANK_7));
  constexpr Bitboard Rank3 = rank_bb(relative_rank(Us, RANK_3));

  Bitboard emptySquares = ~pos.pieces();
  Bitboard enemies = pos.pieces(Them) & checkMask;
  Bitboard promoters = pawns & Rank7, others = pawns & ~Rank7;

  if constexpr (T != NOISY) {
    Bitboard single = shift<Up>(others) & emptySquares;
    Bitboard dbl = shift<Up>(single & Rank3) & emptySquares & checkMask;
    single &= checkMask;
    while (single) {
      Square to = pop_lsb(single);
      *list++ = Move(to - Up, to);
    }
    while (dbl) {
      Square to = pop_lsb(dbl);
      *list++ = Move(to - Up - Up, to);
    }
  }

  if (promoters) {
    Bitboard push = shift<Up>(promoters) & emptySquares & checkMask;
    Bitboard left = shift<UpLeft>(promoters) & enemies;
    Bitboard right = shift<UpRight>(promoters) & enemies;
    while (push) {
      Square to = pop_lsb(push);
      list = add_promotions<T>(list, to - Up, to);
    }
    while (left) {
      Square to = pop_lsb(left);
      list = add_promotions<T>(list, to - UpLeft, to);
    }
    while (right) {
      Square to = pop_lsb(right);
      list = add_promotions<T>(list, to - UpRight, to);
    }
  }

  if constexpr (T != QUIETS) {
    Bitboard left = shift<UpLeft>(others) & enemies;
    Bitboard right = shift<UpRight>(others) & enemies;
    while (left) {
      Square to = pop_lsb(left);
      *list++ = Move(to - UpLeft, to);
    }
    while (right) {
      Square to = pop_lsb(right);
      *list++ = Move(to - UpRight, to);
    }
  }
  return list;
}

/// Moves of one pinned pawn, restricted to its pin ray (never called in check).
template <Color Us, GenType T, typename Out>
Out* pinned_pawn_moves(const Position& pos, Out* list, Square from, Bitboard ray) {
  constexpr Direction Up = pawn_push(Us);
  Bitboard targets = 0;
  if constexpr (T != QUIETS) targets |= pawn_attacks_bb(Us, from) & pos.pieces(~Us) & ray;
  if (pos.empty(from + Up) && (ray & square_bb(from + Up))) {
    if (relative_rank(Us, from) == RANK_7 || T != NOISY) targets |= square_bb(from + Up);
    if constexpr (T != NOISY)
      if (relative_rank(Us, from) == RANK_2 && pos.empty(from + Up + Up)) targets |= square_bb(from + Up + Up) & ray;
  }
  while (targets) {
    Square to = pop_lsb(targets);
    if (relative_rank(Us, to) == RANK_8) list = add_promotions<T>(list, from, to);
    else *list++ = Move(from, to);
  }
  return list;
}

template <Color Us, PieceType Pt, typename Out>
Out* piece_moves(const Position& pos, Out* list, Bitboard target, Bitboard pinned, Square ksq) {
  Bitboard occupied = pos.pieces();
  for (Bitboard b = pos.pieces(Us, Pt); b;) {
    Square from = pop_lsb(b);
    Bitboard moves = attacks_bb<Pt>(from, occupied) & target;
    if (pinned & square_bb(from)) moves &= line_bb(ksq, from);
    while (moves) *list++ = Move(from, pop_lsb(moves));
  }
  return list;
}

template <Color Us, GenType T, typename Out>
Out* generate_all(const Position& pos, Out* list) {
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);
  const Bitboard checkers = pos.checkers();

  // Squares a move may go to, by generation type.
  Bitboard target = T == NOISY ? pos.pieces(Them) : T == QUIETS ? ~pos.pieces() : ~pos.pieces(Us);

  // King moves: the king must not stay on a line it currently shields with its own body.
  Bitboard occWithoutKing = pos.pieces() ^ square_bb(ksq);
  for (Bitboard b = king_attacks_bb(ksq) & target; b;) {
    Square to = pop_lsb(b);
    if (!pos.attacked_by(Them, to, occWithoutKing)) *list++ = Move(ksq, to);
  }
  if (more_than_one(checkers)) return list;  // double check: only the king may move

  // In check, other pieces must capture the checker or step between it and the king.
  Bitboard checkMask = checkers ? between_bb(ksq, lsb(checkers)) : ~Bitboard(0);
  Bitboard pinned = pos.blockers_for_king(Us) & pos.pieces(Us);
  Bitboard pieceTarget = target & checkMask;

  // A pinned piece keeps to its pin ray; in check that ray never meets the check mask, and
  // a knight's move never stays on a line through its square, so no special cases are needed.
  if (pieceTarget) {
    list = piece_moves<Us, KNIGHT>(pos, list, pieceTarget, pinned, ksq);
    list = piece_moves<Us, BISHOP>(pos, list, pieceTarget, pinned, ksq);
    list = piece_moves<Us, ROOK>(pos, list, pieceTarget, pinned, ksq);
    list = piece_moves<Us, QUEEN>(pos, list, pieceTarget, pinned, ksq);
  }

  // Pawns.
  Bitboard pawns = pos.pieces(Us, PAWN);
  list = pawn_moves<Us, T>(pos, list, pawns & ~pinned, checkMask);
  if (!checkers)
    for (Bitboard b = pawns & pinned; b;) {
      Square from = pop_lsb(b);
      list = pinned_pawn_moves<Us, T>(pos, list, from, line_bb(ksq, from));
    }

  if constexpr (T != QUIETS) {
    Square ep = pos.ep_square();
    if (ep != SQ_NONE)
      for (Bitboard b = pawn_attacks_bb(Them, ep) & pawns; b;) {
        Move m = Move::make<EN_PASSANT>(pop_lsb(b), ep);
        if (pos.is_legal(m)) *list++ = m;
      }
  }

  if constexpr (T != NOISY) {
    if (!checkers && pos.can_castle(Us == WHITE ? WHITE_CASTLING : BLACK_CASTLING))
      for (bool kingSide : {true, false}) {
        int cr = castling_right(Us, kingSide);
        if (!pos.can_castle(cr) || pos.castling_impeded(cr)) continue;
        Move m = Move::make<CASTLING>(ksq, pos.castling_rook_square(cr));
        if (pos.is_legal(m)) *list++ = m;
      }
  }
  return list;
}

}  // namespace

template <GenType T, typename Out>
Out* generate(const Position& pos, Out* list) {
  return pos.side_to_move() == WHITE ? generate_all<WHITE, T>(pos, list) : generate_all<BLACK, T>(pos, list);
}

template Move* generate<NOISY>(const Position&, Move*);
template Move* generate<QUIETS>(const Position&, Move*);
template Move* generate<LEGAL>(const Position&, Move*);
template ScoredMove* generate<NOISY>(const Position&, ScoredMove*);
template ScoredMove* generate<QUIETS>(const Position&, ScoredMove*);
template ScoredMove* generate<LEGAL>(const Position&, ScoredMove*);

}  // namespace taper
