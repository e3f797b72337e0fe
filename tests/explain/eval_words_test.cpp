// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation in a player's words (explain/words.hpp): verdict bands, reasons that add up
// to the score and point the right way, colour symmetry, and the known-ending and dead-draw cases.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include "explain/explanation.hpp"
#include "explain/words.hpp"

using namespace taper;

namespace {

EvalExplanation explained(const std::string& fen) {
  Position pos;
  EXPECT_TRUE(pos.set(fen, false)) << fen;
  return explain_evaluation(pos);
}

/// What the picture says: its headline, note and reasons, and the score they are about.
struct Said {
  std::string headline, note;
  std::vector<PlayerTerm> reasons;
  int whiteCp;
};

Said summary_of(const std::string& fen) {
  const EvalExplanation e = explained(fen);
  return {e.words.headline, e.words.note, e.words.reasons, e.finalCp};
}

const char* const Middlegame = "r4rk1/pp3ppp/2n1b3/q1ppP1N1/3P2Q1/2PB4/P4PPP/R4RK1 w - - 0 14";
const char* const MiddlegameFlipped = "r4rk1/p4ppp/2pb4/3p2q1/Q1PPp1n1/2N1B3/PP3PPP/R4RK1 b - - 0 14";

}  // namespace

TEST(EvalWords, PawnsText) {
  EXPECT_EQ(pawns_text(85), "+0.85");
  EXPECT_EQ(pawns_text(-120), "-1.20");
  EXPECT_EQ(pawns_text(0), "+0.00");
  EXPECT_EQ(pawns_text(-7), "-0.07");
}

