// SPDX-License-Identifier: GPL-3.0-or-later
// `taper review` (review/review.hpp): the numbers (chances, marks, lichess's accuracy), the book,
// the reasons, and whole reviews of real games at a fixed node count, whose known blunders must
// be marked ?? with a reason while the winners' moves are not marked as mistakes; the annotated
// PGN must read back with the same moves.
#include <algorithm>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <unistd.h>

#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "board/pgn.hpp"
#include "test_data.hpp"
#include "review/review.hpp"

using namespace taper;

namespace {

std::vector<PgnGame> games_of(const std::string& relative) {
  std::ifstream in(taper::testing::data_path(relative), std::ios::binary);
  EXPECT_TRUE(in.good()) << relative;
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return read_pgn(pgn_text_as_utf8(bytes));
}

/// A game reviewed at a fixed node count (the game must outlive the review, which points to it).
struct Reviewed {
  std::vector<PgnGame> games;
  GameReview review;
};

Reviewed reviewed(const std::string& relative, uint64_t nodes, int threads = 2) {
  Reviewed r;
  r.games = games_of(relative);
  EXPECT_EQ(r.games.size(), 1u);
  ReviewLimits limits;
  limits.nodes = nodes;
  limits.threads = threads;
  limits.hashMb = 32;  // `taper review`'s default: a smaller table costs the deeper reviews depth
  r.review = review_game(r.games[0], search_game(r.games[0], limits));
  return r;
}

const MoveReview& move_named(const GameReview& r, const std::string& numbered) {
  for (const MoveReview& m : r.moves)
    if (m.numbered == numbered) return m;
  ADD_FAILURE() << "no move " << numbered;
  return r.moves.front();
}

/// The winner's moves: none may be a mistake or a blunder (inaccuracies are the engine's taste).
void expect_no_mistake_by(const GameReview& r, Color winner) {
  for (const MoveReview& m : r.moves)
    if (m.mover == winner) {
      EXPECT_LT(m.mark, Mark::Mistake) << m.numbered << mark_glyph(m.mark) << " " << m.reason;
    }
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// A review made up without a search: position i scores `scores[i]` (its side to move's view) and
/// its best move is the move played, unless `otherBest` gives another (SAN) for it.
GameReview made_up_review(const PgnGame& g, const std::vector<Value>& scores, const std::map<size_t, std::string>& otherBest) {
  std::vector<Position> positions = game_positions(g);
  EXPECT_EQ(scores.size(), positions.size());
  std::vector<PositionVerdict> verdicts(positions.size());
  for (size_t i = 0; i < positions.size(); ++i) {
    verdicts[i].score = scores[i];
    const auto other = otherBest.find(i);
    verdicts[i].best = other != otherBest.end() ? parse_san_move(positions[i], other->second)
                       : i < g.moves.size()     ? g.moves[i].move
                                                : *MoveList<LEGAL>(positions[i]).begin();
    verdicts[i].pv = {verdicts[i].best};
  }
  return review_game(g, verdicts);
}

}  // namespace

TEST(ReviewMarks, ChancesComeFromTheWdlModel) {
  EXPECT_NEAR(expected_score(0, false, 78), 50, 1e-9);
  double last = 0;
  for (Value v = -800; v <= 800; v += 50) {
    const double e = expected_score(v, false, 60);
    EXPECT_GT(e, last) << v;
    EXPECT_NEAR(e + expected_score(-v, false, 60), 100, 1e-9) << v;  // symmetric
    last = e;
  }
  EXPECT_EQ(expected_score(mate_in(7), false, 40), 100);
  EXPECT_EQ(expected_score(mated_in(4), false, 40), 0);
  EXPECT_EQ(expected_score(0, true, 10), 50);
  EXPECT_EQ(expected_score(VALUE_TB_WIN - 20, true, 10), 100);
  EXPECT_EQ(expected_score(-(VALUE_TB_WIN - 20), true, 10), 0);
}

TEST(ReviewMarks, ThresholdsAndTheMateRules) {
  EXPECT_EQ(mark_for(60, 50.5, 100, 60), Mark::None);
  EXPECT_EQ(mark_for(60, 50, 100, 50), Mark::Inaccuracy);
  EXPECT_EQ(mark_for(60, 40, 100, 0), Mark::Mistake);
  EXPECT_EQ(mark_for(60, 30, 100, -100), Mark::Blunder);
  EXPECT_EQ(mark_for(40, 45, 0, 20), Mark::None);  // better than the search thought
  // A forced mate missed: marked by what is left.
  EXPECT_EQ(mark_for(100, 100, mate_in(5), 1500), Mark::Inaccuracy);
  EXPECT_EQ(mark_for(100, 99, mate_in(5), 800), Mark::Mistake);
  EXPECT_EQ(mark_for(100, 95, mate_in(5), 300), Mark::Blunder);
  EXPECT_EQ(mark_for(100, 100, mate_in(5), mate_in(9)), Mark::None);  // a slower mate is still a mate
  // A forced mate walked into: marked by how lost it was anyway.
  EXPECT_EQ(mark_for(0.1, 0, -1200, mated_in(6)), Mark::Inaccuracy);
  EXPECT_EQ(mark_for(1, 0, -800, mated_in(6)), Mark::Mistake);
  EXPECT_EQ(mark_for(50, 0, 0, mated_in(6)), Mark::Blunder);
  EXPECT_EQ(mark_for(0, 0, mated_in(9), mated_in(3)), Mark::None);  // mated either way
  EXPECT_STREQ(mark_glyph(Mark::Mistake), "?");
  EXPECT_EQ(mark_nag(Mark::Inaccuracy), 6);
  EXPECT_EQ(mark_nag(Mark::Mistake), 2);
  EXPECT_EQ(mark_nag(Mark::Blunder), 4);
}

TEST(ReviewMarks, LichessAccuracy) {
  EXPECT_DOUBLE_EQ(lichess_win_percent(0), 50);
  EXPECT_NEAR(lichess_win_percent(100), 59.1, 0.05);
  EXPECT_DOUBLE_EQ(lichess_win_percent(5000), lichess_win_percent(1000));  // ceiled at ten pawns
  EXPECT_DOUBLE_EQ(lichess_win_percent(mate_in(3)), lichess_win_percent(1000));
  EXPECT_EQ(move_accuracy(50, 50), 100);
  EXPECT_EQ(move_accuracy(50, 70), 100);
  // lila's AccuracyPercent.fromWinPercents, with its "+ 1 // uncertainty bonus (due to imperfect
  // analysis)": a move that loses a fifth of a point scores 100, not 99.55.
  EXPECT_NEAR(move_accuracy(60, 50), 103.1668100711649 * std::exp(-0.4354415386753951) - 3.166924740191411 + 1, 1e-9);
  EXPECT_EQ(move_accuracy(60, 59.9), 100);
  EXPECT_NEAR(move_accuracy(60, 55), 103.1668100711649 * std::exp(-0.04354415386753951 * 5) - 2.166924740191411, 1e-9);
  EXPECT_EQ(move_accuracy(100, 0), 0);  // clamped

  // Perfect play is 100 for both; one bad move costs only its player, and the harmonic mean
  // makes one blunder weigh more than its share of the arithmetic mean.
  std::vector<double> win(11, 50), acc(10, 100);
  GameAccuracy a = game_accuracy(win, acc, WHITE);
  EXPECT_DOUBLE_EQ(a.white, 100);
  EXPECT_DOUBLE_EQ(a.black, 100);
  acc[3] = 20;  // Black's second move
  a = game_accuracy(win, acc, WHITE);
  EXPECT_DOUBLE_EQ(a.white, 100);
  EXPECT_LT(a.black, 100 - 80.0 / 5);
  a = game_accuracy(win, acc, BLACK);  // a game from a position with Black to move
  EXPECT_DOUBLE_EQ(a.black, 100);
  EXPECT_LT(a.white, 100);
}

TEST(ReviewText, ScoresAndLines) {
  EXPECT_EQ(score_text(35, false), "0.35");
  EXPECT_EQ(score_text(-120, false), "-1.20");
  EXPECT_EQ(score_text(mate_in(5), false), "#3");
  EXPECT_EQ(score_text(mated_in(4), false), "#-2");
  // Black to move and mating (White's point of view: White is mated in an odd number of plies):
  // Black mates in N is #-N, as it is #N when White mates in N.
  EXPECT_EQ(score_text(mated_in(1), false), "#-1");
  EXPECT_EQ(score_text(mated_in(3), false), "#-2");
  EXPECT_EQ(score_text(mate_in(1), false), "#1");
  EXPECT_EQ(score_text(mate_in(2), false), "#1");  // Black to move, White mates on its next move
  Position pos;
  pos.set("r5k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30", false);
  const Move ra2 = parse_san_move(pos, "Ra2");
  Position after = pos;
  after.do_move(ra2);
  EXPECT_EQ(numbered_line(pos, {ra2, parse_san_move(after, "Rd8")}), "30...Ra2 31.Rd8#");
  EXPECT_EQ(numbered_line(pos, {ra2, parse_san_move(after, "Rd8")}, 1), "30...Ra2");
}

TEST(ReviewReasons, MaterialAndMissedMate) {
  Position pos;
  // 1.Qd2?? puts the queen where the rook takes it: a queen for a rook.
  pos.set("4k3/3r4/8/8/8/8/8/2Q1K3 w - - 0 1", false);
  MoveReview m;
  m.numbered = "1.Qd2";
  m.mark = Mark::Blunder;
  m.played = parse_san_move(pos, "Qd2");
  Position p1 = pos;
  m.bestLine = {parse_san_move(p1, "Qc2")};
  p1.do_move(m.bestLine[0]);
  m.bestLine.push_back(parse_san_move(p1, "Kf8"));
  Position p2 = pos;
  p2.do_move(m.played);
  const Move rxd2 = parse_san_move(p2, "Rxd2");
  p2.do_move(rxd2);
  m.playedLine = {m.played, rxd2, parse_san_move(p2, "Kxd2")};
  m.bestScore = 450, m.playedScore = 0;
  const std::string reason = mistake_reason(pos, m);
  EXPECT_TRUE(contains(reason, "1.Qd2?? loses the queen on d2 for a rook: 1...Rxd2 2.Kxd2")) << reason;
  EXPECT_TRUE(contains(reason, "(1.Qc2 was better)")) << reason;

  // A mate in one missed.
  pos.set("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", false);
  MoveReview h;
  h.numbered = "1.h3";
  h.mark = Mark::Blunder;
  h.played = parse_san_move(pos, "h3");
  h.bestLine = {parse_san_move(pos, "Rd8")};
  h.playedLine = {h.played};
  h.bestScore = mate_in(1), h.playedScore = 30;
  EXPECT_EQ(mistake_reason(pos, h), "1.h3?? missed a back-rank mate in 1: 1.Rd8#.");
}

TEST(ReviewGame, LegalsMateTheQueenTakenIsABlunderThatAllowsMate) {
  const Reviewed r = reviewed("games/legal_mate.pgn", 100000);
  const GameReview& g = r.review;
  ASSERT_EQ(g.moves.size(), 13u);
  const MoveReview& bxd1 = move_named(g, "5...Bxd1");
  EXPECT_EQ(bxd1.mark, Mark::Blunder);
  EXPECT_EQ(bxd1.reason, "5...Bxd1?? allows mate in 2: 6.Bxf7+ Ke7 7.Nd5#.");
  expect_no_mistake_by(g, WHITE);
  EXPECT_EQ(g.moves.back().label, "checkmate");
  EXPECT_EQ(g.finalLabel, "checkmate");
  EXPECT_EQ(g.moves[5].label, "");
  EXPECT_EQ(bxd1.label, "White mates in 2");
  EXPECT_EQ(move_named(g, "6.Bxf7+").label, "White mates in 1");
  EXPECT_GT(g.book.plies, 0);
  for (int k = 0; k < g.book.plies; ++k) EXPECT_EQ(g.moves[size_t(k)].mark, Mark::None);
  EXPECT_GE(g.players[BLACK].blunders, 1);
  EXPECT_GT(g.players[WHITE].accuracy, g.players[BLACK].accuracy);
  // 6...Ke7 is Black's only move: its position takes the next one's score, one ply further.
  const MoveReview& ke7 = move_named(g, "6...Ke7");
  EXPECT_EQ(ke7.mark, Mark::None);
  EXPECT_EQ(g.verdicts[11].best, ke7.played);
  EXPECT_EQ(g.verdicts[11].score, mated_in(2));
  EXPECT_EQ(g.verdicts[12].score, mate_in(1));
  EXPECT_EQ(score_before_move(-VALUE_MATE), mate_in(1));
  EXPECT_EQ(score_before_move(mate_in(3)), mated_in(4));
  EXPECT_EQ(score_before_move(-35), 35);
}

TEST(ReviewGame, TheOperaGameMorphyMakesNoMistake) {
  // 300,000 nodes a position: since bundle6 (Stockfish 15.1's search refinements) a node buys less
  // depth, and at 100,000 (or with an 8 MB table) the search after 8.Nc3 was too shallow: it
  // called the move a mistake (chances 89 % -> 64 %), where Stockfish 11 at depth 22 has it half a
  // pawn below 8.Qxb7, an inaccuracy, as this review does from 300,000 nodes on with 32 MB.
  const Reviewed r = reviewed("games/opera_game.pgn", 300000);
  const GameReview& g = r.review;
  ASSERT_EQ(g.moves.size(), 33u);
  expect_no_mistake_by(g, WHITE);
  EXPECT_GE(g.players[BLACK].mistakes + g.players[BLACK].blunders, 1);
  EXPECT_EQ(g.moves.back().numbered, "17.Rd8#");
  EXPECT_EQ(g.moves.back().mark, Mark::None);
  for (const MoveReview& m : g.moves)
    if (m.mark >= Mark::Mistake) {
      EXPECT_FALSE(m.reason.empty()) << m.numbered;
    }
}

TEST(ReviewGame, ChigorinsBishopMoveAllowedMateInTwo) {
  // Steinitz-Chigorin, 1892 World Championship, game 23: Chigorin, a piece up, played 32.Bb4??
  // and resigned after 32...Rxh2+ (33.Kg1 Rdg2#).
  const Reviewed r = reviewed("games/chigorin_steinitz_1892_g23.pgn", 50000);
  const GameReview& g = r.review;
  ASSERT_EQ(g.moves.size(), 64u);
  const MoveReview& bb4 = move_named(g, "32.Bb4");
  EXPECT_EQ(bb4.mark, Mark::Blunder);
  EXPECT_GT(bb4.chancesBefore, 90);
  EXPECT_EQ(bb4.reason, "32.Bb4?? allows mate in 2: 32...Rxh2+ 33.Kg1 Rdg2#.");
  EXPECT_EQ(move_named(g, "32...Rxh2+").mark, Mark::None);
  EXPECT_EQ(g.finalLabel, "Black mates in 1");
  EXPECT_GE(g.players[WHITE].blunders, 1);
}

TEST(ReviewGame, FoolsMateCountsBlacksMateFromTheMoveBefore) {
  // 1.f3 e5 2.g4?? Qh4#: after 2.g4 Black mates in one, [%eval #-1] (lichess writes the same).
  const std::vector<PgnGame> games = read_pgn("[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
  ASSERT_EQ(games.size(), 1u);
  ReviewLimits limits;
  limits.nodes = 20000;
  limits.hashMb = 4;
  const GameReview r = review_game(games[0], search_positions(game_positions(games[0]), limits));
  const std::string pgn = annotated_pgn(r), json = review_json(r);
  std::string flat = pgn;  // the movetext wraps where the summary's build name leaves it
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  EXPECT_TRUE(contains(flat, "2. g4 $4 { [%eval #-1]")) << pgn;
  EXPECT_TRUE(contains(json, "\"numbered\":\"2.g4\",")) << json;
  EXPECT_TRUE(contains(json, "\"eval\":\"#-1\"")) << json;
  EXPECT_FALSE(contains(pgn, "#0]")) << pgn;
  EXPECT_EQ(r.moves[2].label, "Black mates in 1");
}

TEST(ReviewGame, KeepsTheGamesPositionsBesideTheVerdicts) {
  // The game is replayed once (game_positions()); the review keeps those positions, and its
  // writers read them instead of replaying the game again: the JSON's FENs are theirs.
  const std::vector<PgnGame> games = read_pgn("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n");
  ASSERT_EQ(games.size(), 1u);
  ReviewLimits limits;
  limits.nodes = 2000;
  limits.hashMb = 4;
  std::vector<Position> positions = game_positions(games[0]);
  const std::vector<std::string> fens = [&] {
    std::vector<std::string> out;
    for (const Position& p : positions) out.push_back(p.fen());
    return out;
  }();
  std::vector<PositionVerdict> verdicts = search_game(games[0], positions, limits);
  const GameReview r = review_game(games[0], std::move(positions), std::move(verdicts));
  ASSERT_EQ(r.positions.size(), games[0].moves.size() + 1);
  ASSERT_EQ(r.verdicts.size(), r.positions.size());
  for (size_t i = 0; i < r.positions.size(); ++i) EXPECT_EQ(r.positions[i].fen(), fens[i]) << i;
  const std::string json = review_json(r);
  EXPECT_TRUE(contains(json, "\"fenAfter\":\"" + fens.back() + "\"")) << json;
  // The review that replays the game itself says the same.
  EXPECT_EQ(review_json(review_game(games[0], search_game(games[0], limits))), json);
}

TEST(ReviewGame, AnotherMatingMoveIsNoMissedMate) {
  // 1.Ra8# was mate in one; 1.Kf6 mates in two all the same (1...Kg8 2.Ra8#, 1...Kh7 2.Rh1#). At
  // 1,000 nodes the search after 1.Kf6, from a cleared hash, sees a won ending but not the mate:
  // the move was marked as a missed mate (lichess has the same flaw, lila #18262). The second
  // look at eight times the nodes finds the mate, and a slower mate is not marked.
  const std::vector<PgnGame> games = read_pgn("[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"]\n\n1. Kf6 Kg8 2. Ra8# 1-0\n");
  ASSERT_EQ(games.size(), 1u);
  ReviewLimits limits;
  limits.nodes = 1000;
  limits.hashMb = 4;
  const std::vector<PositionVerdict> once = search_positions(game_positions(games[0]), limits);
  ASSERT_EQ(once[0].score, mate_in(1));
  ASSERT_GT(once[1].score, VALUE_MATED_IN_MAX_PLY) << "the first search finds the mate after 1.Kf6: no test";
  EXPECT_NE(review_game(games[0], once).moves[0].mark, Mark::None);  // what the review said before

  const GameReview r = review_game(games[0], search_game(games[0], limits));
  const MoveReview& kf6 = r.moves[0];
  EXPECT_EQ(kf6.bestScore, mate_in(1));
  EXPECT_GE(kf6.playedScore, VALUE_MATE_IN_MAX_PLY);  // a mate (the second look need not find the shortest)
  EXPECT_EQ(kf6.mark, Mark::None) << kf6.reason;
  EXPECT_EQ(kf6.label.rfind("White mates in ", 0), 0u) << kf6.label;
}

TEST(ReviewGame, TheSameNodesGiveTheSameReviewWhateverTheThreads) {
  const std::vector<PgnGame> games = games_of("games/legal_mate.pgn");
  const std::vector<Position> positions = game_positions(games[0]);
  ReviewLimits limits;
  limits.nodes = 20000;
  limits.hashMb = 4;
  const std::vector<PositionVerdict> one = search_positions(positions, limits);
  limits.threads = 2;
  int calls = 0;
  const std::vector<PositionVerdict> two = search_positions(positions, limits, [&](int done, int total) {
    ++calls;
    EXPECT_EQ(total, 14);
    EXPECT_EQ(done, calls);
  });
  EXPECT_EQ(calls, 14);
  ASSERT_EQ(one.size(), two.size());
  for (size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].score, two[i].score) << i;
    EXPECT_EQ(one[i].best, two[i].best) << i;
    EXPECT_EQ(one[i].pv, two[i].pv) << i;
  }
  EXPECT_TRUE(one.back().over);
  EXPECT_EQ(one.back().score, -VALUE_MATE);
}

