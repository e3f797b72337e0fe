// SPDX-License-Identifier: GPL-3.0-or-later
// Opening positions for OpenBench's data-generation mode (its `genfens` engine command).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace taper::tune {

struct GenfensRequest {
  int count = 0;        ///< positions to print
  uint64_t seed = 0;
  std::string book;     ///< EPD/FEN file of start lines; empty or "None": the start position
};

/// Parses OpenBench's command text `genfens N seed S book PATH [extra...]`; on failure returns
/// false and says why in `error`.
bool parse_genfens(const std::string& text, GenfensRequest& out, std::string& error);

/// Prints `count` openings as `info string genfens <FEN>` lines: a book line (or the start
/// position) plus 8 or 9 random legal plies, kept only when the side to move has a legal move,
/// is not in check, and the static evaluation is within 300 centipawns (so both sides can
/// still play for a result). Deterministic for a given seed and book.
bool run_genfens(const GenfensRequest& request, std::ostream& out, std::string& error);

}  // namespace taper::tune
