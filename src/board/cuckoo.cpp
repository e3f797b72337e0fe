// SPDX-License-Identifier: GPL-3.0-or-later
// Builds the cuckoo tables of reversible moves (van Kervinck's method; see cuckoo.hpp).
#include "board/cuckoo.hpp"

#include <cassert>
#include <mutex>
#include <utility>

#include "core/attacks.hpp"
#include "core/bitboard.hpp"
#include "core/zobrist.hpp"

namespace taper::cuckoo {

namespace tables {
Key Keys[Size];
Step Steps[Size];
}  // namespace tables

Key move_key(Piece pc, Square a, Square b) {
  return zobrist::PieceSquare[pc][a] ^ zobrist::PieceSquare[pc][b] ^ zobrist::SideToMove;
}

namespace {

/// Cuckoo insertion: take the key's first slot; whoever lived there moves to its other slot,
/// evicting the next one, until an empty slot ends the chain.
void insert(Key key, Step step) {
  int slot = h1(key);
  for (int kicks = 0; kicks < 4 * Size; ++kicks) {
    std::swap(tables::Keys[slot], key);
    std::swap(tables::Steps[slot], step);
    if (key == 0) return;
    slot = slot == h1(key) ? h2(key) : h1(key);
  }
  assert(false && "cuckoo table: insertion cycle");  // count() then falls short, which tests catch
}

void build() {
  for (Key& k : tables::Keys) k = 0;
  for (Step& s : tables::Steps) s = Step{0, 0, 0};
  for (Color c : {WHITE, BLACK})
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN, KING}) {
      Piece pc = make_piece(c, pt);
      for (Square a = SQ_A1; a <= SQ_H8; ++a)
        for (Bitboard targets = attacks_bb(pt, a, 0); targets;) {
          Square b = pop_lsb(targets);
          if (b <= a) continue;  // one entry per unordered pair
          insert(move_key(pc, a, b), Step{uint8_t(pc), uint8_t(a), uint8_t(b)});
        }
    }
}

}  // namespace

void init() {
  static std::once_flag once;
  std::call_once(once, [] {
    init_bitboards();
    zobrist::init();
    build();
  });
}

int count() {
  int n = 0;
  for (Key k : tables::Keys) n += k != 0;
  return n;
}

}  // namespace taper::cuckoo
