// SPDX-License-Identifier: GPL-3.0-or-later
// `taper analyse`: a human-readable analysis of one position, for people rather than GUIs.
// Progress lines in SAN with scores in pawns from White's point of view.
#include <cstdio>
#include <iostream>
#include <thread>

#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "core/score_text.hpp"
#include "eval/wdl_model.hpp"
#include "search/engine.hpp"
#include "tb/syzygy.hpp"
#include "tools/args.hpp"
#include "tools/subcommands.hpp"
#include "uci/format.hpp"
#include "uci/version.hpp"

namespace taper::tools {

namespace {

struct AnalyseSettings {
  double seconds = 5;
  int threads = 1;
  int hashMb = 64;
  int multiPv = 1;
  int depth = 0;
  uint64_t nodes = 0;
  std::string syzygy;
  bool infinite = false;
};

std::string compact_count(uint64_t n) {
  char buf[32];
  if (n >= 10'000'000) std::snprintf(buf, sizeof buf, "%.0fM", n / 1e6);
  else if (n >= 1'000'000) std::snprintf(buf, sizeof buf, "%.1fM", n / 1e6);
  else if (n >= 10'000) std::snprintf(buf, sizeof buf, "%.0fk", n / 1e3);
  else std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(n));
  return buf;
}

/// "for 5 s", "to depth 20, for 1000000 nodes", "until Enter is pressed".
std::string limit_text(const AnalyseSettings& s) {
  std::string t;
  auto add = [&](const std::string& part) { t += (t.empty() ? "" : ", ") + part; };
  if (s.seconds > 0) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", s.seconds);
    add(std::string("for ") + buf + " s");
  }
  if (s.depth) add("to depth " + std::to_string(s.depth));
  if (s.nodes) add("for " + std::to_string(s.nodes) + " nodes");
  if (s.infinite) add("until Enter is pressed");
  return t;
}

std::string verdict(Value whiteScore) {
  if (std::abs(whiteScore) >= VALUE_MATE_IN_MAX_PLY) return whiteScore > 0 ? "White mates" : "Black mates";
  return whiteScore > 50 ? "White is better" : whiteScore < -50 ? "Black is better" : "about equal";
}

/// "White wins 31 %, draw 52 %, Black wins 17 %": the UCI_ShowWDL model's chances (docs/WDL.md)
/// for the final score, in the material on the board, from White's side.
std::string chances(const Position& pos, const SearchReport& last) {
  Wdl w = report_wdl(last, wdl_material(pos));
  if (pos.side_to_move() == BLACK) std::swap(w.win, w.loss);
  auto percent = [](int perMille) { return std::to_string((perMille + 5) / 10) + " %"; };
  return "White wins " + percent(w.win) + ", draw " + percent(w.draw) + ", Black wins " + percent(w.loss);
}

int analyse(const Position& pos, const AnalyseSettings& s, std::ostream& out) {
  out << engine_name() << " analysing " << limit_text(s) << " with " << s.threads << " thread(s)"
      << (s.multiPv > 1 ? ", " + std::to_string(s.multiPv) + " lines" : "") << "\n"
      << pos.pretty() << "\n";
  out << "Scores are in pawns from White's point of view (+ is good for White, #N is mate in N).\n\n";
  out << (s.multiPv > 1 ? "depth line   score    nodes   time  best line\n" : "depth   score    nodes   time  best line\n");
  if (MoveList<LEGAL>(pos).size() == 0) {
    out << "\nNo legal moves: " << (pos.in_check() ? "checkmate." : "stalemate.") << "\n";
    return 0;
  }

  Engine engine(size_t(s.hashMb), s.threads);
  engine.options().moveOverhead = 0;
  engine.options().multiPv = s.multiPv;
  SearchLimits limits;
  limits.moveTime = s.seconds > 0 ? std::max<TimePoint>(1, TimePoint(s.seconds * 1000)) : 0;
  limits.depth = s.depth;
  limits.nodes = s.nodes;
  limits.infinite = s.infinite;
  limits.analysis = true;  // an analysis shows the evaluation's own scores, not the game-play eval trend
  const int sign = pos.side_to_move() == WHITE ? 1 : -1;
  SearchReport lastExact;
  auto onReport = [&](const SearchReport& r) {
    if (r.bound != BOUND_EXACT) return;  // only settled lines
    if (r.multiPv == 1) lastExact = r;
    char head[64];
    if (s.multiPv > 1)
      std::snprintf(head, sizeof head, "%5d %4d %7s %8s %5.1fs  ", r.depth, r.multiPv, score_text(sign * r.score).c_str(),
                    compact_count(r.nodes).c_str(), r.timeMs / 1000.0);
    else
      std::snprintf(head, sizeof head, "%5d %7s %8s %5.1fs  ", r.depth, score_text(sign * r.score).c_str(),
                    compact_count(r.nodes).c_str(), r.timeMs / 1000.0);
    out << head << san_line(pos, r.pv) << std::endl;
  };
  // Infinite mode: a reader waits for Enter (or the end of stdin) and stops the search.
  std::thread stopper;
  if (s.infinite)
    stopper = std::thread([&engine] {
      std::string line;
      std::getline(std::cin, line);
      engine.stop();
    });
  const SearchResult result = engine.search(pos, limits, onReport);
  if (stopper.joinable()) stopper.join();

  Position copy = pos;
  out << "\nBest move: " << move_to_san(copy, result.best) << "   evaluation " << score_text(sign * lastExact.score)
      << " (" << verdict(sign * lastExact.score) << "), depth " << lastExact.depth << ", " << compact_count(result.nodes)
      << " nodes\nChances: " << chances(pos, lastExact) << "\n";
  return 0;
}

}  // namespace

