// SPDX-License-Identifier: GPL-3.0-or-later
// `taper report` run as a real process: bad input answered in words with nothing written or lost,
// a broken game skipped by name and counted, the report's files and their contract, --resume
// reviewing only what is missing, and two shards merged giving the very files of one run.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sys/wait.h>
#include <unistd.h>

#include "board/pgn.hpp"
#include "explain/json_value.hpp"
#include "review/report.hpp"
#include "cli_run.hpp"

using namespace taper;
using namespace taper::testing;
namespace fs = std::filesystem;

namespace {

using Outcome = CliOutcome;

/// Runs `taper report ARGS`, stdout and stderr apart (stderr through a file).
Outcome run(std::vector<std::string> args, const fs::path& errFile) {
  args.insert(args.begin(), "report");
  return run_taper(args, "", errFile);
}

fs::path scratch(const std::string& name) { return scratch_dir("report", name); }

/// Alice's games as White and Black, her name written in other cases, another pair's game, and
/// a broken one of hers. Short games: the tests search each position for a few thousand nodes.
constexpr const char* Games =
    "[Event \"Legal's mate\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0\n\n"
    "[Event \"Scholar's mate\"]\n[White \"bob\"]\n[Black \"ALICE\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n"
    "[Event \"Someone else\"]\n[White \"Dave\"]\n[Black \"Eve\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n\n"
    "[Event \"Missed queen\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"1/2-1/2\"]\n\n"
    "1. e4 e5 2. Nf3 Qh4 3. Nc3 Qf6 4. d4 1/2-1/2\n\n"
    "[Event \"Broken\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n"
    "[Event \"Elephant trap\"]\n[White \"Carol\"]\n[Black \" alice \"]\n[Result \"0-1\"]\n\n"
    "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Nbd7 5. cxd5 exd5 6. Nxd5 Nxd5 7. Bxd8 Bb4+ 8. Qd2 Bxd2+ 9. Kxd2 Kxd8 0-1\n\n"
    "[Event \"Missed mate\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n\n"
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Nc3 Nxh5 0-1\n";

fs::path games_file(const fs::path& dir) {
  std::ofstream(dir / "games.pgn", std::ios::binary) << Games;
  return dir / "games.pgn";
}

const std::vector<std::string> Fast = {"--nodes", "3000"};

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

TEST(ReportCli, BadInputIsAnsweredInWords) {
  const fs::path dir = scratch("bad");
  const std::string pgn = games_file(dir).string();
  const fs::path err = dir / "stderr";
  Outcome r = run({pgn}, err);
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "give the player with --player NAME")) << r.err;

  r = run({pgn, "--player", "Zed", "--out", (dir / "zed").string()}, err);
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.err, "Zed plays in none of the 7 game(s)")) << r.err;
  EXPECT_TRUE(contains(r.err, "Bob")) << r.err;  // the names that are there
  EXPECT_FALSE(fs::exists(dir / "zed"));         // nothing written

  r = run({(dir / "missing.pgn").string(), "--player", "Alice"}, err);
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.err, "cannot read")) << r.err;
  r = run({dir.string(), "--player", "Alice"}, err);  // a folder
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.err, "cannot read")) << r.err;
  std::ofstream(dir / "empty.pgn").close();
  r = run({(dir / "empty.pgn").string(), "--player", "Alice"}, err);
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.err, "holds no game")) << r.err;

  for (const char* shard : {"0/2", "3/2"}) {
    r = run({pgn, "--player", "Alice", "--shard", shard}, err);
    EXPECT_EQ(r.code, 2) << shard;
    EXPECT_TRUE(contains(r.err, "K must be from 1 to N")) << r.err;
  }
  for (const char* shard : {"x/y", "2", "1/", "-1/2"}) {
    r = run({pgn, "--player", "Alice", "--shard", shard}, err);
    EXPECT_EQ(r.code, 2) << shard;
    EXPECT_TRUE(contains(r.err, "--shard wants K/N")) << r.err;
  }
  r = run({"--merge", (dir / "merged").string()}, err);
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.err, "wants the shard folders")) << r.err;
  r = run({"--merge", (dir / "merged").string(), (dir / "no-report").string()}, err);
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.err, "is " + (dir / "no-report").string() + " a report folder?")) << r.err;
}

