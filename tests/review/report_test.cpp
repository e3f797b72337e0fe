// SPDX-License-Identifier: GPL-3.0-or-later
// The pieces of `taper report` (review/report.hpp) in process: the phase and class of a move, what a
// mistake is put down to, the puzzles (legal, and the engine's best move at their own search), the
// state file's line read back as written, and the totals.
#include <gtest/gtest.h>

#include "board/pgn.hpp"
#include "eval/params.hpp"
#include "review/report.hpp"

using namespace taper;

namespace {

constexpr uint64_t Nodes = 4000;

/// Alice (White) misses winning Black's queen with 3.Nxh4 and a mate in one with 4.Qxf7#.
constexpr const char* MissedQueen = "[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 Qh4 3. Nc3 Qf6 4. d4 1/2-1/2\n";
constexpr const char* MissedMate = "[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Nc3 Nxh5 0-1\n";

ReviewLimits limits() {
  ReviewLimits l;
  l.nodes = Nodes;
  return l;
}

ReportMistake mistake(double chancesLost, ReasonKey reason) {
  ReportMistake m;
  m.chancesLost = chancesLost;
  m.reason = reason;
  return m;
}

ReportGame reviewed(const char* pgn, Color player, std::vector<PgnGame>& keep) {
  keep = read_pgn(pgn);
  EXPECT_EQ(keep.size(), 1u);
  EXPECT_TRUE(keep[0].error.empty()) << keep[0].error;
  const GameReview review = review_game(keep[0], search_game(keep[0], limits()));
  return report_game(review, player, limits());
}

}  // namespace

TEST(Report, PhaseFollowsPlyAndMaterial) {
  Position start;
  start.set(Position::StartFen, false);
  EXPECT_EQ(move_phase(start, false), GamePhase::Opening);
  Position late;  // move 30, every piece still there: past the opening
  late.set("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 30", false);
  EXPECT_EQ(move_phase(late, false), GamePhase::Middlegame);
  EXPECT_EQ(move_phase(late, true), GamePhase::Opening);  // a book move is an opening move
  Position rooks;   // a rook each and a few pawns
  rooks.set("4k3/pp3r2/8/8/8/8/PP3R2/4K3 w - - 0 12", false);
  EXPECT_EQ(move_phase(rooks, false), GamePhase::Endgame);
}

TEST(Report, ClassesAreTheReviewsMoveClassesByName) {
  for (size_t k = 0; k < MoveClassCount; ++k) EXPECT_EQ(MoveClassNames[k], move_class_name(MoveClass(k))) << k;
  MoveReview m;
  m.moveClass = MoveClass::Great;
  EXPECT_EQ(MoveClassNames[size_t(move_class_of(m))], "great");
}

TEST(Report, ReasonKeysAreTheEvaluationsGroupsAndNameEachOther) {
  EXPECT_EQ(reason_key_of(ParamGroup::KingShelter), int(ParamGroup::KingDanger));
  EXPECT_EQ(reason_key_of(ParamGroup::Material), int(ParamGroup::Material));
  EXPECT_EQ(reason_key_of(ParamGroup::Knights), int(ParamGroup::Psqt));
  EXPECT_EQ(reason_key_name(int(ParamGroup::KingDanger)), "king safety");
  for (const char* name : {"king safety", "material", "threats", "pawn structure", "passed pawns", "mobility", "endgame technique",
                           "missed mates", "time trouble"}) {
    const std::optional<ReasonKey> key = reason_key_from_name(name);
    ASSERT_TRUE(key) << name;
    EXPECT_EQ(reason_key_name(*key), name);
  }
  EXPECT_FALSE(reason_key_from_name("no such group"));
}

TEST(Report, PuzzlesAreLegalAndTheEnginesBestMoveAtTheirOwnSearch) {
  std::vector<PgnGame> keepA, keepB;
  const ReportGame queen = reviewed(MissedQueen, WHITE, keepA), mate = reviewed(MissedMate, WHITE, keepB);
  ASSERT_GE(queen.puzzles, 1) << queen.pgn;
  ASSERT_GE(mate.puzzles, 1) << mate.pgn;
  bool sawMateTheme = false, sawQueen = false;
  for (const ReportGame* g : {&queen, &mate}) {
    const std::vector<PgnGame> puzzles = read_pgn(g->puzzlePgn);
    ASSERT_EQ(int(puzzles.size()), g->puzzles) << g->puzzlePgn;
    for (const PgnGame& p : puzzles) {
      SCOPED_TRACE(g->puzzlePgn);
      EXPECT_TRUE(p.error.empty()) << p.error;  // every move replayed legally from the FEN
      EXPECT_EQ(p.tag("SetUp"), "1");
      ASSERT_FALSE(p.moves.empty());
      EXPECT_EQ(p.moves.size() % 2, 1u);  // ends with the solver's move
      EXPECT_TRUE(reason_key_from_name(p.tag("Theme")));
      Position pos = p.start_position();
      const TwoBest t = search_two_best(pos, limits());
      EXPECT_EQ(t.best, p.moves[0].move);
      sawMateTheme = sawMateTheme || p.tag("Theme") == "missed mates";
      sawQueen = sawQueen || p.moves[0].san == "Nxh4";
    }
  }
  EXPECT_TRUE(sawMateTheme);
  EXPECT_TRUE(sawQueen);
}

