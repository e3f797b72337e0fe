// SPDX-License-Identifier: GPL-3.0-or-later
// The validation split by game: each line's game from the `# game` lines or detected in whole-game
// files, no game on both sides, held-out files, and the scores of every kind of chunk in White's view.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "board/position.hpp"
#include "eval/endgames.hpp"
#include "eval/trace.hpp"
#include "test_data.hpp"
#include "tune/datagen.hpp"
#include "tune/dataset.hpp"
#include "tune/games.hpp"

using namespace taper;
using namespace taper::tune;
using namespace taper::testing;

namespace {

std::string temp_file(const std::string& name) {
  return ::testing::TempDir() + "taper_split_test_" + std::to_string(::getpid()) + "_" + name;
}

/// A chunk of the repository's data (data/selfplay, data/fullgames).
std::string repo_data(const std::string& relative) { return std::string(TAPER_SOURCE_DIR) + "/data/" + relative; }

/// Whole self-play games, every eligible position of each, as data/fullgames holds them, but
/// with datagen's `# game` line after each game (made once, shared by the tests).
const std::string& whole_games_file() {
  static const std::string path = [] {
    const std::string p = temp_file("whole.txt");
    std::filesystem::remove(p);
    DatagenOptions o;
    o.output = p;
    o.positions = 500;
    o.threads = 2;
    o.nodes = 200;
    o.book = data_path("books/noob_2moves.epd");
    o.randomPlies = 4;
    o.maxPlies = 100;
    o.winScore = 500;
    o.winPlies = 4;
    o.drawStartPly = 30;
    o.drawScore = 30;
    o.drawPlies = 6;
    o.progressSeconds = 0;
    DatagenReport r;
    std::string error;
    EXPECT_TRUE(generate_data(o, r, &error)) << error;
    EXPECT_GE(r.games, 5u);
    return p;
  }();
  return path;
}

std::vector<std::string> lines_of(const std::string& path) {
  LineReader r(path);
  EXPECT_TRUE(r.ok()) << r.error();
  std::vector<std::string> lines;
  for (std::string line; r.next(line);) lines.push_back(line);
  return lines;
}

/// The game of every position line of `lines`, as a tracker sees them.
std::vector<uint32_t> games_by_tracker(const std::vector<std::string>& lines, bool markers) {
  GameTracker t(markers);
  LabelledPosition lp;
  std::vector<uint32_t> games;
  for (const std::string& l : lines) {
    const GameId g = t.line(l);
    if (parse_labelled_line(l, lp) == LineStatus::Position) games.push_back(g.number);
  }
  return games;
}

LoadOptions quiet_options(double fraction) {
  LoadOptions o;
  o.progress = false;
  o.validationFraction = fraction;
  return o;
}

std::set<uint32_t> games_in(const Dataset& d) {
  std::set<uint32_t> s;
  for (const Entry& e : d.entries) s.insert(e.game);
  return s;
}

}  // namespace

