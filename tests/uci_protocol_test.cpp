// SPDX-License-Identifier: GPL-3.0-or-later
// Protocol corners with the real binary: a malformed `go` starts nothing, `debug` and `register`
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

TEST(UciProtocol, MalformedGoIsRefusedWholeAndStartsNothing) {
  EngineProcess e;
  handshake(e);
  e.send("position startpos");
  for (const char* go : {"go depth x", "go movetime -5", "go infinite frobnicate", "go wtime 1000 btime abc",
                         "go searchmoves e2e5", "go depth 0"}) {
    e.send(go);
    // One error line, then (were a search running) `isready` would still answer, but the next
    // `go` would be refused as "ignored while searching" and an infinite search never ends.
    std::vector<std::string> lines = output_until_ready(e);
    EXPECT_EQ(count_prefix(lines, "info string error:"), 1) << go;
    EXPECT_EQ(count_prefix(lines, "info depth"), 0) << go;
    EXPECT_EQ(count_prefix(lines, "bestmove"), 0) << go;
    ASSERT_FALSE(lines.empty());
    EXPECT_NE(lines.front().find("go ignored"), std::string::npos) << go << " -> " << lines.front();
    e.send("go depth 2");
    std::vector<std::string> next = e.read_until("bestmove", Slow);
    ASSERT_FALSE(next.empty()) << go;
    for (const std::string& l : next) EXPECT_EQ(l.find("ignored while searching"), std::string::npos) << go;
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
    output_until_ready(e);
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
  EXPECT_TRUE(has("<< info string error: 'depth' needs a number, not 'x'; go ignored"));
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
