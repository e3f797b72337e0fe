// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the whole UCI front end fed arbitrary lines, searches kept tiny by uci_limits.hpp.
//
// Each input is a sequence of lines (split at '\n' as the engine's loop does). Every line goes
// through limit_line() and then UciEngine::execute; `quit` ends the input early. After the last
// line a `stop` ends any search still running (`go infinite`, `go ponder`), and the harness waits
// for its `bestmove`. Checks: every `go` but a valid perft (refused ones, and those sent during a
// search, included) ends with exactly one well-formed `bestmove` line, within 20 s (else the
// engine is wedged); nothing else looks like one.
//
// One engine serves all inputs (a fresh one costs a 16 MB hash table per input); between inputs
// it is reset to the state of a new engine: default options, `ucinewgame`, start position.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>

#include "board/position.hpp"
#include "uci/uci.hpp"
#include "uci_limits.hpp"

using namespace taper;
using namespace taper::fuzzing;

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "uci_fuzzer: %s: %s\n", what, detail.c_str());
  std::abort();
}

/// Engine output, written by the UCI and search threads, read by the harness while searches run.
class Transcript : public std::streambuf {
 public:
  /// Waits until `count` bestmove lines were written since the last take(); false after `timeout`.
  bool wait_bestmoves(int count, std::chrono::seconds timeout) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] { return bestmoves_ >= count; });
  }
  /// Perft runs so far (a valid `go perft N` answers "Nodes searched: N", printed synchronously
  /// by execute, and no bestmove; every other `go` is answered by one bestmove).
  int perfts() {
    std::lock_guard lock(mutex_);
    return perfts_;
  }
  /// Takes the text written so far.
  std::string take() {
    std::lock_guard lock(mutex_);
    std::string s;
    s.swap(text_);
    bestmoves_ = 0;
    return s;
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
    text_ += c;
    if (c == '\n') {
      size_t start = text_.rfind('\n', text_.size() - 2);
      start = start == std::string::npos ? 0 : start + 1;
      if (text_.compare(start, 8, "bestmove") == 0) ++bestmoves_;
      if (text_.compare(start, 15, "Nodes searched:") == 0) ++perfts_;
    }
  }
  std::mutex mutex_;
  std::condition_variable changed_;
  std::string text_;
  int bestmoves_ = 0;
  int perfts_ = 0;
};

bool is_uci_move(std::string_view m) {
  auto sq = [&](size_t i) { return m[i] >= 'a' && m[i] <= 'h' && m[i + 1] >= '1' && m[i + 1] <= '8'; };
  return (m.size() == 4 || (m.size() == 5 && std::string_view("nbrq").find(m[4]) != std::string_view::npos)) &&
         sq(0) && sq(2);
}

/// "bestmove <move>|(none) [ponder <move>]"
bool well_formed_bestmove(const std::string& line) {
  std::vector<Token> t = tokenize(line);
  if (t.size() != 2 && t.size() != 4) return false;
  if (t[1].text != "(none)" && !is_uci_move(t[1].text)) return false;
  return t.size() == 2 || (t[2].text == "ponder" && is_uci_move(t[3].text) && t[1].text != "(none)");
}

struct Harness {
  Transcript transcript;
  std::ostream out{&transcript};
  UciEngine engine{out};

  /// Back to a new engine's state; `hash`/`threads`: those options were touched.
  void reset(bool hash, bool threads) {
    if (threads) engine.execute("setoption name Threads value 1");
    if (hash) engine.execute("setoption name Hash value 16");
    for (const char* line : {"setoption name MultiPV value 1", "setoption name Ponder value false",
                             "setoption name Move Overhead value 10", "setoption name UCI_Chess960 value false",
                             "setoption name UCI_ShowWDL value false",
                             "setoption name UCI_LimitStrength value false", "setoption name Skill Level value 20",
                             "ucinewgame", "position startpos"})
      engine.execute(line);
    transcript.take();
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Harness* h = [] {
    Position::init();
    return new Harness();
  }();
  std::string_view input(reinterpret_cast<const char*>(data), size);

  int searches = 0;
  bool touchedHash = false, touchedThreads = false;
  size_t pos = 0;
  while (pos < input.size()) {
    size_t nl = input.find('\n', pos);
    std::string_view line = input.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? input.size() : nl + 1;
    std::optional<std::string> limited = limit_line(line);
    if (!limited) continue;
    std::vector<Token> t = tokenize(*limited);
    const bool go = !t.empty() && t[0].text == "go";
    if (!t.empty() && t[0].text == "setoption") {
      std::string all = lower(*limited);
      touchedHash |= all.find("hash") != std::string::npos;
      touchedThreads |= all.find("threads") != std::string::npos;
    }
    const int perftsBefore = h->transcript.perfts();
    const bool goOn = h->engine.execute(*limited);
    // Every `go` is answered by one bestmove (a refused one by a depth-1 search, one during a
    // search after that search's own), except a valid perft.
    searches += go && h->transcript.perfts() == perftsBefore;
    if (!goOn) break;
  }

  // End any search, then check the transcript.
  h->engine.execute("stop");
  // The bestmoves may still be on their way.
  std::string text;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (true) {
    text += h->transcript.take();
    int seen = 0;
    for (size_t at = 0; (at = text.find("bestmove", at)) != std::string::npos; ++at) seen += at == 0 || text[at - 1] == '\n';
    if (seen >= searches) break;
    if (std::chrono::steady_clock::now() > deadline)
      fail("search did not end within 20 s of stop",
           std::to_string(searches) + " searches, " + std::to_string(seen) + " bestmoves");
    h->transcript.wait_bestmoves(1, std::chrono::seconds(1));
  }

  std::istringstream lines(text);
  int bestmoves = 0;
  for (std::string l; std::getline(lines, l);) {
    if (l.rfind("bestmove", 0) != 0) continue;
    ++bestmoves;
    if (!well_formed_bestmove(l)) fail("malformed bestmove line", l);
  }
  if (bestmoves != searches)
    fail("searches and bestmove lines differ", std::to_string(searches) + " searches, " +
                                                   std::to_string(bestmoves) + " bestmoves");
  h->reset(touchedHash, touchedThreads);
  return 0;
}
