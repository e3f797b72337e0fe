// SPDX-License-Identifier: GPL-3.0-or-later
// Time allocation limits (pure arithmetic, no timing): the hard limit always leaves the overhead
// reserve and a safety margin, whatever the clock, increment and moves to go.
#include <gtest/gtest.h>

#include "search/timeman.hpp"

using namespace taper;

namespace {
TimeManager plan(TimePoint time, TimePoint inc, int movesToGo, TimePoint overhead = 10) {
  SearchLimits limits;
  limits.clock = true;
  limits.time[WHITE] = time;
  limits.inc[WHITE] = inc;
  limits.movesToGo = movesToGo;
  TimeManager tm;
  tm.init(limits, WHITE, overhead);
  return tm;
}
}  // namespace

TEST(TimeManager, HardLimitNeverExceedsTheClock) {
  for (TimePoint time : {1, 5, 20, 50, 100, 500, 1000, 10000, 60000, 3600000})
    for (TimePoint inc : {0, 10, 100, 1000})
      for (int mtg : {0, 1, 2, 5, 40}) {
        TimeManager tm = plan(time, inc, mtg);
        EXPECT_GE(tm.soft_limit(), 1);
        EXPECT_LE(tm.soft_limit(), tm.hard_limit());
        TimePoint available = std::max<TimePoint>(1, time - 10);
        EXPECT_LE(tm.hard_limit(), std::max<TimePoint>(1, available * 8 / 10))
            << "time " << time << " inc " << inc << " movestogo " << mtg;
      }
}

TEST(TimeManager, MoreTimeMeansMoreThinking) {
  EXPECT_LT(plan(1000, 0, 0).soft_limit(), plan(10000, 0, 0).soft_limit());
  EXPECT_LT(plan(10000, 0, 0).soft_limit(), plan(10000, 1000, 0).soft_limit());
  EXPECT_LT(plan(10000, 0, 40).soft_limit(), plan(10000, 0, 5).soft_limit());
}

TEST(TimeManager, MoveTimeAndNoClock) {
  SearchLimits limits;
  limits.moveTime = 500;
  TimeManager tm;
  tm.init(limits, BLACK, 10);
  EXPECT_TRUE(tm.active());
  EXPECT_EQ(tm.hard_limit(), 490);
  TimeManager none;
  none.init(SearchLimits{}, WHITE, 10);
  EXPECT_FALSE(none.active());
  EXPECT_FALSE(none.should_stop(0, 0, 0));
}

TEST(TimeManager, NodeFactorStretchesAnUnclearChoice) {
  // Ethereal's node factor: max(0.5, 2 * (1 - share) + 0.4), here capped at 2.
  EXPECT_DOUBLE_EQ(node_factor(1.0), 0.5);   // every node on the best move: clear, stop early
  EXPECT_DOUBLE_EQ(node_factor(0.9), 0.6);
  EXPECT_DOUBLE_EQ(node_factor(0.5), 1.4);   // half the effort elsewhere: think longer
  EXPECT_DOUBLE_EQ(node_factor(0.0), 2.0);   // capped
  EXPECT_DOUBLE_EQ(node_factor(-3.0), 2.0);  // out-of-range shares are clamped
  for (double share = 0.0; share < 1.0; share += 0.05) EXPECT_GE(node_factor(share), node_factor(share + 0.05));
}
