// SPDX-License-Identifier: GPL-3.0-or-later
// Solved tables stored compactly: the four-man tables are solved when Taper is compiled
// (bitbase/gen/bitbase_gen.cpp), stored in the binary as one compressed archive and unpacked at
// `isready` in milliseconds (bitbase/tables.cpp). Internal to the bitbases and their tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "bitbase/solver.hpp"

namespace taper::bitbase {

/// The four-man endings the known-endgame rules check against tables (eval/endgames.cpp): the
/// ones the build solves and stores (their sub-materials are solved on the way, not stored).
inline constexpr Material StoredEndings[] = {{QUEEN, ROOK}, {QUEEN, PAWN}, {ROOK, PAWN}, {ROOK, BISHOP}, {ROOK, KNIGHT}};

/// The table's packed bytes with every entry no probe reads (see solve()'s `inUse`) made to
/// repeat the entry before it: the same answers for every legal position, and long repeats
/// for the compressor.
std::vector<uint8_t> smoothed_data(const Table& table, const std::vector<bool>& inUse);

/// LZ77 (greedy with one step of lazy matching over hash chains, varint lengths and distances).
std::vector<uint8_t> compress(const std::vector<uint8_t>& raw);

/// Inverse of compress(): false if `packed` is not a well-formed compression of exactly `size`
/// bytes (never reads or writes outside the buffers).
bool decompress(const uint8_t* packed, size_t packedSize, size_t size, std::vector<uint8_t>& out);

/// One archive holding tables: "TBB1", a count, then per table its material, sizes, an FNV-1a
/// checksum of the packed entries and their compression.
std::vector<uint8_t> write_archive(const std::vector<const Table*>& tables,
                                   const std::vector<std::vector<uint8_t>>& smoothedData);

/// The table of `m` from an archive; null if the archive lacks it or is damaged.
std::unique_ptr<Table> read_from_archive(const uint8_t* archive, size_t size, Material m);

/// The materials an archive holds (empty if it is damaged).
std::vector<Material> archive_materials(const uint8_t* archive, size_t size);

/// The archive built into this binary by the build (empty when built with
/// TAPER_EMBED_BITBASES=OFF).
const uint8_t* embedded_archive(size_t& size);

}  // namespace taper::bitbase
