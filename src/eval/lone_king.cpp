// SPDX-License-Identifier: GPL-3.0-or-later
// Mating a bare king: drive it to the edge (to the bishop's corner) and bring the own king close.
// One gradient (mating_gradient.hpp) serves this term and the known-ending rules.
#include <algorithm>
#include <array>
#include <cstdlib>

#include "eval/mating_gradient.hpp"
#include "eval/params.hpp"
#include "eval/sink.hpp"
#include "eval/terms.hpp"

namespace taper {

namespace {

/// The lone king's square folded by the board's symmetries into the triangle a1-d1-d4, numbered
/// 0..9 (a1 b1 c1 d1 b2 c2 d2 c3 d3 d4): a square table for a king that may stand anywhere,
/// worth most in the corner and least in the centre (Stockfish 11's PushToEdges is a full-board
/// table of the same idea).
constexpr std::array<int8_t, SQUARE_NB> LoneKingSlot = [] {
  std::array<int8_t, SQUARE_NB> slot{};
  for (int s = 0; s < SQUARE_NB; ++s) {
    int f = std::min(s & 7, 7 - (s & 7)), r = std::min(s >> 3, 7 - (s >> 3));
    if (r > f) std::swap(f, r);
    // Rank r holds 4 - r triangle squares (files r..3); ranks below it hold 4 + 3 + ... of them.
    slot[s] = int8_t(r * 4 - r * (r - 1) / 2 + (f - r));
  }
  return slot;
}();
static_assert(LoneKingSlot[SQ_A1] == 0 && LoneKingSlot[SQ_H8] == 0 && LoneKingSlot[SQ_D1] == 3 &&
              LoneKingSlot[SQ_B2] == 4 && LoneKingSlot[SQ_C3] == 7 && LoneKingSlot[SQ_E5] == 9);

/// How far `s` is from the long diagonal through the two corners of the colour of `bishops`
/// (all on one colour): only in those corners can a single bishop help to mate (CPW "Endgame"
/// "Mating with Bishop + Knight"). Along the edge it falls step by step from the wrong corner
/// to the right one.
int bishop_diagonal_distance(Square s, Bitboard bishops) {
  int f = file_of(s), r = rank_of(s);
  return bishops & DarkSquares ? std::abs(f - r) : std::abs(f + r - 7);
}

/// Us has pieces, Them only a king (CPW "Endgame" "Lone King to Corner"; the known-
/// endgame registry covers the common cases exactly, this is the general fallback, e.g. with
/// extra pawns on the board).
template <Color Us, class Sink>
void lone_king(const Position& pos, Sink& out) {
  constexpr Color Them = ~Us;
  if (more_than_one(pos.pieces(Them)) || !(pos.pieces(Us) ^ pos.pieces(Us, PAWN, KING))) return;
  add_mating_gradient(pos, Us, out);
}

}  // namespace

template <class Sink>
void add_mating_gradient(const Position& pos, Color strong, Sink& out) {
  const Square loneKing = pos.king_square(~strong);
  out.add(LoneKingSquare + LoneKingSlot[loneKing], strong);
  out.add(LoneKingProximity + distance(pos.king_square(strong), loneKing), strong);
  const Bitboard bishops = pos.pieces(strong, BISHOP);
  if (bishops && (!(bishops & DarkSquares) || !(bishops & LightSquares)))
    out.add(LoneKingBishopCorner + bishop_diagonal_distance(loneKing, bishops), strong);
}

Value mating_gradient(const Position& pos, Color strong) {
  ScoreSink sink;
  add_mating_gradient(pos, strong, sink);
  return sink.score[strong].eg();
}

template <class Sink>
void evaluate_lone_king(const Position& pos, Sink& out) {
  lone_king<WHITE>(pos, out);
  lone_king<BLACK>(pos, out);
}

template void add_mating_gradient<ScoreSink>(const Position&, Color, ScoreSink&);
template void add_mating_gradient<RecordSink>(const Position&, Color, RecordSink&);
template void evaluate_lone_king<ScoreSink>(const Position&, ScoreSink&);
template void evaluate_lone_king<RecordSink>(const Position&, RecordSink&);

}  // namespace taper
