// SPDX-License-Identifier: GPL-3.0-or-later
// `taper datagen`: self-play games at a fixed search budget written as tuning data (tune/datagen.hpp).
#include <iostream>

#include "tools/args.hpp"
#include "tools/subcommands.hpp"
#include "tools/tune_common.hpp"
#include "tune/datagen.hpp"

namespace taper::tools {

int run_datagen(const Subcommand& self, const std::vector<std::string>& args) {
  tune::DatagenOptions o;
  ArgParser p(self, "Self-play games at a fixed search budget; quiet positions labelled with the result.\n"
                    "Running the same command again resumes (the file is appended to).");
  p.text("out", 0, "output file, appended to (FEN | score | result lines)", o.output)
      .integer("positions", 0, "stop when the file holds N positions (default 100000)", o.positions, 1, 1LL << 40)
      .integer("threads", 0, "games played at once (default 2)", o.threads, 1, 256)
      .integer("nodes", 0, "nodes per move (default 5000)", o.nodes, 0, 1LL << 40)
      .integer("depth", 0, "depth per move instead (sets nodes to 0 unless --nodes is given)", o.depth, 0, 64)
      .text("book", 0, "EPD/FEN openings (a name is looked up in books/ of the data folders)", o.book)
      .integer("random-plies", 0, "random moves after the book position (default 8)", o.randomPlies, 0, 100)
      .integer("opening-max", 0, "discard openings scored beyond N cp (default 400)", o.openingMaxScore, 0, 100000)
      .integer("win-score", 0, "adjudicate a win at |score| >= N ... (default 1000)", o.winScore, 1, 100000)
      .integer("win-plies", 0, "... held for N plies (default 6; 0: never)", o.winPlies, 0, 1000)
      .integer("draw-score", 0, "adjudicate a draw at |score| <= N ... (default 8)", o.drawScore, 0, 1000)
      .integer("draw-plies", 0, "... held for N plies (default 12; 0: never) ...", o.drawPlies, 0, 1000)
      .integer("draw-start", 0, "... from ply N on (default 80)", o.drawStartPly, 0, 10000)
      .integer("max-plies", 0, "game length limit, then a draw (default 400)", o.maxPlies, 1, 100000)
      .integer("sample", 0, "keep N random quiet positions per game (default 0: all)", o.samplesPerGame, 0, 10000)
      .integer("label-nodes", 0, "re-search each kept position with N nodes for its score (default 0: the game's)",
               o.labelNodes, 0, 1LL << 40)
      .integer("label-depth", 0, "... or to depth N", o.labelDepth, 0, 64)
      .toggle("pv-leaf", 0, "keep the end of the label search's principal variation instead of the position",
              o.pvLeaf)
      .integer("hash", 0, "transposition table MB per game thread (default 8)", o.hashMb, 1, 4096)
      .integer("seed", 0, "random seed (default 1)", o.seed, 0, 1LL << 62);
  std::vector<std::string> positional;
  if (auto code = p.parse(args, positional, std::cout, std::cerr)) return *code;
  if (!positional.empty()) return p.usage_error("unexpected argument '" + positional[0] + "'", std::cerr);
  if (o.output.empty()) return p.usage_error("--out FILE is required", std::cerr);
  if (ArgParser::given(args, "depth") && !ArgParser::given(args, "nodes")) o.nodes = 0;
  if (o.pvLeaf && !o.labelNodes && !o.labelDepth)
    return p.usage_error("--pv-leaf needs a label search (--label-nodes or --label-depth)", std::cerr);
  o.header = command_line_header("datagen", args);
  o.book = find_data_file(o.book, "books");
  std::cerr << "datagen: " << o.positions << " positions to " << o.output << ", " << o.threads << " threads, "
            << (o.nodes ? std::to_string(o.nodes) + " nodes" : "") << (o.nodes && o.depth ? " / " : "")
            << (o.depth ? "depth " + std::to_string(o.depth) : "") << " per move, openings "
            << (o.book.empty() ? "start position" : o.book) << " + " << o.randomPlies << " random plies\n";
  tune::DatagenReport r;
  std::string error;
  if (!tune::generate_data(o, r, &error)) return std::cerr << "error: " << error << "\n", 1;
  std::cout << fmt("datagen: %llu positions were there, %llu added from %llu games (White won %llu, drawn %llu, Black "
                   "won %llu; %llu adjudicated; %llu openings discarded) in %.0f s\n",
                   (unsigned long long)r.existing, (unsigned long long)r.positions, (unsigned long long)r.games,
                   (unsigned long long)r.whiteWins, (unsigned long long)r.draws, (unsigned long long)r.blackWins,
                   (unsigned long long)r.adjudicated, (unsigned long long)r.discardedOpenings, r.seconds);
  return 0;
}

}  // namespace taper::tools
