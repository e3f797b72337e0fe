// SPDX-License-Identifier: GPL-3.0-or-later
// Scores as text (core/score_text.hpp): the one writer behind the terminal's analysis, the
// evaluation's words and the review's [%eval] comments.
#include <gtest/gtest.h>

#include "core/score_text.hpp"

using namespace taper;

TEST(ScoreText, PawnsWithTwoDecimalsAndASign) {
  EXPECT_EQ(pawns_text(85), "+0.85");
  EXPECT_EQ(pawns_text(-120), "-1.20");
  EXPECT_EQ(pawns_text(0), "+0.00");
  EXPECT_EQ(pawns_text(-7), "-0.07");
  EXPECT_EQ(score_text(35), "+0.35");
  EXPECT_EQ(score_text(-35), "-0.35");
  EXPECT_EQ(score_text(35, false), "0.35");
  EXPECT_EQ(score_text(-35, false), "-0.35");
}

TEST(ScoreText, MatesInTheMatingSidesMovesRoundedUp) {
  // From the side to move: mating in 1 is one ply, being mated "in 1" is two (our move, theirs).
  EXPECT_EQ(score_text(mate_in(1)), "#1");
  EXPECT_EQ(score_text(mate_in(5)), "#3");
  EXPECT_EQ(score_text(mated_in(2)), "#-1");
  EXPECT_EQ(score_text(mated_in(4)), "#-2");
  // From a fixed side (White's in a review) with the other side to move, the plies are odd for
  // the side being mated: Black to move mates in one is one ply and must read #-1, never #0.
  EXPECT_EQ(score_text(mated_in(1)), "#-1");
  EXPECT_EQ(score_text(mated_in(3)), "#-2");
  EXPECT_EQ(score_text(mate_in(2)), "#1");
  // Checkmate on the board.
  EXPECT_EQ(score_text(mated_in(0)), "#0");
  // The sign option changes nothing for mates.
  EXPECT_EQ(score_text(mate_in(3), false), "#2");
}
