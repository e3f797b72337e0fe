// SPDX-License-Identifier: GPL-3.0-or-later
// From searched positions to a reviewed game: each move's best and played scores, the chances
// they give, its mark, accuracy, label and (for mistakes and blunders) reason.
//
// The move played is scored by the search of the position after it (negated), not by a second
// search restricted to that move: every position is searched once, with one limit, so the graph
// and the marks come from the same numbers and a review costs one search per position. When the
// move played is the engine's own best move, it keeps the best move's score: the search one ply
// later sees deeper, and that difference is not the player's loss.
#include <algorithm>
#include <cstdio>

#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "eval/wdl_model.hpp"
#include "review/review.hpp"

namespace taper {

std::string verdict_label(const PositionVerdict& v, Color stm) {
  const std::string us = stm == WHITE ? "White" : "Black", them = stm == WHITE ? "Black" : "White";
  if (v.over) return v.score == VALUE_DRAW ? "stalemate" : "checkmate";
  if (v.score >= VALUE_MATE_IN_MAX_PLY) return us + " mates in " + std::to_string((VALUE_MATE - v.score + 1) / 2);
  if (v.score <= VALUE_MATED_IN_MAX_PLY) return them + " mates in " + std::to_string((VALUE_MATE + v.score) / 2);
  if (v.tablebase) return v.score > 0 ? "tablebase: " + us + " wins" : v.score < 0 ? "tablebase: " + them + " wins" : "tablebase: draw";
  return "";
}

Value score_before_move(Value childScore) {
  // A mate one ply further away seen from the parent: mate distances count plies from the root.
  if (childScore <= VALUE_MATED_IN_MAX_PLY) return -childScore - 1;
  if (childScore >= VALUE_MATE_IN_MAX_PLY) return -childScore + 1;
  return -childScore;
}

GameReview review_game(const PgnGame& game, std::vector<PositionVerdict> verdicts) {
  return review_game(game, game_positions(game), std::move(verdicts));
}

GameReview review_game(const PgnGame& game, std::vector<Position> boards, std::vector<PositionVerdict> verdicts) {
  GameReview review;
  review.game = &game;
  review.positions = std::move(boards);
  review.verdicts = std::move(verdicts);
  review.book = book_prefix(game);
  review.timeControl = parse_time_control(game.tag("TimeControl"));
  const std::vector<MoveClock> clocks = game_clocks(game, review.timeControl);
  const std::vector<Position>& positions = review.positions;
  auto& v = review.verdicts;
  if (v.size() != positions.size()) return review;  // not searched: nothing to say
  // A position with one legal move: on a clock the engine answers it after four plies, a score
  // too shallow to compare with its neighbours'. Its score is the next position's, whose search
  // was a full one (the only move is the one played), so a forced move never shows as a spike.
  for (size_t i = game.moves.size(); i-- > 0;) {
    if (v[i].over || MoveList<LEGAL>(positions[i]).size() != 1) continue;
    const PositionVerdict& next = v[i + 1];
    v[i].score = score_before_move(next.score);
    v[i].tablebase = next.tablebase;
    v[i].best = game.moves[i].move;
    v[i].pv = {v[i].best};
    v[i].pv.insert(v[i].pv.end(), next.pv.begin(), next.pv.end());
    if (v[i].pv.size() > 64) v[i].pv.resize(64);
    v[i].depth = next.depth + 1;
  }

  std::vector<double> whiteWin, accuracies;
  std::vector<bool> judged;  // book moves are not: neither marked nor counted in the accuracy
  int cpLoss[COLOR_NB] = {0, 0}, judgedMoves[COLOR_NB] = {0, 0};
  auto white_win_percent = [&](size_t i) {
    const double w = lichess_win_percent(v[i].score);
    return positions[i].side_to_move() == WHITE ? w : 100 - w;
  };
  whiteWin.push_back(white_win_percent(0));
  for (size_t i = 0; i < game.moves.size(); ++i) {
    Position pos = positions[i];
    MoveReview m;
    m.ply = int(i);
    m.mover = pos.side_to_move();
    m.played = game.moves[i].move;
    m.san = move_to_san(pos, m.played);
    m.numbered = std::to_string(pos.game_ply() / 2 + 1) + (m.mover == WHITE ? "." : "...") + m.san;
    m.book = int(i) < review.book.plies;
    const PositionVerdict &before = v[i], &after = v[i + 1];
    m.bestScore = before.score;
    m.bestTablebase = before.tablebase;
    m.playedScore = score_before_move(after.score);
    m.playedTablebase = after.tablebase;
    if (m.played == before.best) {
      m.playedScore = std::max(m.playedScore, m.bestScore);
      m.playedTablebase = m.playedScore == m.bestScore ? m.bestTablebase : m.playedTablebase;
    }
    const int material = wdl_material(pos);
    m.chancesBefore = expected_score(m.bestScore, m.bestTablebase, material);
    m.chancesAfter = expected_score(m.playedScore, m.playedTablebase, material);
    const double afterForMover = expected_score(after.score, after.tablebase, wdl_material(positions[i + 1]));
    m.whiteChances = positions[i + 1].side_to_move() == WHITE ? afterForMover : 100 - afterForMover;
    m.accuracy = move_accuracy(lichess_win_percent(m.bestScore), lichess_win_percent(m.playedScore));
    m.cpLoss = std::max(0, std::clamp(m.bestScore, -1000, 1000) - std::clamp(m.playedScore, -1000, 1000));
    if (m.played != before.best) {
      const Mark mark = mark_for(m.chancesBefore, m.chancesAfter, m.bestScore, m.playedScore);
      // The table also names traps that end in mate (Fool's Mate, the Sea-Cadet Mate): theory of
      // how to lose. A move that allows a forced mate or lets one slip ends the book there, so
      // that it is marked like any other; a book move the engine merely dislikes stays unmarked.
      const bool mateBlunder = m.playedScore <= VALUE_MATED_IN_MAX_PLY || m.bestScore >= VALUE_MATE_IN_MAX_PLY;
      if (m.book && mark == Mark::Blunder && mateBlunder) m.book = false, review.book.plies = int(i);
      if (!m.book) m.mark = mark;
    }
    m.bestLine = before.pv;
    m.playedLine = {m.played};
    if (!after.over) m.playedLine.insert(m.playedLine.end(), after.pv.begin(), after.pv.end());
    m.label = verdict_label(after, positions[i + 1].side_to_move());
    if (m.mark >= Mark::Mistake) m.reason = mistake_reason(positions[i], m);
    // Miss: against the mover's chances before the opponent's last move (its chances are the
    // complement of the opponent's with the opponent's best move).
    const MoveReview* last = i > 0 ? &review.moves.back() : nullptr;
    const bool miss = last && is_miss(last->mark, 100 - last->chancesBefore, m.chancesBefore, m.chancesAfter);
    const bool great = m.played == before.best && before.hasSecond &&
                       is_great(m.chancesBefore, expected_score(before.secondScore, before.secondTablebase, material));
    m.moveClass = classify_move(m.book, m.mark, m.played == before.best, m.chancesBefore, m.chancesAfter, miss, great);

    PlayerSummary& p = review.players[m.mover];
    ++p.moves;
    if (!m.book) cpLoss[m.mover] += m.cpLoss, ++judgedMoves[m.mover];
    p.inaccuracies += m.mark == Mark::Inaccuracy;
    p.mistakes += m.mark == Mark::Mistake;
    p.blunders += m.mark == Mark::Blunder;
    ++p.classes[size_t(m.moveClass)];
    m.clockMs = clocks[i].clockMs;
    m.spentMs = clocks[i].spentMs;
    review.hasClocks = review.hasClocks || m.clockMs >= 0;
    m.timeTrouble = m.mark >= Mark::Mistake && in_time_trouble(m.clockMs, review.timeControl);
    p.timeTroubleErrors += m.timeTrouble;
    whiteWin.push_back(white_win_percent(i + 1));
    accuracies.push_back(m.accuracy);
    judged.push_back(!m.book);
    review.moves.push_back(std::move(m));
  }
  const GameAccuracy acc = game_accuracy(whiteWin, accuracies, positions[0].side_to_move(), judged);
  review.players[WHITE].accuracy = acc.white;
  review.players[BLACK].accuracy = acc.black;
  for (Color c : {WHITE, BLACK}) review.players[c].acpl = judgedMoves[c] ? cpLoss[c] / judgedMoves[c] : 0;
  review.finalLabel = verdict_label(v.back(), positions.back().side_to_move());
  return review;
}

}  // namespace taper
