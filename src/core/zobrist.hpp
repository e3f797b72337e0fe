// SPDX-License-Identifier: GPL-3.0-or-later
// Random keys for hashing positions (Zobrist), pawn structures and material signatures.
#pragma once

#include "core/types.hpp"

namespace taper::zobrist {

extern Key PieceSquare[PIECE_NB][SQUARE_NB];
extern Key EnPassantFile[8];
extern Key Castling[CASTLING_RIGHT_NB];
extern Key SideToMove;
extern Key NoPawns;  // keeps the pawn key of a pawnless position non-zero
/// Material keys XOR one key per (piece, count index): they depend only on piece counts.
/// Index n is "the (n+1)-th piece of this kind", so adding a piece XORs in one key.
extern Key MaterialCount[PIECE_NB][16];

/// Fills the tables from a fixed seed (idempotent).
void init();

}  // namespace taper::zobrist
