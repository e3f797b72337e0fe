// SPDX-License-Identifier: GPL-3.0-or-later
// The numbers of a review: chances from scores, marks from lost chances, accuracy as lichess
// computes it (lila's AccuracyPercent: the move formula, then a game's volatility-weighted and
// harmonic means). Pure functions, so the tests can check them without a search.
#include <algorithm>
#include <cmath>

#include "eval/wdl_model.hpp"
#include "review/review.hpp"
#include "uci/format.hpp"

namespace taper {

double expected_score(Value score, bool tablebase, int material) {
  if (tablebase) {
    SearchReport r;
    r.score = score, r.tbScore = true;
    const Wdl w = report_wdl(r, material);
    return (w.win + w.draw / 2.0) / 10.0;
  }
  if (score >= VALUE_MATE_IN_MAX_PLY) return 100;
  if (score <= VALUE_MATED_IN_MAX_PLY) return 0;
  // The model itself, not the per-mille rounding of report_wdl: small drops should not vanish.
  const double win = wdl_win_probability(FittedWdl, score, material);
  const double loss = std::min(1.0 - win, wdl_win_probability(FittedWdl, -score, material));
  return 100 * (win + (1 - win - loss) / 2);
}

double lichess_win_percent(Value score) {
  const double cp = std::clamp(score, -1000, 1000);  // lichess ceils scores (and mates) at 10 pawns
  return 50 + 50 * (2 / (1 + std::exp(-0.00368208 * cp)) - 1);
}

double move_accuracy(double before, double after) {
  if (after >= before) return 100;
  const double raw = 103.1668100711649 * std::exp(-0.04354415386753951 * (before - after)) - 3.166924740191411;
  return std::clamp(raw + 1, 0.0, 100.0);  // lila's "+ 1": its uncertainty bonus for imperfect analysis
}

const char* mark_glyph(Mark m) {
  return m == Mark::Inaccuracy ? "?!" : m == Mark::Mistake ? "?" : m == Mark::Blunder ? "??" : "";
}

int mark_nag(Mark m) { return m == Mark::Inaccuracy ? 6 : m == Mark::Mistake ? 2 : m == Mark::Blunder ? 4 : 0; }

const char* mark_name(Mark m) {
  return m == Mark::Inaccuracy ? "inaccuracy" : m == Mark::Mistake ? "mistake" : m == Mark::Blunder ? "blunder" : "";
}

Mark mark_for(double before, double after, Value bestScore, Value playedScore) {
  const double drop = before - after;
  Mark m = drop >= BlunderDrop ? Mark::Blunder : drop >= MistakeDrop ? Mark::Mistake : drop >= InaccuracyDrop ? Mark::Inaccuracy : Mark::None;
  // Mates, after lichess's rules: a lost forced mate, or a forced mate walked into, is marked by
  // how much is left (in the other case, how much was lost anyway).
  auto by_margin = [](Value cp) { return cp > 999 ? Mark::Inaccuracy : cp > 700 ? Mark::Mistake : Mark::Blunder; };
  const bool hadMate = bestScore >= VALUE_MATE_IN_MAX_PLY, keepsMate = playedScore >= VALUE_MATE_IN_MAX_PLY;
  const bool wasMated = bestScore <= VALUE_MATED_IN_MAX_PLY, getsMated = playedScore <= VALUE_MATED_IN_MAX_PLY;
  Mark mate = Mark::None;
  if (hadMate && !keepsMate) mate = getsMated ? Mark::Blunder : by_margin(playedScore);
  else if (getsMated && !wasMated) mate = by_margin(-bestScore);
  return std::max(m, mate);
}

GameAccuracy game_accuracy(const std::vector<double>& win, const std::vector<double>& accuracies, Color firstMover,
                           const std::vector<bool>& judged) {
  GameAccuracy out;
  const size_t moves = accuracies.size();
  if (moves == 0 || win.size() != moves + 1) return out;
  // Volatility: the standard deviation of White's chances over a window around each move, padded
  // at the start with copies of the first window so that there is one weight per move.
  const size_t window = std::clamp<size_t>(moves / 10, 2, 8);
  std::vector<double> weights;
  auto deviation = [&](size_t from) {
    const size_t n = std::min(window, win.size() - from);
    double mean = 0, var = 0;
    for (size_t k = 0; k < n; ++k) mean += win[from + k] / n;
    for (size_t k = 0; k < n; ++k) var += (win[from + k] - mean) * (win[from + k] - mean) / n;
    return std::clamp(std::sqrt(var), 0.5, 12.0);
  };
  for (size_t k = 0; k + 2 < std::min(window, win.size()); ++k) weights.push_back(deviation(0));
  for (size_t from = 0; from + window <= win.size(); ++from) weights.push_back(deviation(from));
  while (weights.size() < moves) weights.push_back(deviation(0));  // a game shorter than one window

  double weighted[COLOR_NB] = {0, 0}, weightSum[COLOR_NB] = {0, 0}, inverse[COLOR_NB] = {0, 0};
  int count[COLOR_NB] = {0, 0};
  for (size_t i = 0; i < moves; ++i) {
    if (i < judged.size() && !judged[i]) continue;
    const Color c = i % 2 == 0 ? firstMover : ~firstMover;
    const double a = accuracies[i];
    weighted[c] += a * weights[i];
    weightSum[c] += weights[i];
    inverse[c] += 1 / std::max(1.0, a);
    ++count[c];
  }
  for (Color c : {WHITE, BLACK}) {
    if (!count[c]) continue;
    const double mean = weighted[c] / weightSum[c], harmonic = count[c] / inverse[c];
    (c == WHITE ? out.white : out.black) = (mean + harmonic) / 2;
  }
  return out;
}

}  // namespace taper
