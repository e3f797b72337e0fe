// SPDX-License-Identifier: GPL-3.0-or-later
// Material: piece values, phase, draws by material and scale factors, cached by material key.
#pragma once

#include <vector>

#include "board/position.hpp"
#include "eval/endgames.hpp"
#include "eval/score.hpp"

namespace taper {

/// What depends on the piece counts alone (CPW "Material Hash Table"; SF's material table).
struct MaterialEntry {
  Key key = 0;
  const endgames::Known* known = nullptr;  ///< the known-endgame registry's entry, if any
  Score score[COLOR_NB];                   ///< piece values and bishop pair
  uint8_t phase = 0;                       ///< 0 (pawn ending) .. PhaseMidgame
  bool drawn = false;                      ///< no side can mate: evaluation is a draw
  bool onlyBishops = false;                ///< no pawns, knights, rooks or queens: check bishop colours
  int16_t noPawnScale[COLOR_NB] = {};      ///< scale if that side is ahead without pawns, else -1
};
static_assert(sizeof(MaterialEntry) == 32);

/// Piece values and bishop pair for both colours. Instantiated for ScoreSink and RecordSink.
template <class Sink>
void evaluate_material(const Position& pos, Sink& out);

/// Game phase from non-pawn material, clamped to PhaseMidgame (promotions add pieces).
int game_phase(const Position& pos);

/// A complete entry for `pos`.
void fill_material_entry(const Position& pos, MaterialEntry& e);

/// Scale factor (0 .. ScaleNormal) for the endgame half given its sign: known-endgame scale
/// functions first, then opposite bishops, pawnless material edges and the fifty-move counter.
int scale_factor(const Position& pos, const MaterialEntry& e, int endgameScore);

/// Per-thread cache of material entries, indexed by the material key. Always-replace.
class MaterialTable {
 public:
  static constexpr size_t Size = 1 << 12;
  MaterialTable() : entries_(Size) {}
  const MaterialEntry& probe(const Position& pos) {
    MaterialEntry& e = entries_[pos.material_key() & (Size - 1)];
    if (e.key != pos.material_key()) fill_material_entry(pos, e);
    return e;
  }
  void clear() { entries_.assign(Size, MaterialEntry{}); }

 private:
  std::vector<MaterialEntry> entries_;
};

}  // namespace taper
