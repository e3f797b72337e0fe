// SPDX-License-Identifier: GPL-3.0-or-later
// Position: piece placement, make/unmake with incremental keys, legality helpers and draw rules.
#include "board/position.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>

#include "board/cuckoo.hpp"
#include "board/movegen.hpp"
#include "core/zobrist.hpp"

namespace taper {

void Position::init() {
  init_bitboards();
  zobrist::init();
  cuckoo::init();  // built from the Zobrist keys
}

Position::Position() {
  init();
  set(StartFen, false);
}

void Position::clear() {
  std::memset(board_, 0, sizeof(board_));
  std::memset(byType_, 0, sizeof(byType_));
  std::memset(byColor_, 0, sizeof(byColor_));
  std::memset(pieceCount_, 0, sizeof(pieceCount_));
  std::memset(castlingRightsMask_, 0, sizeof(castlingRightsMask_));
  std::memset(castlingPath_, 0, sizeof(castlingPath_));
  for (Square& s : castlingRookSquare_) s = SQ_NONE;
  kingSquare_[WHITE] = kingSquare_[BLACK] = SQ_NONE;
  sideToMove_ = WHITE;
  gamePly_ = 0;
  chess960_ = false;
  states_.clear();
  states_.reserve(512);
  states_.emplace_back();
  std::memset(static_cast<void*>(&states_.back()), 0, sizeof(StateInfo));
  states_.back().epSquare = SQ_NONE;
}

void Position::put_piece(Piece pc, Square s) {
  board_[s] = pc;
  byType_[ALL_PIECES] |= square_bb(s);
  byType_[type_of(pc)] |= square_bb(s);
  byColor_[color_of(pc)] |= square_bb(s);
  ++pieceCount_[pc];
  if (type_of(pc) == KING) kingSquare_[color_of(pc)] = s;
}

void Position::remove_piece(Square s) {
  Piece pc = board_[s];
  byType_[ALL_PIECES] ^= square_bb(s);
  byType_[type_of(pc)] ^= square_bb(s);
  byColor_[color_of(pc)] ^= square_bb(s);
  board_[s] = NO_PIECE;
  --pieceCount_[pc];
}

void Position::move_piece(Square from, Square to) {
  Piece pc = board_[from];
  Bitboard fromTo = square_bb(from) | square_bb(to);
  byType_[ALL_PIECES] ^= fromTo;
  byType_[type_of(pc)] ^= fromTo;
  byColor_[color_of(pc)] ^= fromTo;
  board_[from] = NO_PIECE;
  board_[to] = pc;
  if (type_of(pc) == KING) kingSquare_[color_of(pc)] = to;
}

int Position::non_pawn_material(Color c) const {
  return count(c, KNIGHT) * SeeValue[KNIGHT] + count(c, BISHOP) * SeeValue[BISHOP] +
         count(c, ROOK) * SeeValue[ROOK] + count(c, QUEEN) * SeeValue[QUEEN];
}

void Position::add_castling_right(Color c, Square rookSquare) {
  Square kingSquare = king_square(c);
  bool kingSide = file_of(rookSquare) > file_of(kingSquare);
  int cr = castling_right(c, kingSide);
  states_.back().castlingRights |= cr;
  castlingRightsMask_[kingSquare] |= cr;
  castlingRightsMask_[rookSquare] |= cr;
  castlingRookSquare_[cr] = rookSquare;
  Square kingTo = relative_square(c, kingSide ? SQ_G1 : SQ_C1);
  Square rookTo = relative_square(c, kingSide ? SQ_F1 : SQ_D1);
  castlingPath_[cr] = (between_bb(rookSquare, rookTo) | between_bb(kingSquare, kingTo)) &
                      ~(square_bb(kingSquare) | square_bb(rookSquare));
}

// ---------------------------------------------------------------------------------------------
// Keys and check information

Key Position::compute_key() const {
  Key k = zobrist::Castling[st().castlingRights];
  for (Bitboard b = pieces(); b;) {
    Square s = pop_lsb(b);
    k ^= zobrist::PieceSquare[board_[s]][s];
  }
  if (st().epSquare != SQ_NONE) k ^= zobrist::EnPassantFile[file_of(st().epSquare)];
  if (sideToMove_ == BLACK) k ^= zobrist::SideToMove;
  return k;
}

Key Position::compute_pawn_key() const {
  Key k = zobrist::NoPawns;
  for (Bitboard b = pieces(PAWN); b;) {
    Square s = pop_lsb(b);
    k ^= zobrist::PieceSquare[board_[s]][s];
  }
  return k;
}

Key Position::compute_material_key() const {
  Key k = 0;
  for (Color c : {WHITE, BLACK})
    for (PieceType pt = PAWN; pt <= KING; ++pt)
      for (int n = 0; n < count(c, pt); ++n) k ^= zobrist::MaterialCount[make_piece(c, pt)][n];
  return k;
}

Bitboard Position::slider_blockers(Bitboard sliders, Square s, Bitboard& pinners) const {
  Bitboard blockers = 0;
  pinners = 0;
  Bitboard snipers = ((pseudo_attacks_bb(ROOK, s) & pieces(QUEEN, ROOK)) |
                      (pseudo_attacks_bb(BISHOP, s) & pieces(QUEEN, BISHOP))) & sliders;
  Bitboard occupancy = pieces() ^ snipers;
  while (snipers) {
    Square sniper = pop_lsb(snipers);
    Bitboard b = between_bb(s, sniper) & occupancy;
    if (b && !more_than_one(b)) {
      blockers |= b;
      if (b & pieces(color_of(board_[s]))) pinners |= square_bb(sniper);
    }
  }
  return blockers;
}

void Position::set_check_info() {
  StateInfo& si = states_.back();
  si.blockersForKing[WHITE] = slider_blockers(pieces(BLACK), king_square(WHITE), si.pinners[WHITE]);
  si.blockersForKing[BLACK] = slider_blockers(pieces(WHITE), king_square(BLACK), si.pinners[BLACK]);
  Square ksq = king_square(~sideToMove_);
  si.checkSquares[PAWN] = pawn_attacks_bb(~sideToMove_, ksq);
  si.checkSquares[KNIGHT] = knight_attacks_bb(ksq);
  si.checkSquares[BISHOP] = bishop_attacks_bb(ksq, pieces());
  si.checkSquares[ROOK] = rook_attacks_bb(ksq, pieces());
  si.checkSquares[QUEEN] = si.checkSquares[BISHOP] | si.checkSquares[ROOK];
  si.checkSquares[KING] = 0;
}

void Position::set_state() {
  StateInfo& si = states_.back();
  si.key = compute_key();
  si.pawnKey = compute_pawn_key();
  si.materialKey = compute_material_key();
  si.checkers = attackers_to(king_square(sideToMove_)) & pieces(~sideToMove_);
  si.capturedPiece = NO_PIECE;
  si.repetition = 0;
  set_check_info();
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks_bb(BLACK, s) & pieces(WHITE, PAWN)) | (pawn_attacks_bb(WHITE, s) & pieces(BLACK, PAWN)) |
         (knight_attacks_bb(s) & pieces(KNIGHT)) | (king_attacks_bb(s) & pieces(KING)) |
         (rook_attacks_bb(s, occupied) & pieces(ROOK, QUEEN)) |
         (bishop_attacks_bb(s, occupied) & pieces(BISHOP, QUEEN));
}

