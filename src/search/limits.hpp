// SPDX-License-Identifier: GPL-3.0-or-later
// What a search is asked to do (limits) and what it reports back (callbacks), protocol-neutral.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "search/tt.hpp"

namespace taper {

using TimePoint = int64_t;  // milliseconds

/// Limits of one search, as given by `go`.
struct SearchLimits {
  TimePoint time[COLOR_NB] = {0, 0};  // remaining clock time
  TimePoint inc[COLOR_NB] = {0, 0};
  int movesToGo = 0;
  int depth = 0;          // 0: no limit
  uint64_t nodes = 0;     // 0: no limit
  TimePoint moveTime = 0; // 0: no limit
  int mate = 0;           // search for a mate in this many moves
  bool infinite = false;
  bool ponder = false;
  bool analysis = false;  // scores must be the evaluation's own: no eval trend (UCI_AnalyseMode, go infinite, `taper analyse`)
  std::vector<Move> searchMoves;  // restrict the root moves (empty: all)
  TimePoint startTime = 0;        // set when `go` is received
  bool clock = false;             // wtime/btime were given (even if zero)

  bool use_time_management() const { return clock; }
};

/// One line of search output (one PV of one completed or interrupted iteration).
struct SearchReport {
  int depth = 0;
  int selDepth = 0;
  int multiPv = 1;
  Value score = VALUE_ZERO;
  Bound bound = BOUND_EXACT;  // BOUND_LOWER / BOUND_UPPER when an aspiration window failed
  bool tbScore = false;       // score comes from tablebases (for WDL reporting)
  uint64_t nodes = 0;
  TimePoint timeMs = 0;
  int hashfull = 0;
  uint64_t tbHits = 0;
  std::vector<Move> pv;
};

/// How the search talks to the outside world (UCI, the analysis printer, tests).
struct SearchCallbacks {
  std::function<void(const SearchReport&)> onIteration;
  std::function<void(int depth, Move move, int number)> onCurrMove;
  std::function<void(Move best, Move ponder)> onBestMove;
  std::function<void(const std::string&)> onMessage;  // free-form notes ("info string")
};

}  // namespace taper
