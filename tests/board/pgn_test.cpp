// SPDX-License-Identifier: GPL-3.0-or-later
// The PGN reader (board/pgn.hpp): games as players write them (tags, glyphs, comments of both
// kinds, nested variations, NAGs, set-up positions, Chess960, results), the broken ones reported
// with their line while the rest are read, Latin-1 text, and bad input of any kind never crashing.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <random>

#include "board/notation.hpp"
#include "board/pgn.hpp"
#include "test_data.hpp"

using namespace taper;

namespace {

std::string file_bytes(const std::string& relative) {
  std::ifstream in(taper::testing::data_path(relative), std::ios::binary);
  EXPECT_TRUE(in.good()) << relative;
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The main line in our own SAN, for comparisons.
std::string sans(const PgnGame& g) {
  Position pos = g.start_position();
  std::string s;
  for (const PgnMove& m : g.moves) {
    s += s.empty() ? "" : " ";
    s += move_to_san(pos, m.move);
    pos.do_move(m.move);
  }
  return s;
}

}  // namespace

TEST(Pgn, ReadsTagsMovesAndTheResult) {
  const auto games = read_pgn("[Event \"Test\"]\n[White \"A \\\"quoted\\\" \\\\ name\"] [Black \"B\"]\n[Result \"1-0\"]\n\n"
                              "1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n");
  ASSERT_EQ(games.size(), 1u);
  const PgnGame& g = games[0];
  EXPECT_EQ(g.number, 1);
  EXPECT_EQ(g.line, 1);
  EXPECT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(g.warnings.empty());
  EXPECT_EQ(g.tag("White"), "A \"quoted\" \\ name");
  EXPECT_EQ(g.tag("Black"), "B");  // a second tag on the same line
  EXPECT_EQ(g.tag("Missing"), "");
  EXPECT_EQ(g.result, "1-0");
  EXPECT_EQ(sans(g), "e4 e5 Nf3 Nc6 Bb5");
  EXPECT_EQ(g.moves[4].line, 5);
  EXPECT_EQ(pgn_escape("A \"q\" \\"), "A \\\"q\\\" \\\\");
}

TEST(Pgn, GlyphsNagsAndCheckMarksAreAnnotationsNotMoves) {
  const auto games = read_pgn("1.e4!? e5?! 2.Qh5?? $2 Nc6! 3.Bc4 $1 $18 g6!! 4.Qf3 ?? Nd4?? 5.Qxf7# 1-0");
  ASSERT_EQ(games.size(), 1u);
  const PgnGame& g = games[0];
  ASSERT_TRUE(g.error.empty()) << g.error << " on line " << g.errorLine;
  ASSERT_EQ(g.moves.size(), 9u);
  EXPECT_EQ(g.moves[0].nags, std::vector<int>{5});
  EXPECT_EQ(g.moves[1].nags, std::vector<int>{6});
  EXPECT_EQ(g.moves[2].nags, (std::vector<int>{4, 2}));
  EXPECT_EQ(g.moves[3].nags, std::vector<int>{1});
  EXPECT_EQ(g.moves[4].nags, (std::vector<int>{1, 18}));
  EXPECT_EQ(g.moves[5].nags, std::vector<int>{3});
  EXPECT_EQ(g.moves[6].nags, std::vector<int>{4});  // a glyph standing apart
  EXPECT_EQ(g.moves[8].san, "Qxf7");
  EXPECT_EQ(g.moves[7].nags, std::vector<int>{4});
}

TEST(Pgn, CommentsOfBothKindsHoldTheOtherKindsDelimiters) {
  const auto games = read_pgn(
      "{Before; the first move} 1. e4 {a } e5 ; to the end of the line { ( $1\n"
      "2. Nf3 {one} {two} Nc6 {braces hold ) ( and ;} 3. Bb5 *");
  ASSERT_EQ(games.size(), 1u);
  const PgnGame& g = games[0];
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_EQ(sans(g), "e4 e5 Nf3 Nc6 Bb5");
  EXPECT_EQ(g.comments, std::vector<std::string>{"Before; the first move"});
  EXPECT_EQ(g.moves[0].comments, std::vector<std::string>{"a"});
  EXPECT_EQ(g.moves[1].comments, std::vector<std::string>{"to the end of the line { ( $1"});
  EXPECT_EQ(g.moves[2].comments, (std::vector<std::string>{"one", "two"}));
  EXPECT_EQ(g.moves[3].comments, std::vector<std::string>{"braces hold ) ( and ;"});
  EXPECT_EQ(g.result, "*");
}

TEST(Pgn, NestedVariationsAreKeptAsTextAndSkipped) {
  const auto games = read_pgn(
      "1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5 {the Falkbeer (counter-gambit)} 3. exd5) 3. Nf3) 2... Nc6 "
      "(2... d6 3. d4 (3. Bc4 Bg4 $6) exd4) 3. Bb5 ( 3. Bc4 ) a6 1/2-1/2");
  ASSERT_EQ(games.size(), 1u);
  const PgnGame& g = games[0];
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_EQ(sans(g), "e4 e5 Nf3 Nc6 Bb5 a6");
  ASSERT_EQ(g.moves[2].variations.size(), 1u);
  EXPECT_EQ(g.moves[2].variations[0], "2. f4 exf4 (2... d5 {the Falkbeer (counter-gambit)} 3. exd5) 3. Nf3");
  EXPECT_EQ(g.moves[3].variations, std::vector<std::string>{"2... d6 3. d4 (3. Bc4 Bg4 $6) exd4"});
  EXPECT_EQ(g.moves[4].variations, std::vector<std::string>{"3. Bc4"});
  EXPECT_TRUE(g.moves[3].nags.empty());  // the $6 belongs to the variation
  EXPECT_EQ(g.result, "1/2-1/2");
}

TEST(Pgn, SetUpPositionsAndMoveNumbersWithoutSpaces) {
  const auto games = read_pgn("[SetUp \"1\"]\n[FEN \"r5k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30\"]\n\n30...Ra2 31.Rd8# 1-0\n");
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0].error.empty()) << games[0].error;
  EXPECT_EQ(games[0].startFen, "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30");
  EXPECT_EQ(sans(games[0]), "Ra2 Rd8#");
  EXPECT_EQ(games[0].start_position().side_to_move(), BLACK);

  const auto bad = read_pgn("[FEN \"not a position\"]\n1. e4 *\n");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_NE(bad[0].error.find("FEN tag"), std::string::npos) << bad[0].error;
}

