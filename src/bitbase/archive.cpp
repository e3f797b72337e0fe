// SPDX-License-Identifier: GPL-3.0-or-later
// The compressed archive of solved tables: an LZ77 coder written for these tables (the release
// binaries link no compression library) and the archive's layout.
//
// A table is a few megabytes of two-bit entries that change rarely from one square of the last
// piece to the next and repeat whole rows from one square of another piece to the next: LZ77
// with long distances finds both. Compressed stream: sequences of
//   varint literalCount, literalCount bytes, [varint matchLength - MinMatch, varint distance]
// where the match is left out once the output is complete.
#include "bitbase/archive.hpp"

#include <algorithm>
#include <cstring>

namespace taper::bitbase {

namespace {

constexpr size_t MinMatch = 4;
constexpr int HashBits = 18;
constexpr int MaxChain = 48;        // candidates tried per position
constexpr size_t GoodEnough = 512;  // a match this long ends the search
constexpr char Magic[4] = {'T', 'B', 'B', '1'};

void put_varint(std::vector<uint8_t>& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(uint8_t(v | 0x80));
    v >>= 7;
  }
  out.push_back(uint8_t(v));
}

bool get_varint(const uint8_t*& p, const uint8_t* end, uint64_t& v) {
  v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (p == end) return false;
    uint8_t b = *p++;
    v |= uint64_t(b & 0x7f) << shift;
    if (!(b & 0x80)) return true;
  }
  return false;
}

void put_le(std::vector<uint8_t>& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

uint64_t get_le(const uint8_t* p, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= uint64_t(p[i]) << (8 * i);
  return v;
}

uint32_t hash4(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return (v * 2654435761u) >> (32 - HashBits);
}

uint64_t fnv1a(const std::vector<uint8_t>& bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ull;
  return h;
}

/// Finds the longest earlier match at `i` (length 0 if none of at least MinMatch).
struct Matcher {
  const std::vector<uint8_t>& in;
  std::vector<int32_t> head, prev;

  explicit Matcher(const std::vector<uint8_t>& input) : in(input), head(size_t(1) << HashBits, -1), prev(input.size(), -1) {}

  void insert(size_t i) {
    if (i + MinMatch > in.size()) return;
    uint32_t h = hash4(&in[i]);
    prev[i] = head[h];
    head[h] = int32_t(i);
  }

  std::pair<size_t, size_t> longest(size_t i) const {  // {length, distance}
    size_t bestLen = 0, bestDist = 0;
    if (i + MinMatch > in.size()) return {0, 0};
    const size_t limit = in.size() - i;
    int32_t cand = head[hash4(&in[i])];
    for (int tries = 0; cand >= 0 && tries < MaxChain; ++tries, cand = prev[size_t(cand)]) {
      size_t c = size_t(cand);
      if (bestLen && in[c + bestLen] != in[i + bestLen]) continue;  // cannot be longer
      size_t len = 0;
      while (len < limit && in[c + len] == in[i + len]) ++len;
      if (len > bestLen) {
        bestLen = len;
        bestDist = i - c;
        if (len >= GoodEnough || len == limit) break;
      }
    }
    return bestLen >= MinMatch ? std::make_pair(bestLen, bestDist) : std::make_pair(size_t(0), size_t(0));
  }
};

}  // namespace

std::vector<uint8_t> smoothed_data(const Table& table, const std::vector<bool>& inUse) {
  std::vector<uint8_t> bytes = table.data();
  unsigned previous = 0;
  for (uint32_t i = 0; i < table.size() && i < inUse.size(); ++i) {
    uint8_t& b = bytes[i >> 2];
    int shift = int(i & 3) * 2;
    if (inUse[i])
      previous = (b >> shift) & 3;
    else
      b = uint8_t((b & ~(3u << shift)) | (previous << shift));
  }
  return bytes;
}

std::vector<uint8_t> compress(const std::vector<uint8_t>& raw) {
  std::vector<uint8_t> out;
  Matcher matcher(raw);
  size_t i = 0, literalStart = 0;
  auto flush_literals = [&](size_t end) {
    put_varint(out, end - literalStart);
    out.insert(out.end(), raw.begin() + std::ptrdiff_t(literalStart), raw.begin() + std::ptrdiff_t(end));
  };
  while (i < raw.size()) {
    auto [len, dist] = matcher.longest(i);
    matcher.insert(i);
    if (!len) {
      ++i;
      continue;
    }
    // One step of lazy matching: a longer match one byte later is worth a literal.
    size_t firstUninserted = i + 1;
    auto [nextLen, nextDist] = matcher.longest(i + 1);
    if (nextLen > len + 1) {
      ++i;
      len = nextLen;
      dist = nextDist;
      firstUninserted = i;
    }
    flush_literals(i);
    put_varint(out, len - MinMatch);
    put_varint(out, dist);
    for (size_t k = firstUninserted; k < i + len; ++k) matcher.insert(k);
    i += len;
    literalStart = i;
  }
  flush_literals(raw.size());
  return out;
}

