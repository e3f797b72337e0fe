// SPDX-License-Identifier: GPL-3.0-or-later
// Move classes as chess.com names them (review/review.hpp, review/classes.cpp): the thresholds, a
// Miss and a Great in reviews of real moves with made-up scores, the candidates that get a second
// search, and a real second search finding the only move that keeps a won ending.
#include <gtest/gtest.h>

#include <map>

#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "board/pgn.hpp"
#include "review/review.hpp"

using namespace taper;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// Verdicts made up without a search: position i scores `scores[i]` (its side to move's view),
/// its best move is the move played unless `otherBest` gives another (SAN).
std::vector<PositionVerdict> made_up(const PgnGame& g, const std::vector<Value>& scores, const std::map<size_t, std::string>& otherBest) {
  std::vector<Position> positions = game_positions(g);
  EXPECT_EQ(scores.size(), positions.size());
  std::vector<PositionVerdict> verdicts(positions.size());
  for (size_t i = 0; i < positions.size(); ++i) {
    verdicts[i].score = scores[i];
    const auto other = otherBest.find(i);
    const MoveList<LEGAL> legal(positions[i]);
    if (legal.size() == 0) {  // the game ends in mate or stalemate: not searched
      verdicts[i].over = true;
      continue;
    }
    verdicts[i].best = other != otherBest.end() ? parse_san_move(positions[i], other->second)
                       : i < g.moves.size()     ? g.moves[i].move
                                                : *legal.begin();
    verdicts[i].pv = {verdicts[i].best};
  }
  return verdicts;
}

}  // namespace

TEST(ReviewClasses, NamesAsChessComWritesThem) {
  const char* names[] = {"best", "excellent", "good", "book", "inaccuracy", "mistake", "blunder", "miss", "great"};
  for (size_t c = 0; c < MoveClassCount; ++c) EXPECT_STREQ(move_class_name(MoveClass(c)), names[c]);
}

TEST(ReviewClasses, UnmarkedMovesByTheirDropMarkedOnesByTheirMark) {
  EXPECT_EQ(classify_move(false, Mark::None, true, 60, 55, false, false), MoveClass::Best);  // the engine's own move
  EXPECT_EQ(classify_move(false, Mark::None, false, 60, 61, false, false), MoveClass::Best);  // loses nothing
  EXPECT_EQ(classify_move(false, Mark::None, false, 60, 56.5, false, false), MoveClass::Excellent);
  EXPECT_EQ(classify_move(false, Mark::None, false, 60, 56, false, false), MoveClass::Good);
  EXPECT_EQ(classify_move(false, Mark::None, false, 60, 51, false, false), MoveClass::Good);
  EXPECT_EQ(classify_move(false, Mark::Inaccuracy, false, 60, 50, false, false), MoveClass::Inaccuracy);
  EXPECT_EQ(classify_move(false, Mark::Mistake, false, 60, 40, false, false), MoveClass::Mistake);
  EXPECT_EQ(classify_move(false, Mark::Blunder, false, 60, 30, false, false), MoveClass::Blunder);
  EXPECT_EQ(classify_move(true, Mark::None, false, 60, 30, true, true), MoveClass::Book);
  // A Miss replaces an inaccuracy or a mistake; a blunder threw away more than the gift.
  EXPECT_EQ(classify_move(false, Mark::Inaccuracy, false, 80, 68, true, false), MoveClass::Miss);
  EXPECT_EQ(classify_move(false, Mark::Mistake, false, 80, 55, true, false), MoveClass::Miss);
  EXPECT_EQ(classify_move(false, Mark::Blunder, false, 80, 45, true, false), MoveClass::Blunder);
  EXPECT_EQ(classify_move(false, Mark::None, true, 80, 80, false, true), MoveClass::Great);
}

TEST(ReviewClasses, MissAndGreatThresholds) {
  // 50 before the opponent's mistake, 75 now: more than half given back is a miss.
  EXPECT_TRUE(is_miss(Mark::Mistake, 50, 75, 62));
  EXPECT_FALSE(is_miss(Mark::Mistake, 50, 75, 63));
  EXPECT_FALSE(is_miss(Mark::Blunder, 50, 69, 50));  // 19 points offered: not enough to call it a gift
  // No mistake, no gift: two searches a ply apart that disagree (Chigorin - Steinitz 1892, 8...O-O
  // at 72 % for Black, then 51 % for White at 20,000 nodes) are no reason to call 9.Ne1 a miss.
  EXPECT_FALSE(is_miss(Mark::Inaccuracy, 28, 51, 28));
  EXPECT_FALSE(is_miss(Mark::None, 28, 51, 28));
  EXPECT_TRUE(is_great(60, 40));
  EXPECT_FALSE(is_great(60, 41));
  EXPECT_FALSE(is_great(39, 5));  // nothing left to keep
}

