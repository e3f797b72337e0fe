// SPDX-License-Identifier: GPL-3.0-or-later
// The parameter table as C++: indices, names, groups and kinds derived from params.def, and the weights.
#pragma once

#include <array>
#include <iterator>
#include <string_view>

#include "eval/score.hpp"

namespace taper {

namespace params_detail {
enum Index : int {
#define PARAM(group, kind, name, n) name, name##End = name + (n)-1,
#include "eval/params.def"
#undef PARAM
  Count
};
}  // namespace params_detail

/// Index of every weight; an array parameter `Name` of n elements occupies Name .. Name + n - 1.
/// Indices are derived from params.def, never typed by hand. Plain ints, so that adding a rank
/// or a piece type to them is ordinary arithmetic.
#define PARAM(group, kind, name, n) inline constexpr int name = params_detail::name;
#include "eval/params.def"
#undef PARAM
inline constexpr int ParamCount = params_detail::Count;

/// How a weight enters the evaluation (see params.def).
enum class ParamKind : uint8_t { Linear, Danger, Curve, Scale };

/// The `eval` table row a weight is reported in, in printing order.
enum class ParamGroup : uint8_t {
  Material, Psqt, Pawns, Passed, Mobility, Knights, Bishops, Rooks, Queens, Threats, Space,
  KingShelter, KingDanger, KingActivity, Endgame, Scale, SideToMove, Count
};

/// Row titles of the `eval` table, by ParamGroup.
constexpr std::string_view GroupTitle[] = {
  "Material", "Piece-square", "Pawns", "Passed pawns", "Mobility", "Knights", "Bishops", "Rooks",
  "Queens", "Threats", "Space", "King shelter", "King danger", "King activity", "Endgame", "Scale", "Tempo"};
static_assert(std::size(GroupTitle) == size_t(ParamGroup::Count));

/// Per-index metadata: the parameter's name, its first index, its group and kind.
struct ParamInfo {
  std::string_view name;
  int first;   ///< index of element 0 of the array parameter
  int size;    ///< number of elements
  ParamGroup group;
  ParamKind kind;
};

namespace params_detail {
constexpr std::array<ParamInfo, ParamCount> make_info() {
  std::array<ParamInfo, ParamCount> info{};
#define PARAM(group, kind, name, n) \
  for (int k = 0; k < (n); ++k) info[name + k] = {#name, name, (n), ParamGroup::group, ParamKind::kind};
#include "eval/params.def"
#undef PARAM
  return info;
}
}  // namespace params_detail

inline constexpr std::array<ParamInfo, ParamCount> Params = params_detail::make_info();

/// A value that has only one half: king-danger units, curve shapes and scale factors.
constexpr Score U(int value) { return Score(value, 0); }

// The values, one named array per parameter, so a wrong element count is a compile error.
namespace param_values {
#define PARAM_VALUES(name, ...) inline constexpr Score name[] = {__VA_ARGS__};
#include "eval/params_values.inc"
#undef PARAM_VALUES
}  // namespace param_values

namespace params_detail {
constexpr std::array<Score, ParamCount> make_weights() {
  std::array<Score, ParamCount> w{};
#define PARAM(group, kind, name, n)                                                          \
  static_assert(std::size(param_values::name) == (n), "params_values.inc: wrong count for " #name); \
  for (int k = 0; k < (n); ++k) w[name + k] = param_values::name[k];
#include "eval/params.def"
#undef PARAM
  return w;
}
}  // namespace params_detail

/// The weights the engine plays with.
inline constexpr std::array<Score, ParamCount> Weights = params_detail::make_weights();

/// A full weight vector, e.g. the tuner's candidate (same layout as Weights).
using WeightVector = std::array<Score, ParamCount>;

/// Half-board index of a square for the left-right symmetric tables (king-square danger) as
/// seen by `c`: row 0 is c's eighth rank, columns are files a..d (e..h mirrored).
constexpr int half_board_index(Color c, Square s) {
  Square r = relative_square(c, s);
  int file = file_of(r);
  return (RANK_8 - rank_of(r)) * 4 + (file < 4 ? file : 7 - file);
}
static_assert(half_board_index(WHITE, SQ_A8) == 0 && half_board_index(WHITE, SQ_H1) == 28);
static_assert(half_board_index(BLACK, SQ_E8) == 31 && half_board_index(BLACK, SQ_D1) == 3);

/// Full-board index of a square for the piece-square tables as seen by `c`: row 0 is c's
/// eighth rank, columns are files a..h. The tables are not mirrored: the tuner may learn that
/// queen-side pawns advance differently from king-side ones (Ethereal 12.50's asymmetric tables).
constexpr int full_board_index(Color c, Square s) {
  Square r = relative_square(c, s);
  return (RANK_8 - rank_of(r)) * 8 + file_of(r);
}
static_assert(full_board_index(WHITE, SQ_A8) == 0 && full_board_index(WHITE, SQ_H1) == 63);
static_assert(full_board_index(BLACK, SQ_E8) == 60 && full_board_index(BLACK, SQ_D1) == 3);

/// How a parameter array maps onto the board, for the table writer and the pictures.
enum class SquareLayout : uint8_t { None, Half, Full };
constexpr SquareLayout square_layout(const ParamInfo& p) {
  if (p.size == 64 && p.group == ParamGroup::Psqt) return SquareLayout::Full;
  if (p.size == 32 && (p.group == ParamGroup::Psqt || p.group == ParamGroup::KingDanger)) return SquareLayout::Half;
  return SquareLayout::None;
}
/// The element of a square table for the square on `row` (0 = rank 8) and `file` (0 = a).
constexpr int square_table_element(SquareLayout layout, int row, int file) {
  return layout == SquareLayout::Full ? row * 8 + file : row * 4 + (file < 4 ? file : 7 - file);
}

namespace params_detail {
constexpr std::array<std::array<uint8_t, SQUARE_NB>, COLOR_NB> make_full_board() {
  std::array<std::array<uint8_t, SQUARE_NB>, COLOR_NB> t{};
  for (Color c : {WHITE, BLACK})
    for (int s = 0; s < SQUARE_NB; ++s) t[c][s] = uint8_t(full_board_index(c, Square(s)));
  return t;
}
constexpr std::array<std::array<uint8_t, SQUARE_NB>, COLOR_NB> make_half_board() {
  std::array<std::array<uint8_t, SQUARE_NB>, COLOR_NB> t{};
  for (Color c : {WHITE, BLACK})
    for (int s = 0; s < SQUARE_NB; ++s) t[c][s] = uint8_t(half_board_index(c, Square(s)));
  return t;
}
}  // namespace params_detail

/// half_board_index() and full_board_index() as tables, for the hot path: [colour][square].
inline constexpr auto HalfBoard = params_detail::make_half_board();
inline constexpr auto FullBoard = params_detail::make_full_board();

}  // namespace taper
