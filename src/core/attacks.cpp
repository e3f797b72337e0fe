// SPDX-License-Identifier: GPL-3.0-or-later
// Builds the slider attack tables; magic numbers are found at start-up by a seeded random search.
#include "core/attacks.hpp"

#include <array>
#include <vector>

namespace taper {

namespace bb_tables {
Magic RookMagics[SQUARE_NB];
Magic BishopMagics[SQUARE_NB];
Bitboard PseudoAttacks[PIECE_TYPE_NB][SQUARE_NB];
}  // namespace bb_tables

namespace {

// 0x19000 rook entries and 0x1480 bishop entries are the exact sums of 2^(relevant bits).
Bitboard RookTable[0x19000];
Bitboard BishopTable[0x1480];

/// Slow ray walk used only to fill the tables.
Bitboard sliding_attack(PieceType pt, Square sq, Bitboard occupied) {
  static constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  static constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  const auto& dirs = pt == ROOK ? RookDirs : BishopDirs;
  Bitboard attacks = 0;
  for (const auto& d : dirs) {
    int f = file_of(sq) + d[0], r = rank_of(sq) + d[1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      Square s = make_square(File(f), Rank(r));
      attacks |= square_bb(s);
      if (occupied & square_bb(s)) break;
      f += d[0];
      r += d[1];
    }
  }
  return attacks;
}

/// xorshift64* generator: deterministic, so start-up is reproducible.
class Prng {
 public:
  explicit Prng(uint64_t seed) : s_(seed) {}
  uint64_t next() {
    s_ ^= s_ >> 12;
    s_ ^= s_ << 25;
    s_ ^= s_ >> 27;
    return s_ * 2685821657736338717ULL;
  }
  uint64_t sparse() { return next() & next() & next(); }  // few bits set: good magic candidates

 private:
  uint64_t s_;
};

void init_magics(PieceType pt, Bitboard* table, Magic magics[]) {
  std::vector<Bitboard> occupancy(4096), reference(4096);
  [[maybe_unused]] std::vector<int> epoch(4096, 0);
  [[maybe_unused]] int currentEpoch = 0;
  Bitboard* next = table;
  [[maybe_unused]] Prng rng(0x9E3779B97F4A7C15ULL ^ uint64_t(pt));

  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    Bitboard edges = ((Rank1BB | Rank8BB) & ~rank_bb(s)) | ((FileABB | FileHBB) & ~file_bb(s));
    Magic& m = magics[s];
    m.mask = sliding_attack(pt, s, 0) & ~edges;
    m.shift = 64 - popcount(m.mask);
    m.attacks = next;

    // Enumerate every subset of the mask (Carry-Rippler) with its attack set.
    int size = 0;
    Bitboard b = 0;
    do {
      occupancy[size] = b;
      reference[size] = sliding_attack(pt, s, b);
#if TAPER_USE_PEXT
      m.attacks[_pext_u64(b, m.mask)] = reference[size];
#endif
      ++size;
      b = (b - m.mask) & m.mask;
    } while (b);
    next += size;

#if !TAPER_USE_PEXT
    for (int i = 0; i < size;) {
      do m.magic = rng.sparse();
      while (popcount((m.magic * m.mask) >> 56) < 6);
      // A magic works if no two occupancies with different attacks share an index.
      ++currentEpoch;
      for (i = 0; i < size; ++i) {
        unsigned idx = m.index(occupancy[i]);
        if (epoch[idx] < currentEpoch) {
          epoch[idx] = currentEpoch;
          m.attacks[idx] = reference[i];
        } else if (m.attacks[idx] != reference[i])
          break;
      }
    }
#endif
  }
}

}  // namespace

void init_slider_attacks() {
  init_magics(ROOK, RookTable, bb_tables::RookMagics);
  init_magics(BISHOP, BishopTable, bb_tables::BishopMagics);
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    bb_tables::PseudoAttacks[KNIGHT][s] = knight_attacks_bb(s);
    bb_tables::PseudoAttacks[KING][s] = king_attacks_bb(s);
    bb_tables::PseudoAttacks[BISHOP][s] = bishop_attacks_bb(s, 0);
    bb_tables::PseudoAttacks[ROOK][s] = rook_attacks_bb(s, 0);
    bb_tables::PseudoAttacks[QUEEN][s] = bb_tables::PseudoAttacks[BISHOP][s] | bb_tables::PseudoAttacks[ROOK][s];
  }
}

}  // namespace taper
