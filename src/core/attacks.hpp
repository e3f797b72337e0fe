// SPDX-License-Identifier: GPL-3.0-or-later
// Sliding-piece attacks: PEXT bitboards on BMI2 builds, fancy magic bitboards elsewhere.
#pragma once

#include "core/bitboard.hpp"

#if defined(__BMI2__) && !defined(TAPER_NO_PEXT)
#include <immintrin.h>
#define TAPER_USE_PEXT 1
#else
#define TAPER_USE_PEXT 0
#endif

namespace taper {

/// One square's slider lookup: the relevant-occupancy mask and where its attack sets start.
struct Magic {
  Bitboard mask;
  Bitboard magic;     // unused with PEXT
  Bitboard* attacks;  // points into a shared table
  unsigned shift;

  unsigned index(Bitboard occupied) const {
#if TAPER_USE_PEXT
    return unsigned(_pext_u64(occupied, mask));
#else
    return unsigned(((occupied & mask) * magic) >> shift);
#endif
  }
};

namespace bb_tables {
extern Magic RookMagics[SQUARE_NB];
extern Magic BishopMagics[SQUARE_NB];
extern Bitboard PseudoAttacks[PIECE_TYPE_NB][SQUARE_NB];  // attacks on an empty board
}  // namespace bb_tables

/// Builds the slider tables; called by init_bitboards().
void init_slider_attacks();

/// Name of the slider lookup compiled in ("pext" or "magic"), for `--version`.
constexpr const char* slider_method() { return TAPER_USE_PEXT ? "pext" : "magic"; }

inline Bitboard bishop_attacks_bb(Square s, Bitboard occupied) {
  const Magic& m = bb_tables::BishopMagics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard rook_attacks_bb(Square s, Bitboard occupied) {
  const Magic& m = bb_tables::RookMagics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks_bb(Square s, Bitboard occupied) {
  return bishop_attacks_bb(s, occupied) | rook_attacks_bb(s, occupied);
}

/// Attacks of a non-pawn piece type from `s` given the occupancy.
inline Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT: return knight_attacks_bb(s);
    case BISHOP: return bishop_attacks_bb(s, occupied);
    case ROOK: return rook_attacks_bb(s, occupied);
    case QUEEN: return queen_attacks_bb(s, occupied);
    case KING: return king_attacks_bb(s);
    default: return 0;
  }
}

template <PieceType Pt>
inline Bitboard attacks_bb(Square s, Bitboard occupied) {
  if constexpr (Pt == KNIGHT) return knight_attacks_bb(s);
  else if constexpr (Pt == BISHOP) return bishop_attacks_bb(s, occupied);
  else if constexpr (Pt == ROOK) return rook_attacks_bb(s, occupied);
  else if constexpr (Pt == QUEEN) return queen_attacks_bb(s, occupied);
  else return king_attacks_bb(s);
}

/// Empty-board attacks of a piece type (used for quick "could it ever attack" filters).
inline Bitboard pseudo_attacks_bb(PieceType pt, Square s) { return bb_tables::PseudoAttacks[pt][s]; }

}  // namespace taper
