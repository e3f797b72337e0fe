// SPDX-License-Identifier: GPL-3.0-or-later
// The king-and-pawn-versus-king bitbase, built at start-up by retrograde analysis.
#pragma once

#include "core/types.hpp"

namespace taper::kpk {

/// Builds the bitbase (idempotent and thread-safe; about a millisecond).
void init();

/// True if the side with the pawn wins. Squares are given with the pawn's side as White
/// (`strongKing`, `pawn`, `weakKing`); `strongToMove` says who is to move. Any file is accepted.
/// The position must be legal (kings apart, the side not to move not in check).
bool probe(Square strongKing, Square pawn, Square weakKing, bool strongToMove);

/// Seconds the last build took (reported by tests; the target is well under 0.1 s).
double build_seconds();

}  // namespace taper::kpk
