// SPDX-License-Identifier: GPL-3.0-or-later
// The clocks of a reviewed game (review/review.hpp, review/clocks.cpp): [%clk] commands and the
// TimeControl tag read as lichess and chess.com write them, the time each move took, mistakes made
// in time trouble counted per player, the JSON and the graph; garbled clocks are unknown, never
// an error.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "board/pgn.hpp"
#include "test_data.hpp"
#include "review/review.hpp"

using namespace taper;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

PgnGame clocks_game() {
  std::ifstream in(taper::testing::data_path("games/opera_game_clocks.pgn"), std::ios::binary);
  EXPECT_TRUE(in.good());
  std::vector<PgnGame> games = read_pgn(std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()});
  EXPECT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].error.empty()) << games[0].error;
  return games[0];
}

}  // namespace

TEST(ReviewClocks, ClockCommandsAsTheSitesWriteThem) {
  EXPECT_EQ(parse_clock_ms("[%clk 0:05:00]"), 300000);
  EXPECT_EQ(parse_clock_ms("[%eval 0.25] [%clk 1:30:07]"), 5407000);
  EXPECT_EQ(parse_clock_ms("[%clk 0:04:59.9]"), 299900);  // chess.com's tenths
  EXPECT_EQ(parse_clock_ms("[%clk 4:05]"), 245000);
  EXPECT_EQ(parse_clock_ms("a comment without a clock"), -1);
  // Garbled: no crash, no clock.
  for (const char* bad : {"[%clk]", "[%clk ", "[%clk 0:xx:05]", "[%clk 0:05:00", "[%clk 0:61:00]", "[%clk 0:05:75]",
                          "[%clk 99999999999999999999:00:00]", "[%clk -0:05:00]", "[%clk 0:05:00.]", "[%clk 1:2:3:4]", "[%clk 5]"})
    EXPECT_EQ(parse_clock_ms(bad), -1) << bad;
}

TEST(ReviewClocks, TimeControlTags) {
  TimeControl tc = parse_time_control("300+3");
  EXPECT_EQ(tc.baseMs, 300000);
  EXPECT_EQ(tc.incrementMs, 3000);
  tc = parse_time_control("600");
  EXPECT_EQ(tc.baseMs, 600000);
  EXPECT_EQ(tc.incrementMs, 0);
  EXPECT_EQ(parse_time_control("40/7200:3600").baseMs, 7200000);
  // Engine matches (fastchess, Cute Chess) write fractions of a second.
  tc = parse_time_control("10+0.1");
  EXPECT_EQ(tc.baseMs, 10000);
  EXPECT_EQ(tc.incrementMs, 100);
  EXPECT_EQ(parse_time_control("40/60+0.6").incrementMs, 600);
  EXPECT_EQ(parse_time_control("2.5+0").baseMs, 2500);
  for (const char* bad : {"", "-", "?", "300+", "+3", "300+3x", "abc", "99999999999+1", "10+.1", "10.+1", "10+0.1.2"}) EXPECT_EQ(parse_time_control(bad).baseMs, -1) << bad;
}

TEST(ReviewClocks, TimeSpentOnEachMoveOfARealGame) {
  const PgnGame g = clocks_game();
  const TimeControl tc = parse_time_control(g.tag("TimeControl"));
  const std::vector<MoveClock> clocks = game_clocks(g, tc);
  ASSERT_EQ(clocks.size(), 33u);
  EXPECT_EQ(clocks[0].clockMs, 301000);  // 1.e4 in 2 s, 3 s added
  EXPECT_EQ(clocks[0].spentMs, 2000);
  EXPECT_EQ(clocks[1].spentMs, 3000);    // 1...e5
  EXPECT_EQ(clocks[17].clockMs, 119000);  // 9...b5 with 1:59 left
  EXPECT_EQ(clocks[17].spentMs, 60000);
  EXPECT_EQ(clocks[27].clockMs, 27000);   // 14...Qe6
  for (const MoveClock& c : clocks) EXPECT_GE(c.spentMs, 0);
  // Without the TimeControl tag the first moves' time is unknown, and no increment is added.
  const std::vector<MoveClock> noTag = game_clocks(g, TimeControl{});
  EXPECT_EQ(noTag[0].spentMs, -1);
  EXPECT_EQ(noTag[1].spentMs, -1);
  EXPECT_EQ(noTag[5].spentMs, clocks[5].spentMs - 3000);  // 3...Bg4: 12 s, of which 3 came back
  EXPECT_EQ(noTag[2].spentMs, -1);  // 2.Nf3 in 1 s: its clock rose by 2 s, which only the increment explains
}

