// SPDX-License-Identifier: GPL-3.0-or-later
// `taper tune` run as a process on a small data file: the losses of the real-valued weights beside
// the integer table's, the split by game in the header, the optimizers, and bad input answered.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "test_data.hpp"
#include "cli_run.hpp"

using namespace taper::testing;

namespace {

using Outcome = CliOutcome;

Outcome run_tune(std::vector<std::string> args) {
  args.insert(args.begin(), "tune");
  return run_taper(args);
}

std::string temp(const std::string& name) {
  return ::testing::TempDir() + "taper_tune_cli_" + std::to_string(::getpid()) + "_" + name;
}

std::string read_text(const std::string& path) { return slurp(path); }

/// The two numbers after `label` in `text` ("training X, validation Y" or "training X  validation Y").
std::pair<double, double> losses_after(const std::string& text, const std::string& label) {
  const size_t at = text.find(label);
  if (at == std::string::npos) return {-1, -1};
  double a = -1, b = -1;
  const size_t t = text.find("training", at), v = text.find("validation", at);
  std::sscanf(text.c_str() + t, "training %lf", &a);
  std::sscanf(text.c_str() + v, "validation %lf", &b);
  return {a, b};
}

}  // namespace

// The table is integers: its losses and those of the real-valued weights it was rounded from are
// both reported, in the summary and in the table's header, so rounding's cost is visible.
TEST(TuneCli, ReportsRealValuedAndIntegerLosses) {
  const std::string data = taper::testing::data_path("tuning/selfplay-082e9e3-every1100.txt");
  // A start far from the data's optimum (a tempo bonus of 120), so that three epochs of a fit of the
  // tempo alone leave fractional weights that improve on it.
  const std::string start = temp("start.inc"), out = temp("table.inc");
  std::ofstream(start) << std::regex_replace(read_text(std::string(TAPER_SOURCE_DIR) + "/src/eval/params_values.inc"),
                                             std::regex(R"(PARAM_VALUES\(Tempo, S\(-?[0-9]+, -?[0-9]+\)\))"),
                                             "PARAM_VALUES(Tempo, S(120, 120))");
  const Outcome r = run_tune({"--epochs", "3", "--quiet", "--threads", "1", "--lr", "5", "--only", "Tempo", "--weights",
                              start, "--out", out, data});
  ASSERT_EQ(r.code, 0) << r.out;
  const auto first = losses_after(r.out, "starting weights:");
  const auto real = losses_after(r.out, "tuned (real-valued):"), integers = losses_after(r.out, "tuned (integers):");
  EXPECT_GT(real.first, 0.0) << r.out;
  EXPECT_LT(real.first, first.first) << r.out;
  EXPECT_LT(real.second, first.second) << r.out;
  EXPECT_GT(integers.first, 0.0) << r.out;
  EXPECT_NE(real.first, integers.first) << r.out;  // the fractional tempo was rounded
  EXPECT_TRUE(contains(r.out, "Step factors below 1:")) << r.out;
  EXPECT_TRUE(contains(r.out, "(integers 0.")) << r.out;  // each epoch's line
  const std::string table = read_text(out);
  const auto headerReal = losses_after(table, "// Loss, the fitted real-valued weights:");
  const auto headerInt = losses_after(table, "// Loss, this table (integers):");
  EXPECT_NEAR(headerReal.first, real.first, 1e-6) << table.substr(0, 2000);
  EXPECT_NEAR(headerReal.second, real.second, 1e-6);
  EXPECT_NEAR(headerInt.second, integers.second, 1e-6);
  EXPECT_TRUE(contains(table, "of the games held out by hash")) << table.substr(0, 2000);
  EXPECT_TRUE(contains(table, "// Optimizer: adam, a step size per weight")) << table.substr(0, 2000);
  EXPECT_TRUE(contains(table, "in both)")) << table.substr(0, 2000);
}

