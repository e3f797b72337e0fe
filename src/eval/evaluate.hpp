// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation interface the search calls: a per-thread Evaluator owning its caches.
#pragma once

#include <string>

#include "board/position.hpp"

namespace taper {

/// Static evaluation. One instance per search thread (it owns the thread's caches).
class Evaluator {
 public:
  /// Score of `pos` in centipawns from the side to move's point of view.
  Value evaluate(const Position& pos);
  /// Term-by-term explanation printed by the `eval` command.
  std::string trace(const Position& pos);
  /// Forget cached entries (ucinewgame).
  void clear() {}
};

}  // namespace taper
