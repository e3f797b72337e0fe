// SPDX-License-Identifier: GPL-3.0-or-later
// Printing the `eval` table from the explained evaluation (explain/eval_table.hpp).
#include "explain/eval_table.hpp"

#include <cstdio>

namespace taper {

namespace {

void append(std::string& s, const char* fmt, auto... args) {
  char buf[256];
  std::snprintf(buf, sizeof buf, fmt, args...);
  s += buf;
}

void append_row(std::string& s, std::string_view title, Score white, Score black) {
  const Score total = white - black;
  append(s, "%14.*s | %5d %5d | %5d %5d | %5d %5d\n", int(title.size()), title.data(), white.mg(), white.eg(),
         black.mg(), black.eg(), total.mg(), total.eg());
}

std::string danger_line(const EvalRecord& r) {
  std::string s = "\nKing danger units:";
  for (Color c : {WHITE, BLACK})
    append(s, " %s %d (%s, penalty %d mg %d eg)%s", c == WHITE ? "White" : "Black", r.units[c],
           r.dangerReal[c] ? "two or more attackers" : "fewer than two attackers", r.dangerPenalty[c],
           r.dangerPenaltyEg[c], c == WHITE ? ";" : "\n");
  return s;
}

/// The detail lines: the Linear parameters with what they add, then the Danger ones with the
/// units they count against each king.
std::string param_lines(const EvalExplanation& e) {
  std::string s, danger;
  append(s, "  %-24s %9s  %6s %5s   (count White / Black, net White - Black)\n", "Term", "count", "mg", "eg");
  append(danger, "\n  %-24s %9s  %6s %5s   (units against the White / Black king)\n", "King danger", "count", "White", "Black");
  for (const ExplainedParam& p : e.params) {
    if (p.kind == ParamKind::Linear)
      append(s, "  %-24.*s %3d / %-3d  %6d %5d\n", int(p.name.size()), p.name.data(), p.count[WHITE], p.count[BLACK],
             p.net.mg(), p.net.eg());
    else
      append(danger, "  %-24.*s %3d / %-3d  %6d %5d\n", int(p.name.size()), p.name.data(), p.count[WHITE],
             p.count[BLACK], p.units[WHITE], p.units[BLACK]);
  }
  return s + danger;
}

}  // namespace

std::string eval_table(const EvalExplanation& e) {
  const EvalRecord& r = e.record;
  std::string s;
  if (r.exit != EvalExit::General)
    s += e.words.tableNote + "\n";
  else {
    // Details first, then the summary table, phase, scale and the final line.
    s += param_lines(e);
    s += danger_line(r) + "\n";
    s += "          Term |    White    |    Black    |    Total\n";
    s += "               |   MG    EG  |   MG    EG  |   MG    EG\n";
    s += " --------------+-------------+-------------+-------------\n";
    for (const ExplainedRow& row : e.rows) append_row(s, row.term, row.white, row.black);
    s += " --------------+-------------+-------------+-------------\n";
    append_row(s, "Total", e.totalWhite, e.totalBlack);
    s += "\n";
  }
  append(s, "Phase: %d / %d (middlegame weight %d%%)\n", r.phase, PhaseMidgame, r.phase * 100 / PhaseMidgame);
  append(s, "Scale factor: %d / %d\n", r.scale, ScaleNormal);
  append(s, "Final evaluation: %+d cp (white side)\n", e.finalCp);
  return s;
}

std::string eval_table(const Position& pos) { return eval_table(explain_evaluation(pos)); }

}  // namespace taper
