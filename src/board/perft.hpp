// SPDX-License-Identifier: GPL-3.0-or-later
// Perft: counts leaf nodes of the legal move tree, the standard move-generator correctness test.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "board/position.hpp"

namespace taper {

/// Number of leaf nodes at `depth`; the last ply is bulk-counted from the move list size.
uint64_t perft(Position& pos, int depth);

/// Perft split by root move: calls `onMove(move, count)` for each root move, returns the total.
uint64_t perft_divide(Position& pos, int depth, const std::function<void(Move, uint64_t)>& onMove);

/// A divided perft as `go perft` and `taper perft` print it.
struct PerftReport {
  std::string text;     ///< "move: count" per root move, a blank line, "Nodes searched: N"
  uint64_t nodes = 0;
  int64_t timeMs = 1;   ///< wall clock, at least 1
  uint64_t nps() const { return nodes * 1000 / uint64_t(timeMs); }
};

/// Runs perft_divide and formats it (UCI move names; Chess960 castling when `pos` is Chess960).
PerftReport perft_report(Position& pos, int depth);

}  // namespace taper
