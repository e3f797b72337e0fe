// SPDX-License-Identifier: GPL-3.0-or-later
// Fills the Zobrist tables from a fixed-seed generator so keys are identical on every run.
#include "core/zobrist.hpp"

#include <mutex>

namespace taper::zobrist {

Key PieceSquare[PIECE_NB][SQUARE_NB];
Key EnPassantFile[8];
Key Castling[CASTLING_RIGHT_NB];
Key SideToMove;
Key NoPawns;
Key MaterialCount[PIECE_NB][16];

namespace {

/// splitmix64: tiny, well mixed, deterministic.
uint64_t next_random(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

void fill() {
  uint64_t state = 0x7461706572ULL;  // "taper"
  for (auto& piece : PieceSquare)
    for (Key& k : piece) k = next_random(state);
  for (Key& k : EnPassantFile) k = next_random(state);
  // Castling keys are XOR-combined per right so that toggling one bit toggles one key.
  Key single[4];
  for (Key& k : single) k = next_random(state);
  for (int cr = 0; cr < CASTLING_RIGHT_NB; ++cr) {
    Castling[cr] = 0;
    for (int bit = 0; bit < 4; ++bit)
      if (cr & (1 << bit)) Castling[cr] ^= single[bit];
  }
  SideToMove = next_random(state);
  NoPawns = next_random(state);
  for (auto& piece : MaterialCount)
    for (Key& k : piece) k = next_random(state);
}

}  // namespace

void init() {
  static std::once_flag once;
  std::call_once(once, fill);
}

}  // namespace taper::zobrist
