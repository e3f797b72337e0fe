// SPDX-License-Identifier: GPL-3.0-or-later
// Syzygy probes from several threads at once, right after loading, when every table is still
// to be set up: the case Debian's libfathom (built without locks) leaves unprotected. The
// answers must agree with one thread's, and under ThreadSanitizer (tests/tsan.sh, which
// compiles Fathom like Debian, without its lock) no race may be reported. Also the pieces of
// the first-probe guard (tb/warm_tables.hpp).
#include <algorithm>
#include <filesystem>
#include <latch>
#include <random>
#include <thread>

#include "board/movegen.hpp"
#include "search/threads.hpp"
#include "search/timeman.hpp"
#include "tb/syzygy.hpp"
#include "tb/warm_tables.hpp"
#include "test_data.hpp"

using namespace taper;
using namespace taper::syzygy;

namespace {

MaterialCount material(const std::string& fen) {
  Position::init();
  Position pos;
  EXPECT_TRUE(pos.set(fen, false)) << fen;
  return material_of(pos);
}

bool has(const std::vector<MaterialCount>& v, const std::string& name) {
  return std::any_of(v.begin(), v.end(), [&](const MaterialCount& m) { return m.name() == name; });
}

/// Quiet positions (rule50 0, no castling) of many 3- and 4-man materials, a few of each.
std::vector<std::string> probe_positions() {
  std::vector<std::string> fens;
  for (const char* fen : {"7k/8/8/8/8/8/8/KQ6 w - - 0 1", "7k/8/8/8/8/8/8/KR6 w - - 0 1", "7k/8/8/8/8/8/P7/K7 w - - 0 1",
                          "6rk/8/8/8/8/8/8/KQ6 w - - 0 1", "7k/8/8/8/8/8/P7/KR6 w - - 0 1", "7k/8/8/8/8/8/8/KBN5 w - - 0 1",
                          "7k/8/8/8/8/8/p7/KR6 w - - 0 1", "7k/8/8/8/8/8/p7/KQ6 w - - 0 1", "7k/8/8/8/8/8/PP6/K7 w - - 0 1",
                          "7k/7p/8/8/8/8/P7/K7 w - - 0 1", "7k/8/8/8/8/8/8/KRB5 w - - 0 1", "5n1k/8/8/8/8/8/8/KQ6 w - - 0 1",
                          "5b1k/8/8/8/8/8/8/KR6 w - - 0 1", "7k/8/8/8/8/8/8/KRN5 w - - 0 1", "7k/8/8/8/8/8/P7/KN6 w - - 0 1"}) {
    MaterialCount m = material(fen);
    // Several placements of the same material, so threads also meet warm tables.
    std::string first = quiet_fen(m);
    if (!first.empty()) fens.push_back(first);
    fens.push_back(fen);
  }
  return fens;
}

}  // namespace

TEST(SyzygyWarmup, CaptureClosureFollowsCapturesAndPromotions) {
  std::vector<MaterialCount> c = capture_closure(material("8/8/8/8/8/8/8/KQ4rk w - - 0 1"));
  EXPECT_EQ(c.size(), 4u);  // KQvKR, KQvK, KvKR, KvK
  EXPECT_TRUE(has(c, "KQvKR") && has(c, "KQvK") && has(c, "KvKR") && has(c, "KvK"));
  c = capture_closure(material("8/8/8/8/8/8/P7/K5rk w - - 0 1"));  // KPvKR: axb1=Q and friends
  for (const char* name : {"KPvKR", "KPvK", "KvKR", "KQvK", "KRvK", "KBvK", "KNvK", "KvK"}) EXPECT_TRUE(has(c, name)) << name;
  EXPECT_FALSE(has(c, "KQvKR"));  // a pawn promotes only by capturing here
}

TEST(SyzygyWarmup, QuietPositionsAreLegalAndHaveNoCapture) {
  for (const char* fen : {"8/8/8/8/8/8/8/KQ4rk w - - 0 1", "8/8/8/8/8/8/PP6/K6k w - - 0 1", "8/8/8/8/8/8/P6p/K6k w - - 0 1",
                          "8/8/8/8/8/8/8/KBN4k w - - 0 1", "r3k3/p7/8/8/8/8/P7/R3K3 w - - 0 1"}) {
    MaterialCount m = material(fen);
    std::string quiet = quiet_fen(m);
    ASSERT_FALSE(quiet.empty()) << fen;
    Position pos;
    ASSERT_TRUE(pos.set(quiet, false)) << quiet;
    EXPECT_TRUE(material_of(pos) == m) << quiet;
    for (Move mv : MoveList<LEGAL>(pos)) EXPECT_FALSE(pos.is_capture(mv)) << quiet;
  }
}