TEST(Pgn, Chess960CastlesWithItsOwnRules) {
  // King d1 between rooks c1 and e1: O-O-O at once (king to c1, rook to d1), and Black's O-O
  // once f8 and g8 are clear (king to g8, rook e8 to f8).
  const auto games = read_pgn(
      "[Variant \"Chess960\"]\n[FEN \"bnrkrqnb/pppppppp/8/8/8/8/PPPPPPPP/BNRKRQNB w KQkq - 0 1\"]\n\n"
      "1. O-O-O Nf6 2. Nf3 e6 3. d4 Qe7 4. Nc3 0-0 *\n");
  ASSERT_EQ(games.size(), 1u);
  const PgnGame& g = games[0];
  ASSERT_TRUE(g.error.empty()) << g.error;
  EXPECT_TRUE(g.chess960);
  Position pos = g.start_position();
  for (const PgnMove& m : g.moves) pos.do_move(m.move);
  EXPECT_EQ(pos.piece_on(SQ_C1), W_KING);
  EXPECT_EQ(pos.piece_on(SQ_D1), W_ROOK);
  EXPECT_EQ(pos.piece_on(SQ_G8), B_KING);
  EXPECT_EQ(pos.piece_on(SQ_F8), B_ROOK);
}

TEST(Pgn, OtherNotationsPlayersUse) {
  // Zeros for castling, long algebraic, "e.p." and the promotion without '='.
  const char* fen = "[FEN \"4k3/1P6/8/3pP3/8/8/8/R3K3 w Q d6 0 1\"]\n";
  auto games = read_pgn(std::string(fen) + "1. exd6e.p. Kf7 2. 0-0-0 Ke6 3. b8Q Kd7 4. Rd1-d5 *");
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0].error.empty()) << games[0].error;
  EXPECT_EQ(sans(games[0]), "exd6 Kf7 O-O-O Ke6 b8=Q Kd7 Rd5");
  games = read_pgn(std::string(fen) + "1. exd6 e.p. Kf7 *");
  ASSERT_TRUE(games[0].error.empty()) << games[0].error;
  EXPECT_EQ(sans(games[0]), "exd6 Kf7");
}

