// SPDX-License-Identifier: GPL-3.0-or-later
// Command-line dispatch: `taper` alone speaks UCI; subcommands run perft, bench, eval, analysis...
#pragma once

namespace taper {

/// Runs the subcommand named in argv (or the UCI loop) and returns the process exit code.
int run_command_line(int argc, char** argv);

}  // namespace taper
