// SPDX-License-Identifier: GPL-3.0-or-later
// Scored positions from match PGNs: the games fastchess (and Cute Chess) write carry each
// engine's own score in the comment after its move, `{+0.35/12 0.512s}` (pawns, from the
// mover's side, then depth and time). `taper wdl-fit` reads them to fit the UCI_ShowWDL model
// at the time controls people play, not only on fixed-node self-play; `taper pgn-data` takes
// tuning positions from Taper's own match games. The games are read by the one PGN reader
// (board/pgn_stream.hpp), one at a time; this file only picks the engine's scored moves.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace taper::tune {

/// One move of the chosen engine with its score, ready for the WDL histogram.
struct PgnScoredMove {
  int material = 0;    ///< wdl_material of the position the engine searched
  int score = 0;       ///< its score in centipawns from White's point of view
  double result = 0.5; ///< the game's result for White
};

/// What reading one PGN stream found.
struct PgnScan {
  uint64_t games = 0;          ///< games read
  uint64_t usedGames = 0;      ///< games with a result and the engine playing in them
  uint64_t scored = 0;         ///< the engine's moves with a centipawn score (passed on)
  uint64_t mates = 0;          ///< its moves scored as a mate (skipped)
  uint64_t unscored = 0;       ///< its moves without a score (book moves and the like)
  uint64_t badGames = 0;       ///< games abandoned at an unreadable move or setup
};

/// One move of a game, with the position it was played from.
struct PgnPly {
  enum class Score { None, Centipawns, Mate };
  std::string fen;            ///< the position before the move
  bool byEngine = false;      ///< played by a player whose name contains the chosen engine's
  bool inCheck = false;       ///< the mover was in check
  bool quiet = false;         ///< neither a capture nor a promotion
  int material = 0;           ///< wdl_material of the position
  Score score = Score::None;  ///< what the move's comment says (book moves: None)
  int whiteScore = 0;         ///< centipawns from White's point of view (Score::Centipawns)
};

/// One game that has a result; `complete` is false when a move could not be read (the plies
/// stop before it).
struct ScoredGame {
  double whiteResult = 0.5;
  bool complete = true;
  std::vector<PgnPly> plies;
};

/// Reads every game from `nextLine` (false at the end) and passes each one that has a result and
/// the engine playing in it (`engine` as for scan_pgn) to `onGame`. The counts of the scan are
/// those of scan_pgn, over the engine's moves.
PgnScan scan_pgn_games(const std::function<bool(std::string&)>& nextLine, const std::string& engine,
                       const std::function<void(const ScoredGame&)>& onGame);

/// Reads every game from `nextLine` (false at the end); for each move played by a player whose name contains `engine`
/// (case-insensitive; "" = both players) and carrying a centipawn score, calls `onMove`. Games
/// without a decisive or drawn result (`*`) are skipped. Chess960 games (Variant tag) replay
/// with Chess960 castling, as the PGN reader reads them.
PgnScan scan_pgn(const std::function<bool(std::string&)>& nextLine, const std::string& engine,
                 const std::function<void(const PgnScoredMove&)>& onMove);

/// The centipawns of a score comment's leading number ("+0.35/12 0.512s" -> 35); false for
/// mate scores ("+M5/20 ..."), book moves and comments without a score. `mate` tells which.
bool parse_score_comment(const std::string& comment, int& centipawns, bool& mate);

}  // namespace taper::tune