TEST(ReviewClasses, AMissedGiftInAReview) {
  // 2.h3?? (2.e4 was best) gives Black a pawn and a half (Black's chances from 50 to about 80);
  // the search prefers 2...e5, which keeps it, and 2...a6 gives nearly all of it back (about 55
  // left): a mistake by its drop, and a Miss, written with its mark's NAG.
  const std::vector<PgnGame> games = read_pgn("1. a3 h6 2. h3 a6 3. b3 g6 *");
  ASSERT_EQ(games.size(), 1u);
  //                                 a3  h6  h3    a6     b3  g6  end
  const GameReview r = review_game(games[0], made_up(games[0], {0, 0, 0, 150, -25, 25, -25}, {{2, "e4"}, {3, "e5"}}));
  const MoveReview& a6 = r.moves[3];
  ASSERT_TRUE(a6.mark == Mark::Inaccuracy || a6.mark == Mark::Mistake) << a6.chancesBefore << " " << a6.chancesAfter;
  EXPECT_EQ(a6.moveClass, MoveClass::Miss);
  ASSERT_GE(r.moves[2].mark, Mark::Mistake);
  EXPECT_EQ(r.moves[4].moveClass, MoveClass::Best);  // 3.b3, the (made-up) search's own move
  EXPECT_EQ(r.players[BLACK].classes[size_t(MoveClass::Miss)], 1);
  EXPECT_EQ(r.players[WHITE].classes[size_t(MoveClass::Miss)], 0);
  int total = 0;
  for (int n : r.players[BLACK].classes) total += n;
  EXPECT_EQ(total, r.players[BLACK].moves);
  const std::string pgn = annotated_pgn(r), json = review_json(r);
  EXPECT_TRUE(contains(pgn, "a6 $" + std::to_string(mark_nag(a6.mark)))) << pgn;
  EXPECT_TRUE(contains(pgn, "Miss, a")) << pgn;
  EXPECT_TRUE(contains(json, "\"class\":\"miss\"")) << json;
  EXPECT_TRUE(contains(json, "\"miss\":1")) << json;
}

TEST(ReviewClasses, CandidatesForGreatSkipRecapturesForcedAndLostPositions) {
  // From a set-up position (after 1.e4 d5: no book). 2.exd5 can be Great; 2...Qxd5 takes back
  // on d5, a move anyone finds; 3.Nc3 is played at 30 % chances, nothing left to keep.
  const std::vector<PgnGame> games =
      read_pgn("[FEN \"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"]\n\n2. exd5 Qxd5 3. Nc3 *");
  ASSERT_EQ(games.size(), 1u);
  std::vector<Position> positions = game_positions(games[0]);
  std::vector<PositionVerdict> v = made_up(games[0], {20, -20, -120, 120}, {});
  EXPECT_EQ(great_candidates(games[0], positions, v), std::vector<size_t>{0});
  v[0].best = parse_san_move(positions[0], "Nc3");  // the move played is not the best: no candidate
  EXPECT_TRUE(great_candidates(games[0], positions, v).empty());
  // A mate ends the game: Best, however much the other moves lose (Légal's 7.Nd5#).
  const std::vector<PgnGame> legal = read_pgn(
      "[FEN \"rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 6\"]\n\n6. Bxf7+ Ke7 7. Nd5# *");
  ASSERT_EQ(legal.size(), 1u);
  ASSERT_TRUE(legal[0].error.empty()) << legal[0].error;
  std::vector<Position> legalPositions = game_positions(legal[0]);
  const std::vector<PositionVerdict> mating = made_up(legal[0], {mate_in(3), mated_in(2), mate_in(1), -VALUE_MATE}, {});
  EXPECT_EQ(great_candidates(legal[0], legalPositions, mating), std::vector<size_t>{0});
}

TEST(ReviewClasses, TheOnlyMoveThatKeepsTheWinIsGreat) {
  // White must take the queen: 1.Rxd8+ Kxd8 leaves a won pawn ending, any other move loses the
  // rook to 1...Qxd1+. A real search, with the second-best move searched as in `taper review`.
  const std::vector<PgnGame> games = read_pgn("[FEN \"3qk3/8/8/8/8/8/5PPP/3R2K1 w - - 0 1\"]\n\n1. Rxd8+ Kxd8 *");
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0].error.empty()) << games[0].error;
  ReviewLimits limits;
  limits.nodes = 20000;
  limits.threads = 1;
  const std::vector<PositionVerdict> verdicts = search_game(games[0], limits);
  ASSERT_TRUE(verdicts[0].hasSecond);
  EXPECT_FALSE(verdicts[1].hasSecond);  // 1...Kxd8 is a recapture
  const GameReview r = review_game(games[0], verdicts);
  EXPECT_EQ(r.moves[0].moveClass, MoveClass::Great) << r.moves[0].chancesBefore << " " << verdicts[0].secondScore;
  EXPECT_EQ(r.players[WHITE].classes[size_t(MoveClass::Great)], 1);
  EXPECT_TRUE(contains(annotated_pgn(r), "Rxd8+ $1")) << annotated_pgn(r);
  EXPECT_TRUE(contains(review_json(r), "\"class\":\"great\"")) << review_json(r);
}
