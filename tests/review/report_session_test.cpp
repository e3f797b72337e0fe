// SPDX-License-Identifier: GPL-3.0-or-later
// The web page's report session (review/report_session.hpp): bad input answered in words with the
// file's names, a report stepped one position at a time that is the very report of the native
// pipeline (search_game, review_game, report_game, ReportTotals), its puzzles as a list, one side
// of a game chosen whatever its name, and a puzzle's wrong try judged with the review's reason.
#include <gtest/gtest.h>

#include <algorithm>

#include "board/notation.hpp"
#include "board/pgn.hpp"
#include "explain/json_value.hpp"
#include "review/report_session.hpp"

using namespace taper;

namespace {

/// Alice's games as White and Black (her name in other cases), another pair's game and a broken
/// one of hers; Alice misses winning the queen (3.Nxh4) and a mate in one (4.Qxf7#).
constexpr const char* Games =
    "[Event \"Legal's mate\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0\n\n"
    "[Event \"Scholar's mate\"]\n[White \"bob\"]\n[Black \"ALICE\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n"
    "[Event \"Someone else\"]\n[White \"Dave\"]\n[Black \"Eve\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n\n"
    "[Event \"Missed queen\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"1/2-1/2\"]\n\n"
    "1. e4 e5 2. Nf3 Qh4 3. Nc3 Qf6 4. d4 1/2-1/2\n\n"
    "[Event \"Broken\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n"
    "[Event \"Missed mate\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n\n"
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Nc3 Nxh5 0-1\n";

ReviewLimits limits() {
  ReviewLimits l;
  l.nodes = 3000;
  return l;
}

JsonValue parsed(const std::string& text) {
  const std::optional<JsonValue> v = parse_json(text);
  EXPECT_TRUE(v) << text;
  return v ? *v : JsonValue{};
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// Steps a begun session to its end (with a bound, so that a session that never finishes fails).
void run_to_end(ReportSession& s) {
  for (int steps = 0; !s.finished() && steps < 100000; ++steps) s.step();
  ASSERT_TRUE(s.finished());
}

}  // namespace

TEST(ReportSession, BadInputIsAnsweredInWordsWithTheNamesInTheFile) {
  ReportSession s;
  JsonValue r = parsed(s.begin("hello", "Alice", limits()));
  EXPECT_TRUE(contains(r["error"].str(), "no game found")) << r["error"].str();
  EXPECT_TRUE(r["names"].items.empty());

  r = parsed(s.begin(Games, "", limits()));
  EXPECT_TRUE(contains(r["error"].str(), "name the player")) << r["error"].str();
  std::vector<std::string> names;
  for (const JsonValue& n : r["names"].items) names.push_back(n.str());
  ASSERT_GE(names.size(), 5u);
  EXPECT_EQ(names[0], "Alice");  // the most games first (Bob's "bob" is another spelling)
  EXPECT_NE(std::find(names.begin(), names.end(), "Eve"), names.end());

  r = parsed(s.begin(Games, "Zed", limits()));
  EXPECT_TRUE(contains(r["error"].str(), "Zed plays in none of the 6 game(s) (the players in the file: Alice, ")) << r["error"].str();
  EXPECT_FALSE(r["names"].items.empty());
  EXPECT_FALSE(s.finished());
  EXPECT_TRUE(contains(s.result(), "not finished"));
}

TEST(ReportSession, SteppedReportIsTheNativePipelinesReport) {
  ReportSession s;
  const JsonValue begin = parsed(s.begin(Games, "alice", limits()));
  ASSERT_TRUE(begin["error"].str().empty()) << begin["error"].str();
  EXPECT_EQ(begin["games"].integer(), 5);
  EXPECT_EQ(begin["broken"].integer(), 1);
  const int positions = begin["positions"].integer();
  EXPECT_EQ(positions, 14 + 8 + 8 + 9);

  // Progress after every position, the broken game skipped on the way.
  int last = 0, steps = 0;
  JsonValue p;
  while (!s.finished() && steps++ < 1000) {
    p = parsed(s.step());
    EXPECT_EQ(p["positions"].integer(), last + 1);
    last = p["positions"].integer();
    EXPECT_EQ(p["total"].integer(), positions);
    EXPECT_EQ(p["games"].integer(), 5);
  }
  ASSERT_TRUE(s.finished());
  EXPECT_TRUE(p["finished"].boolean);
  EXPECT_EQ(p["gamesDone"].integer(), 5);
  EXPECT_EQ(last, positions);

  // The same games through the native report's functions.
  ReportTotals totals("alice");
  std::string puzzlesPgn, gamesPgn;
  for (const PgnGame& g : read_pgn(Games)) {
    const std::optional<Color> colour = player_colour(g, "alice");
    if (!colour) continue;
    if (!g.error.empty()) {
      ReportGame skipped;
      skipped.index = g.number;
      skipped.skipped = g.error;
      totals.add(skipped);
      continue;
    }
    GameReview review = review_game(g, search_game(g, limits()));
    review.method = "3000 nodes a position";
    const ReportGame r = report_game(review, *colour, limits());
    totals.add(r);
    if (!r.pgn.empty()) gamesPgn += (gamesPgn.empty() ? "" : "\n") + r.pgn;
    if (!r.puzzlePgn.empty()) puzzlesPgn += (puzzlesPgn.empty() ? "" : "\n") + r.puzzlePgn;
  }
  const JsonValue result = parsed(s.result());
  EXPECT_EQ(result["html"].str(), totals.html());
  EXPECT_EQ(result["gamesPgn"].str(), gamesPgn);
  EXPECT_EQ(result["puzzlesPgn"].str(), puzzlesPgn);
  const JsonValue& report = result["report"];
  EXPECT_EQ(report["player"].str(), "alice");
  EXPECT_EQ(report["games"].integer(), 4);
  EXPECT_EQ(report["skipped"].integer(), 1);
  EXPECT_EQ(report["results"]["wins"].integer(), 1);
  EXPECT_EQ(report["results"]["draws"].integer(), 1);
  EXPECT_EQ(report["results"]["losses"].integer(), 2);
  ASSERT_EQ(result["skipped"].items.size(), 1u);
  EXPECT_TRUE(contains(result["skipped"].items[0].str(), "game 5 (Alice - Bob, Broken), line ")) << result["skipped"].items[0].str();

  // The puzzles as a list: those of puzzles.pgn, in order, with the mistake each comes from.
  const std::vector<PgnGame> fromPgn = read_pgn(puzzlesPgn);
  const std::vector<JsonValue>& puzzles = result["puzzles"].items;
  ASSERT_GE(puzzles.size(), 2u);  // the missed queen and the missed mate
  ASSERT_EQ(puzzles.size(), fromPgn.size());
  EXPECT_EQ(report["puzzles"].integer(), int(puzzles.size()));
  for (size_t k = 0; k < puzzles.size(); ++k) {
    const JsonValue& q = puzzles[k];
    Position pos;
    ASSERT_TRUE(pos.set(q["fen"].str(), false)) << q["fen"].str();
    EXPECT_EQ(q["fen"].str(), fromPgn[k].start_position().fen());
    ASSERT_EQ(q["solution"].items.size(), fromPgn[k].moves.size());
    for (size_t m = 0; m < fromPgn[k].moves.size(); ++m) EXPECT_EQ(q["solution"].items[m].str(), move_to_uci(fromPgn[k].moves[m].move, false));
    EXPECT_EQ(q["theme"].str(), fromPgn[k].tag("Theme"));
    EXPECT_FALSE(q["played"].str().empty());
    EXPECT_FALSE(q["why"].str().empty());
    EXPECT_EQ(q["colour"].str(), pos.side_to_move() == WHITE ? "white" : "black");
  }
}

TEST(ReportSession, ASideIsChosenWhateverItsName) {
  ReportSession s;
  // Both players unnamed: the side decides, and names the report.
  const std::string game = "[White \"?\"]\n[Black \"?\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 Qh4 3. Nc3 Qf6 4. d4 1/2-1/2\n";
  const JsonValue begin = parsed(s.begin(game, "", limits(), WHITE));
  ASSERT_TRUE(begin["error"].str().empty()) << begin["error"].str();
  EXPECT_EQ(begin["player"].str(), "White");
  EXPECT_EQ(begin["games"].integer(), 1);
  run_to_end(s);
  const JsonValue result = parsed(s.result());
  bool queen = false;
  for (const JsonValue& q : result["puzzles"].items) queen = queen || (q["solution"].items.size() && q["solution"].items[0].str() == "f3h4");
  EXPECT_TRUE(queen) << s.result();  // 3.Nxh4, the queen White missed
}

TEST(ReportSession, AWrongTryIsJudgedWithTheReviewsReason) {
  // After 1.e4 e5 2.Nf3 Qh4, 3.Nxh4 wins the queen; 3.d3 lets it go.
  const std::string fen = "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  const JsonValue wrong = parsed(judge_move_json(fen, "d2d3", limits()));
  ASSERT_TRUE(wrong["error"].str().empty()) << wrong["error"].str();
  EXPECT_EQ(wrong["numbered"].str(), "3.d3");
  EXPECT_EQ(wrong["class"].str(), "blunder");
  EXPECT_EQ(wrong["mark"].str(), "??");
  EXPECT_GT(wrong["chancesBefore"].num(), wrong["chancesAfter"].num() + 30);
  EXPECT_EQ(wrong["best"].str(), "3.Nxh4");
  EXPECT_TRUE(contains(wrong["reason"].str(), "3.d3?? ")) << wrong["reason"].str();
  EXPECT_TRUE(contains(wrong["reason"].str(), "queen")) << wrong["reason"].str();

  const JsonValue right = parsed(judge_move_json(fen, "f3h4", limits()));
  EXPECT_EQ(right["class"].str(), "best");
  EXPECT_TRUE(right["reason"].str().empty());

  EXPECT_TRUE(contains(parsed(judge_move_json("not a fen", "e2e4", limits()))["error"].str(), "bad FEN"));
  EXPECT_TRUE(contains(parsed(judge_move_json(fen, "e1e3", limits()))["error"].str(), "cannot be played here"));
}
