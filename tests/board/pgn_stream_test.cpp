// SPDX-License-Identifier: GPL-3.0-or-later
// The streaming PGN reader (board/pgn_stream.hpp) reads every game as read_pgn() reads the whole
// text: the same numbers, lines, tags, moves, errors and warnings, one game in memory at a time.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <sstream>

#include "board/pgn_stream.hpp"
#include "test_data.hpp"

using namespace taper;

namespace {

std::vector<PgnGame> streamed(const std::string& text) {
  std::istringstream in(text);
  PgnStream stream(in);
  std::vector<PgnGame> out;
  for (PgnGame g; stream.next(g);) out.push_back(std::move(g));
  return out;
}

void expect_same(const std::vector<PgnGame>& whole, const std::vector<PgnGame>& games, const std::string& what) {
  ASSERT_EQ(whole.size(), games.size()) << what;
  for (size_t k = 0; k < whole.size(); ++k) {
    const PgnGame &a = whole[k], &b = games[k];
    SCOPED_TRACE(what + ", game " + std::to_string(k + 1));
    EXPECT_EQ(a.number, b.number);
    EXPECT_EQ(a.line, b.line);
    EXPECT_EQ(a.tags, b.tags);
    EXPECT_EQ(a.result, b.result);
    EXPECT_EQ(a.error, b.error);
    EXPECT_EQ(a.errorLine, b.errorLine);
    EXPECT_EQ(a.warnings, b.warnings);
    ASSERT_EQ(a.moves.size(), b.moves.size());
    for (size_t i = 0; i < a.moves.size(); ++i) {
      EXPECT_EQ(a.moves[i].move, b.moves[i].move);
      EXPECT_EQ(a.moves[i].line, b.moves[i].line);
      EXPECT_EQ(a.moves[i].comments, b.moves[i].comments);
    }
  }
}

}  // namespace

TEST(PgnStream, ReadsEveryTestFileAsTheWholeTextReader) {
  for (const char* file : {"games/broken_and_truncated.pgn", "games/corner_cases.pgn", "games/motifs.pgn", "games/opera_game.pgn",
                           "games/chigorin_steinitz_1892_g23.pgn", "games/legal_mate.pgn"}) {
    std::ifstream in(taper::testing::data_path(file), std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    ASSERT_FALSE(bytes.empty()) << file;
    expect_same(read_pgn(pgn_text_as_utf8(bytes)), streamed(bytes), file);
  }
}

TEST(PgnStream, CutsGamesAtTheNextTagLineOnly) {
  // Two games whose second has no blank line before its tags, a comment spanning lines, and a
  // game after one that lost its result marker: each read with its own lines.
  const std::string text =
      "[White \"A\"]\n[Black \"B\"]\n\n1. e4 {a comment\nover two lines} e5 2. Nf3 1-0\n"
      "[White \"C\"]\n[Black \"D\"]\n1. d4 d5\n\n[White \"E\"]\n\n1. c4 Ke7 *\n";
  const std::vector<PgnGame> games = streamed(text);
  expect_same(read_pgn(text), games, "inline text");
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[1].tag("White"), "C");
  EXPECT_EQ(games[1].line, 6);
  EXPECT_FALSE(games[1].warnings.empty());  // no result marker
  EXPECT_FALSE(games[2].error.empty());      // 1...Ke7 is not legal
  EXPECT_EQ(games[2].errorLine, 12);
}

TEST(PgnStream, EmptyAndGamelessStreamsGiveNoGame) {
  EXPECT_TRUE(streamed("").empty());
  EXPECT_TRUE(streamed("\n\n% an escape line\n").empty());
}

TEST(PgnStream, ReadsLatin1GameByGame) {
  const std::string text = "[White \"L\xE9gal\"]\n\n1. e4 *\n";
  std::istringstream in(text);
  PgnStream stream(in);
  PgnGame g;
  ASSERT_TRUE(stream.next(g));
  EXPECT_EQ(g.tag("White"), "L\xC3\xA9gal");
  EXPECT_TRUE(stream.latin1());
  EXPECT_FALSE(stream.next(g));
}
