// SPDX-License-Identifier: GPL-3.0-or-later
// Scores as text (core/score_text.hpp).
#include "core/score_text.hpp"

#include <cstdio>
#include <cstdlib>

namespace taper {

std::string pawns_text(int cp) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%c%d.%02d", cp < 0 ? '-' : '+', std::abs(cp) / 100, std::abs(cp) % 100);
  return buf;
}

std::string score_text(Value v, bool plusSign) {
  if (std::abs(v) >= VALUE_MATE_IN_MAX_PLY) {
    // Plies to mate, rounded up to the mating side's moves: mate in 1 is one ply (the mating
    // side to move) or two (its opponent to move first), whichever side mates.
    const int moves = v > 0 ? (VALUE_MATE - v + 1) / 2 : (VALUE_MATE + v + 1) / 2;
    return "#" + std::string(v > 0 || moves == 0 ? "" : "-") + std::to_string(moves);
  }
  const std::string s = pawns_text(v);
  return plusSign || v < 0 ? s : s.substr(1);
}

}  // namespace taper
