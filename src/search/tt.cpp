// SPDX-License-Identifier: GPL-3.0-or-later
// Transposition table storage, probing and replacement.
#include "search/tt.hpp"

#include <algorithm>
#include <cstdlib>
#ifdef _WIN32
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif
#include <cstring>
#include <new>
#include <thread>
#include <vector>

namespace taper {

namespace {

constexpr size_t LargePage = size_t(2) << 20;  // x86-64 and ARM64 Linux transparent huge pages

// Memory for the buckets, cache-line aligned. The Windows C runtime has no aligned_alloc, and
// what _aligned_malloc returns must go back through _aligned_free.
//
// On Linux a table of 2 MiB or more is aligned to 2 MiB and advised as MADV_HUGEPAGE, so that
// the kernel backs it with 2 MiB pages where transparent huge pages are enabled ("always" or
// "madvise" in /sys/kernel/mm/transparent_hugepage/enabled): every probe is a random access,
// and with 4 KiB pages most of them also miss the TLB (Stockfish does the same, tt.cpp and
// memory.cpp). Where the kernel says no, the table works as before with small pages.
void* allocate_aligned(size_t bytes, bool& largePages) {
  largePages = false;
#ifdef _WIN32
  return _aligned_malloc(bytes, 64);
#else
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes >= LargePage) {
    const size_t rounded = (bytes + LargePage - 1) / LargePage * LargePage;  // aligned_alloc wants a multiple
    void* mem = std::aligned_alloc(LargePage, rounded);
    if (mem) largePages = madvise(mem, rounded, MADV_HUGEPAGE) == 0;
    return mem;
  }
#endif
  return std::aligned_alloc(64, bytes);
#endif
}

void free_aligned(void* p) {
#ifdef _WIN32
  _aligned_free(p);
#else
  std::free(p);
#endif
}

uint64_t pack(Move move, Value value, Value eval, int depth, Bound bound, bool pv, uint8_t generation) {
  return uint64_t(move.raw()) | uint64_t(uint16_t(int16_t(value))) << 16 | uint64_t(uint16_t(int16_t(eval))) << 32 |
         uint64_t(uint8_t(depth)) << 48 | uint64_t(bound) << 56 | uint64_t(pv) << 58 | uint64_t(generation) << 59;
}

uint8_t generation_of(uint64_t data) { return uint8_t(data >> 59); }
int depth_of(uint64_t data) { return int(uint8_t(data >> 48)); }

}  // namespace

TranspositionTable::~TranspositionTable() { free_aligned(buckets_); }

bool TranspositionTable::resize(size_t megabytes) {
  megabytes = std::max<size_t>(megabytes, 1);
  size_t count = megabytes * 1024 * 1024 / sizeof(Bucket);
  bool largePages = false;
  void* mem = allocate_aligned(count * sizeof(Bucket), largePages);
  if (!mem) return false;
  free_aligned(buckets_);
  buckets_ = static_cast<Bucket*>(mem);
  largePages_ = largePages;
  bucketCount_ = count;
  megabytes_ = megabytes;
  clear();
  return true;
}

void TranspositionTable::clear(int threads) {
  if (!buckets_) return;
  threads = std::max(1, threads);
  size_t chunk = (bucketCount_ + threads - 1) / threads;
  auto work = [this, chunk](size_t start) {
    size_t end = std::min(bucketCount_, start + chunk);
    if (start < end) std::memset(static_cast<void*>(buckets_ + start), 0, (end - start) * sizeof(Bucket));
  };
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back(work, size_t(i) * chunk);
  work(0);
  for (auto& t : pool) t.join();
  generation_ = 0;
}

bool TranspositionTable::probe(Key key, int ply, TTData& out) const {
  const Bucket& b = buckets_[index(key)];
  for (const Entry& e : b.entries) {
    uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((e.keyXorData.load(std::memory_order_relaxed) ^ data) != key || data == 0) continue;
    out.move = Move(uint16_t(data));
    out.value = value_from_tt(int16_t(data >> 16), ply);
    out.eval = int16_t(data >> 32);
    out.depth = depth_of(data) - DepthOffset;
    out.bound = Bound((data >> 56) & 3);
    out.pv = (data >> 58) & 1;
    return true;
  }
  return false;
}

void TranspositionTable::store(Key key, int ply, Move move, Value value, Value eval, int depth, Bound bound, bool pv) {
  Bucket& b = buckets_[index(key)];
  Entry* victim = &b.entries[0];
  int victimWorth = INT32_MAX;
  for (Entry& e : b.entries) {
    uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((e.keyXorData.load(std::memory_order_relaxed) ^ data) == key) {
      // Same position: keep the old move if we have none, and don't overwrite a much deeper
      // result with a shallow non-exact one.
      if (!move) move = Move(uint16_t(data));
      if (bound != BOUND_EXACT && depth + DepthOffset + 4 < depth_of(data) && generation_of(data) == generation_) return;
      victim = &e;
      break;
    }
    // Prefer replacing shallow entries from earlier searches.
    int age = (generation_ - generation_of(data)) & GenerationMask;
    int worth = depth_of(data) - 8 * age;
    if (worth < victimWorth) {
      victimWorth = worth;
      victim = &e;
    }
  }
  uint64_t data = pack(move, value_to_tt(value, ply), eval, std::clamp(depth + DepthOffset, 0, 255), bound, pv, generation_);
  victim->data.store(data, std::memory_order_relaxed);
  victim->keyXorData.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  int used = 0, sampled = 0;
  for (size_t i = 0; i < std::min<size_t>(bucketCount_, 250); ++i)
    for (const Entry& e : buckets_[i].entries) {
      uint64_t data = e.data.load(std::memory_order_relaxed);
      used += data != 0 && generation_of(data) == generation_;
      ++sampled;
    }
  return sampled ? used * 1000 / sampled : 0;
}

Value value_to_tt(Value v, int ply) {
  if (v == VALUE_NONE) return v;
  return v >= VALUE_TB_WIN_IN_MAX_PLY ? v + ply : v <= VALUE_TB_LOSS_IN_MAX_PLY ? v - ply : v;
}

Value value_from_tt(Value v, int ply) {
  if (v == VALUE_NONE) return v;
  return v >= VALUE_TB_WIN_IN_MAX_PLY ? v - ply : v <= VALUE_TB_LOSS_IN_MAX_PLY ? v + ply : v;
}

}  // namespace taper
