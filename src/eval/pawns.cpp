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

    e.attackSpan[Us] |= pawn_attack_span(Us, s);
    e.semiOpenFiles[Us] &= uint8_t(~(1u << file_of(s)));
    out.add(PawnPsqt + HalfBoard[Us][s], Us);

    // Isolated: no pawn on a neighbouring file can ever defend it or be defended by it.
    // Backward: its neighbours have all gone ahead, so it cannot be defended by a pawn, and an
    // enemy pawn controls the square in front, so it cannot catch up either. It is a target
    // fixed on a half-open file.
    if (!neighbours)
      out.add(PawnIsolated, Us);
    else if (!(neighbours & ~forward_ranks_bb(Us, s)) && (pawn_attacks_bb(Us, s + Up) & theirs))
      out.add(PawnBackward, Us);

    // Doubled: counted on the rear pawn, so two pawns on a file count once, three twice.
    if (ownPawnAhead) out.add(PawnDoubled, Us);

    // Connected pawns: side by side they control the squares in front of both; defended
    // ones cannot be taken for free. Both grow with advancement.
    if (phalanx) out.add(PawnPhalanx + r, Us);
    if (supporters) out.add(PawnSupported + r, Us, popcount(supporters));

    // Passed: no enemy pawn can stop it or take it on its way. The rear pawn of a doubled
    // pair is not counted (the front one carries the bonus).
    if (!(theirs & passed_pawn_span(Us, s)) && !ownPawnAhead) {
      e.passed[Us] |= square_bb(s);
      out.add(PassedRank + r, Us);
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
