// SPDX-License-Identifier: GPL-3.0-or-later
// `taper bench [DEPTH] [--hash MB]`: the same driver as the UCI `bench` command (uci/bench.hpp), so both
// print the same signature in the format OpenBench parses.
#include <cstdlib>
#include <iostream>

#include "tools/args.hpp"
#include "tools/subcommands.hpp"
#include "uci/bench.hpp"

namespace taper::tools {

int run_bench(const Subcommand& self, const std::vector<std::string>& args) {
  ArgParser parser(self, "DEPTH defaults to " + std::to_string(BenchDefaultDepth) +
                             "; one thread, 16 MB hash cleared before each position. The node count is the\n"
                             "engine's behaviour signature (a commit that changes it says `Bench: N`).");
  int hashMb = BenchDefaultHashMb;
  parser.integer("hash", 0, "transposition table in MB (default 16, the size that gives the signature)", hashMb, 1,
                 1 << 20, "MB");
  std::vector<std::string> positional;
  if (auto code = parser.parse(args, positional, std::cout, std::cerr)) return *code;
  int depth = BenchDefaultDepth;
  if (positional.size() > 1) return parser.usage_error("bench takes at most one DEPTH", std::cerr);
  if (!positional.empty()) {
    char* end = nullptr;
    const long d = std::strtol(positional[0].c_str(), &end, 10);
    if (*end || d < 1 || d > BenchMaxDepth)
      return parser.usage_error("DEPTH must be an integer from 1 to " + std::to_string(BenchMaxDepth), std::cerr);
    depth = int(d);
  }
  taper::run_bench(depth, std::cout, hashMb);
  return 0;
}

}  // namespace taper::tools
