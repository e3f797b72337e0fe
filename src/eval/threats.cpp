// SPDX-License-Identifier: GPL-3.0-or-later
// Threats against pieces: attacked by pawns, by lesser pieces or the king, hanging, restricted,
// and a queen that can be attacked safely.
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

  // The finer threats of Stockfish 11's threats(). A square is strongly protected when a pawn
  // defends it, or when its owner attacks it twice and we do not.
  const Bitboard stronglyProtected =
      st.attackedBy[Them][PAWN] | (st.attackedBy2[Them] & ~st.attackedBy2[Us]);

  // Restricted squares: ones their pieces attack and ours contest without losing material there;
  // each takes a square from their mobility (Stockfish 11's RestrictedPiece).
  if (int n = popcount(st.attackedBy[Them][ALL_PIECES] & ~stronglyProtected & st.attackedBy[Us][ALL_PIECES]))
    out.add(ThreatRestricted, Us, n);

  // Our king attacks a weak piece: it must be defended or moved, mostly in the endgame.
  if (enemies & ~stronglyProtected & st.attackedBy[Us][KING]) out.add(ThreatByKing, Us);

  // A lone enemy queen that our knights or sliders can attack next move from a square where
  // they are safe: the queen must run and loses time (Stockfish 11's KnightOnQueen,
  // SliderOnQueen). A slider's square must be attacked twice by us, so the attacker survives.
  if (pos.count(Them, QUEEN) == 1) {
    const Square q = lsb(pos.pieces(Them, QUEEN));
    const Bitboard safeSpots = st.mobilityArea[Us] & ~stronglyProtected;
    if (int n = popcount(knight_attacks_bb(q) & st.attackedBy[Us][KNIGHT] & safeSpots))
      out.add(ThreatOnQueen + 0, Us, n);
    const Bitboard sliders = (bishop_attacks_bb(q, pos.pieces()) & st.attackedBy[Us][BISHOP]) |
                             (rook_attacks_bb(q, pos.pieces()) & st.attackedBy[Us][ROOK]);
    if (int n = popcount(sliders & safeSpots & st.attackedBy2[Us])) out.add(ThreatOnQueen + 1, Us, n);
  }
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
