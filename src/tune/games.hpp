// SPDX-License-Identifier: GPL-3.0-or-later
// Which game each line of a data file comes from: by its `# game R` lines, or, in files written
// before datagen marked its games, by where one game's positions cannot follow the last.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace taper::tune {

/// The `# game` lines of datagen and pgn-data (format_game_end_line) close a game.
bool is_game_end_line(std::string_view line);

/// Whether the file at `path` marks its games: a `# game` line among its first `maxLines` lines
/// (datagen and pgn-data end every game with one; a game is at most a few hundred lines). False
/// also when the file cannot be read: the loader reports that itself.
bool file_marks_games(const std::string& path, size_t maxLines = 100000);

/// The game of a line: its number in the file (from 0) and a key that names it independently of
/// the file's name and of the other files (a hash of its first line and its number), so the same
/// games are held out in every run over the same data.
struct GameId {
  uint32_t number = 0;
  uint64_t key = 0;
};

/// Follows one file line by line and tells which game each line belongs to.
///
/// A file that marks its games (file_marks_games) is cut at its `# game` lines, which is exact,
/// and its lines need not be parsed here. A file without them (data/fullgames: every quiet
/// position of each game, games appended whole, in the order played) is cut where a position
/// cannot be a later position of the game before: a different result, a ply number (from the
/// FEN's move counters) that does not grow, or more pawns or more men (pieces and pawns) of either
/// colour than the position before. Within a game written in order none of these happens, so a
/// game is never cut in two; a game that ends where the next one could continue it would be joined
/// to it, which on the repository's whole-game files never happens (the detected counts equal the
/// games datagen played, data/README.md).
class GameTracker {
 public:
  explicit GameTracker(bool markers) : markers_(markers) {}

  /// The game of the next line of the file. Meaningful for position lines; a `# game` line closes
  /// the current game, and comments, blank lines and (in a file without markers) lines that are
  /// not positions change nothing.
  GameId line(std::string_view line);
  /// Games that have at least one line so far.
  uint32_t games() const { return started_; }

 private:
  struct Point {
    double result = 0.5;
    int ply = -1;                    ///< from the FEN's counters; -1 if it has none
    int pawns[2] = {}, men[2] = {};  ///< White's and Black's
  };
  static void parse(std::string_view fen, double result, Point& out);
  static bool follows(const Point& before, const Point& after);
  void start(std::string_view firstLine);

  bool markers_;
  bool open_ = false;  ///< a game has lines and is not closed yet
  Point last_;
  uint32_t started_ = 0;
  GameId current_;
};

}  // namespace taper::tune
