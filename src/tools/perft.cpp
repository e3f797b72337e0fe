// SPDX-License-Identifier: GPL-3.0-or-later
// `taper perft DEPTH [FEN]`: the divided perft of UCI's `go perft` (board/perft.hpp), with the
// time on stderr so that stdout compares equal across engines.
#include <cstdlib>
#include <iostream>

#include "board/perft.hpp"
#include "tools/args.hpp"
#include "tools/subcommands.hpp"

namespace taper::tools {

int run_perft(const Subcommand& self, const std::vector<std::string>& args) {
  ArgParser parser(self, "FEN defaults to the start position; Chess960 castling rights (e.g. HAha) are understood.");
  std::vector<std::string> positional;
  if (auto code = parser.parse(args, positional, std::cout, std::cerr)) return *code;
  if (positional.empty()) return parser.usage_error("perft needs a DEPTH", std::cerr);
  char* end = nullptr;
  const long depth = std::strtol(positional[0].c_str(), &end, 10);
  if (*end || depth < 1 || depth > 20) return parser.usage_error("DEPTH must be an integer from 1 to 20", std::cerr);
  Position pos;
  std::string err;
  if (!pos.set(join_fen({positional.begin() + 1, positional.end()}), false, &err)) {
    std::cerr << "error: bad FEN: " << err << "\n";
    return 2;
  }
  const PerftReport r = perft_report(pos, int(depth));
  std::cout << r.text << std::flush;
  std::cerr << "time " << r.timeMs << " ms, " << r.nps() << " nps\n";
  return 0;
}

}  // namespace taper::tools
