// SPDX-License-Identifier: GPL-3.0-or-later
// Self-play data generation: games at a fixed search budget, labelled positions for the tuner.
#pragma once

#include <cstdint>
#include <string>

namespace taper::tune {

struct DatagenOptions {
  std::string output;              ///< appended to; "FEN | score | result" lines (input.hpp)
  uint64_t positions = 100000;     ///< stop once the file holds this many positions
  int threads = 2;                 ///< games played at once (one search thread each)
  uint64_t nodes = 5000;           ///< nodes per move (0: no node limit)
  int depth = 0;                   ///< depth per move (0: no depth limit)
  std::string book;                ///< EPD/FEN file of openings; empty: the start position
  int randomPlies = 8;             ///< random legal moves played after the book position
  int openingMaxScore = 400;       ///< discard an opening whose first search says more than this
  int winScore = 1000;             ///< adjudicate a win once |score| >= this ...
  int winPlies = 6;                ///< ... for this many plies in a row (both sides agree)
  int drawScore = 8;               ///< adjudicate a draw once |score| <= this ...
  int drawPlies = 12;              ///< ... for this many plies in a row ...
  int drawStartPly = 80;           ///< ... from this ply of the game on
  int maxPlies = 400;              ///< a game still going after this many plies is a draw
  int samplesPerGame = 0;          ///< keep at most this many eligible positions per game, drawn at random (0: all)
  uint64_t labelNodes = 0;         ///< re-search each kept position with this many nodes for its score ...
  int labelDepth = 0;              ///< ... or to this depth (both 0: the score of the game's own search)
  bool pvLeaf = false;             ///< store the end of the label search's principal variation instead
  int hashMb = 8;                  ///< transposition table per game thread
  uint64_t seed = 1;
  double progressSeconds = 10;     ///< interval of the progress line on stderr (0: none)
  std::string header;              ///< written as a '#' comment line (e.g. the command) at each start
};

struct DatagenReport {
  uint64_t existing = 0;  ///< positions already in the file when the run started
  uint64_t games = 0, positions = 0;
  uint64_t whiteWins = 0, draws = 0, blackWins = 0;
  uint64_t adjudicated = 0, discardedOpenings = 0;
  double seconds = 0;
};

/// Plays self-play games on `threads` threads until the output holds `positions` positions.
/// Each game starts from a random book line (or the start position) plus random plies, is
/// searched at a fixed budget per move, and ends by mate, stalemate, repetition, the fifty-move
/// rule, insufficient material, adjudication or the ply limit. Positions are kept when the side
/// to move is not in check, the best move is quiet (no capture or promotion), the score is not
/// a mate score and the opening's random plies are over; `samplesPerGame` of them are drawn at
/// random (few positions from many games, as Ethereal's data: neighbours in one game say nearly
/// the same thing), and with a label budget each is searched again, deeper than the game's own
/// moves, for the score written beside the result. Every game ends with a `# game R` comment
/// (R its result), so a file tells how many games it holds. A game is appended whole, so an
/// interrupted run loses only the games in progress, and running the same command again
/// resumes (with a different random stream, so no game is repeated). With `pvLeaf` each kept
/// position is replaced by the end of its label search's principal variation (Ethereal's "PV
/// resolution"): the leaf is the quiet position whose static evaluation the search's score stands
/// for, so the tuner fits the evaluation where the search actually used it.
bool generate_data(const DatagenOptions& options, DatagenReport& report, std::string* error = nullptr);

}  // namespace taper::tune
