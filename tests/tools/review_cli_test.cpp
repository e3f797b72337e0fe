// SPDX-License-Identifier: GPL-3.0-or-later
// `taper review` run as a real process: bad files are refused with a clear message and a non-zero
// exit, a broken game is named with its number and line while the others are reviewed, and the
// files asked for (PGN, SVG per game, JSON) are written.
#include <algorithm>
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sys/wait.h>

#include "board/pgn.hpp"
#include "test_data.hpp"
#include "cli_run.hpp"

using namespace taper;
using namespace taper::testing;

namespace {

using Outcome = CliOutcome;

/// Runs `taper review ARGS`, stdout and stderr together.
Outcome run(std::vector<std::string> args) {
  args.insert(args.begin(), "review");
  return run_taper(args);
}

/// A fresh folder for one test's files.
std::filesystem::path scratch(const std::string& name) { return scratch_dir("review", name); }

}  // namespace

TEST(ReviewCli, EmptyUnreadableAndMissingFilesAreClearErrors) {
  const auto dir = scratch("errors");
  std::ofstream(dir / "empty.pgn").close();
  Outcome r = run({(dir / "empty.pgn").string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.out, "holds no game in PGN")) << r.out;

  std::ofstream(dir / "prose.pgn") << "{Just a comment, no game.}\n";
  r = run({(dir / "prose.pgn").string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.out, "holds no game")) << r.out;

  r = run({(dir / "missing.pgn").string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.out, "error: cannot read")) << r.out;

  r = run({dir.string()});  // a folder is not a file
  EXPECT_EQ(r.code, 1) << r.out;

  r = run({});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.out, "give one PGN file")) << r.out;

  std::ofstream(dir / "broken.pgn") << "1. e4 e5 2. Ke3 *\n";
  r = run({(dir / "broken.pgn").string(), "--nodes", "1000"});
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.out, "broken.pgn:1: game 1 cannot be reviewed: 'Ke3' is not a legal move")) << r.out;
  EXPECT_TRUE(contains(r.out, "no game in")) << r.out;
  std::filesystem::remove_all(dir);
}

TEST(ReviewCli, ABrokenGameIsNamedAndTheOthersAreReviewed) {
  const auto dir = scratch("mixed");
  const std::string pgn = (dir / "out.pgn").string(), svg = (dir / "graph.svg").string(), json = (dir / "review.json").string();
  const Outcome r = run({taper::testing::data_path("games/broken_and_truncated.pgn"), "--nodes", "3000", "--threads", "2", "--out", pgn,
                         "--svg", svg, "--json", json});
  EXPECT_EQ(r.code, 1) << r.out;  // not every game could be reviewed
  EXPECT_TRUE(contains(r.out, "broken_and_truncated.pgn:14: game 2 cannot be reviewed: 'Ke2' is not a legal move for White at move 7."))
      << r.out;
  EXPECT_TRUE(contains(r.out, "game 3 (line 16): the game ends without a result marker")) << r.out;
  EXPECT_TRUE(contains(r.out, "Game 1: Kermur Sire de Legal - Saint Brie")) << r.out;
  EXPECT_TRUE(contains(r.out, "Game 3: Paul Morphy - Duke Karl of Brunswick and Count Isouard")) << r.out;
  EXPECT_TRUE(contains(r.out, "Reviewed 2 game(s), 39 positions, 3000 nodes a position, 2 thread(s)")) << r.out;

  const std::vector<PgnGame> back = read_pgn(slurp(pgn));
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].moves.size(), 13u);
  EXPECT_EQ(back[1].moves.size(), 24u);
  for (const PgnGame& g : back) EXPECT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(std::filesystem::exists(dir / "graph-1.svg"));
  EXPECT_TRUE(std::filesystem::exists(dir / "graph-3.svg"));
  EXPECT_FALSE(std::filesystem::exists(dir / "graph-2.svg"));
  const std::string j = slurp(json);
  EXPECT_EQ(j.rfind("{\"games\":[{\"number\":1,", 0), 0u) << j.substr(0, 80);
  EXPECT_TRUE(contains(j, "{\"number\":3,")) << j.substr(0, 80);
  std::filesystem::remove_all(dir);
}

TEST(ReviewCli, AGraphThatCannotBeWrittenDoesNotCostThePgnAndTheJson) {
  const auto dir = scratch("unwritable");
  const std::string pgn = (dir / "out.pgn").string(), json = (dir / "review.json").string();
  const std::string svg = (dir / "no-such-folder" / "graph.svg").string();
  const Outcome r = run({taper::testing::data_path("games/legal_mate.pgn"), "--nodes", "2000", "--svg", svg, "--out", pgn, "--json", json});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "error: cannot write " + svg)) << r.out;
  const std::vector<PgnGame> back = read_pgn(slurp(pgn));
  ASSERT_EQ(back.size(), 1u) << r.out;
  EXPECT_EQ(back[0].moves.size(), 13u);
  const std::string j = slurp(json);
  EXPECT_EQ(j.rfind("{\"games\":[{\"number\":1,", 0), 0u) << j.substr(0, 80);
  EXPECT_EQ(j.substr(j.size() - 3), "]}\n");
  std::filesystem::remove_all(dir);
}

TEST(ReviewCli, OneGameOfAFileToStdout) {
  const Outcome r = run({taper::testing::data_path("games/corner_cases.pgn"), "--game", "2", "--nodes", "3000", "--out", "-"});
  EXPECT_EQ(r.code, 0) << r.out;
  // The set-up position: Black's 30...Ra2 lets White mate at once.
  EXPECT_TRUE(contains(r.out, "[FEN \"r5k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30\"]")) << r.out;
  // The movetext is wrapped at 80 columns after a summary that names the build, so where a line
  // breaks depends on the version string: read it with the breaks as spaces.
  std::string flat = r.out;
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  EXPECT_TRUE(contains(flat, "30... Ra2 $4")) << r.out;
  EXPECT_TRUE(contains(flat, "31. Rd8# { Checkmate. } 1-0")) << r.out;
  EXPECT_TRUE(contains(r.out, "Game 2: ")) << r.out;  // the summary, on stderr now
  const Outcome latin = run({taper::testing::data_path("games/latin1.pgn"), "--nodes", "2000"});
  EXPECT_EQ(latin.code, 0) << latin.out;
  EXPECT_TRUE(contains(latin.out, "is not UTF-8; read as Latin-1")) << latin.out;
  EXPECT_TRUE(contains(latin.out, "Kermur Sire de L\xC3\xA9gal - Saint Brie")) << latin.out;
}
