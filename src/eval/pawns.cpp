// SPDX-License-Identifier: GPL-3.0-or-later
// Pawn structure terms (isolated, doubled, backward, connected, passed) and the pawn hash entry.
#include "eval/pawns.hpp"

#include "eval/params.hpp"
#include "eval/sink.hpp"

namespace taper {

namespace {

template <Color Us, class Sink>
void pawn_structure(const Position& pos, PawnEntry& e, Sink& out) {
  constexpr Color Them = ~Us;
  constexpr Direction Up = pawn_push(Us);
  const Bitboard ours = pos.pieces(Us, PAWN);
  const Bitboard theirs = pos.pieces(Them, PAWN);
  // Squares two enemy pawns attack: no pawn of ours can advance there and survive.
  const Bitboard theirDoubleAttacks = pawn_double_attacks_bb<Them>(theirs);

  e.attackSpan[Us] = 0;
  e.passed[Us] = 0;
  e.semiOpenFiles[Us] = 0xFF;

  for (Bitboard b = ours; b;) {
    const Square s = pop_lsb(b);
    const Rank r = relative_rank(Us, s);
    const Bitboard neighbours = ours & adjacent_files_bb(s);
    const Bitboard phalanx = neighbours & rank_bb(s);
    const Bitboard supporters = neighbours & rank_bb(s - Up);
    const bool ownPawnAhead = ours & forward_file_bb(Us, s);
    const bool opposed = theirs & forward_file_bb(Us, s);
    const Bitboard stoppers = theirs & passed_pawn_span(Us, s);
    const Bitboard lever = theirs & pawn_attacks_bb(Us, s);
    const Bitboard leverPush = theirs & pawn_attacks_bb(Us, s + Up);

    e.attackSpan[Us] |= pawn_attack_span(Us, s);
    e.semiOpenFiles[Us] &= uint8_t(~(1u << file_of(s)));
    out.add(PawnPsqt + FullBoard[Us][s], Us);

    // Isolated: no pawn on a neighbouring file can ever defend it or be defended by it.
    // Backward: its neighbours have all gone ahead, so it cannot be defended by a pawn, and an
    // enemy pawn controls the square in front, so it cannot catch up either. It is a target
    // fixed on a half-open file.
    const bool isolated = !neighbours;
    const bool backward = !isolated && !(neighbours & ~forward_ranks_bb(Us, s)) && leverPush;
    if (isolated) out.add(PawnIsolated, Us);
    else if (backward) out.add(PawnBackward, Us);
    // A weak pawn that no enemy pawn faces stands on a half-open file: the enemy rooks attack
    // it from the front (Stockfish 11's WeakUnopposed).
    if ((isolated || backward) && !opposed) out.add(PawnWeakUnopposed, Us);
    // Attacked by two enemy pawns and defended by none: it falls or must advance into the
    // exchange on the enemy's terms (Stockfish 11's WeakLever).
    if (more_than_one(lever) && !supporters) out.add(PawnWeakLever, Us);

    // Doubled: counted on the rear pawn, so two pawns on a file count once, three twice.
    if (ownPawnAhead) out.add(PawnDoubled, Us);

    // Connected pawns: side by side they control the squares in front of both; defended
    // ones cannot be taken for free. Both grow with advancement.
    if (phalanx) out.add(PawnPhalanx + r, Us);
    if (supporters) out.add(PawnSupported + r, Us, popcount(supporters));
    // Connected but facing an enemy pawn on its file: it cannot advance freely, so the
    // connection is worth less (Stockfish 11 counts an opposed connected pawn one step lower).
    if ((phalanx || supporters) && opposed) out.add(PawnConnectedOpposed + r, Us);

    // Passed: no enemy pawn can stop it or take it on its way; or a candidate that will be
    // once the pawn trades are done (Stockfish 11's definition): every stopper is a pawn it
    // can take now, or every stopper attacks its next square and it has as many pawns beside
    // it as there are of those; or a pawn on the fifth rank or beyond, stopped only by the
    // pawn in front, that a supporting pawn can pass by to a square not attacked twice. The
    // rear pawn of a doubled pair is not counted (the front one carries the bonus).
    const bool candidate =
        !(stoppers ^ lever) || (!(stoppers ^ leverPush) && popcount(phalanx) >= popcount(leverPush)) ||
        (stoppers == (theirs & square_bb(s + Up)) && r >= RANK_5 &&
         (shift<Up>(supporters) & ~(theirs | theirDoubleAttacks)));
    if (candidate && !ownPawnAhead) {
      e.passed[Us] |= square_bb(s);
      out.add(PassedRank + r, Us);
      if (const int edge = edge_distance(file_of(s))) out.add(PassedFileEdge, Us, edge);
    }
  }
}

}  // namespace

template <class Sink>
void evaluate_pawns(const Position& pos, PawnEntry& e, Sink& out) {
  e.key = pos.pawn_key();
  pawn_structure<WHITE>(pos, e, out);
  pawn_structure<BLACK>(pos, e, out);
}

void fill_pawn_entry(const Position& pos, PawnEntry& e) {
  ScoreSink sum;
  evaluate_pawns(pos, e, sum);
  for (Color c : {WHITE, BLACK}) {
    e.score[c] = sum.score[c];
    e.shelterSquare[c] = uint8_t(SQ_NONE);
  }
}

template void evaluate_pawns<ScoreSink>(const Position&, PawnEntry&, ScoreSink&);
template void evaluate_pawns<RecordSink>(const Position&, PawnEntry&, RecordSink&);

}  // namespace taper
