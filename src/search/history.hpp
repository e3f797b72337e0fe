// SPDX-License-Identifier: GPL-3.0-or-later
// Move-ordering statistics learned during search: butterfly, capture, counter-move and continuation histories.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "core/types.hpp"

namespace taper {

/// A bounded statistic: updates pull it toward +-Limit with "gravity", so old values fade.
template <int Limit>
struct StatEntry {
  int16_t value = 0;
  operator int() const { return value; }
  void update(int bonus) {
    bonus = std::clamp(bonus, -Limit, Limit);
    value = int16_t(value + bonus - value * std::abs(bonus) / Limit);
  }
};

constexpr int HistoryLimit = 16384;

/// [colour][from][to] for quiet moves.
using ButterflyHistory = std::array<std::array<std::array<StatEntry<HistoryLimit>, SQUARE_NB>, SQUARE_NB>, COLOR_NB>;
/// [moved piece][to][captured piece type] for captures.
using CaptureHistory = std::array<std::array<std::array<StatEntry<HistoryLimit>, PIECE_TYPE_NB>, SQUARE_NB>, PIECE_NB>;
/// [piece][to] -> a reply move (the "counter move").
using CounterMoves = std::array<std::array<Move, SQUARE_NB>, PIECE_NB>;
/// [piece][to] of a move that follows a given earlier (piece, to).
using PieceToHistory = std::array<std::array<StatEntry<HistoryLimit>, SQUARE_NB>, PIECE_NB>;
/// [earlier piece][earlier to] -> PieceToHistory: continuation history one and two plies back.
using ContinuationHistory = std::array<std::array<PieceToHistory, SQUARE_NB>, PIECE_NB>;

/// Correction history: how far searches found the static evaluation of positions with this pawn
/// structure to be off, [side to move][pawn key slot], as a bounded running sum (Weiss, Stockfish
/// 16; chessprogramming wiki "Static Evaluation Correction History"). The evaluation's systematic
/// errors about a pawn structure are learned during the game and taken off the eval the pruning
/// decisions read.
constexpr int CorrectionSlots = 16384;
constexpr int CorrectionLimit = 1024;
using CorrectionHistory = std::array<std::array<StatEntry<CorrectionLimit>, CorrectionSlots>, COLOR_NB>;

/// Everything one search thread learns about move ordering (and its evaluation's errors).
struct Histories {
  ButterflyHistory butterfly;
  CaptureHistory capture;
  CounterMoves counters;
  ContinuationHistory continuation;
  CorrectionHistory correction;

  void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }
};

/// Bonus for a move that caused a cutoff at `depth` (and malus for those tried before it).
inline int history_bonus(int depth) { return std::min(16 * depth * depth + 32 * depth, 1600); }

}  // namespace taper
