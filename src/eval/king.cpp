// SPDX-License-Identifier: GPL-3.0-or-later
// King safety: piece-square, pawn shelter and storm, open files, king in the centre, danger units.
#include <algorithm>
#include <bit>

#include "eval/params.hpp"
#include "eval/sink.hpp"
#include "eval/terms.hpp"

namespace taper {

namespace {

/// The pawn of `b` nearest to c's first rank (b non-empty).
Square nearest_to_home(Color c, Bitboard b) { return c == WHITE ? lsb(b) : msb(b); }

/// The king's file and its two neighbours; a king on the edge uses the nearest three files,
/// so that an h-file king is sheltered by the f-, g- and h-pawns (CPW "King Safety" "Pawn Shield").
constexpr File shelter_centre(Square ksq) { return std::clamp(file_of(ksq), FILE_B, FILE_G); }

/// Bitmask (one bit per file) of the three files around a king.
constexpr unsigned shelter_files(Square ksq) { return 7u << (shelter_centre(ksq) - 1); }

/// Files between `kf` and the nearest file holding a pawn of either colour (at least one must
/// exist). From the pawn entry's file masks: two bit scans, not a walk over the eight files.
int file_distance_to_pawns(const PawnEntry& pe, File kf) {
  const unsigned pawnFiles = ~unsigned(pe.semiOpenFiles[WHITE] & pe.semiOpenFiles[BLACK]) & 0xFFu;
  const unsigned atOrRight = pawnFiles >> kf;                // bit d: a pawn file d files towards h
  const unsigned atOrLeft = (pawnFiles << (7 - kf)) & 0xFFu;  // bit 7 - d: a pawn file d files towards a
  const int right = atOrRight ? std::countr_zero(atOrRight) : 8;
  const int left = atOrLeft ? std::countl_zero(atOrLeft) - 24 : 8;
  return std::min(right, left);
}

template <Color Us, class Sink>
void shelter(const Position& pos, Square ksq, Sink& out) {
  constexpr Color Them = ~Us;
  // Only pawns on the king's rank or in front of it shelter it or storm it.
  const Bitboard notBehind = ~forward_ranks_bb(Them, ksq);
  const Bitboard ours = pos.pieces(Us, PAWN) & notBehind;
  const Bitboard theirs = pos.pieces(Them, PAWN) & notBehind;

  const File centre = shelter_centre(ksq);
  for (File f = File(centre - 1); f <= File(centre + 1); ++f) {
    const int side = f == file_of(ksq) ? 0 : 1;  // 0: the king's own file, 1: beside it
    const int edge = edge_distance(f);
    const Bitboard ourOnFile = ours & file_bb(f), theirOnFile = theirs & file_bb(f);
    const int ourRank = ourOnFile ? relative_rank(Us, nearest_to_home(Us, ourOnFile)) : 0;
    const int theirRank = theirOnFile ? relative_rank(Us, nearest_to_home(Us, theirOnFile)) : 0;

    // Shield: the pawn in front of the king, best unmoved, worth less the further it went.
    // Indexed by the file's distance from the edge (Stockfish 11's ShelterStrength): an h-pawn
    // on h3 leaves a luft, a g-pawn on g3 a hole for the bishop's diagonal.
    if (ourRank) out.add(ShieldPawn + 8 * edge + ourRank, Us);
    // No shield pawn: the file is open or half-open for the enemy's rooks and queen.
    else out.add((theirRank ? KingSemiOpenFile : KingOpenFile) + side, Us);

    // Storm: an enemy pawn coming at the king opens lines as it levers; one stuck on our
    // shield pawn can only be a hook (CPW "King Safety" "Pawn Storm").
    if (theirRank) {
      if (ourRank && ourRank + 1 == theirRank) out.add(StormBlockedPawn + theirRank, Us);
      else out.add(StormPawn + 8 * edge + theirRank, Us);
    }
  }
}

/// The square whose shelter counts: the king's own, or, while it may still castle, the
/// castled square if that shelter is better (a king about to castle is as safe as a castled
/// one; idea from Stockfish's pawn table). Chosen with the engine's weights, so the tuner sees
/// the coefficients of the chosen square.
template <Color Us>
Square shelter_square(const Position& pos) {
  Square best = pos.king_square(Us);
  if (!pos.can_castle(Us == WHITE ? WHITE_CASTLING : BLACK_CASTLING)) return best;
  ScoreSink here;
  shelter<Us>(pos, best, here);
  int bestValue = here.score[Us].mg();
  for (bool kingSide : {true, false}) {
    if (!pos.can_castle(castling_right(Us, kingSide))) continue;
    const Square castled = relative_square(Us, kingSide ? SQ_G1 : SQ_C1);
    ScoreSink there;
    shelter<Us>(pos, castled, there);
    if (there.score[Us].mg() > bestValue) best = castled, bestValue = there.score[Us].mg();
  }
  return best;
}

/// The files of a king's flank: a-d or e-h for a king on b, c, f or g (the a- or h-file king
/// adds its flank without the d- or e-file), c-f for a king in the centre.
constexpr Bitboard king_flank(File f) {
  constexpr Bitboard QueenSide = file_bb(FILE_A) | file_bb(FILE_B) | file_bb(FILE_C) | file_bb(FILE_D);
  constexpr Bitboard KingSide = file_bb(FILE_E) | file_bb(FILE_F) | file_bb(FILE_G) | file_bb(FILE_H);
  constexpr Bitboard Centre = file_bb(FILE_C) | file_bb(FILE_D) | file_bb(FILE_E) | file_bb(FILE_F);
  switch (f) {
    case FILE_A: return QueenSide ^ file_bb(FILE_D);
    case FILE_B: case FILE_C: return QueenSide;
    case FILE_D: case FILE_E: return Centre;
    case FILE_F: case FILE_G: return KingSide;
    default: return KingSide ^ file_bb(FILE_E);
  }
}

/// King danger units against our king, beyond the attack units the pieces reported.
template <Color Us, class Sink>
void danger_units(const Position& pos, const EvalState& st, Sink& out) {
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);

