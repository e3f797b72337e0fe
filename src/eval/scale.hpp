// SPDX-License-Identifier: GPL-3.0-or-later
// Named scale factors for the endgame part of the score (128 = unscaled).
#pragma once

namespace taper {

constexpr int ScaleDraw = 0;      ///< the stronger side cannot win
constexpr int ScaleNormal = 128;  ///< no scaling
constexpr int ScaleNone = -1;     ///< a scale function has no opinion: use the general rules

/// Opposite-coloured bishops with one extra pawn that the defender cannot stop for sure.
constexpr int ScaleOppositeBishopsPawn = 16;
/// Opposite-coloured bishops with two extra pawns on distant files: often still won.
constexpr int ScaleOppositeBishopsTwoPawns = 64;
/// Rook and pawn against rook where the pawn is a rook pawn or the defence is well placed.
constexpr int ScaleRookPawnDrawish = 48;
/// A pawn race in KPKP where the stronger side's pawn alone would win: keep most of the score.
constexpr int ScalePawnRace = 96;

}  // namespace taper
