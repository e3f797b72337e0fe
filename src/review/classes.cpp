// SPDX-License-Identifier: GPL-3.0-or-later
// Move classes as chess.com names them (Best, Excellent, Good, Book, Inaccuracy, Mistake,
// Blunder, Miss, Great), from the chances the review already computes; the thresholds and why
// are in review/review.hpp and docs/REVIEW.md.
#include "board/movegen.hpp"
#include "eval/wdl_model.hpp"
#include "review/review.hpp"

namespace taper {

const char* move_class_name(MoveClass c) {
  switch (c) {
    case MoveClass::Best: return "best";
    case MoveClass::Excellent: return "excellent";
    case MoveClass::Good: return "good";
    case MoveClass::Book: return "book";
    case MoveClass::Inaccuracy: return "inaccuracy";
    case MoveClass::Mistake: return "mistake";
    case MoveClass::Blunder: return "blunder";
    case MoveClass::Miss: return "miss";
    case MoveClass::Great: return "great";
  }
  return "";
}

bool is_miss(Mark opponentMark, double chancesBeforeOpponentMove, double chancesBefore, double chancesAfter) {
  if (opponentMark < Mark::Mistake) return false;
  const double offered = chancesBefore - chancesBeforeOpponentMove;
  const double kept = chancesAfter - chancesBeforeOpponentMove;
  return offered >= MissOffered && kept < offered / 2;
}

bool is_great(double chancesBefore, double secondBestChances) {
  return chancesBefore >= GreatMinChances && chancesBefore - secondBestChances >= GreatMargin;
}

MoveClass classify_move(bool book, Mark mark, bool playedBest, double chancesBefore, double chancesAfter, bool miss, bool great) {
  if (book) return MoveClass::Book;
  if (miss && (mark == Mark::Inaccuracy || mark == Mark::Mistake)) return MoveClass::Miss;
  if (mark == Mark::Blunder) return MoveClass::Blunder;
  if (mark == Mark::Mistake) return MoveClass::Mistake;
  if (mark == Mark::Inaccuracy) return MoveClass::Inaccuracy;
  if (great) return MoveClass::Great;
  const double drop = chancesBefore - chancesAfter;
  if (playedBest || drop <= 0) return MoveClass::Best;
  return drop < ExcellentDrop ? MoveClass::Excellent : MoveClass::Good;
}

std::vector<size_t> great_candidates(const PgnGame& game, const std::vector<Position>& positions,
                                     const std::vector<PositionVerdict>& verdicts) {
  std::vector<size_t> out;
  if (verdicts.size() != positions.size() || positions.size() != game.moves.size() + 1) return out;
  const int bookPlies = book_prefix(game).plies;
  for (size_t i = size_t(std::max(0, bookPlies)); i < game.moves.size(); ++i) {
    const PositionVerdict& v = verdicts[i];
    const Move played = game.moves[i].move;
    if (v.over || played != v.best || MoveList<LEGAL>(positions[i]).size() < 2) continue;
    // A move that ends the game (mate) is Best: the board says it, and "Checkmate." is the comment.
    if (MoveList<LEGAL>(positions[i + 1]).size() == 0) continue;
    // Taking back a piece just taken is the move anyone finds, however forced.
    if (i > 0 && positions[i - 1].is_capture(game.moves[i - 1].move) && game.moves[i - 1].move.to() == played.to()) continue;
    if (expected_score(v.score, v.tablebase, wdl_material(positions[i])) < GreatMinChances) continue;
    out.push_back(i);
  }
  return out;
}

}  // namespace taper
