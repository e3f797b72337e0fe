// SPDX-License-Identifier: GPL-3.0-or-later
// Cuckoo tables of the reversible piece moves, for detecting upcoming repetitions.
//
// The idea is Marcel van Kervinck's (his 2013 paper on cuckoo tables for upcoming repetition
// detection, marcelk.net/2013-04-06/paper/upcoming-rep-v2.pdf; see also the chessprogramming
// wiki, "Repetitions"; Stockfish uses it since version 10): a non-pawn piece move
// between two squares changes the Zobrist key by
//   PieceSquare[pc][a] ^ PieceSquare[pc][b] ^ SideToMove,
// whichever way it goes. Put the 3668 such (piece, a, b) triples into a hash table keyed by
// that difference; then "can one move turn the current position into that earlier one?" is a
// single lookup of the XOR of the two positions' keys. The table is a cuckoo hash: every key
// lives in one of two slots, H1 or H2, so a lookup reads at most two entries.
#pragma once

#include <cstdint>

#include "core/types.hpp"

namespace taper::cuckoo {

constexpr int Size = 8192;          // a power of two comfortably above twice the 3668 entries
constexpr int ReversibleMoves = 3668;  // 2 colours x (168 N + 280 B + 448 R + 728 Q + 210 K)

inline int h1(Key k) { return int(k & 0x1fff); }
inline int h2(Key k) { return int((k >> 16) & 0x1fff); }

/// One reversible move: `piece` between squares `a` and `b` (both directions share the entry).
struct Step {
  uint8_t piece, a, b;
};

namespace tables {
extern Key Keys[Size];    // 0 marks an empty slot
extern Step Steps[Size];
}  // namespace tables

/// Builds the tables (after the Zobrist keys and the attack tables, which it initialises
/// itself if needed). Idempotent and thread-safe.
void init();

/// Number of filled slots (ReversibleMoves once built).
int count();

/// The move whose key difference is `moveKey`, or nullptr.
inline const Step* find(Key moveKey) {
  int i = h1(moveKey);
  if (tables::Keys[i] == moveKey) return &tables::Steps[i];
  i = h2(moveKey);
  if (tables::Keys[i] == moveKey) return &tables::Steps[i];
  return nullptr;
}

/// The key difference of moving `pc` between `a` and `b` (including the side-to-move flip).
Key move_key(Piece pc, Square a, Square b);

}  // namespace taper::cuckoo
