// SPDX-License-Identifier: GPL-3.0-or-later
// Self-play data generation: the output parses back as tuning data, and a second run resumes it.
#include <unistd.h>

#include <filesystem>

#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "test_data.hpp"
#include "search/engine.hpp"
#include "tune/datagen.hpp"
#include "tune/dataset.hpp"

using namespace taper;
using namespace taper::tune;
using namespace taper::testing;

namespace {

struct Parsed {
  size_t positions = 0, bad = 0;
  std::vector<LabelledPosition> all;
};

Parsed parse_file(const std::string& path) {
  Parsed p;
  LineReader r(path);
  EXPECT_TRUE(r.ok()) << r.error();
  LabelledPosition lp;
  for (std::string line; r.next(line);) {
    const LineStatus s = parse_labelled_line(line, lp);
    if (s == LineStatus::Bad) ++p.bad;
    if (s != LineStatus::Position) continue;
    ++p.positions;
    p.all.push_back(lp);
  }
  return p;
}

/// Short, fast games for the tests: a small book line plus random plies, early adjudication.
DatagenOptions short_games(const std::string& path, uint64_t positions, int threads, uint64_t nodes, int maxPlies) {
  DatagenOptions o;
  o.output = path;
  o.positions = positions;
  o.threads = threads;
  o.nodes = nodes;
  o.book = data_path("books/noob_2moves.epd");
  o.randomPlies = 4;
  o.maxPlies = maxPlies;
  o.winScore = 600;
  o.winPlies = 4;
  o.drawStartPly = 40;
  o.progressSeconds = 0;
  return o;
}

}  // namespace

TEST(TuneDatagen, OutputParsesBackAndResumes) {
  const std::string path = ::testing::TempDir() + "taper_datagen_test_" + std::to_string(::getpid()) + ".txt";
  std::filesystem::remove(path);
  DatagenOptions o = short_games(path, 60, 2, 400, 120);
  o.header = "taper datagen test";
  DatagenReport r;
  std::string error;
  ASSERT_TRUE(generate_data(o, r, &error)) << error;
  EXPECT_EQ(r.existing, 0u);
  EXPECT_GE(r.positions, 60u);
  EXPECT_GE(r.games, 1u);
  EXPECT_EQ(r.games, r.whiteWins + r.draws + r.blackWins);

  const Parsed first = parse_file(path);
  EXPECT_EQ(first.bad, 0u);
  EXPECT_EQ(first.positions, r.positions);
  for (const LabelledPosition& lp : first.all) {
    Position pos;
    ASSERT_TRUE(pos.set(lp.fen, false)) << lp.fen;
    EXPECT_FALSE(pos.in_check()) << lp.fen;
    EXPECT_TRUE(lp.hasScore);
    EXPECT_LT(std::abs(lp.score), VALUE_TB_WIN_IN_MAX_PLY);
    EXPECT_TRUE(lp.result == 0.0 || lp.result == 0.5 || lp.result == 1.0) << lp.result;
    EXPECT_GT(MoveList<LEGAL>(pos).size(), 0u);
  }

  // The tuner reads it like any other data set.
  Dataset train, validation;
  LoadReport rep;
  LoadOptions lo;
  lo.progress = false;
  ASSERT_TRUE(load_dataset({path}, lo, train, validation, rep, &error)) << error;
  EXPECT_EQ(rep.positions, first.positions);
  EXPECT_EQ(rep.bad, 0u);

  // Asking for more continues the file: the old positions stay, new games follow.
  o.positions = first.positions + 30;
  ASSERT_TRUE(generate_data(o, r, &error)) << error;
  EXPECT_EQ(r.existing, first.positions);
  const Parsed second = parse_file(path);
  EXPECT_GE(second.positions, first.positions + 30);
  for (size_t i = 0; i < first.all.size(); ++i) EXPECT_EQ(second.all[i].fen, first.all[i].fen);
  // Each run that played left its command as a comment line, which readers skip.
  LineReader lines(path);
  int headers = 0;
  for (std::string line; lines.next(line);) headers += line == "# taper datagen test";
  EXPECT_EQ(headers, 2);
  // A target already reached plays nothing.
  ASSERT_TRUE(generate_data(o, r, &error)) << error;
  EXPECT_EQ(r.games, 0u);
  std::filesystem::remove(path);
}

