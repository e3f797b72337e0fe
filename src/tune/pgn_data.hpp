// SPDX-License-Identifier: GPL-3.0-or-later
// Tuning positions from Taper's own match games: the PGNs that SPRTs, SPSA runs and gauges
// write (fastchess, Cute Chess) hold games far deeper than fixed-node self-play, already paid
// for. Each game gives a few quiet positions, labelled with its result and, optionally,
// replaced by the quiet end of a deeper search's principal variation (Ethereal's recipe).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tune/labelling.hpp"

namespace taper::tune {

struct PgnDataOptions {
  std::vector<std::string> inputs;  ///< PGN files (plain, gzip or xz)
  std::string output;               ///< written anew: "FEN | score | result" lines, "# game R" after each game
  std::string engine;               ///< keep positions the players whose name contains this moved from ("" = all)
  int samplesPerGame = 10;          ///< random eligible positions kept per game (0: all)
  LabelSearch label;                ///< the label search (none: the mover's own score in the PGN)
  int threads = 2;                  ///< games labelled at once (one search thread each)
  int hashMb = 8;                   ///< transposition table per labelling thread
  uint64_t seed = 1;
  std::string note;                 ///< written first as a '#' comment line: where the games come from
  std::string header;               ///< then as another (e.g. the command)
};

struct PgnDataReport {
  uint64_t games = 0;        ///< games read from the inputs
  uint64_t used = 0;         ///< games that gave positions (a result, complete, an eligible move)
  uint64_t skipped = 0;      ///< games without a result, unreadable, or without an eligible position
  uint64_t positions = 0;    ///< positions written
  uint64_t whiteWins = 0, draws = 0, blackWins = 0;  ///< over the used games
  double seconds = 0;
};

/// Reads every game of the inputs. A position is eligible when the chosen engine moved from it
/// with a centipawn score in its comment (so book moves are not: the opening was not the
/// engine's choice), the side to move is not in check and the move played is quiet; no mate
/// score. `samplesPerGame` of them are drawn per game (seeded by the game's number, so the
/// output does not depend on the thread count) and labelled; the output lists the games in the
/// order read.
bool pgn_to_data(const PgnDataOptions& options, PgnDataReport& report, std::string* error = nullptr);

}  // namespace taper::tune
