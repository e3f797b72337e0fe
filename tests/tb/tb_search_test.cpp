// SPDX-License-Identifier: GPL-3.0-or-later
// Syzygy tablebases in the search: root ranking wins won endings, holds drawn ones, scores sit in
// the tablebase band, and positions outside the tables or bad paths change nothing.
#include <gtest/gtest.h>

#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "search/threads.hpp"
#include "tb/syzygy.hpp"
#include "test_data.hpp"

using namespace taper;
using namespace taper::testing;

namespace {

struct Result {
  Move best;
  SearchReport last;
};

Result think(SearchPool& pool, const Position& pos, int depth) {
  Result out{};
  SearchCallbacks cb;
  cb.onIteration = [&](const SearchReport& r) { out.last = r; };
  cb.onBestMove = [&](Move m, Move) { out.best = m; };
  SearchLimits limits;
  limits.depth = depth;
  limits.startTime = now_ms();
  pool.start(pos, limits, cb, SearchOptions{});
  pool.wait();
  return out;
}

class TablebaseSearch : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!syzygy::compiled_in()) GTEST_SKIP() << "built without libfathom";
    syzygy::LoadResult r = syzygy::init(data_path("syzygy"));
    ASSERT_GE(r.largest, 4) << r.message;
  }
  void TearDown() override { syzygy::init(""); }
};

/// Plays `pos` out with Taper on both sides; returns the number of plies until mate, or -1.
int play_to_mate(Position pos, int depth, int maxPlies) {
  SearchPool pool;
  for (int ply = 0; ply < maxPlies; ++ply) {
    if (!MoveList<LEGAL>(pos).size()) return pos.in_check() ? ply : -1;
    if (pos.is_draw(0) || pos.is_insufficient_material()) return -1;
    Result r = think(pool, pos, depth);
    if (!r.best) return -1;
    pos.do_move(r.best);
  }
  return -1;
}

}  // namespace

TEST_F(TablebaseSearch, WinsKQvKAndKRvK) {
  for (const char* fen : {"8/8/8/4k3/8/8/8/KQ6 w - - 0 1", "8/8/3k4/8/8/8/8/R3K3 w - - 0 1",
                          "7k/8/8/8/3K4/8/8/6R1 w - - 0 1", "8/8/8/8/8/1k6/8/K6Q w - - 0 1"}) {
    Position pos;
    ASSERT_TRUE(pos.set(fen, false));
    int plies = play_to_mate(pos, 8, 100);  // the fifty-move rule allows 100 plies
    EXPECT_GT(plies, 0) << fen << " was not mated within the fifty-move rule";
  }
}

TEST_F(TablebaseSearch, DefenderHoldsDrawnKRvKP) {
  // Drawn (tables say so) KRvKP positions with the pawn side to move: its choices must keep the draw.
  for (const char* fen : {"K7/8/8/8/8/8/1kp5/4R3 b - - 0 1", "7K/8/8/8/8/2k5/2p5/4R3 b - - 0 1"}) {
    Position pos;
    ASSERT_TRUE(pos.set(fen, false));
    syzygy::RootProbe probe;
    ASSERT_TRUE(syzygy::probe_root(pos, false, probe)) << fen;
    ASSERT_EQ(probe.wdl, syzygy::Wdl::Draw) << fen << " is not a tablebase draw";
    SearchPool pool;
    for (int ply = 0; ply < 20 && MoveList<LEGAL>(pos).size(); ++ply) {
      Result r = think(pool, pos, 8);
      ASSERT_TRUE(r.best);
      Color mover = pos.side_to_move();
      pos.do_move(r.best);
      if (popcount(pos.pieces()) > 4 || !MoveList<LEGAL>(pos).size()) break;
      ASSERT_TRUE(syzygy::probe_root(pos, pos.has_repeated(), probe));
      if (mover == BLACK) {
        EXPECT_EQ(probe.wdl, syzygy::Wdl::Draw) << "the pawn side gave away the draw: " << pos.fen();
      }
    }
  }
}

TEST_F(TablebaseSearch, ScoresSitInTheTablebaseBand) {
  SearchPool pool;
  Position pos;
  ASSERT_TRUE(pos.set("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", false));  // win for the side to move
  Result r = think(pool, pos, 6);
  EXPECT_GE(r.last.score, VALUE_TB_WIN_IN_MAX_PLY);
  EXPECT_LT(r.last.score, VALUE_MATE_IN_MAX_PLY);
  EXPECT_GT(r.last.tbHits, 0u);
  ASSERT_TRUE(pos.set("8/8/8/4k3/8/8/8/KQ6 b - - 0 1", false));  // loss for the side to move
  r = think(pool, pos, 6);
  EXPECT_LE(r.last.score, VALUE_TB_LOSS_IN_MAX_PLY);
  ASSERT_TRUE(pos.set("K7/8/8/8/8/8/1kp5/4R3 b - - 0 1", false));  // draw
  r = think(pool, pos, 6);
  EXPECT_EQ(r.last.score, VALUE_DRAW);
}

TEST_F(TablebaseSearch, MorePiecesThanTheTablesIsUnaffected) {
  Position pos;
  ASSERT_TRUE(pos.set("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false));
  SearchPool pool;
  Result with = think(pool, pos, 7);
  syzygy::init("");
  pool.clear();
  Result without = think(pool, pos, 7);
  EXPECT_EQ(with.last.tbHits, 0u);
  EXPECT_EQ(with.last.nodes, without.last.nodes);
  EXPECT_EQ(with.best, without.best);
}

TEST_F(TablebaseSearch, BadPathsAreHarmless) {
  syzygy::LoadResult r = syzygy::init("/nonexistent/folder:" + data_path("perft"));
  EXPECT_FALSE(r.message.empty());
  Position pos;
  ASSERT_TRUE(pos.set("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", false));
  SearchPool pool;
  Result res = think(pool, pos, 6);
  EXPECT_TRUE(pos.is_pseudo_legal(res.best) && pos.is_legal(res.best));
}
