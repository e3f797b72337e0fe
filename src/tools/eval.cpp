// SPDX-License-Identifier: GPL-3.0-or-later
// `taper eval [FEN] [--svg FILE | --json]`: the evaluation table term by term, its picture, or its JSON.
#include <iostream>

#include "tools/args.hpp"
#include "explain/eval_json.hpp"
#include "explain/eval_svg.hpp"
#include "explain/eval_table.hpp"
#include "tools/subcommands.hpp"

namespace taper::tools {

int run_eval(const Subcommand& self, const std::vector<std::string>& args) {
  std::string svg;
  bool json = false;
  ArgParser parser(self, "FEN defaults to the start position. The table's rows are the parameter groups of\n"
                         "src/eval/params.def (docs/EVAL.md).");
  parser.text("svg", 0, "write an SVG picture instead: each piece's share of the score, the king zones", svg)
      .toggle("json", 0, "print the explanation as JSON: tapered rows, shares, squares, verdict (docs/WEB.md)", json);
  std::vector<std::string> positional;
  if (auto code = parser.parse(args, positional, std::cout, std::cerr)) return *code;
  if (json && ArgParser::given(args, "svg")) {
    std::cerr << "error: --json and --svg exclude each other\n";
    return 2;
  }
  Position pos;
  std::string err;
  if (!pos.set(join_fen(positional), false, &err)) {
    if (json) std::cout << eval_json_error("bad FEN: " + err);
    std::cerr << "error: bad FEN: " << err << "\n";
    return 2;
  }
  if (ArgParser::given(args, "svg")) return write_eval_svg(pos, svg);
  if (json) {
    std::cout << eval_json(pos);
    return 0;
  }
  std::cout << eval_table(pos);
  return 0;
}

}  // namespace taper::tools
