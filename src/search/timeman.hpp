// SPDX-License-Identifier: GPL-3.0-or-later
// Time allocation: a soft limit (stop between iterations) and a hard limit (abort mid-search).
#pragma once

#include "search/limits.hpp"

namespace taper {

/// Milliseconds on a monotonic clock.
TimePoint now_ms();

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
  /// `bestMoveChanges` is how often the best move changed in the last iterations (all threads).
  bool should_stop(int stableIterations, int scoreDrop, double bestMoveChanges) const;

 private:
  TimePoint start_ = 0, soft_ = 0, hard_ = 0;
  bool active_ = false;
};

}  // namespace taper