TEST(TuneDatagen, SamplesFewPositionsPerGameWithDeeperLabels) {
  const std::string path = ::testing::TempDir() + "taper_datagen_sample_" + std::to_string(::getpid()) + ".txt";
  std::filesystem::remove(path);
  DatagenOptions o = short_games(path, 12, 1, 300, 100);
  o.samplesPerGame = 3;
  o.labelNodes = 3000;
  DatagenReport r;
  std::string error;
  ASSERT_TRUE(generate_data(o, r, &error)) << error;

  // Each game ends with its result as a comment, and holds at most 3 positions.
  LineReader lines(path);
  LabelledPosition lp;
  int inGame = 0, games = 0, positions = 0;
  std::vector<LabelledPosition> kept;
  for (std::string line; lines.next(line);) {
    if (line.rfind("# game ", 0) == 0) {
      const std::string res = line.substr(7);
      EXPECT_TRUE(res == "1-0" || res == "0-1" || res == "1/2-1/2") << line;
      for (int i = 0; i < inGame; ++i) {
        const double expected = res == "1-0" ? 1.0 : res == "0-1" ? 0.0 : 0.5;
        EXPECT_EQ(kept[kept.size() - 1 - size_t(i)].result, expected);
      }
      ++games;
      inGame = 0;
      continue;
    }
    if (parse_labelled_line(line, lp) != LineStatus::Position) continue;
    ++positions;
    ++inGame;
    EXPECT_LE(inGame, 3) << "more than 3 positions in one game";
    kept.push_back(lp);
  }
  EXPECT_EQ(inGame, 0) << "positions after the last game marker";
  EXPECT_EQ(uint64_t(games), r.games);
  EXPECT_EQ(uint64_t(positions), r.positions);
  EXPECT_GE(positions, 12);

  // The label is the deeper search's score: searching the position again at the label budget
  // with fresh tables gives exactly that score.
  Engine engine(8);
  engine.options().moveOverhead = 0;
  for (const LabelledPosition& p : kept) {
    Position pos;
    ASSERT_TRUE(pos.set(p.fen, false));
    SearchLimits limits;
    limits.nodes = 3000;
    engine.clear();
    const SearchResult sr = engine.search(pos, limits);
    const int white = pos.side_to_move() == WHITE ? sr.last.score : -sr.last.score;
    EXPECT_EQ(white, p.score) << p.fen;
  }
  std::filesystem::remove(path);
}

TEST(TuneDatagen, PvLeafStoresTheEndOfTheLabelSearchsLine) {
  // Two runs of the same games (one thread, same seed): one keeps the sampled positions, the
  // other the ends of their label searches' principal variations. Each leaf must be what
  // searching the sampled position again and playing its PV gives, with the same label.
  const auto run = [](bool pvLeaf) {
    const std::string path = ::testing::TempDir() + "taper_datagen_leaf_" + std::to_string(pvLeaf) + "_" +
                             std::to_string(::getpid()) + ".txt";
    std::filesystem::remove(path);
    DatagenOptions o = short_games(path, 8, 1, 300, 100);
    o.samplesPerGame = 2;
    o.labelDepth = 6;
    o.pvLeaf = pvLeaf;
    o.seed = 7;
    DatagenReport r;
    std::string error;
    EXPECT_TRUE(generate_data(o, r, &error)) << error;
    Parsed p = parse_file(path);
    std::filesystem::remove(path);
    return p;
  };
  const Parsed plain = run(false), leaves = run(true);
  ASSERT_GE(plain.positions, 8u);

  Engine engine(8);
  std::vector<std::pair<std::string, int>> expected;
  int moved = 0;
  for (const LabelledPosition& p : plain.all) {
    Position pos;
    ASSERT_TRUE(pos.set(p.fen, false));
    SearchLimits limits;
    limits.depth = 6;
    engine.clear();
    const SearchResult sr = engine.search(pos, limits);
    for (Move m : sr.last.pv) pos.do_move(m);
    if (pos.in_check() || MoveList<LEGAL>(pos).size() == 0 || pos.is_draw(0)) continue;
    moved += !sr.last.pv.empty();
    expected.emplace_back(pos.fen(), p.score);
  }
  EXPECT_GT(moved, 0) << "no label search had a principal variation";
  // The leaf run may have played on further (its games count the positions it kept), so compare
  // the common prefix.
  const size_t n = std::min(expected.size(), leaves.all.size());
  ASSERT_GE(n, 4u);
  for (size_t i = 0; i < n; ++i) {
    EXPECT_EQ(leaves.all[i].fen, expected[i].first) << "sample " << i;
    EXPECT_EQ(leaves.all[i].score, expected[i].second) << "sample " << i;
  }
}
