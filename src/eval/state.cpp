// SPDX-License-Identifier: GPL-3.0-or-later
// EvalState set-up: pawn and king attacks, king zones and mobility areas.
#include "eval/state.hpp"

#include <array>

namespace taper {

namespace {

constexpr std::array<Bitboard, SQUARE_NB> make_outer_rings() {
  std::array<Bitboard, SQUARE_NB> rings{};
  for (int s = 0; s < SQUARE_NB; ++s)
    for (int t = 0; t < SQUARE_NB; ++t) {
      int df = (s & 7) - (t & 7), dr = (s >> 3) - (t >> 3);
      df = df < 0 ? -df : df;
      dr = dr < 0 ? -dr : dr;
      if ((df > dr ? df : dr) == 2) rings[s] |= Bitboard(1) << t;
    }
  return rings;
}

constexpr std::array<Bitboard, SQUARE_NB> OuterRings = make_outer_rings();
static_assert(OuterRings[SQ_E4] == 0x7C4444447C00ULL);  // c2-g2, c3-c5, g3-g5, c6-g6

template <Color Us>
void init_side(const Position& pos, EvalState& st) {
  constexpr Color Them = ~Us;
  constexpr Direction Down = pawn_push(Them);
  constexpr Bitboard LowRanks = Us == WHITE ? rank_bb(RANK_2) | rank_bb(RANK_3) : rank_bb(RANK_7) | rank_bb(RANK_6);
  const Square ksq = pos.king_square(Us);

  st.kingInner[Us] = king_attacks_bb(ksq);
  st.kingOuter[Us] = OuterRings[ksq];
  st.kingAttackers[Us] = 0;
  for (Bitboard& b : st.attackedBy[Us]) b = 0;
  const Bitboard ourPawns = pos.pieces(Us, PAWN);
  const Bitboard pawnAttacks = pawn_attacks_bb<Us>(ourPawns);
  st.attackedBy[Us][KING] = st.kingInner[Us];
  st.attackedBy[Us][PAWN] = pawnAttacks;
  st.attackedBy[Us][ALL_PIECES] = st.kingInner[Us] | pawnAttacks;
  st.attackedBy2[Us] = (st.kingInner[Us] & pawnAttacks) | pawn_double_attacks_bb<Us>(ourPawns);

  // Mobility counts squares a piece could use: not those of our king, not our pawns that
  // cannot move or have not moved yet (they only get in the way), and not squares attacked
  // by enemy pawns, where a piece would simply be lost.
  const Bitboard stuckPawns = ourPawns & (shift<Down>(pos.pieces()) | LowRanks);
  st.mobilityArea[Us] = ~(pos.pieces(Us, KING) | stuckPawns | pawn_attacks_bb<Them>(pos.pieces(Them, PAWN)));
}

}  // namespace

Bitboard outer_ring(Square s) { return OuterRings[s]; }

EvalState::EvalState(const Position& p, const PawnEntry& pe) : pos(p), pawns(pe) {
  init_side<WHITE>(p, *this);
  init_side<BLACK>(p, *this);
}

}  // namespace taper
