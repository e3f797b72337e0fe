// SPDX-License-Identifier: GPL-3.0-or-later
// The Syzygy wrapper: loading and error messages, Fathom arguments, and the 200 positions of
// tests/data/syzygy_tests/endgame.epd with their known WDL and DTZ.
#include <filesystem>
#include <fstream>
#include <regex>

#include "board/movegen.hpp"
#include "tb/syzygy.hpp"
#include "test_data.hpp"

using namespace taper;
using namespace taper::testing;

namespace {

std::string tables() { return data_path("syzygy"); }

struct TbCase {
  std::string fen;
  int wdlTable, wdl, dtz;
};

std::vector<TbCase> load_cases() {
  std::vector<TbCase> cases;
  std::regex re(R"(^(.*) wdl_table (-?\d+); wdl (-?\d+); dtz (-?\d+);)");
  for (const std::string& line : read_lines("syzygy_tests/endgame.epd")) {
    std::smatch m;
    EXPECT_TRUE(std::regex_search(line, m, re)) << line;
    cases.push_back({m[1].str(), std::stoi(m[2].str()), std::stoi(m[3].str()), std::stoi(m[4].str())});
  }
  return cases;
}

class SyzygyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Position::init();
    if (!syzygy::compiled_in()) GTEST_SKIP() << "built without libfathom";
    syzygy::LoadResult r = syzygy::init(tables());
    ASSERT_TRUE(r.ok) << r.message;
  }
};

}  // namespace

TEST(SyzygyConvert, FathomArgumentsMatchThePosition) {
  Position pos;
  ASSERT_TRUE(pos.set("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 3", false));
  syzygy::FathomPosition f = syzygy::to_fathom(pos);
  EXPECT_EQ(f.white, pos.pieces(WHITE));
  EXPECT_EQ(f.black, pos.pieces(BLACK));
  EXPECT_EQ(f.kings, square_bb(SQ_E1) | square_bb(SQ_E8));
  EXPECT_EQ(f.rooks, square_bb(SQ_A1) | square_bb(SQ_H1) | square_bb(SQ_A8) | square_bb(SQ_H8));
  EXPECT_EQ(f.pawns, square_bb(SQ_D5) | square_bb(SQ_E5));
  EXPECT_EQ(f.queens | f.bishops | f.knights, 0u);
  EXPECT_EQ(f.ep, unsigned(SQ_D6));  // a1 = 0 in both numberings
  EXPECT_EQ(f.castling, 1u | 8u);    // Fathom's TB_CASTLING_K | TB_CASTLING_q
  EXPECT_TRUE(f.whiteToMove);
  ASSERT_TRUE(pos.set("8/8/8/8/8/8/8/K1k5 b - - 7 40", false));
  f = syzygy::to_fathom(pos);
  EXPECT_EQ(f.ep, 0u);
  EXPECT_EQ(f.rule50, 7u);
  EXPECT_FALSE(f.whiteToMove);
}

TEST(SyzygyLoad, CountsTablesAndReportsBadFolders) {
  Position::init();
  if (!syzygy::compiled_in()) {
    syzygy::LoadResult r = syzygy::init(tables());
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find("Syzygy prober not available"), std::string::npos) << r.message;
    return;
  }
  syzygy::LoadResult r = syzygy::init(tables());
  EXPECT_TRUE(r.ok) << r.message;
  EXPECT_EQ(r.wdlTables, 35);  // every 3- and 4-piece ending
  EXPECT_EQ(r.dtzTables, 35);
  EXPECT_EQ(r.largest, 4);
  EXPECT_EQ(syzygy::max_pieces(), 4);

  // A missing folder is reported while the good one is still used.
  r = syzygy::init("/nonexistent/taper-tb:" + tables());
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.message.find("'/nonexistent/taper-tb' does not exist"), std::string::npos) << r.message;
  EXPECT_EQ(r.wdlTables, 35);
  EXPECT_EQ(r.largest, 4);

  // A file with a table's name but not a table's header is called corrupt.
  auto dir = std::filesystem::temp_directory_path() / ("taper-syzygy-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "KQvK.rtbw") << "not a table";
  std::ofstream(dir / "README.txt") << "ignored";
  r = syzygy::init(dir.string());
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.message.find("KQvK.rtbw' is unreadable or corrupt"), std::string::npos) << r.message;
  EXPECT_EQ(r.wdlTables, 0);
  r = syzygy::init(dir.string() + "/README.txt");
  EXPECT_NE(r.message.find("is not a folder"), std::string::npos) << r.message;
  std::filesystem::remove_all(dir);

  // Unloading leaves nothing to probe.
  r = syzygy::init("");
  EXPECT_EQ(r.largest, 0);
  Position pos;
  ASSERT_TRUE(pos.set("8/8/8/8/8/8/2Q5/K3k3 w - - 0 1", false));
  syzygy::Wdl wdl;
  EXPECT_FALSE(syzygy::probe_wdl(pos, wdl));
}

