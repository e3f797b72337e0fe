// SPDX-License-Identifier: GPL-3.0-or-later
// Human-readable analysis: progress lines in SAN with scores in pawns from White's point of view.
#include "uci/analyse.hpp"

#include <cstdio>
#include <ostream>

#include "board/notation.hpp"
#include "search/threads.hpp"
#include "uci/format.hpp"
#include "uci/version.hpp"

namespace taper {

namespace {

std::string compact_count(uint64_t n) {
  char buf[32];
  if (n >= 10'000'000) std::snprintf(buf, sizeof buf, "%.0fM", n / 1e6);
  else if (n >= 1'000'000) std::snprintf(buf, sizeof buf, "%.1fM", n / 1e6);
  else if (n >= 10'000) std::snprintf(buf, sizeof buf, "%.0fk", n / 1e3);
  else std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(n));
  return buf;
}

}  // namespace

int run_analysis(const std::string& fen, double seconds, int threads, std::ostream& out) {
  Position pos;
  std::string err;
  if (!pos.set(fen, false, &err)) {
    out << "error: bad FEN: " << err << "\n";
    return 2;
  }
  out << engine_name() << " analysing for " << seconds << " s with " << threads << " thread(s)\n" << pos.pretty() << "\n";
  out << "Scores are in pawns from White's point of view (+ is good for White, #N is mate in N).\n\n";
  out << "depth   score    nodes   time  best line\n";

  SearchPool pool;
  pool.set_hash(64);
  pool.set_threads(threads);
  SearchLimits limits;
  limits.startTime = now_ms();
  limits.moveTime = std::max<TimePoint>(1, TimePoint(seconds * 1000));
  const int sign = pos.side_to_move() == WHITE ? 1 : -1;
  SearchReport last;
  SearchCallbacks cb;
  cb.onIteration = [&](const SearchReport& r) {
    if (r.bound != BOUND_EXACT) return;  // only settled lines
    last = r;
    char head[64];
    std::snprintf(head, sizeof head, "%5d %7s %8s %5.1fs  ", r.depth, human_score(sign * r.score).c_str(),
                  compact_count(r.nodes).c_str(), r.timeMs / 1000.0);
    out << head << san_line(pos, r.pv) << std::endl;
  };
  Move best = Move::none();
  cb.onBestMove = [&](Move m, Move) { best = m; };
  SearchOptions options;
  options.moveOverhead = 0;
  pool.start(pos, limits, cb, options);
  pool.wait();

  if (!best) {
    out << "\nNo legal moves: " << (pos.in_check() ? "checkmate." : "stalemate.") << "\n";
    return 0;
  }
  Position copy = pos;
  out << "\nBest move: " << move_to_san(copy, best) << "   evaluation " << human_score(sign * last.score) << " ("
      << (std::abs(last.score) >= VALUE_MATE_IN_MAX_PLY ? (sign * last.score > 0 ? "White mates" : "Black mates")
          : sign * last.score > 50 ? "White is better" : sign * last.score < -50 ? "Black is better" : "about equal")
      << "), depth " << last.depth << ", " << compact_count(pool.nodes_searched()) << " nodes\n";
  return 0;
}

}  // namespace taper
