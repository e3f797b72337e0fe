// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation driver: material table, pawn table, attack maps, terms, scale, taper, side to move.
#include "eval/evaluate.hpp"

#include "eval/driver.hpp"
#include "eval/sink.hpp"
#include "eval/terms.hpp"

namespace taper {

template <class Sink>
Value evaluate_position(const Position& pos, Sink& out, PawnTable* pawnTable, MaterialTable* materialTable,
                        EvalOutcome* outcome, Value lazyMargin) {
  const bool cached = !Sink::Records && pawnTable && materialTable;

  // 1. Material: dead draws and known endgames end the evaluation here.
  MaterialEntry localMaterial;
  if (!cached) fill_material_entry(pos, localMaterial);
  const MaterialEntry& me = cached ? materialTable->probe(pos) : localMaterial;
  // Dead draws first: no exact evaluator can know better than "nobody can force mate".
  if (me.drawn || (me.onlyBishops && pos.is_insufficient_material())) {
    if (outcome) *outcome = {EvalExit::InsufficientMaterial, me.phase, ScaleDraw};
    return VALUE_DRAW;
  }
  if (me.known && me.known->exact) {
    if (outcome) *outcome = {EvalExit::KnownEndgame, me.phase, ScaleNormal};
    return me.known->exact(pos, me.known->exactStrong);
  }
  if constexpr (Sink::Records) evaluate_material(pos, out);
  else for (Color c : {WHITE, BLACK}) out.add_cached(c, me.score[c]);

  // 2. Pawn structure, from the pawn hash table.
  PawnEntry localPawns;
  PawnEntry* pe = &localPawns;
  if constexpr (Sink::Records) {
    evaluate_pawns(pos, localPawns, out);
  } else {
    if (cached) pe = &pawnTable->probe(pos);
    else fill_pawn_entry(pos, localPawns);
    for (Color c : {WHITE, BLACK}) out.add_cached(c, pe->score[c]);
  }

  // Lazy evaluation (Stockfish 12): so far from level that the remaining terms, which rarely
  // sum to more than a few pawns, would not change what the search does with the score. The
  // recording sinks (trace, tuner) always see every term.
  if constexpr (!Sink::Records) {
    if (lazyMargin) {
      const Score partial = out.score[WHITE] - out.score[BLACK];
      if (std::abs(tapered_value(partial, me.phase, ScaleNormal)) > lazyMargin)
        return final_value(partial, me.phase, scale_factor(pos, me, partial.eg()), pos.side_to_move());
    }
  }

  // 3. Attack maps, then the term families; pieces first, as they fill the maps.
  EvalState st(pos, *pe);
  evaluate_pieces(pos, st, out);
  evaluate_kings(pos, st, cached ? pe : nullptr, out);
  evaluate_passed(pos, st, out);
  evaluate_threats(pos, st, out);
  evaluate_space(pos, st, out);
  evaluate_lone_king(pos, out);
  out.add(Tempo, pos.side_to_move());

  // 4. Scale the endgame half, taper by phase, and turn to the side to move.
  const Score total = out.score[WHITE] - out.score[BLACK];
  const int scale = scale_factor(pos, me, total.eg());
  if (outcome) *outcome = {EvalExit::General, me.phase, scale};
  return final_value(total, me.phase, scale, pos.side_to_move());
}

template Value evaluate_position<ScoreSink>(const Position&, ScoreSink&, PawnTable*, MaterialTable*, EvalOutcome*,
                                           Value);
template Value evaluate_position<RecordSink>(const Position&, RecordSink&, PawnTable*, MaterialTable*, EvalOutcome*,
                                            Value);

Evaluator::Evaluator() { endgames::init(); }

Value Evaluator::evaluate(const Position& pos, Value lazyMargin) {
  ScoreSink out;
  return evaluate_position(pos, out, &pawns_, &material_, nullptr, lazyMargin);
}

void Evaluator::clear() {
  pawns_.clear();
  material_.clear();
}

Value evaluate_uncached(const Position& pos) {
  endgames::init();
  ScoreSink out;
  return evaluate_position(pos, out, nullptr, nullptr);
}

}  // namespace taper
