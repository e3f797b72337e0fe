// SPDX-License-Identifier: GPL-3.0-or-later
// The table of command-line subcommands (`taper analyse`, `taper perft`, ...), like the UCI
// Commands[] table: the dispatcher, `taper --help`, each subcommand's --help and the README
// list all come from it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace taper::tools {

struct Subcommand {
  std::string_view name;
  std::string_view synopsis;  ///< the arguments after the name, e.g. "[FEN] [flags]"
  std::string_view summary;   ///< one line for `taper --help`
  /// Runs the subcommand on the arguments after its name; returns the process exit code
  /// (0 success, 1 failure of the job, 2 bad usage).
  int (*run)(const Subcommand& self, const std::vector<std::string>& args);
};

/// Every subcommand, in the order `taper --help` lists them.
const std::vector<Subcommand>& subcommands();

/// The subcommand called `name` (or an alias such as "analyze"), or nullptr.
const Subcommand* find_subcommand(std::string_view name);

/// `taper --help`: UCI mode, then one line per subcommand.
std::string usage();

/// Runs the subcommand named in argv (or the UCI loop) and returns the process exit code.
int run_command_line(int argc, char** argv);

// The subcommands, one file each in src/tools/.
int run_analyse(const Subcommand&, const std::vector<std::string>&);
int run_bench(const Subcommand&, const std::vector<std::string>&);
int run_perft(const Subcommand&, const std::vector<std::string>&);
int run_eval(const Subcommand&, const std::vector<std::string>&);
int run_review(const Subcommand&, const std::vector<std::string>&);
int run_report(const Subcommand&, const std::vector<std::string>&);
int run_moves(const Subcommand&, const std::vector<std::string>&);
int run_verify_endgames(const Subcommand&, const std::vector<std::string>&);
int run_tune(const Subcommand&, const std::vector<std::string>&);
int run_datagen(const Subcommand&, const std::vector<std::string>&);
int run_wdl_fit(const Subcommand&, const std::vector<std::string>&);
int run_pgn_data(const Subcommand&, const std::vector<std::string>&);
int run_spsa(const Subcommand&, const std::vector<std::string>&);
int run_genfens(const Subcommand&, const std::vector<std::string>&);

}  // namespace taper::tools
