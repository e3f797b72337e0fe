// SPDX-License-Identifier: GPL-3.0-or-later
// What the tuner leaves behind: the parameter table as C++ source, a loss curve and heat maps (SVG).
#pragma once

#include <string>
#include <vector>

#include "tune/optimizer.hpp"

namespace taper::tune {

/// The weights in exactly the format of src/eval/params_values.inc: the header lines as
/// `//` comments (provenance: date, data, epochs, losses), then one PARAM_VALUES per parameter
/// in params.def order, S(mg, eg) for Linear weights and U(n) for the others; 32-element
/// square tables as four columns per rank, rank 8 on top, as the evaluation reads them.
/// Paths in the header (absolute, ./, ../, ~/) are written as file names only.
std::string format_params_values(const WeightVector& w, const std::vector<std::string>& header);

/// Reads a table in the params_values.inc format (as written above, or by hand) into `w`:
/// every parameter of params.def must appear with the right number of values, S(mg, eg) or
/// U(n). Comments are ignored. False, with the reason, on anything else.
bool parse_params_values(const std::string& text, WeightVector& w, std::string* error = nullptr);

/// Writes format_params_values() to `path` (through a temporary file, renamed at the end).
bool write_text_file(const std::string& path, const std::string& text, std::string* error = nullptr);

/// Training and validation loss by epoch (epoch 0 = the starting weights), best epoch marked.
std::string loss_curve_svg(const std::vector<EpochRecord>& history, int bestEpoch, const std::string& title);

/// Heat maps of every 32-element square table (the piece-square tables and the king-square
/// danger units): mg and eg of `w` as full boards from White's side, rank 8 on top, and, when
/// `before` is given, the change from it.
std::string square_tables_svg(const WeightVector& w, const WeightVector* before, const std::string& title);

}  // namespace taper::tune
