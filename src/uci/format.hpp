// SPDX-License-Identifier: GPL-3.0-or-later
// Turning search results into text: UCI `info` lines, scores, win/draw/loss estimates, SAN lines.
#pragma once

#include <string>

#include "search/limits.hpp"
#include "board/position.hpp"

namespace taper {

/// "cp 35" or "mate 3" / "mate -2".
std::string uci_score(Value v);
/// Estimated win/draw/loss per mille for the side to move, from the score and the material on
/// the board (eval/wdl_model.hpp, fitted to Taper's self-play); mates are certain.
struct Wdl {
  int win, draw, loss;
};
Wdl wdl_from_score(Value v, int material);
/// The same for a search report: tablebase results are certain, others as wdl_from_score.
Wdl report_wdl(const SearchReport& r, int material);
/// A full `info depth ... pv ...` line; `material` (wdl_material of the root) feeds the WDL estimate.
std::string uci_info(const SearchReport& r, bool chess960, bool showWdl, int material);
/// The PV as numbered SAN ("12. Nf3 Nc6 13. Bb5"), starting from `pos`.
std::string san_line(const Position& pos, const std::vector<Move>& pv);

}  // namespace taper