  // Where the king stands sets the starting danger: exposed squares start higher
  // (the CPW "King Safety" attack table's initial king-safety table).
  out.add_units(KingSquareDanger + HalfBoard[Us][ksq], Us);

  // Exposure: squares next to the king that the enemy attacks and only the king defends,
  // and squares of the outer ring that nothing defends (CPW "King Safety" "King Exposure").
  const Bitboard weakInner = weak_inner_ring(st, Us);
  const Bitboard weakOuter = weak_outer_ring(st, Us);
  if (weakInner) out.add_units(KingWeakSquare + 0, Us, popcount(weakInner));
  if (weakOuter) out.add_units(KingWeakSquare + 1, Us, popcount(weakOuter));

  // Safe checks: a checking square the enemy reaches and we do not hold (or hold with the
  // king alone while the enemy attacks it twice). One per piece type: a check is a threat
  // whether one square or several give it.
  const Bitboard defendedByKingOnly = st.attackedBy[Us][KING] & ~st.attackedBy2[Us];
  const Bitboard safe = ~pos.pieces(Them) &
                        (~st.attackedBy[Us][ALL_PIECES] | (defendedByKingOnly & st.attackedBy2[Them]));
  const Bitboard rookLines = rook_attacks_bb(ksq, pos.pieces());
  const Bitboard bishopLines = bishop_attacks_bb(ksq, pos.pieces());
  if (knight_attacks_bb(ksq) & st.attackedBy[Them][KNIGHT] & safe) out.add_units(KingSafeCheck + 0, Us);
  if (bishopLines & st.attackedBy[Them][BISHOP] & safe) out.add_units(KingSafeCheck + 1, Us);
  if (rookLines & st.attackedBy[Them][ROOK] & safe) out.add_units(KingSafeCheck + 2, Us);
  if ((rookLines | bishopLines) & st.attackedBy[Them][QUEEN] & safe) out.add_units(KingSafeCheck + 3, Us);
  // Checks that are not safe still tie our pieces to the squares they guard (Stockfish 11's
  // unsafeChecks): every checking square the enemy reaches, empty or ours, but not safe.
  const Bitboard checks = (knight_attacks_bb(ksq) & st.attackedBy[Them][KNIGHT]) |
                          (bishopLines & (st.attackedBy[Them][BISHOP] | st.attackedBy[Them][QUEEN])) |
                          (rookLines & (st.attackedBy[Them][ROOK] | st.attackedBy[Them][QUEEN]));
  if (int n = popcount(checks & ~safe & ~pos.pieces(Them))) out.add_units(KingUnsafeCheck, Us, n);

  // Every piece alone between an enemy slider and our king: ours is pinned and defends nothing
  // else well, theirs may move away with a discovered check (Stockfish 11's blockers in the
  // king danger).
  if (int n = popcount(pos.blockers_for_king(Us))) out.add_units(KingPinnedBlocker, Us, n);

  // The flank: the three or four files around the king, in our half and a rank beyond. Enemy
  // attacks there prepare the assault, squares attacked twice the more so; our own attacks there
  // defend it (Stockfish 11's kingFlankAttack and kingFlankDefense).
  const Bitboard camp = Us == WHITE ? ~(rank_bb(RANK_6) | rank_bb(RANK_7) | rank_bb(RANK_8))
                                    : ~(rank_bb(RANK_3) | rank_bb(RANK_2) | rank_bb(RANK_1));
  const Bitboard flank = king_flank(file_of(ksq)) & camp;
  const Bitboard flankAttacked = st.attackedBy[Them][ALL_PIECES] & flank;
  if (int n = popcount(flankAttacked) + popcount(flankAttacked & st.attackedBy2[Them]))
    out.add_units(KingFlankAttack, Us, n);
  if (int n = popcount(st.attackedBy[Us][ALL_PIECES] & flank)) out.add_units(KingFlankDefence, Us, n);

