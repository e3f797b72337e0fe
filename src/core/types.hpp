// SPDX-License-Identifier: GPL-3.0-or-later
// Basic chess types shared by every layer: colours, pieces, squares, moves and score values.
#pragma once

#include <cstdint>

namespace taper {

using Bitboard = uint64_t;
using Key = uint64_t;

constexpr int MAX_MOVES = 256;
constexpr int MAX_PLY = 246;

enum Color : int { WHITE, BLACK, COLOR_NB = 2 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : int {
  NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING,
  ALL_PIECES = 0,
  PIECE_TYPE_NB = 8
};

enum Piece : int {
  NO_PIECE,
  W_PAWN = PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
  B_PAWN = PAWN + 8, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
  PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) + pt); }
constexpr PieceType type_of(Piece pc) { return PieceType(pc & 7); }
constexpr Color color_of(Piece pc) { return Color(pc >> 3); }

// clang-format off
enum Square : int {
  SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
  SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
  SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
  SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
  SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
  SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
  SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
  SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
  SQ_NONE,
  SQUARE_NB = 64
};
// clang-format on

enum File : int { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H, FILE_NB };
enum Rank : int { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8, RANK_NB };

enum Direction : int {
  NORTH = 8, EAST = 1, SOUTH = -8, WEST = -1,
  NORTH_EAST = 9, NORTH_WEST = 7, SOUTH_EAST = -7, SOUTH_WEST = -9
};

constexpr Square make_square(File f, Rank r) { return Square((r << 3) + f); }
constexpr File file_of(Square s) { return File(s & 7); }
/// A file's distance from the nearer edge of the board: 0 for the a- and h-files .. 3 for d and e.
constexpr int edge_distance(File f) { return f < FILE_E ? int(f) : int(FILE_H) - int(f); }
constexpr Rank rank_of(Square s) { return Rank(s >> 3); }
constexpr bool is_ok(Square s) { return s >= SQ_A1 && s <= SQ_H8; }
constexpr Square flip_rank(Square s) { return Square(s ^ SQ_A8); }  // a1 <-> a8
constexpr Square flip_file(Square s) { return Square(s ^ SQ_H1); }  // a1 <-> h1
/// The square as seen from `c`'s side of the board (rank 1 is always c's back rank).
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr Rank relative_rank(Color c, Rank r) { return Rank(r ^ (c * 7)); }
constexpr Rank relative_rank(Color c, Square s) { return relative_rank(c, rank_of(s)); }
constexpr Direction pawn_push(Color c) { return c == WHITE ? NORTH : SOUTH; }

constexpr Square operator+(Square s, Direction d) { return Square(int(s) + int(d)); }
constexpr Square operator-(Square s, Direction d) { return Square(int(s) - int(d)); }
inline Square& operator++(Square& s) { return s = Square(int(s) + 1); }
inline Square& operator--(Square& s) { return s = Square(int(s) - 1); }
inline File& operator++(File& f) { return f = File(int(f) + 1); }
inline Rank& operator++(Rank& r) { return r = Rank(int(r) + 1); }
inline Rank& operator--(Rank& r) { return r = Rank(int(r) - 1); }
inline PieceType& operator++(PieceType& pt) { return pt = PieceType(int(pt) + 1); }

// Castling rights as four bits; the rook squares live in the Position (Chess960).
enum CastlingRights : int {
  NO_CASTLING = 0,
  WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8,
  KING_SIDE = WHITE_OO | BLACK_OO, QUEEN_SIDE = WHITE_OOO | BLACK_OOO,
  WHITE_CASTLING = WHITE_OO | WHITE_OOO, BLACK_CASTLING = BLACK_OO | BLACK_OOO,
  ANY_CASTLING = 15, CASTLING_RIGHT_NB = 16
};

constexpr CastlingRights castling_right(Color c, bool kingSide) {
  return CastlingRights((kingSide ? WHITE_OO : WHITE_OOO) << (2 * c));
}

// Move layout, 16 bits:
//   bits  0- 5  destination square (for castling: the castling rook's square)
//   bits  6-11  origin square
//   bits 12-13  promotion piece type - KNIGHT
//   bits 14-15  kind: NORMAL, PROMOTION, EN_PASSANT, CASTLING
// Castling is stored as "king takes own rook", which covers Chess960 without special cases.
enum MoveKind : int { NORMAL = 0, PROMOTION = 1 << 14, EN_PASSANT = 2 << 14, CASTLING = 3 << 14 };

class Move {
 public:
  constexpr Move() = default;
  constexpr explicit Move(uint16_t raw) : data_(raw) {}
  constexpr Move(Square from, Square to) : data_(uint16_t((from << 6) | to)) {}
  template <MoveKind K>
  static constexpr Move make(Square from, Square to, PieceType promo = KNIGHT) {
    return Move(uint16_t(K | ((promo - KNIGHT) << 12) | (from << 6) | to));
  }
  static constexpr Move none() { return Move(); }
  static constexpr Move null() { return Move(uint16_t(65)); }  // b1b1: never a real move

  constexpr Square from() const { return Square((data_ >> 6) & 0x3F); }
  constexpr Square to() const { return Square(data_ & 0x3F); }
  constexpr MoveKind kind() const { return MoveKind(data_ & (3 << 14)); }
  constexpr PieceType promotion_type() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
  constexpr bool is_ok() const { return data_ != 0 && data_ != 65; }
  constexpr uint16_t raw() const { return data_; }
  constexpr explicit operator bool() const { return data_ != 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  uint16_t data_ = 0;
};

// Search values, in centipawns from the side to move's point of view.
using Value = int;
constexpr Value VALUE_ZERO = 0;
constexpr Value VALUE_DRAW = 0;
constexpr Value VALUE_MATE = 32000;
constexpr Value VALUE_INFINITE = 32001;
constexpr Value VALUE_NONE = 32002;
constexpr Value VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;
constexpr Value VALUE_MATED_IN_MAX_PLY = -VALUE_MATE_IN_MAX_PLY;
// Tablebase wins sit in their own band just below mate scores.
constexpr Value VALUE_TB_WIN = VALUE_MATE_IN_MAX_PLY - 1;
constexpr Value VALUE_TB_WIN_IN_MAX_PLY = VALUE_TB_WIN - MAX_PLY;
constexpr Value VALUE_TB_LOSS_IN_MAX_PLY = -VALUE_TB_WIN_IN_MAX_PLY;
// Known-win evaluations (e.g. KXK) stay well below the tablebase band.
constexpr Value VALUE_KNOWN_WIN = 10000;

constexpr Value mate_in(int ply) { return VALUE_MATE - ply; }
constexpr Value mated_in(int ply) { return -VALUE_MATE + ply; }

}  // namespace taper
