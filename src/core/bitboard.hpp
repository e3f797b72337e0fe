// SPDX-License-Identifier: GPL-3.0-or-later
// Bitboard constants and helpers: masks, bit tricks, leaper attacks, lines and distances.
#pragma once

#include <bit>
#include <string>

#include "core/types.hpp"

namespace taper {

constexpr Bitboard FileABB = 0x0101010101010101ULL;
constexpr Bitboard Rank1BB = 0xFFULL;
constexpr Bitboard FileHBB = FileABB << 7;
constexpr Bitboard Rank8BB = Rank1BB << 56;
constexpr Bitboard DarkSquares = 0xAA55AA55AA55AA55ULL;
constexpr Bitboard LightSquares = ~DarkSquares;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(File f) { return FileABB << f; }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Rank r) { return Rank1BB << (8 * r); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }

template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == NORTH) return b << 8;
  else if constexpr (D == SOUTH) return b >> 8;
  else if constexpr (D == NORTH + NORTH) return b << 16;
  else if constexpr (D == SOUTH + SOUTH) return b >> 16;
  else if constexpr (D == EAST) return (b & ~FileHBB) << 1;
  else if constexpr (D == WEST) return (b & ~FileABB) >> 1;
  else if constexpr (D == NORTH_EAST) return (b & ~FileHBB) << 9;
  else if constexpr (D == NORTH_WEST) return (b & ~FileABB) << 7;
  else if constexpr (D == SOUTH_EAST) return (b & ~FileHBB) >> 7;
  else if constexpr (D == SOUTH_WEST) return (b & ~FileABB) >> 9;
  else return 0;
}

/// Squares attacked by all pawns of colour C in `b`.
template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard b) {
  return C == WHITE ? shift<NORTH_WEST>(b) | shift<NORTH_EAST>(b)
                    : shift<SOUTH_WEST>(b) | shift<SOUTH_EAST>(b);
}

/// Squares attacked by two pawns of colour C in `b` at once.
template <Color C>
constexpr Bitboard pawn_double_attacks_bb(Bitboard b) {
  return C == WHITE ? shift<NORTH_WEST>(b) & shift<NORTH_EAST>(b)
                    : shift<SOUTH_WEST>(b) & shift<SOUTH_EAST>(b);
}

/// Files adjacent to the file of `s`.
constexpr Bitboard adjacent_files_bb(Square s) {
  return shift<EAST>(file_bb(s)) | shift<WEST>(file_bb(s));
}

/// Ranks strictly in front of `s` from `c`'s point of view.
constexpr Bitboard forward_ranks_bb(Color c, Square s) {
  return c == WHITE ? ~Rank1BB << 8 * relative_rank(WHITE, s)
                    : ~Rank8BB >> 8 * relative_rank(BLACK, s);
}

/// The squares in front of `s` on its file, from `c`'s point of view.
constexpr Bitboard forward_file_bb(Color c, Square s) { return forward_ranks_bb(c, s) & file_bb(s); }

/// Squares a pawn on `s` may attack as it advances.
constexpr Bitboard pawn_attack_span(Color c, Square s) {
  return forward_ranks_bb(c, s) & adjacent_files_bb(s);
}

/// Squares that must be free of enemy pawns for a pawn of `c` on `s` to be passed.
constexpr Bitboard passed_pawn_span(Color c, Square s) {
  return pawn_attack_span(c, s) | forward_file_bb(c, s);
}

namespace bb_tables {
extern uint8_t SquareDistance[SQUARE_NB][SQUARE_NB];
extern Bitboard Between[SQUARE_NB][SQUARE_NB];
extern Bitboard Line[SQUARE_NB][SQUARE_NB];
extern Bitboard PawnAttacks[COLOR_NB][SQUARE_NB];
extern Bitboard KnightAttacks[SQUARE_NB];
extern Bitboard KingAttacks[SQUARE_NB];
}  // namespace bb_tables

/// Builds the lookup tables; called once at start-up (idempotent).
void init_bitboards();

/// Chebyshev (king-move) distance between two squares.
inline int distance(Square a, Square b) { return bb_tables::SquareDistance[a][b]; }
inline int file_distance(Square a, Square b) {
  int d = file_of(a) - file_of(b);
  return d < 0 ? -d : d;
}
inline int rank_distance(Square a, Square b) {
  int d = rank_of(a) - rank_of(b);
  return d < 0 ? -d : d;
}
/// Squares strictly between `a` and `b` plus `b` itself if aligned, else just `b`.
/// Including `b` makes "block or capture the checker" a single mask.
inline Bitboard between_bb(Square a, Square b) { return bb_tables::Between[a][b]; }
/// The full line through `a` and `b` (edge to edge), or 0 if they are not aligned.
inline Bitboard line_bb(Square a, Square b) { return bb_tables::Line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }
inline Bitboard pawn_attacks_bb(Color c, Square s) { return bb_tables::PawnAttacks[c][s]; }
inline Bitboard knight_attacks_bb(Square s) { return bb_tables::KnightAttacks[s]; }
inline Bitboard king_attacks_bb(Square s) { return bb_tables::KingAttacks[s]; }

/// An 8x8 picture of a bitboard, rank 8 on top (debugging aid).
std::string pretty(Bitboard b);

}  // namespace taper
