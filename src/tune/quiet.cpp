// SPDX-License-Identifier: GPL-3.0-or-later
// A compact quiescence search with a principal variation, used to resolve tuning positions.
#include "tune/quiet.hpp"

#include <algorithm>

#include "board/movegen.hpp"

namespace taper::tune {

namespace {

constexpr int MaxQuietPly = 24;  // deeper exchanges are cut off by standing pat

struct Line {
  Move moves[MaxQuietPly + 1];
  int length = 0;
};

/// Most valuable victim first, then least valuable attacker (queen promotions count as a
/// queen won).
int order_key(const Position& pos, Move m) {
  int victim = m.kind() == EN_PASSANT ? SeeValue[PAWN] : SeeValue[type_of(pos.piece_on(m.to()))];
  if (m.kind() == PROMOTION) victim += SeeValue[m.promotion_type()];
  return victim * 8 - int(type_of(pos.moved_piece(m)));
}

Value qsearch(Position& pos, Evaluator& ev, Value alpha, Value beta, int ply, Line& pv) {
  pv.length = 0;
  const bool inCheck = pos.in_check();
  if (ply >= MaxQuietPly) return inCheck ? alpha : ev.evaluate(pos);

  Value best = -VALUE_INFINITE;
  if (!inCheck) {
    best = ev.evaluate(pos);  // stand pat
    if (best >= beta) return best;
    alpha = std::max(alpha, best);
  }

  Move moves[MAX_MOVES];
  Move* end = inCheck ? generate<LEGAL>(pos, moves) : generate<NOISY>(pos, moves);
  if (inCheck && end == moves) return mated_in(ply);
  std::stable_sort(moves, end, [&](Move a, Move b) { return order_key(pos, a) > order_key(pos, b); });

  Line child;
  for (Move* it = moves; it != end; ++it) {
    const Move m = *it;
    if (!inCheck) {
      if (m.kind() == PROMOTION && m.promotion_type() != QUEEN) continue;
      if (!pos.see_ge(m, 0)) continue;
    }
    pos.do_move(m);
    const Value v = -qsearch(pos, ev, -beta, -alpha, ply + 1, child);
    pos.undo_move(m);
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        pv.moves[0] = m;
        std::copy(child.moves, child.moves + child.length, pv.moves + 1);
        pv.length = child.length + 1;
        if (v >= beta) break;
      }
    }
  }
  return best;
}

}  // namespace

QuietResult resolve_quiet(Position& pos, Evaluator& evaluator, int* plies) {
  Line pv;
  const Value v = qsearch(pos, evaluator, -VALUE_INFINITE, VALUE_INFINITE, 0, pv);
  if (plies) *plies = pv.length;
  if (std::abs(v) >= VALUE_MATE_IN_MAX_PLY) return QuietResult::Terminal;
  for (int i = 0; i < pv.length; ++i) pos.do_move(pv.moves[i]);
  if (pos.in_check()) return QuietResult::Terminal;  // cut off in the middle of an attack
  return pv.length ? QuietResult::Resolved : QuietResult::Unchanged;
}

}  // namespace taper::tune
