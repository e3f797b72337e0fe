// SPDX-License-Identifier: GPL-3.0-or-later
// The `eval` table: the explained evaluation as text, for `taper eval` and the UCI `eval` command.
#pragma once

#include <string>

#include "board/position.hpp"
#include "explain/explanation.hpp"

namespace taper {

/// The table of `e`: the parameters behind the rows, the king-danger units, one row per
/// parameter group (White mg/eg, Black mg/eg, total mg/eg) and the Total; for a known ending or
/// a dead draw one line instead. Then phase and scale factor; the last line is exactly
/// "Final evaluation: +N cp (white side)" with N the White-POV evaluation.
std::string eval_table(const EvalExplanation& e);

/// eval_table(explain_evaluation(pos)): what `taper eval FEN` prints, and what UciEngine's
/// `eval` command is given to print (it fits UciEngine::EvalPrinter).
std::string eval_table(const Position& pos);

}  // namespace taper
