// SPDX-License-Identifier: GPL-3.0-or-later
// Protocol corners with the real binary: every `go` gets one bestmove (refused, odd or sent
// during a search), `debug` and `register`
// are accepted quietly, the Debug Log File records both directions with timestamps, weakened
// play answers with legal moves, and `--version` / `id name` carry the commit.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "engine_process.hpp"

using namespace taper::testing;

namespace {

constexpr int Slow = 60000;  // generous: the sanitizer build is several times slower

void handshake(EngineProcess& e) {
  e.send("uci");
  ASSERT_FALSE(e.read_until("uciok", Slow).empty());
  e.send("isready");
  ASSERT_FALSE(e.read_until("readyok", Slow).empty());
}

/// All lines up to `readyok` after sending `isready`: what the commands before it printed.
std::vector<std::string> output_until_ready(EngineProcess& e) {
  e.send("isready");
  return e.read_until("readyok", Slow);
}

int count_prefix(const std::vector<std::string>& lines, const std::string& prefix) {
  int n = 0;
  for (const std::string& l : lines) n += l.rfind(prefix, 0) == 0;
  return n;
}

}  // namespace

/// The move of a `bestmove` line ("" if it is not one).
std::string bestmove_of(const std::string& line) {
  std::istringstream is(line);
  std::string tag, move;
  is >> tag >> move;
  return tag == "bestmove" ? move : "";
}

// A refused `go` (a bad number, no legal searchmove) still gets its one bestmove, at once: the
// best move of a depth-1 search, after one error line that names what was refused. Nothing
// else follows (no second bestmove, no search left running).
TEST(UciProtocol, RefusedGoIsAnsweredByOneLegalBestmove) {
  EngineProcess e;
  handshake(e);
  e.send("position startpos moves e2e4");
  for (const char* go : {"go depth x", "go depth", "go depth 0", "go movetime 0", "go movetime -5", "go nodes 0",
                         "go mate 0", "go wtime 1000 btime abc", "go searchmoves e2e5", "go searchmoves e7e6e5",
                         "go infinite depth x", "go ponder movetime 0", "go perft x", "go perft 0"}) {
    e.send(go);
    std::vector<std::string> lines = e.read_until("bestmove", Slow);
    ASSERT_FALSE(lines.empty()) << go << ": no bestmove";
    EXPECT_EQ(count_prefix(lines, "info string error:"), 1) << go;
    for (const std::string& l : lines)
      if (l.rfind("info string error:", 0) == 0) {
        EXPECT_NE(l.find("go refused"), std::string::npos) << go << " -> " << l;
      }
    std::string move = bestmove_of(lines.back());
    EXPECT_TRUE(move.size() == 4 && (move[1] == '7' || move[1] == '8')) << go << " -> " << lines.back();
    std::vector<std::string> after = output_until_ready(e);
    EXPECT_EQ(after.size(), 1u) << go << ": more output after bestmove: " << after.front();
  }
  // In a position with no legal move the answer is `bestmove (none)`, refused or not.
  e.send("position fen 6rk/8/8/8/8/8/6q1/7K w - - 0 1");
  for (const char* go : {"go depth x", "go movetime 0", "go searchmoves h1h2", "go depth 3"}) {
    e.send(go);
    std::vector<std::string> lines = e.read_until("bestmove", Slow);
    ASSERT_FALSE(lines.empty()) << go;
    EXPECT_EQ(lines.back(), "bestmove (none)") << go;
  }
}

// Unknown words are skipped with a warning, as Stockfish skips them: `go foo 3` is a plain
// `go` (a search until `stop`), `go depth 3 foo` a depth-3 search; each gets one bestmove.
TEST(UciProtocol, UnknownGoWordsAreSkippedWithAWarning) {
  EngineProcess e;
  handshake(e);
  e.send("position startpos");
  e.send("go depth 3 foo");
  std::vector<std::string> lines = e.read_until("bestmove", Slow);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(count_prefix(lines, "info string warning: unknown go parameter 'foo' skipped"), 1);
  EXPECT_EQ(count_prefix(lines, "info string error"), 0);
  EXPECT_EQ(output_until_ready(e).size(), 1u);
  e.send("go foo 3");
  lines = output_until_ready(e);  // searching, with no limit: no bestmove before stop
  EXPECT_EQ(count_prefix(lines, "info string warning: unknown go parameter"), 2);
  EXPECT_EQ(count_prefix(lines, "bestmove"), 0);
  e.send("stop");
  lines = e.read_until("bestmove", Slow);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(bestmove_of(lines.back()).size(), 4u) << lines.back();
  e.send("go searchmoves e2e4 e7e5 depth 2");  // the illegal entry is skipped, e2e4 searched
  lines = e.read_until("bestmove", Slow);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(count_prefix(lines, "info string warning: searchmoves: 'e7e5' is not a legal move here"), 1);
  EXPECT_EQ(bestmove_of(lines.back()), "e2e4");
}

