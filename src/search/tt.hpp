// SPDX-License-Identifier: GPL-3.0-or-later
// Shared transposition table: lock-free (XOR-validated) entries in cache-line buckets, aged replacement.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "core/types.hpp"

namespace taper {

enum Bound : uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/// What a probe returns (a copy, so other threads cannot change it under us).
struct TTData {
  Move move;
  Value value;   // adjusted to the probing ply (mate scores are stored relative to the node)
  Value eval;    // static evaluation, VALUE_NONE if unknown
  int depth;
  Bound bound;
  bool pv;       // the entry was written by a PV node
};

class TranspositionTable {
 public:
  TranspositionTable() = default;
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  /// Reallocates to `megabytes` (clearing it). Returns false (keeping the old table) if memory is short.
  bool resize(size_t megabytes);
  /// Zeroes the table using `threads` threads (large tables clear much faster in parallel).
  void clear(int threads = 1);
  /// Called once per search so older entries become preferred victims.
  void new_search() { generation_ = uint8_t((generation_ + 1) & GenerationMask); }

  /// Looks `key` up; on a hit fills `out` and returns true.
  bool probe(Key key, int ply, TTData& out) const;
  void store(Key key, int ply, Move move, Value value, Value eval, int depth, Bound bound, bool pv);
  void prefetch(Key key) const { __builtin_prefetch(&buckets_[index(key)]); }

  /// Permille of sampled entries written during the current search (UCI `hashfull`).
  int hashfull() const;
  size_t size_mb() const { return megabytes_; }
  /// Whether the kernel was asked to back the table with large pages (Linux, 2 MiB or more).
  bool large_pages_advised() const { return largePages_; }
  /// Where the table starts (for the test that checks the kernel's view of it).
  const void* memory() const { return buckets_; }

 private:
  // One entry is two 64-bit words: `keyXorData` and `data`. Readers accept an entry only if
  // keyXorData ^ data equals their key, so a torn write by another thread reads as a miss
  // (Hyatt's lockless hashing). Relaxed atomics make the races well defined.
  //
  // data layout, low to high bits:
  //   0-15  move            16-31 value (int16)     32-47 static eval (int16)
  //  48-55  depth + DepthOffset (uint8)
  //  56-57  bound           58    pv flag           59-63 generation (5 bits)
  struct Entry {
    std::atomic<uint64_t> keyXorData;
    std::atomic<uint64_t> data;
  };
  static constexpr int BucketSize = 4;  // 4 x 16 bytes = one 64-byte cache line
  struct alignas(64) Bucket {
    Entry entries[BucketSize];
  };
  static constexpr int DepthOffset = 8;       // qsearch depths are negative
  static constexpr uint8_t GenerationMask = 31;

  size_t index(Key key) const { return size_t((unsigned __int128)key * bucketCount_ >> 64); }

  Bucket* buckets_ = nullptr;
  size_t bucketCount_ = 0;
  size_t megabytes_ = 0;
  uint8_t generation_ = 0;
  bool largePages_ = false;
};

/// Mate scores are stored as distance from the node, not from the root.
Value value_to_tt(Value v, int ply);
Value value_from_tt(Value v, int ply);

}  // namespace taper
