// SPDX-License-Identifier: GPL-3.0-or-later
// Material terms, game phase, draws by insufficient material and the scale-factor rules.
#include "eval/material.hpp"

#include <algorithm>

#include "eval/params.hpp"
#include "eval/sink.hpp"

namespace taper {

template <class Sink>
void evaluate_material(const Position& pos, Sink& out) {
  for (Color c : {WHITE, BLACK}) {
    for (PieceType pt = PAWN; pt <= QUEEN; ++pt)
      if (int n = pos.count(c, pt)) out.add(PieceValue + pt - PAWN, c, n);
    // Two bishops control both square colours, which no other pair of minors does; counted
    // by number (not square colour) so that it stays a function of the material key.
    if (pos.count(c, BISHOP) >= 2) out.add(BishopPair, c);
  }
}

int game_phase(const Position& pos) {
  int phase = 0;
  for (Color c : {WHITE, BLACK})
    for (PieceType pt = KNIGHT; pt <= QUEEN; ++pt) phase += PhaseWeight[pt] * pos.count(c, pt);
  return std::min(phase, PhaseMidgame);
}

namespace {

int minors(const Position& pos, Color c) { return pos.count(c, KNIGHT) + pos.count(c, BISHOP); }
bool has_heavy(const Position& pos, Color c) { return pos.count(c, ROOK) + pos.count(c, QUEEN) > 0; }

/// No side can force mate whatever the squares: K v K, K+minor v K, K+minor v K+minor,
/// K+N+N v K (CPW "Endgame" "Insufficient Material"; the last two can only be lost by
/// the defender's blunder, which the search finds on its own).
bool drawn_by_material(const Position& pos) {
  if (pos.pieces(PAWN) || has_heavy(pos, WHITE) || has_heavy(pos, BLACK)) return false;
  int w = minors(pos, WHITE), b = minors(pos, BLACK);
  if (w <= 1 && b <= 1) return true;
  for (Color c : {WHITE, BLACK})
    if (pos.count(c, KNIGHT) == 2 && pos.count(c, BISHOP) == 0 && minors(pos, ~c) == 0) return true;
  return false;
}

/// Scale for `strong` being ahead without pawns of its own, or -1 when the rule does not
/// apply (CPW "Endgame" "Scale Factor": without pawns a minor piece more rarely wins,
/// and a lone minor never does).
int no_pawn_scale(const Position& pos, Color strong) {
  if (pos.count(strong, PAWN)) return -1;
  int ours = pos.non_pawn_material(strong), theirs = pos.non_pawn_material(~strong);
  if (ours - theirs > SeeValue[BISHOP]) return -1;
  return ours < SeeValue[ROOK] ? ScaleDraw : Weights[ScaleNoPawnsMinorUp].mg();
}

/// Each side has one bishop, on squares of different colours: the bishops cannot fight for
/// the same squares, and blockades on the defender's colour hold.
bool opposite_bishops(const Position& pos) {
  if (pos.count(WHITE, BISHOP) != 1 || pos.count(BLACK, BISHOP) != 1) return false;
  Bitboard bishops = pos.pieces(BISHOP);
  return (bishops & DarkSquares) && (bishops & LightSquares);
}

}  // namespace

void fill_material_entry(const Position& pos, MaterialEntry& e) {
  ScoreSink sum;
  evaluate_material(pos, sum);
  e.key = pos.material_key();
  e.known = endgames::lookup(pos);
  e.score[WHITE] = sum.score[WHITE];
  e.score[BLACK] = sum.score[BLACK];
  e.phase = uint8_t(game_phase(pos));
  e.drawn = drawn_by_material(pos);
  e.onlyBishops = !pos.pieces(PAWN) && !pos.pieces(KNIGHT) && !pos.pieces(ROOK) && !pos.pieces(QUEEN);
  for (Color c : {WHITE, BLACK}) e.noPawnScale[c] = int16_t(no_pawn_scale(pos, c));
}

int scale_factor(const Position& pos, const MaterialEntry& e, int endgameScore) {
  const Color strong = endgameScore > 0 ? WHITE : BLACK;
  int scale = ScaleNone;
  if (e.known && e.known->scale[strong]) scale = e.known->scale[strong](pos, strong);
  if (scale == ScaleNone) {
    if (e.noPawnScale[strong] >= 0)
      scale = e.noPawnScale[strong];
    else if (opposite_bishops(pos))
      // With nothing but the bishops even two extra pawns are often not enough; other pieces
      // give the stronger side play on the other colour.
      scale = pos.non_pawn_material(WHITE) == SeeValue[BISHOP] && pos.non_pawn_material(BLACK) == SeeValue[BISHOP]
                  ? Weights[ScaleOppositeBishops].mg()
                  : Weights[ScaleOppositeBishopsPieces].mg();
    else if (const int pawns = pos.count(strong, PAWN); pawns < 4)
      // With few pawns the defender can give up a piece for the last of them, or hold a
      // fortress: a material edge is converted less often (Stockfish 11's general scale).
      scale = Weights[ScaleStrongPawns + pawns].mg();
    else
      scale = ScaleNormal;
  }
  // An advantage that cannot be converted before the fifty-move rule is worth less: after a
  // grace period the factor falls linearly to zero at the hundredth ply.
  const int grace = Weights[FiftyMoveGrace].mg();
  if (pos.rule50_count() > grace && grace < 100)
    scale = scale * std::max(0, 100 - pos.rule50_count()) / (100 - grace);
  return scale;
}

template void evaluate_material<ScoreSink>(const Position&, ScoreSink&);
template void evaluate_material<RecordSink>(const Position&, RecordSink&);

}  // namespace taper
