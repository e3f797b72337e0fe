// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to the known-endgames code: the evaluators, scale functions and their shared helpers.
#pragma once

#include <algorithm>

#include "board/position.hpp"
#include "core/bitboard.hpp"
#include "eval/mating_gradient.hpp"
#include "eval/scale.hpp"

namespace taper::endgames::rules {

// Piece values for the known-ending scores: the board's exchange values (SeeValue), the one
// material table outside the tuned evaluation (which never sees these positions once a known
// ending takes over). Named here only for reading.
constexpr Value PawnValue = SeeValue[PAWN];
constexpr Value KnightValue = SeeValue[KNIGHT];
constexpr Value BishopValue = SeeValue[BISHOP];
constexpr Value RookValue = SeeValue[ROOK];
constexpr Value QueenValue = SeeValue[QUEEN];

/// A won ending: known-win band, the material edge, and the one mating gradient (the losing
/// king to the edge, the kings together; eval/mating_gradient.hpp).
inline Value heavy_win(const Position& pos, Color strong, Value materialEdge) {
  return VALUE_KNOWN_WIN + materialEdge + mating_gradient(pos, strong);
}

/// `v` (good for `strong`) seen from the side to move.
inline Value for_side_to_move(const Position& pos, Color strong, Value v) {
  return pos.side_to_move() == strong ? v : -v;
}

/// Keeps exact wins below the tablebase band whatever material is piled up.
inline Value clamp_known(Value v) {
  return std::clamp(v, -(VALUE_TB_WIN_IN_MAX_PLY - 1), VALUE_TB_WIN_IN_MAX_PLY - 1);
}

/// True if the lone king of `c` (to move, no other pieces) has no legal move.
bool lone_king_stuck(const Position& pos, Color c);

/// Squares of `c`'s pieces that `c`'s opponent's king could take at once (adjacent, undefended).
Bitboard king_can_take(const Position& pos, Color victim);

/// True if the bare king of `~strong`, to move, is stalemated or can take a piece whose loss
/// leaves too little to mate: the mating evaluators must not call that a win.
bool bare_king_escapes(const Position& pos, Color strong);

/// Does the piece on `from` attack `target` on the current board?
bool attacks(const Position& pos, Square from, Square target);

/// Can the side to move win the opponent's (single) piece of type `pt` outright, taking it
/// where it is undefended? Used where such a capture decides the ending.
bool can_win_piece(const Position& pos, PieceType pt);

// Exact evaluators (ExactFn): score from the side to move, known-win band when won.
Value kxk(const Position& pos, Color strong);
Value kbnk(const Position& pos, Color strong);
Value kpk(const Position& pos, Color strong);
Value knnk(const Position& pos, Color strong);
Value kqkr(const Position& pos, Color strong);
Value kqkp(const Position& pos, Color strong);
Value krkp(const Position& pos, Color strong);
Value krkb(const Position& pos, Color strong);
Value krkn(const Position& pos, Color strong);

// Scale functions (ScaleFn): a factor for `strong`'s endgame score, or ScaleNone.
int kbps_k(const Position& pos, Color strong);
int kps_k(const Position& pos, Color strong);
int krpkr(const Position& pos, Color strong);
int kbpkb(const Position& pos, Color strong);
int kbppkb(const Position& pos, Color strong);
int kpkp(const Position& pos, Color strong);

/// The rule's value `ruleValue` (from the side to move) checked against the four-man bitbase
/// once that is built: a verdict the tables contradict is replaced, a confirmed one kept with
/// its gradient (eval/endgames_solved.cpp).
Value checked_by_bitbase(const Position& pos, Value ruleValue);

/// An exact evaluator whose rules are checked by the bitbase: register `solved<krkn>`.
template <Value (*Rule)(const Position&, Color)>
Value solved(const Position& pos, Color strong) {
  return checked_by_bitbase(pos, Rule(pos, strong));
}

/// KXK applies: `weak` has a bare king and `strong` enough material to force mate by counts.
bool is_kxk(const Position& pos, Color strong);

}  // namespace taper::endgames::rules
