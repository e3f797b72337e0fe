// SPDX-License-Identifier: GPL-3.0-or-later
// Four-man bitbases: index layout and symmetry, textbook verdicts (double-checked by the
// Syzygy tables), the evaluators that use them, and building only on request.
#include <random>

#include "bitbase/archive.hpp"
#include "bitbase/tables.hpp"
#include "eval/endgames.hpp"
#include "tb_verdict.hpp"

using namespace taper;
using namespace taper::bitbase;

namespace {

Position make(const std::string& fen) {
  endgames::init();
  Position pos;
  EXPECT_TRUE(pos.set(fen, false)) << fen;
  return pos;
}

/// The bitbase's verdict for the side to move (-1, 0, 1), solving the table first.
int solved(const std::string& fen) {
  Position pos = make(fen);
  EXPECT_TRUE(build_now(pos)) << fen;
  Wdl w = Wdl::Draw;
  EXPECT_TRUE(probe(pos, w)) << fen;
  return int(w);
}

/// The tables' verdict, or 2 when they are missing.
int tables(const std::string& fen) { return taper::testing::tablebase_verdict(make(fen)); }

void expect_verdict(const std::string& fen, int expected) {
  EXPECT_EQ(solved(fen), expected) << fen;
  int truth = tables(fen);
  if (truth != 2) {
    EXPECT_EQ(truth, expected) << fen << ": the tables disagree with the test";
  }
}

}  // namespace

TEST(Bitbase, IndexKeepsOnePositionPerSymmetryClass) {
  endgames::init();
  std::mt19937_64 rng(7);
  for (Material m : {Material{QUEEN, ROOK}, Material{ROOK, PAWN}, Material{PAWN, NO_PIECE_TYPE}}) {
    Table t(m);
    int checked = 0;
    while (checked < 20000) {
      Config c;
      c.stm = Color(rng() & 1);
      c.king[WHITE] = Square(rng() % 64);
      c.king[BLACK] = Square(rng() % 64);
      c.piece[WHITE] = m.white ? Square(rng() % 64) : SQ_NONE;
      c.piece[BLACK] = m.black ? Square(rng() % 64) : SQ_NONE;
      if (!legal(m, c)) continue;
      ++checked;
      uint32_t i = t.index_of(c);
      ASSERT_LT(i, t.size());
      Config stored = t.config_of(i);
      ASSERT_TRUE(legal(m, stored));
      ASSERT_EQ(t.index_of(stored), i);  // the stored form is its class's representative
      EXPECT_EQ(stored.stm, c.stm);
      // A mirrored board lands on the same index.
      Config mirrored = c;
      for (Color side : {WHITE, BLACK}) {
        mirrored.king[side] = flip_file(c.king[side]);
        if (c.piece[side] != SQ_NONE) mirrored.piece[side] = flip_file(c.piece[side]);
      }
      EXPECT_EQ(t.index_of(mirrored), i);
    }
  }
}

