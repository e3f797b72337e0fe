// SPDX-License-Identifier: GPL-3.0-or-later
// Provisional evaluation: material and a centralisation bonus, until the real evaluation lands.
#include "eval/evaluate.hpp"

namespace taper {

namespace {
constexpr int MaterialValue[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 900, 0, 0};

int centre_bonus(Square s) {
  int f = file_of(s), r = rank_of(s);
  return 3 - std::max(std::abs(2 * f - 7), std::abs(2 * r - 7)) / 2;  // 0 at the edge .. 3 in the centre
}
}  // namespace

Value Evaluator::evaluate(const Position& pos) {
  int score = 0;
  for (Color c : {WHITE, BLACK}) {
    int side = 0;
    for (PieceType pt = PAWN; pt <= QUEEN; ++pt)
      for (Bitboard b = pos.pieces(c, pt); b;) {
        Square s = pop_lsb(b);
        side += MaterialValue[pt] + (pt == PAWN ? 2 * relative_rank(c, s) : 4 * centre_bonus(s));
      }
    score += c == WHITE ? side : -side;
  }
  score += pos.side_to_move() == WHITE ? 10 : -10;
  return pos.side_to_move() == WHITE ? score : -score;
}

std::string Evaluator::trace(const Position& pos) {
  Value v = evaluate(pos);
  return "Final evaluation: " + std::to_string(pos.side_to_move() == WHITE ? v : -v) + " cp (white side)\n";
}

}  // namespace taper
