// SPDX-License-Identifier: GPL-3.0-or-later
// Sampling kept positions and labelling them with a deeper search (labelling.hpp).
#include "tune/labelling.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "board/movegen.hpp"
#include "search/engine.hpp"

namespace taper::tune {

namespace {

/// The position at the end of `pv` played from `pos`, if the line is legal and ends quiet (side to
/// move not in check, not a finished game); nullopt otherwise, and the sample is dropped.
std::optional<std::string> pv_leaf(Position pos, const std::vector<Move>& pv) {
  for (Move m : pv) {
    if (!pos.is_pseudo_legal(m) || !pos.is_legal(m)) return std::nullopt;
    pos.do_move(m);
  }
  if (pos.in_check() || MoveList<LEGAL>(pos).size() == 0 || pos.is_draw(0)) return std::nullopt;
  return pos.fen();
}

}  // namespace

void draw_samples(std::vector<Sample>& samples, int count, std::mt19937_64& rng) {
  if (count <= 0 || samples.size() <= size_t(count)) return;
  std::vector<size_t> index(samples.size());
  for (size_t i = 0; i < index.size(); ++i) index[i] = i;
  for (size_t i = 0; i < size_t(count); ++i) std::swap(index[i], index[i + rng() % (index.size() - i)]);
  index.resize(size_t(count));
  std::sort(index.begin(), index.end());
  std::vector<Sample> kept;
  for (size_t i : index) kept.push_back(samples[i]);
  samples.swap(kept);
}

void relabel(std::vector<Sample>& samples, Engine& engine, const LabelSearch& label) {
  if (!label.active()) return;
  std::vector<Sample> kept;
  for (const Sample& s : samples) {
    Position pos;
    if (!pos.set(s.fen, false)) continue;
    engine.clear();  // fresh tables: the label depends on the position alone, and is reproducible
    SearchLimits limits;
    limits.nodes = label.nodes;
    limits.depth = label.depth;
    const SearchResult sr = engine.search(pos, limits);
    if (!sr.best || std::abs(sr.last.score) >= VALUE_TB_WIN_IN_MAX_PLY) continue;
    const int white = pos.side_to_move() == WHITE ? sr.last.score : -sr.last.score;
    if (!label.pvLeaf) {
      kept.push_back({s.fen, white});
      continue;
    }
    // The score is White's view, so it labels every position of the line unchanged.
    if (const std::optional<std::string> leaf = pv_leaf(pos, sr.last.pv)) kept.push_back({*leaf, white});
  }
  samples.swap(kept);
}

}  // namespace taper::tune
