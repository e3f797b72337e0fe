// SPDX-License-Identifier: GPL-3.0-or-later
// Thin wrapper over Fathom (Debian's libfathom, or its source compiled in): loading Syzygy tables, WDL probes and root ranking.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "board/position.hpp"

namespace taper::syzygy {

/// Win/draw/loss for the side to move, on Syzygy's scale (-2..2). Cursed wins and blessed
/// losses are wins and losses that the fifty-move rule turns into draws.
enum class Wdl : int { Loss = -2, BlessedLoss = -1, Draw = 0, CursedWin = 1, Win = 2 };

/// What init() found.
struct LoadResult {
  bool ok = false;          ///< every folder was readable and no table file was corrupt
  int wdlTables = 0;        ///< .rtbw files with a valid header
  int dtzTables = 0;        ///< .rtbz files with a valid header
  int largest = 0;          ///< most pieces any loaded table has (Fathom's TB_LARGEST)
  std::string message;      ///< one line for `info string`: what was loaded, or what is wrong
};

/// True when Taper was built with a Syzygy prober (Fathom).
bool compiled_in();

/// Loads the tables found in `paths` (folders separated by ':', on Windows by ';'); an empty path or "<empty>"
/// unloads everything. Missing or unreadable folders and corrupt files are reported in the
/// message; the tables that could be read are still used.
/// NOT thread-safe: Fathom's state is global. Call it only while no search is running.
LoadResult init(const std::string& paths);

/// Most pieces the loaded tables cover (0 if none or built without Fathom).
int max_pieces();

/// Fathom's bitboard arguments for a position (Fathom numbers squares a1 = 0 like Taper).
struct FathomPosition {
  uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
  unsigned rule50;    ///< half-move clock
  unsigned castling;  ///< Fathom's TB_CASTLING_* bits (they equal Taper's CastlingRights)
  unsigned ep;        ///< en-passant square, or 0 when there is none
  bool whiteToMove;
};
FathomPosition to_fathom(const Position& pos);

/// WDL for the side to move, or false if the probe failed or is not allowed. Fathom answers only
/// when there are no castling rights and the position has just been zeroed (rule50 == 0): in
/// the search that means right after a capture or pawn move. Thread-safe, also with Debian's
/// libfathom, which has no lock of its own (tb/warm_tables.hpp): the first probe of a material
/// takes a lock, later ones do not.
bool probe_wdl(const Position& pos, Wdl& result);

/// One legal root move as the tables see it, from the root's side to move.
struct RootMove {
  Move move;
  Wdl wdl;   ///< result after this move, counting the fifty-move rule from the root's clock
  int dtz;   ///< plies to the next zeroing move with best play (signed like wdl; 0 if drawn)
  int rank;  ///< higher is better; moves of equal best rank keep the best result
};

/// The root position's own result and every legal move ranked.
struct RootProbe {
  Wdl wdl = Wdl::Draw;
  int dtz = 0;
  std::vector<RootMove> moves;  ///< all legal moves, unsorted
  /// The moves whose rank equals the best rank: searching only these keeps the result.
  std::vector<Move> best_moves() const;
};

/// Probes every root move with the DTZ tables (falling back to WDL ranks without DTZ: then
/// dtz is 0). Ranks follow Stockfish's scheme: a win that stays inside the fifty-move rule
/// (given the root's clock, and no earlier repetition when `hasRepeated`) ranks 1000, later
/// wins less; draws 0; losses -1000, or higher when the fifty-move rule may still save them.
/// Returns false if the position is not in the tables, has castling rights or the probe
/// failed. Thread-safe (it holds the probe lock); meant for once per search, at the root.
bool probe_root(const Position& pos, bool hasRepeated, RootProbe& out);

const char* to_string(Wdl wdl);

}  // namespace taper::syzygy
