// SPDX-License-Identifier: GPL-3.0-or-later
// Win/draw/loss bitbases of up to four men (two kings and at most one other piece a side),
// solved by retrograde analysis: the one solver of every table (KPK included). Internal to
// bitbase/tables.cpp and its tests.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/types.hpp"

namespace taper::bitbase {

/// Result for the side to move.
enum class Wdl : int8_t { Loss = -1, Draw = 0, Win = 1 };

constexpr Wdl operator-(Wdl w) { return Wdl(-int(w)); }

/// A material configuration: at most one piece besides the king on each side. Canonical when
/// White's piece is at least Black's (NO_PIECE_TYPE < PAWN < ... < QUEEN), so that KRvKQ is
/// solved as KQvKR with the colours swapped. At most one pawn on the board.
struct Material {
  PieceType white = NO_PIECE_TYPE, black = NO_PIECE_TYPE;

  constexpr bool canonical() const { return white >= black; }
  constexpr bool has_pawn() const { return white == PAWN || black == PAWN; }
  constexpr bool supported() const { return !(white == PAWN && black == PAWN) && white != KING && black != KING; }
  constexpr int code() const { return white * 8 + black; }
  constexpr int men() const { return 2 + (white != NO_PIECE_TYPE) + (black != NO_PIECE_TYPE); }
  bool operator==(const Material&) const = default;
};

/// A position of such a material: the kings, each side's piece (SQ_NONE when absent), the mover.
struct Config {
  Square king[COLOR_NB];
  Square piece[COLOR_NB];  ///< SQ_NONE if that side has no piece
  Color stm;
};

/// The same material with the colours swapped when White's piece is the weaker one.
constexpr Material canonical(Material m) { return m.canonical() ? m : Material{m.black, m.white}; }

/// A king and at most a minor piece against a bare king: a draw in every position, so no table.
constexpr bool dead_draw(Material m) {
  return m.men() == 2 || (m.men() == 3 && (m.white == KNIGHT || m.white == BISHOP));
}

/// The name of a material, e.g. "KQvKR".
std::string signature(Material m);

/// The canonical materials one capture or promotion away from `m` that need a table (dead
/// draws left out): what solve(m) asks its SubProbe about.
std::vector<Material> sub_materials(Material m);

/// A solved material: two bits per position (0 draw or unused, 1 win, 2 loss for the mover).
class Table {
 public:
  explicit Table(Material m);
  /// A table from its packed bytes (as data() gives them); null if the size is not the material's.
  static std::unique_ptr<Table> from_data(Material m, std::vector<uint8_t> packed);

  Material material() const { return material_; }
  /// Number of indices (both sides to move, canonical and not).
  uint32_t size() const { return size_; }
  /// The index of `c` (of this table's material) after the board symmetries are applied.
  uint32_t index_of(const Config& c) const;
  /// The position of an index as stored (which may be a non-canonical duplicate).
  Config config_of(uint32_t index) const;

  Wdl get(uint32_t index) const {
    unsigned v = (bits_[index >> 2] >> ((index & 3) * 2)) & 3;
    return v == 1 ? Wdl::Win : v == 2 ? Wdl::Loss : Wdl::Draw;
  }
  void set(uint32_t index, Wdl w) {
    unsigned v = w == Wdl::Win ? 1 : w == Wdl::Loss ? 2 : 0;
    bits_[index >> 2] = uint8_t((bits_[index >> 2] & ~(3u << ((index & 3) * 2))) | (v << ((index & 3) * 2)));
  }
  size_t bytes() const { return bits_.size(); }
  /// The packed entries, four to a byte, the first in the low bits.
  const std::vector<uint8_t>& data() const { return bits_; }

 private:
  Material material_;
  uint32_t size_;
  std::vector<uint8_t> bits_;
};

/// Looks up positions of other (smaller or promoted) materials while solving: the result of
/// `c` of canonical material `m` for its side to move.
using SubProbe = std::function<Wdl(Material m, const Config& c)>;

/// Solves canonical material `m` on the calling thread; `sub` must answer every material that
/// one capture or promotion leads to. Entries of impossible placements and of unused symmetric
/// duplicates are draws; `inUse`, if given, gets one flag per index: true for the others.
std::unique_ptr<Table> solve(Material m, const SubProbe& sub, std::vector<bool>* inUse = nullptr);

/// Colour-swapped, rank-mirrored twin of a position (its result for the mover is the same).
Config swap_colours(const Config& c);

/// Is this a position that can occur (kings apart, squares distinct, pawns off the back ranks,
/// the side not to move not in check)?
bool legal(Material m, const Config& c);

}  // namespace taper::bitbase
