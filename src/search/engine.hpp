// SPDX-License-Identifier: GPL-3.0-or-later
// The engine facade: one synchronous call runs a whole search (as Stockfish's Engine), so that
// bench, analyse and datagen do not each start the pool, collect callbacks and wait.
#pragma once

#include <functional>

#include "search/threads.hpp"

namespace taper {

/// What one finished search found.
struct SearchResult {
  Move best = Move::none();    ///< none only when the position has no legal move
  Move ponder = Move::none();
  SearchReport last;           ///< the last report of the first PV line (score, depth, PV)
  uint64_t nodes = 0;          ///< all threads
  TimePoint timeMs = 0;
};

/// A search pool with its settings, driven one search at a time: synchronously by `search`
/// (bench, analyse, datagen) or asynchronously by `start` (the UCI loop).
class Engine {
 public:
  explicit Engine(size_t hashMb = 16, int threads = 1);

  bool set_hash(size_t megabytes) { return pool_.set_hash(megabytes); }
  void set_threads(int count) { pool_.set_threads(count); }
  /// Forgets the hash table and histories (a new game, or a bench position).
  void clear() { pool_.clear(); }
  /// Settings every search uses (MultiPV, move overhead, Syzygy probing).
  SearchOptions& options() { return options_; }

  /// Searches `pos` within `limits` and returns once the best move is known. `onReport`, if
  /// given, sees every report as it comes (progress lines). `limits.startTime` 0 means now.
  SearchResult search(const Position& pos, SearchLimits limits,
                      const std::function<void(const SearchReport&)>& onReport = {});
  /// Ends a running search early (from another thread: the infinite analysis, UCI `stop`).
  void stop() { pool_.stop(); }

  // The asynchronous form, for the UCI loop's go / stop / ponderhit.
  /// Starts searching in the background; `callbacks` get the reports and exactly one best move.
  void start(const Position& pos, const SearchLimits& limits, const SearchCallbacks& callbacks) {
    pool_.start(pos, limits, callbacks, options_);
  }
  void ponderhit() { pool_.ponderhit(); }
  /// Blocks until the running search (if any) has sent its best move.
  void wait() { pool_.wait(); }
  bool searching() const { return pool_.searching(); }
  /// True once `stop` reached the running search (it is ending; `wait` returns soon).
  bool stop_requested() { return pool_.stop_requested(); }

 private:
  SearchPool pool_;
  SearchOptions options_;
};

}  // namespace taper
