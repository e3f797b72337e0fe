// SPDX-License-Identifier: GPL-3.0-or-later
// Known endgames: specialised evaluators and scale functions selected by the material key.
#pragma once

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
};

/// Builds the registry and the KPK bitbase (idempotent; called by Position-independent init).
void init();

/// Knowledge for the position's material (looked up by material key, plus predicates for
/// families the key cannot express, such as KXK). Returns nullptr if nothing is known.
/// The result depends only on the material, so callers may cache it by material key.
const Known* lookup(const Position& pos);

}  // namespace taper::endgames