bool decompress(const uint8_t* packed, size_t packedSize, size_t size, std::vector<uint8_t>& out) {
  out.assign(size, 0);
  const uint8_t* p = packed;
  const uint8_t* end = packed + packedSize;
  size_t at = 0;
  while (true) {
    uint64_t literals;
    if (!get_varint(p, end, literals) || literals > size - at || literals > size_t(end - p)) return false;
    if (literals) std::memcpy(out.data() + at, p, literals);  // (an empty output has no data())
    p += literals;
    at += literals;
    if (at == size) return p == end;
    uint64_t len, dist;
    if (!get_varint(p, end, len) || !get_varint(p, end, dist)) return false;
    len += MinMatch;
    if (dist == 0 || dist > at || len > size - at) return false;
    uint8_t* dst = out.data() + at;
    const uint8_t* src = dst - dist;
    if (dist >= len) {
      std::memcpy(dst, src, len);
    } else {
      for (size_t k = 0; k < len; ++k) dst[k] = src[k];  // overlapping: a repeating pattern
    }
    at += len;
  }
}

std::vector<uint8_t> write_archive(const std::vector<const Table*>& tables,
                                   const std::vector<std::vector<uint8_t>>& smoothedData) {
  std::vector<uint8_t> out(std::begin(Magic), std::end(Magic));
  out.push_back(uint8_t(tables.size()));
  for (size_t t = 0; t < tables.size(); ++t) {
    const std::vector<uint8_t>& raw = smoothedData[t];
    std::vector<uint8_t> packed = compress(raw);
    out.push_back(uint8_t(tables[t]->material().white));
    out.push_back(uint8_t(tables[t]->material().black));
    put_le(out, raw.size(), 4);
    put_le(out, packed.size(), 4);
    put_le(out, fnv1a(raw), 8);
    out.insert(out.end(), packed.begin(), packed.end());
  }
  return out;
}

namespace {

/// Calls visit(material, rawSize, checksum, packed, packedSize) per table; false if damaged.
template <typename Visit>
bool walk_archive(const uint8_t* archive, size_t size, Visit&& visit) {
  constexpr size_t Header = 2 + 4 + 4 + 8;
  if (!archive || size < 5 || std::memcmp(archive, Magic, 4) != 0) return false;
  const uint8_t* p = archive + 5;
  const uint8_t* end = archive + size;
  for (int t = 0; t < archive[4]; ++t) {
    if (size_t(end - p) < Header) return false;
    Material m{PieceType(p[0]), PieceType(p[1])};
    size_t rawSize = size_t(get_le(p + 2, 4)), packedSize = size_t(get_le(p + 6, 4));
    uint64_t checksum = get_le(p + 10, 8);
    p += Header;
    if (size_t(end - p) < packedSize || m.white > QUEEN || m.black > QUEEN) return false;
    if (!visit(m, rawSize, checksum, p, packedSize)) return true;
    p += packedSize;
  }
  return p == end;
}

}  // namespace

std::unique_ptr<Table> read_from_archive(const uint8_t* archive, size_t size, Material m) {
  std::unique_ptr<Table> found;
  walk_archive(archive, size, [&](Material stored, size_t rawSize, uint64_t checksum, const uint8_t* packed,
                                  size_t packedSize) {
    if (stored != m) return true;
    std::vector<uint8_t> raw;
    if (decompress(packed, packedSize, rawSize, raw) && fnv1a(raw) == checksum)
      found = Table::from_data(m, std::move(raw));
    return false;
  });
  return found;
}

std::vector<Material> archive_materials(const uint8_t* archive, size_t size) {
  std::vector<Material> out;
  bool whole = walk_archive(archive, size, [&](Material m, size_t, uint64_t, const uint8_t*, size_t) {
    out.push_back(m);
    return true;
  });
  if (!whole) out.clear();
  return out;
}

}  // namespace taper::bitbase
