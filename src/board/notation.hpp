// SPDX-License-Identifier: GPL-3.0-or-later
// Move notation: UCI (coordinate) strings in and out, and standard algebraic notation (SAN).
#pragma once

#include <string>
#include <string_view>

#include "board/position.hpp"

namespace taper {

std::string square_to_string(Square s);

/// UCI coordinates; castling is e1g1 in standard chess and king-takes-rook (e1h1) in Chess960.
std::string move_to_uci(Move m, bool chess960);

/// The legal move that `text` names in `pos`, or Move::none() with `error` filled in.
/// Castling is accepted both as king-to-destination (standard) and king-takes-rook.
Move parse_uci_move(const Position& pos, std::string_view text, std::string* error = nullptr);

/// SAN with disambiguation and check/mate suffix, e.g. "Nbd7", "exd6", "O-O", "e8=Q#".
std::string move_to_san(Position& pos, Move m);

/// Parses SAN (tolerant of missing/extra '+', '#', '!' and '?'); Move::none() if not legal.
Move parse_san_move(Position& pos, std::string_view text);

}  // namespace taper
