// SPDX-License-Identifier: GPL-3.0-or-later
// The explained evaluation as JSON: `taper eval --json` and the web page (app/web_api.cpp).
#pragma once

#include <string>

#include "board/position.hpp"
#include "explain/explanation.hpp"

namespace taper {

/// `e`, the explanation of `pos`, as one JSON object on one line; the format is described in
/// docs/WEB.md.
std::string eval_json(const Position& pos, const EvalExplanation& e);

/// eval_json(pos, explain_evaluation(pos)).
std::string eval_json(const Position& pos);

/// {"error": "..."} for a FEN that Position::set rejected, in the same shape family.
std::string eval_json_error(const std::string& message);

}  // namespace taper
