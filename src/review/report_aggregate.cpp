// SPDX-License-Identifier: GPL-3.0-or-later
// The report's sums, added game by game from the state file: results, accuracy by phase, move
// classes, the reasons ranked by the chances they cost, the openings, and the few worst games.
#include <algorithm>
#include <cstdio>

#include "explain/json_text.hpp"
#include "explain/text.hpp"
#include "review/report.hpp"

namespace taper {

namespace {

/// A mean as JSON, null when there is nothing to average.
std::string mean_json(double sum, long long count) { return count ? decimal_text(sum / double(count), 1) : "null"; }

}  // namespace

void ReportTotals::add(const ReportGame& g) {
  if (!g.skipped.empty()) {
    ++skipped_;
    return;
  }
  ++games_;
  if (g.score == 1) ++wins_;
  else if (g.score == 0.5) ++draws_;
  else if (g.score == 0) ++losses_;
  else ++unfinished_;
  accuracySum_ += g.accuracy;
  for (size_t p = 0; p < phaseSum_.size(); ++p) phaseSum_[p] += g.phaseAccuracySum[p], phaseMoves_[p] += g.phaseMoves[p];
  cpLoss_ += g.cpLoss;
  judged_ += g.judged;
  for (size_t k = 0; k < classes_.size(); ++k) classes_[k] += g.classes[k];
  for (const ReportMistake& m : g.mistakes) {
    ReasonTotal& r = reasons_[size_t(std::clamp(m.reason, 0, ReasonKeyCount - 1))];
    r.key = m.reason;
    ++r.count;
    r.chancesLost += m.chancesLost;
    if (r.count == 1 || m.chancesLost > r.example.chancesLost) r.example = m, r.exampleGame = g.title;
  }
  auto it = std::find_if(openings_.begin(), openings_.end(), [&](const OpeningTotal& o) {
    return o.opening.eco == g.opening.eco && o.opening.name == g.opening.name && o.colour == g.colour;
  });
  if (it == openings_.end()) it = openings_.insert(openings_.end(), OpeningTotal{g.opening, g.colour});
  ++it->games;
  it->accuracySum += g.accuracy;
  if (g.score >= 0) it->points += g.score, ++it->finished;
  puzzles_ += g.puzzles;
  positions_ += g.positions;
  // The worst games by accuracy (the earlier one first on a tie), a few kept whole for the page.
  auto worse = [](const ReportGame& a, const ReportGame& b) { return a.accuracy != b.accuracy ? a.accuracy < b.accuracy : a.index < b.index; };
  if (worst_.size() < WorstGamesKept || worse(g, worst_.back())) {
    worst_.insert(std::upper_bound(worst_.begin(), worst_.end(), g, worse), g);
    if (worst_.size() > WorstGamesKept) worst_.pop_back();
  }
}

std::vector<ReasonTotal> ReportTotals::ranked_reasons() const {
  std::vector<ReasonTotal> out;
  for (const ReasonTotal& r : reasons_)
    if (r.count) out.push_back(r);
  std::stable_sort(out.begin(), out.end(), [](const ReasonTotal& a, const ReasonTotal& b) {
    return a.chancesLost != b.chancesLost ? a.chancesLost > b.chancesLost : a.count > b.count;
  });
  return out;
}

std::string ReportTotals::json() const {
  std::string s = "{\"player\":" + json_quoted(player_) + ",\"games\":" + std::to_string(games_) + ",\"skipped\":" + std::to_string(skipped_);
  s += ",\"results\":{\"wins\":" + std::to_string(wins_) + ",\"draws\":" + std::to_string(draws_) + ",\"losses\":" + std::to_string(losses_) +
       ",\"unfinished\":" + std::to_string(unfinished_) + "}";
  s += ",\"accuracy\":{\"overall\":" + mean_json(accuracySum_, games_);
  for (size_t p = 0; p < phaseSum_.size(); ++p) s += ",\"" + std::string(phase_name(GamePhase(p))) + "\":" + mean_json(phaseSum_[p], phaseMoves_[p]);
  s += "},\"acpl\":" + (judged_ ? std::to_string(cpLoss_ / judged_) : std::string("null")) + ",\"classes\":{";
  for (size_t k = 0; k < classes_.size(); ++k) s += (k ? ",\"" : "\"") + std::string(MoveClassNames[k]) + "\":" + std::to_string(classes_[k]);
  s += "},\"reasons\":[";
  const std::vector<ReasonTotal> reasons = ranked_reasons();
  for (size_t k = 0; k < reasons.size(); ++k) {
    const ReasonTotal& r = reasons[k];
    s += (k ? ",{" : "{") + std::string("\"group\":") + json_quoted(reason_key_name(r.key)) + ",\"count\":" + std::to_string(r.count) +
         ",\"chances_lost\":" + decimal_text(r.chancesLost, 1) + ",\"example\":{\"game\":" + json_quoted(r.exampleGame) +
         ",\"move\":" + json_quoted(r.example.numbered) + ",\"fen\":" + json_quoted(r.example.fenBefore) + ",\"played\":" + json_quoted(r.example.playedUci) +
         ",\"best\":" + json_quoted(r.example.bestUci) + ",\"reason\":" + json_quoted(r.example.sentence) + "}}";
  }
  s += "],\"openings\":[";
  std::vector<OpeningTotal> openings = openings_;
  std::stable_sort(openings.begin(), openings.end(), [](const OpeningTotal& a, const OpeningTotal& b) {
    return a.games != b.games ? a.games > b.games : std::tie(a.opening.eco, a.opening.name, a.colour) < std::tie(b.opening.eco, b.opening.name, b.colour);
  });
  for (size_t k = 0; k < openings.size(); ++k) {
    const OpeningTotal& o = openings[k];
    s += (k ? ",{" : "{") + std::string("\"eco\":") + json_quoted(o.opening.eco) + ",\"name\":" + json_quoted(o.opening.name) +
         ",\"colour\":\"" + (o.colour == WHITE ? "white" : "black") + "\",\"games\":" + std::to_string(o.games) +
         ",\"score\":" + (o.finished ? decimal_text(o.points / o.finished, 3) : std::string("null")) + ",\"accuracy\":" + mean_json(o.accuracySum, o.games) + "}";
  }
  s += "],\"worst_games\":[";
  for (size_t k = 0; k < worst_.size(); ++k)
    s += (k ? ",{" : "{") + std::string("\"index\":") + std::to_string(worst_[k].index) + ",\"title\":" + json_quoted(worst_[k].title) +
         ",\"accuracy\":" + decimal_text(worst_[k].accuracy, 1) + "}";
  s += "],\"puzzles\":" + std::to_string(puzzles_) + ",\"positions\":" + std::to_string(positions_) + "}\n";
  return s;
}

std::string ReportTotals::summary_text() const {
  std::string s = player_ + ": " + std::to_string(games_) + " game(s): +" + std::to_string(wins_) + " =" + std::to_string(draws_) + " -" +
                  std::to_string(losses_) + (unfinished_ ? " (" + std::to_string(unfinished_) + " unfinished)" : "") +
                  (skipped_ ? ", " + std::to_string(skipped_) + " broken game(s) skipped" : "") + "\n";
  s += "Accuracy: " + (games_ ? decimal_text(accuracySum_ / games_, 1) + "%" : std::string("-"));
  for (size_t p = 0; p < phaseSum_.size(); ++p)
    s += std::string(p ? ", " : " (") + phase_name(GamePhase(p)) + " " + (phaseMoves_[p] ? decimal_text(phaseSum_[p] / phaseMoves_[p], 1) + "%" : "-");
  s += ")" + (judged_ ? ", ACPL " + std::to_string(cpLoss_ / judged_) : std::string()) + "\n";
  const std::vector<ReasonTotal> reasons = ranked_reasons();
  if (reasons.empty()) s += "No mistakes or blunders.\n";
  else s += "Mistakes and blunders by what they cost:\n";
  for (size_t k = 0; k < reasons.size() && k < 3; ++k)
    s += "  " + reason_key_name(reasons[k].key) + ": " + std::to_string(reasons[k].count) + " move(s), " + decimal_text(reasons[k].chancesLost, 0) +
         " points of chances (e.g. " + reasons[k].example.numbered + ", " + reasons[k].exampleGame + ")\n";
  s += "Puzzles from the mistakes: " + std::to_string(puzzles_) + ".\n";
  return s;
}

}  // namespace taper
