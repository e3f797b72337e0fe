// SPDX-License-Identifier: GPL-3.0-or-later
// Exact win/draw/loss knowledge for four-man endings (KQvKR, KRvKN, KRvKB, KRvKP, KQvKP, ...),
// from bitbases solved by retrograde analysis in a background thread the first time an ending
// is met. Until a table is ready, probe() says nothing and the rule-based evaluators answer.
#pragma once

#include <string>
#include <vector>

#include "board/position.hpp"
#include "eval/bitbase_solver.hpp"

namespace taper::bitbase {

/// The result for the side to move, if `pos` has a solvable material (two kings and at most
/// one other piece a side, at most one pawn, no castling rights) whose table is ready. If it is
/// not ready yet, asks the background builder for it and returns false.
bool probe(const Position& pos, Wdl& result);

/// Solves the table of `pos`'s material (and the smaller ones it needs) now, on this thread.
/// Returns false if the material is not solvable here.
bool build_now(const Position& pos);

/// Ready tables, for reports: signature (e.g. "KQvKR"), memory and build time.
struct TableInfo {
  std::string signature;
  size_t bytes;
  double seconds;
};
std::vector<TableInfo> ready_tables();

/// Turns the background builder off (on) for this process: probe() then only reads tables that
/// are already built. Used to keep fixed-node searches reproducible in tests.
void set_background_builds(bool enabled);

}  // namespace taper::bitbase
