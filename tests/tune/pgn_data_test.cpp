// SPDX-License-Identifier: GPL-3.0-or-later
// Tuning positions from match games: which positions are eligible (the engine's scored, quiet
// moves out of check), the per-game sample, the result label, the label search and its PV leaf,
// and games that are skipped.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "board/position.hpp"
#include "tune/input.hpp"
#include "tune/pgn_data.hpp"

using namespace taper;
using namespace taper::tune;

namespace {

// Game 1 (1-0): book moves, then scored moves; 4. Bxc6 is a capture, 5... Qe7 is played out of
// check, 6. O-O is a mate score. Game 2 has no result, game 3 an illegal move, game 4 only book.
const char* const Pgn = R"([White "Taper A"]
[Black "Taper B"]
[Result "1-0"]

1. e4 {book} e5 {book} 2. Nf3 {+0.35/12 0.512s} Nc6 {-0.20/10 0.401s} 3. Bb5 {+0.40/13 0.5s}
a6 {-0.30/10 0.1s} 4. Bxc6 {+0.50/13 0.1s} dxc6 {-0.45/9 0.1s} 5. Nxe5 {+0.60/12 0.1s}
Qe7 {-0.40/11 0.1s} 6. Nf3 {+M9/20 0.1s} Qxe4+ {-0.90/12 0.1s} 7. Qe2 {+0.20/14 0.2s} 1-0

[White "Taper A"]
[Black "Taper B"]
[Result "*"]

1. d4 {+0.20/10 0.1s} *

[White "Taper A"]
[Black "Taper B"]
[Result "0-1"]

1. d4 {+0.20/10 0.1s} Ke3 {+0.10/1 0.1s} 0-1

[White "Taper A"]
[Black "Other"]
[Result "1/2-1/2"]

1. c4 {book} c5 {book} 1/2-1/2
)";

struct Output {
  std::vector<LabelledPosition> positions;
  std::vector<std::string> comments;
};

class PgnData : public ::testing::Test {
 protected:
  void SetUp() override {
    Position::init();
    const std::string base = ::testing::TempDir() + "taper_pgn_data_" + std::to_string(::getpid());
    pgn_ = base + ".pgn";
    out_ = base + ".txt";
    std::ofstream(pgn_) << Pgn;
  }
  void TearDown() override {
    std::filesystem::remove(pgn_);
    std::filesystem::remove(out_);
  }

  PgnDataOptions options() const {
    PgnDataOptions o;
    o.inputs = {pgn_};
    o.output = out_;
    o.samplesPerGame = 0;
    o.threads = 1;
    return o;
  }

  Output read() const {
    Output r;
    LineReader reader(out_);
    EXPECT_TRUE(reader.ok()) << reader.error();
    LabelledPosition lp;
    for (std::string line; reader.next(line);) {
      if (!line.empty() && line[0] == '#') r.comments.push_back(line);
      else if (parse_labelled_line(line, lp) == LineStatus::Position) r.positions.push_back(lp);
    }
    return r;
  }

  std::string pgn_, out_;
};

}  // namespace

TEST_F(PgnData, KeepsTheEnginesScoredQuietMovesOutOfCheck) {
  PgnDataOptions o = options();
  o.note = "games of a test";
  o.header = "pgn-data test";
  PgnDataReport r;
  std::string error;
  ASSERT_TRUE(pgn_to_data(o, r, &error)) << error;
  EXPECT_EQ(r.games, 4u);
  EXPECT_EQ(r.used, 1u);  // no result, an illegal move, only book moves
  EXPECT_EQ(r.skipped, 3u);
  EXPECT_EQ(r.whiteWins, 1u);
  const Output out = read();
  ASSERT_EQ(out.comments.size(), 3u);
  EXPECT_EQ(out.comments[0], "# games of a test");
  EXPECT_EQ(out.comments[1], "# pgn-data test");
  EXPECT_EQ(out.comments[2], "# game 1-0");
  // Eligible: 2. Nf3, 2... Nc6, 3. Bb5, 3... a6 and 5... Qe7. Not: the book moves, the captures
  // (Bxc6, dxc6, Nxe5, Qxe4+), 6. Nf3 (a mate score) and 7. Qe2 (played in check).
  std::map<std::string, int> scoreOf;
  for (const LabelledPosition& lp : out.positions) {
    EXPECT_TRUE(lp.hasScore);
    EXPECT_DOUBLE_EQ(lp.result, 1.0);
    scoreOf[lp.fen] = lp.score;
  }
  ASSERT_EQ(out.positions.size(), 5u);
  EXPECT_EQ(r.positions, 5u);
  // The scores are White's view: Black's -0.20 after 2... Nc6 is +20 for White.
  EXPECT_EQ(out.positions[0].score, 35);
  EXPECT_EQ(out.positions[1].score, 20);
  EXPECT_EQ(out.positions[2].score, 40);
  EXPECT_EQ(out.positions[3].score, 30);
  EXPECT_EQ(out.positions[4].score, 40);  // 5... Qe7 {-0.40}
  EXPECT_EQ(out.positions[0].fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
}

TEST_F(PgnData, SamplesPerGameAndEngineFilter) {
  PgnDataOptions o = options();
  o.samplesPerGame = 2;
  PgnDataReport r;
  ASSERT_TRUE(pgn_to_data(o, r));
  EXPECT_EQ(read().positions.size(), 2u);
  // Only Black's moves: 2... Nc6, 3... a6, 5... Qe7.
  o.samplesPerGame = 0;
  o.engine = "taper b";
  ASSERT_TRUE(pgn_to_data(o, r));
  const Output out = read();
  ASSERT_EQ(out.positions.size(), 3u);
  for (const LabelledPosition& lp : out.positions) EXPECT_NE(lp.fen.find(" b "), std::string::npos) << lp.fen;
}

TEST_F(PgnData, TheSampleDoesNotDependOnTheThreads) {
  PgnDataOptions o = options();
  o.samplesPerGame = 3;
  o.seed = 5;
  PgnDataReport r;
  ASSERT_TRUE(pgn_to_data(o, r));
  const Output one = read();
  o.threads = 3;
  ASSERT_TRUE(pgn_to_data(o, r));
  const Output three = read();
  ASSERT_EQ(one.positions.size(), three.positions.size());
  for (size_t i = 0; i < one.positions.size(); ++i) EXPECT_EQ(one.positions[i].fen, three.positions[i].fen);
}

TEST_F(PgnData, LabelSearchReplacesScoresAndPvLeavesAreQuiet) {
  PgnDataOptions o = options();
  o.label.depth = 6;
  o.label.pvLeaf = true;
  PgnDataReport r;
  ASSERT_TRUE(pgn_to_data(o, r));
  const Output out = read();
  ASSERT_FALSE(out.positions.empty());
  for (const LabelledPosition& lp : out.positions) {
    Position pos;
    ASSERT_TRUE(pos.set(lp.fen, false)) << lp.fen;
    EXPECT_FALSE(pos.in_check()) << lp.fen;
    EXPECT_DOUBLE_EQ(lp.result, 1.0);
  }
}

TEST_F(PgnData, MissingInputIsAnError) {
  PgnDataOptions o = options();
  o.inputs = {pgn_ + ".missing"};
  PgnDataReport r;
  std::string error;
  EXPECT_FALSE(pgn_to_data(o, r, &error));
  EXPECT_FALSE(error.empty());
  o.inputs.clear();
  EXPECT_FALSE(pgn_to_data(o, r, &error));
}
