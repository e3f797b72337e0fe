// SPDX-License-Identifier: GPL-3.0-or-later
// Resource limits over the real binary: Hash at both ends and out of memory, Threads far above the
// core count, very long move lists, `go` with absurd numbers, quit and end of input during
// searches with many threads. Every engine must exit with status 0, which in the ASan build also
// means LeakSanitizer found no leak. Memory use is measured by scripts/resource_limits.py.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "board/notation.hpp"
#include "engine_process.hpp"

using namespace taper;
using namespace taper::testing;

namespace {

constexpr int Slow = 60000;  // sanitizer builds are several times slower

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool Sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool Sanitized = true;
#else
constexpr bool Sanitized = false;
#endif
#else
constexpr bool Sanitized = false;
#endif

const std::string Middlegame = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8";

std::string bestmove_of(const std::vector<std::string>& lines) {
  if (lines.empty()) return "";
  std::istringstream is(lines.back());
  std::string tag, move;
  is >> tag >> move;
  return tag == "bestmove" ? move : "";
}

bool legal_in(const std::string& fen, const std::string& uci) {
  Position::init();
  Position pos;
  return pos.set(fen, false) && parse_uci_move(pos, uci);
}

void expect_clean_exit(EngineProcess& e, const char* what) {
  ASSERT_TRUE(e.wait_exit(Slow)) << what << ": engine did not exit";
  EXPECT_TRUE(WIFEXITED(e.exit_status()) && WEXITSTATUS(e.exit_status()) == 0)
      << what << ": exit status " << e.exit_status() << " (a LeakSanitizer report exits with 23)";
}

}  // namespace

TEST(Limits, HashFromOneMegabyteToAboveTheMaximum) {
  EngineProcess e;
  e.send("uci");
  auto lines = e.read_until("uciok", Slow);
  ASSERT_FALSE(lines.empty());
  long long max = 0;
  for (const std::string& l : lines)
    if (l.rfind("option name Hash ", 0) == 0) max = std::atoll(l.substr(l.find(" max ") + 5).c_str());
  const long long physicalMb = sysconf(_SC_PHYS_PAGES) / 1024 * sysconf(_SC_PAGE_SIZE) / 1024;
  EXPECT_GE(max, 16);
  EXPECT_LE(max, physicalMb);  // 3/4 of physical memory, leaving room for the rest
  e.send("setoption name Hash value 1");
  e.send("position fen " + Middlegame);
  e.send("go depth 6");
  EXPECT_TRUE(legal_in(Middlegame, bestmove_of(e.read_until("bestmove", Slow))));
  e.send("setoption name Hash value " + std::to_string(max + 1));
  auto refused = e.read_until("info string", Slow);
  ASSERT_FALSE(refused.empty());
  EXPECT_NE(refused.back().find("out of range"), std::string::npos) << refused.back();
  e.send("setoption name Hash value 99999999999999999999999");
  refused = e.read_until("info string", Slow);
  ASSERT_FALSE(refused.empty());
  e.send("setoption name Hash value 3");
  e.send("go nodes 5000");
  EXPECT_TRUE(legal_in(Middlegame, bestmove_of(e.read_until("bestmove", Slow))));
  e.send("quit");
  expect_clean_exit(e, "hash");
}

// With the address space capped at 1.5 GB (ulimit -v), a 4 GB table cannot be had: the engine
// says so, keeps its table and plays on. (Sanitizer runtimes reserve terabytes of address space,
// so this runs in the plain build only.)
TEST(Limits, HashThatDoesNotFitIsRefusedAndTheOldTableKept) {
  if (Sanitized) GTEST_SKIP() << "address-space limit is incompatible with sanitizer runtimes";
  char path[] = "/tmp/taper-ulimit-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  std::string script = std::string("#!/bin/sh\nulimit -v 1500000\nexec '") + TAPER_BINARY + "'\n";
  ASSERT_EQ(write(fd, script.data(), script.size()), ssize_t(script.size()));
  close(fd);
  chmod(path, 0700);
  {
    EngineProcess e(path);
    e.send("setoption name Hash value 4096");
    auto lines = e.read_until("info string", Slow);
    ASSERT_FALSE(lines.empty());
    EXPECT_NE(lines.back().find("not enough memory"), std::string::npos) << lines.back();
    e.send("position fen " + Middlegame);
    e.send("go depth 6");
    EXPECT_TRUE(legal_in(Middlegame, bestmove_of(e.read_until("bestmove", Slow))));
    e.send("quit");
    expect_clean_exit(e, "ulimit");
  }
  unlink(path);
}

