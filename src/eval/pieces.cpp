// SPDX-License-Identifier: GPL-3.0-or-later
// Knights, bishops, rooks and queens: placement, mobility, outposts, king distance, files, trapped
// rooks, seventh rank, exposed queens, king attacks.
#include "eval/params.hpp"
#include "eval/sink.hpp"
#include "eval/terms.hpp"

namespace taper {

namespace {

constexpr int PsqtOf[PIECE_TYPE_NB] = {0, PawnPsqt, KnightPsqt, BishopPsqt, RookPsqt, QueenPsqt, KingPsqt, 0};
constexpr int MobilityOf[PIECE_TYPE_NB] = {0, 0, KnightMobility, BishopMobility, RookMobility, QueenMobility, 0, 0};

/// Squares a piece of type Pt on `s` attacks. Bishops look through their own queen and rooks
/// through their own queens and rooks: a battery attacks (and defends) along its whole line.
template <Color Us, PieceType Pt>
Bitboard piece_attacks(const Position& pos, Square s) {
  if constexpr (Pt == BISHOP) return bishop_attacks_bb(s, pos.pieces() ^ pos.pieces(Us, QUEEN));
  else if constexpr (Pt == ROOK) return rook_attacks_bb(s, pos.pieces() ^ pos.pieces(Us, ROOK, QUEEN));
  else return attacks_bb<Pt>(s, pos.pieces());
}

/// Outposts (knights and bishops): a square in the enemy half, defended by a pawn, that no
/// enemy pawn can ever attack; a piece there can only be exchanged, never chased away. A knight
/// that can jump to a free outpost next move is worth part of that (Stockfish 11's
/// ReachableOutpost).
template <Color Us, PieceType Pt, class Sink>
void outpost(const EvalState& st, Square s, Bitboard att, Sink& out) {
  const Bitboard outposts = outpost_squares(st, Us);
  if (outposts & square_bb(s)) out.add(Pt == KNIGHT ? KnightOutpost : BishopOutpost, Us);
  else if (Pt == KNIGHT && (outposts & att & ~st.pos.pieces(Us))) out.add(KnightReachableOutpost, Us);
}

/// A minor far from its own king takes no part in its defence (Stockfish 11's KingProtector).
template <Color Us, PieceType Pt, class Sink>
void king_distance(const Position& pos, Square s, Sink& out) {
  out.add(Pt == KNIGHT ? KnightKingDistance : BishopKingDistance, Us, distance(s, pos.king_square(Us)));
}

/// A knight or bishop right behind a pawn (ours or theirs) is screened from frontal attack
/// and hinders that pawn (Stockfish's and Ethereal's "minor behind pawn").
template <Color Us, PieceType Pt, class Sink>
void behind_pawn(const Position& pos, Square s, Sink& out) {
  if (shift<pawn_push(Us)>(square_bb(s)) & pos.pieces(PAWN)) out.add(Pt == KNIGHT ? KnightBehindPawn : BishopBehindPawn, Us);
}

/// A bishop is only as good as the squares its own pawns leave it: pawns on its colour, worst
/// when enemy pawns fix them there (Ethereal's BishopRammedPawns); and a bishop on a long
/// diagonal that sees both centre squares past the pawns rakes the board (chessprogramming wiki:
/// Bad Bishop, Long Diagonal).
template <Color Us, class Sink>
void bishop_scope(const Position& pos, Square s, Sink& out) {
  constexpr Color Them = ~Us;
  constexpr Bitboard Centre = square_bb(SQ_D4) | square_bb(SQ_E4) | square_bb(SQ_D5) | square_bb(SQ_E5);
  const Bitboard colour = (DarkSquares & square_bb(s)) ? DarkSquares : LightSquares;
  const Bitboard ourPawns = pos.pieces(Us, PAWN) & colour;
  if (ourPawns) {
    out.add(BishopPawnsOnColour, Us, popcount(ourPawns));
    if (Bitboard rammed = ourPawns & shift<pawn_push(Them)>(pos.pieces(Them, PAWN)))
      out.add(BishopRammedPawns, Us, popcount(rammed));
  }
  if (more_than_one(bishop_attacks_bb(s, pos.pieces(PAWN)) & Centre)) out.add(BishopLongDiagonal, Us);
}

/// Rooks on files without own pawns see the enemy position; without any pawn, the whole file
/// (CPW "Simplified Evaluation Function" "Rook Activity").
template <Color Us, class Sink>
void rook_file(const EvalState& st, Square s, Sink& out) {
  const unsigned fileBit = 1u << file_of(s);
  if (!(st.pawns.semiOpenFiles[Us] & fileBit)) return;
  out.add(st.pawns.semiOpenFiles[~Us] & fileBit ? RookOpenFile : RookSemiOpenFile, Us);
}

/// A rook or queen on the seventh rank counts only if there is something there: enemy pawns
/// to eat, or the enemy king cut off on its back rank.
template <Color Us, PieceType Pt, class Sink>
void seventh_rank(const Position& pos, Square s, Sink& out) {
  constexpr Color Them = ~Us;
  if (relative_rank(Us, s) != RANK_7) return;
  if ((pos.pieces(Them, PAWN) & rank_bb(s)) || relative_rank(Us, pos.king_square(Them)) == RANK_8)
    out.add(Pt == ROOK ? RookOnSeventh : QueenOnSeventh, Us);
}

/// A rook that can hardly move, on the wing where its own king stands between it and the
/// centre, is shut in until the king moves away; worse when castling can no longer free it
/// (Stockfish 11's TrappedRook; chessprogramming wiki "Trapped Pieces"). Strictly beyond the
/// king, so that a position and its mirror image score alike (Stockfish 11 also counts a rook
/// on the king's own file when the king is on the e- to h-files, but not on the a- to d-files).
template <Color Us, class Sink>
void trapped_rook(const Position& pos, Square s, int mobility, Sink& out) {
  if (mobility > 3) return;
  const File kingFile = file_of(pos.king_square(Us)), rookFile = file_of(s);
  if (kingFile < FILE_E ? rookFile >= kingFile : rookFile <= kingFile) return;
  const bool canCastle = pos.can_castle(Us == WHITE ? WHITE_CASTLING : BLACK_CASTLING);
  out.add(RookTrapped, Us, canCastle ? 1 : 2);
}

/// A queen with an enemy rook or bishop behind a single piece on its line: pinned, or open to
/// a discovered attack (Stockfish 11's WeakQueen).
template <Color Us, class Sink>
void queen_exposed(const Position& pos, Square s, Sink& out) {
  Bitboard pinners;
  if (pos.slider_blockers(pos.pieces(~Us, ROOK, BISHOP), s, pinners)) out.add(QueenPinned, Us);
}

template <Color Us, PieceType Pt, class Sink>
void pieces_of_type(const Position& pos, EvalState& st, Sink& out) {
  constexpr Color Them = ~Us;
  constexpr int Attacker = Pt - KNIGHT;  // index into the king-attack tables

  for (Bitboard b = pos.pieces(Us, Pt); b;) {
    const Square s = pop_lsb(b);
    Bitboard att = piece_attacks<Us, Pt>(pos, s);
    // A piece pinned to its king may only move along the pin.
    if (pos.blockers_for_king(Us) & square_bb(s)) att &= line_bb(pos.king_square(Us), s);

    st.attackedBy2[Us] |= st.attackedBy[Us][ALL_PIECES] & att;
    st.attackedBy[Us][Pt] |= att;
    st.attackedBy[Us][ALL_PIECES] |= att;

    out.add(PsqtOf[Pt] + FullBoard[Us][s], Us);
    const int mobility = popcount(att & st.mobilityArea[Us]);
    out.add(MobilityOf[Pt] + mobility, Us);

    // King attack units (CPW "King Safety", attack table): per attacker, and per attacked square of the
    // enemy king's inner and outer ring, weighted by the attacker's type.
    const Bitboard inner = att & st.kingInner[Them], outer = att & st.kingOuter[Them];
    if (inner | outer) {
      ++st.kingAttackers[Us];
      out.add_units(KingAttackerWeight + Attacker, Them);
      if (inner) out.add_units(KingAttackInner + Attacker, Them, popcount(inner));
      if (outer) out.add_units(KingAttackOuter + Attacker, Them, popcount(outer));
    }

    if constexpr (Pt == KNIGHT || Pt == BISHOP) {
      outpost<Us, Pt>(st, s, att, out);
      behind_pawn<Us, Pt>(pos, s, out);
      king_distance<Us, Pt>(pos, s, out);
    }
    if constexpr (Pt == BISHOP) bishop_scope<Us>(pos, s, out);
    if constexpr (Pt == ROOK) {
      rook_file<Us>(st, s, out);
      if (file_bb(s) & pos.pieces(QUEEN)) out.add(RookOnQueenFile, Us);
      trapped_rook<Us>(pos, s, mobility, out);
    }
    if constexpr (Pt == QUEEN) queen_exposed<Us>(pos, s, out);
    if constexpr (Pt == ROOK || Pt == QUEEN) seventh_rank<Us, Pt>(pos, s, out);
  }
}

}  // namespace

template <class Sink>
void evaluate_pieces(const Position& pos, EvalState& st, Sink& out) {
  pieces_of_type<WHITE, KNIGHT>(pos, st, out);
  pieces_of_type<BLACK, KNIGHT>(pos, st, out);
  pieces_of_type<WHITE, BISHOP>(pos, st, out);
  pieces_of_type<BLACK, BISHOP>(pos, st, out);
  pieces_of_type<WHITE, ROOK>(pos, st, out);
  pieces_of_type<BLACK, ROOK>(pos, st, out);
  pieces_of_type<WHITE, QUEEN>(pos, st, out);
  pieces_of_type<BLACK, QUEEN>(pos, st, out);
}

template void evaluate_pieces<ScoreSink>(const Position&, EvalState&, ScoreSink&);
template void evaluate_pieces<RecordSink>(const Position&, EvalState&, RecordSink&);

}  // namespace taper
