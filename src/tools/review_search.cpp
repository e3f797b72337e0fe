// SPDX-License-Identifier: GPL-3.0-or-later
// Searching every position of a game for `taper review`. The positions are independent, so
// `--threads N` searches N of them at once, one search thread each, rather than one at a time with
// N Lazy SMP threads: the time per position stays what the user asked for and the wall time
// divides by N (Lazy SMP would make each search better, not the review faster; docs/REVIEW.md has
// the measurements). Each position starts from a cleared hash table, so that a review with
// --nodes gives the same output whatever the thread count and the order the workers take them in.
#include <atomic>
#include <mutex>
#include <thread>

#include "board/movegen.hpp"
#include "search/engine.hpp"
#include "tools/review.hpp"

namespace taper::tools {

std::vector<Position> game_positions(const PgnGame& game) {
  std::vector<Position> out;
  Position pos = game.start_position();
  out.push_back(pos);
  for (const PgnMove& m : game.moves) {
    pos.do_move(m.move);
    out.push_back(pos);
  }
  return out;
}

PositionVerdict search_position(Engine& engine, const Position& pos, const ReviewLimits& limits) {
  PositionVerdict v;
  if (MoveList<LEGAL>(pos).size() == 0) {
    v.over = true;
    v.score = pos.in_check() ? -VALUE_MATE : VALUE_DRAW;
    return v;
  }
  engine.clear();
  SearchLimits sl;
  sl.analysis = true;  // the evaluation's own scores, as `taper analyse` shows them
  if (limits.nodes) sl.nodes = limits.nodes;
  else sl.moveTime = std::max<TimePoint>(1, limits.moveTimeMs);
  const SearchResult r = engine.search(pos, sl);
  v.score = r.last.score;
  v.tablebase = r.last.tbScore;
  v.best = r.best;
  v.pv = r.last.pv;
  if (v.pv.empty() || v.pv[0] != v.best) v.pv = {v.best};
  v.depth = r.last.depth;
  v.nodes = r.nodes;
  return v;
}

std::vector<PositionVerdict> search_positions(const std::vector<Position>& positions, const ReviewLimits& limits,
                                              const std::function<void(int, int)>& progress) {
  std::vector<PositionVerdict> out(positions.size());
  const int total = int(positions.size());
  const int workers = std::max(1, std::min(limits.threads, total));
  std::atomic<int> next{0};
  std::mutex progressMutex;
  int done = 0;
  auto work = [&] {
    Engine engine(size_t(std::max(1, limits.hashMb)), 1);
    engine.options().moveOverhead = 0;
    for (int i; (i = next.fetch_add(1)) < total;) {
      out[size_t(i)] = search_position(engine, positions[size_t(i)], limits);
      std::lock_guard lock(progressMutex);
      ++done;
      if (progress) progress(done, total);
    }
  };
  if (workers == 1 || !ThreadsAvailable) {
    work();
  } else {
    std::vector<std::thread> pool;
    for (int w = 0; w < workers; ++w) pool.emplace_back(work);
    for (std::thread& t : pool) t.join();
  }
  return out;
}

}  // namespace taper::tools
