// SPDX-License-Identifier: GPL-3.0-or-later
// Resolving a position to a quiet one: the leaf of a quiescence search's principal variation.
#pragma once

#include "board/position.hpp"
#include "eval/evaluate.hpp"

namespace taper::tune {

/// What resolve_quiet() did.
enum class QuietResult {
  Unchanged,  ///< the position is quiet already (stand pat is best)
  Resolved,   ///< captures, promotions or check evasions were played to reach a quiet leaf
  Terminal    ///< the side to move is mated (or every line ends in mate): no quiet leaf
};

/// Plays out the principal variation of a quiescence search (captures and promotions, all
/// evasions when in check; losing captures pruned by SEE, as in the engine's qsearch) so that
/// `pos` ends at its quiet leaf, the position whose static evaluation the search would trust.
/// Standard before Texel tuning (the static evaluation cannot see a hanging piece). The search
/// engine keeps its qsearch private, so this is a small one of its own; it uses the engine's
/// Evaluator and knows nothing of the evaluation's terms. `plies` (optional) gets the PV length.
QuietResult resolve_quiet(Position& pos, Evaluator& evaluator, int* plies = nullptr);

}  // namespace taper::tune
