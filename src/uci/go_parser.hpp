// SPDX-License-Identifier: GPL-3.0-or-later
// Reading the arguments of the UCI `go` command into search limits.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "board/position.hpp"
#include "search/limits.hpp"

namespace taper {

/// Parses an integer token; out-of-range values are clamped to about ±2^62. False if not a number.
bool parse_int(const std::string& token, int64_t& out);

/// What one `go` asks for. As in Stockfish, words that are not `go` parameters are skipped
/// (`ignored` says which), and so are the entries of `searchmoves` that are not legal moves here.
/// A parameter with a missing, non-numeric or too small number refuses the whole command
/// (`error`): a half-understood `go` could start an unintended (e.g. infinite) search.
struct GoCommand {
  SearchLimits limits;
  int perftDepth = 0;                ///< `go perft N`, else 0
  std::string error;                 ///< non-empty: refused, with the one-line reason
  std::vector<std::string> ignored;  ///< one note per skipped word or move, for `info string`

  bool refused() const { return !error.empty(); }
};

/// Reads `go`'s arguments (after the word `go`) for the position `pos`.
GoCommand parse_go(std::istream& is, const Position& pos);

}  // namespace taper