TEST(TuneGames, MarkerLines) {
  EXPECT_TRUE(is_game_end_line("# game 1-0"));
  EXPECT_TRUE(is_game_end_line("# game 1/2-1/2"));
  EXPECT_TRUE(is_game_end_line("  # game 0-1\r"));
  EXPECT_FALSE(is_game_end_line("# games: 40"));
  EXPECT_FALSE(is_game_end_line("# taper datagen --out x.txt"));
  EXPECT_FALSE(is_game_end_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0 | 0.5"));
}

TEST(TuneGames, DetectionCutsWhereAPositionCannotFollowTheLast) {
  GameTracker t(false);
  auto line = [](const char* fen, const char* result) { return std::string(fen) + " | 0 | " + result; };
  // One game: plies 1, 3, 5 (a White pawn taken at ply 5), same result; comments change nothing.
  const GameId a = t.line(line("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "1.0"));
  EXPECT_EQ(t.line(line("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", "1.0")).number, a.number);
  t.line("# a comment");
  t.line("not a position");
  EXPECT_EQ(t.line(line("rnbqkbnr/ppp2ppp/8/4p3/8/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 3", "1.0")).number, a.number);
  // The ply falls: a new game.
  const GameId b = t.line(line("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", "1.0"));
  EXPECT_NE(b.number, a.number);
  EXPECT_NE(b.key, a.key);
  // The ply grows but White has a pawn more than the position before: a new game.
  EXPECT_EQ(t.line(line("rnbqkbnr/ppp2ppp/8/3p4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "1.0")).number, b.number);
  const GameId c = t.line(line("rnbqkbnr/ppp2ppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 4", "1.0"));
  EXPECT_EQ(c.number, b.number + 1);
  // Another result: a new game.
  EXPECT_EQ(t.line(line("rnbqkbnr/ppp2ppp/8/3p4/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 9", "0.5")).number, c.number + 1);
  EXPECT_EQ(t.games(), 4u);

  // With markers only the `# game` lines cut: a principal-variation leaf may come later in the game
  // than the next kept position.
  GameTracker m(true);
  const uint32_t g = m.line(line("rnbqkbnr/ppp2ppp/8/3p4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 9", "1.0")).number;
  EXPECT_EQ(m.line(line("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "1.0")).number, g);
  m.line("# game 1-0");
  EXPECT_EQ(m.line(line("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "1.0")).number, g + 1);
  EXPECT_EQ(m.games(), 2u);
}

// Whole games without their `# game` lines (as data/fullgames) are cut exactly where the lines
// were: every game found, none cut in two.
TEST(TuneGames, DetectionFindsTheMarkedGamesOfWholeGameFiles) {
  const std::vector<std::string> lines = lines_of(whole_games_file());
  std::vector<std::string> stripped;
  size_t markers = 0;
  for (const std::string& l : lines) {
    if (is_game_end_line(l)) ++markers;
    else stripped.push_back(l);
  }
  const std::vector<uint32_t> truth = games_by_tracker(lines, true), found = games_by_tracker(stripped, false);
  ASSERT_EQ(truth.size(), found.size());
  ASSERT_GE(markers, 5u);
  EXPECT_EQ(truth.back() + 1, markers);
  EXPECT_EQ(found, truth);

  EXPECT_TRUE(file_marks_games(whole_games_file()));
  const std::string plain = temp_file("stripped.txt");
  std::ofstream out(plain);
  for (const std::string& l : stripped) out << l << "\n";
  out.close();
  EXPECT_FALSE(file_marks_games(plain));
}

// The held-out loss must be on games the fit never saw: no game has positions on both sides.
// Split by position (what the tuner did before), one game's positions fall on both.
TEST(TuneSplit, HeldOutPositionsComeFromGamesNeverTrainedOn) {
  const std::string chunk = repo_data("selfplay/g318.txt.xz");  // 80 games of 5+0.05 SPRTs, 779 positions
  Dataset train, validation;
  LoadReport rep;
  std::string error;
  ASSERT_TRUE(load_dataset({chunk, whole_games_file()}, quiet_options(0.3), train, validation, rep, &error)) << error;
  const std::set<uint32_t> t = games_in(train), v = games_in(validation);
  for (uint32_t g : v) EXPECT_EQ(t.count(g), 0u) << "game " << g << " is on both sides";
  EXPECT_EQ(rep.splitGames, 0u);
  EXPECT_EQ(rep.trainGames, t.size());
  EXPECT_EQ(rep.validationGames, v.size());
  EXPECT_GE(rep.games, 85u);
  const double share = double(v.size()) / double(t.size() + v.size());
  EXPECT_GT(share, 0.15);
  EXPECT_LT(share, 0.45);
  ASSERT_EQ(rep.files.size(), 2u);
  EXPECT_NE(rep.files[0].find(" 80 games marked"), std::string::npos) << rep.files[0];

  // The same games held out again, whatever the thread count.
  LoadOptions one = quiet_options(0.3);
  one.threads = 1;
  Dataset t1, v1;
  LoadReport r1;
  ASSERT_TRUE(load_dataset({chunk, whole_games_file()}, one, t1, v1, r1, &error));
  EXPECT_EQ(games_in(v1), v);

  LoadOptions byPosition = quiet_options(0.3);
  byPosition.splitBy = SplitBy::Position;
  Dataset tp, vp;
  LoadReport rp;
  ASSERT_TRUE(load_dataset({chunk, whole_games_file()}, byPosition, tp, vp, rp, &error));
  EXPECT_GT(rp.splitGames, 10u);  // the leak this split had
}

// The same games, marked or detected, are held out alike: a game's key is its first line and its
// number in the file, not how its end was found.
TEST(TuneSplit, MarkedAndDetectedGamesSplitAlike) {
  const std::string plain = temp_file("detected.txt");
  std::ofstream out(plain);
  for (const std::string& l : lines_of(whole_games_file()))
    if (!is_game_end_line(l)) out << l << "\n";
  out.close();
  Dataset tm, vm, td, vd;
  LoadReport rm, rd;
  ASSERT_TRUE(load_dataset({whole_games_file()}, quiet_options(0.4), tm, vm, rm));
  ASSERT_TRUE(load_dataset({plain}, quiet_options(0.4), td, vd, rd));
  EXPECT_EQ(rm.games, rd.games);
  EXPECT_EQ(games_in(vm), games_in(vd));
  EXPECT_EQ(vm.size(), vd.size());
  EXPECT_NE(rd.files[0].find("games detected"), std::string::npos) << rd.files[0];
}

TEST(TuneSplit, HoldoutFilesAreTheValidationSetWhole) {
  const std::string a = repo_data("selfplay/g318.txt.xz"), b = repo_data("selfplay/g321.txt.xz");
  LoadOptions o = quiet_options(0.5);
  o.holdout = {b};
  Dataset train, validation, onlyB, none;
  LoadReport rep, repB;
  ASSERT_TRUE(load_dataset({a, b}, o, train, validation, rep));
  LoadOptions all = quiet_options(0);
  ASSERT_TRUE(load_dataset({b}, all, onlyB, none, repB));
  EXPECT_EQ(validation.size(), onlyB.size());
  EXPECT_EQ(rep.trainGames, 80u);
  EXPECT_EQ(rep.validationGames, repB.trainGames);
  EXPECT_EQ(rep.splitGames, 0u);
  EXPECT_NE(rep.files[1].find("held out for validation"), std::string::npos) << rep.files[1];
}

TEST(TuneSplit, CorruptInputIsNamed) {
  // An xz stream cut short, and one whose bytes are garbage: the file and the reason, never a crash.
  const std::string good = repo_data("selfplay/g318.txt.xz");
  std::ifstream in(good, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const std::string cut = temp_file("cut.txt.xz"), garbage = temp_file("garbage.txt.xz");
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  std::string bad = bytes;
  for (size_t i = 64; i < bad.size() - 64; i += 7) bad[i] = char(bad[i] ^ 0x5A);
  std::ofstream(garbage, std::ios::binary) << bad;
  for (const std::string& f : {cut, garbage}) {
    Dataset t, v;
    LoadReport r;
    std::string error;
    EXPECT_FALSE(load_dataset({f}, quiet_options(0.1), t, v, r, &error)) << f;
    EXPECT_NE(error.find(f), std::string::npos) << error;
    EXPECT_NE(error.find("xz"), std::string::npos) << error;
  }
}

// `--score-weight` blends each line's search score into its target as White's view. Every kind of
// chunk must store it so: the 25,000-node scores of the s chunks, the depth-12 PV-leaf scores of
// the d and g chunks, the games' own 5,000-node scores of data/fullgames. Where the engine's own
// evaluation is clearly decided, the stored score agrees with it in sign; a side-to-move score
// would disagree in about half the positions with Black to move.
TEST(TuneSplit, EveryKindOfChunkStoresScoresFromWhitesView) {
  for (const char* file : {"selfplay/s107.txt.xz", "selfplay/d202.txt.xz", "selfplay/g318.txt.xz",
                           "fullgames/selfplay-37319e1-n5000-s7.txt.xz"}) {
    endgames::init();
    LineReader r(repo_data(file));
    ASSERT_TRUE(r.ok()) << r.error();
    LabelledPosition lp;
    int decided = 0, agree = 0, blackToMove = 0;
    std::string line;
    for (int n = 0; n < 4000 && r.next(line); ++n) {
      if (parse_labelled_line(line, lp) != LineStatus::Position) continue;
      ASSERT_TRUE(lp.hasScore) << file << ": " << line;
      Position pos;
      ASSERT_TRUE(pos.set(lp.fen, false)) << lp.fen;
      const EvalRecord rec = record_evaluation(pos);
      const int white = pos.side_to_move() == WHITE ? rec.value : -rec.value;
      if (std::abs(white) < 150 || std::abs(lp.score) < 50) continue;
      ++decided;
      blackToMove += pos.side_to_move() == BLACK;
      agree += (white > 0) == (lp.score > 0);
    }
    EXPECT_GT(decided, 100) << file;
    EXPECT_GT(blackToMove, decided / 4) << file;
    EXPECT_GT(agree, decided * 9 / 10) << file << ": " << agree << " of " << decided;
  }
}
