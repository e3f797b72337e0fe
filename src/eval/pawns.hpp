// SPDX-License-Identifier: GPL-3.0-or-later
// Pawn structure: the per-thread pawn hash table and what it caches for one pawn configuration.
#pragma once

#include <vector>

#include "board/position.hpp"
#include "eval/score.hpp"

namespace taper {

/// Everything that depends on the pawns alone (plus, memoised, the king shelter for one king
/// square and castling rights per side): filled by fill_pawn_entry(), or by evaluate_pawns() when recording.
struct alignas(64) PawnEntry {
  Key key = 0;
  Score score[COLOR_NB];            ///< pawn PSQT, structure and passed-pawn rank bonus
  Bitboard passed[COLOR_NB];        ///< passed pawns
  Bitboard attackSpan[COLOR_NB];    ///< squares the pawns attack now or could after advancing
  Score shelter[COLOR_NB];          ///< memo: king shelter (shield, storm, files) ...
  uint8_t shelterSquare[COLOR_NB];  ///< ... for this king square (SQ_NONE: nothing memoised)
  uint8_t shelterRights[COLOR_NB];  ///< ... and that side's castling rights
  uint8_t semiOpenFiles[COLOR_NB];  ///< bit f set: no pawn of that colour on file f
};
static_assert(sizeof(PawnEntry) == 64, "one cache line per pawn-table probe");

/// Pawn-structure terms for both colours, reported to `out`; also fills the entry's bitboards
/// (not its cached scores or shelter memo). Instantiated for ScoreSink and RecordSink.
template <class Sink>
void evaluate_pawns(const Position& pos, PawnEntry& e, Sink& out);

/// A complete entry for `pos` (scores summed, shelter memo empty).
void fill_pawn_entry(const Position& pos, PawnEntry& e);

/// Per-thread cache of pawn entries, indexed by the pawn key. Always-replace.
class PawnTable {
 public:
  static constexpr size_t Size = 1 << 14;  // ~1.5 MB, a power of two
  PawnTable() : entries_(Size) {}
  /// The entry for the position's pawns, computed on a miss.
  PawnEntry& probe(const Position& pos) {
    PawnEntry& e = entries_[pos.pawn_key() & (Size - 1)];
    if (e.key != pos.pawn_key()) fill_pawn_entry(pos, e);
    return e;
  }
  void clear() { entries_.assign(Size, PawnEntry{}); }

 private:
  std::vector<PawnEntry> entries_;
};

}  // namespace taper
