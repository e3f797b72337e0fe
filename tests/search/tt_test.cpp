// SPDX-License-Identifier: GPL-3.0-or-later
// The transposition table's memory: large tables are 2 MiB aligned and advised for huge pages
// on Linux (the kernel's own view of the mapping says so), small ones are not, and every bucket
// of a table whose size was rounded up to whole large pages stores and probes.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "search/tt.hpp"

using namespace taper;

namespace {

constexpr uintptr_t TwoMiB = uintptr_t(2) << 20;

/// The VmFlags line of the mapping of this process that contains `address` ("" if not found).
std::string vm_flags_of(const void* address) {
  std::ifstream smaps("/proc/self/smaps");
  const uintptr_t a = reinterpret_cast<uintptr_t>(address);
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    uintptr_t start = 0, end = 0;
    char dash = 0;
    std::istringstream range(line);
    if (range >> std::hex >> start >> dash >> end && dash == '-') inside = start <= a && a < end;
    else if (inside && line.rfind("VmFlags:", 0) == 0) return line;
  }
  return "";
}

}  // namespace

TEST(TranspositionTable, LargeTableIsAlignedAndAdvisedForHugePages) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(64));
#if defined(__linux__)
  EXPECT_EQ(reinterpret_cast<uintptr_t>(tt.memory()) % TwoMiB, 0u);
  ASSERT_TRUE(tt.large_pages_advised()) << "madvise(MADV_HUGEPAGE) refused: a kernel without transparent huge pages";
  const std::string flags = vm_flags_of(tt.memory());
  if (flags.empty()) GTEST_SKIP() << "/proc/self/smaps not readable here";
  // "hg": the kernel recorded MADV_HUGEPAGE for the table's mapping.
  EXPECT_NE((flags + " ").find(" hg "), std::string::npos) << flags;
#else
  EXPECT_FALSE(tt.large_pages_advised());
#endif
}

TEST(TranspositionTable, SmallTableIsNotAdvised) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(1));
  EXPECT_FALSE(tt.large_pages_advised());
  EXPECT_EQ(reinterpret_cast<uintptr_t>(tt.memory()) % 64, 0u);
}

TEST(TranspositionTable, FirstAndLastBucketsOfARoundedTableStoreAndProbe) {
  // 3 MB is not a whole number of 2 MiB pages: the allocation is rounded up, the table is not.
  for (size_t mb : {size_t(1), size_t(3), size_t(64)}) {
    TranspositionTable tt;
    ASSERT_TRUE(tt.resize(mb));
    for (Key key : {Key(1), ~Key(0), Key(0x9E3779B97F4A7C15ULL)}) {
      tt.store(key, 0, Move::none(), 123, 45, 7, BOUND_EXACT, true);
      TTData d;
      ASSERT_TRUE(tt.probe(key, 0, d)) << mb << " MB, key " << key;
      EXPECT_EQ(d.value, 123);
      EXPECT_EQ(d.eval, 45);
      EXPECT_EQ(d.depth, 7);
      EXPECT_EQ(d.bound, BOUND_EXACT);
    }
  }
}
