// SPDX-License-Identifier: GPL-3.0-or-later
// The first-probe guard of tb/warm_tables.hpp: materials, their capture closure, quiet
// positions that reach a table directly, and the lock-free set of warm materials.
#include "tb/warm_tables.hpp"

#include <algorithm>
#include <random>

#include "board/movegen.hpp"

namespace taper::syzygy {

namespace {

constexpr PieceType Pieces[] = {PAWN, KNIGHT, BISHOP, ROOK, QUEEN};

std::string side_name(const MaterialCount& m, Color c) {
  std::string s = "K";
  for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT, PAWN}) s.append(m.count[c][pt], " PNBRQ"[pt]);
  return s;
}

}  // namespace

uint64_t MaterialCount::key() const {
  uint64_t k = 0;
  for (Color c : {WHITE, BLACK})
    for (PieceType pt : Pieces) k = (k << 4) | std::min<uint64_t>(count[c][pt], 15);
  return k;
}

std::string MaterialCount::name() const { return side_name(*this, WHITE) + "v" + side_name(*this, BLACK); }

MaterialCount material_of(const Position& pos) {
  MaterialCount m;
  for (Color c : {WHITE, BLACK})
    for (PieceType pt : Pieces) m.count[c][pt] = uint8_t(pos.count(c, pt));
  return m;
}

std::vector<MaterialCount> capture_closure(const MaterialCount& m) {
  std::vector<MaterialCount> out{m};
  for (size_t i = 0; i < out.size(); ++i) {
    const MaterialCount x = out[i];
    auto add = [&](const MaterialCount& y) {
      if (std::find(out.begin(), out.end(), y) == out.end()) out.push_back(y);
    };
    for (Color capturer : {WHITE, BLACK})
      for (PieceType victim : Pieces) {
        if (!x.count[~capturer][victim]) continue;
        MaterialCount y = x;
        --y.count[~capturer][victim];
        add(y);
        if (!y.count[capturer][PAWN] || victim == PAWN) continue;  // a capture onto the last rank
        for (PieceType promo : {KNIGHT, BISHOP, ROOK, QUEEN}) {
          MaterialCount z = y;
          --z.count[capturer][PAWN];
          ++z.count[capturer][promo];
          add(z);
        }
      }
  }
  return out;
}

std::string quiet_fen(const MaterialCount& m) {
  std::mt19937_64 rng(m.key() * 0x9E3779B97F4A7C15ull + 1);
  for (int attempt = 0; attempt < 2000; ++attempt) {
    char board[64];
    std::fill(std::begin(board), std::end(board), '.');
    auto place = [&](char piece, bool pawn) {
      for (int tries = 0; tries < 200; ++tries) {
        int s = int(rng() % 64);
        if (board[s] != '.' || (pawn && (s < 8 || s >= 56))) continue;
        board[s] = piece;
        return true;
      }
      return false;
    };
    bool ok = place('K', false) && place('k', false);
    for (Color c : {WHITE, BLACK})
      for (PieceType pt : Pieces)
        for (int n = 0; n < m.count[c][pt] && ok; ++n) {
          char letter = " PNBRQ"[pt];
          ok = place(c == WHITE ? letter : char(letter - 'A' + 'a'), pt == PAWN);
        }
    if (!ok) continue;
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
      int empty = 0;
      for (int file = 0; file < 8; ++file) {
        char p = board[rank * 8 + file];
        if (p == '.') {
          ++empty;
          continue;
        }
        if (empty) fen += char('0' + empty);
        empty = 0;
        fen += p;
      }
      if (empty) fen += char('0' + empty);
      if (rank) fen += '/';
    }
    fen += " w - - 0 1";
    Position pos;
    if (!pos.set(fen, false) || pos.in_check()) continue;
    bool capture = false;
    for (Move mv : MoveList<LEGAL>(pos)) capture |= pos.is_capture(mv);
    if (!capture) return fen;
  }
  return "";
}

bool WarmMaterials::contains(uint64_t key) const {
  for (size_t i = 0, s = key % Slots; i < Slots; ++i, s = (s + 1) % Slots) {
    uint64_t v = slots_[s].load(std::memory_order_acquire);
    if (v == key + 1) return true;
    if (v == 0) return false;
  }
  return false;
}

bool WarmMaterials::insert(uint64_t key) {
  for (size_t i = 0, s = key % Slots; i < Slots * 3 / 4; ++i, s = (s + 1) % Slots) {
    uint64_t v = slots_[s].load(std::memory_order_relaxed);
    if (v == key + 1) return true;
    if (v == 0) {
      slots_[s].store(key + 1, std::memory_order_release);
      return true;
    }
  }
  return false;
}

void WarmMaterials::clear() {
  for (auto& s : slots_) s.store(0, std::memory_order_relaxed);
}

void TableWarmup::reset(const std::set<std::string>& wdlTables) {
  warm_.clear();
  tables_ = wdlTables;
  setUp_.clear();
}

bool TableWarmup::loaded(const MaterialCount& m) const {
  std::string white = side_name(m, WHITE), black = side_name(m, BLACK);
  return tables_.count(white + "v" + black) || tables_.count(black + "v" + white);
}

}  // namespace taper::syzygy
