// SPDX-License-Identifier: GPL-3.0-or-later
// The command-line subcommands (src/tools) run as real processes: every one answers --help and
// rejects unknown flags; analyse's flags and infinite mode; perft and bench agree with UCI.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sys/wait.h>

#include "engine_process.hpp"
#include "tools/subcommands.hpp"
#include "cli_run.hpp"

using namespace taper;
using namespace taper::testing;

namespace {

using Outcome = CliOutcome;

/// Runs `taper ARGS` with `input` on stdin, stdout and stderr together.
Outcome run(const std::vector<std::string>& args, const std::string& input = "") { return run_taper(args, input); }

}  // namespace

TEST(ToolsCli, EveryCommandAnswersHelp) {
  ASSERT_GE(tools::subcommands().size(), 11u);
  for (const tools::Subcommand& c : tools::subcommands()) {
    const std::string name(c.name);
    const Outcome r = run({name, "--help"});
    EXPECT_EQ(r.code, 0) << name << ": " << r.out;
    EXPECT_EQ(r.out.rfind("usage: taper " + name, 0), 0u) << r.out;
    EXPECT_TRUE(contains(r.out, std::string(c.summary))) << r.out;
    EXPECT_TRUE(contains(r.out, "-h, --help")) << r.out;
  }
}

TEST(ToolsCli, EveryCommandRejectsUnknownFlags) {
  for (const tools::Subcommand& c : tools::subcommands()) {
    const std::string name(c.name);
    const Outcome r = run({name, "--no-such-flag"});
    EXPECT_EQ(r.code, 2) << name << ": " << r.out;
    EXPECT_TRUE(contains(r.out, "error: unknown flag --no-such-flag for " + name + " (see taper " + name + " --help)"))
        << r.out;
  }
  // A short flag that is not declared is an unknown flag too, never a FEN word.
  const Outcome r = run({"analyse", "-x", "8/8/8/8/8/8/8/K1k5", "w", "-", "-"});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.out, "unknown flag -x for analyse")) << r.out;
}

TEST(ToolsCli, TopLevelHelpListsTheTable) {
  const Outcome r = run({"--help"});
  EXPECT_EQ(r.code, 0);
  for (const tools::Subcommand& c : tools::subcommands()) EXPECT_TRUE(contains(r.out, "  " + std::string(c.name))) << c.name;
  const Outcome bad = run({"frobnicate"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_TRUE(contains(bad.out, "unknown command 'frobnicate'")) << bad.out;
}

TEST(ToolsCli, BadFlagValuesAreNamed) {
  Outcome r = run({"analyse", "--multipv", "three"});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.out, "--multipv needs an integer from 1 to 256, not 'three'")) << r.out;
  r = run({"analyse", "--depth"});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.out, "--depth needs an integer")) << r.out;
  r = run({"bench", "0"});
  EXPECT_EQ(r.code, 2);
  r = run({"perft"});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.out, "perft needs a DEPTH")) << r.out;
  r = run({"datagen"});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.out, "--out FILE is required")) << r.out;
}

TEST(ToolsCli, AnalyseFlagsAreNotPartOfTheFen) {
  // Before the tools layer, "--multipv 3" was read as part of the FEN.
  const Outcome r = run({"analyse", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R", "w", "KQkq", "-", "2", "3",
                     "--multipv", "3", "--depth", "6", "--hash", "8"});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "analysing to depth 6 with 1 thread(s), 3 lines")) << r.out;
  EXPECT_TRUE(contains(r.out, "    6    3 ")) << r.out;  // depth 6, third line
  EXPECT_FALSE(contains(r.out, "\n    7 ")) << r.out;
  EXPECT_TRUE(contains(r.out, "Best move: ")) << r.out;
  const Outcome nodes = run({"analyse", "--nodes", "20000"});
  ASSERT_EQ(nodes.code, 0) << nodes.out;
  EXPECT_TRUE(contains(nodes.out, "analysing for 20000 nodes")) << nodes.out;
}

/// The three numbers of analyse's "Chances: White wins W %, draw D %, Black wins L %" line.
std::array<int, 3> chances(const std::string& out) {
  std::array<int, 3> c{-1, -1, -1};
  size_t at = out.find("Chances: White wins ");
  if (at != std::string::npos)
    std::sscanf(out.c_str() + at, "Chances: White wins %d %%, draw %d %%, Black wins %d %%", &c[0], &c[1], &c[2]);
  return c;
}

// The closing verdict also as chances from the UCI_ShowWDL model, from White's side whoever
// is to move: a queen up wins nearly always, a mate always, the start is mostly undecided.
TEST(ToolsCli, AnalyseGivesTheVerdictAsWinDrawLossChances) {
  const Outcome start = run({"analyse", "--depth", "6", "--hash", "8"});
  ASSERT_EQ(start.code, 0) << start.out;
  std::array<int, 3> c = chances(start.out);
  EXPECT_GE(c[0] + c[1] + c[2], 99) << start.out;
  EXPECT_LE(c[0] + c[1] + c[2], 101) << start.out;
  EXPECT_GT(c[1], 10) << start.out;
  const Outcome queenUp = run({"analyse", "--depth", "6", "--hash", "8", "4k3/pppppppp/8/8/8/8/PPPPPPPP/3QK3", "b", "-", "-"});
  c = chances(queenUp.out);
  EXPECT_GE(c[0], 90) << queenUp.out;  // Black to move, and White still wins
  EXPECT_LE(c[2], 2) << queenUp.out;
  const Outcome mate = run({"analyse", "--depth", "4", "--hash", "8", "6k1/5ppp/8/8/8/8/8/R5K1", "w", "-", "-"});
  c = chances(mate.out);
  EXPECT_EQ(c[0], 100) << mate.out;
}

