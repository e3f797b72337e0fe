// SPDX-License-Identifier: GPL-3.0-or-later
// Mating a bare king: drive it to the edge (to the bishop's corner) and bring the own king close.
#include <algorithm>

#include "eval/params.hpp"
#include "eval/sink.hpp"
#include "eval/terms.hpp"

namespace taper {

namespace {

int edge_distance(Square s) {
  return std::min({int(file_of(s)), FILE_H - int(file_of(s)), int(rank_of(s)), RANK_8 - int(rank_of(s))});
}

/// Distance to the nearer corner of the colour of `bishops` (all on one colour): only there can
/// a single bishop help to mate (CPW "Endgame" "Mating with Bishop + Knight").
int bishop_corner_distance(Square s, Bitboard bishops) {
  return bishops & DarkSquares ? std::min(distance(s, SQ_A1), distance(s, SQ_H8))
                               : std::min(distance(s, SQ_H1), distance(s, SQ_A8));
}

/// Us has pieces, Them only a king (CPW "Endgame" "Lone King to Corner"; the known-
/// endgame registry covers the common cases exactly, this is the general fallback, e.g. with
/// extra pawns on the board).
template <Color Us, class Sink>
void lone_king(const Position& pos, Sink& out) {
  constexpr Color Them = ~Us;
  if (more_than_one(pos.pieces(Them)) || !(pos.pieces(Us) ^ pos.pieces(Us, PAWN, KING))) return;
  const Square loneKing = pos.king_square(Them);
  out.add(LoneKingEdge + edge_distance(loneKing), Us);
  out.add(LoneKingProximity + distance(pos.king_square(Us), loneKing), Us);
  const Bitboard bishops = pos.pieces(Us, BISHOP);
  if (bishops && (!(bishops & DarkSquares) || !(bishops & LightSquares)))
    out.add(LoneKingBishopCorner + bishop_corner_distance(loneKing, bishops), Us);
}

}  // namespace

template <class Sink>
void evaluate_lone_king(const Position& pos, Sink& out) {
  lone_king<WHITE>(pos, out);
  lone_king<BLACK>(pos, out);
}

template void evaluate_lone_king<ScoreSink>(const Position&, ScoreSink&);
template void evaluate_lone_king<RecordSink>(const Position&, RecordSink&);

}  // namespace taper