TEST(ReportCli, WritesTheReportSkipsTheBrokenGameAndKeepsAnExistingReport) {
  const fs::path dir = scratch("run");
  const std::string pgn = games_file(dir).string(), out = (dir / "report").string();
  const fs::path err = dir / "stderr";
  const Outcome r = run(with({pgn, "--player", "alice", "--out", out}, Fast), err);
  EXPECT_EQ(r.code, 1) << r.err;  // one game could not be reviewed
  EXPECT_TRUE(contains(r.err, "game 5 (Alice - Bob")) << r.err;
  EXPECT_TRUE(contains(r.err, "Skipped.")) << r.err;
  EXPECT_TRUE(contains(r.err, "left")) << r.err;  // progress: games done and time left
  EXPECT_TRUE(contains(r.out, "alice: 5 game(s): +2 =1 -2, 1 broken game(s) skipped")) << r.out;
  EXPECT_TRUE(contains(r.out, "Accuracy: ")) << r.out;

  const std::optional<JsonValue> json = parse_json(slurp(dir / "report" / "report.json"));
  ASSERT_TRUE(json);
  const JsonValue& j = *json;
  EXPECT_EQ(j["player"].str(), "alice");
  EXPECT_EQ(j["games"].integer(), 5);
  EXPECT_EQ(j["skipped"].integer(), 1);
  EXPECT_EQ(j["results"]["wins"].integer(), 2);
  EXPECT_EQ(j["results"]["draws"].integer(), 1);
  EXPECT_EQ(j["results"]["losses"].integer(), 2);
  for (const char* phase : {"overall", "opening", "middlegame", "endgame"})
    EXPECT_NE(j["accuracy"].members.count(phase), 0u) << phase;
  EXPECT_EQ(j["accuracy"]["overall"].kind, JsonValue::Kind::Number);
  EXPECT_EQ(j["acpl"].kind, JsonValue::Kind::Number);
  for (std::string_view c : MoveClassNames) EXPECT_EQ(j["classes"][c].kind, JsonValue::Kind::Number) << c;
  ASSERT_FALSE(j["reasons"].items.empty());
  double previous = 1e9;
  for (const JsonValue& reason : j["reasons"].items) {
    EXPECT_TRUE(reason_key_from_name(reason["group"].str())) << reason["group"].str();
    EXPECT_GE(reason["count"].integer(), 1);
    EXPECT_LE(reason["chances_lost"].num(), previous);  // ranked by chances lost
    previous = reason["chances_lost"].num();
  }
  ASSERT_FALSE(j["openings"].items.empty());
  for (const char* key : {"eco", "name", "colour", "games", "score", "accuracy"})
    EXPECT_NE(j["openings"].items[0].members.count(key), 0u) << key;
  EXPECT_GE(j["puzzles"].integer(), 2);  // the missed queen and the missed mate
  EXPECT_GT(j["positions"].integer(), 40);

  // games.pgn: the five reviewed games, annotated; puzzles.pgn: as many puzzles as counted.
  const std::vector<PgnGame> annotated = read_pgn(slurp(dir / "report" / "games.pgn"));
  EXPECT_EQ(annotated.size(), 5u);
  for (const PgnGame& g : annotated) EXPECT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(contains(slurp(dir / "report" / "games.pgn"), "[%eval"));
  const std::vector<PgnGame> puzzles = read_pgn(slurp(dir / "report" / "puzzles.pgn"));
  EXPECT_EQ(int(puzzles.size()), j["puzzles"].integer());
  for (const PgnGame& p : puzzles) {
    EXPECT_TRUE(p.error.empty()) << p.error;
    EXPECT_FALSE(p.tag("FEN").empty());
    EXPECT_FALSE(p.tag("Theme").empty());
  }
  const std::string html = slurp(dir / "report" / "report.html");
  EXPECT_TRUE(contains(html, "<svg")) << "boards and graphs inline";
  EXPECT_FALSE(contains(html, "http://") && contains(html, "<link")) << "no outside resources";
  EXPECT_FALSE(contains(html, "<script src"));

  // A second run into the same folder without --resume is refused and loses nothing.
  const std::string before = slurp(dir / "report" / "games.jsonl");
  const Outcome again = run(with({pgn, "--player", "alice", "--out", out}, Fast), err);
  EXPECT_EQ(again.code, 1);
  EXPECT_TRUE(contains(again.err, "already holds a report")) << again.err;
  EXPECT_EQ(slurp(dir / "report" / "games.jsonl"), before);
}

