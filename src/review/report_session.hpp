// SPDX-License-Identifier: GPL-3.0-or-later
// The web page's "Report" and "Train": a player's report (review/report.hpp) driven one position at
// a time, and a puzzle's wrong try judged as the review judges a move. The page's worker has a
// single thread, so it asks for one search, posts the progress, and asks for the next; it stops a
// run by being terminated. Every answer is JSON. The work itself is the report's and the review's
// own functions (search_position, review_game, report_game, ReportTotals): the page's report is
// the one `taper report` writes, only its games are held in memory rather than in a folder.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "board/pgn_stream.hpp"
#include "review/report.hpp"

namespace taper {

class Engine;

class ReportSession {
 public:
  ReportSession();
  ~ReportSession();
  ReportSession(const ReportSession&) = delete;
  ReportSession& operator=(const ReportSession&) = delete;
  ReportSession& operator=(ReportSession&&);  // begin() starts from a fresh session

  /// Reads `pgnText` (once, to count: the games are read again one at a time while stepping) and
  /// chooses the games of `player` (matched as same_player_name matches it), or, when `side` is
  /// given, that side of every game whatever its name (the page's training on one reviewed game).
  /// {"player", "games": the player's games, "positions": to search, "broken": the player's games
  /// that cannot be reviewed, "names": [the file's players, most games first]} or, for no game,
  /// no player or a player not in the file, {"error": words, "names": [...]}.
  std::string begin(const std::string& pgnText, const std::string& player, const ReviewLimits& limits,
                    std::optional<Color> side = std::nullopt);
  /// Searches the next position (a broken game is skipped on the way, by name); once a game's
  /// positions are searched, reviews it and sums it up as `taper report` does (its puzzles are
  /// searched then). {"positions", "total", "gamesDone", "games", "game": the game in hand,
  /// "leftMs": the time left, "finished"}.
  std::string step();
  bool finished() const { return begun_ && gamesDone_ == gamesTotal_; }
  /// {"report": report.json, "html": report.html, "gamesPgn": games.pgn, "puzzlesPgn": puzzles.pgn,
  /// "puzzles": [{"fen", "solution": [UCI], "theme", "played", "why", "game", "colour"}],
  /// "skipped": ["game N (title), line L: why"...]}, once finished.
  std::string result() const;

 private:
  /// The next game of the player's from the stream into game_ (its positions ready), skipping
  /// broken ones into the totals; false when none is left.
  bool next_game();
  /// The searched game reviewed and summed up: review_game, report_game, ReportTotals::add.
  void finish_game();
  std::optional<Color> colour_of(const PgnGame& g) const;

  std::string text_;                       // the PGN, read twice: to count, then game by game
  std::unique_ptr<std::istringstream> in_;
  std::unique_ptr<PgnStream> stream_;
  std::string player_;
  std::optional<Color> side_;
  ReviewLimits limits_;
  std::optional<ReportTotals> totals_;
  bool begun_ = false;
  int gamesTotal_ = 0, gamesDone_ = 0, positionsTotal_ = 0, positionsDone_ = 0;
  int64_t startMs_ = 0;
  std::optional<PgnGame> game_;            // the game being searched
  Color colour_ = WHITE;
  std::vector<Position> positions_;
  std::vector<PositionVerdict> verdicts_;
  std::string gamesPgn_, puzzlesPgn_, puzzlesJson_;
  std::vector<std::string> skipped_;
  std::unique_ptr<Engine> engine_;
};

/// The move `uci` played from `fen`, judged as the review judges a move (the position before and
/// the one after searched with `limits`, then review_game): {"numbered", "san", "class", "mark",
/// "chancesBefore", "chancesAfter", "best": the better move, "bestLine", "playedLine", "reason":
/// the review's sentence (given even below a mistake, for the page's Train: a try that is not the
/// puzzle's move is explained)}, or {"error": words} for a bad FEN or an illegal move.
std::string judge_move_json(const std::string& fen, const std::string& uci, const ReviewLimits& limits);

}  // namespace taper