int run_analyse(const Subcommand& self, const std::vector<std::string>& args) {
  AnalyseSettings s;
  double seconds = 0;
  ArgParser parser(self, "FEN defaults to the start position (quotes are optional). Without --time, --depth,\n"
                         "--nodes or --infinite the search takes 5 s.");
  parser.real("time", 't', "seconds to search", seconds, 0.001, 1e7, "SEC")
      .integer("depth", 'd', "stop after this depth", s.depth, 1, 127)
      .integer("nodes", 'n', "stop after about this many nodes", s.nodes, 1, 1LL << 50)
      .toggle("infinite", 'i', "search until Enter is pressed or stdin closes, printing each depth", s.infinite)
      .integer("multipv", 'm', "show the best N moves, not only the best one", s.multiPv, 1, 256)
      .integer("threads", 'j', "search threads (default 1)", s.threads, 1, MaxSearchThreads)
      .integer("hash", 0, "transposition table in MB (default 64)", s.hashMb, 1, 1 << 20, "MB")
      .text("syzygy", 0, "Syzygy tablebase folders, ':'-separated", s.syzygy, "PATH");
  std::vector<std::string> positional;
  if (auto code = parser.parse(args, positional, std::cout, std::cerr)) return *code;
  if (s.infinite && !ThreadsAvailable) {
    // The reader of Enter would be a second thread, which the WebAssembly build has not.
    std::cerr << "error: --infinite is not available in this build (no threads); give --time, --depth or --nodes\n";
    return 2;
  }
  s.seconds = seconds > 0 ? seconds : (s.depth || s.nodes || s.infinite) ? 0 : 5;
  Position pos;
  std::string err;
  if (!pos.set(join_fen(positional), false, &err)) {
    std::cerr << "error: bad FEN: " << err << "\n";
    return 2;
  }
  if (!s.syzygy.empty()) {
    const syzygy::LoadResult r = syzygy::init(s.syzygy);
    std::cout << r.message << "\n";
    if (!r.ok && r.wdlTables == 0) return 2;
  }
  return analyse(pos, s, std::cout);
}

}  // namespace taper::tools
