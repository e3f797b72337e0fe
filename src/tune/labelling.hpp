// SPDX-License-Identifier: GPL-3.0-or-later
// Kept positions of a game and their labels: a random sample per game, re-searched deeper for
// the score, optionally replaced by the quiet end of that search's principal variation. Shared
// by self-play generation (datagen) and positions taken from match games (pgn_data).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace taper {
class Engine;
}

namespace taper::tune {

/// A position kept from a game and its score (centipawns, White's view).
struct Sample {
  std::string fen;
  int whiteScore;
};

/// The label search: a deeper search of each kept position.
struct LabelSearch {
  uint64_t nodes = 0;  ///< a node budget ...
  int depth = 0;       ///< ... or a depth (both 0: no label search, the game's own score stays)
  bool pvLeaf = false; ///< keep the end of its principal variation instead of the position

  bool active() const { return nodes || depth; }
};

/// Keeps `count` of the samples (all if count is 0 or more than there are), chosen at random,
/// in game order: few positions from many games, because neighbours in one game tell the tuner
/// nearly the same thing.
void draw_samples(std::vector<Sample>& samples, int count, std::mt19937_64& rng);

/// Replaces each sample's score by that of a label search of its own (fresh tables, so a label
/// depends on the position alone), and with `pvLeaf` the position by its line's quiet end
/// (Ethereal's "PV resolution"). Samples whose search finds a mate, or whose line does not end
/// quiet, are dropped. Nothing changes without a label search.
void relabel(std::vector<Sample>& samples, Engine& engine, const LabelSearch& label);

}  // namespace taper::tune
