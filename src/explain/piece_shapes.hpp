// SPDX-License-Identifier: GPL-3.0-or-later
// The pieces as SVG shapes, shared by the pictures that draw a board (`eval --svg`, the report's
// example positions).
#pragma once

#include "core/types.hpp"

namespace taper {

/// The piece shapes, drawn for Taper's pictures on a 100 x 100 grid: a silhouette in the piece's
/// colour (`fill`, `stroke` from the <use>) and details in `currentColor` (set per colour so that
/// they show on both). Index: piece type.
inline constexpr const char* PieceShape[PIECE_TYPE_NB] = {
    "",
    // pawn: head, body, base
    "<circle cx=\"50\" cy=\"30\" r=\"13\"/><path d=\"M36 79 L43 47 L57 47 L64 79 Z\"/>"
    "<rect x=\"25\" y=\"78\" width=\"50\" height=\"10\" rx=\"3\"/>",
    // knight: a horse's head facing left, with its eye
    "<path d=\"M60 16 L67 8 L71 20 C84 30 87 56 80 78 L30 78 C30 63 41 55 50 48 C43 51 36 55 30 57 "
    "C23 57 19 50 22 44 C30 35 42 27 60 16 Z\"/><rect x=\"24\" y=\"77\" width=\"58\" height=\"11\" rx=\"3\"/>"
    "<circle cx=\"53\" cy=\"31\" r=\"3.5\" fill=\"currentColor\" stroke=\"none\"/>",
    // bishop: ball, mitre with its slit, collar, base
    "<circle cx=\"50\" cy=\"14\" r=\"6\"/><path d=\"M50 20 C29 36 31 58 39 64 L61 64 C69 58 71 36 50 20 Z\"/>"
    "<path d=\"M55 31 L44 45\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"4\"/>"
    "<rect x=\"36\" y=\"64\" width=\"28\" height=\"9\"/><rect x=\"24\" y=\"76\" width=\"52\" height=\"11\" rx=\"3\"/>",
    // rook: battlements, tower, base
    "<path d=\"M24 16 H35 V25 H44 V16 H56 V25 H65 V16 H76 V38 H24 Z\"/><rect x=\"33\" y=\"37\" width=\"34\" height=\"38\"/>"
    "<rect x=\"22\" y=\"75\" width=\"56\" height=\"12\" rx=\"2\"/>",
    // queen: five-pointed crown with a ball on each point, base
    "<path d=\"M19 28 L31 60 L34 22 L44 56 L50 15 L56 56 L66 22 L69 60 L81 28 L72 75 L28 75 Z\"/>"
    "<circle cx=\"19\" cy=\"27\" r=\"5\"/><circle cx=\"34\" cy=\"21\" r=\"5\"/><circle cx=\"50\" cy=\"14\" r=\"5\"/>"
    "<circle cx=\"66\" cy=\"21\" r=\"5\"/><circle cx=\"81\" cy=\"27\" r=\"5\"/>"
    "<rect x=\"24\" y=\"76\" width=\"52\" height=\"11\" rx=\"3\"/>",
    // king: cross, body, base
    "<path d=\"M46 5 H54 V12 H61 V20 H54 V30 H46 V20 H39 V12 H46 Z\"/>"
    "<path d=\"M50 31 C30 25 15 40 25 57 L32 75 L68 75 L75 57 C85 40 70 25 50 31 Z\"/>"
    "<rect x=\"24\" y=\"76\" width=\"52\" height=\"11\" rx=\"3\"/>",
};

}  // namespace taper
