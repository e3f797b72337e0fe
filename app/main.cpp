// SPDX-License-Identifier: GPL-3.0-or-later
// Entry point: hands the command line to the tools layer (UCI when there is no subcommand).
#include "tools/subcommands.hpp"

int main(int argc, char** argv) { return taper::tools::run_command_line(argc, argv); }
