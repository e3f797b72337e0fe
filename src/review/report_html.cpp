// SPDX-License-Identifier: GPL-3.0-or-later
// report.html: the report as one page that needs nothing else (no network, no script; CSS and
// pictures inline): results, accuracy by phase, the reasons ranked with an example position each,
// the openings, and the worst games with their marked moves and the review's chances graph.
#include <algorithm>
#include <cstdio>
#include <sstream>

#include "board/notation.hpp"
#include "explain/board_svg.hpp"
#include "explain/text.hpp"
#include "review/report.hpp"

namespace taper {

namespace {

/// A horizontal bar for a percentage, drawn in CSS.
std::string bar(double percent, const char* colour) {
  return "<span class=\"bar\"><span style=\"width:" + decimal_text(std::clamp(percent, 0.0, 100.0), 1) + "%;background:" + colour + "\"></span></span>";
}

/// The example position of a reason: the board before the move, the move played in red and
/// the better move in green.
std::string example_board(const ReportMistake& m) {
  Position pos;
  if (!pos.set(m.fenBefore, false)) return "";
  const Move played = parse_uci_move(pos, m.playedUci), best = parse_uci_move(pos, m.bestUci);
  return board_svg(pos, pos.side_to_move(), {{played, "#c0392b"}, {best, "#27ae60"}});
}

constexpr const char* Style =
    "body{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}"
    "h1{margin-bottom:0}table{border-collapse:collapse;margin:1em 0}td,th{padding:4px 10px;border-bottom:1px solid #ddd;text-align:left}"
    "th{background:#f4f4f4}.num{text-align:right}.bar{display:inline-block;width:160px;height:10px;background:#eee;margin-left:8px}"
    ".bar span{display:block;height:100%}.reason{display:flex;gap:1.5em;align-items:flex-start;margin:1em 0;padding:1em;background:#fafafa}"
    ".moves{font-family:monospace;line-height:1.6}.graph svg{max-width:100%;height:auto}.muted{color:#777}";

}  // namespace

std::string ReportTotals::html() const {
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Taper report: " << xml_escaped(player_) << "</title>\n<style>" << Style
    << "</style></head><body>\n<h1>" << xml_escaped(player_) << "</h1>\n<p class=\"muted\">Reviewed by Taper (<code>taper report</code>): " << games_
    << " game(s), " << positions_ << " positions searched" << (skipped_ ? ", " + std::to_string(skipped_) + " broken game(s) skipped" : "")
    << ".</p>\n";

  o << "<h2>Results</h2>\n<table><tr><th>wins</th><th>draws</th><th>losses</th>" << (unfinished_ ? "<th>unfinished</th>" : "") << "</tr><tr><td class=\"num\">"
    << wins_ << "</td><td class=\"num\">" << draws_ << "</td><td class=\"num\">" << losses_ << "</td>"
    << (unfinished_ ? "<td class=\"num\">" + std::to_string(unfinished_) + "</td>" : "") << "</tr></table>\n";

  o << "<h2>Accuracy</h2>\n<table><tr><th>phase</th><th>moves</th><th>accuracy</th></tr>\n";
  long long moves = 0;
  for (int n : phaseMoves_) moves += n;
  o << "<tr><td>overall (per game)</td><td class=\"num\">" << moves << "</td><td>"
    << (games_ ? decimal_text(accuracySum_ / games_, 1) + "%" + bar(accuracySum_ / games_, "#2980b9") : "-") << "</td></tr>\n";
  for (size_t p = 0; p < phaseSum_.size(); ++p) {
    const double a = phaseMoves_[p] ? phaseSum_[p] / phaseMoves_[p] : 0;
    o << "<tr><td>" << phase_name(GamePhase(p)) << "</td><td class=\"num\">" << phaseMoves_[p] << "</td><td>"
      << (phaseMoves_[p] ? decimal_text(a, 1) + "%" + bar(a, "#2980b9") : "-") << "</td></tr>\n";
  }
  o << "</table>\n<p>ACPL " << (judged_ ? std::to_string(cpLoss_ / judged_) : "-") << ". Moves by class:";
  for (size_t k = 0; k < classes_.size(); ++k) o << (k ? ", " : " ") << MoveClassNames[k] << " " << classes_[k];
  o << ".</p>\n";

  o << "<h2>What the mistakes cost</h2>\n";
  const std::vector<ReasonTotal> reasons = ranked_reasons();
  if (reasons.empty()) o << "<p>No mistakes or blunders.</p>\n";
  double most = reasons.empty() ? 1 : reasons[0].chancesLost;
  for (const ReasonTotal& r : reasons) {
    o << "<div class=\"reason\"><div>" << example_board(r.example) << "</div><div><h3>" << xml_escaped(reason_key_name(r.key)) << "</h3><p>" << r.count
      << " mistake(s) and blunder(s), " << decimal_text(r.chancesLost, 0) << " points of expected score lost" << bar(100 * r.chancesLost / std::max(most, 1e-9), "#c0392b")
      << "</p><p>The costliest: <b>" << xml_escaped(r.example.numbered) << "</b> in " << xml_escaped(r.exampleGame) << ".</p><p>" << xml_escaped(r.example.sentence)
      << "</p></div></div>\n";
  }

  o << "<h2>Openings</h2>\n<table><tr><th>ECO</th><th>opening</th><th>colour</th><th>games</th><th>score</th><th>accuracy</th></tr>\n";
  std::vector<OpeningTotal> openings = openings_;
  std::stable_sort(openings.begin(), openings.end(), [](const OpeningTotal& a, const OpeningTotal& b) { return a.games > b.games; });
  for (const OpeningTotal& op : openings)
    o << "<tr><td>" << xml_escaped(op.opening.eco) << "</td><td>" << xml_escaped(op.opening.name) << "</td><td>" << (op.colour == WHITE ? "white" : "black")
      << "</td><td class=\"num\">" << op.games << "</td><td class=\"num\">" << (op.finished ? decimal_text(100 * op.points / op.finished, 0) + "%" : "-")
      << "</td><td class=\"num\">" << decimal_text(op.accuracySum / op.games, 1) << "%</td></tr>\n";
  o << "</table>\n";

  o << "<h2>The worst games</h2>\n";
  for (const ReportGame& g : worst_) {
    o << "<h3>" << xml_escaped(g.title) << " " << xml_escaped(g.result) << "</h3>\n<p>Played with " << (g.colour == WHITE ? "White" : "Black") << ", "
      << xml_escaped(g.opening.eco.empty() ? g.opening.name : g.opening.eco + " " + g.opening.name) << "; accuracy " << decimal_text(g.accuracy, 1) << "%, ACPL "
      << g.acpl << ".</p>\n<div class=\"graph\">" << g.svg << "</div>\n<p class=\"moves\">" << xml_escaped(g.movesText) << "</p>\n<ul>\n";
    for (const ReportMistake& m : g.mistakes) o << "<li>" << xml_escaped(m.sentence.empty() ? m.numbered : m.sentence) << "</li>\n";
    o << "</ul>\n";
  }
  o << "</body></html>\n";
  return o.str();
}

}  // namespace taper
