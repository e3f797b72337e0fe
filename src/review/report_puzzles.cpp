// SPDX-License-Identifier: GPL-3.0-or-later
// The player's own mistakes as puzzles: the position before each mistake or blunder where one
// move clearly keeps the better result. A second line decides "clearly": the position is searched
// with MultiPV 2 and the best move's winning chances must beat the second's by PuzzleMargin, the
// test lichess's puzzle generator (lichess-puzzler) makes before it accepts a move of a puzzle.
#include "board/movegen.hpp"
#include "search/engine.hpp"
#include "review/report.hpp"

namespace taper {

TwoBest search_two_best(const Position& pos, const ReviewLimits& limits) {
  Engine engine(size_t(std::max(1, limits.hashMb)), 1);
  return search_two_best(engine, pos, limits);
}

TwoBest search_two_best(Engine& engine, const Position& pos, const ReviewLimits& limits) {
  TwoBest t;
  if (MoveList<LEGAL>(pos).size() == 0) return t;
  engine.options().moveOverhead = 0;
  engine.options().multiPv = 2;
  engine.clear();
  SearchLimits sl;
  sl.analysis = true;  // the evaluation's own scores, as the review searches
  if (limits.nodes) sl.nodes = limits.nodes;
  else sl.moveTime = std::max<TimePoint>(1, limits.moveTimeMs);
  // The last exact report of each line; an interrupted iteration's bounds are not scores.
  SearchReport lines[2];
  bool seen[2] = {false, false};
  const SearchResult r = engine.search(pos, sl, [&](const SearchReport& rep) {
    if (rep.multiPv < 1 || rep.multiPv > 2 || rep.bound != BOUND_EXACT || rep.pv.empty()) return;
    lines[rep.multiPv - 1] = rep;
    seen[rep.multiPv - 1] = true;
  });
  t.best = r.best;
  t.bestScore = seen[0] ? lines[0].score : r.last.score;
  t.pv = seen[0] && lines[0].pv[0] == r.best ? lines[0].pv : std::vector<Move>{r.best};
  if (seen[1] && lines[1].pv[0] != r.best) {
    t.second = lines[1].pv[0];
    t.secondScore = lines[1].score;
  }
  return t;
}

namespace {

/// Whether the best move of `t` is the only one that keeps the better result (see PuzzleMargin).
bool one_clear_move(const TwoBest& t) {
  if (t.best == Move::none()) return false;
  if (t.second == Move::none()) return false;  // a forced move is no puzzle
  if (t.bestScore == VALUE_MATE - 1) return true;  // mate in one
  return lichess_win_percent(t.bestScore) - lichess_win_percent(t.secondScore) > PuzzleMargin;
}

bool legal(const Position& pos, Move m) { return m != Move::none() && pos.is_pseudo_legal(m) && pos.is_legal(m); }

}  // namespace

std::optional<Puzzle> puzzle_for(Engine& engine, const Position& before, const MoveReview& m, ReasonKey reason,
                                 const ReviewLimits& limits) {
  TwoBest t = search_two_best(engine, before, limits);
  if (!one_clear_move(t) || t.best == m.played) return std::nullopt;
  Puzzle p;
  p.fen = before.fen();
  p.reason = reason;
  p.played = m.numbered + mark_glyph(m.mark);
  p.why = m.reason;
  Position pos = before;
  p.solution.push_back(t.best);
  pos.do_move(t.best);
  // Further moves while the reply is the best line's and the solver's answer is again the only good one.
  for (int moves = 1; moves < PuzzleMaxMoves; ++moves) {
    if (t.pv.size() < 2 || !legal(pos, t.pv[1])) break;
    Position next = pos;
    next.do_move(t.pv[1]);
    if (MoveList<LEGAL>(next).size() == 0) break;
    const TwoBest n = search_two_best(engine, next, limits);
    if (!one_clear_move(n)) break;
    p.solution.push_back(t.pv[1]);
    p.solution.push_back(n.best);
    next.do_move(n.best);
    pos = next;
    t = n;
  }
  return p;
}

std::string puzzle_pgn(const Puzzle& p, const std::string& source, const std::string& date) {
  Position pos;
  pos.set(p.fen, false);
  std::string s;
  s += "[Event \"" + pgn_escape("Puzzle from " + source) + "\"]\n";
  s += "[Date \"" + pgn_escape(date.empty() ? "????.??.??" : date) + "\"]\n";
  s += "[Result \"*\"]\n";
  s += "[FEN \"" + p.fen + "\"]\n[SetUp \"1\"]\n";
  s += "[Theme \"" + pgn_escape(reason_key_name(p.reason)) + "\"]\n";
  s += "[Annotator \"Taper\"]\n\n";
  s += "{ " + p.played + " was played here. " + reason_key_name(p.reason) + ": find the move that keeps the better result. } ";
  s += numbered_line(pos, p.solution);
  std::string why = p.why;  // a brace would end the comment early
  for (char& c : why)
    if (c == '}') c = ')';
  if (!why.empty()) s += " { " + why + " }";
  s += " *\n";
  return s;
}

}  // namespace taper