TEST(ReviewOutput, TheAnnotatedPgnReadsBackWithTheSameMoves) {
  const Reviewed r = reviewed("games/legal_mate.pgn", 30000);
  const std::string pgn = annotated_pgn(r.review);
  const std::vector<PgnGame> back = read_pgn(pgn);
  ASSERT_EQ(back.size(), 1u);
  const PgnGame& g = back[0];
  ASSERT_TRUE(g.error.empty()) << g.error << "\n" << pgn;
  ASSERT_EQ(g.moves.size(), r.games[0].moves.size());
  for (size_t i = 0; i < g.moves.size(); ++i) {
    EXPECT_EQ(g.moves[i].move, r.games[0].moves[i].move) << i;
    ASSERT_FALSE(g.moves[i].comments.empty()) << i;
    const std::string& c = g.moves[i].comments.back();
    if (i + 1 < g.moves.size()) {
      EXPECT_TRUE(contains(c, "[%eval ")) << i << ": " << c;
    }
    const Mark mark = r.review.moves[i].mark;
    if (mark != Mark::None) {
      EXPECT_EQ(g.moves[i].nags, std::vector<int>{mark_nag(mark)}) << i;
      EXPECT_EQ(g.moves[i].variations.size(), 1u) << i;
    }
  }
  EXPECT_EQ(g.moves.back().comments.back(), "Checkmate.");
  EXPECT_EQ(g.tag("White"), "Kermur Sire de Legal");
  EXPECT_FALSE(g.tag("Annotator").empty());
  EXPECT_EQ(g.result, "1-0");
  ASSERT_EQ(g.comments.size(), 1u);
  // Long comments are wrapped like the moves: compare with line breaks as spaces.
  auto one_line = [](std::string s) {
    for (char& c : s)
      if (c == '\n') c = ' ';
    // A wrapped line never begins with '[' (it would read as a tag): the writer puts a space first.
    for (size_t at; (at = s.find("  ")) != std::string::npos;) s.erase(at, 1);
    return s;
  };
  EXPECT_TRUE(contains(one_line(g.comments[0]), "White (Kermur Sire de Legal): accuracy")) << g.comments[0];
  EXPECT_TRUE(contains(one_line(pgn), "5... Bxd1 $4 { [%eval #2] White mates in 2. Blunder. 5...Bxd1?? allows mate in 2")) << pgn;
  for (size_t start = 0, end; (end = pgn.find('\n', start)) != std::string::npos; start = end + 1)
    EXPECT_LE(end - start, 79u) << pgn.substr(start, end - start);
}