TEST(Pgn, ABrokenGameIsReportedWithItsLineAndTheOthersAreRead) {
  const auto games = read_pgn(
      "[Event \"one\"]\n\n1. e4 e5 1-0\n\n"
      "[Event \"two\"]\n\n1. e4 e5\n2. Ke3 Nc6 0-1\n\n"
      "[Event \"three\"]\n\n1. d4 d5 *\n");
  ASSERT_EQ(games.size(), 3u);
  EXPECT_TRUE(games[0].error.empty());
  EXPECT_EQ(games[1].number, 2);
  EXPECT_EQ(games[1].line, 5);
  EXPECT_EQ(games[1].errorLine, 8);
  EXPECT_NE(games[1].error.find("'Ke3' is not a legal move for White at move 2."), std::string::npos) << games[1].error;
  EXPECT_EQ(games[1].result, "0-1");  // read on to its end
  EXPECT_TRUE(games[2].error.empty());
  EXPECT_EQ(sans(games[2]), "d4 d5");
  // A move after the game is over names that.
  const auto over = read_pgn("1. f3 e5 2. g4 Qh4# 3. a3 0-1");
  EXPECT_NE(over[0].error.find("already over"), std::string::npos) << over[0].error;
  const auto null = read_pgn("1. e4 -- 2. d4 *");
  EXPECT_NE(null[0].error.find("null move"), std::string::npos) << null[0].error;
  // What follows an unreadable move annotates no move the game kept: the comment, NAG and
  // variation after 2.Ke3 are not 1...e5's (a match's score comment would be read as its score).
  const auto after = read_pgn("1. e4 {+0.20/10} e5 2. Ke3 {+0.10/1 0.1s} $2 (2. Nf3) Nc6 ; late\n0-1");
  ASSERT_EQ(after[0].moves.size(), 2u);
  EXPECT_FALSE(after[0].error.empty());
  EXPECT_TRUE(after[0].moves[1].comments.empty());
  EXPECT_TRUE(after[0].moves[1].nags.empty());
  EXPECT_TRUE(after[0].moves[1].variations.empty());
  EXPECT_EQ(after[0].moves[0].comments, std::vector<std::string>{"+0.20/10"});
}

