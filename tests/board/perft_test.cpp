// SPDX-License-Identifier: GPL-3.0-or-later
// Perft suites (standard and Chess960) from tests/data/perft against the known node counts.
#include <sstream>

#include "board/perft.hpp"
#include "test_data.hpp"

using namespace taper;
using namespace taper::testing;

namespace {

struct PerftCase {
  std::string fen;
  std::vector<std::pair<int, uint64_t>> depths;  // (depth, expected nodes)
};

std::vector<PerftCase> load_suite(const std::string& file) {
  std::vector<PerftCase> cases;
  for (const std::string& line : read_lines(file)) {
    PerftCase c;
    std::stringstream ss(line);
    std::getline(ss, c.fen, ';');
    for (std::string field; std::getline(ss, field, ';');) {
      std::istringstream fs(field);
      std::string d;
      uint64_t n;
      if (fs >> d >> n && d.size() >= 2 && d[0] == 'D') c.depths.emplace_back(std::stoi(d.substr(1)), n);
    }
    cases.push_back(c);
  }
  return cases;
}

/// Runs every depth whose expected count is within `maxNodes`; returns positions checked.
int run_suite(const std::string& file, bool chess960, uint64_t maxNodes, int stride) {
  auto cases = load_suite(file);
  EXPECT_FALSE(cases.empty());
  int checked = 0;
  for (size_t i = 0; i < cases.size(); i += stride) {
    const PerftCase& c = cases[i];
    Position pos;
    std::string err;
    bool parsed = pos.set(c.fen, chess960, &err);
    EXPECT_TRUE(parsed) << c.fen << ": " << err;
    if (!parsed) continue;
    const std::string before = pos.fen();
    for (auto [depth, expected] : c.depths) {
      if (expected > maxNodes) continue;
      EXPECT_EQ(perft(pos, depth), expected) << file << " line " << i + 1 << " depth " << depth << ": " << c.fen;
      EXPECT_EQ(pos.fen(), before) << "make/unmake did not restore the position";
    }
    ++checked;
  }
  return checked;
}

}  // namespace

// The node budget per position is tunable: TAPER_PERFT_NODES (default fits a sanitizer run).
TEST(Perft, StandardSuite) {
  EXPECT_EQ(run_suite("perft/standard.epd", false, env_long("TAPER_PERFT_NODES", 2'000'000), 1), 128);
}

TEST(Perft, Chess960Suite) {
  EXPECT_EQ(run_suite("perft/fischer.epd", true, env_long("TAPER_PERFT_NODES", 2'000'000) / 4, 1), 960);
}

// Deep runs: every depth up to 200M nodes; labelled "slow" in CTest, not part of the default run.
TEST(PerftDeep, StandardSuite) { run_suite("perft/standard.epd", false, 200'000'000, 1); }
TEST(PerftDeep, Chess960Suite) { run_suite("perft/fischer.epd", true, 200'000'000, 7); }