TEST(Bitbase, TextbookVerdicts) {
  expect_verdict("8/8/3r4/3k4/8/8/8/KQ6 w - - 0 1", 1);
  expect_verdict("8/8/8/3k4/8/8/3r4/2KQ4 b - - 0 1", 0);   // Rxd1+ Kxd1
  expect_verdict("8/7r/8/8/8/5k2/8/Q2K4 b - - 0 1", 1);    // Rh1+ skewers king and queen
  expect_verdict("8/8/8/8/8/8/pk6/4Q1K1 w - - 0 1", 0);    // rook pawn on the 7th with its king
  expect_verdict("8/8/8/8/8/8/2kp4/4Q1K1 w - - 0 1", 1);   // a centre pawn loses
  expect_verdict("K7/8/8/8/8/8/2kp4/7R w - - 0 1", 0);     // pawn on the 7th, supported, king far
  expect_verdict("8/8/8/3p4/8/3K4/6k1/R7 w - - 0 1", 1);   // king in front of the pawn
  expect_verdict("8/8/3b4/3k4/8/8/8/KR6 w - - 0 1", 0);
  expect_verdict("8/8/3n4/3k4/8/8/8/KR6 w - - 0 1", 0);
  expect_verdict("7k/8/8/3R4/8/2K5/8/n7 w - - 0 1", 1);    // the knight is stranded
  expect_verdict("7k/8/8/3R4/8/2K5/8/n7 b - - 0 1", -1);
  expect_verdict("8/8/8/8/3n4/k7/8/KR6 b - - 0 1", 1);     // Nc2 mates: the weaker side wins
  expect_verdict("k7/2K5/8/8/8/8/8/1R6 w - - 0 1", 1);     // three men: KRK
  expect_verdict("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0);     // stalemate
}

TEST(Bitbase, EvaluatorsFollowTheTablesOnceSolved) {
  // The KRKN rules call this knight safe (a draw); the tables know it is trapped in the corner
  // after Rd1 ... or lost to a skewer. Once solved, the evaluator must say what the tables say.
  const char* const fens[] = {"8/8/8/8/3n4/k7/8/KR6 b - - 0 1", "7k/8/8/3R4/8/2K5/8/n7 w - - 0 1",
                              "K7/8/8/8/8/8/2kp4/7R w - - 0 1", "8/8/k7/8/5R2/1p6/6K1/8 b - - 0 1"};
  endgames::init();
  Wdl w;
  ASSERT_FALSE(four_man_ready());
  build_four_man();
  ASSERT_TRUE(four_man_ready());
  for (const char* fen : fens) {
    Position pos = make(fen);
    ASSERT_TRUE(probe(pos, w)) << fen;
    const endgames::Known* k = endgames::lookup(pos);
    ASSERT_TRUE(k && k->exact) << fen;
    Value v = k->exact(pos, k->exactStrong);
    int said = v >= endgames::KnownWinThreshold ? 1 : v <= -endgames::KnownWinThreshold ? -1 : 0;
    EXPECT_EQ(said, solved(fen)) << fen << " scored " << v;
    EXPECT_LT(std::abs(v), VALUE_TB_WIN_IN_MAX_PLY) << fen;  // below the tablebase band
  }
  bool listed = false;
  size_t archiveSize = 0;
  const bool builtIn = embedded_archive(archiveSize) != nullptr;  // false with TAPER_EMBED_BITBASES=OFF
  for (const TableInfo& t : ready_tables()) listed |= t.signature == "KRvKN" && t.bytes > 0 && t.builtIn == builtIn;
  EXPECT_TRUE(listed);
  // Released, the four-man tables say nothing again; KPK (three men) stays.
  release_four_man();
  EXPECT_FALSE(four_man_ready());
  EXPECT_FALSE(probe(make(fens[0]), w));
  EXPECT_TRUE(probe(make("8/8/8/8/8/3k4/3P4/3K4 w - - 0 1"), w));
}

TEST(Bitbase, ProbingNeverSolves) {
  // KBvKN is solved by nothing but build_now(): probing it, however often and however long
  // one waits, leaves it unsolved (there is no background builder).
  Position pos = make("8/8/3n4/3k4/8/8/8/KB6 w - - 0 1");
  Wdl w;
  for (int i = 0; i < 1000; ++i) ASSERT_FALSE(probe(pos, w));
  for (const TableInfo& t : ready_tables()) EXPECT_NE(t.signature, "KBvKN");
  ASSERT_TRUE(build_now(pos));
  ASSERT_TRUE(probe(pos, w));
  EXPECT_EQ(w, Wdl::Draw);
}

TEST(Bitbase, OtherMaterialsAreNotSolved) {
  Position pos = make("8/8/3n4/3k4/8/8/PP6/K7 w - - 0 1");  // five men
  EXPECT_FALSE(build_now(pos));
  Position twoPawns = make("8/8/3p4/3k4/8/8/P7/K7 w - - 0 1");  // a pawn each
  EXPECT_FALSE(build_now(twoPawns));
  Position castling = make("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_FALSE(build_now(castling));
  Wdl w;
  EXPECT_FALSE(probe(castling, w));
}
