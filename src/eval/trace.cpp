// SPDX-License-Identifier: GPL-3.0-or-later
// Recording an evaluation: coefficients for the tuner, their reconstruction, the rows by group.
#include "eval/trace.hpp"

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

}  // namespace taper
