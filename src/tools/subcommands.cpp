// SPDX-License-Identifier: GPL-3.0-or-later
// The subcommand table and the dispatcher: `taper` alone speaks UCI; `taper NAME ...` runs a tool.
#include "tools/subcommands.hpp"

#include <iostream>

#include "board/position.hpp"
#include "explain/eval_table.hpp"
#include "uci/uci.hpp"
#include "uci/version.hpp"

namespace taper::tools {

const std::vector<Subcommand>& subcommands() {
  // clang-format off
  static const std::vector<Subcommand> table = {
      {"analyse", "[FEN] [flags]", "analyse a position (default: start position, 5 s) and print the best line in algebraic notation", run_analyse},
      {"bench", "[DEPTH]", "fixed-depth search of the built-in positions; last line '<nodes> nodes <nps> nps'", run_bench},
      {"perft", "DEPTH [FEN]", "count the leaf nodes of the legal move tree, split by root move", run_perft},
      {"eval", "[FEN] [--svg FILE | --json]", "explain the static evaluation term by term (or draw it as SVG)", run_eval},
      {"review", "GAME.pgn [flags]", "review a played game: inaccuracies, mistakes and blunders with reasons, accuracy, annotated PGN, graph", run_review},
      {"moves", "[flags] < LINES", "legality and UCI/SAN conversion of moves given on stdin, for scripts", run_moves},
#ifndef __EMSCRIPTEN__
      // Tools for engine development that read the disk or start threads: not in the WebAssembly
      // build, which has neither (its CMake leaves their files and the tune layer out too).
      {"verify-endgames", "SYZYGY_DIR [flags]", "compare the known-endgame rules with Syzygy tables", run_verify_endgames},
      {"tune", "[flags] FILE...", "Texel-tune the evaluation weights on labelled positions", run_tune},
      {"datagen", "--out FILE [flags]", "play self-play games and write their positions as tuning data", run_datagen},
      {"pgn-data", "--out FILE [flags] GAMES.pgn...", "take tuning positions from Taper's own match games", run_pgn_data},
      {"wdl-fit", "[flags] FILE...", "fit the UCI_ShowWDL model to datagen output or match PGNs", run_wdl_fit},
      {"report", "GAMES.pgn --player NAME [flags]", "review every game of one player: results, accuracy by phase, mistakes by reason, openings, puzzles", run_report},
      {"spsa", "", "print the search constants in OpenBench's SPSA input format", run_spsa},
      {"genfens", "N seed S book PATH|None", "N random openings for OpenBench's data generation (also as one quoted argument)", run_genfens},
#endif
  };
  // clang-format on
  return table;
}

const Subcommand* find_subcommand(std::string_view name) {
  if (name == "analyze") name = "analyse";
  for (const Subcommand& c : subcommands())
    if (c.name == name) return &c;
  return nullptr;
}

std::string usage() {
  std::string s =
      "usage: taper [command] [arguments]\n"
      "  (no command)      speak UCI on stdin/stdout (for GUIs)\n";
  for (const Subcommand& c : subcommands()) {
    std::string left = "  " + std::string(c.name);
    s += left + std::string(left.size() < 20 ? 20 - left.size() : 1, ' ') + std::string(c.summary) + "\n";
  }
  s += "  --version         print name, version and build flavour\n"
       "Each command answers --help, e.g. taper analyse --help.\n";
  return s;
}

int run_command_line(int argc, char** argv) {
  Position::init();
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "uci") {
    UciEngine engine(std::cout, eval_table);
    if (!args.empty()) engine.execute("uci");
    engine.loop(std::cin);
    return 0;
  }
  if (args[0] == "--version" || args[0] == "version") {
    std::cout << engine_name() << "\n";
    return 0;
  }
  if (args[0] == "--help" || args[0] == "help" || args[0] == "-h") {
    std::cout << usage();
    return 0;
  }
  // OpenBench runs `taper "genfens N seed S book PATH" quit`: the first word names the command.
  std::string name = args[0].substr(0, args[0].find(' '));
  if (const Subcommand* c = find_subcommand(name)) {
    std::vector<std::string> rest;
    if (name.size() < args[0].size()) rest.push_back(args[0].substr(name.size() + 1));
    rest.insert(rest.end(), args.begin() + 1, args.end());
    return c->run(*c, rest);
  }
  std::cerr << "error: unknown command '" << args[0] << "' (see taper --help)\n" << usage();
  return 2;
}

}  // namespace taper::tools
