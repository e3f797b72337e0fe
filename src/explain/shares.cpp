// SPDX-License-Identifier: GPL-3.0-or-later
// piece_shares(): the position re-evaluated once per piece, with that piece taken off.
#include "explain/shares.hpp"

#include "eval/evaluate.hpp"

namespace taper {

namespace {

/// The White-POV static evaluation.
int white_eval(const Position& pos) {
  const Value v = evaluate_uncached(pos);
  return pos.side_to_move() == WHITE ? int(v) : -int(v);
}

/// The position without the piece on `s`, or false if that is not legal. A removed rook may
/// carry castling rights and a removed pawn an en-passant square: then it is tried again
/// without castling rights and en-passant square.
bool without_piece(const Position& pos, Square s, Position& reduced) {
  std::string squares(SQUARE_NB, '.');
  for (Bitboard b = pos.pieces(); b;) {
    const Square sq = pop_lsb(b);
    squares[size_t(sq)] = piece_letter(pos.piece_on(sq));
  }
  squares[size_t(s)] = '.';
  const std::string fen = pos.fen();
  const std::string board = fen_placement(squares);
  const std::string rest = fen.substr(fen.find(' '));  // " w KQkq - 0 1"
  if (reduced.set(board + rest, false)) return true;
  const std::string sideToMove = rest.substr(0, 2);
  const size_t counters = rest.find(' ', rest.find(' ', 3) + 1);  // after castling and en passant
  return reduced.set(board + sideToMove + " - -" + rest.substr(counters), false);
}

}  // namespace

std::vector<PieceShare> piece_shares(const Position& pos, int whiteCp) {
  std::vector<PieceShare> shares;
  for (Bitboard b = pos.pieces() & ~pos.pieces(KING); b;) {
    const Square s = pop_lsb(b);
    Position reduced;
    if (without_piece(pos, s, reduced)) shares.push_back({s, pos.piece_on(s), whiteCp - white_eval(reduced)});
  }
  return shares;
}

}  // namespace taper