TEST(ReportCli, ResumeReviewsOnlyWhatTheStateFileLacks) {
  const fs::path dir = scratch("resume");
  const std::string pgn = games_file(dir).string(), out = (dir / "report").string();
  const fs::path err = dir / "stderr";
  ASSERT_EQ(run(with({pgn, "--player", "Alice", "--out", out}, Fast), err).code, 1);
  const std::string whole = slurp(dir / "report" / "games.jsonl"), json = slurp(dir / "report" / "report.json");
  const std::string pgnText = slurp(dir / "report" / "games.pgn");
  // An interrupted run: the last game lost, the one before cut off in the middle of its line.
  size_t end = whole.rfind('\n', whole.size() - 2);
  end = whole.rfind('\n', end - 1);
  const size_t cut = end + 1 + (whole.find('\n', end + 1) - end) / 2;
  std::ofstream(dir / "report" / "games.jsonl", std::ios::binary | std::ios::trunc) << whole.substr(0, cut);
  const Outcome r = run(with({pgn, "--player", "Alice", "--out", out, "--resume"}, Fast), err);
  EXPECT_TRUE(contains(r.err, "4 already done")) << r.err;
  EXPECT_TRUE(contains(r.out, "Reviewed 2 game(s)")) << r.out;
  EXPECT_EQ(slurp(dir / "report" / "games.jsonl"), whole);
  EXPECT_EQ(slurp(dir / "report" / "report.json"), json);
  EXPECT_EQ(slurp(dir / "report" / "games.pgn"), pgnText);

  const Outcome other = run(with({pgn, "--player", "Bob", "--out", out, "--resume"}, Fast), err);
  EXPECT_EQ(other.code, 1);
  EXPECT_TRUE(contains(other.err, "holds a report of Alice, not of Bob")) << other.err;
}

TEST(ReportCli, TwoShardsMergedMakeTheReportOfOneRun) {
  const fs::path dir = scratch("shards");
  const std::string pgn = games_file(dir).string();
  const fs::path err = dir / "stderr";
  run(with({pgn, "--player", "Alice", "--out", (dir / "one").string()}, Fast), err);
  const Outcome a = run(with({pgn, "--player", "Alice", "--out", (dir / "a").string(), "--shard", "1/2"}, Fast), err);
  EXPECT_TRUE(contains(a.out, "Alice: 3 game(s)")) << a.out;  // her 1st, 3rd and 5th games
  const Outcome b = run(with({pgn, "--player", "Alice", "--out", (dir / "b").string(), "--shard", "2/2"}, Fast), err);
  EXPECT_TRUE(contains(b.out, "Alice: 2 game(s)")) << b.out;  // her 2nd and 6th; the 4th is the broken one
  EXPECT_TRUE(contains(b.out, "1 broken game(s) skipped")) << b.out;
  const Outcome m = run({"--merge", (dir / "merged").string(), (dir / "b").string(), (dir / "a").string()}, err);
  EXPECT_EQ(m.code, 0) << m.err;
  for (const char* file : {"games.jsonl", "report.json", "report.html", "games.pgn", "puzzles.pgn"})
    EXPECT_EQ(slurp(dir / "merged" / file), slurp(dir / "one" / file)) << file;
  EXPECT_FALSE(slurp(dir / "one" / "games.jsonl").empty());
}
