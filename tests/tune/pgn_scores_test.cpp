// SPDX-License-Identifier: GPL-3.0-or-later
// Scores from match PGNs for the WDL fit: which moves count (the chosen engine's, with a
// centipawn score), from whose side, with which material and result; comments, variations,
// NAGs, set-up positions, unfinished and broken games.
#include <gtest/gtest.h>

#include <sstream>

#include "board/position.hpp"
#include "tune/pgn_scores.hpp"

using namespace taper;
using namespace taper::tune;

namespace {

const char* const Pgn = R"([Event "test"]
[White "Taper 0.2.0"]
[Black "Other"]
[Result "1-0"]

1. e4 {book} e5 {book} 2. Nf3 {+0.35/12 0.512s} Nc6 {-0.20/10 0.401s} 3. Bb5 {+0.40/13 0.5s}
a6 {-0.30/10 0.1s} 4. Bxc6 {+M5/20 0.1s} dxc6 {+9.00/3 0.1s} 5. Nxe5 1-0

[Event "test"]
[White "Other"]
[Black "taper dev"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "8/8/8/8/8/2k5/8/K6R w - - 0 1"]

1. Kb1 {+0.10/5 0.1s} (1. Ka2 {+9.99/1 0s} Kd3) 1... Kd3 $1 {-1.50/8 0.2s} 2. Rh8 ; a comment
{-0.05/4} Ke3 {+0.25/9 0.3s, White is adjudicated} 1/2-1/2

[White "Taper"]
[Black "Other"]
[Result "*"]

1. d4 {+0.20/10 0.1s} *

[White "Taper"]
[Black "Other"]
[Result "0-1"]

1. e4 {+0.20/10 0.1s} e5 2. Ke3 {+0.10/1 0.1s} 0-1
)";

PgnScan scan(const std::string& engine, std::vector<PgnScoredMove>& moves) {
  Position::init();
  std::istringstream in(Pgn);
  return scan_pgn([&](std::string& line) { return bool(std::getline(in, line)); }, engine,
                  [&](const PgnScoredMove& m) { moves.push_back(m); });
}

}  // namespace

TEST(PgnScores, ScoreComments) {
  int cp = 0;
  bool mate = false;
  EXPECT_TRUE(parse_score_comment("+0.35/12 0.512s", cp, mate));
  EXPECT_EQ(cp, 35);
  EXPECT_TRUE(parse_score_comment(" -1.50/8 0.2s", cp, mate));
  EXPECT_EQ(cp, -150);
  EXPECT_TRUE(parse_score_comment("0.00/1 0s", cp, mate));
  EXPECT_EQ(cp, 0);
  EXPECT_FALSE(parse_score_comment("+M5/20 0.1s", cp, mate));
  EXPECT_TRUE(mate);
  EXPECT_FALSE(parse_score_comment("-M3/7", cp, mate));
  EXPECT_TRUE(mate);
  for (const char* notScore : {"book", "", "0.512s", "+0.35 0.5s", "White wins"}) {
    EXPECT_FALSE(parse_score_comment(notScore, cp, mate)) << notScore;
    EXPECT_FALSE(mate) << notScore;
  }
}

TEST(PgnScores, TheEnginesMovesWithScoresFromWhitesSide) {
  std::vector<PgnScoredMove> moves;
  PgnScan s = scan("taper", moves);
  EXPECT_EQ(s.games, 4u);
  EXPECT_EQ(s.usedGames, 3u);  // the unfinished game is left out
  EXPECT_EQ(s.badGames, 1u);   // 2. Ke3 is illegal: the game stops there
  // Game 1, Taper White: Nf3 +35 and Bb5 +40 at full material; Bxc6 is a mate score; e4 a book move.
  // Game 2 (from a FEN), Taper Black: Kd3 -1.50 for Black = +150 for White; Ke3 +0.25 = -25 (its variation
  // and the other side's scores do not count). Game 4: e4 +20 before the broken move.
  ASSERT_EQ(moves.size(), 5u);
  EXPECT_EQ(moves[0].score, 35);
  EXPECT_EQ(moves[0].material, 78);
  EXPECT_EQ(moves[0].result, 1.0);
  EXPECT_EQ(moves[1].score, 40);
  EXPECT_EQ(moves[2].score, 150);
  EXPECT_EQ(moves[2].material, 5);
  EXPECT_EQ(moves[2].result, 0.5);
  EXPECT_EQ(moves[3].score, -25);
  EXPECT_EQ(moves[4].score, 20);
  EXPECT_EQ(moves[4].result, 0.0);
  EXPECT_EQ(s.scored, 5u);
  EXPECT_EQ(s.mates, 1u);
  EXPECT_EQ(s.unscored, 2u);  // 1. e4 {book} and 5. Nxe5 without a comment

  // The other player's moves when asked for it; both players with an empty name.
  moves.clear();
  s = scan("other", moves);
  ASSERT_EQ(moves.size(), 5u);     // Nc6, a6, dxc6 (game 1), Kb1 and Rh8 (game 2, after a ';' comment)
  EXPECT_EQ(moves[0].score, 20);   // Nc6: -0.20 for Black
  EXPECT_EQ(moves[2].score, -900); // dxc6: +9.00 for Black
  EXPECT_EQ(moves[3].score, 10);
  EXPECT_EQ(moves[4].score, -5);
  moves.clear();
  s = scan("", moves);
  EXPECT_EQ(moves.size(), 10u);
}
