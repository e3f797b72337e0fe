// SPDX-License-Identifier: GPL-3.0-or-later
// Named scale factors for the endgame part of the score (128 = unscaled).
#pragma once

namespace taper {

constexpr int ScaleDraw = 0;      ///< the stronger side cannot win
constexpr int ScaleNormal = 128;  ///< no scaling
constexpr int ScaleNone = -1;     ///< a scale function has no opinion: use the general rules

}  // namespace taper
