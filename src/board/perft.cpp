// SPDX-License-Identifier: GPL-3.0-or-later
// Recursive perft with bulk counting at the frontier.
#include "board/perft.hpp"

#include <algorithm>
#include <chrono>

#include "board/movegen.hpp"
#include "board/notation.hpp"

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

PerftReport perft_report(Position& pos, int depth) {
  PerftReport r;
  const auto start = std::chrono::steady_clock::now();
  r.nodes = perft_divide(pos, depth, [&](Move m, uint64_t n) {
    r.text += move_to_uci(m, pos.is_chess960()) + ": " + std::to_string(n) + "\n";
  });
  const auto elapsed = std::chrono::steady_clock::now() - start;
  r.timeMs = std::max<int64_t>(1, std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count());
  r.text += "\nNodes searched: " + std::to_string(r.nodes) + "\n";
  return r;
}

}  // namespace taper
