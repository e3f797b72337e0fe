// SPDX-License-Identifier: GPL-3.0-or-later
// The level -> (node budget, error) mapping and the weakened move choice.
#include "search/skill.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <utility>

namespace taper {

namespace {

/// xorshift64* (Vigna): small, fast, and the same sequence on every platform.
uint64_t next_random(uint64_t& s) {
  if (s == 0) s = 0x9E3779B97F4A7C15ull;
  s ^= s >> 12;
  s ^= s << 25;
  s ^= s >> 27;
  return s * 0x2545F4914F6CDD1Dull;
}

// Calibration (docs/STRENGTH_LEVELS.md): the node budget doubles every ElosPerDoubling, and the
// error falls with the square of the distance to the top, so the middle levels mostly lose
// strength through a shallower search and the low ones through misjudged moves.
constexpr double NodesAtMin = 300;
constexpr double ElosPerDoubling = 115;
constexpr double ErrorAtMin = 150;
constexpr int CandidateLines = 4;

// The search settings above define an internal scale; games against Stockfish 15.1 at the same
// UCI_Elo (docs/STRENGTH_LEVELS.md, rounds 2 and 3) showed what each internal level is worth,
// so a requested Elo is first moved to the internal level measured (or interpolated) to play
// at that strength. From about 2600 up the clock, not the node budget, limits Taper at blitz,
// so those levels are full strength in practice. {requested Elo, internal level}, linear between.
constexpr std::pair<int, int> Calibration[] = {
    {SkillMinElo, 1354}, {1400, 1434}, {1800, 1885}, {2200, 2290}, {2600, 3090}, {SkillMaxElo, SkillMaxElo + 100},
};

double internal_level(int elo) {
  for (size_t i = 1; i < std::size(Calibration); ++i) {
    auto [e0, l0] = Calibration[i - 1];
    auto [e1, l1] = Calibration[i];
    if (elo <= e1) return l0 + double(l1 - l0) * (elo - e0) / (e1 - e0);
  }
  return Calibration[std::size(Calibration) - 1].second;
}

}  // namespace

SkillPlan skill_plan(int elo) {
  elo = std::clamp(elo, SkillMinElo, SkillMaxElo);
  double above = internal_level(elo) - SkillMinElo;
  SkillPlan p;
  p.nodes = uint64_t(NodesAtMin * std::exp2(above / ElosPerDoubling));
  p.lines = CandidateLines;
  double below = std::max(0.0, 1.0 - above / (SkillMaxElo - SkillMinElo));
  p.errorCp = int(std::lround(ErrorAtMin * below * below));
  return p;
}

int skill_level_to_elo(int level) {
  level = std::clamp(level, 0, 20);
  return SkillMinElo + (SkillMaxElo - SkillMinElo) * level / 20;
}

size_t pick_weakened_move(const std::vector<RootMove>& rootMoves, size_t lines, int errorCp, uint64_t& rng) {
  lines = std::min(lines, rootMoves.size());
  if (lines <= 1 || errorCp <= 0) return 0;
  // Mate scores are clamped so that "mated in 3" is simply very bad, not an overflow.
  auto clamped = [](Value v) { return std::clamp(int(v), -4000, 4000); };
  size_t best = 0;
  int bestTotal = INT32_MIN;
  for (size_t i = 0; i < lines; ++i) {
    const RootMove& rm = rootMoves[i];
    Value v = rm.score != -VALUE_INFINITE ? rm.score : rm.previousScore;
    if (v == -VALUE_INFINITE) continue;  // never searched: no opinion on it
    int total = clamped(v) + int(next_random(rng) % uint64_t(errorCp));
    if (total > bestTotal) {
      bestTotal = total;
      best = i;
    }
  }
  return best;
}

}  // namespace taper
