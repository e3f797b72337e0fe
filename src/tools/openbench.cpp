// SPDX-License-Identifier: GPL-3.0-or-later
// The two subcommands OpenBench drives: `spsa` (its SPSA input) and `genfens` (its openings).
#include <iostream>

#include "search/tunables.hpp"
#include "tools/args.hpp"
#include "tools/subcommands.hpp"
#include "tune/genfens.hpp"

namespace taper::tools {

int run_spsa(const Subcommand& self, const std::vector<std::string>& args) {
  ArgParser parser(self, "Paste the output into OpenBench's tuning form for a TUNABLE=1 build (docs/OPENBENCH.md).");
  std::vector<std::string> positional;
  if (auto code = parser.parse(args, positional, std::cout, std::cerr)) return *code;
  if (!positional.empty()) return parser.usage_error("spsa takes no arguments", std::cerr);
  std::cout << openbench_spsa_input();
  return 0;
}

int run_genfens(const Subcommand& self, const std::vector<std::string>& args) {
  ArgParser parser(self, "OpenBench runs `taper \"genfens N seed S book PATH\" quit`; the openings come as\n"
                         "`info string genfens FEN` lines, the trailing `quit` needs no answer.");
  std::vector<std::string> words;
  if (auto code = parser.parse(args, words, std::cout, std::cerr)) return *code;
  std::string text = "genfens";
  for (const std::string& w : words) text += " " + w;
  tune::GenfensRequest request;
  std::string error;
  if (!tune::parse_genfens(text, request, error) || !tune::run_genfens(request, std::cout, error)) {
    std::cout << "info string error: " << error << std::endl;
    return 2;
  }
  return 0;
}

}  // namespace taper::tools
