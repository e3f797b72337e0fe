// SPDX-License-Identifier: GPL-3.0-or-later
// Perft: counts leaf nodes of the legal move tree, the standard move-generator correctness test.
#pragma once

#include <cstdint>
#include <functional>

#include "board/position.hpp"

namespace taper {

/// Number of leaf nodes at `depth`; the last ply is bulk-counted from the move list size.
uint64_t perft(Position& pos, int depth);

/// Perft split by root move: calls `onMove(move, count)` for each root move, returns the total.
uint64_t perft_divide(Position& pos, int depth, const std::function<void(Move, uint64_t)>& onMove);

}  // namespace taper