bool Position::attacked_by(Color c, Square s, Bitboard occupied) const {
  return (pawn_attacks_bb(~c, s) & pieces(c, PAWN)) || (knight_attacks_bb(s) & pieces(c, KNIGHT)) ||
         (king_attacks_bb(s) & pieces(c, KING)) ||
         (rook_attacks_bb(s, occupied) & pieces(c, ROOK, QUEEN) & occupied) ||
         (bishop_attacks_bb(s, occupied) & pieces(c, BISHOP, QUEEN) & occupied);
}

// ---------------------------------------------------------------------------------------------
// Move legality

bool Position::is_pseudo_legal(Move m) const {
  if (!m.is_ok()) return false;
  if (m.kind() != PROMOTION && m.promotion_type() != KNIGHT) return false;  // stray promotion bits
  Color us = sideToMove_;
  Square from = m.from(), to = m.to();
  Piece pc = board_[from];
  if (pc == NO_PIECE || color_of(pc) != us || from == to) return false;

  if (m.kind() == CASTLING) {
    if (type_of(pc) != KING || board_[to] != make_piece(us, ROOK)) return false;
    int cr = castling_right(us, file_of(to) > file_of(from));
    return can_castle(cr) && castlingRookSquare_[cr] == to && !castling_impeded(cr) && !in_check();
  }
  if (pieces(us) & square_bb(to)) return false;

  if (type_of(pc) != PAWN) {
    return m.kind() == NORMAL && (attacks_bb(type_of(pc), from, pieces()) & square_bb(to));
  }

  // Pawn moves.
  Direction up = pawn_push(us);
  bool lastRank = relative_rank(us, to) == RANK_8;
  if (m.kind() == EN_PASSANT) return to == ep_square() && (pawn_attacks_bb(us, from) & square_bb(to));
  if ((m.kind() == PROMOTION) != lastRank) return false;
  if (pawn_attacks_bb(us, from) & pieces(~us) & square_bb(to)) return true;  // capture
  if (to == from + up) return empty(to);
  return to == from + up + up && relative_rank(us, from) == RANK_2 && empty(to) && empty(from + up);
}

