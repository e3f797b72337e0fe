// SPDX-License-Identifier: GPL-3.0-or-later
// Recursive perft with bulk counting at the frontier.
#include "board/perft.hpp"

#include "board/movegen.hpp"

namespace taper {

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList<LEGAL> moves(pos);
  if (depth == 1) return moves.size();
  uint64_t nodes = 0;
  for (Move m : moves) {
    pos.do_move(m);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m);
  }
  return nodes;
}

uint64_t perft_divide(Position& pos, int depth, const std::function<void(Move, uint64_t)>& onMove) {
  uint64_t total = 0;
  for (Move m : MoveList<LEGAL>(pos)) {
    pos.do_move(m);
    uint64_t n = perft(pos, depth - 1);
    pos.undo_move(m);
    onMove(m, n);
    total += n;
  }
  return total;
}

}  // namespace taper
