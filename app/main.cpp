// SPDX-License-Identifier: GPL-3.0-or-later
// Entry point: hands the command line to the UCI front end.
#include "uci/cli.hpp"

int main(int argc, char** argv) { return taper::run_command_line(argc, argv); }