TEST(Limits, SixtyFourThreadsOnAFewCores) {
  EngineProcess e;
  e.send("setoption name Threads value 64");
  e.send("position fen " + Middlegame);
  e.send("go depth 5");
  EXPECT_TRUE(legal_in(Middlegame, bestmove_of(e.read_until("bestmove", Slow))));
  e.send("go movetime 100");
  EXPECT_TRUE(legal_in(Middlegame, bestmove_of(e.read_until("bestmove", Slow))));
  e.send("go infinite");
  usleep(50000);
  e.send("stop");
  EXPECT_TRUE(legal_in(Middlegame, bestmove_of(e.read_until("bestmove", Slow))));
  e.send("setoption name Threads value 1");
  e.send("go depth 3");
  EXPECT_TRUE(legal_in(Middlegame, bestmove_of(e.read_until("bestmove", Slow))));
  e.send("quit");
  expect_clean_exit(e, "64 threads");
}

TEST(Limits, FiveThousandPlyGame) {
  EngineProcess e;
  std::string cmd = "position startpos moves";
  for (int i = 0; i < 1250; ++i) cmd += " g1f3 g8f6 f3g1 f6g8";
  e.send(cmd);
  e.send("d");
  auto board = e.read_until("Checkers", Slow);
  std::string all;
  for (auto& l : board) all += l + "\n";
  EXPECT_NE(all.find("Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5000 2501"), std::string::npos)
      << all;
  e.send("go depth 5");
  EXPECT_TRUE(legal_in(std::string(Position::StartFen), bestmove_of(e.read_until("bestmove", Slow))));
  e.send("quit");
  expect_clean_exit(e, "long game");
}

TEST(Limits, GoWithNegativeZeroMissingAndHugeNumbers) {
  EngineProcess e;
  e.send("position fen " + Middlegame);
  // Negative clocks (lagging GUIs) count as zero and huge numbers are clamped: these search.
  for (const char* go : {"go wtime -100 btime -100", "go wtime 0 btime 0", "go movestogo 0 wtime 1000 btime 1000",
                         "go wtime 1000 btime 1000 winc -500 binc -500",
                         "go wtime 99999999999999999999999 btime 99999999999999999999999 movetime 100",
                         "go nodes 99999999999999999999 movetime 100", "go depth 2147483648 nodes 5000",
                         "go winc 100 binc 100 wtime 20 btime 20 movestogo 1"}) {
    e.send(go);
    auto lines = e.read_until("bestmove", Slow);
    ASSERT_FALSE(lines.empty()) << go;
    EXPECT_TRUE(legal_in(Middlegame, bestmove_of(lines))) << go << " -> " << lines.back();
  }
  // A limit below its minimum or a missing number makes the whole `go` malformed: one error,
  // then the bestmove of a depth-1 search, and nothing more (the next `isready` is answered alone).
  for (const char* go : {"go movetime -1", "go movetime 0", "go nodes -5", "go nodes 0", "go depth -1", "go depth 0",
                         "go mate -2 nodes 20000", "go movestogo -3 wtime 1000 btime 1000", "go wtime 50 btime",
                         "go perft -1", "go perft 0"}) {
    e.send(go);
    auto lines = e.read_until("bestmove", Slow);
    ASSERT_FALSE(lines.empty()) << go;
    EXPECT_EQ(lines[0].rfind("info string error: ", 0), 0u) << go << " -> " << lines[0];
    EXPECT_TRUE(legal_in(Middlegame, bestmove_of(lines))) << go << " -> " << lines.back();
    e.send("isready");
    EXPECT_EQ(e.read_until("readyok", Slow).size(), 1u) << go;
  }
  e.send("isready");
  EXPECT_FALSE(e.read_until("readyok", Slow).empty());
  e.send("quit");
  expect_clean_exit(e, "odd numbers");
}

TEST(Limits, QuitAndEndOfInputDuringSearchesWithManyThreads) {
  {
    EngineProcess e;
    e.send("setoption name Threads value 8");
    e.send("position fen " + Middlegame);
    e.send("go infinite");
    usleep(200000);
    e.send("quit");
    expect_clean_exit(e, "quit during go infinite");
  }
  {
    EngineProcess e;
    e.send("setoption name Threads value 6");
    e.send("go ponder wtime 10000 btime 10000");
    usleep(100000);
    e.close_input();
    auto lines = e.read_until("bestmove", Slow);
    EXPECT_FALSE(lines.empty()) << "the ponder search must still end with a bestmove";
    expect_clean_exit(e, "end of input during go ponder");
  }
  {
    EngineProcess e;
    e.send("setoption name Threads value 3");
    e.send("go nodes 100000000");
    e.send("setoption name Hash value 64");  // refused while searching
    e.close_input();
    expect_clean_exit(e, "end of input during a long go nodes");
  }
}
