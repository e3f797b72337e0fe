// SPDX-License-Identifier: GPL-3.0-or-later
// Fills the leaper, distance and line tables declared in bitboard.hpp.
#include "core/bitboard.hpp"

#include <algorithm>
#include <mutex>

#include "core/attacks.hpp"

namespace taper {

namespace bb_tables {
uint8_t SquareDistance[SQUARE_NB][SQUARE_NB];
Bitboard Between[SQUARE_NB][SQUARE_NB];
Bitboard Line[SQUARE_NB][SQUARE_NB];
Bitboard PawnAttacks[COLOR_NB][SQUARE_NB];
Bitboard KnightAttacks[SQUARE_NB];
Bitboard KingAttacks[SQUARE_NB];
}  // namespace bb_tables

namespace {

/// The square at (file + df, rank + dr) as a bitboard, or 0 if it falls off the board.
Bitboard offset_bb(Square s, int df, int dr) {
  int f = file_of(s) + df, r = rank_of(s) + dr;
  return (f >= 0 && f < 8 && r >= 0 && r < 8) ? square_bb(make_square(File(f), Rank(r))) : 0;
}

void init_tables() {
  using namespace bb_tables;
  for (Square a = SQ_A1; a <= SQ_H8; ++a)
    for (Square b = SQ_A1; b <= SQ_H8; ++b)
      SquareDistance[a][b] = uint8_t(std::max(file_distance(a, b), rank_distance(a, b)));

  static constexpr int KnightSteps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    PawnAttacks[WHITE][s] = offset_bb(s, -1, 1) | offset_bb(s, 1, 1);
    PawnAttacks[BLACK][s] = offset_bb(s, -1, -1) | offset_bb(s, 1, -1);
    KnightAttacks[s] = KingAttacks[s] = 0;
    for (const auto& st : KnightSteps) KnightAttacks[s] |= offset_bb(s, st[0], st[1]);
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr)
        if (df || dr) KingAttacks[s] |= offset_bb(s, df, dr);
  }

  init_slider_attacks();

  for (Square a = SQ_A1; a <= SQ_H8; ++a)
    for (Square b = SQ_A1; b <= SQ_H8; ++b) {
      Line[a][b] = 0;
      Between[a][b] = square_bb(b);
      for (PieceType pt : {BISHOP, ROOK})
        if (pseudo_attacks_bb(pt, a) & square_bb(b)) {
          Line[a][b] = (attacks_bb(pt, a, 0) & attacks_bb(pt, b, 0)) | square_bb(a) | square_bb(b);
          Between[a][b] = (attacks_bb(pt, a, square_bb(b)) & attacks_bb(pt, b, square_bb(a))) | square_bb(b);
        }
    }
}

}  // namespace

void init_bitboards() {
  static std::once_flag once;
  std::call_once(once, init_tables);
}

std::string pretty(Bitboard b) {
  std::string s = "+---+---+---+---+---+---+---+---+\n";
  for (Rank r = RANK_8; r >= RANK_1; --r) {
    for (File f = FILE_A; f <= FILE_H; ++f) s += (b & square_bb(make_square(f, r))) ? "| X " : "|   ";
    s += "| " + std::to_string(r + 1) + "\n+---+---+---+---+---+---+---+---+\n";
  }
  return s + "  a   b   c   d   e   f   g   h\n";
}

}  // namespace taper