// A `go` during a search (a GUI that did not wait) ends the running search, whose bestmove comes
// first, then starts the new one: two `go`, two bestmoves, in order, never a lost one.
TEST(UciProtocol, GoDuringASearchAnswersBoth) {
  EngineProcess e;
  handshake(e);
  e.send("position startpos");
  e.send("go infinite");
  e.send("isready");
  ASSERT_FALSE(e.read_until("readyok", Slow).empty());
  e.send("position startpos moves e2e4");
  e.send("go depth 2");
  std::vector<std::string> first = e.read_until("bestmove", Slow);
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(count_prefix(first, "info string go during a search"), 1);
  std::vector<std::string> second = e.read_until("bestmove", Slow);
  ASSERT_FALSE(second.empty()) << "the second go was lost";
  std::string reply = bestmove_of(second.back());
  ASSERT_EQ(reply.size(), 4u) << second.back();
  EXPECT_TRUE(reply[1] == '7' || reply[1] == '8') << "a move for Black after 1. e4: " << reply;
  EXPECT_EQ(output_until_ready(e).size(), 1u);
}

// An analysis GUI sends `stop` and its next commands at once, without waiting for the bestmove
// (found by scripts/soak.py's analysis pattern, issue 111). The search is ending by then, so
// `setoption`, `ucinewgame` and `go` wait for it instead of being refused ("ignored while
// searching") or reported as "go during a search": no error, every command takes effect, each
// `go` one bestmove. With two threads the search takes a while to wind down, so without the
// wait the commands would meet it still running; ten rounds make that certain.
TEST(UciProtocol, CommandsRightAfterStopWaitForTheSearchToEnd) {
  EngineProcess e;
  handshake(e);
  e.send("setoption name Threads value 2");
  for (int round = 0; round < 10; ++round) {
    e.send("position startpos");
    e.send("go infinite");
    ASSERT_FALSE(e.read_until("info depth 3", Slow).empty()) << "round " << round;
    // One write, as a GUI's buffered output arrives.
    e.send("stop\nsetoption name MultiPV value 2\nucinewgame\nposition startpos moves e2e4\ngo infinite");
    std::vector<std::string> first = e.read_until("bestmove", Slow);
    ASSERT_FALSE(first.empty()) << "round " << round;
    std::vector<std::string> second = e.read_until("info depth 2 ", Slow);
    ASSERT_FALSE(second.empty()) << "round " << round << ": the second search did not run";
    e.send("stop");
    std::vector<std::string> rest = e.read_until("bestmove", Slow);
    ASSERT_FALSE(rest.empty()) << "round " << round << ": the second go got no bestmove";
    second.insert(second.end(), rest.begin(), rest.end());
    for (const std::vector<std::string>* lines : {&first, &second})
      for (const std::string& l : *lines) EXPECT_EQ(l.rfind("info string", 0), std::string::npos) << "round " << round << ": " << l;
    EXPECT_EQ(count_prefix(second, "bestmove"), 1);
    const std::string reply = bestmove_of(second.back());
    ASSERT_EQ(reply.size(), 4u) << second.back();
    EXPECT_TRUE(reply[1] == '7' || reply[1] == '8') << "a move for Black after 1. e4: " << reply;
    bool secondLine = false;  // MultiPV 2 was set, not refused
    for (const std::string& l : second) secondLine |= l.find(" multipv 2 ") != std::string::npos;
    EXPECT_TRUE(secondLine) << "round " << round;
    e.send("setoption name MultiPV value 1");
    EXPECT_EQ(output_until_ready(e).size(), 1u) << "round " << round;
  }
}

TEST(UciProtocol, DebugAndRegisterAreAcceptedQuietly) {
  EngineProcess e;
  handshake(e);
  for (const char* cmd : {"debug on", "debug off", "register later", "register name Jane Doe code 1234"}) {
    e.send(cmd);
    std::vector<std::string> lines = output_until_ready(e);
    EXPECT_EQ(lines.size(), 1u) << cmd << " printed " << lines.front();
  }
  e.send("debug sideways");
  std::vector<std::string> lines = output_until_ready(e);
  EXPECT_EQ(count_prefix(lines, "info string error: expected 'debug on' or 'debug off'"), 1);
}