TEST(ReviewOutput, GraphSummaryAndJson) {
  const Reviewed r = reviewed("games/legal_mate.pgn", 30000);
  const std::string svg = review_svg(r.review);
  EXPECT_EQ(svg.rfind("<svg ", 0), 0u);
  EXPECT_TRUE(contains(svg, "</svg>"));
  EXPECT_TRUE(contains(svg, "Kermur Sire de Legal - Saint Brie   1-0"));
  EXPECT_TRUE(contains(svg, "5...Bxd1??"));
  size_t circles = 0;
  for (size_t at = 0; (at = svg.find("<circle", at)) != std::string::npos; ++at) ++circles;
  const PlayerSummary& w = r.review.players[WHITE];
  const PlayerSummary& b = r.review.players[BLACK];
  EXPECT_EQ(circles, size_t(w.inaccuracies + w.mistakes + w.blunders + b.inaccuracies + b.mistakes + b.blunders + 3));

  const std::string text = review_summary_text(r.review);
  EXPECT_TRUE(contains(text, "Worst moves:")) << text;
  EXPECT_TRUE(contains(text, "5...Bxd1?? (blunder)")) << text;
  EXPECT_TRUE(contains(text, "Final position: checkmate.")) << text;

  const std::string json = review_json(r.review);
  EXPECT_EQ(json.front(), '{');
  EXPECT_EQ(json.back(), '}');
  EXPECT_TRUE(contains(json, "\"numbered\":\"5...Bxd1\"")) << json;
  EXPECT_TRUE(contains(json, "\"mark\":\"??\"")) << json;
  EXPECT_TRUE(contains(json, "\"eval\":\"#0\"")) << json;
}

