// SPDX-License-Identifier: GPL-3.0-or-later
// Multi-threaded searches driven through UciEngine in-process, with stop, ponderhit, Hash resizing,
// Threads changes and ucinewgame sent at awkward moments: during a search, right after `go`, and
// right after `bestmove` while the search thread is still winding down. Meant to run under
// ThreadSanitizer too (docs/HARDENING.md); in the normal build it is a quick protocol check.
// TAPER_THREADS_ROUNDS (default 1) repeats the dialogue to shake out rarer interleavings.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include "board/notation.hpp"
#include "test_data.hpp"
#include "uci/uci.hpp"

using namespace taper;
using namespace taper::testing;

namespace {

/// Engine output, written by the UCI and search threads, read by the test while searches run.
class Transcript : public std::streambuf {
 public:
  /// Waits for the next line starting with `prefix` after those already consumed; the line, or ""
  /// after `timeoutMs`.
  std::string wait_for(const std::string& prefix, int timeoutMs = 120000) {
    std::unique_lock lock(mutex_);
    std::string found;
    changed_.wait_for(lock, std::chrono::milliseconds(timeoutMs), [&] {
      for (; consumed_ < lines_.size(); ++consumed_)
        if (lines_[consumed_].rfind(prefix, 0) == 0) {
          found = lines_[consumed_++];
          return true;
        }
      return false;
    });
    return found;
  }
  int count(const std::string& prefix) {
    std::lock_guard lock(mutex_);
    int n = 0;
    for (const std::string& l : lines_) n += l.rfind(prefix, 0) == 0;
    return n;
  }

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    {
      std::lock_guard lock(mutex_);
      for (std::streamsize i = 0; i < n; ++i) put(s[i]);
    }
    changed_.notify_all();
    return n;
  }
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) {
      {
        std::lock_guard lock(mutex_);
        put(char(c));
      }
      changed_.notify_all();
    }
    return traits_type::not_eof(c);
  }

 private:
  void put(char c) {
    if (c != '\n') {
      partial_ += c;
      return;
    }
    lines_.push_back(partial_);
    partial_.clear();
  }
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> lines_;
  std::string partial_;
  size_t consumed_ = 0;
};

struct UciUnderTest {
  Transcript transcript;
  std::ostream out{&transcript};
  UciEngine uci{out};
  int searches = 0;

  void send(const std::string& line) { uci.execute(line); }
  /// Sends `go ...` and counts it; the caller collects the bestmove.
  void go(const std::string& args) {
    send("go " + args);
    ++searches;
  }
  /// The move of the next bestmove line; checked legal in `pos`.
  void expect_bestmove(const Position& pos, const std::string& context) {
    std::string line = transcript.wait_for("bestmove");
    ASSERT_FALSE(line.empty()) << "no bestmove: " << context;
    std::istringstream is(line);
    std::string tag, move;
    is >> tag >> move;
    Move m = parse_uci_move(pos, move);
    EXPECT_TRUE(m) << context << ": bestmove " << move << " in " << pos.fen();
  }
  void expect_ready() {
    send("isready");
    EXPECT_EQ(transcript.wait_for("readyok"), "readyok");
  }
};

Position position_of(const std::string& startFen, const std::vector<std::string>& moves) {
  Position pos;
  EXPECT_TRUE(pos.set(startFen, false));
  for (const std::string& uci : moves) pos.do_move(parse_uci_move(pos, uci));
  return pos;
}

const std::string Start(Position::StartFen);
const std::string Kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

void pause_us(std::mt19937& rng, int maxUs) { std::this_thread::sleep_for(std::chrono::microseconds(rng() % maxUs)); }

}  // namespace

