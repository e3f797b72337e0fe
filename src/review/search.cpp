// SPDX-License-Identifier: GPL-3.0-or-later
// Searching every position of a game for `taper review`. The positions are independent, so
// `--threads N` searches N of them at once, one search thread each, rather than one at a time with
// N Lazy SMP threads: the time per position stays what the user asked for and the wall time
// divides by N (Lazy SMP would make each search better, not the review faster; docs/REVIEW.md has
// the measurements). Each position starts from a cleared hash table, so that a review with
// --nodes gives the same output whatever the thread count and the order the workers take them in.
#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

#include "board/movegen.hpp"
#include "search/engine.hpp"
#include "review/review.hpp"

namespace taper {

std::vector<Position> game_positions(const PgnGame& game) {
  std::vector<Position> out;
  Position pos = game.start_position();
  out.push_back(pos);
  for (const PgnMove& m : game.moves) {
    pos.do_move(m.move);
    out.push_back(pos);
  }
  return out;
}

PositionVerdict search_position(Engine& engine, const Position& pos, const ReviewLimits& limits, const std::vector<Move>& onlyMoves) {
  PositionVerdict v;
  if (MoveList<LEGAL>(pos).size() == 0) {
    v.over = true;
    v.score = pos.in_check() ? -VALUE_MATE : VALUE_DRAW;
    return v;
  }
  engine.clear();
  SearchLimits sl;
  sl.analysis = true;  // the evaluation's own scores, as `taper analyse` shows them
  sl.searchMoves = onlyMoves;
  if (limits.nodes) sl.nodes = limits.nodes;
  else sl.moveTime = std::max<TimePoint>(1, limits.moveTimeMs);
  const SearchResult r = engine.search(pos, sl);
  v.score = r.last.score;
  v.tablebase = r.last.tbScore;
  v.best = r.best;
  v.pv = r.last.pv;
  if (v.pv.empty() || v.pv[0] != v.best) v.pv = {v.best};
  v.depth = r.last.depth;
  v.nodes = r.nodes;
  return v;
}

std::vector<PositionVerdict> search_positions(const std::vector<Position>& positions, const ReviewLimits& limits,
                                              const std::function<void(int, int)>& progress) {
  std::vector<PositionVerdict> out(positions.size());
  const int total = int(positions.size());
  const int workers = std::max(1, std::min(limits.threads, total));
  std::atomic<int> next{0};
  std::mutex progressMutex;
  int done = 0;
  auto work = [&] {
    Engine engine(size_t(std::max(1, limits.hashMb)), 1);
    engine.options().moveOverhead = 0;
    for (int i; (i = next.fetch_add(1)) < total;) {
      out[size_t(i)] = search_position(engine, positions[size_t(i)], limits);
      std::lock_guard lock(progressMutex);
      ++done;
      if (progress) progress(done, total);
    }
  };
  if (workers == 1 || !ThreadsAvailable) {
    work();
  } else {
    std::vector<std::thread> pool;
    for (int w = 0; w < workers; ++w) pool.emplace_back(work);
    for (std::thread& t : pool) t.join();
  }
  return out;
}

int recheck_missed_mates(const PgnGame& game, const std::vector<Position>& positions, std::vector<PositionVerdict>& verdicts,
                         const ReviewLimits& limits) {
  if (verdicts.size() != positions.size() || positions.size() != game.moves.size() + 1) return 0;
  ReviewLimits more = limits;
  if (more.nodes) more.nodes *= RecheckFactor;
  else more.moveTimeMs *= RecheckFactor;
  int searched = 0;
  std::unique_ptr<Engine> engine;
  for (size_t i = 0; i < game.moves.size(); ++i) {
    const PositionVerdict &before = verdicts[i], &after = verdicts[i + 1];
    const bool hadMate = before.score >= VALUE_MATE_IN_MAX_PLY && !before.over;
    if (!hadMate || game.moves[i].move == before.best || after.over || after.score <= VALUE_MATED_IN_MAX_PLY) continue;
    if (!engine) {
      engine = std::make_unique<Engine>(size_t(std::max(1, limits.hashMb)), 1);
      engine->options().moveOverhead = 0;
    }
    const PositionVerdict again = search_position(*engine, positions[i + 1], more);
    ++searched;
    if (again.score <= VALUE_MATED_IN_MAX_PLY) verdicts[i + 1] = again;
  }
  return searched;
}

int search_second_best(const PgnGame& game, const std::vector<Position>& positions, std::vector<PositionVerdict>& verdicts,
                       const ReviewLimits& limits) {
  ReviewLimits less = limits;
  if (less.nodes) less.nodes = std::max<uint64_t>(1, less.nodes / SecondBestShare);
  else less.moveTimeMs = std::max<TimePoint>(1, less.moveTimeMs / SecondBestShare);
  int searched = 0;
  std::unique_ptr<Engine> engine;
  for (size_t i : great_candidates(game, positions, verdicts)) {
    if (!engine) {
      engine = std::make_unique<Engine>(size_t(std::max(1, limits.hashMb)), 1);
      engine->options().moveOverhead = 0;
    }
    // The other moves only: the best of them is what a MultiPV 2 search shows as its second line.
    std::vector<Move> others;
    for (Move m : MoveList<LEGAL>(positions[i]))
      if (m != verdicts[i].best) others.push_back(m);
    const PositionVerdict other = search_position(*engine, positions[i], less, others);
    ++searched;
    PositionVerdict& v = verdicts[i];
    v.hasSecond = true;
    v.secondScore = other.score;
    v.secondTablebase = other.tablebase;
    v.second = other.best;
  }
  return searched;
}

std::vector<PositionVerdict> search_game(const PgnGame& game, const ReviewLimits& limits,
                                         const std::function<void(int, int)>& progress) {
  return search_game(game, game_positions(game), limits, progress);
}

std::vector<PositionVerdict> search_game(const PgnGame& game, const std::vector<Position>& positions, const ReviewLimits& limits,
                                         const std::function<void(int, int)>& progress) {
  std::vector<PositionVerdict> verdicts = search_positions(positions, limits, progress);
  recheck_missed_mates(game, positions, verdicts, limits);
  search_second_best(game, positions, verdicts, limits);
  return verdicts;
}

}  // namespace taper
