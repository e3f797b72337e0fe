// SPDX-License-Identifier: GPL-3.0-or-later
// `taper pgn-data`: tuning positions from Taper's own match games (tune/pgn_data.hpp).
#include <iostream>

#include "tools/args.hpp"
#include "tools/subcommands.hpp"
#include "tools/tune_common.hpp"
#include "tune/pgn_data.hpp"

namespace taper::tools {

int run_pgn_data(const Subcommand& self, const std::vector<std::string>& args) {
  tune::PgnDataOptions o;
  ArgParser p(self, "Quiet positions from match PGNs (Taper's own games: SPRTs, SPSA, gauges), a few per game,\n"
                    "labelled with the game's result; with a label search, each is re-searched and may be\n"
                    "replaced by the quiet end of that search's principal variation. Eligible: a move of the\n"
                    "chosen engine with a centipawn score (no book move), not in check, quiet.");
  p.text("out", 0, "output file, written anew (FEN | score | result lines, '# game R' after each game)", o.output)
      .text("engine", 0, "keep positions that players whose name contains TEXT moved from (default: all)", o.engine,
            "TEXT")
      .integer("sample", 0, "keep N random eligible positions per game (default 10; 0: all)", o.samplesPerGame, 0,
               10000)
      .integer("label-nodes", 0, "re-search each kept position with N nodes for its score (default 0: the PGN's)",
               o.label.nodes, 0, 1LL << 40)
      .integer("label-depth", 0, "... or to depth N", o.label.depth, 0, 64)
      .toggle("pv-leaf", 0, "keep the end of the label search's principal variation instead of the position",
              o.label.pvLeaf)
      .integer("threads", 0, "positions labelled at once (default 2)", o.threads, 1, 256)
      .integer("hash", 0, "transposition table MB per labelling thread (default 8)", o.hashMb, 1, 4096)
      .integer("seed", 0, "random seed of the sample (default 1)", o.seed, 0, 1LL << 62)
      .text("note", 0, "a first '#' line saying where the games come from (e.g. the test and its sitting)", o.note,
            "TEXT");
  if (auto code = p.parse(args, o.inputs, std::cout, std::cerr)) return *code;
  if (o.inputs.empty()) return p.usage_error("give one or more PGN files", std::cerr);
  if (o.output.empty()) return p.usage_error("--out FILE is required", std::cerr);
  if (o.label.pvLeaf && !o.label.active())
    return p.usage_error("--pv-leaf needs a label search (--label-nodes or --label-depth)", std::cerr);
  o.header = command_line_header("pgn-data", args);
  tune::PgnDataReport r;
  std::string error;
  if (!tune::pgn_to_data(o, r, &error)) return std::cerr << "error: " << error << "\n", 1;
  std::cout << fmt("pgn-data: %llu games read, %llu used (White won %llu, drawn %llu, Black won %llu), %llu skipped; "
                   "%llu positions written to %s in %.0f s\n",
                   (unsigned long long)r.games, (unsigned long long)r.used, (unsigned long long)r.whiteWins,
                   (unsigned long long)r.draws, (unsigned long long)r.blackWins, (unsigned long long)r.skipped,
                   (unsigned long long)r.positions, o.output.c_str(), r.seconds);
  return 0;
}

}  // namespace taper::tools