TEST(TuneCli, OptionsAndBadInput) {
  const std::string data = taper::testing::data_path("tuning/selfplay-082e9e3-every1100.txt");
  const std::string out = temp("adagrad.inc");
  Outcome r = run_tune({"--epochs", "1", "--quiet", "--threads", "1", "--optimizer", "adagrad", "--uniform-steps",
                        "--l2", "0.001", "--l2-zero", "Tempo", "--score-weight", "0.5", "--out", out, data});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "adagrad with one step size; batch 16384, lr 1 (decay 1)")) << r.out;
  EXPECT_TRUE(contains(read_text(out), "Fitted objective (the blended target), validation: starting weights")) << r.out;
  // Resuming with the other optimizer is refused.
  r = run_tune({"--epochs", "2", "--quiet", "--threads", "1", "--resume", "--out", out, data});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "was made by --optimizer adagrad, not adam")) << r.out;
  r = run_tune({"--epochs", "2", "--quiet", "--threads", "1", "--resume", "--optimizer", "adagrad", "--out", out, data});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "was made with --uniform-steps")) << r.out;
  r = run_tune({"--epochs", "2", "--quiet", "--threads", "1", "--resume", "--optimizer", "adagrad", "--uniform-steps",
                "--l2", "0.001", "--score-weight", "0.5", "--out", out, data});
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "Resuming " + out + ".state at epoch 1")) << r.out;
  EXPECT_TRUE(contains(r.out, "epoch    2 ")) << r.out;

  // A held-out file named again as FILE, spelt otherwise, is read once, as validation data.
  const std::string other = taper::testing::data_path("tuning/quiet-labeled-subset-1_1000.epd");
  const std::string otherSpelt = other.substr(0, other.rfind('/')) + "/./" + other.substr(other.rfind('/') + 1);
  r = run_tune({"--evaluate", "--quiet", "--holdout", otherSpelt, "--out", temp("h.inc"), data, other});
  EXPECT_EQ(r.code, 0) << r.out;
  size_t dataLines = 0;
  for (size_t at = 0; (at = r.out.find("Data: ", at)) != std::string::npos; ++at) ++dataLines;
  EXPECT_EQ(dataLines, 2u) << r.out;
  EXPECT_TRUE(contains(r.out, "held out for validation")) << r.out;
  EXPECT_TRUE(contains(r.out, "(the held-out files, whole)")) << r.out;
  EXPECT_TRUE(contains(r.out, "in validation, 0 in both)")) << r.out;

  r = run_tune({"--optimizer", "sgd", data});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.out, "--optimizer is adam or adagrad, not 'sgd'")) << r.out;
  r = run_tune({"--split", "hash", data});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.out, "--split is game or position")) << r.out;
  r = run_tune({"--l2-zero", "NoSuchTerm", "--quiet", "--out", temp("x.inc"), data});
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.out, "no parameter or group named 'NoSuchTerm'")) << r.out;

  // A corrupt xz file: named, with the reason, and no table written.
  const std::string bad = temp("corrupt.txt.xz");
  std::ofstream(bad, std::ios::binary) << std::string("\xFD" "7zXZ\0", 6) << std::string(200, 'x');
  r = run_tune({"--quiet", "--out", temp("never.inc"), bad});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "error: " + bad + ": xz: ")) << r.out;
  EXPECT_FALSE(std::ifstream(temp("never.inc")).good());
  // A malformed line is counted and shown, never fatal.
  const std::string mixed = temp("mixed.txt");
  std::ofstream(mixed) << "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | 20 | 0.5\n"
                          "this is not a position\n"
                          "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | x | 0.5\n";
  r = run_tune({"--evaluate", "--quiet", "--validation", "0", "--out", temp("eval.inc"), mixed});
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "2 bad lines")) << r.out;
  EXPECT_TRUE(contains(r.out, "bad: line 3: the score is not an integer")) << r.out;
}