TEST(EvalWords, VerdictSaysWhoByHowMuch) {
  EXPECT_EQ(summary_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").headline.rfind("The position is level: +0.", 0), 0u);
  const Said queenUp = summary_of("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(queenUp.headline.rfind("White is winning: +", 0), 0u) << queenUp.headline;
  ASSERT_FALSE(queenUp.reasons.empty());
  EXPECT_EQ(queenUp.reasons[0].name, "material");
  EXPECT_GT(queenUp.reasons[0].whiteCp, 800);
  // The middlegame attack is worth most of a pawn to White; the headline's word ("slightly
  // better" or "better") depends on the fitted table, the side and the number do not.
  const Said m = summary_of(Middlegame);
  EXPECT_TRUE(m.headline == "White is better: " + pawns_text(m.whiteCp) ||
              m.headline == "White is slightly better: " + pawns_text(m.whiteCp))
      << m.headline;
  EXPECT_GT(m.whiteCp, 50);
}

TEST(EvalWords, ReasonsFavourTheBetterSideLargestFirst) {
  const Said m = summary_of(Middlegame);
  ASSERT_GE(m.reasons.size(), 2u);
  ASSERT_LE(m.reasons.size(), 3u);
  EXPECT_EQ(m.reasons[0].name, "king safety");  // Black's king faces queen, knight and bishop
  EXPECT_GE(m.reasons[0].whiteCp, m.reasons[1].whiteCp);
  EXPECT_GT(m.reasons[1].whiteCp, 0);
  // The third names what speaks for Black: his threats against the e5 pawn and the queen's raid.
  if (m.reasons.size() == 3) {
    EXPECT_LT(m.reasons[2].whiteCp, -20);
  }
  // The two or three terms named account for most of the score: the rest is small change,
  // spread over several rows (piece placement, space, queens, tempo: about 75 cp
  // with the eval8 table, whose king safety and threats nearly cancel here).
  int total = 0;
  for (const PlayerTerm& r : m.reasons) total += r.whiteCp;
  EXPECT_NEAR(total, m.whiteCp, 85);
}

TEST(EvalWords, ColourFlipNegatesEverything) {
  const Said w = summary_of(Middlegame), b = summary_of(MiddlegameFlipped);
  EXPECT_EQ(b.whiteCp, -w.whiteCp);
  std::string flipped = w.headline;
  flipped.replace(0, 5, "Black");
  flipped.replace(flipped.size() - pawns_text(w.whiteCp).size(), std::string::npos, pawns_text(-w.whiteCp));
  EXPECT_EQ(b.headline, flipped);
  ASSERT_EQ(b.reasons.size(), w.reasons.size());
  for (size_t i = 0; i < w.reasons.size(); ++i) {
    EXPECT_EQ(b.reasons[i].name, w.reasons[i].name);
    EXPECT_EQ(b.reasons[i].whiteCp, -w.reasons[i].whiteCp);
  }
}

TEST(EvalWords, KnownEndingsAndDeadDrawsSayWhatDecides) {
  const Said krk = summary_of("8/8/8/4k3/8/8/8/KR6 w - - 0 1");
  EXPECT_EQ(krk.headline, "White is winning");
  EXPECT_NE(krk.note.find("KRvK"), std::string::npos) << krk.note;
  EXPECT_TRUE(krk.reasons.empty());
  const Said krkBlack = summary_of("kr6/8/8/8/4K3/8/8/8 w - - 0 1");
  EXPECT_EQ(krkBlack.headline, "Black is winning");
  const Said bare = summary_of("8/8/8/4k3/8/8/8/K7 w - - 0 1");
  EXPECT_EQ(bare.headline, "Dead draw");
  EXPECT_EQ(bare.whiteCp, 0);
}

// One wording of the verdict for every view: the picture's headline, the JSON's sentence and the
// table's note all come from the same explanation and agree on the facts.
TEST(EvalWords, ViewsAgreeOnTheVerdict) {
  const EvalExplanation m = explained(Middlegame);
  EXPECT_EQ(m.words.headline, standing_words(m.finalCp) + ": " + pawns_text(m.finalCp));
  EXPECT_EQ(m.words.verdict.rfind(standing_words(m.finalCp) + " (" + pawns_text(m.finalCp) + ")", 0), 0u) << m.words.verdict;
  EXPECT_TRUE(m.words.tableNote.empty());
  const EvalExplanation krk = explained("8/8/8/4k3/8/8/8/KR6 w - - 0 1");
  EXPECT_EQ(krk.material, "KRvK");
  for (const std::string& said : {krk.words.note, krk.words.verdict, krk.words.tableNote})
    EXPECT_NE(said.find("KRvK"), std::string::npos) << said;
  const EvalExplanation bare = explained("8/8/8/4k3/8/8/8/K7 w - - 0 1");
  EXPECT_NE(bare.words.verdict.find(bare.words.note.substr(1)), std::string::npos) << bare.words.verdict;
  EXPECT_FALSE(bare.words.tableNote.empty());
}

TEST(EvalWords, PlayerTermsSumTheirRows) {
  const EvalExplanation m = explained(Middlegame);
  EXPECT_EQ(player_words(ParamGroup::KingShelter), player_words(ParamGroup::KingDanger));
  EXPECT_TRUE(player_words(ParamGroup::Scale).empty());
  ASSERT_EQ(m.terms.size(), m.rows.size() - 1);  // the two king-safety rows are one term
  int terms = 0, rows = 0;
  for (const PlayerTerm& t : m.terms) terms += t.whiteCp;
  for (const ExplainedRow& r : m.rows) rows += r.cp;
  EXPECT_EQ(terms, rows);
}

TEST(EvalWords, KingLinesInAPlayersWords) {
  // The start position: no enemy piece near either king. Its danger units are negative (the
  // king's defenders count against them): an engine author's figure, which the `eval` table and
  // the JSON's `units` keep, and which once read "-99 danger units from 0 attackers" to a player.
  EvalExplanation e = explained("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  ASSERT_LT(e.record.units[WHITE], 0);
  EXPECT_EQ(e.words.kings[WHITE], "White king on e1: safe, no enemy piece attacks the squares around it.");
  EXPECT_EQ(e.words.kings[BLACK], "Black king on e8: safe, no enemy piece attacks the squares around it.");

  // White's queen and rook bear on Black's castled king: the attackers, the weak squares and the
  // safe checks by name, and what it costs in pawns, tapered as the evaluation tapers it.
  e = explained("r1b2rk1/pp3ppp/2n5/3q4/8/2NB1Q2/PPP2PPP/R4RK1 w - - 0 15");
  for (Color c : {WHITE, BLACK}) {
    const std::string& w = e.words.kings[c];
    SCOPED_TRACE(w);
    EXPECT_EQ(w.rfind(std::string(c == WHITE ? "White" : "Black") + " king on " + (c == WHITE ? "g1: " : "g8: "), 0), 0u);
    EXPECT_EQ(w.find("unit"), std::string::npos);
    EXPECT_EQ(w.back(), '.');
    const int attackers = e.squares.zoneAttackers[c];
    if (attackers == 0) {
      EXPECT_NE(w.find("safe, no enemy piece"), std::string::npos);
    }
    if (attackers == 1) {
      EXPECT_NE(w.find("one enemy piece attacks"), std::string::npos);
    }
    if (attackers >= 2) {
      EXPECT_NE(w.find(std::to_string(attackers) + " enemy pieces attack"), std::string::npos);
    }
    const int cost = tapered_value(Score(e.record.dangerPenalty[c], e.record.dangerPenaltyEg[c]), e.record.phase, e.record.scale);
    if (e.record.dangerReal[c] && cost > 0) {
      char pawns[32];
      std::snprintf(pawns, sizeof pawns, "costs %d.%02d pawns", cost / 100, cost % 100);
      EXPECT_NE(w.find(pawns), std::string::npos) << pawns;
    }
    if (attackers == 1) {
      EXPECT_NE(w.find("it takes two"), std::string::npos);
    }
    if (!e.safeChecks[c].empty()) {
      EXPECT_NE(w.find("safe check"), std::string::npos);
    }
  }
  EXPECT_GE(e.squares.zoneAttackers[BLACK], 2);
  EXPECT_TRUE(e.record.dangerReal[BLACK]);
}
