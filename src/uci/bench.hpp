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

constexpr int BenchDefaultHashMb = 16;

/// Searches every bench position to `depth` (one thread, a hash of `hashMb`, cleared per
/// position), printing one line per position and the last line "<nodes> nodes <nps> nps". The
/// signature is the node count with the default hash; another size searches a different tree
/// (it serves speed measurements of large tables, e.g. large pages).
BenchResult run_bench(int depth, std::ostream& out, int hashMb = BenchDefaultHashMb);

}  // namespace taper
