// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to the evaluation: the one evaluation routine behind Evaluator, the trace and the tuner.
#pragma once

#include "eval/material.hpp"
#include "eval/pawns.hpp"

namespace taper {

/// How an evaluation ended: the general evaluation, or an early return that no weight affects.
enum class EvalExit : uint8_t { General, KnownEndgame, InsufficientMaterial };

/// What the driver tells a recording caller beyond the value.
struct EvalOutcome {
  EvalExit exit = EvalExit::General;
  int phase = 0;
  int scale = 0;
};

/// The evaluation, side to move's point of view. With caches (both or neither) the pawn and
/// material entries come from them; without, they are computed on the spot. A RecordSink always
/// bypasses caches. Instantiated for ScoreSink and RecordSink in evaluate.cpp.
/// With a `lazyMargin` (ScoreSink only; 0 = never) a position whose material, piece-square and
/// pawn terms alone lie further than that from a draw returns before the other terms.
template <class Sink>
Value evaluate_position(const Position& pos, Sink& out, PawnTable* pawns, MaterialTable* material,
                        EvalOutcome* outcome = nullptr, Value lazyMargin = 0);

}  // namespace taper
