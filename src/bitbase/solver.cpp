// SPDX-License-Identifier: GPL-3.0-or-later
// Retrograde analysis of a material of up to four men, to win/draw/loss for the side to move.
//
// Every position starts with the number of its moves that stay in the material; moves that
// capture or promote are settled at once from the smaller material's table. Mates are losses.
// Then, from each settled position, the moves are walked backwards (un-moves): a loss makes
// every predecessor a win; a win takes one from each predecessor's count, and a predecessor
// whose count reaches zero (every move leads to the opponent's win) is a loss. What is never
// settled is a draw. The order of settlement does not matter for win/draw/loss.
//
// Positions are four squares and a mover, not Position objects: a full make/unmake per move
// would make the millions of positions of a table several times slower to solve.
//
// Symmetry: pawnless materials keep White's king in the a1-d1-d4 triangle (8 board symmetries);
// with a pawn, the pawn stays on files a-d. Positions whose stored form is not the chosen
// representative of their class are marked unused. Each position counts its distinct children
// after symmetry and each settled position visits its distinct predecessors once, so a class
// reached by two symmetric moves is counted once on both sides.
#include "bitbase/solver.hpp"

#include <algorithm>
#include <array>

#include "core/attacks.hpp"
#include "core/bitboard.hpp"

namespace taper::bitbase {

namespace {

PieceType type_of(Material m, Color c) { return c == WHITE ? m.white : m.black; }
void set_type(Material& m, Color c, PieceType pt) { (c == WHITE ? m.white : m.black) = pt; }

Bitboard occupancy(const Config& c) {
  Bitboard b = square_bb(c.king[WHITE]) | square_bb(c.king[BLACK]);
  for (Color side : {WHITE, BLACK})
    if (c.piece[side] != SQ_NONE) b |= square_bb(c.piece[side]);
  return b;
}

bool attacked_by(Material m, const Config& c, Color by, Square s, Bitboard occupied) {
  if (distance(c.king[by], s) <= 1) return true;
  Square p = c.piece[by];
  if (p == SQ_NONE) return false;
  PieceType pt = type_of(m, by);
  return (pt == PAWN ? pawn_attacks_bb(by, p) : attacks_bb(pt, p, occupied)) & square_bb(s);
}

/// The squares of the pawnless key triangle a1-d1-d4 (file >= rank, both <= d), numbered 0..9.
constexpr std::array<int8_t, 64> TriangleSlot = [] {
  std::array<int8_t, 64> t{};
  int n = 0;
  for (int s = 0; s < 64; ++s) t[s] = int8_t((s & 7) <= 3 && (s >> 3) <= (s & 7) ? n++ : -1);
  return t;
}();
constexpr std::array<int8_t, 10> TriangleSquare = [] {
  std::array<int8_t, 10> t{};
  for (int s = 0; s < 64; ++s)
    if (TriangleSlot[s] >= 0) t[TriangleSlot[s]] = int8_t(s);
  return t;
}();

/// Board symmetry: bit 0 mirrors the files, bit 1 the ranks, bit 2 then swaps files and ranks.
Square transform(Square s, int t) {
  if (s == SQ_NONE) return s;
  int v = s ^ ((t & 1) ? 7 : 0) ^ ((t & 2) ? 56 : 0);
  return Square((t & 4) ? ((v & 7) << 3) | (v >> 3) : v);
}

Config transform(const Config& c, int t) {
  Config out = c;
  for (Color side : {WHITE, BLACK}) {
    out.king[side] = transform(c.king[side], t);
    out.piece[side] = transform(c.piece[side], t);
  }
  return out;
}

/// Calls visit(childMaterial, child) for every legal move of the side to move.
template <typename Visit>
void for_each_move(Material m, const Config& c, Visit&& visit) {
  Color us = c.stm, them = ~c.stm;
  Bitboard occupied = occupancy(c);
  auto emit = [&](Material cm, Config child) {
    child.stm = them;
    Bitboard occ = occupancy(child);
    if (!attacked_by(cm, child, them, child.king[us], occ)) visit(cm, child);
  };
  auto move_to = [&](bool kingMoves, Square to, PieceType promotion) {
    Material cm = m;
    Config child = c;
    (kingMoves ? child.king[us] : child.piece[us]) = to;
    if (to == c.piece[them]) {
      child.piece[them] = SQ_NONE;
      set_type(cm, them, NO_PIECE_TYPE);
    }
    if (promotion != NO_PIECE_TYPE) set_type(cm, us, promotion);
    emit(cm, child);
  };
  Bitboard notOurs = ~(square_bb(c.king[us]) | (c.piece[us] != SQ_NONE ? square_bb(c.piece[us]) : 0));
  for (Bitboard b = king_attacks_bb(c.king[us]) & notOurs; b;) move_to(true, pop_lsb(b), NO_PIECE_TYPE);

  Square from = c.piece[us];
  if (from == SQ_NONE) return;
  PieceType pt = type_of(m, us);
  if (pt != PAWN) {
    Bitboard targets = attacks_bb(pt, from, occupied) & notOurs & ~square_bb(c.king[them]);
    while (targets) move_to(false, pop_lsb(targets), NO_PIECE_TYPE);
    return;
  }
  Bitboard targets = pawn_attacks_bb(us, from) & (c.piece[them] != SQ_NONE ? square_bb(c.piece[them]) : 0);
  Square push = from + pawn_push(us);
  if (!(occupied & square_bb(push))) {
    targets |= square_bb(push);
    Square twice = push + pawn_push(us);
    if (relative_rank(us, from) == RANK_2 && !(occupied & square_bb(twice))) targets |= square_bb(twice);
  }
  while (targets) {
    Square to = pop_lsb(targets);
    if (relative_rank(us, to) == RANK_8)
      for (PieceType promo : {QUEEN, ROOK, BISHOP, KNIGHT}) move_to(false, to, promo);
    else
      move_to(false, to, NO_PIECE_TYPE);
  }
}

/// Calls visit(predecessor) for every non-capturing, non-promoting move that the side not to
/// move could have played to reach `c`. Predecessors are not checked for legality here.
template <typename Visit>
void for_each_unmove(Material m, const Config& c, Visit&& visit) {
  Color them = ~c.stm;
  Bitboard empty = ~occupancy(c);
  Config pred = c;
  pred.stm = them;
  for (Bitboard b = king_attacks_bb(c.king[them]) & empty; b;) {
    pred.king[them] = pop_lsb(b);
    visit(pred);
  }
  pred.king[them] = c.king[them];
  Square at = c.piece[them];
  if (at == SQ_NONE) return;
  PieceType pt = type_of(m, them);
  if (pt != PAWN) {
    for (Bitboard b = attacks_bb(pt, at, ~empty) & empty; b;) {
      pred.piece[them] = pop_lsb(b);
      visit(pred);
    }
    return;
  }
  if (relative_rank(them, at) <= RANK_2) return;
  Square back = at - pawn_push(them);
  if (!(empty & square_bb(back))) return;
  pred.piece[them] = back;
  if (relative_rank(them, back) >= RANK_2) visit(pred);
  Square twice = back - pawn_push(them);
  if (relative_rank(them, at) == RANK_4 && (empty & square_bb(twice))) {
    pred.piece[them] = twice;
    visit(pred);
  }
}

/// Sorts and removes repeats from the first n entries; returns the new count.
int unique_count(uint32_t* v, int n) {
  std::sort(v, v + n);
  return int(std::unique(v, v + n) - v);
}

}  // namespace

std::string signature(Material m) {
  static const char Letters[] = " PNBRQ";
  std::string s = "K";
  if (m.white != NO_PIECE_TYPE) s += Letters[m.white];
  s += "vK";
  if (m.black != NO_PIECE_TYPE) s += Letters[m.black];
  return s;
}

std::vector<Material> sub_materials(Material m) {
  std::vector<Material> out;
  auto add = [&](Material next) {
    next = canonical(next);
    if (!dead_draw(next) && std::find(out.begin(), out.end(), next) == out.end()) out.push_back(next);
  };
  for (Color side : {WHITE, BLACK}) {
    PieceType own = type_of(m, side);
    Material captured = m;
    set_type(captured, ~side, NO_PIECE_TYPE);
    if (captured != m) add(captured);
    if (own != PAWN) continue;
    for (PieceType promo : {QUEEN, ROOK, BISHOP, KNIGHT})
      for (Material base : {m, captured}) {
        set_type(base, side, promo);
        add(base);
      }
  }
  return out;
}

Config swap_colours(const Config& c) {
  Config out;
  out.king[WHITE] = flip_rank(c.king[BLACK]);
  out.king[BLACK] = flip_rank(c.king[WHITE]);
  out.piece[WHITE] = c.piece[BLACK] == SQ_NONE ? SQ_NONE : flip_rank(c.piece[BLACK]);
  out.piece[BLACK] = c.piece[WHITE] == SQ_NONE ? SQ_NONE : flip_rank(c.piece[WHITE]);
  out.stm = ~c.stm;
  return out;
}

bool legal(Material m, const Config& c) {
  if (distance(c.king[WHITE], c.king[BLACK]) <= 1) return false;
  Bitboard seen = 0;
  for (Color side : {WHITE, BLACK}) {
    for (Square s : {c.king[side], c.piece[side]}) {
      if (s == SQ_NONE) continue;
      if (seen & square_bb(s)) return false;
      seen |= square_bb(s);
    }
    if ((c.piece[side] == SQ_NONE) != (type_of(m, side) == NO_PIECE_TYPE)) return false;
    if (type_of(m, side) == PAWN && (rank_of(c.piece[side]) == RANK_1 || rank_of(c.piece[side]) == RANK_8))
      return false;
  }
  return !attacked_by(m, c, c.stm, c.king[~c.stm], seen);
}

Table::Table(Material m) : material_(m) {
  uint64_t n = 2ull * 64;  // side to move, Black's king
  n *= m.has_pawn() ? 24 * 64 : 10;  // the pawn (files a-d) and White's king, or the king alone
  if (m.white != NO_PIECE_TYPE && m.white != PAWN) n *= 64;
  if (m.black != NO_PIECE_TYPE && m.black != PAWN) n *= 64;
  size_ = uint32_t(n);
  bits_.assign((n + 3) / 4, 0);
}

std::unique_ptr<Table> Table::from_data(Material m, std::vector<uint8_t> packed) {
  auto t = std::make_unique<Table>(m);
  if (packed.size() != t->bits_.size()) return nullptr;
  t->bits_ = std::move(packed);
  return t;
}

// Layout, most significant first: side to move; the pawn (file * 6 + rank - 2) or, pawnless,
// White's king's triangle slot; White's king (with a pawn); Black's king; the other pieces.
uint32_t Table::index_of(const Config& given) const {
  auto encode = [&](const Config& c) {
    uint32_t i = uint32_t(c.stm);
    if (material_.has_pawn()) {
      Square pawn = material_.white == PAWN ? c.piece[WHITE] : c.piece[BLACK];
      i = i * 24 + uint32_t(file_of(pawn) * 6 + rank_of(pawn) - 1);
      i = i * 64 + c.king[WHITE];
    } else {
      i = i * 10 + uint32_t(TriangleSlot[c.king[WHITE]]);
    }
    i = i * 64 + c.king[BLACK];
    if (material_.white != NO_PIECE_TYPE && material_.white != PAWN) i = i * 64 + c.piece[WHITE];
    if (material_.black != NO_PIECE_TYPE && material_.black != PAWN) i = i * 64 + c.piece[BLACK];
    return i;
  };
  if (material_.has_pawn()) {
    Square pawn = material_.white == PAWN ? given.piece[WHITE] : given.piece[BLACK];
    return encode(file_of(pawn) > FILE_D ? transform(given, 1) : given);
  }
  Square k = given.king[WHITE];
  int t = (file_of(k) > FILE_D ? 1 : 0) | (rank_of(k) > RANK_4 ? 2 : 0);
  Square mapped = transform(k, t);
  if (int(rank_of(mapped)) > int(file_of(mapped))) t |= 4;
  uint32_t best = encode(transform(given, t));
  if (int(rank_of(mapped)) == int(file_of(mapped))) best = std::min(best, encode(transform(given, t | 4)));
  return best;
}

Config Table::config_of(uint32_t i) const {
  Config c;
  c.piece[WHITE] = c.piece[BLACK] = SQ_NONE;
  if (material_.black != NO_PIECE_TYPE && material_.black != PAWN) c.piece[BLACK] = Square(i % 64), i /= 64;
  if (material_.white != NO_PIECE_TYPE && material_.white != PAWN) c.piece[WHITE] = Square(i % 64), i /= 64;
  c.king[BLACK] = Square(i % 64), i /= 64;
  if (material_.has_pawn()) {
    c.king[WHITE] = Square(i % 64), i /= 64;
    uint32_t slot = i % 24;
    i /= 24;
    Square pawn = make_square(File(slot / 6), Rank(slot % 6 + 1));
    (material_.white == PAWN ? c.piece[WHITE] : c.piece[BLACK]) = pawn;
  } else {
    c.king[WHITE] = Square(TriangleSquare[i % 10]);
    i /= 10;
  }
  c.stm = Color(i);
  return c;
}

std::unique_ptr<Table> solve(Material m, const SubProbe& sub, std::vector<bool>* inUse) {
  enum : uint8_t { Unknown, Won, Lost, Drawn, Unused };
  auto table = std::make_unique<Table>(m);
  const uint32_t size = table->size();
  std::vector<uint8_t> state(size, Unknown), pending(size, 0);
  std::vector<uint32_t> settled;
  std::array<uint32_t, 128> near;

  auto outside = [&](Material cm, const Config& child) {
    if (cm.canonical()) return sub(cm, child);
    return sub(Material{cm.black, cm.white}, swap_colours(child));
  };

  for (uint32_t i = 0; i < size; ++i) {
    Config c = table->config_of(i);
    if (!legal(m, c) || table->index_of(c) != i) {
      state[i] = Unused;
      continue;
    }
    int n = 0;
    bool anyMove = false, winning = false, drawing = false;
    for_each_move(m, c, [&](Material cm, const Config& child) {
      anyMove = true;
      if (winning) return;
      if (cm == m) {
        near[n++] = table->index_of(child);
        return;
      }
      Wdl r = outside(cm, child);
      winning |= r == Wdl::Loss;
      drawing |= r == Wdl::Draw;
    });
    if (!anyMove) {
      bool inCheck = attacked_by(m, c, ~c.stm, c.king[c.stm], occupancy(c));
      state[i] = inCheck ? Lost : Drawn;
    } else if (winning) {
      state[i] = Won;
    } else {
      // A move into a drawn smaller material keeps this position from ever being lost.
      int count = unique_count(near.data(), n) + (drawing ? 1 : 0);
      if (count == 0) state[i] = Lost;
      pending[i] = uint8_t(count);
    }
    if (state[i] == Won || state[i] == Lost) settled.push_back(i);
  }

  while (!settled.empty()) {
    uint32_t i = settled.back();
    settled.pop_back();
    bool lost = state[i] == Lost;
    int n = 0;
    for_each_unmove(m, table->config_of(i), [&](const Config& pred) {
      if (legal(m, pred)) near[n++] = table->index_of(pred);
    });
    n = unique_count(near.data(), n);
    for (int k = 0; k < n; ++k) {
      uint32_t q = near[k];
      if (state[q] != Unknown) continue;
      if (lost || --pending[q] == 0) {
        state[q] = lost ? Won : Lost;
        settled.push_back(q);
      }
    }
  }

  for (uint32_t i = 0; i < size; ++i)
    table->set(i, state[i] == Won ? Wdl::Win : state[i] == Lost ? Wdl::Loss : Wdl::Draw);
  if (inUse) {
    inUse->assign(size, false);
    for (uint32_t i = 0; i < size; ++i) (*inUse)[i] = state[i] != Unused;
  }
  return table;
}

}  // namespace taper::bitbase
