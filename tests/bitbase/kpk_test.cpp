// SPDX-License-Identifier: GPL-3.0-or-later
// KPK, solved by the general retrograde solver (bitbase/solver.cpp, the engine's only one):
// textbook positions (build time reported), and every entry against the Syzygy tables.
#include <gtest/gtest.h>

#include "bitbase/tables.hpp"
#include "board/position.hpp"
#include "tb/syzygy.hpp"
#include "test_data.hpp"

using namespace taper;
using bitbase::kpk_wins;

TEST(Kpk, TextbookPositions) {
  Position::init();
  bitbase::build_three_man();
  // The build time is reported, never asserted (it failed under ThreadSanitizer's slowdown).
  for (const bitbase::TableInfo& t : bitbase::ready_tables()) {
    std::cout << t.signature << " solved in " << t.cpuSeconds * 1000 << " ms of CPU\n";
    if (t.signature == "KPvK") ::testing::Test::RecordProperty("kpk_build_ms", std::to_string(t.cpuSeconds * 1000));
  }
  // kpk_wins(strong king, pawn, weak king, strong side to move)
  EXPECT_FALSE(kpk_wins(SQ_E6, SQ_E7, SQ_E8, false));  // stalemate
  EXPECT_TRUE(kpk_wins(SQ_E6, SQ_E5, SQ_E8, true));    // king on the sixth in front of the pawn
  EXPECT_TRUE(kpk_wins(SQ_E6, SQ_E5, SQ_E8, false));
  EXPECT_FALSE(kpk_wins(SQ_E5, SQ_E4, SQ_E7, true));   // the defender has the opposition
  EXPECT_TRUE(kpk_wins(SQ_E5, SQ_E4, SQ_E7, false));   // the attacker has it
  EXPECT_FALSE(kpk_wins(SQ_G6, SQ_H5, SQ_H8, true));   // rook pawn, defender in the corner
  EXPECT_TRUE(kpk_wins(SQ_H1, SQ_A5, SQ_H4, true));    // outside the square of the pawn
  EXPECT_FALSE(kpk_wins(SQ_H1, SQ_A5, SQ_D5, false));  // inside it (and it takes the pawn)
  // Left-right symmetry is built in: the h-file answers like the a-file.
  EXPECT_EQ(kpk_wins(SQ_A1, SQ_H5, SQ_A4, true), kpk_wins(SQ_H1, SQ_A5, SQ_H4, true));
  // Positions that cannot occur answer false: kings side by side, a pawn on the last rank.
  EXPECT_FALSE(kpk_wins(SQ_E5, SQ_E4, SQ_E6, true));
  EXPECT_FALSE(kpk_wins(SQ_A1, SQ_E8, SQ_H8, true));
}

// Every legal KPK position with White's pawn, both sides to move, against the 3-man tables.
TEST(Kpk, AgreesWithSyzygyEverywhere) {
  Position::init();
  bitbase::build_three_man();
  if (!syzygy::compiled_in()) GTEST_SKIP() << "built without libfathom";
  ASSERT_GT(syzygy::init(taper::testing::data_path("syzygy")).largest, 0);
  long checked = 0, wrong = 0;
  std::string firstWrong;
  for (Square wk = SQ_A1; wk <= SQ_H8; ++wk)
    for (Square bk = SQ_A1; bk <= SQ_H8; ++bk)
      for (Square p = SQ_A2; p <= SQ_H7; ++p) {
        if (wk == bk || wk == p || bk == p) continue;
        for (bool whiteToMove : {true, false}) {
          Position pos;
          std::string board(64, ' ');
          board[wk] = 'K', board[bk] = 'k', board[p] = 'P';
          std::string fen = fen_placement(board);
          fen += whiteToMove ? " w - - 0 1" : " b - - 0 1";
          if (!pos.set(fen, false)) continue;  // kings touching, or Black in check with White to move
          syzygy::Wdl wdl;
          ASSERT_TRUE(syzygy::probe_wdl(pos, wdl)) << fen;
          bool whiteWins = whiteToMove ? wdl == syzygy::Wdl::Win : wdl == syzygy::Wdl::Loss;
          ++checked;
          if (kpk_wins(wk, p, bk, whiteToMove) != whiteWins) {
            ++wrong;
            if (firstWrong.empty()) firstWrong = fen;
          }
        }
      }
  EXPECT_EQ(checked, 331352);
  EXPECT_EQ(wrong, 0) << "first: " << firstWrong;
}