TEST(SyzygyWarmup, WarmSetHoldsWhatWasInserted) {
  WarmMaterials w;
  EXPECT_FALSE(w.contains(0));
  EXPECT_TRUE(w.insert(0));
  EXPECT_TRUE(w.insert(4096));  // same slot, next one taken
  EXPECT_TRUE(w.contains(0) && w.contains(4096));
  EXPECT_FALSE(w.contains(8192));
  w.clear();
  EXPECT_FALSE(w.contains(0));
}

// Four threads, released together right after loading, probe the same positions in different
// orders: every table is set up while others probe. Three rounds (each reloads the tables).
TEST(SyzygyThreads, FirstProbesFromManyThreadsAgree) {
  Position::init();
  if (!compiled_in()) GTEST_SKIP() << "built without a Syzygy prober";
  const std::string path = taper::testing::data_path("syzygy");
  if (!std::filesystem::exists(path + "/KQvKR.rtbw")) GTEST_SKIP() << "no Syzygy tables in " << path;
  std::vector<Position> positions;
  for (const std::string& fen : probe_positions()) {
    positions.emplace_back();
    ASSERT_TRUE(positions.back().set(fen, false)) << fen;
  }
  constexpr int Threads = 4;
  for (int round = 0; round < 3; ++round) {
    ASSERT_TRUE(init(path).ok);
    std::vector<std::vector<int>> results(Threads, std::vector<int>(positions.size(), 99));
    std::latch start(Threads);
    std::vector<std::thread> threads;
    for (int t = 0; t < Threads; ++t)
      threads.emplace_back([&, t] {
        std::vector<size_t> order(positions.size());
        for (size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::shuffle(order.begin(), order.end(), std::mt19937_64(uint64_t(round * 10 + t)));
        start.arrive_and_wait();
        for (size_t i : order) {
          Wdl w;
          results[size_t(t)][i] = probe_wdl(positions[i], w) ? int(w) : 99;
        }
      });
    for (auto& th : threads) th.join();
    // One thread on freshly loaded tables is the reference.
    ASSERT_TRUE(init(path).ok);
    for (size_t i = 0; i < positions.size(); ++i) {
      Wdl w;
      int expected = probe_wdl(positions[i], w) ? int(w) : 99;
      EXPECT_NE(expected, 99) << positions[i].fen();
      for (int t = 0; t < Threads; ++t) EXPECT_EQ(results[size_t(t)][i], expected) << "thread " << t << ", " << positions[i].fen();
    }
  }
  init("");
}

// A Lazy SMP search of five-man positions whose captures reach the four-man tables, four
// threads, right after loading: the tree probes new tables from every thread at once.
TEST(SyzygyThreads, FourThreadSearchRightAfterLoading) {
  Position::init();
  if (!compiled_in()) GTEST_SKIP() << "built without a Syzygy prober";
  const std::string path = taper::testing::data_path("syzygy");
  if (!std::filesystem::exists(path + "/KQvKR.rtbw")) GTEST_SKIP() << "no Syzygy tables in " << path;
  SearchPool pool;
  pool.set_threads(4);
  for (const char* fen : {"8/8/3k4/8/2R5/8/1P1r4/3K4 w - - 0 1", "8/2k5/8/3q4/8/2N5/1P6/2K1R3 w - - 0 1",
                          "8/8/8/3k4/8/1pB5/8/1K1R4 b - - 0 1"}) {
    ASSERT_TRUE(init(path).ok);
    Position pos;
    ASSERT_TRUE(pos.set(fen, false)) << fen;
    Move best = Move::none();
    uint64_t tbHits = 0;
    SearchCallbacks cb;
    cb.onIteration = [&](const SearchReport& r) { tbHits = r.tbHits; };
    cb.onBestMove = [&](Move m, Move) { best = m; };
    SearchLimits limits;
    limits.nodes = 200000;
    limits.startTime = now_ms();
    pool.start(pos, limits, cb, SearchOptions{});
    pool.wait();
    EXPECT_TRUE(best && pos.is_pseudo_legal(best) && pos.is_legal(best)) << fen;
    EXPECT_GT(tbHits, 0u) << fen << ": the tree never reached the tables";
  }
  init("");
}
