// SPDX-License-Identifier: GPL-3.0-or-later
// Weakened levels (UCI_LimitStrength, Skill Level) keep the protocol and the clock's pace, on
// the real binary: a ponder search answers only after `ponderhit` or `stop`, an infinite one
// only after `stop`, and a timed move takes the share of the clock a full-strength search
// plans, asleep once the level's node budget is spent (CPU measured through /proc).
// Bounds are generous: the machine may be loaded and the sanitizer build is slower.
#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <string>
#include <vector>

#include "engine_process.hpp"

using taper::testing::EngineProcess;

namespace {

constexpr int Slow = 60000;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

void start_weakened(EngineProcess& e, const std::vector<std::string>& options) {
  e.send("uci");
  ASSERT_FALSE(e.read_until("uciok", Slow).empty());
  for (const std::string& o : options) e.send("setoption name " + o);
  e.send("isready");
  ASSERT_FALSE(e.read_until("readyok", Slow).empty());
  e.send("position startpos moves e2e4 e7e5");
}

const std::vector<std::string> Elo1500 = {"UCI_LimitStrength value true", "UCI_Elo value 1500", "Ponder value true"};

bool legal_looking(const std::vector<std::string>& lines) {
  if (lines.empty()) return false;
  std::istringstream is(lines.back());
  std::string tag, move;
  is >> tag >> move;
  return tag == "bestmove" && move.size() >= 4 && move != "(none)";
}

/// Asserts that no bestmove comes within `ms` and returns the CPU seconds used meanwhile.
double silent_cpu(EngineProcess& e, int ms) {
  double before = e.cpu_seconds();
  std::vector<std::string> early = e.read_until("bestmove", ms);
  EXPECT_TRUE(early.empty()) << "answered before ponderhit/stop: " << early.back();
  return e.cpu_seconds() - before;
}

}  // namespace

// `go ponder` at a weakened level spends its budget in milliseconds, then waits asleep for the
// GUI; after `ponderhit` it answers (at once here: its think time has passed while pondering).
TEST(SkillProtocol, PonderWaitsForPonderhitAsleep) {
  EngineProcess e;
  start_weakened(e, Elo1500);
  e.send("go ponder wtime 60000 btime 60000");
  double cpu = silent_cpu(e, 1500);
  EXPECT_LT(cpu, 0.5) << "CPU while waiting for ponderhit";
  auto hit = Clock::now();
  e.send("ponderhit");
  std::vector<std::string> lines = e.read_until("bestmove", Slow);
  ASSERT_TRUE(legal_looking(lines));
  EXPECT_LT(seconds_since(hit), 10.0);
  // `stop` ends a ponder search just as well.
  e.send("go ponder wtime 60000 btime 60000");
  silent_cpu(e, 300);
  e.send("stop");
  EXPECT_TRUE(legal_looking(e.read_until("bestmove", Slow)));
}

// A `ponderhit` soon after `go ponder` leaves the move its full think time, counted from `go`.
TEST(SkillProtocol, EarlyPonderhitStillTakesTheThinkTime) {
  EngineProcess e;
  start_weakened(e, Elo1500);
  auto go = Clock::now();
  e.send("go ponder wtime 60000 btime 60000");
  silent_cpu(e, 100);
  e.send("ponderhit");
  std::vector<std::string> lines = e.read_until("bestmove", Slow);
  ASSERT_TRUE(legal_looking(lines));
  // The time manager plans about 1.05 s of a 60 s clock (timeman.cpp: 0.7 x 60 s / 40).
  EXPECT_GT(seconds_since(go), 0.8);
}

TEST(SkillProtocol, InfiniteWaitsForStopAsleep) {
  EngineProcess e;
  start_weakened(e, Elo1500);
  e.send("go infinite");
  double cpu = silent_cpu(e, 1500);
  EXPECT_LT(cpu, 0.5) << "CPU while waiting for stop";
  e.send("stop");
  EXPECT_TRUE(legal_looking(e.read_until("bestmove", Slow)));
}

// On a 60 s clock a full-strength search plans about 1.05 s; a weakened level takes as long
// (not the ~10 ms its node budget needs) and sleeps through most of it.
TEST(SkillProtocol, TimedMoveTakesItsShareOfTheClockWithLittleCpu) {
  for (const std::vector<std::string>& level :
       {Elo1500, std::vector<std::string>{"Skill Level value 5"}}) {
    EngineProcess e;
    start_weakened(e, level);
    double cpuBefore = e.cpu_seconds();
    auto go = Clock::now();
    e.send("go wtime 60000 btime 60000");
    std::vector<std::string> lines = e.read_until("bestmove", Slow);
    double wall = seconds_since(go);
    double cpu = e.cpu_seconds() - cpuBefore;
    ASSERT_TRUE(legal_looking(lines)) << level[0];
    std::cout << level[0] << ": think time " << wall << " s, CPU " << cpu << " s\n";
    EXPECT_GT(wall, 0.8) << level[0];
    EXPECT_LT(wall, 10.0) << level[0];
    EXPECT_LT(cpu, 0.5) << level[0];
    // movetime is a think time too; `stop` cuts it short.
    go = Clock::now();
    e.send("go movetime 1500");
    ASSERT_TRUE(legal_looking(e.read_until("bestmove", Slow)));
    EXPECT_GT(seconds_since(go), 1.2) << level[0];
    go = Clock::now();
    e.send("go movetime 30000");
    e.send("stop");
    ASSERT_TRUE(legal_looking(e.read_until("bestmove", Slow)));
    EXPECT_LT(seconds_since(go), 10.0) << level[0];
  }
}

// A forced move is played at once, at any level.
TEST(SkillProtocol, ForcedMoveIsPlayedAtOnce) {
  EngineProcess e;
  start_weakened(e, Elo1500);
  e.send("position fen 7k/8/8/8/8/8/6q1/7K w - - 0 1");  // only Kxg2
  auto go = Clock::now();
  e.send("go wtime 60000 btime 60000");
  std::vector<std::string> lines = e.read_until("bestmove", Slow);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "bestmove h1g2");
  EXPECT_LT(seconds_since(go), 0.8);
}

// The same rule at full strength: a `nodes` limit stops the threads, but a ponder or infinite
// search still answers only after `ponderhit` or `stop`.
TEST(SkillProtocol, NodeLimitNeverEndsAPonderOrInfiniteSearch) {
  EngineProcess e;
  start_weakened(e, {});
  e.send("go infinite nodes 2000");
  silent_cpu(e, 800);
  e.send("stop");
  EXPECT_TRUE(legal_looking(e.read_until("bestmove", Slow)));
  e.send("go ponder nodes 2000");
  silent_cpu(e, 800);
  e.send("ponderhit");
  EXPECT_TRUE(legal_looking(e.read_until("bestmove", Slow)));
}
