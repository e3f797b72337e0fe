// SPDX-License-Identifier: GPL-3.0-or-later
// A plain diagram of a position as inline SVG, with arrows for moves: the report's example
// positions (a mistake in red, the better move in green).
#pragma once

#include <string>
#include <vector>

#include "board/position.hpp"

namespace taper {

struct BoardArrow {
  Move move;
  const char* colour;  ///< a CSS colour
};

/// `pos` seen from `bottom`'s side, `pixels` wide, with `arrows` drawn over it. Self-contained:
/// the piece shapes (explain/piece_shapes.hpp) are defined inside each picture.
std::string board_svg(const Position& pos, Color bottom, const std::vector<BoardArrow>& arrows, int pixels = 280);

}  // namespace taper
