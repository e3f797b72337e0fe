// SPDX-License-Identifier: GPL-3.0-or-later
// The one mating gradient against a lone king: how far the lone king stands from the edge (and,
// for a side whose bishops are all on one colour, from a corner that bishop can mate in) and how
// far the kings stand apart. Its weights are the Endgame group of the parameter table; the
// general lone-king term (lone_king.cpp) and the known-ending rules (KXK, KBNK, the heavy-piece
// wins in endgames_*.cpp) all read it through this header, so there is one gradient to tune.
#pragma once

#include "board/position.hpp"
#include "core/types.hpp"

namespace taper {

/// Reports the gradient for `strong` against the king of `~strong` to `out` (the Endgame
/// weights LoneKingSquare, LoneKingProximity and LoneKingBishopCorner).
template <class Sink>
void add_mating_gradient(const Position& pos, Color strong, Sink& out);

/// The same gradient as a plain endgame value for `strong` (0 at best for the defender), for the
/// rules, which score a known ending outside the tapered sum.
Value mating_gradient(const Position& pos, Color strong);

}  // namespace taper
