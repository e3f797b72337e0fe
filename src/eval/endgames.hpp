// SPDX-License-Identifier: GPL-3.0-or-later
// Known endgames: specialised evaluators and scale functions selected by the material key.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "board/position.hpp"
#include "eval/scale.hpp"

namespace taper::endgames {

/// Exact evaluation of a known ending, in centipawns from the side to move's point of view.
using ExactFn = Value (*)(const Position& pos, Color strong);
/// Scale factor (0..ScaleNormal) for the endgame score of `strong`, or ScaleNone.
using ScaleFn = int (*)(const Position& pos, Color strong);

/// What is known about one material configuration.
struct Known {
  ExactFn exact = nullptr;              ///< replaces the whole evaluation when set
  Color exactStrong = WHITE;
  ScaleFn scale[COLOR_NB] = {};         ///< scales the endgame part when that colour is ahead
  const char* name = "";                ///< the registered signature, e.g. "KBNvK" (for traces)
};

/// Exact scores at or beyond this size claim a win (or, negated, a loss); anything smaller
/// claims nothing more than a draw. `verify-endgames` classifies evaluator verdicts this way.
constexpr Value KnownWinThreshold = VALUE_KNOWN_WIN / 2;

/// Builds the registry and the KPK bitbase (idempotent and thread-safe; call before lookup).
void init();

/// Knowledge for the position's material (looked up by material key, plus predicates for
/// families the key cannot express, such as KXK). Returns nullptr if nothing is known.
/// The result depends only on the material, so callers may cache it by material key.
const Known* lookup(const Position& pos);

/// Material key of a signature such as "KBNvK" (first side White), computed the way
/// Position::compute_material_key does; 0 if the text is not a valid signature.
Key signature_key(std::string_view signature);

/// The signature of a position's material, White first ("KRPvKR").
std::string signature_of(const Position& pos);

/// One registration, for listings and tests: the signature and what kind of knowledge it is.
struct Registration {
  std::string signature;
  bool exact;      ///< exact evaluator (else scale function)
  bool anyPawns;   ///< the strong side may add any number of pawns
};
/// Everything registered by key (the KXK predicate family is not listed).
const std::vector<Registration>& registrations();

}  // namespace taper::endgames
