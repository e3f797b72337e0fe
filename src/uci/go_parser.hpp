// SPDX-License-Identifier: GPL-3.0-or-later
// Reading the arguments of the UCI `go` command into search limits, all or nothing.
#pragma once

#include <cstdint>
#include <istream>
#include <string>

#include "board/position.hpp"
#include "search/limits.hpp"

namespace taper {

/// Parses an integer token; out-of-range values are clamped to about ±2^62. False if not a number.
bool parse_int(const std::string& token, int64_t& out);

/// Reads `go`'s arguments (after the word `go`) for the position `pos`. On success fills
/// `limits` (and `perftDepth` for `go perft N`, else 0) and returns true. On the first bad
/// token returns false with a one-line reason in `error`: the caller must then start nothing.
bool parse_go(std::istream& is, const Position& pos, SearchLimits& limits, int& perftDepth, std::string& error);

}  // namespace taper
