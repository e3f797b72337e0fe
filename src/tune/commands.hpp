// SPDX-License-Identifier: GPL-3.0-or-later
// The `taper tune` and `taper datagen` subcommands (the engine never depends on src/tune).
#pragma once

#include <string>
#include <vector>

namespace taper {

/// `taper tune [options] FILE...`: Texel tuning of the parameter table; writes the tuned table
/// as params_values.inc source, a state file to resume from, and SVG plots. `args` excludes
/// the word "tune". Returns the process exit code.
int run_tune(const std::vector<std::string>& args);

/// `taper datagen --out FILE [options]`: self-play games written as tuning data. `args`
/// excludes the word "datagen". Returns the process exit code.
int run_datagen(const std::vector<std::string>& args);

}  // namespace taper