TEST(Pgn, TruncatedGamesAndUnclosedCommentsOrVariations) {
  // Cut off without a result: read, with a warning; the Result tag gives the result.
  auto games = read_pgn("[Result \"1-0\"]\n\n1. e4 e5 2. Nf3");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].error.empty());
  EXPECT_EQ(games[0].moves.size(), 3u);
  EXPECT_EQ(games[0].result, "1-0");
  ASSERT_EQ(games[0].warnings.size(), 1u);
  EXPECT_NE(games[0].warnings[0].find("truncated"), std::string::npos);

  // The next game's tags end a game that lost its result.
  games = read_pgn("1. e4 e5\n[Event \"next\"]\n1. d4 *");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].moves.size(), 2u);
  EXPECT_EQ(games[1].tag("Event"), "next");

  // A comment left open would swallow the file: the next game's tag line ends it.
  games = read_pgn("[Event \"a\"]\n\n1. e4 {unclosed e5 2. Nf3\n\n[Event \"b\"]\n\n1. c4 c5 1/2-1/2\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_NE(games[0].error.find("comment opened on line 3 is not closed"), std::string::npos) << games[0].error;
  EXPECT_TRUE(games[1].error.empty()) << games[1].error;
  EXPECT_EQ(sans(games[1]), "c4 c5");

  games = read_pgn("1. e4 (1. d4 d5\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_NE(games[0].error.find("variation opened on line 1 is not closed"), std::string::npos) << games[0].error;
  games = read_pgn("1. e4 e5) 2. Nf3 *");
  EXPECT_NE(games[0].error.find("')' without a '('"), std::string::npos) << games[0].error;
  games = read_pgn("[Event \"no quotes]\n1. e4 *");
  EXPECT_NE(games[0].error.find("malformed tag"), std::string::npos) << games[0].error;
}

TEST(Pgn, SloppyResultMarkersAreReadAndADisagreementIsWarned) {
  // Markers players' files hold besides the standard four: "1/2", "½", "½-½", "0.5-0.5" and the
  // colon forms some European programs write. Each ends the game, which stays readable.
  const std::pair<const char*, const char*> sloppy[] = {{"1/2", "1/2-1/2"},     {"\xC2\xBD", "1/2-1/2"}, {"\xC2\xBD-\xC2\xBD", "1/2-1/2"},
                                                        {"0.5-0.5", "1/2-1/2"}, {"1:0", "1-0"},           {"0:1", "0-1"},
                                                        {"\xC2\xBD:\xC2\xBD", "1/2-1/2"}};
  for (const auto& [marker, result] : sloppy) {
    const auto games = read_pgn("[Result \"" + std::string(result) + "\"]\n\n1. e4 e5 2. Nf3 " + marker + "\n\n[Event \"next\"]\n\n1. d4 *\n");
    ASSERT_EQ(games.size(), 2u) << marker;
    EXPECT_TRUE(games[0].error.empty()) << marker << ": " << games[0].error;
    EXPECT_EQ(games[0].moves.size(), 3u) << marker;
    EXPECT_EQ(games[0].result, result) << marker;
    EXPECT_TRUE(games[0].warnings.empty()) << marker << ": " << games[0].warnings.front();
    EXPECT_EQ(games[1].tag("Event"), "next");
  }
  // The marker and the Result tag disagree: the game is read, the marker kept, and the reader says so.
  auto games = read_pgn("[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 1-0\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].result, "1-0");
  ASSERT_EQ(games[0].warnings.size(), 1u);
  EXPECT_EQ(games[0].warnings[0], "the result marker 1-0 disagrees with the Result tag 0-1; the marker is kept");
  // "*" (unfinished) with a decided Result tag: the tag's result, said once.
  games = read_pgn("[Result \"1/2-1/2\"]\n\n1. e4 e5 *\n");
  EXPECT_EQ(games[0].result, "1/2-1/2");
  ASSERT_EQ(games[0].warnings.size(), 1u);
  EXPECT_EQ(games[0].warnings[0], "the result marker * disagrees with the Result tag 1/2-1/2; the tag is kept");
  // A tag that is no result ("?", "", "*") is no disagreement.
  games = read_pgn("[Result \"?\"]\n\n1. e4 e5 1-0\n");
  EXPECT_TRUE(games[0].warnings.empty());
  EXPECT_EQ(games[0].result, "1-0");
}

TEST(Pgn, EmptyTextHasNoGames) {
  EXPECT_TRUE(read_pgn("").empty());
  EXPECT_TRUE(read_pgn("  \n\r\n\t").empty());
  EXPECT_TRUE(read_pgn("{just a comment}\n; and another\n% an escape line\n").empty());
  // A game of tags alone is a game without moves.
  const auto tagsOnly = read_pgn("[Event \"x\"]\n[Result \"*\"]\n");
  ASSERT_EQ(tagsOnly.size(), 1u);
  EXPECT_TRUE(tagsOnly[0].moves.empty());
}

TEST(Pgn, Latin1TextIsReadAsLatin1) {
  bool converted = true;
  EXPECT_EQ(pgn_text_as_utf8("L\xC3\xA9gal", &converted), "L\xC3\xA9gal");  // UTF-8 already
  EXPECT_FALSE(converted);
  EXPECT_EQ(pgn_text_as_utf8("\xEF\xBB\xBF[Event \"x\"]"), "[Event \"x\"]");  // the byte-order mark dropped
  EXPECT_EQ(pgn_text_as_utf8("L\xE9gal", &converted), "L\xC3\xA9gal");
  EXPECT_TRUE(converted);
  EXPECT_EQ(pgn_text_as_utf8("\xC3"), "\xC3\x83");  // a lone lead byte at the end is not UTF-8

  const std::string text = pgn_text_as_utf8(file_bytes("games/latin1.pgn"), &converted);
  EXPECT_TRUE(converted);
  const auto games = read_pgn(text);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].error.empty()) << games[0].error;
  EXPECT_EQ(games[0].tag("White"), "Kermur Sire de L\xC3\xA9gal");
  EXPECT_EQ(games[0].moves.size(), 13u);
}

