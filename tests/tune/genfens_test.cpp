// SPDX-License-Identifier: GPL-3.0-or-later
// OpenBench's `genfens` openings: the command text, determinism, legality, balance.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <sstream>

#include "board/movegen.hpp"
#include "eval/evaluate.hpp"
#include "test_data.hpp"
#include "tune/genfens.hpp"

using namespace taper;
using namespace taper::tune;

namespace {

std::vector<std::string> fens(const std::string& command) {
  GenfensRequest r;
  std::string error;
  EXPECT_TRUE(parse_genfens(command, r, error)) << error;
  std::ostringstream out;
  EXPECT_TRUE(run_genfens(r, out, error)) << error;
  std::vector<std::string> result;
  std::istringstream in(out.str());
  const std::string prefix = "info string genfens ";
  for (std::string line; std::getline(in, line);) {
    EXPECT_EQ(line.rfind(prefix, 0), 0u) << line;
    result.push_back(line.substr(prefix.size()));
  }
  return result;
}

}  // namespace

TEST(Genfens, ParsesOpenBenchsCommandAndRejectsOthers) {
  GenfensRequest r;
  std::string error;
  EXPECT_TRUE(parse_genfens("genfens 12 seed 345 book None extra words", r, error));
  EXPECT_EQ(r.count, 12);
  EXPECT_EQ(r.seed, 345u);
  EXPECT_TRUE(r.book.empty());
  for (const char* bad : {"genfens", "genfens x seed 1 book None", "genfens 3 sed 1 book None", "genfens 3 seed 1",
                          "genfens -1 seed 1 book None"})
    EXPECT_FALSE(parse_genfens(bad, r, error)) << bad;
  r = {5, 1, "/no/such/book.epd"};
  std::ostringstream out;
  EXPECT_FALSE(run_genfens(r, out, error));
  EXPECT_FALSE(error.empty());
}

TEST(Genfens, PlayableDistinctAndReproducibleOpenings) {
  const std::vector<std::string> a = fens("genfens 20 seed 7 book None");
  ASSERT_EQ(a.size(), 20u);
  EXPECT_EQ(a, fens("genfens 20 seed 7 book None"));
  EXPECT_NE(a, fens("genfens 20 seed 8 book None"));
  EXPECT_GT(std::set<std::string>(a.begin(), a.end()).size(), 18u);
  Evaluator evaluator;
  for (const std::string& fen : a) {
    Position pos;
    ASSERT_TRUE(pos.set(fen, false)) << fen;
    EXPECT_FALSE(pos.in_check()) << fen;
    EXPECT_GT(MoveList<LEGAL>(pos).size(), 0u) << fen;
    EXPECT_LE(std::abs(evaluator.evaluate(pos)), 300) << fen;
  }
}

TEST(Genfens, StartsFromTheBookLines) {
  const std::vector<std::string> lines = fens("genfens 10 seed 1 book " + taper::testing::data_path("books/noob_2moves.epd"));
  EXPECT_EQ(lines.size(), 10u);
}
