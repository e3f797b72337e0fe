// SPDX-License-Identifier: GPL-3.0-or-later
// eval_squares(): the pawn entry and the attack maps of one evaluation, read out as square sets.
#include "eval/squares.hpp"

#include "eval/sink.hpp"
#include "eval/terms.hpp"

namespace taper {

EvalSquares eval_squares(const Position& pos) {
  PawnEntry pawns;
  fill_pawn_entry(pos, pawns);
  EvalState st(pos, pawns);
  ScoreSink ignored;  // the scores are the trace's job; only the attack maps are wanted here
  evaluate_pieces(pos, st, ignored);

  EvalSquares sq;
  for (Color c : {WHITE, BLACK}) {
    sq.kingInner[c] = st.kingInner[c];
    sq.kingOuter[c] = st.kingOuter[c];
    sq.zoneAttacked[c] = (st.kingInner[c] | st.kingOuter[c]) & st.attackedBy[~c][ALL_PIECES];
    sq.weakInner[c] = weak_inner_ring(st, c);
    sq.weakOuter[c] = weak_outer_ring(st, c);
    sq.zoneAttackers[c] = st.kingAttackers[~c];
    sq.passed[c] = pawns.passed[c];
    sq.outposts[c] = outpost_squares(st, c);
  }
  return sq;
}

}  // namespace taper
