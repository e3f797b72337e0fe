// SPDX-License-Identifier: GPL-3.0-or-later
// Recording an evaluation: coefficients for the tuner, their reconstruction, and the `eval` table.
#include "eval/trace.hpp"

#include <cstdio>

namespace taper {

EvalRecord record_evaluation(const Position& pos) {
  endgames::init();
  RecordSink sink;
  EvalOutcome outcome;
  EvalRecord r;
  r.value = evaluate_position(pos, sink, nullptr, nullptr, &outcome);
  r.coeff = sink.coeff;
  r.phase = outcome.phase;
  r.scale = outcome.scale;
  r.exit = outcome.exit;
  r.sideToMove = pos.side_to_move();
  for (Color c : {WHITE, BLACK}) {
    r.units[c] = sink.units[c];
    r.dangerReal[c] = sink.dangerReal[c];
    r.dangerPenalty[c] = sink.dangerPenalty[c];
    r.dangerPenaltyEg[c] = sink.dangerPenaltyEg[c];
  }
  return r;
}

Score linear_sum(const EvalRecord& r, Color c, const WeightVector& w) {
  Score s;
  for (int i = 0; i < ParamCount; ++i)
    if (r.coeff[i][c] && Params[i].kind == ParamKind::Linear) s += w[i] * r.coeff[i][c];
  return s;
}

int danger_units(const EvalRecord& r, Color c, const WeightVector& w) {
  int units = 0;
  for (int i = 0; i < ParamCount; ++i)
    if (r.coeff[i][c] && Params[i].kind == ParamKind::Danger) units += w[i].mg() * r.coeff[i][c];
  return units;
}

Value evaluate_from_coefficients(const EvalRecord& r, const WeightVector& w) {
  if (r.exit != EvalExit::General) return r.value;
  Score side[COLOR_NB];
  for (Color c : {WHITE, BLACK}) {
    side[c] = linear_sum(r, c, w);
    if (r.dangerReal[c]) side[c] -= king_danger_penalty(danger_units(r, c, w), king_danger_shape(w));
  }
  return final_value(side[WHITE] - side[BLACK], r.phase, r.scale, r.sideToMove);
}

std::vector<SparseCoefficient> sparse_coefficients(const EvalRecord& r) {
  std::vector<SparseCoefficient> out;
  for (int i = 0; i < ParamCount; ++i) {
    const int16_t w = r.coeff[i][WHITE], b = r.coeff[i][BLACK];
    const bool keep = Params[i].kind == ParamKind::Danger ? (w || b) : w != b;
    if (keep) out.push_back({i, w, b});
  }
  return out;
}

GroupScores group_scores(const EvalRecord& r) {
  GroupScores rows{};
  for (int i = 0; i < ParamCount; ++i)
    if (Params[i].kind == ParamKind::Linear)
      for (Color c : {WHITE, BLACK}) rows[size_t(Params[i].group)][c] += Weights[i] * r.coeff[i][c];
  for (Color c : {WHITE, BLACK}) rows[size_t(ParamGroup::KingDanger)][c] -= Score(r.dangerPenalty[c], r.dangerPenaltyEg[c]);
  return rows;
}

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

/// Per parameter (elements summed): counts and what they add, so that an engine author can
/// see which weights make up a row. Linear weights whose net contribution is zero are left out.
std::string term_lines(const EvalRecord& r) {
  std::string s, danger;
  append(s, "  %-24s %9s  %6s %5s   (count White / Black, net White - Black)\n", "Term", "count", "mg", "eg");
  append(danger, "\n  %-24s %9s  %6s %5s   (units against the White / Black king)\n", "King danger", "count", "White", "Black");
  for (int first = 0; first < ParamCount; first += Params[first].size) {
    const ParamInfo& p = Params[first];
    int count[COLOR_NB] = {}, units[COLOR_NB] = {};
    Score net;
    for (int i = first; i < first + p.size; ++i)
      for (Color c : {WHITE, BLACK}) {
        count[c] += r.coeff[i][c];
        units[c] += Weights[i].mg() * r.coeff[i][c];
        if (p.kind == ParamKind::Linear) net += (c == WHITE ? Weights[i] : -Weights[i]) * r.coeff[i][c];
      }
    if (p.kind == ParamKind::Linear && net != Score())
      append(s, "  %-24.*s %3d / %-3d  %6d %5d\n", int(p.name.size()), p.name.data(), count[WHITE], count[BLACK],
             net.mg(), net.eg());
    if (p.kind == ParamKind::Danger && (count[WHITE] || count[BLACK]))
      append(danger, "  %-24.*s %3d / %-3d  %6d %5d\n", int(p.name.size()), p.name.data(), count[WHITE],
             count[BLACK], units[WHITE], units[BLACK]);
  }
  return s + danger;
}

}  // namespace

std::string material_signature(const Position& pos) {
  std::string s;
  for (Color c : {WHITE, BLACK}) {
    if (c == BLACK) s += 'v';
    for (PieceType pt = KING; pt >= PAWN; pt = PieceType(pt - 1)) s.append(size_t(pos.count(c, pt)), "?PNBRQK"[pt]);
  }
  return s;
}

std::string trace_evaluation(const Position& pos) {
  const EvalRecord r = record_evaluation(pos);
  const Value white = r.sideToMove == WHITE ? r.value : -r.value;
  std::string s;

  if (r.exit == EvalExit::KnownEndgame)
    append(s, "Known endgame %s: exact evaluation, no general terms.\n", material_signature(pos).c_str());
  else if (r.exit == EvalExit::InsufficientMaterial)
    s += "Insufficient material: neither side can mate, the evaluation is a draw.\n";
  else {
    // Rows by group, from coefficients times weights: the human view is the tuner's view.
    const GroupScores rows = group_scores(r);

    // Details first, then the summary table, phase, scale and the final line.
    s += term_lines(r);
    s += danger_line(r) + "\n";
    s += "          Term |    White    |    Black    |    Total\n";
    s += "               |   MG    EG  |   MG    EG  |   MG    EG\n";
    s += " --------------+-------------+-------------+-------------\n";
    Score sum[COLOR_NB];
    for (size_t g = 0; g < size_t(ParamGroup::Count); ++g) {
      if (ParamGroup(g) == ParamGroup::Scale) continue;  // shown as the scale factor below
      append_row(s, GroupTitle[g], rows[g][WHITE], rows[g][BLACK]);
      for (Color c : {WHITE, BLACK}) sum[c] += rows[g][c];
    }
    s += " --------------+-------------+-------------+-------------\n";
    append_row(s, "Total", sum[WHITE], sum[BLACK]);
    s += "\n";
  }
  append(s, "Phase: %d / %d (middlegame weight %d%%)\n", r.phase, PhaseMidgame, r.phase * 100 / PhaseMidgame);
  append(s, "Scale factor: %d / %d\n", r.scale, ScaleNormal);
  append(s, "Final evaluation: %+d cp (white side)\n", white);
  return s;
}

}  // namespace taper
