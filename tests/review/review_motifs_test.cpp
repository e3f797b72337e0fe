// SPDX-License-Identifier: GPL-3.0-or-later
// The reasons of a review name the loss a player sees on the board first (review/motifs.hpp),
// before any evaluation term: a set of known blunders, one for each motif (tests/data/games/
// motifs.pgn: composed positions and the Blackburne Shilling trap), reviewed at a fixed node count.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "board/pgn.hpp"
#include "test_data.hpp"
#include "review/review.hpp"
#include "review/motifs.hpp"

using namespace taper;

namespace {

struct Motif {
  const char* event;     ///< the game's Event tag
  const char* blunder;   ///< the move, numbered
  const char* words;     ///< how its reason must begin, after "15...Nb4?? "
};

// Each reason begins with the loss on the board; the line quoted in it is the engine's, at the
// test's node count.
constexpr Motif Motifs[] = {
    {"Motif: hanging piece", "15...Nb4", "loses the knight on b4, left hanging: 16.cxb4 takes it"},
    {"Motif: fork", "12...h6", "loses the rook on a8 to a fork: 13.Nxc7+ attacks the king and the rook"},
    {"Motif: pin", "20...h6", "loses the knight on e5 to a pin: the rook on e1 pins it to the king"},
    {"Motif: back-rank mate", "25...Rd2", "allows a back-rank mate in 1: 26.Re8#."},
    {"Motif: passed pawn let through", "40.g4", "lets Black's b-pawn promote: 40...b3"},
    {"Motif: lost pawn ending", "30.Rxd8", "goes into a lost pawn ending after 30...Kxd8"},
    // At this node count the engine's line after 5...Qxg2 is 6.d3 d5 7.Rf1 dxc4 8.Ng5: the rook
    // escapes and more falls; the reason names the largest piece lost, not "misses winning a bishop".
    {"Motif: Blackburne Shilling trap", "5.Nxf7", "loses the "},
};

std::vector<PgnGame> motif_games() {
  std::ifstream in(taper::testing::data_path("games/motifs.pgn"), std::ios::binary);
  EXPECT_TRUE(in.good());
  return read_pgn(std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()});
}

}  // namespace

TEST(ReviewMotifs, EachReasonNamesTheLossOnTheBoardFirst) {
  const std::vector<PgnGame> games = motif_games();
  ASSERT_EQ(games.size(), std::size(Motifs));
  ReviewLimits limits;
  limits.nodes = 30000;
  limits.threads = 2;
  for (const Motif& motif : Motifs) {
    SCOPED_TRACE(motif.event);
    const PgnGame* game = nullptr;
    for (const PgnGame& g : games)
      if (g.tag("Event") == motif.event) game = &g;
    ASSERT_NE(game, nullptr);
    ASSERT_TRUE(game->error.empty()) << game->error;
    const GameReview r = review_game(*game, search_game(*game, limits));
    const MoveReview* blunder = nullptr;
    for (const MoveReview& m : r.moves)
      if (m.numbered == motif.blunder) blunder = &m;
    ASSERT_NE(blunder, nullptr);
    EXPECT_GE(blunder->mark, Mark::Mistake);
    const std::string head = blunder->numbered + mark_glyph(blunder->mark) + " ";
    EXPECT_EQ(blunder->reason.rfind(head + motif.words, 0), 0u) << blunder->reason;
  }
}

TEST(ReviewMotifs, ABackRankMateIsToldFromOtherMates) {
  Position pos;
  ASSERT_TRUE(pos.set("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", false));
  EXPECT_EQ(mate_motif(pos, {Move(SQ_D1, SQ_D8)}), "a back-rank mate");
  // The king could step forward: no back-rank mate, and no mate at all.
  ASSERT_TRUE(pos.set("6k1/5p1p/8/8/8/8/5PPP/3R2K1 w - - 0 1", false));
  EXPECT_EQ(mate_motif(pos, {Move(SQ_D1, SQ_D8)}), "");
  // A mate on the back rank by a queen from the side, the king's pawns in front: one too.
  ASSERT_TRUE(pos.set("6k1/5ppp/8/8/8/8/Q4PPP/6K1 w - - 0 1", false));
  EXPECT_EQ(mate_motif(pos, {Move(SQ_A2, SQ_A8)}), "a back-rank mate");
  // Smothered by its own pieces in a corner, mated by a knight: another mate.
  ASSERT_TRUE(pos.set("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", false));
  EXPECT_EQ(mate_motif(pos, {Move(SQ_G5, SQ_F7)}), "");
}

TEST(ReviewMotifs, ALineIsWalkedThenItsHangingPiecesTaken) {
  Position pos;
  ASSERT_TRUE(pos.set("4k3/3r4/8/8/8/8/8/2Q1K3 w - - 0 1", false));
  // 1.Qd2, and the walk takes the queen (Rxd2) and the rook back (Kxd2) by itself.
  const LineWalk w = walk_line(pos, {Move(SQ_C1, SQ_D2)}, 8);
  EXPECT_EQ(w.linePlies, 1u);
  ASSERT_EQ(w.moves.size(), 3u);
  EXPECT_EQ(w.moves[1], Move(SQ_D7, SQ_D2));
  EXPECT_EQ(w.moves[2], Move(SQ_E1, SQ_D2));
  EXPECT_EQ(w.positions.size(), 4u);
  EXPECT_EQ(piece_units(QUEEN), 9);
  EXPECT_EQ(piece_units(BISHOP), 3);
}
