// SPDX-License-Identifier: GPL-3.0-or-later
// `taper wdl-fit`: the command line of the UCI_ShowWDL model fit (tune/wdl_fit.hpp).
#include <iostream>

#include "tools/args.hpp"
#include "tools/subcommands.hpp"
#include "tune/wdl_fit.hpp"

namespace taper::tools {

int run_wdl_fit(const Subcommand& self, const std::vector<std::string>& args) {
  std::string out, engine = "taper";
  uint64_t minPositions = 2000;
  ArgParser p(self, "Fits the UCI_ShowWDL model to labelled positions with search scores (the output of\n"
                    "`taper datagen`: 'FEN | score | result') or to match PGNs (files named *.pgn*, as\n"
                    "fastchess or Cute Chess write them: each move's comment starts with the mover's score,\n"
                    "'{+0.35/12 0.512s}'; the engine's own moves are used), plain, gzip or xz, and prints\n"
                    "the fit with the measured and predicted draw shares.");
  p.text("out", 0, "also write the coefficients as C++ (src/eval/wdl_params.inc)", out)
      .text("engine", 0, "in PGNs, use the moves of the player whose name contains NAME (default taper)", engine, "NAME")
      .integer("min", 0, "fit only material counts with at least N positions (default 2000)", minPositions, 1, 1LL << 40);
  std::vector<std::string> files;
  if (auto code = p.parse(args, files, std::cout, std::cerr)) return *code;
  if (files.empty()) return p.usage_error("no data FILE given", std::cerr);
  return tune::fit_wdl_files(files, out, minPositions, engine);
}

}  // namespace taper::tools
