// SPDX-License-Identifier: GPL-3.0-or-later
// The archive of tables built into the binary: the LZ77 coder restores what it packed and
// rejects damaged input without reading or writing out of bounds (ASan watches), and the
// built-in tables answer exactly what the solver answers for every position a probe can ask.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "bitbase/archive.hpp"
#include "core/bitboard.hpp"

using namespace taper;
using namespace taper::bitbase;

namespace {

std::vector<uint8_t> sample_bytes(size_t n, int kind, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) {
    switch (kind) {
      case 0: v[i] = uint8_t(rng()); break;                                     // incompressible
      case 1: v[i] = uint8_t(i / 1000 % 3); break;                              // long runs
      case 2: v[i] = i >= 97 && rng() % 50 ? v[i - 97] : uint8_t(rng() & 3); break;  // rows that repeat
      default: v[i] = uint8_t(i % 7 == 0 ? rng() & 15 : 0x55); break;
    }
  }
  return v;
}

/// Solves `m` (and what it needs) with the solver, and its in-use flags.
std::unique_ptr<Table> solve_fresh(Material m, std::vector<bool>& inUse) {
  static std::map<int, std::unique_ptr<Table>> subs;
  for (Material sub : sub_materials(m))
    if (!subs.count(sub.code())) {
      std::vector<bool> ignored;
      subs[sub.code()] = solve_fresh(sub, ignored);
    }
  auto lookup = [](Material sub, const Config& c) {
    if (dead_draw(sub)) return Wdl::Draw;
    const Table* t = subs.at(sub.code()).get();
    return t->get(t->index_of(c));
  };
  return solve(m, lookup, &inUse);
}

void expect_built_in_equals_solver(Material m) {
  size_t size = 0;
  const uint8_t* archive = embedded_archive(size);
  if (!archive) GTEST_SKIP() << "built with TAPER_EMBED_BITBASES=OFF";
  init_bitboards();
  std::unique_ptr<Table> builtIn = read_from_archive(archive, size, m);
  ASSERT_TRUE(builtIn) << signature(m);
  std::vector<bool> inUse;
  std::unique_ptr<Table> fresh = solve_fresh(m, inUse);
  ASSERT_EQ(builtIn->size(), fresh->size());
  uint32_t used = 0, differ = 0;
  for (uint32_t i = 0; i < fresh->size(); ++i)
    if (inUse[i]) {
      ++used;
      differ += builtIn->get(i) != fresh->get(i);
    }
  EXPECT_EQ(differ, 0u) << signature(m) << ": " << differ << " of " << used << " positions differ";
  EXPECT_GT(used, fresh->size() / 3) << signature(m);
}

}  // namespace

TEST(BitbaseArchive, CompressionRoundTrips) {
  for (size_t n : {size_t(0), size_t(1), size_t(3), size_t(4), size_t(5), size_t(4096), size_t(200000)})
    for (int kind = 0; kind < 4; ++kind) {
      std::vector<uint8_t> raw = sample_bytes(n, kind, n * 10 + size_t(kind));
      std::vector<uint8_t> packed = compress(raw), back;
      ASSERT_TRUE(decompress(packed.data(), packed.size(), raw.size(), back)) << n << " bytes, kind " << kind;
      EXPECT_EQ(back, raw) << n << " bytes, kind " << kind;
      if (kind == 1 && n >= 4096) {
        EXPECT_LT(packed.size() * 20, raw.size()) << "runs must pack well";
      }
    }
}

TEST(BitbaseArchive, DamagedInputIsRejectedNotOverrun) {
  std::vector<uint8_t> raw = sample_bytes(5000, 2, 3);
  std::vector<uint8_t> packed = compress(raw), out;
  for (size_t cut = 0; cut < packed.size(); cut += 7)  // truncated anywhere
    EXPECT_FALSE(decompress(packed.data(), cut, raw.size(), out)) << cut;
  EXPECT_FALSE(decompress(packed.data(), packed.size(), raw.size() + 1, out));  // too short a stream
  EXPECT_FALSE(decompress(packed.data(), packed.size(), raw.size() - 1, out));  // too long a stream
  std::mt19937_64 rng(5);
  for (int i = 0; i < 2000; ++i) {  // random bit flips: any answer but a crash or an overrun
    std::vector<uint8_t> bad = packed;
    bad[rng() % bad.size()] ^= uint8_t(1u << (rng() % 8));
    if (decompress(bad.data(), bad.size(), raw.size(), out)) {
      EXPECT_EQ(out.size(), raw.size());
    }
  }
  // A damaged archive yields no table rather than a wrong one: the checksum catches the rest.
  size_t size = 0;
  const uint8_t* archive = embedded_archive(size);
  if (!archive) return;
  std::vector<uint8_t> copy(archive, archive + size);
  copy[copy.size() / 2] ^= 0x10;
  int readable = 0;
  for (Material m : StoredEndings) readable += read_from_archive(copy.data(), copy.size(), m) != nullptr;
  EXPECT_EQ(readable, int(std::size(StoredEndings)) - 1);
  EXPECT_FALSE(read_from_archive(copy.data(), 10, Material{ROOK, KNIGHT}));
}

TEST(BitbaseArchive, HoldsExactlyTheStoredEndings) {
  size_t size = 0;
  const uint8_t* archive = embedded_archive(size);
  if (!archive) GTEST_SKIP() << "built with TAPER_EMBED_BITBASES=OFF";
  std::vector<Material> held = archive_materials(archive, size);
  ASSERT_EQ(held.size(), std::size(StoredEndings));
  for (size_t i = 0; i < held.size(); ++i) EXPECT_TRUE(held[i] == StoredEndings[i]) << signature(held[i]);
}

// Two pawnless tables in the quick suite; all five in the slow one (make test-slow).
TEST(BitbaseArchive, BuiltInKRvKNAndKRvKBEqualTheSolver) {
  expect_built_in_equals_solver(Material{ROOK, KNIGHT});
  expect_built_in_equals_solver(Material{ROOK, BISHOP});
}

TEST(BitbaseArchive, BuiltInTablesEqualTheSolverSlow) {
  for (Material m : StoredEndings) expect_built_in_equals_solver(m);
}