TEST(ToolsCli, AnalyseInfiniteStopsOnEnterOrEndOfInput) {
  for (bool closeInput : {false, true}) {
    taper::testing::EngineProcess p(TAPER_BINARY, {"analyse", "--infinite", "--hash", "8"});
    ASSERT_FALSE(p.read_until("depth ", 5000).empty());  // the column header
    ASSERT_FALSE(p.read_until("    8 ", 20000).empty());  // it keeps deepening meanwhile
    if (closeInput) p.close_input();
    else p.send("");
    const std::vector<std::string> tail = p.read_until("Best move: ", 10000);
    ASSERT_FALSE(tail.empty()) << (closeInput ? "stdin closed" : "Enter");
    EXPECT_TRUE(p.wait_exit(5000));
    EXPECT_EQ(p.exit_status(), 0);
  }
}

TEST(ToolsCli, PerftAndBenchPrintWhatUciPrints) {
  const std::string kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const Outcome cli = run({"perft", "3", kiwipete});
  ASSERT_EQ(cli.code, 0);
  EXPECT_TRUE(contains(cli.out, "Nodes searched: 97862\n")) << cli.out;
  taper::testing::EngineProcess uci;
  uci.send("position fen " + kiwipete);
  uci.send("go perft 3");
  std::string uciText;
  for (const std::string& l : uci.read_until("Nodes searched", 10000)) uciText += l + "\n";
  EXPECT_EQ(cli.out.substr(0, cli.out.find("Nodes searched")), uciText.substr(0, uciText.find("Nodes searched")));

  const Outcome bench = run({"bench", "4"});
  ASSERT_EQ(bench.code, 0);
  uci.send("bench 4");
  const std::vector<std::string> uciBench = uci.read_until("Nodes searched  :", 30000);
  ASSERT_FALSE(uciBench.empty());
  EXPECT_TRUE(contains(bench.out, uciBench.back() + "\n")) << uciBench.back();
  uci.send("quit");
}

TEST(ToolsCli, MovesConvertsAndJudgesMoves) {
  const std::string input =
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e4 e7e5 Nf3\n"
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - moves f3 e5 g4 Qh4#\n"
      "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - each Qxf7+ h5f7 Bxf7\n"
      "7k/5Q2/6K1/8/8/8/8/8 b - -\n"
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - moves e5\n"
      "not a fen\n"
      "1k5r/8/8/8/8/8/8/1K5R w Hh - each O-O\n";
  const Outcome r = run({"moves"}, input);
  ASSERT_EQ(r.code, 0) << r.out;
  std::vector<std::string> lines;
  for (size_t at = 0, nl; (nl = r.out.find('\n', at)) != std::string::npos; at = nl + 1) lines.push_back(r.out.substr(at, nl - at));
  ASSERT_EQ(lines.size(), 7u) << r.out;
  EXPECT_TRUE(contains(lines[0], "\tuci=e2e4 e7e5 g1f3\tsan=e4 e5 Nf3\t")) << lines[0];
  EXPECT_TRUE(contains(lines[0], "fen=rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\tstatus=none")) << lines[0];
  EXPECT_TRUE(contains(lines[0], " b8c6 ")) << lines[0];  // the legal replies
  EXPECT_TRUE(contains(lines[1], "status=checkmate\tuci=f2f3 e7e5 g2g4 d8h4\tsan=f3 e5 g4 Qh4#\tlegal=\n") ||
              lines[1].ends_with("legal="))
      << lines[1];
  EXPECT_TRUE(contains(lines[2], "\tuci=h5f7 h5f7 c4f7\tsan=Qxf7# Qxf7# Bxf7+\t")) << lines[2];
  EXPECT_TRUE(contains(lines[3], "status=stalemate")) << lines[3];
  EXPECT_EQ(lines[4].rfind("error\tillegal or unreadable move 'e5'", 0), 0u) << lines[4];
  EXPECT_EQ(lines[5].rfind("error\tbad FEN", 0), 0u) << lines[5];
  EXPECT_TRUE(contains(lines[6], "\tuci=b1h1\tsan=O-O\t")) << lines[6];  // Chess960: king takes rook
}

TEST(ToolsCli, ReadmeListsTheSubcommandTable) {
  std::ifstream in(std::string(TAPER_SOURCE_DIR) + "/README.md");
  ASSERT_TRUE(in) << "README.md not found";
  const std::string readme{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  EXPECT_TRUE(contains(readme, "```text\n" + tools::usage() + "```\n")) << "README's copy of `taper --help` is stale:\n"
                                                                          << tools::usage();
}

TEST(ToolsCli, GenfensAsOpenBenchSendsIt) {
  // One quoted argument followed by the UCI word quit (docs/OPENBENCH.md).
  const Outcome r = run({"genfens 3 seed 5 book None", "quit"});
  ASSERT_EQ(r.code, 0) << r.out;
  size_t lines = 0;
  for (size_t at = 0; (at = r.out.find("info string genfens ", at)) != std::string::npos; ++at) ++lines;
  EXPECT_EQ(lines, 3u) << r.out;
  EXPECT_EQ(run({"genfens", "3", "seed", "5", "book", "None"}).out, r.out);
  const Outcome bad = run({"genfens 3 seed x book None"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_TRUE(contains(bad.out, "info string error: ")) << bad.out;
}
