// SPDX-License-Identifier: GPL-3.0-or-later
// Legal move generation: all moves, noisy moves (captures and promotions) or quiet moves.
#pragma once

#include <algorithm>

#include "board/position.hpp"
#include "core/uninitialized.hpp"

namespace taper {

enum GenType {
  NOISY,   ///< captures (en passant included) and all promotions
  QUIETS,  ///< everything else: quiet moves and castling
  LEGAL    ///< both
};

/// A move with an ordering score, for the move picker. Generation writes only the move, so
/// the picker scores the moves where they were generated instead of copying them over.
struct ScoredMove {
  Move move;
  int score;
  ScoredMove& operator=(Move m) {
    move = m;
    return *this;
  }
};

/// Writes the legal moves of kind T to `list` (of Move or ScoredMove) and returns the new
/// end. Check evasions, pins and the en-passant discovered check are handled here, so every
/// move is legal.
template <GenType T, typename Out>
Out* generate(const Position& pos, Out* list);

/// A fixed-capacity list of legal moves, generated on construction.
template <GenType T>
class MoveList {
 public:
  explicit MoveList(const Position& pos) : last_(generate<T>(pos, moves_.data())) {}
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return last_; }
  size_t size() const { return size_t(last_ - moves_.data()); }
  bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }

 private:
  UninitializedArray<Move, MAX_MOVES> moves_;  // filled by generate() before any read
  Move* last_;
};

}  // namespace taper
