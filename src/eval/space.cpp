// SPDX-License-Identifier: GPL-3.0-or-later
// Space: safe squares in the centre behind and around our pawns, worth more with more pieces.
#include "eval/params.hpp"
#include "eval/sink.hpp"
#include "eval/terms.hpp"

namespace taper {

namespace {

/// Below this much non-pawn material on the board (in SEE units: about two rooks and two
/// minors each) space no longer cramps anybody.
constexpr int SpaceMaterialThreshold = 2 * (2 * 500 + 2 * 325);

template <Color Us, class Sink>
void space(const Position& pos, const EvalState& st, Sink& out) {
  constexpr Color Them = ~Us;
  constexpr Direction Down = pawn_push(Them);
  // Files c-f of our second to fourth ranks: the squares our pieces manoeuvre on behind the
  // pawn front (Stockfish 11's SpaceMask; chessprogramming wiki: Space).
  constexpr Bitboard CentreFiles = file_bb(FILE_C) | file_bb(FILE_D) | file_bb(FILE_E) | file_bb(FILE_F);
  constexpr Bitboard OurRanks = Us == WHITE ? rank_bb(RANK_2) | rank_bb(RANK_3) | rank_bb(RANK_4)
                                            : rank_bb(RANK_7) | rank_bb(RANK_6) | rank_bb(RANK_5);
  const Bitboard safe = CentreFiles & OurRanks & ~pos.pieces(Us, PAWN) & ~st.attackedBy[Them][PAWN];

  // Up to three squares behind each pawn are ours for good: count them twice.
  Bitboard behind = pos.pieces(Us, PAWN);
  behind |= shift<Down>(behind);
  behind |= shift<Down>(shift<Down>(behind));

  const int squares = popcount(safe) + popcount(behind & safe & ~st.attackedBy[Them][ALL_PIECES]);
  const int weight = popcount(pos.pieces(Us)) - 1;
  // Counted in quarters of Stockfish 11's unit (/64, not /16) so that the tuner has integer
  // weights finer than its whole unit to choose from.
  if (int n = squares * weight * weight / 64) out.add(SpaceArea, Us, n);
}

}  // namespace

template <class Sink>
void evaluate_space(const Position& pos, const EvalState& st, Sink& out) {
  if (pos.non_pawn_material(WHITE) + pos.non_pawn_material(BLACK) < SpaceMaterialThreshold) return;
  space<WHITE>(pos, st, out);
  space<BLACK>(pos, st, out);
}

template void evaluate_space<ScoreSink>(const Position&, const EvalState&, ScoreSink&);
template void evaluate_space<RecordSink>(const Position&, const EvalState&, RecordSink&);

}  // namespace taper
