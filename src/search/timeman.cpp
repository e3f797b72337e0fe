// SPDX-License-Identifier: GPL-3.0-or-later
// Time allocation from the clock, increment and moves to go, with a safety margin that never loses on time.
#include "search/timeman.hpp"

#include <algorithm>
#include <chrono>

#include "search/tunables.hpp"

namespace taper {

TimePoint now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void TimeManager::init(const SearchLimits& limits, Color us, TimePoint moveOverhead) {
  start_ = limits.startTime ? limits.startTime : now_ms();
  active_ = false;
  if (limits.moveTime > 0) {
    active_ = true;
    soft_ = hard_ = std::max<TimePoint>(1, limits.moveTime - moveOverhead);
    return;
  }
  if (!limits.use_time_management()) return;

  active_ = true;
  TimePoint left = std::max<TimePoint>(0, limits.time[us]);
  TimePoint inc = std::max<TimePoint>(0, limits.inc[us]);
  // What we may spend without touching the overhead reserve (GUI and network lag).
  TimePoint available = std::max<TimePoint>(1, left - moveOverhead);
  // With no moves-to-go, plan as if TmMovesToGo (40) moves remain: early moves get a fair share
  // and the increment keeps later moves funded.
  const int horizon = tunable::TmMovesToGo;
  int movesToGo = limits.movesToGo > 0 ? std::min(limits.movesToGo, horizon) : horizon;

  double base = double(available) / movesToGo + tunable::TmIncShare / 100.0 * double(inc);
  // Never plan to use more than a fraction of what is left: the hard cap for the last move
  // before a time control is 80 %, otherwise ~1/4 of the clock.
  double hardCap = available * (movesToGo == 1 ? 0.8 : std::min(0.8, 0.25 + 0.1 * (movesToGo <= 3)));
  const double softShare = tunable::TmSoftBase / 100.0, softCap = tunable::TmSoftCap / 100.0;
  soft_ = TimePoint(std::min(base * softShare, available * (movesToGo == 1 ? 0.6 : softCap)));
  hard_ = TimePoint(std::min(base * 3.5, hardCap));
  soft_ = std::max<TimePoint>(1, std::min(soft_, hard_));
  hard_ = std::max<TimePoint>(1, hard_);
}

double node_factor(double bestMoveNodeShare) {
  // Ethereal's node factor: when most of the root's nodes went into the best move, the other
  // moves were refuted quickly and the choice is clear; when they took many nodes, it is not.
  double nonBest = 1.0 - std::clamp(bestMoveNodeShare, 0.0, 1.0);
  return std::min(2.0, std::max(0.5, 2.0 * nonBest + 0.4));
}

bool TimeManager::should_stop(int stableIterations, int scoreDrop, double bestMoveChanges,
                              double bestMoveNodeShare) const {
  if (!active_) return false;
  // A best move that survived several iterations needs less time; a changing one or a
  // falling score needs more.
  double stability = 1.35 - 0.07 * std::min(stableIterations, 9);
  double instability = 1.0 + 0.5 * std::min(bestMoveChanges, 3.0);
  double drop = std::clamp(1.0 + scoreDrop / 120.0, 0.85, 1.6);
  double nodes = bestMoveNodeShare >= 0 ? node_factor(bestMoveNodeShare) : 1.0;
  double scaled = double(soft_) * stability * instability * drop * nodes;
  return double(elapsed()) > std::min(scaled, double(hard_) * 0.9);
}

}  // namespace taper
