// SPDX-License-Identifier: GPL-3.0-or-later
// Known endings whose rules are backed by an exact win/draw/loss bitbase (bitbase/tables.hpp).
#include <cstdlib>

#include "bitbase/tables.hpp"
#include "eval/endgames.hpp"
#include "eval/endgames_rules.hpp"

namespace taper::endgames::rules {

namespace {

/// A won ending the rules did not see: heavy_win with the material edge of this position,
/// so that search still finds progress.
Value solved_win(const Position& pos, Color winner) {
  int edge = pos.non_pawn_material(winner) - pos.non_pawn_material(~winner) +
             PawnValue * (pos.count(winner, PAWN) - pos.count(~winner, PAWN));
  return clamp_known(heavy_win(pos, winner, std::abs(edge)));
}

}  // namespace

Value checked_by_bitbase(const Position& pos, Value ruleValue) {
  bitbase::Wdl wdl;
  if (!bitbase::probe(pos, wdl)) return ruleValue;
  Color us = pos.side_to_move();
  switch (wdl) {
    case bitbase::Wdl::Win:
      return ruleValue >= KnownWinThreshold ? ruleValue : solved_win(pos, us);
    case bitbase::Wdl::Loss:
      return ruleValue <= -KnownWinThreshold ? ruleValue : -solved_win(pos, ~us);
    case bitbase::Wdl::Draw:
      break;
  }
  return VALUE_DRAW;
}

}  // namespace taper::endgames::rules