TEST_F(SyzygyTest, WdlAndDtzOfAllTwoHundredPositions) {
  int captureDecides = 0;
  for (const TbCase& c : load_cases()) {
    Position pos;
    ASSERT_TRUE(pos.set(c.fen, false)) << c.fen;
    syzygy::Wdl wdl;
    ASSERT_TRUE(syzygy::probe_wdl(pos, wdl)) << c.fen;
    EXPECT_EQ(int(wdl), c.wdl) << c.fen;
    syzygy::RootProbe root;
    ASSERT_TRUE(syzygy::probe_root(pos, false, root)) << c.fen;
    EXPECT_EQ(int(root.wdl), c.wdl) << c.fen;
    EXPECT_EQ(root.dtz, c.dtz) << c.fen;
    // Lines whose stored table value differs are those where a capture decides.
    captureDecides += c.wdlTable != c.wdl;
  }
  EXPECT_EQ(captureDecides, 13);
}

TEST_F(SyzygyTest, RootRankingKeepsTheResult) {
  for (const TbCase& c : load_cases()) {
    Position pos;
    ASSERT_TRUE(pos.set(c.fen, false));
    syzygy::RootProbe root;
    ASSERT_TRUE(syzygy::probe_root(pos, false, root));
    EXPECT_EQ(root.moves.size(), MoveList<LEGAL>(pos).size()) << c.fen;
    std::vector<Move> best = root.best_moves();
    ASSERT_FALSE(best.empty()) << c.fen;
    for (const syzygy::RootMove& m : root.moves) {
      bool isBest = std::find(best.begin(), best.end(), m.move) != best.end();
      // The best moves keep the root's result; no other move does better.
      if (isBest) {
        EXPECT_EQ(m.wdl, root.wdl) << c.fen;
      }
      EXPECT_LE(int(m.wdl), int(root.wdl)) << c.fen;
    }
  }
}

TEST_F(SyzygyTest, ProbesNeedAZeroedClockAndNoCastling) {
  Position pos;
  syzygy::Wdl wdl;
  ASSERT_TRUE(pos.set("8/8/8/8/8/8/2Q5/K3k3 w - - 5 1", false));
  EXPECT_FALSE(syzygy::probe_wdl(pos, wdl));  // rule50 != 0: Fathom refuses
  ASSERT_TRUE(pos.set("8/8/8/8/8/8/2Q5/K3k3 w - - 0 1", false));
  ASSERT_TRUE(syzygy::probe_wdl(pos, wdl));
  EXPECT_EQ(wdl, syzygy::Wdl::Win);
  ASSERT_TRUE(pos.set("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false));
  EXPECT_FALSE(syzygy::probe_wdl(pos, wdl));
  ASSERT_TRUE(pos.set("4k3/8/8/8/8/8/PP6/4K2R w - - 0 1", false));  // 5 pieces: not in the tables
  EXPECT_FALSE(syzygy::probe_wdl(pos, wdl));
}

TEST_F(SyzygyTest, RootClockTurnsLateLossesIntoBlessedOnes) {
  // KBN v K lost in 53 plies to zeroing (mate): with 60 plies already on the clock the
  // fifty-move rule saves the defender: the loss is blessed and every move ranks higher.
  Position pos;
  ASSERT_TRUE(pos.set("3B4/K7/8/k3N3/8/8/8/8 b - - 0 1", false));
  syzygy::RootProbe fresh, late;
  ASSERT_TRUE(syzygy::probe_root(pos, false, fresh));
  ASSERT_EQ(fresh.wdl, syzygy::Wdl::Loss);
  EXPECT_EQ(fresh.dtz, -53);
  for (const syzygy::RootMove& m : fresh.moves) EXPECT_LT(m.rank, -900);
  ASSERT_TRUE(pos.set("3B4/K7/8/k3N3/8/8/8/8 b - - 60 80", false));
  ASSERT_TRUE(syzygy::probe_root(pos, false, late));
  EXPECT_EQ(late.wdl, syzygy::Wdl::BlessedLoss);
  ASSERT_EQ(late.moves.size(), fresh.moves.size());
  for (size_t i = 0; i < late.moves.size(); ++i) EXPECT_GT(late.moves[i].rank, fresh.moves[i].rank);
  int best = -1000;
  for (const syzygy::RootMove& m : late.moves) best = std::max(best, m.rank);
  EXPECT_GT(best, -900);
}
