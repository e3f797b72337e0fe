// SPDX-License-Identifier: GPL-3.0-or-later
// The opening of a reviewed game by lichess's table of named openings (review/review.hpp,
// review/openings.cpp): every line of the table replays, known games get their known ECO codes
// and names, a transposition finds the name of the position, and the annotated PGN and the JSON
// carry them (the player's own tags kept).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>

#include "board/movegen.hpp"
#include "board/pgn.hpp"
#include "test_data.hpp"
#include "review/review.hpp"

using namespace taper;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

PgnGame game_of(const std::string& pgn) {
  std::vector<PgnGame> games = read_pgn(pgn);
  EXPECT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].error.empty()) << games[0].error;
  return games[0];
}

/// A review made up without a search (every move the best, every score 0): enough for the tags.
GameReview unsearched_review(const PgnGame& g) {
  const std::vector<Position> positions = game_positions(g);
  std::vector<PositionVerdict> verdicts(positions.size());
  for (size_t i = 0; i < positions.size(); ++i) {
    verdicts[i].best = i < g.moves.size() ? g.moves[i].move : *MoveList<LEGAL>(positions[i]).begin();
    verdicts[i].pv = {verdicts[i].best};
  }
  return review_game(g, verdicts);
}

}  // namespace

TEST(ReviewOpenings, EveryLineOfTheTableReplays) {
  const std::vector<std::string> bad = opening_lines_not_replaying();
  EXPECT_TRUE(bad.empty()) << bad.size() << " lines, the first: " << bad.front();
  // lichess's table at commit 51b8862 names 3,811 lines; a few end in the same position.
  EXPECT_GT(opening_table_size(), 3700u);
}

TEST(ReviewOpenings, KnownGamesGetTheirEcoCodes) {
  BookPrefix b = book_prefix(game_of("1. e4 c5 *"));
  EXPECT_EQ(b.eco, "B20");
  EXPECT_EQ(b.name, "Sicilian Defense");
  EXPECT_EQ(b.plies, 2);
  EXPECT_EQ(b.leftTheory, -1);  // the game never left the table
  // The deepest named position: 6.Qe2 is the Worrall Attack; 6...h5 leaves the table.
  b = book_prefix(game_of("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Qe2 h5 7. c3 *"));
  EXPECT_EQ(b.eco, "C86");
  EXPECT_EQ(b.name, "Ruy Lopez: Closed, Worrall Attack");
  EXPECT_EQ(b.plies, 11);
  EXPECT_EQ(b.leftTheory, 11);
  // The Opera game: 4...Bxf3 leaves the table, whose deepest named position on the way was 3.d4.
  std::ifstream in(taper::testing::data_path("games/opera_game.pgn"), std::ios::binary);
  const PgnGame opera = game_of(std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()});
  b = book_prefix(opera);
  EXPECT_EQ(b.eco, "C41");
  EXPECT_EQ(b.name, "Philidor Defense");
  EXPECT_EQ(b.plies, 7);
  EXPECT_EQ(b.leftTheory, 7);
  // From a set-up position there is no book.
  b = book_prefix(game_of("[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... c5 *"));
  EXPECT_EQ(b.plies, 0);
  EXPECT_EQ(b.eco, "");
}

TEST(ReviewOpenings, ATranspositionIsNamedByItsPosition) {
  // The English move order reaches the Nimzo-Indian's Classical Variation, as lichess names it.
  const BookPrefix b = book_prefix(game_of("1. c4 e6 2. Nc3 Nf6 3. d4 Bb4 4. Qc2 O-O *"));
  EXPECT_EQ(b.eco, "E32");
  EXPECT_EQ(b.name, "Nimzo-Indian Defense: Classical Variation");
  EXPECT_GE(b.plies, 7);
}

TEST(ReviewOpenings, TagsAndJsonNameTheOpeningAndKeepThePlayersOwn) {
  const PgnGame sicilian = game_of("[White \"A\"]\n[Black \"B\"]\n\n1. e4 c5 2. a3 h5 3. h4 *");
  GameReview r = unsearched_review(sicilian);
  std::string pgn = annotated_pgn(r);
  EXPECT_TRUE(contains(pgn, "[ECO \"B20\"]\n[Opening \"Sicilian Defense: Mengarini Variation\"]")) << pgn;
  std::string flat = pgn;  // the summary comment is wrapped at 79 characters
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  EXPECT_TRUE(contains(flat, "Left theory at move 2 (2...h5).")) << pgn;
  const std::string json = review_json(r);
  EXPECT_TRUE(contains(json, "\"eco\":\"B20\",\"opening\":\"Sicilian Defense: Mengarini Variation\"")) << json;
  EXPECT_TRUE(contains(json, "\"leftTheory\":\"move 2 (2...h5)\"")) << json;
  EXPECT_EQ(r.moves[2].moveClass, MoveClass::Book);
  EXPECT_NE(r.moves[3].moveClass, MoveClass::Book);
  // A game with its own ECO tag keeps it, and gets no second one.
  const PgnGame own = game_of("[ECO \"C20\"]\n\n1. e4 c5 *");
  r = unsearched_review(own);
  pgn = annotated_pgn(r);
  EXPECT_TRUE(contains(pgn, "[ECO \"C20\"]")) << pgn;
  EXPECT_FALSE(contains(pgn, "[ECO \"B20\"]")) << pgn;
  EXPECT_TRUE(contains(pgn, "[Opening \"Sicilian Defense\"]")) << pgn;
}
