// SPDX-License-Identifier: GPL-3.0-or-later
// Exact win/draw/loss knowledge for endings of up to four men (KPK, and KQvKR, KQvKP, KRvKP,
// KRvKB, KRvKN with the materials their captures and promotions lead to), from tables solved
// by retrograde analysis (bitbase/solver.hpp). The tables are built only when asked:
// the three-man ones by endgames::init() (a few milliseconds), the four-man ones by the UCI
// `isready` when the EndgameBitbases option is on, and by the tools that need them; the five
// endings come unpacked from the archive solved when the binary was built
// (bitbase/archive.hpp), other materials are solved on the spot. Probing only reads: a
// table that is not built says nothing and the rule-based evaluators answer.
// The bitbase layer's one public header: the eval layer's endgame rules probe through it
// (kpk_wins() for KPK, probe() for the four-man endings), the UCI option and the tools build
// and list the tables; the solver and the archive stay inside the layer and its tests.
#pragma once

#include <string>
#include <vector>

#include "bitbase/solver.hpp"
#include "board/position.hpp"

namespace taper::bitbase {

/// Solves the three-man tables (KPvK and the K+piece-vs-K materials its promotions reach).
/// Idempotent and thread-safe.
void build_three_man();

/// Builds the four-man tables the known endings use: unpacked from the built-in archive
/// (~0.1 s), or, in a build without it, solved with what their captures and promotions lead to
/// (nine materials; tens of seconds of CPU). Runs on the calling thread; idempotent.
void build_four_man();

/// Frees the four-man tables (probe() then falls back to the rules for them). Must not be
/// called while a search may be probing.
void release_four_man();

/// True once build_four_man() has completed (and no release_four_man() followed).
bool four_man_ready();

/// The result for the side to move, if `pos` has a solvable material (two kings and at most
/// one other piece a side, at most one pawn, no castling rights) whose table is built.
/// Only reads; never starts any work.
bool probe(const Position& pos, Wdl& result);

/// KPK from the solved KPvK table: does the side with the pawn win? Squares are given with the
/// pawn's side as White (`strongKing`, `pawn`, `weakKing`); `strongToMove` says who is to move.
/// Any file is accepted; a position that cannot occur answers false. Needs build_three_man().
bool kpk_wins(Square strongKing, Square pawn, Square weakKing, bool strongToMove);

/// Solves the table of `pos`'s material (and the smaller ones it needs) now, on this thread.
/// Returns false if the material is not solvable here.
bool build_now(const Position& pos);

/// Built tables, for reports: signature (e.g. "KQvKR"), memory, and the wall and CPU time
/// (of the thread that built it) that its own solve or unpacking took.
struct TableInfo {
  std::string signature;
  size_t bytes;
  double seconds;
  double cpuSeconds;
  bool builtIn;  ///< unpacked from the tables solved when the binary was compiled
};
std::vector<TableInfo> ready_tables();

}  // namespace taper::bitbase
