// SPDX-License-Identifier: GPL-3.0-or-later
// Threats against pieces: attacked by pawns, by lesser pieces, or hanging.
#include "eval/params.hpp"
#include "eval/sink.hpp"
#include "eval/terms.hpp"

namespace taper {

namespace {

/// Reports `n` times weight `first + (pt - base)` for each piece type of Them in `victims`.
template <class Sink>
void per_victim(const Position& pos, Color us, Bitboard victims, int first, PieceType base, Sink& out) {
  for (PieceType pt = base; pt <= QUEEN; ++pt)
    if (int n = popcount(victims & pos.pieces(pt))) out.add(first + (pt - base), us, n);
}

template <Color Us, class Sink>
void threats(const Position& pos, const EvalState& st, Sink& out) {
  constexpr Color Them = ~Us;
  const Bitboard enemies = pos.pieces(Them) ^ pos.pieces(Them, KING);

  // A pawn attacking a piece wins material or gains a tempo: it is worth less than anything.
  per_victim(pos, Us, (enemies ^ pos.pieces(Them, PAWN)) & st.attackedBy[Us][PAWN], ThreatByPawn, KNIGHT, out);

  // Lesser pieces attacking greater ones: the victim must move whatever defends it.
  const Bitboard byMinor = st.attackedBy[Us][KNIGHT] | st.attackedBy[Us][BISHOP];
  per_victim(pos, Us, pos.pieces(Them, ROOK, QUEEN) & byMinor, ThreatByMinor, ROOK, out);
  if (int n = popcount(pos.pieces(Them, QUEEN) & st.attackedBy[Us][ROOK])) out.add(ThreatByRook, Us, n);
  // Minor against minor, defended or not: the attacked one must move, be defended again or be
  // traded on our terms (Ethereal's "minor attacked by minor").
  if (int n = popcount(pos.pieces(Them, KNIGHT, BISHOP) & byMinor)) out.add(ThreatMinorOnMinor, Us, n);

  // A pawn that can step forward safely and then attack a piece is a threat one move away
  // (Stockfish's ThreatByPawnPush): single and double pushes to squares no enemy pawn attacks
  // and that we hold at least as well as they do.
  constexpr Direction Up = pawn_push(Us);
  constexpr Bitboard Rank3 = rank_bb(Us == WHITE ? RANK_3 : RANK_6);
  Bitboard pushes = shift<Up>(pos.pieces(Us, PAWN)) & ~pos.pieces();
  pushes |= shift<Up>(pushes & Rank3) & ~pos.pieces();
  pushes &= ~st.attackedBy[Them][PAWN] & (st.attackedBy[Us][ALL_PIECES] | ~st.attackedBy[Them][ALL_PIECES]);
  if (int n = popcount(pawn_attacks_bb<Us>(pushes) & (enemies ^ pos.pieces(Them, PAWN))))
    out.add(ThreatPawnPush, Us, n);

  // Hanging: attacked and not defended at all.
  per_victim(pos, Us, enemies & st.attackedBy[Us][ALL_PIECES] & ~st.attackedBy[Them][ALL_PIECES], ThreatHanging,
             PAWN, out);
}

}  // namespace

template <class Sink>
void evaluate_threats(const Position& pos, const EvalState& st, Sink& out) {
  threats<WHITE>(pos, st, out);
  threats<BLACK>(pos, st, out);
}

template void evaluate_threats<ScoreSink>(const Position&, const EvalState&, ScoreSink&);
template void evaluate_threats<RecordSink>(const Position&, const EvalState&, RecordSink&);

}  // namespace taper
