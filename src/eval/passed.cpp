// SPDX-License-Identifier: GPL-3.0-or-later
// Passed pawns beyond their rank: king support and blockade, clear and free paths, the rule of the square.
#include <algorithm>

#include "eval/params.hpp"
#include "eval/sink.hpp"
#include "eval/terms.hpp"

namespace taper {

namespace {

/// King distance from `k` to the nearest square of the path of a pawn of `us` whose next
/// square is `stop` (the stop square up to promotion).
int distance_to_path(Color us, Square k, Square stop) {
  const int files = file_distance(k, stop);
  const int behind = std::max(0, int(relative_rank(us, stop)) - int(relative_rank(us, k)));
  return std::max(files, behind);
}

/// The rule of the square (CPW "Endgame"): a lone king catches the pawn only if it can
/// reach the promotion square in time. The pawn needs 7 - rank moves, one fewer from its
/// starting rank thanks to the double step; the king is a move closer if it is its turn.
/// (The reference code misses the double step and so calls some lost races drawn.)
bool outside_the_square(const Position& pos, Color us, Square s) {
  const Rank r = relative_rank(us, s);
  const int pawnMoves = r == RANK_2 ? 5 : RANK_8 - r;
  const Square promotion = relative_square(us, make_square(file_of(s), RANK_8));
  const int kingMoves = distance(pos.king_square(~us), promotion) - (pos.side_to_move() == ~us ? 1 : 0);
  return kingMoves > pawnMoves;
}

template <Color Us, class Sink>
void passed(const Position& pos, const EvalState& st, Sink& out) {
  constexpr Color Them = ~Us;
  constexpr Direction Up = pawn_push(Us);
  const Square ourKing = pos.king_square(Us), theirKing = pos.king_square(Them);
  const bool defenderHasOnlyPawns = !(pos.pieces(Them) ^ pos.pieces(Them, PAWN, KING));

  for (Bitboard b = st.pawns.passed[Us]; b;) {
    const Square s = pop_lsb(b);
    const Rank r = relative_rank(Us, s);
    const Square stop = s + Up;
    const Bitboard path = forward_file_bb(Us, s);

    // Kings: ours escorts the pawn, theirs blockades it (CPW "Endgame" "King-Pawn
    // Distance"); measured to the stop square, where the fight takes place.
    out.add(PassedOwnKingDistance + distance(ourKing, stop), Us);
    out.add(PassedEnemyKingDistance + distance(theirKing, stop), Us);
    // The further the enemy king is from the pawn's way, the later it can stop it.
    out.add(PassedEnemyKingPath + distance_to_path(Us, theirKing, stop), Us);

    // Clear path: nothing stands on the way to the promotion square.
    const bool clear = !(path & pos.pieces());
    if (clear) out.add(PassedClearPath + r, Us);
    // Free passer: the next square is empty and the enemy controls none of the way.
    if (!(pos.pieces() & square_bb(stop)) && !(path & st.attackedBy[Them][ALL_PIECES]))
      out.add(PassedFree + r, Us);

    // Unstoppable: only a king could stop it, and it is outside the pawn's square. Not a
    // candidate passer: an enemy pawn could still take it or stand in its way.
    const bool trulyPassed = !(pos.pieces(Them, PAWN) & passed_pawn_span(Us, s));
    if (defenderHasOnlyPawns && clear && trulyPassed && outside_the_square(pos, Us, s))
      out.add(PassedUnstoppable, Us);
  }
}

}  // namespace

template <class Sink>
void evaluate_passed(const Position& pos, const EvalState& st, Sink& out) {
  passed<WHITE>(pos, st, out);
  passed<BLACK>(pos, st, out);
}

template void evaluate_passed<ScoreSink>(const Position&, const EvalState&, ScoreSink&);
template void evaluate_passed<RecordSink>(const Position&, const EvalState&, RecordSink&);

}  // namespace taper
