// SPDX-License-Identifier: GPL-3.0-or-later
// KPK bitbase: every position of king and pawn against king, solved by backward induction.
#include "eval/kpk.hpp"

#include <array>
#include <chrono>
#include <mutex>
#include <vector>

#include "core/attacks.hpp"
#include "core/bitboard.hpp"

namespace taper::kpk {

namespace {

// Index layout (18 bits, 196,608 positions, one bit each = 24 KiB), the pawn's side being White:
//   bits  0- 5  white (strong) king square
//   bits  6-11  black (weak) king square
//   bit     12  side to move: 0 = White (the pawn's side), 1 = Black
//   bits 13-17  pawn: file (a..d, the board is mirrored for e..h) * 6 + rank - RANK_2 (0..23)
// Only files a-d are stored because KPK is symmetric left to right.
constexpr int PawnSlots = 4 * 6;
constexpr int Size = PawnSlots << 13;

std::array<uint64_t, Size / 64> winBits;  // bit set: the pawn's side wins
double buildSeconds = 0;

int pawn_slot(Square pawn) { return file_of(pawn) * 6 + (rank_of(pawn) - RANK_2); }

int index(bool blackToMove, Square wk, Square bk, Square pawn) {
  return wk | (bk << 6) | (int(blackToMove) << 12) | (pawn_slot(pawn) << 13);
}

enum Result : uint8_t { Invalid, Unknown, Draw, Win };

/// The build state: one byte per position until the fixpoint is reached.
class Solver {
 public:
  Solver() : table_(Size, Unknown) {}

  void run() {
    for (int idx = 0; idx < Size; ++idx) table_[idx] = initial(idx);
    // Each pass settles the positions whose successors were settled by the previous one
    // (wins spread backwards from promotions and mates, draws from captures and stalemates).
    // What is still unknown at the fixpoint is a draw: White cannot force anything.
    for (bool changed = true; changed;) {
      changed = false;
      for (int idx = 0; idx < Size; ++idx) {
        if (table_[idx] != Unknown) continue;
        Result r = classify(idx);
        if (r != Unknown) {
          table_[idx] = r;
          changed = true;
        }
      }
    }
    winBits.fill(0);
    for (int idx = 0; idx < Size; ++idx)
      if (table_[idx] == Win) winBits[idx >> 6] |= uint64_t(1) << (idx & 63);
  }

 private:
  struct Decoded {
    Square wk, bk, pawn;
    bool blackToMove;
  };

  static Decoded decode(int idx) {
    int slot = idx >> 13;
    return {Square(idx & 63), Square((idx >> 6) & 63), make_square(File(slot / 6), Rank(slot % 6 + RANK_2)),
            bool((idx >> 12) & 1)};
  }

  static Result initial(int idx) {
    Decoded d = decode(idx);
    if (d.wk == d.bk || d.wk == d.pawn || d.bk == d.pawn || distance(d.wk, d.bk) <= 1) return Invalid;
    // White to move while Black is in check cannot arise.
    if (!d.blackToMove && (pawn_attacks_bb(WHITE, d.pawn) & square_bb(d.bk))) return Invalid;
    return Unknown;
  }

  Result classify(int idx) const {
    Decoded d = decode(idx);
    return d.blackToMove ? black_to_move(d) : white_to_move(d);
  }

  /// White wins if one move wins; draws if every move draws.
  Result white_to_move(const Decoded& d) const {
    bool unknown = false;
    auto consider = [&](Result r) {
      unknown |= r == Unknown;
      return r == Win;
    };
    for (Bitboard b = king_attacks_bb(d.wk); b;) {
      Square to = pop_lsb(b);
      if (to == d.pawn || distance(to, d.bk) <= 1) continue;
      if (consider(table_[index(true, to, d.bk, d.pawn)])) return Win;
    }
    Square push = d.pawn + NORTH;
    if (push != d.wk && push != d.bk) {
      if (rank_of(push) == RANK_8) {
        if (promotion_wins(d.wk, push, d.bk)) return Win;
      } else {
        if (consider(table_[index(true, d.wk, d.bk, push)])) return Win;
        Square twoSteps = push + NORTH;
        if (rank_of(d.pawn) == RANK_2 && twoSteps != d.wk && twoSteps != d.bk &&
            consider(table_[index(true, d.wk, d.bk, twoSteps)]))
          return Win;
      }
    }
    return unknown ? Unknown : Draw;
  }

  /// Black draws if one move draws (taking the pawn does); White wins if every move loses.
  Result black_to_move(const Decoded& d) const {
    bool unknown = false, anyMove = false;
    Bitboard pawnAttacks = pawn_attacks_bb(WHITE, d.pawn);
    for (Bitboard b = king_attacks_bb(d.bk); b;) {
      Square to = pop_lsb(b);
      if (distance(to, d.wk) <= 1 || (pawnAttacks & square_bb(to))) continue;
      if (to == d.pawn) return Draw;  // the pawn is undefended (the white king is not adjacent)
      anyMove = true;
      Result r = table_[index(false, d.wk, to, d.pawn)];
      if (r == Draw) return Draw;
      unknown |= r == Unknown;
    }
    if (!anyMove) return (pawnAttacks & square_bb(d.bk)) ? Win : Draw;  // mate or stalemate
    return unknown ? Unknown : Win;
  }

  /// Does promoting on `queening` win (Black to move)? A queen or rook wins unless it is taken
  /// or Black is stalemated; any piece wins if it mates at once.
  static bool promotion_wins(Square wk, Square queening, Square bk) {
    for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) {
      if (distance(bk, queening) == 1 && distance(wk, queening) > 1) return false;  // taken
      Bitboard occupied = square_bb(wk) | square_bb(queening);
      Bitboard covered = attacks_bb(pt, queening, occupied) | king_attacks_bb(wk);
      bool inCheck = covered & square_bb(bk);
      bool canMove = king_attacks_bb(bk) & ~covered & ~square_bb(queening);
      // Taking the new piece is covered above; a defended piece is in `covered` via the king.
      if (!canMove && inCheck) return true;
      if (canMove && (pt == QUEEN || pt == ROOK)) return true;
    }
    return false;
  }

  std::vector<Result> table_;
};

void build() {
  auto start = std::chrono::steady_clock::now();
  Solver solver;
  solver.run();
  buildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

void init() {
  static std::once_flag once;
  std::call_once(once, [] {
    init_bitboards();
    build();
  });
}

bool probe(Square strongKing, Square pawn, Square weakKing, bool strongToMove) {
  if (file_of(pawn) > FILE_D) {
    strongKing = flip_file(strongKing);
    pawn = flip_file(pawn);
    weakKing = flip_file(weakKing);
  }
  int idx = index(!strongToMove, strongKing, weakKing, pawn);
  return (winBits[idx >> 6] >> (idx & 63)) & 1;
}

double build_seconds() { return buildSeconds; }

}  // namespace taper::kpk