TEST(ReviewSession, OnePositionAtATimeAsTheWebPageDrivesIt) {
  ReviewSession session;
  ReviewLimits limits;
  limits.nodes = 5000;
  limits.hashMb = 4;
  EXPECT_TRUE(contains(session.begin("", 0, limits), "\"error\":\"no game found"));
  EXPECT_TRUE(contains(session.begin("1. e4 e5 2. Ke3 *", 0, limits), "\"error\":\"game 1, line 1: 'Ke3' is not a legal move"));

  const std::string pgn = "[Event \"broken\"]\n\n1. e4 Ke7 *\n\n[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
  const std::string begin = session.begin(pgn, 0, limits);  // the first game that can be reviewed
  EXPECT_TRUE(contains(begin, "{\"total\":5,\"number\":2,\"games\":[{\"number\":1,")) << begin;
  EXPECT_TRUE(contains(begin, "\"error\":\"line 3: 'Ke7' is not a legal move")) << begin;
  EXPECT_TRUE(contains(session.result(), "not finished"));
  int done = 0;
  for (int k = 0; k < 10 && done < session.total(); ++k) done = session.step();
  EXPECT_EQ(done, 5);
  EXPECT_EQ(session.step(), 5);  // nothing more to do
  const std::string result = session.result();
  EXPECT_EQ(result.rfind("{\"review\":{\"number\":2,", 0), 0u) << result.substr(0, 80);
  EXPECT_TRUE(contains(result, "\"numbered\":\"2.g4\",")) << result;
  EXPECT_TRUE(contains(result, "\"mark\":\"??\"")) << result;  // 2.g4 allows mate in one
  EXPECT_TRUE(contains(result, "\"pgn\":\"[White \\\"A\\\"]\\u000a")) << result.substr(0, 200);
  EXPECT_TRUE(contains(result, "\"svg\":\"<svg ")) << result.substr(0, 200);
  EXPECT_TRUE(contains(session.begin(pgn, 1, limits), "\"error\":\"game 1, line 3:"));
}

