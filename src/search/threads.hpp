// SPDX-License-Identifier: GPL-3.0-or-later
// Lazy SMP: a pool of search workers sharing one transposition table, started and stopped per `go`.
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "search/search.hpp"

namespace taper {

/// Whether this build can start threads. The WebAssembly build (Emscripten without pthreads, so
/// that a page needs no cross-origin isolation to run it) cannot: there a search runs on the
/// caller's thread, `go` returns once its bestmove is out, and one search thread is the most.
#ifdef __EMSCRIPTEN__
inline constexpr bool ThreadsAvailable = false;
#else
inline constexpr bool ThreadsAvailable = true;
#endif
/// The most search threads the `Threads` option and `--threads` flags accept.
inline constexpr int MaxSearchThreads = ThreadsAvailable ? 1024 : 1;

/// Settings that come from UCI options rather than from `go`.
struct SearchOptions {
  int multiPv = 1;
  TimePoint moveOverhead = 10;
  int syzygyProbeDepth = 1;
  int syzygyProbeLimit = 7;
  bool syzygy50MoveRule = true;
  int limitElo = 0;          ///< weakened play at this UCI_Elo (search/skill.hpp); 0 = full strength
  uint64_t skillSeed = 0;    ///< random state for the weakened move choice
};

class SearchPool {
 public:
  SearchPool();
  ~SearchPool();

  /// Number of search threads (waits for any running search first).
  void set_threads(int count);
  int threads() const { return int(workers_.size()); }
  /// Resizes the transposition table; false if the memory could not be had (old table kept).
  bool set_hash(size_t megabytes);
  /// Forgets everything learned: hash table, histories, evaluation caches (ucinewgame).
  void clear();

  /// Starts searching `pos` in the background; results arrive through `callbacks`.
  /// Exactly one onBestMove call ends every search.
  void start(const Position& pos, const SearchLimits& limits, const SearchCallbacks& callbacks,
             const SearchOptions& options);
  void stop();       ///< ends the search as soon as possible (bestmove follows): the GUI's `stop`
  void ponderhit();  ///< the opponent played the expected move: switch to normal timing
  void wait();       ///< blocks until the current search has sent its best move
  bool searching() const { return searching_.load(); }
  /// True once `stop` reached the running search: it is ending and sends its best move at once.
  bool stop_requested();
  uint64_t nodes_searched() const;
  TranspositionTable& tt() { return tt_; }

 private:
  void run();                               // body of the main search thread
  void wait_for_release();                  // holds a ponder or infinite search's result until stop / ponderhit
  const Worker& best_worker() const;        // Lazy SMP vote
  Move ponder_move(const RootMove& best);   // second PV move, or a guess from the TT
  void rank_root_moves_by_tablebase(std::vector<RootMove>& rootMoves);
  void wait_until_answer_allowed(bool holdForThinkTime);  // the protocol's and the level's gate

  std::vector<std::unique_ptr<Worker>> workers_;
  SharedSearchState shared_;
  TranspositionTable tt_;
  Position rootPos_;
  std::thread mainThread_;
  std::atomic<bool> searching_{false};
  std::mutex waitMutex_;
  std::condition_variable waitCv_;
  // `shared_.stop` tells the threads to stop searching, whatever the reason (a limit, the
  // level's node budget, the clock, the GUI). Only the GUI's `stop` (or quit) sets this one,
  // so that a ponder or infinite search never answers before `stop`/`ponderhit`. Guarded by
  // waitMutex_.
  bool stopCommanded_ = false;
  Move lastReported_;  // first move of the last PV line shown (written by the search thread only)
  int skillErrorCp_ = 0;     // > 0 while playing a weakened game (see search/skill.hpp)
  size_t skillLines_ = 1;
  uint64_t skillRng_ = 0;
  // A weakened level thinks for its share of the clock: its node budget is spent at once, and
  // the answer waits (asleep) until this time; 0 when there is no clock or no level.
  TimePoint thinkUntil_ = 0;
};

}  // namespace taper
