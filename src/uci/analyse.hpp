// SPDX-License-Identifier: GPL-3.0-or-later
// `taper analyse`: a human-readable analysis of one position, for people rather than GUIs.
#pragma once

#include <iosfwd>
#include <string>

namespace taper {

/// Searches `fen` for `seconds` with `threads` threads, printing the board, each completed
/// depth with the score in pawns and the best line in SAN, and a closing summary. Returns 0,
/// or 2 with a message if the FEN is bad.
int run_analysis(const std::string& fen, double seconds, int threads, std::ostream& out);

}  // namespace taper