bool Position::is_legal(Move m) const {
  Color us = sideToMove_, them = ~us;
  Square from = m.from(), to = m.to(), ksq = king_square(us);
  Bitboard checkersBB = checkers();

  if (m.kind() == EN_PASSANT) {
    // Remove both pawns, add ours on `to`, and see whether the king is then attacked by a slider.
    Square capSq = to - pawn_push(us);
    Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(capSq)) | square_bb(to);
    // A check by anything but a slider is answered only by capturing the checker, so en passant
    // answers it only when the checker is the pawn taken. In a game that pawn is the only
    // possible non-slider checker; a FEN can also put the king in check from another pawn or a
    // knight (slider checks are covered by the occupancy test above).
    Bitboard sliders = pieces(BISHOP, ROOK) | pieces(QUEEN);
    return !(rook_attacks_bb(ksq, occupied) & pieces(them, QUEEN, ROOK)) &&
           !(bishop_attacks_bb(ksq, occupied) & pieces(them, QUEEN, BISHOP)) &&
           !(checkersBB & ~sliders & ~square_bb(capSq));
  }

  if (m.kind() == CASTLING) {
    if (checkersBB) return false;
    Square kingTo = relative_square(us, to > from ? SQ_G1 : SQ_C1);
    Bitboard occupied = pieces() ^ square_bb(to);  // the rook no longer shields anything
    for (Bitboard path = between_bb(from, kingTo) | square_bb(kingTo); path;)
      if (attacked_by(them, pop_lsb(path), occupied)) return false;
    return true;
  }

  if (type_of(board_[from]) == KING) return !attacked_by(them, to, pieces() ^ square_bb(from));

  if (checkersBB) {
    if (more_than_one(checkersBB)) return false;
    if (!(between_bb(ksq, lsb(checkersBB)) & square_bb(to))) return false;
  }
  return !(blockers_for_king(us) & square_bb(from)) || aligned(from, to, ksq);
}