  // Virtual mobility: a king with nowhere safe to go is mated by the first check that lands.
  const Bitboard escapes = king_attacks_bb(ksq) & ~pos.pieces(Us) & ~st.attackedBy[Them][ALL_PIECES];
  out.add_units(KingEscapeSquares + popcount(escapes), Us);

  // Open lines (CPW "King Safety" "Open Lines Toward King"): files at the king without our
  // pawns feed an attack (CPW "King Safety", attack table counts them), the more so with an enemy rook or
  // queen already on them; so do diagonals to the king that no pawn closes, with an enemy
  // bishop or queen on them (pieces can move away, pawns hardly come back).
  const Bitboard heavy = pos.pieces(Them, ROOK, QUEEN);
  for (unsigned files = shelter_files(ksq) & st.pawns.semiOpenFiles[Us]; files; files &= files - 1) {
    out.add_units(KingOpenFileDanger, Us);
    if (heavy & file_bb(File(std::countr_zero(files)))) out.add_units(KingHeavyOnOpenFile, Us);
  }
  if (int n = popcount(bishop_attacks_bb(ksq, pos.pieces(PAWN)) & pos.pieces(Them, BISHOP, QUEEN)))
    out.add_units(KingOpenDiagonal, Us, n);

  // Without the queen an attack rarely mates (CPW "King Safety", attack table applies the table only with
  // the attacker's queen on the board); the offset is the threshold below which nothing counts.
  if (!pos.pieces(Them, QUEEN)) out.add_units(KingNoEnemyQueen, Us);
  out.add_units(KingDangerOffset, Us);
}

template <Color Us, class Sink>
void king(const Position& pos, const EvalState& st, PawnEntry* memo, Sink& out) {
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);

  out.add(KingPsqt + FullBoard[Us][ksq], Us);

  // The shelter depends on the pawns, the king square and the castling rights only: the pawn
  // entry memoises it.
  const int rights = pos.castling_rights() & (Us == WHITE ? WHITE_CASTLING : BLACK_CASTLING);
  if constexpr (Sink::Records)
    shelter<Us>(pos, shelter_square<Us>(pos), out);
  else if (!memo)
    shelter<Us>(pos, shelter_square<Us>(pos), out);
  else {
    if (memo->shelterSquare[Us] != ksq || memo->shelterRights[Us] != rights) {
      ScoreSink sum;
      shelter<Us>(pos, shelter_square<Us>(pos), sum);
      memo->shelterSquare[Us] = uint8_t(ksq);
      memo->shelterRights[Us] = uint8_t(rights);
      memo->shelter[Us] = sum.score[Us];
    }
    out.add_cached(Us, memo->shelter[Us]);
  }

  // A king left in the centre with the enemy queen on the board (CPW "King Safety" "Castling
  // Status"): the centre files open first. Worse once it has lost the right to castle. The
  // d- and e-files only (the reference's d-f would break the left-right symmetry).
  if (pos.pieces(Them, QUEEN) && (file_of(ksq) == FILE_D || file_of(ksq) == FILE_E) &&
      relative_rank(Us, ksq) <= RANK_2)
    out.add(KingInCentre + (rights ? 0 : 1), Us);

  // Endgame activity: a king far from every pawn, in files, takes no part in the play that
  // decides the game (Ethereal's KingPawnFileProximity). Endgame half only.
  if (pos.pieces(PAWN)) out.add(KingPawnFileDistance + file_distance_to_pawns(st.pawns, file_of(ksq)), Us);

  danger_units<Us>(pos, st, out);
  // One piece cannot mate alone: the curve applies from two attackers on.
  out.close_king_danger(Us, st.kingAttackers[Them] >= 2);
}

}  // namespace

template <class Sink>
void king_shelter(const Position& pos, Color c, Square ksq, Sink& out) {
  if (c == WHITE) shelter<WHITE>(pos, ksq, out);
  else shelter<BLACK>(pos, ksq, out);
}

template <class Sink>
void evaluate_kings(const Position& pos, const EvalState& st, PawnEntry* memo, Sink& out) {
  king<WHITE>(pos, st, memo, out);
  king<BLACK>(pos, st, memo, out);
}

template void king_shelter<ScoreSink>(const Position&, Color, Square, ScoreSink&);
template void king_shelter<RecordSink>(const Position&, Color, Square, RecordSink&);
template void evaluate_kings<ScoreSink>(const Position&, const EvalState&, PawnEntry*, ScoreSink&);
template void evaluate_kings<RecordSink>(const Position&, const EvalState&, PawnEntry*, RecordSink&);

}  // namespace taper
