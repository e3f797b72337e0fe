// SPDX-License-Identifier: GPL-3.0-or-later
// Starting, stopping and joining search threads; choosing the move to play.
#include "search/threads.hpp"

#include <algorithm>
#include <chrono>
#include <map>

#include "board/movegen.hpp"
#include "search/skill.hpp"
#include "tb/syzygy.hpp"

namespace taper {

SearchPool::SearchPool() {
  init_search_tables();
  shared_.tt = &tt_;
  shared_.totalNodes = [this] { return nodes_searched(); };
  tt_.resize(16);
  set_threads(1);
}

SearchPool::~SearchPool() {
  stop();
  wait();
}

void SearchPool::set_threads(int count) {
  wait();
  count = std::clamp(count, 1, MaxSearchThreads);
  workers_.clear();
  for (int i = 0; i < count; ++i) workers_.push_back(std::make_unique<Worker>(i, shared_));
}

bool SearchPool::set_hash(size_t megabytes) {
  wait();
  return tt_.resize(megabytes);
}

void SearchPool::clear() {
  wait();
  tt_.clear(int(workers_.size()));
  for (auto& w : workers_) w->clear();
}

uint64_t SearchPool::nodes_searched() const {
  uint64_t n = 0;
  for (const auto& w : workers_) n += w->nodes();
  return n;
}

void SearchPool::start(const Position& pos, const SearchLimits& limits, const SearchCallbacks& callbacks,
                       const SearchOptions& options) {
  wait();
  rootPos_ = pos;
  shared_.limits = limits;
  shared_.callbacks = callbacks;
  shared_.multiPv = std::max(1, options.multiPv);
  shared_.nodeLimit = limits.nodes;
  shared_.time.init(limits, pos.side_to_move(), options.moveOverhead);
  skillErrorCp_ = 0;
  thinkUntil_ = 0;
  if (options.limitElo > 0) {
    // Weakened play: a node budget and enough lines to choose a plausible second-best move from.
    // The budget only stops the threads; the answer still waits for the protocol (ponderhit,
    // stop) and for the think time a full-strength search would plan on this clock.
    SkillPlan plan = skill_plan(options.limitElo);
    shared_.nodeLimit = limits.nodes ? std::min(limits.nodes, plan.nodes) : plan.nodes;
    shared_.multiPv = std::max(shared_.multiPv, plan.lines);
    skillErrorCp_ = plan.errorCp;
    skillLines_ = size_t(plan.lines);
    skillRng_ = options.skillSeed;
    if (shared_.time.active()) thinkUntil_ = shared_.time.start_time() + shared_.time.soft_limit();
  }
  shared_.threadCount = int(workers_.size());
  shared_.stop = false;
  stopCommanded_ = false;
  shared_.ponder = limits.ponder;
  shared_.tbHits = 0;
  for (auto& c : shared_.bestMoveChanges) c = 0;
  shared_.rootInTb = false;
  shared_.tbProbeDepth = options.syzygyProbeDepth;
  shared_.tbUse50MoveRule = options.syzygy50MoveRule;
  shared_.tbCardinality = std::min(options.syzygyProbeLimit, syzygy::max_pieces());
  lastReported_ = Move::none();
  searching_ = true;
  if constexpr (ThreadsAvailable) mainThread_ = std::thread([this] { run(); });
  else run();  // one thread (WebAssembly): the search runs here and has sent its bestmove on return
}

void SearchPool::stop() {
  {
    std::lock_guard lock(waitMutex_);
    stopCommanded_ = true;
    shared_.stop = true;
  }
  waitCv_.notify_all();
}

bool SearchPool::stop_requested() {
  std::lock_guard lock(waitMutex_);
  return stopCommanded_;
}

void SearchPool::ponderhit() {
  {
    std::lock_guard lock(waitMutex_);
    shared_.ponder = false;
  }
  waitCv_.notify_all();
}

void SearchPool::wait() {
  if (mainThread_.joinable()) mainThread_.join();
}

void SearchPool::run() {
  const SearchLimits& limits = shared_.limits;
  std::vector<RootMove> rootMoves;
  for (Move m : MoveList<LEGAL>(rootPos_))
    if (limits.searchMoves.empty() || std::count(limits.searchMoves.begin(), limits.searchMoves.end(), m))
      rootMoves.emplace_back(m);

  rank_root_moves_by_tablebase(rootMoves);

  // Remember the PV move last shown, so the final best move never contradicts it.
  SearchCallbacks userCallbacks = shared_.callbacks;
  shared_.callbacks.onIteration = [this, userCallbacks](const SearchReport& r) {
    if (r.multiPv == 1 && !r.pv.empty()) lastReported_ = r.pv[0];
    if (userCallbacks.onIteration) userCallbacks.onIteration(r);
  };

  Move best = Move::none(), ponder = Move::none();
  if (rootMoves.empty()) {
    // Mate or stalemate (or no allowed move): report it and answer with a null move. The
    // workers still start from zero nodes, so this search does not report the previous one's.
    for (auto& w : workers_) w->prepare(rootPos_, rootMoves);
    if (shared_.callbacks.onIteration) {
      SearchReport r;
      r.score = rootPos_.in_check() ? -VALUE_MATE : VALUE_DRAW;
      shared_.callbacks.onIteration(r);
    }
  } else {
    tt_.new_search();
    for (auto& w : workers_) w->prepare(rootPos_, rootMoves);
    std::vector<std::thread> helpers;
    for (size_t i = 1; i < workers_.size(); ++i) helpers.emplace_back([w = workers_[i].get()] { w->iterative_deepening(); });
    workers_[0]->iterative_deepening();

    wait_for_release();
    shared_.stop = true;
    for (auto& t : helpers) t.join();

    const Worker& chosen = best_worker();
    // An interrupted iteration (or another thread) may have found a new best move: show its line.
    if (chosen.root_moves()[0].move() != lastReported_ && shared_.callbacks.onIteration)
      shared_.callbacks.onIteration(chosen.report(0, std::max(1, chosen.completed_depth())));
    size_t pick = skillErrorCp_ > 0 ? pick_weakened_move(chosen.root_moves(), skillLines_, skillErrorCp_, skillRng_) : 0;
    if (pick && shared_.callbacks.onIteration) {
      // The weakened choice is shown as the main line, so the GUI's PV agrees with the move played.
      SearchReport r = chosen.report(int(pick), std::max(1, chosen.completed_depth()));
      r.multiPv = 1;
      shared_.callbacks.onIteration(r);
    }
    best = chosen.root_moves()[pick].move();
    ponder = ponder_move(chosen.root_moves()[pick]);
  }
  // A forced move (or none) is played at once, as a person would.
  wait_until_answer_allowed(rootMoves.size() > 1);
  // Not "searching" any more once the GUI can see the best move: it may send `go` at once.
  searching_ = false;
  if (shared_.callbacks.onBestMove) shared_.callbacks.onBestMove(best, ponder);
}

void SearchPool::wait_for_release() {
  // While pondering or in infinite mode the threads stop only on stop/ponderhit (or a limit that
  // set `stop`). Without threads nobody can send either during the search: its end is the release.
  if constexpr (!ThreadsAvailable) return;
  std::unique_lock lock(waitMutex_);
  waitCv_.wait(lock, [&] { return shared_.stop.load() || (!shared_.ponder.load() && !shared_.limits.infinite); });
}

void SearchPool::wait_until_answer_allowed(bool holdForThinkTime) {
  // UCI: a ponder search answers only after `ponderhit` or `stop`, an infinite one only after
  // `stop`, whatever stopped its threads (a node or depth limit, a level's budget). A weakened
  // level then sleeps until its think time is over. Asleep on the condition variable: no CPU.
  // Without threads (the WebAssembly build) nobody can send either during the search, and a
  // sleep would only freeze the page: its end is the release.
  if constexpr (!ThreadsAvailable) return;
  std::unique_lock lock(waitMutex_);
  while (!stopCommanded_) {
    if (shared_.ponder.load() || shared_.limits.infinite) {
      waitCv_.wait(lock);
      continue;
    }
    TimePoint left = holdForThinkTime && thinkUntil_ ? thinkUntil_ - now_ms() : 0;
    if (left <= 0) break;
    waitCv_.wait_for(lock, std::chrono::milliseconds(left));
  }
}

void SearchPool::rank_root_moves_by_tablebase(std::vector<RootMove>& rootMoves) {
  // With the root in the tables, search only the moves that keep the best result (ranked by
  // DTZ so a win makes progress under the fifty-move rule), and report the tablebase score.
  if (rootMoves.empty() || !shared_.tbCardinality || popcount(rootPos_.pieces()) > syzygy::max_pieces() ||
      rootPos_.castling_rights())
    return;
  syzygy::RootProbe probe;
  if (!syzygy::probe_root(rootPos_, rootPos_.has_repeated(), probe)) return;
  std::vector<Move> keep = probe.best_moves();
  std::vector<RootMove> kept;
  for (RootMove& rm : rootMoves) {
    auto it = std::find_if(probe.moves.begin(), probe.moves.end(), [&](const syzygy::RootMove& t) { return t.move == rm.move(); });
    if (it == probe.moves.end()) continue;
    rm.tbRank = it->rank;
    int w = int(it->wdl), drawScore = shared_.tbUse50MoveRule;
    rm.tbScore = w > drawScore ? VALUE_TB_WIN - std::min(std::abs(it->dtz), MAX_PLY - 1)
               : w < -drawScore ? -VALUE_TB_WIN + std::min(std::abs(it->dtz), MAX_PLY - 1)
                                : VALUE_DRAW;
    if (std::count(keep.begin(), keep.end(), rm.move())) kept.push_back(rm);
  }
  if (kept.empty()) return;
  // Best rank first, then shortest way to zeroing for wins.
  std::stable_sort(kept.begin(), kept.end(), [](const RootMove& a, const RootMove& b) { return a.tbScore > b.tbScore; });
  rootMoves = kept;
  shared_.rootInTb = true;
  shared_.tbCardinality = 0;  // the root ranking decides; no probes needed inside the tree
  shared_.tbHits.fetch_add(probe.moves.size(), std::memory_order_relaxed);
}

const Worker& SearchPool::best_worker() const {
  const Worker* best = workers_[0].get();
  if (workers_.size() == 1 || shared_.multiPv > 1) return *best;
  // Each thread votes for its best move, weighted by depth and by how good its score is.
  Value minScore = VALUE_INFINITE;
  for (const auto& w : workers_)
    if (w->completed_depth() > 0) minScore = std::min(minScore, w->root_moves()[0].score);
  std::map<uint16_t, int64_t> votes;
  for (const auto& w : workers_)
    if (w->completed_depth() > 0)
      votes[w->root_moves()[0].move().raw()] += int64_t(w->root_moves()[0].score - minScore + 14) * w->completed_depth();
  for (const auto& w : workers_) {
    if (w->completed_depth() == 0) continue;
    const RootMove& mine = w->root_moves()[0];
    const RootMove& theirs = best->root_moves()[0];
    // A proven mate is always preferred; otherwise the move with more votes wins.
    if (mine.score >= VALUE_MATE_IN_MAX_PLY ? mine.score > theirs.score
                                             : votes[mine.move().raw()] > votes[theirs.move().raw()] &&
                                                   theirs.score < VALUE_MATE_IN_MAX_PLY)
      best = w.get();
  }
  return *best;
}

Move SearchPool::ponder_move(const RootMove& best) {
  if (best.pv.size() > 1) return best.pv[1];
  // Guess the reply from the hash table if the PV stops at the best move.
  Position pos = rootPos_;
  pos.do_move(best.move());
  TTData tte;
  if (tt_.probe(pos.key(), 1, tte) && tte.move && pos.is_pseudo_legal(tte.move) && pos.is_legal(tte.move))
    return tte.move;
  return Move::none();
}

}  // namespace taper