TEST(UciProtocol, DebugLogFileRecordsBothDirectionsWithTimestamps) {
  namespace fs = std::filesystem;
  const fs::path log = fs::temp_directory_path() / ("taper_debug_log_" + std::to_string(getpid()) + ".txt");
  fs::remove(log);
  {
    EngineProcess e;
    handshake(e);
    e.send("setoption name Debug Log File value " + log.string());
    output_until_ready(e);
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    ASSERT_FALSE(e.read_until("bestmove", Slow).empty());
    e.send("go depth x");
    ASSERT_FALSE(e.read_until("bestmove", Slow).empty());
    // Logging stops when the option is emptied: the next dialogue is not recorded.
    e.send("setoption name Debug Log File value <empty>");
    e.send("d");
    output_until_ready(e);
    e.send("quit");
    EXPECT_TRUE(e.wait_exit(Slow));
  }
  std::ifstream in(log);
  ASSERT_TRUE(in.good()) << log;
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  fs::remove(log);
  const std::regex stamped(R"(^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} (>>|<<) .*)");
  for (const std::string& l : lines) EXPECT_TRUE(std::regex_match(l, stamped)) << l;
  auto has = [&](const std::string& tail) {
    for (const std::string& l : lines)
      if (l.size() >= tail.size() && l.compare(24, std::string::npos, tail) == 0) return true;
    return false;
  };
  EXPECT_TRUE(has(">> isready"));
  EXPECT_TRUE(has("<< readyok"));
  EXPECT_TRUE(has(">> position startpos moves e2e4"));
  EXPECT_TRUE(has(">> go depth 3"));
  EXPECT_TRUE(has(">> go depth x"));
  EXPECT_TRUE(has("<< info string error: 'depth' needs a number, not 'x'; go refused, answered by a depth-1 search"));
  bool bestmove = false, info = false;
  for (const std::string& l : lines) {
    bestmove |= l.find("<< bestmove ") != std::string::npos;
    info |= l.find("<< info depth 3 ") != std::string::npos;
  }
  EXPECT_TRUE(bestmove);
  EXPECT_TRUE(info);
  EXPECT_TRUE(has(">> setoption name Debug Log File value <empty>"));
  EXPECT_FALSE(has(">> d"));  // after logging stopped
}

TEST(UciProtocol, DebugLogFileThatCannotBeOpenedIsAnError) {
  EngineProcess e;
  handshake(e);
  e.send("setoption name Debug Log File value /no/such/folder/log.txt");
  std::vector<std::string> lines = output_until_ready(e);
  EXPECT_EQ(count_prefix(lines, "info string error: cannot open debug log file"), 1);
}

TEST(UciProtocol, LimitStrengthPlaysLegalMovesWithinItsBudget) {
  EngineProcess e;
  handshake(e);
  e.send("setoption name UCI_LimitStrength value true");
  e.send("setoption name UCI_Elo value 1320");
  e.send("position startpos moves e2e4 e7e5");
  e.send("go wtime 60000 btime 60000");
  std::vector<std::string> lines = e.read_until("bestmove", Slow);
  ASSERT_FALSE(lines.empty());
  // The last info line before bestmove is the move played (its PV starts with it).
  std::istringstream last(lines.back());
  std::string tag, move;
  last >> tag >> move;
  std::string pvOfPlayed;
  for (const std::string& l : lines)
    if (l.find(" multipv 1 ") != std::string::npos) pvOfPlayed = l.substr(l.find(" pv ") + 4);
  EXPECT_EQ(pvOfPlayed.substr(0, move.size()), move) << lines.back();
  e.send("setoption name Skill Level value 3");
  e.send("setoption name UCI_LimitStrength value false");
  e.send("go wtime 60000 btime 60000");
  EXPECT_FALSE(e.read_until("bestmove", Slow).empty());
  e.send("setoption name UCI_Elo value 1000");
  EXPECT_EQ(count_prefix(output_until_ready(e), "info string error: value 1000 for option UCI_Elo is out of range"), 1);
}

TEST(UciProtocol, VersionAndIdNameCarryTheCommit) {
  FILE* p = popen((std::string(TAPER_BINARY) + " --version").c_str(), "r");
  ASSERT_NE(p, nullptr);
  char buf[256] = {};
  ASSERT_NE(std::fgets(buf, sizeof buf, p), nullptr);
  pclose(p);
  std::string version(buf);
  while (!version.empty() && version.back() == '\n') version.pop_back();
  // "Taper 0.2.0 1a2b3c4d5e 2026-11-23 (portable, magic)"; "unknown" without git at build time.
  const std::regex shape(R"(^Taper \d+\.\d+\.\d+ ([0-9a-f]{7,40}(-dirty)?|unknown) (\d{4}-\d\d-\d\d|unknown) \(.+\)$)");
  EXPECT_TRUE(std::regex_match(version, shape)) << version;
  EngineProcess e;
  e.send("uci");
  std::vector<std::string> lines = e.read_until("uciok", Slow);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front(), "id name " + version);
}