bool Position::gives_check(Move m) const {
  Color us = sideToMove_, them = ~us;
  Square from = m.from(), to = m.to(), theirKing = king_square(them);

  if (m.kind() != CASTLING && (check_squares(type_of(board_[from])) & square_bb(to))) return true;
  if ((blockers_for_king(them) & square_bb(from)) && !aligned(from, to, theirKing)) return m.kind() != CASTLING;

  switch (m.kind()) {
    case NORMAL: return false;
    case PROMOTION:
      return attacks_bb(m.promotion_type(), to, pieces() ^ square_bb(from)) & square_bb(theirKing);
    case EN_PASSANT: {
      Square capSq = make_square(file_of(to), rank_of(from));
      Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(capSq)) | square_bb(to);
      return (rook_attacks_bb(theirKing, occupied) & pieces(us, QUEEN, ROOK)) ||
             (bishop_attacks_bb(theirKing, occupied) & pieces(us, QUEEN, BISHOP));
    }
    default: {  // castling: only the rook can give check (possibly discovered by the king leaving)
      Square rookTo = relative_square(us, to > from ? SQ_F1 : SQ_D1);
      Square kingTo = relative_square(us, to > from ? SQ_G1 : SQ_C1);
      Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(to)) | square_bb(rookTo) | square_bb(kingTo);
      return rook_attacks_bb(rookTo, occupied) & square_bb(theirKing);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Make and unmake

void Position::do_castling(Color us, Square kingFrom, Square rookFrom, bool undo, Square& kingTo, Square& rookTo) {
  bool kingSide = rookFrom > kingFrom;
  kingTo = relative_square(us, kingSide ? SQ_G1 : SQ_C1);
  rookTo = relative_square(us, kingSide ? SQ_F1 : SQ_D1);
  // Lift both pieces first: in Chess960 the destinations may be each other's origins.
  if (undo) {
    remove_piece(kingTo);
    remove_piece(rookTo);
    put_piece(make_piece(us, KING), kingFrom);
    put_piece(make_piece(us, ROOK), rookFrom);
  } else {
    remove_piece(kingFrom);
    remove_piece(rookFrom);
    put_piece(make_piece(us, KING), kingTo);
    put_piece(make_piece(us, ROOK), rookTo);
  }
}

void Position::do_move(Move m) {
  using namespace zobrist;
  states_.emplace_back();
  StateInfo& prev = states_[states_.size() - 2];
  StateInfo& si = states_.back();
  si.pawnKey = prev.pawnKey;
  si.materialKey = prev.materialKey;
  si.castlingRights = prev.castlingRights;
  si.rule50 = prev.rule50 + 1;
  si.pliesFromNull = prev.pliesFromNull + 1;
  si.epSquare = SQ_NONE;
  Key k = prev.key ^ SideToMove;
  ++gamePly_;

  Color us = sideToMove_, them = ~us;
  Square from = m.from(), to = m.to();
  Piece pc = board_[from];
  Piece captured = m.kind() == EN_PASSANT ? make_piece(them, PAWN) : board_[to];

  if (m.kind() == CASTLING) {
    Square kingTo, rookTo;
    do_castling(us, from, to, false, kingTo, rookTo);
    Piece rook = make_piece(us, ROOK);
    k ^= PieceSquare[pc][from] ^ PieceSquare[pc][kingTo] ^ PieceSquare[rook][to] ^ PieceSquare[rook][rookTo];
    captured = NO_PIECE;
  }

  if (captured) {
    Square capSq = m.kind() == EN_PASSANT ? to - pawn_push(us) : to;
    if (type_of(captured) == PAWN) si.pawnKey ^= PieceSquare[captured][capSq];
    remove_piece(capSq);
    k ^= PieceSquare[captured][capSq];
    si.materialKey ^= MaterialCount[captured][pieceCount_[captured]];
    si.rule50 = 0;
  }

  if (prev.epSquare != SQ_NONE) k ^= EnPassantFile[file_of(prev.epSquare)];

  if (si.castlingRights && (castlingRightsMask_[from] | castlingRightsMask_[to])) {
    k ^= Castling[si.castlingRights];
    si.castlingRights &= ~(castlingRightsMask_[from] | castlingRightsMask_[to]);
    k ^= Castling[si.castlingRights];
  }

  if (m.kind() != CASTLING) {
    move_piece(from, to);
    k ^= PieceSquare[pc][from] ^ PieceSquare[pc][to];
  }

  bool doublePush = false;
  if (type_of(pc) == PAWN) {
    si.pawnKey ^= PieceSquare[pc][from];
    if (m.kind() == PROMOTION) {
      Piece promoted = make_piece(us, m.promotion_type());
      remove_piece(to);
      put_piece(promoted, to);
      k ^= PieceSquare[pc][to] ^ PieceSquare[promoted][to];
      si.materialKey ^= MaterialCount[pc][pieceCount_[pc]] ^ MaterialCount[promoted][pieceCount_[promoted] - 1];
    } else {
      si.pawnKey ^= PieceSquare[pc][to];
      doublePush = (int(to) ^ int(from)) == 16;
    }
    si.rule50 = 0;
  }

  si.capturedPiece = captured;
  sideToMove_ = them;
  si.checkers = attackers_to(king_square(them)) & pieces(us);
  set_check_info();

  // Record the en-passant square only if the capture is legal, so that equal positions
  // get equal keys (as the repetition rule requires).
  if (doublePush && (pawn_attacks_bb(us, to - pawn_push(us)) & pieces(them, PAWN))) {
    Square epSq = to - pawn_push(us);
    si.epSquare = epSq;
    bool anyLegal = false;
    for (Bitboard b = pawn_attacks_bb(us, epSq) & pieces(them, PAWN); b && !anyLegal;)
      anyLegal = is_legal(Move::make<EN_PASSANT>(pop_lsb(b), epSq));
    if (anyLegal) k ^= EnPassantFile[file_of(epSq)];
    else si.epSquare = SQ_NONE;
  }
  si.key = k;

  // Repetition: compare with earlier positions of the same side to move, back to the last
  // irreversible move or null move.
  si.repetition = 0;
  int end = std::min(std::min(si.rule50, si.pliesFromNull), int(states_.size()) - 1);
  for (int i = 4; i <= end; i += 2) {
    const StateInfo& past = states_[states_.size() - 1 - i];
    if (past.key == si.key) {
      si.repetition = past.repetition ? -i : i;
      break;
    }
  }
  assert(validate().empty());
}

void Position::undo_move(Move m) {
  sideToMove_ = ~sideToMove_;
  Color us = sideToMove_;
  Square from = m.from(), to = m.to();
  const StateInfo& si = states_.back();

  if (m.kind() == PROMOTION) {
    remove_piece(to);
    put_piece(make_piece(us, PAWN), to);
  }
  if (m.kind() == CASTLING) {
    Square kingTo, rookTo;
    do_castling(us, from, to, true, kingTo, rookTo);
  } else {
    move_piece(to, from);
    if (si.capturedPiece) {
      Square capSq = m.kind() == EN_PASSANT ? to - pawn_push(us) : to;
      put_piece(si.capturedPiece, capSq);
    }
  }
  states_.pop_back();
  --gamePly_;
  assert(validate().empty());
}

void Position::do_null_move() {
  assert(!in_check());
  StateInfo copy = states_.back();
  states_.push_back(copy);
  StateInfo& si = states_.back();
  if (si.epSquare != SQ_NONE) {
    si.key ^= zobrist::EnPassantFile[file_of(si.epSquare)];
    si.epSquare = SQ_NONE;
  }
  si.key ^= zobrist::SideToMove;
  ++si.rule50;
  si.pliesFromNull = 0;
  si.capturedPiece = NO_PIECE;
  si.repetition = 0;
  sideToMove_ = ~sideToMove_;
  set_check_info();
}

void Position::undo_null_move() {
  states_.pop_back();
  sideToMove_ = ~sideToMove_;
}

Key Position::key_after(Move m) const {
  Square from = m.from(), to = m.to();
  Piece pc = board_[from];
  Key k = st().key ^ zobrist::SideToMove;
  if (m.kind() == CASTLING) return k;
  if (Piece captured = board_[to]) k ^= zobrist::PieceSquare[captured][to];
  return k ^ zobrist::PieceSquare[pc][to] ^ zobrist::PieceSquare[pc][from];
}

// ---------------------------------------------------------------------------------------------
// Draws

bool Position::is_draw(int ply) const {
  if (st().rule50 > 99 && (!in_check() || MoveList<LEGAL>(*this).size())) return true;
  return st().repetition && st().repetition < ply;
}

// Upcoming repetition, after Marcel van Kervinck's cuckoo-table method (see board/cuckoo.hpp
// and the chessprogramming wiki, "Repetitions"). Walk back over the
// earlier positions with the same side to move *after* our move, i.e. an odd number of plies i
// back. Position i is reachable by one of our moves exactly when
//   - the opponent's moves since then cancel out (`theirs`, the XOR of their key changes, is
//     zero), so only our pieces differ, and
//   - key ^ key(i back) is the key change of one reversible piece move (a cuckoo table hit),
//     whose path is clear.
// Such a move is legal: it leads to a position that occurred, where our king was not in check.
bool Position::has_game_cycle(int ply) const {
  const int last = int(states_.size()) - 1;
  const StateInfo* now = &states_[last];  // now[-k]: the state k plies ago
  const int end = std::min({now->rule50, now->pliesFromNull, last});
  if (end < 3) return false;

  Key theirs = now->key ^ now[-1].key ^ zobrist::SideToMove;  // their last move's key change
  for (int i = 3; i <= end; i += 2) {
    theirs ^= now[-(i - 1)].key ^ now[-i].key ^ zobrist::SideToMove;  // their move from i back
    if (theirs) continue;
    const StateInfo& past = now[-i];
    const cuckoo::Step* step = cuckoo::find(now->key ^ past.key);
    if (!step) continue;
    Square a = Square(step->a), b = Square(step->b);
    if ((between_bb(a, b) ^ square_bb(b)) & pieces()) continue;  // between_bb includes `b`
    // Our piece on one of the two squares, the other free: guards against key collisions.
    Piece pc = Piece(step->piece);
    if (color_of(pc) != sideToMove_) continue;
    if (!(board_[a] == pc && board_[b] == NO_PIECE) && !(board_[b] == pc && board_[a] == NO_PIECE)) continue;
    // The move would make position i repeat (i + 1 plies later). As in is_draw: inside the
    // search that is a draw; at or before the root only if position i was a repetition itself.
    if (ply > i || past.repetition) return true;
  }
  return false;
}

bool Position::is_insufficient_material() const {
  if (pieces(PAWN) || pieces(ROOK) || pieces(QUEEN)) return false;
  int minors = popcount(pieces(KNIGHT) | pieces(BISHOP));
  if (minors <= 1) return true;
  // Only bishops, all on squares of one colour: no mate is possible.
  if (!pieces(KNIGHT)) {
    Bitboard bishops = pieces(BISHOP);
    return !(bishops & DarkSquares) || !(bishops & LightSquares);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Static exchange evaluation

bool Position::see_ge(Move m, int threshold) const {
  if (m.kind() != NORMAL) return 0 >= threshold;

  Square from = m.from(), to = m.to();
  // `balance` is what we are ahead by if the opponent stops capturing now, minus the threshold.
  int balance = SeeValue[type_of(board_[to])] - threshold;
  if (balance < 0) return false;
  balance = SeeValue[type_of(board_[from])] - balance;
  if (balance <= 0) return true;  // even losing the moved piece keeps us above the threshold

  Bitboard occupied = pieces() ^ square_bb(from) ^ square_bb(to);
  Color side = color_of(board_[from]);
  Bitboard attackers = attackers_to(to, occupied);
  Bitboard diagonal = pieces(BISHOP, QUEEN), straight = pieces(ROOK, QUEEN);
  bool weWin = true;  // who wins if the side to recapture cannot or will not

  while (true) {
    side = ~side;
    attackers &= occupied;
    Bitboard ours = attackers & pieces(side);
    // Pinned pieces may not recapture while their pinner is still on the board.
    if (st().pinners[side] & occupied) ours &= ~st().blockersForKing[side];
    if (!ours) break;
    weWin = !weWin;

    PieceType pt = PAWN;
    Bitboard candidates = 0;
    for (; pt <= KING; ++pt)
      if ((candidates = ours & pieces(pt))) break;
    if (pt == KING) {
      // The king may only take last: if the other side still has attackers, it cannot.
      return (attackers & ~pieces(side)) ? !weWin : weWin;
    }
    balance = SeeValue[pt] - balance;
    if (balance < int(weWin)) break;
    occupied ^= square_bb(lsb(candidates));
    if (pt == PAWN || pt == BISHOP || pt == QUEEN) attackers |= bishop_attacks_bb(to, occupied) & diagonal;
    if (pt == ROOK || pt == QUEEN) attackers |= rook_attacks_bb(to, occupied) & straight;
  }
  return weWin;
}

}  // namespace taper