TEST(Threads, StopPonderhitResizeAndNewGameAtAwkwardMoments) {
  UciUnderTest e;
  std::mt19937 rng(2024);
  const long rounds = env_long("TAPER_THREADS_ROUNDS", 1);
  const std::vector<std::string> moves = {"e2e4", "c7c5", "g1f3", "d7d6"};
  const Position afterMoves = position_of(Start, moves);
  const Position kiwipete = position_of(Kiwipete, {});
  const std::string posCmd = "position startpos moves e2e4 c7c5 g1f3 d7d6";

  for (long round = 0; round < rounds; ++round)
    for (int threads = 2; threads <= 8; ++threads) {
      const std::string ctx = "Threads " + std::to_string(threads);
      e.send("setoption name Threads value " + std::to_string(threads));
      e.send("setoption name Hash value " + std::to_string(1 << (threads % 5)));
      e.send("ucinewgame");
      e.send(posCmd);

      // Infinite search, stopped after a random short while (sometimes at once).
      e.go("infinite");
      pause_us(rng, 20000);
      e.send("stop");
      e.expect_bestmove(afterMoves, ctx + " go infinite/stop");

      // Pondering, then ponderhit; and pondering, then stop at once.
      e.go("ponder wtime 1000 btime 1000 winc 10 binc 10");
      pause_us(rng, 10000);
      e.send("ponderhit");
      e.expect_bestmove(afterMoves, ctx + " ponder/ponderhit");
      e.go("ponder wtime 1000 btime 1000");
      e.send("stop");
      e.expect_bestmove(afterMoves, ctx + " ponder/stop");

      // Option changes and ucinewgame while searching are refused; the search goes on.
      e.go("nodes 20000");
      e.send("setoption name Hash value 2");
      e.send("ucinewgame");
      e.send("setoption name Threads value 1");
      e.send("setoption name Clear Hash");
      e.expect_bestmove(afterMoves, ctx + " options while searching");

      // Right after bestmove, while the search thread may still be winding down: resize the
      // hash, start a new game, change the thread count, search again at once.
      e.go("movetime 15");
      e.expect_bestmove(afterMoves, ctx + " movetime");
      e.send("setoption name Hash value " + std::to_string(1 + int(rng() % 8)));
      e.go("depth 3");
      e.expect_bestmove(afterMoves, ctx + " depth after resize");
      e.send("ucinewgame");
      e.send("position fen " + Kiwipete);
      e.go("nodes 5000");
      e.expect_bestmove(kiwipete, ctx + " nodes after ucinewgame");
      e.send("setoption name Threads value " + std::to_string(9 - threads + 1));
      e.go("wtime 200 btime 200");
      e.expect_bestmove(kiwipete, ctx + " clock after a Threads change");
      e.send("setoption name Threads value " + std::to_string(threads));

      // A new position sent during a search does not touch the running one.
      e.go("depth 30");
      pause_us(rng, 5000);
      e.send(posCmd);
      e.send("stop");
      e.expect_bestmove(kiwipete, ctx + " position during search");

      // Stop before the search thread has even started its first iteration, many times.
      for (int i = 0; i < 5; ++i) {
        e.go("infinite");
        e.send("stop");
        e.expect_bestmove(afterMoves, ctx + " immediate stop");
      }
      e.expect_ready();
    }
  EXPECT_EQ(e.transcript.count("bestmove"), e.searches);
}

// Two engines searching at the same time in one process (as a program embedding the engine, or a
// test runner, may do) share only the process-wide tables; creating the second one must not
// disturb the first one's search.
TEST(Threads, TwoEnginesSearchAtTheSameTime) {
  auto first = std::make_unique<UciUnderTest>();
  first->send("setoption name Threads value 2");
  first->send("position fen " + Kiwipete);
  first->go("infinite");
  const Position kiwipete = position_of(Kiwipete, {});
  {
    UciUnderTest second;
    second.send("setoption name Threads value 2");
    second.go("nodes 20000");
    second.expect_bestmove(position_of(Start, {}), "second engine");
  }
  first->send("stop");
  first->expect_bestmove(kiwipete, "first engine");
}

// Destroying the engine (the end of `taper` after quit or end of input) in the middle of
// searches with many threads, including more threads than cores.
TEST(Threads, DestructionDuringSearch) {
  for (int threads : {2, 5, 64}) {
    UciUnderTest e;
    e.send("setoption name Threads value " + std::to_string(threads));
    e.send("position fen " + Kiwipete);
    e.go("infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(threads == 64 ? 50 : 5));
  }
}