TEST(Pgn, TheShippedGamesReplayLegally) {
  // The test games of tests/data/games (their provenance is in tests/data/README.md).
  const struct {
    const char* file;
    size_t games, plies;
    const char* result;
  } expected[] = {{"games/opera_game.pgn", 1, 33, "1-0"},
                  {"games/legal_mate.pgn", 1, 13, "1-0"},
                  {"games/chigorin_steinitz_1892_g23.pgn", 1, 64, "0-1"}};
  for (const auto& e : expected) {
    const auto games = read_pgn(pgn_text_as_utf8(file_bytes(e.file)));
    ASSERT_EQ(games.size(), e.games) << e.file;
    EXPECT_TRUE(games[0].error.empty()) << e.file << ": " << games[0].error;
    EXPECT_TRUE(games[0].warnings.empty()) << e.file;
    EXPECT_EQ(games[0].moves.size(), e.plies) << e.file;
    EXPECT_EQ(games[0].result, e.result) << e.file;
  }
  const auto corner = read_pgn(file_bytes("games/corner_cases.pgn"));
  ASSERT_EQ(corner.size(), 3u);
  for (const PgnGame& g : corner) EXPECT_TRUE(g.error.empty()) << g.number << ": " << g.error;
  EXPECT_EQ(corner[0].moves.size(), 40u);
  EXPECT_EQ(corner[1].moves.size(), 2u);
  EXPECT_TRUE(corner[2].chess960);

  const auto mixed = read_pgn(file_bytes("games/broken_and_truncated.pgn"));
  ASSERT_EQ(mixed.size(), 3u);
  EXPECT_TRUE(mixed[0].error.empty());
  EXPECT_EQ(mixed[1].errorLine, 14);
  EXPECT_TRUE(mixed[2].error.empty());
  EXPECT_EQ(mixed[2].warnings.size(), 1u);
}

TEST(Pgn, AnyBytesAndAnyCutAreReadWithoutCrashing) {
  // Every prefix of a real file (a file cut anywhere), then random bytes and random PGN-ish
  // tokens: the reader may report errors but must return (ASan/UBSan check the rest in CI).
  const std::string real = file_bytes("games/corner_cases.pgn") + "\n" + file_bytes("games/chigorin_steinitz_1892_g23.pgn");
  for (size_t cut = 0; cut <= real.size(); cut += 7) {
    const auto games = read_pgn(std::string_view(real).substr(0, cut));
    for (const PgnGame& g : games) EXPECT_GE(g.number, 1);
  }
  std::mt19937 rng(74);
  for (int round = 0; round < 200; ++round) {
    std::string bytes(size_t(rng() % 400), '\0');
    for (char& c : bytes) c = char(rng() % 256);
    (void)read_pgn(pgn_text_as_utf8(bytes));
  }
  static const char* const Pieces[] = {"[", "]", "{", "}", "(", ")", ";", "$", "\"", "\n", " ", "1.", "...", "e4",
                                       "e5", "Nf3", "O-O", "1-0", "*", "[Event \"x\"]", "%", "\\", "Qxf7#", "!?", "$300"};
  for (int round = 0; round < 300; ++round) {
    std::string text;
    for (int k = int(rng() % 60); k > 0; --k) text += Pieces[rng() % std::size(Pieces)];
    (void)read_pgn(text);
  }
}