TEST(ReviewOutput, WorstMovesRankByMarkThenByDrop) {
  // 1...h6?! loses about 16 points of chances; 3.b3?? throws away a mate in 3 but stays six pawns
  // up, a drop of a point or two: it is the worse move all the same, as its mark says.
  const std::vector<PgnGame> games = read_pgn("1. a3 h6 2. h3 a6 3. b3 g6 *");
  ASSERT_EQ(games.size(), 1u);
  const GameReview r = made_up_review(games[0], {0, 0, 80, -80, mate_in(5), -600, 600}, {{1, "e5"}, {4, "e4"}});
  const MoveReview &h6 = r.moves[1], &b3 = r.moves[4];
  ASSERT_EQ(h6.mark, Mark::Inaccuracy);
  ASSERT_EQ(b3.mark, Mark::Blunder);
  ASSERT_GT(h6.chancesBefore - h6.chancesAfter, b3.chancesBefore - b3.chancesAfter);
  const std::string text = review_summary_text(r);
  ASSERT_TRUE(contains(text, "3.b3??")) << text;
  ASSERT_TRUE(contains(text, "1...h6?!")) << text;
  EXPECT_LT(text.find("3.b3??"), text.find("1...h6?!")) << text;
}

TEST(ReviewMarks, BookMovesAreNeitherMarkedNorCountedInAccuracy) {
  // 3.Bb5 is the Ruy Lopez, book; the (made-up) search prefers 3.Bc4 by a pawn and a half. The
  // move is not judged, so it must not cost White accuracy either.
  std::vector<PgnGame> games = read_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. h3 *");
  ASSERT_EQ(games.size(), 1u);
  GameReview r = made_up_review(games[0], {20, -20, 20, -20, 30, 150, -150, 150}, {{4, "Bc4"}});
  ASSERT_EQ(r.book.plies, 6);
  EXPECT_TRUE(r.moves[4].book);
  EXPECT_EQ(r.moves[4].mark, Mark::None);
  EXPECT_DOUBLE_EQ(r.players[WHITE].accuracy, 100);
  EXPECT_EQ(r.players[WHITE].moves, 4);
  // The same moves from a set-up position (after 1.e4 e5) have no book: there 3.Bb5 is judged.
  games = read_pgn("[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"]\n\n2. Nf3 Nc6 3. Bb5 a6 4. h3 *");
  ASSERT_EQ(games.size(), 1u);
  r = made_up_review(games[0], {20, -20, 30, 150, -150, 150}, {{2, "Bc4"}});
  EXPECT_EQ(r.book.plies, 0);
  EXPECT_NE(r.moves[2].mark, Mark::None);
  EXPECT_LT(r.players[WHITE].accuracy, 90);
}

