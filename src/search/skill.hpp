// SPDX-License-Identifier: GPL-3.0-or-later
// Weakened play (UCI_LimitStrength / UCI_Elo / Skill Level): a node budget, a few candidate lines
// (MultiPV) and a random error that grows as the level drops, so the engine misjudges like a
// weaker player instead of playing perfect moves with the odd random blunder.
#pragma once

#include <cstdint>
#include <vector>

#include "search/search.hpp"

namespace taper {

/// The UCI_Elo range offered to GUIs (the lower end matches Stockfish's, the upper is roughly
/// Taper's full strength at rapid controls; docs/STRENGTH_LEVELS.md has the calibration).
constexpr int SkillMinElo = 1320;
constexpr int SkillMaxElo = 3000;

/// How a given level searches and chooses.
struct SkillPlan {
  uint64_t nodes = 0;  ///< node budget per move (all threads)
  int lines = 1;       ///< root moves searched as full lines (MultiPV) to choose from
  int errorCp = 0;     ///< largest score loss (cp) the choice may accept on a bad day
};

/// The plan for a UCI_Elo (clamped to [SkillMinElo, SkillMaxElo]).
SkillPlan skill_plan(int elo);

/// `Skill Level` 0..20 expressed as an Elo on the same scale (20 = SkillMaxElo).
int skill_level_to_elo(int level);

/// Chooses among the first `lines` root moves (sorted best first): each candidate's score gets a
/// random bonus in [0, errorCp), the highest total wins, so a move is only ever chosen when it
/// loses less than errorCp against the best. `rng` is advanced (xorshift), so a fixed seed
/// gives a fixed choice. Returns the index into `rootMoves`.
size_t pick_weakened_move(const std::vector<RootMove>& rootMoves, size_t lines, int errorCp, uint64_t& rng);

}  // namespace taper
