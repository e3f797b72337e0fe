// SPDX-License-Identifier: GPL-3.0-or-later
// What a move loses on the board, said the way a player sees it before any evaluation term: the
// piece the opponent takes and how (left hanging, a fork, a pin, a skewer, an attack), a pawn let
// through to promote, a lost pawn ending, a back-rank mate. Read off the lines of a review (the
// move played with the best replies, and the best line), never searched again.
#pragma once

#include <string>
#include <vector>

#include "board/position.hpp"

namespace taper {

/// A line played out from a position: the positions before each of its moves and the moves (as
/// far as they are legal, at most `plies`), then the winning captures its end leaves (SEE > 0,
/// the most valuable victim first), so that a piece left hanging is taken in the walk too.
struct LineWalk {
  std::vector<Position> positions;  ///< positions[k] is the position before moves[k]; one more at the end
  std::vector<Move> moves;
  size_t linePlies = 0;             ///< how many of `moves` come from the line (the rest settle captures)
  const Position& end() const { return positions.back(); }
};
LineWalk walk_line(const Position& from, const std::vector<Move>& line, size_t plies);

/// A player's count of a piece: pawn 1, knight and bishop 3, rook 5, queen 9 (0 for the king).
int piece_units(PieceType pt);

/// What `played` (the move played and the best replies, walked from the position before the move)
/// loses on the board, first as a player sees it; "" when the walk shows no such loss. `best` is
/// the best line's walk from the same position, `lostUnits` what the move costs in material by
/// the ends of the two walks (a piece named must account for half of it), `chancesAfter` the mover's
/// expected score after the move. Begins with a verb: "loses the rook on h1: 5...Qxg2 attacks it
/// (6.d3 d5 7.Nxh8 Qxh1+)", "lets Black's b-pawn promote: 1...b3 2.Ke2 b2 3.Kd2 b1=Q", "goes into
/// a lost pawn ending after 40.Rxd5 exd5".
std::string board_loss_words(const LineWalk& played, const LineWalk& best, int lostUnits, double chancesAfter);

/// "a back-rank mate" when the last move of `mate` (a mating line from `from`) mates a king on its
/// first rank with a rook or queen along that rank, the king's way forward shut by its own pieces;
/// "" for any other mate.
std::string mate_motif(const Position& from, const std::vector<Move>& mate);

}  // namespace taper
