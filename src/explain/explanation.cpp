// SPDX-License-Identifier: GPL-3.0-or-later
// explain_evaluation(): one recording, and everything the views print computed from it.
#include "explain/explanation.hpp"

#include <algorithm>

#include "eval/endgames.hpp"
#include "explain/shares.hpp"
#include "explain/words.hpp"

namespace taper {

namespace {

/// The `eval` rows (every group but Scale, whose factor is applied to every row instead), each
/// tapered with the position's phase and scale as the evaluation tapers their sum.
void fill_rows(EvalExplanation& e) {
  const GroupScores groups = group_scores(e.record);
  for (size_t g = 0; g < size_t(ParamGroup::Count); ++g) {
    if (ParamGroup(g) == ParamGroup::Scale) continue;
    const Score white = groups[g][WHITE], black = groups[g][BLACK];
    e.rows.push_back({ParamGroup(g), GroupTitle[g], player_words(ParamGroup(g)), white, black,
                      tapered_value(white - black, e.record.phase, e.record.scale)});
    e.totalWhite += white;
    e.totalBlack += black;
  }
}

/// Per parameter (elements summed): counts and what they add, so that an engine author can see
/// which weights make up a row. Linear weights whose net contribution is zero are left out.
void fill_params(EvalExplanation& e) {
  for (int first = 0; first < ParamCount; first += Params[first].size) {
    const ParamInfo& p = Params[first];
    ExplainedParam row;
    row.name = p.name;
    row.kind = p.kind;
    for (int i = first; i < first + p.size; ++i)
      for (Color c : {WHITE, BLACK}) {
        row.count[c] += e.record.coeff[i][c];
        row.units[c] += Weights[i].mg() * e.record.coeff[i][c];
        if (p.kind == ParamKind::Linear) row.net += (c == WHITE ? Weights[i] : -Weights[i]) * e.record.coeff[i][c];
      }
    if (p.kind == ParamKind::Linear && row.net != Score()) e.params.push_back(row);
    if (p.kind == ParamKind::Danger && (row.count[WHITE] || row.count[BLACK])) e.params.push_back(row);
  }
}

/// The rows in a player's words, in table order; rows sharing a name are summed (their tapered
/// values, so that a term is exactly the sum of its rows' `cp`).
void fill_terms(EvalExplanation& e) {
  for (const ExplainedRow& row : e.rows) {
    auto same = std::find_if(e.terms.begin(), e.terms.end(), [&](const PlayerTerm& t) { return t.name == row.words; });
    if (same == e.terms.end()) same = e.terms.insert(e.terms.end(), PlayerTerm{row.words});
    same->whiteCp += row.cp;
    same->own[WHITE] += tapered_value(row.white, e.record.phase, e.record.scale);
    same->own[BLACK] += tapered_value(row.black, e.record.phase, e.record.scale);
  }
}

}  // namespace

EvalExplanation explain_evaluation(const Position& pos) {
  EvalExplanation e;
  e.record = record_evaluation(pos);
  e.material = endgames::signature_of(pos);
  e.finalCp = e.record.sideToMove == WHITE ? e.record.value : -e.record.value;
  if (e.record.exit == EvalExit::General) {
    fill_rows(e);
    fill_params(e);
    fill_terms(e);
  }
  for (Color c : {WHITE, BLACK}) e.kingSquare[c] = pos.king_square(c);
  for (Color c : {WHITE, BLACK})
    for (int k = 0; k < 4; ++k)
      if (e.record.coeff[size_t(KingSafeCheck + k)][c]) e.safeChecks[c] += "NBRQ"[k];
  e.shares = piece_shares(pos, e.finalCp);
  e.squares = eval_squares(pos);
  e.words = verdict_words(e);
  return e;
}

}  // namespace taper
