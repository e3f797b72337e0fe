// SPDX-License-Identifier: GPL-3.0-or-later
// The synchronous engine facade over the Lazy SMP pool.
#include "search/engine.hpp"

#include "search/timeman.hpp"

namespace taper {

Engine::Engine(size_t hashMb, int threads) {
  pool_.set_hash(hashMb);
  pool_.set_threads(threads);
}

SearchResult Engine::search(const Position& pos, SearchLimits limits,
                            const std::function<void(const SearchReport&)>& onReport) {
  SearchResult result;
  if (!limits.startTime) limits.startTime = now_ms();
  SearchCallbacks cb;
  cb.onIteration = [&](const SearchReport& r) {
    if (r.multiPv == 1) result.last = r;
    if (onReport) onReport(r);
  };
  cb.onBestMove = [&](Move best, Move ponder) {
    result.best = best;
    result.ponder = ponder;
  };
  start(pos, limits, cb);
  wait();
  result.nodes = pool_.nodes_searched();
  result.timeMs = now_ms() - limits.startTime;
  return result;
}

}  // namespace taper
