// SPDX-License-Identifier: GPL-3.0-or-later
// Known endings whose rules are backed by an exact win/draw/loss bitbase (eval/bitbases.hpp).
#include <cstdlib>

#include "eval/bitbases.hpp"
#include "eval/endgames.hpp"
#include "eval/endgames_rules.hpp"

namespace taper::endgames::rules {

namespace {

/// A won ending the rules did not see: known-win band, the material edge, and the KXK gradient
/// (losing king to the edge, kings together) so that search still finds progress.
Value solved_win(const Position& pos, Color winner) {
  Square loserKing = pos.king_square(~winner);
  int edge = piece_material(pos, winner) - piece_material(pos, ~winner) +
             PawnValue * (pos.count(winner, PAWN) - pos.count(~winner, PAWN));
  return clamp_known(VALUE_KNOWN_WIN + std::abs(edge) + edge_push(loserKing) +
                     push_close(distance(pos.king_square(winner), loserKing)));
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