TEST(ReviewMarks, AverageCentipawnLossAsLichessCountsIt) {
  // lila's AccuracyCP: each move loses max(0, before - after) centipawns, the scores ceiled at
  // ten pawns (a mate counts as ten pawns); a player's ACPL is the mean over its moves. Book
  // moves are not judged here, as for the accuracy.
  const std::vector<PgnGame> games = read_pgn("1. a3 h6 2. h3 a6 3. b3 g6 *");
  ASSERT_EQ(games.size(), 1u);
  //             a3  h6    h3  a6     b3          g6    end
  const GameReview r = made_up_review(games[0], {0, 0, 80, -80, mate_in(5), -600, 600}, {{1, "e5"}, {4, "e4"}});
  EXPECT_EQ(r.moves[0].cpLoss, 0);
  EXPECT_EQ(r.moves[1].cpLoss, 80);    // 0 -> -80 for Black
  EXPECT_EQ(r.moves[4].cpLoss, 400);   // a mate (ten pawns) -> +6
  EXPECT_TRUE(r.moves[0].book);          // 1.a3 is lichess's Anderssen's Opening: not judged
  EXPECT_EQ(r.players[WHITE].acpl, 200);  // (0 + 400) / 2
  EXPECT_EQ(r.players[BLACK].acpl, 26);   // (80 + 0 + 0) / 3, rounded down as lila does
  EXPECT_TRUE(contains(review_json(r), "\"acpl\":200")) << review_json(r);
  EXPECT_TRUE(contains(review_summary_text(r), "ACPL")) << review_summary_text(r);
}

