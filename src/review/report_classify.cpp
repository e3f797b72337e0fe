// SPDX-License-Identifier: GPL-3.0-or-later
// How `taper report` sorts what the review found: a move's phase and class, a game's opening, and
// what a mistake is put down to. Each mapping is one small function, so that it follows the
// review when the review says more (move classes, ECO codes) without touching the rest.
#include <algorithm>

#include "eval/material.hpp"
#include "eval/score.hpp"
#include "explain/compare.hpp"
#include "explain/explanation.hpp"
#include "explain/words.hpp"
#include "review/report.hpp"
#include "review/motifs.hpp"

namespace taper {

const char* phase_name(GamePhase p) {
  return p == GamePhase::Opening ? "opening" : p == GamePhase::Middlegame ? "middlegame" : "endgame";
}

GamePhase move_phase(const Position& before, bool book) {
  constexpr int OpeningPlies = 20, OpeningPhase = PhaseMidgame - 2, EndgamePhase = 8;
  if (book) return GamePhase::Opening;
  const int phase = game_phase(before);
  if (phase <= EndgamePhase) return GamePhase::Endgame;
  if (before.game_ply() < OpeningPlies && phase >= OpeningPhase) return GamePhase::Opening;
  return GamePhase::Middlegame;
}

int move_class_of(const MoveReview& m) { return int(m.moveClass); }

// The opening by lichess's table (review/openings.cpp); a game that reaches no named position
// (a set-up start, Chess960, or an unnamed first move) is "Other".
OpeningName opening_of(const GameReview& review) {
  if (review.book.name.empty()) return {"", "Other"};
  return {review.book.eco, review.book.name};
}

ReasonKey reason_key_of(ParamGroup row) {
  switch (row) {
    case ParamGroup::KingShelter: return int(ParamGroup::KingDanger);
    case ParamGroup::KingActivity: return int(ParamGroup::Endgame);
    case ParamGroup::Knights:
    case ParamGroup::Bishops:
    case ParamGroup::Rooks:
    case ParamGroup::Queens:
    case ParamGroup::Space: return int(ParamGroup::Psqt);
    case ParamGroup::Scale:
    case ParamGroup::SideToMove:
    case ParamGroup::Count: return ReasonUnexplained;
    default: return int(row);
  }
}

std::string reason_key_name(ReasonKey key) {
  if (key >= 0 && key < int(ParamGroup::Count)) return std::string(player_words(ParamGroup(key)));
  switch (key) {
    case ReasonMissedMate: return "missed mates";
    case ReasonAllowedMate: return "allowed mates";
    case ReasonTimeTrouble: return "time trouble";
    default: return "deeper tactics";
  }
}

std::optional<ReasonKey> reason_key_from_name(std::string_view name) {
  for (ReasonKey k = 0; k < ReasonKeyCount; ++k) {
    // Only the keys reports use: a row the summary groups under another (king shelter) is none.
    const bool used = k >= ReasonMissedMate || reason_key_of(ParamGroup(k)) == k;
    if (used && reason_key_name(k) == name) return k;
  }
  return std::nullopt;
}

namespace {

/// Material in a player's units, `us` minus the opponent.
int balance(const Position& pos, Color us) {
  int units = 0;
  for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN})
    units += piece_units(pt) * (pos.count(us, pt) - pos.count(~us, pt));
  return units;
}

/// Whether the opponent of `us` promotes a pawn in `walk`.
bool opponent_promotes(const LineWalk& walk, Color us) {
  for (size_t k = 0; k < walk.moves.size(); ++k)
    if (walk.positions[k].side_to_move() != us && walk.moves[k].kind() == PROMOTION) return true;
  return false;
}

}  // namespace

ReasonKey mistake_reason_key(const Position& before, const MoveReview& m) {
  const Color us = before.side_to_move();
  if (m.bestScore >= VALUE_MATE_IN_MAX_PLY && m.playedScore < VALUE_MATE_IN_MAX_PLY) return ReasonMissedMate;
  if (m.playedScore <= VALUE_MATED_IN_MAX_PLY && m.bestScore > VALUE_MATED_IN_MAX_PLY) return ReasonAllowedMate;
  // Made with the clock nearly gone (the review's rule, review/clocks.cpp): the clock's error
  // before the board's, so that the report shows what time trouble costs the player.
  if (m.timeTrouble) return ReasonTimeTrouble;
  if (m.bestTablebase && m.playedTablebase) return int(ParamGroup::Endgame);

  // The same lines, as far, as mistake_reason() walks them (review/reasons.cpp: LinePlies).
  constexpr size_t LinePlies = 8;
  const LineWalk best = walk_line(before, m.bestLine, LinePlies), played = walk_line(before, m.playedLine, LinePlies);
  if (opponent_promotes(played, us) && !opponent_promotes(best, us)) return int(ParamGroup::Passed);
  if (balance(best.end(), us) - balance(played.end(), us) >= 1) return int(ParamGroup::Material);

  const std::vector<RowChange> rows = compare_explanations(explain_evaluation(best.end()), explain_evaluation(played.end()));
  // A known ending or a dead draw at either end: a rule, not the terms, scores it.
  if (rows.empty()) return game_phase(before) <= 8 ? int(ParamGroup::Endgame) : ReasonUnexplained;
  // The row that went most against the mover (the comparison the review's sentence uses,
  // explain/compare.hpp); changes of 0.10 pawns or less explain nothing.
  const RowChange* worst = worst_row_for(rows, us, 11);
  return worst ? reason_key_of(worst->group) : ReasonUnexplained;
}

}  // namespace taper
