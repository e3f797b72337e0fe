// SPDX-License-Identifier: GPL-3.0-or-later
// `bench`: a fixed-depth, single-threaded search of a built-in position set; its node count is the
// signature of the engine's search and evaluation behaviour.
#pragma once

#include <cstdint>
#include <iosfwd>

namespace taper {

constexpr int BenchDefaultDepth = 12;
constexpr int BenchMaxDepth = 64;

struct BenchResult {
  uint64_t nodes = 0;
  uint64_t nps = 0;
  int64_t timeMs = 0;
};

/// Searches every bench position to `depth` (one thread, 16 MB hash, cleared per position),
/// printing one line per position and the last line "<nodes> nodes <nps> nps".
BenchResult run_bench(int depth, std::ostream& out);

}  // namespace taper