TEST(ReviewProgress, TimeLeftFromThePaceOrThreeQuartersOfTheMovetime) {
  // With a movetime the engine stops early on a stable best move: about 0.75 of it a position
  // (docs/REVIEW.md). Once every worker has finished a position, the pace measured says it.
  ReviewLimits limits;
  limits.moveTimeMs = 1000;
  EXPECT_EQ(review_time_left_ms(limits, 0, 100, 0), 75000);
  limits.threads = 2;
  EXPECT_EQ(review_time_left_ms(limits, 0, 100, 0), 37500);
  EXPECT_EQ(review_time_left_ms(limits, 1, 100, 700), 37125);  // one worker done: still the estimate
  EXPECT_EQ(review_time_left_ms(limits, 40, 100, 12000), 18000);  // 0.3 s a position measured
  EXPECT_EQ(review_time_left_ms(limits, 100, 100, 30000), 0);
  // With a node limit nothing is known before a position is done.
  limits.nodes = 50000;
  EXPECT_EQ(review_time_left_ms(limits, 0, 100, 0), 0);
  EXPECT_EQ(review_time_left_ms(limits, 10, 100, 5000), 45000);
}

TEST(ReviewOutput, TheFilesAreWrittenGameByGame) {
  // An interrupted batch keeps every game finished before: after each game the PGN holds it and
  // the JSON reads as a whole; a graph that cannot be written is reported and costs nothing else.
  const auto dir = std::filesystem::temp_directory_path() / ("taper-review-writer-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  auto slurp = [](const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  };
  const std::vector<PgnGame> games = read_pgn("[White \"A\"]\n\n1. a3 h6 *\n\n[White \"B\"]\n\n1. h3 a6 2. b3 *\n");
  ASSERT_EQ(games.size(), 2u);
  const GameReview first = made_up_review(games[0], {0, 0, 0}, {}), second = made_up_review(games[1], {0, 0, 0, 0}, {});
  ReviewWriter writer({(dir / "out.pgn").string(), (dir / "out.json").string(), (dir / "none" / "g.svg").string()}, true);
  writer.add(first);
  std::vector<PgnGame> back = read_pgn(slurp(dir / "out.pgn"));
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].tag("White"), "A");
  std::string json = slurp(dir / "out.json");
  EXPECT_EQ(json, "{\"games\":[" + review_json(first) + "]}\n");
  ASSERT_EQ(writer.errors().size(), 1u);
  EXPECT_EQ(writer.errors()[0], "cannot write " + (dir / "none" / "g-1.svg").string());
  writer.add(second);
  writer.finish();
  back = read_pgn(slurp(dir / "out.pgn"));
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[1].tag("White"), "B");
  EXPECT_EQ(back[1].moves.size(), 3u);
  json = slurp(dir / "out.json");
  EXPECT_EQ(json, "{\"games\":[" + review_json(first) + "," + review_json(second) + "]}\n");
  EXPECT_EQ(writer.errors().size(), 2u);
  std::filesystem::remove_all(dir);
}

