// SPDX-License-Identifier: GPL-3.0-or-later
// Time allocation: a soft limit (stop between iterations) and a hard limit (abort mid-search).
#pragma once

#include "search/limits.hpp"

namespace taper {

/// Milliseconds on a monotonic clock.
TimePoint now_ms();

/// How much the soft limit stretches for a best move that took `bestMoveNodeShare` of the root's
/// nodes: 0.5x when it took (nearly) all of them, up to 2x when it took few.
double node_factor(double bestMoveNodeShare);

class TimeManager {
 public:
  /// Works out the limits for the side to move `us` from `go`'s clock values.
  void init(const SearchLimits& limits, Color us, TimePoint moveOverhead);

  TimePoint elapsed() const { return now_ms() - start_; }
  /// When `go` was received (the clock's reference point, also for a ponder search).
  TimePoint start_time() const { return start_; }
  bool active() const { return active_; }
  TimePoint soft_limit() const { return soft_; }
  TimePoint hard_limit() const { return hard_; }

  /// After an iteration: stop if the (scaled) soft limit is used up. `stableIterations` counts
  /// iterations the best move survived; `scoreDrop` is the fall in score (cp) since the last one;
  /// `bestMoveChanges` is how often the best move changed in the last iterations (all threads);
  /// `bestMoveNodeShare` is the share of the main thread's root nodes spent on the best move
  /// (negative: unknown).
  bool should_stop(int stableIterations, int scoreDrop, double bestMoveChanges,
                   double bestMoveNodeShare = -1) const;

 private:
  TimePoint start_ = 0, soft_ = 0, hard_ = 0;
  bool active_ = false;
};

}  // namespace taper
