// SPDX-License-Identifier: GPL-3.0-or-later
// Each piece's share of the evaluation: the score with it minus the score without it.
#pragma once

#include <vector>

#include "board/position.hpp"
#include "explain/explanation.hpp"

namespace taper {

/// The share of every piece of `pos` but the kings (which cannot leave), given the position's
/// White-POV evaluation `whiteCp` (explain_evaluation() has it already). A piece whose removal
/// leaves an illegal position (it shielded a check on the side not to move) gets none.
std::vector<PieceShare> piece_shares(const Position& pos, int whiteCp);

}  // namespace taper