TEST(ReviewOutput, CommentsCannotBreakTheAnnotatedPgn) {
  // Comments whose words, once wrapped, would begin a line with '%' (an escape line) or '[Name "'
  // (a tag pair), and a ';' comment holding '}'. A review made up without a search.
  std::string pgn = "[Event \"x\"]\n\n1. e4 {";
  for (int k = 0; k < 12; ++k) pgn += "%escape [Event \"no\"] ";
  pgn += "} e5 ; a } brace\n2. Nf3 *\n";
  const std::vector<PgnGame> games = read_pgn(pgn);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0].error.empty()) << games[0].error;
  std::vector<PositionVerdict> verdicts(games[0].moves.size() + 1);
  const std::vector<Position> positions = game_positions(games[0]);
  for (size_t i = 0; i < verdicts.size(); ++i) {
    verdicts[i].best = *MoveList<LEGAL>(positions[i]).begin();
    verdicts[i].pv = {verdicts[i].best};
  }
  const std::string out = annotated_pgn(review_game(games[0], verdicts));
  const std::vector<PgnGame> back = read_pgn(out);
  ASSERT_EQ(back.size(), 1u) << out;
  EXPECT_TRUE(back[0].error.empty()) << back[0].error << "\n" << out;
  EXPECT_EQ(back[0].moves.size(), 3u) << out;
  std::string flat = out;  // the comments are wrapped at 79 characters
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  EXPECT_TRUE(contains(flat, "a ) brace")) << out;
}
