// SPDX-License-Identifier: GPL-3.0-or-later
// Staged move picker: hash move, good captures, killers, counter move, quiets, bad captures.
#pragma once

#include "board/movegen.hpp"
#include "core/uninitialized.hpp"
#include "search/history.hpp"

namespace taper {

class MovePicker {
 public:
  /// Main search. `contHist` points to the continuation tables of 1, 2 and 4 plies back.
  MovePicker(const Position& pos, Move ttMove, const Histories& hist, const PieceToHistory* const* contHist,
             const Move* killers, Move counter);
  /// Quiescence search: noisy moves only (all moves when in check); with `quietChecks`, the
  /// quiet moves that give check follow the noisy ones.
  MovePicker(const Position& pos, Move ttMove, const Histories& hist, const PieceToHistory* const* contHist,
             bool quietChecks = false);

  /// The next move, or Move::none() when exhausted. With `skipQuiets` the remaining quiet
  /// moves (not the killers already returned) are skipped.
  Move next(bool skipQuiets = false);

 private:
  enum Stage {
    MainTT, GenNoisy, GoodNoisy, Killer1, Killer2, Counter, GenQuiets, Quiets, BadNoisy,
    EvasionTT, GenEvasions, Evasions,
    QsearchTT, QsGenNoisy, QsNoisy, QsGenQuietChecks, QsQuietChecks,
    Done
  };

  bool usable_quiet(Move m) const;  // a killer/counter that is legal here and not a repeat
  void score_noisy(ScoredMove* begin, ScoredMove* end);
  void score_quiets(ScoredMove* begin, ScoredMove* end);
  void score_evasions(ScoredMove* begin, ScoredMove* end);
  ScoredMove* generate_into(GenType type, ScoredMove* at);
  Move pick_best(ScoredMove*& cur, ScoredMove* end);  // selection sort step
  bool is_special(Move m) const { return m == ttMove_ || m == killers_[0] || m == killers_[1] || m == counter_; }

  const Position& pos_;
  const Histories& hist_;
  const PieceToHistory* const* contHist_;
  Move ttMove_, killers_[2] = {}, counter_;
  int stage_;
  UninitializedArray<ScoredMove, MAX_MOVES> moves_;  // written by generate_into() before any read
  ScoredMove *cur_, *end_, *badEnd_;  // bad captures are kept at the front of moves_
  ScoredMove* quietsStart_;
  bool quietChecks_ = false;
};

}  // namespace taper