TEST(ReviewClocks, MistakesInTimeTroubleAreCountedPerPlayer) {
  // The game's moves with its clocks, the search made up: 14...Qe6 (27 s left, below 10 % of the
  // five minutes) and 9...b5 (1:59 left) both lose a rook's worth against another best move.
  const PgnGame g = clocks_game();
  const std::vector<Position> positions = game_positions(g);
  std::vector<PositionVerdict> v(positions.size());
  for (size_t i = 0; i < positions.size(); ++i) {
    v[i].best = i < g.moves.size() ? g.moves[i].move : Move::none();
    v[i].pv = {v[i].best};
    if (i == positions.size() - 1) v[i].over = true, v[i].score = -VALUE_MATE;
  }
  for (const size_t ply : {size_t(17), size_t(27)}) {
    Position pos = positions[ply];
    v[ply].best = parse_san_move(pos, "h6");
    ASSERT_NE(v[ply].best, Move::none()) << ply;
    v[ply].pv = {v[ply].best};
    v[ply + 1].score = 500;  // after the move played White is five pawns up
  }
  const GameReview r = review_game(g, v);
  EXPECT_TRUE(r.hasClocks);
  ASSERT_GE(r.moves[27].mark, Mark::Mistake);
  ASSERT_GE(r.moves[17].mark, Mark::Mistake);
  EXPECT_TRUE(r.moves[27].timeTrouble);
  EXPECT_FALSE(r.moves[17].timeTrouble);
  EXPECT_EQ(r.players[BLACK].timeTroubleErrors, 1);
  EXPECT_EQ(r.players[WHITE].timeTroubleErrors, 0);
  const std::string json = review_json(r);
  EXPECT_TRUE(contains(json, "\"clockMs\":27000,\"spentMs\":15000,\"timeTrouble\":true")) << json;
  EXPECT_TRUE(contains(json, "\"timeTroubleErrors\":1")) << json;
  EXPECT_TRUE(contains(json, "\"timeControl\":{\"baseMs\":300000,\"incrementMs\":3000}")) << json;
  const std::string svg = review_svg(r);
  EXPECT_TRUE(contains(svg, "Black's clock")) << svg;
  EXPECT_TRUE(contains(svg, "14...Qe6")) << svg;
  // The clocks are the player's comments: the annotated PGN keeps them, inside the review's one
  // comment after the move (`{ [%eval ...] [%clk ...] ... }`, as lichess writes them): a reader
  // such as chess.js refuses two comments in a row.
  const std::string pgn = annotated_pgn(r);
  EXPECT_TRUE(contains(pgn, "[%clk 0:00:27]")) << pgn;
  std::string flat;
  for (char c : pgn)
    if (c != '\n' && c != ' ') flat += c;
  EXPECT_FALSE(contains(flat, "}{")) << pgn;
  EXPECT_TRUE(contains(flat, "{[%eval")) << pgn;
}

TEST(ReviewClocks, AGameWithoutOrWithGarbledClocksHasNone) {
  const std::vector<PgnGame> games = read_pgn("[TimeControl \"oops\"]\n\n1. e4 { [%clk 0:xx:00] } e5 { [%clk] } 2. Nf3 { [%clk 0:05:00 } *");
  ASSERT_EQ(games.size(), 1u);
  const std::vector<Position> positions = game_positions(games[0]);
  std::vector<PositionVerdict> v(positions.size());
  for (size_t i = 0; i < positions.size(); ++i) {
    v[i].best = i < games[0].moves.size() ? games[0].moves[i].move : *MoveList<LEGAL>(positions[i]).begin();
    v[i].pv = {v[i].best};
  }
  const GameReview r = review_game(games[0], v);
  EXPECT_FALSE(r.hasClocks);
  for (const MoveReview& m : r.moves) {
    EXPECT_EQ(m.clockMs, -1);
    EXPECT_EQ(m.spentMs, -1);
  }
  EXPECT_FALSE(contains(review_svg(r), "Black's clock"));
  EXPECT_TRUE(contains(review_json(r), "\"clockMs\":-1,\"spentMs\":-1"));
}

TEST(ReviewClocks, RealEngineGamesAtTenSecondsAndATenth) {
  // Two of Taper's games against Stockfish 11 at 10 s + 0.1 s with the clocks the referee kept
  // (tests/data/README.md): "10+0.1" is read, every move's clock and time spent are known and
  // add up (each clock is the one before it minus the time spent plus the increment), and time
  // trouble is the last tenth of the ten seconds, not every move of a fast game.
  std::ifstream in(taper::testing::data_path("games/taper_sf11_clocks.pgn"), std::ios::binary);
  ASSERT_TRUE(in.good());
  const std::vector<PgnGame> games = read_pgn(std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()});
  ASSERT_EQ(games.size(), 2u);
  for (const PgnGame& g : games) {
    ASSERT_TRUE(g.error.empty()) << g.error;
    const TimeControl tc = parse_time_control(g.tag("TimeControl"));
    EXPECT_EQ(tc.baseMs, 10000);
    EXPECT_EQ(tc.incrementMs, 100);
    const std::vector<MoveClock> clocks = game_clocks(g, tc);
    ASSERT_EQ(clocks.size(), g.moves.size());
    int64_t before[COLOR_NB] = {tc.baseMs, tc.baseMs};
    Color mover = g.start_position().side_to_move();
    int troubled = 0;
    for (const MoveClock& c : clocks) {
      EXPECT_GT(c.clockMs, 0);
      EXPECT_GE(c.spentMs, 0);
      // The clocks are written in tenths: the sum holds to within that rounding.
      EXPECT_NEAR(double(c.clockMs), double(before[mover] - c.spentMs + tc.incrementMs), 100.0);
      before[mover] = c.clockMs;
      troubled += in_time_trouble(c.clockMs, tc);
      mover = ~mover;
    }
    EXPECT_LT(troubled, int(clocks.size()) / 4) << "time trouble is the clock's last tenth";
  }
}