TEST(Report, AGameReadsBackFromItsStateLineAsWritten) {
  std::vector<PgnGame> keep;
  const ReportGame g = reviewed(MissedMate, WHITE, keep);
  ASSERT_FALSE(g.mistakes.empty());
  EXPECT_EQ(g.mistakes[0].reason, ReasonMissedMate);
  EXPECT_EQ(g.score, 0);
  const std::string line = report_game_json(g);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  const std::optional<ReportGame> back = report_game_from_json(line);
  ASSERT_TRUE(back);
  EXPECT_EQ(report_game_json(*back), line);
  EXPECT_EQ(back->pgn, g.pgn);
  EXPECT_EQ(back->mistakes.size(), g.mistakes.size());
  EXPECT_FALSE(report_game_from_json("{\"player\":\"Alice\"}"));  // the header is no game
  EXPECT_FALSE(report_game_from_json("{\"index\":3,"));            // a line cut off
}

TEST(Report, TotalsCountThePlayersResultsAndRankReasonsByChancesLost) {
  ReportTotals totals("Alice");
  ReportGame win, loss, broken;
  win.index = 1, win.score = 1, win.accuracy = 90;
  win.mistakes.push_back(mistake(10, int(ParamGroup::Material)));
  loss.index = 2, loss.score = 0, loss.accuracy = 60;
  loss.mistakes.push_back(mistake(40, ReasonMissedMate));
  loss.mistakes.push_back(mistake(25, int(ParamGroup::Material)));
  broken.index = 3, broken.skipped = "an illegal move";
  for (const ReportGame* g : {&win, &loss, &broken}) totals.add(*g);
  EXPECT_EQ(totals.games(), 2);
  EXPECT_EQ(totals.skipped(), 1);
  const std::vector<ReasonTotal> ranked = totals.ranked_reasons();
  ASSERT_EQ(ranked.size(), 2u);
  EXPECT_EQ(ranked[0].key, ReasonMissedMate);  // 40 points lost, before material's 35
  EXPECT_EQ(ranked[1].count, 2);
  EXPECT_DOUBLE_EQ(ranked[1].example.chancesLost, 25);
  const std::string json = totals.json();
  EXPECT_NE(json.find("\"results\":{\"wins\":1,\"draws\":0,\"losses\":1"), std::string::npos) << json;
  EXPECT_NE(json.find("\"overall\":75.0"), std::string::npos) << json;
}

TEST(Report, OpeningsAreLichessTableNamesAndOtherWhenNone) {
  std::vector<PgnGame> games = read_pgn("[White \"Alice\"]\n[Black \"Bob\"]\n\n1. e4 c5 2. Nf3 d6 *\n");
  ASSERT_EQ(games.size(), 1u);
  GameReview review;
  review.game = &games[0];
  review.book = book_prefix(games[0]);
  const OpeningName sicilian = opening_of(review);
  EXPECT_EQ(sicilian.eco, "B50");
  EXPECT_EQ(sicilian.name.rfind("Sicilian Defense", 0), 0u) << sicilian.name;
  review.book = BookPrefix{};  // no named position reached (e.g. a set-up start)
  const OpeningName other = opening_of(review);
  EXPECT_EQ(other.eco, "");
  EXPECT_EQ(other.name, "Other");
}

TEST(Report, AMistakeInTimeTroubleIsPutDownToTheClockAfterTheMates) {
  Position pos;
  ASSERT_TRUE(pos.set(Position::StartFen, false));
  MoveReview m;
  m.bestScore = 30;
  m.playedScore = -250;
  m.timeTrouble = true;
  EXPECT_EQ(mistake_reason_key(pos, m), ReasonTimeTrouble);
  m.bestScore = VALUE_MATE - 5;  // a missed mate stays a missed mate, clock or not
  EXPECT_EQ(mistake_reason_key(pos, m), ReasonMissedMate);
}
