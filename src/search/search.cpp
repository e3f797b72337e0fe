// SPDX-License-Identifier: GPL-3.0-or-later
// Principal variation search with quiescence, pruning and reductions; iterative deepening per thread.
#include "search/search.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <mutex>

#include "search/movepick.hpp"
#include "search/tunables.hpp"
#include "tb/syzygy.hpp"

namespace taper {

using namespace tunable;

namespace {

// The search's fixed numbers; the margins worth tuning are in tunables.def.

// Depths quiescence stores in the TT: its first ply, when it also tries quiet checks, ranks one
// above the deeper, capture-only plies (all below every main-search depth).
constexpr int QsDepthChecks = -5;
constexpr int QsDepthNoChecks = -6;
// The depth of an entry that keeps only a static evaluation: below every search's.
constexpr int TtDepthEvalOnly = -7;
// A tablebase result is stored this much deeper than the node's depth: no search overrides it.
constexpr int TbStoreDepthBonus = 6;
// No TT cut-off this close to the fifty-move rule: the stored value may not hold any more.
constexpr int TtCutRule50Limit = 90;
// Stepping back into an earlier position takes at least this many reversible plies.
constexpr int CycleMinRule50 = 3;
// Null move: how far the eval is above beta adds at most this many plies to R.
constexpr int NmpMaxEvalR = 3;
// ProbCut searches this many plies shallower, trying this many captures (twice in a cut node).
constexpr int ProbCutReduction = 4;
constexpr int ProbCutTries = 2;
// A singular verification trusts a lower bound this many plies shallower than the node.
constexpr int SingularTtDepthSlack = 3;
// Little material left: both sides' pieces together worth at most two rooks.
constexpr int EndgameMaterial = 2 * SeeValue[ROOK];
// Late move reductions start at this depth.
constexpr int LmrMinDepth = 3;
// A parent move with a number above this was a late one: its refutation is reduced less.
constexpr int LmrLateParentMove = 14;
// In check beyond quiescence's second ply, quiet evasions after the first few are skipped.
constexpr int QsEvasionPruneDepth = -2;
constexpr int QsQuietEvasions = 2;
// Root progress (currmove, an aspiration window's fail) is reported after this long.
constexpr TimePoint ReportAfterMs = 3000;
// The clock and the shared node count are read once every this many nodes.
constexpr int TimeCheckInterval = 1024;
// Internal iterative reduction without a hash move: plies off a PV node; a cut node from this
// depth loses that many (Stockfish 15.1).
constexpr int IirPvReduction = 3;
constexpr int IirCutMinDepth = 9;
constexpr int IirCutReduction = 2;
// A fail-low node rewards the quiet move that led to it more when deep, after a clear fail (by
// this much a ply) and when that move came late (Stockfish 15.1).
constexpr int FailLowBonusMinDepth = 5;
constexpr int FailLowClearMargin = 62;
constexpr int FailLowLateMove = 10;
// Capture futility applies below this reduced depth; the capture history counts this fraction.
constexpr int CapFutilityMaxLmrDepth = 7;
constexpr int CapFutilityHistoryDiv = 14;
// A reduced search is re-searched a ply deeper when it beats alpha by LmrDeeperMargin plus this
// much per ply of reduction; a capture's re-search teaches its history this fraction as much.
constexpr int LmrDeeperPerPly = 6;
constexpr int NoisyContinuationDiv = 6;
// Quiescence: after this many moves only checks, recaptures and promotions are left.
constexpr int QsMovesBeforeRecapturesOnly = 2;
// Aspiration windows, the eval trend and the time manager start at this iteration.
constexpr int IterationDepthForWindows = 4;
// A window that fails widens by half of itself and this much more.
constexpr int AspirationGrowth = 5;
// The time manager sees at most this fall (or rise) of the best score between iterations.
constexpr int MaxScoreDrop = 200;

// [depth][move number] -> plies of late-move reduction, as log(depth) * log(moves) grows.
int Reductions[MAX_PLY][MAX_MOVES];

/// Quiet moves to try at `depth` before pruning the rest (late move pruning).
int late_move_count(bool improving, int depth) { return (3 + depth * depth) / (2 - improving); }

/// Draws get a tiny node-dependent jitter so the search doesn't settle blindly into
/// repetition lines (the value stays deterministic for a given tree).
Value draw_value(uint64_t nodes) { return VALUE_DRAW + 1 - int(nodes & 2); }

// The continuation tables of 1, 2 and 4 plies back, in the order the move picker reads them.
inline std::array<const PieceToHistory*, 3> continuation_tables(const Stack* ss) {
  return {(ss - 1)->contHist, (ss - 2)->contHist, (ss - 4)->contHist};
}

}  // namespace

void init_reduction_table() {
  const double base = LmrBase / 100.0, divisor = LmrDivisor / 100.0;
  for (int d = 1; d < MAX_PLY; ++d)
    for (int m = 1; m < MAX_MOVES; ++m) Reductions[d][m] = int(base + std::log(d) * std::log(m) / divisor);
}

void init_search_tables() {
  // Once per process: every SearchPool calls this, possibly while another pool is searching.
  static std::once_flag once;
  std::call_once(once, init_reduction_table);
}

Worker::Worker(int id, SharedSearchState& shared) : id_(id), shared_(shared), hist_(std::make_unique<Histories>()) {
  hist_->clear();
}

void Worker::clear() {
  hist_->clear();
  evaluator_.clear();
}

void Worker::prepare(const Position& root, const std::vector<RootMove>& rootMoves) {
  rootPos_ = root;
  rootMoves_ = rootMoves;
  nodes_.store(0, std::memory_order_relaxed);
  completedDepth_ = 0;
  selDepth_ = 0;
  nmpMinPly_ = 0;
  trend_ = Score();
}

int Worker::reduction(bool improving, int depth, int moveCount) const {
  int r = Reductions[std::min(depth, MAX_PLY - 1)][std::min(moveCount, MAX_MOVES - 1)];
  return r + (!improving && r > 1);
}

Value Worker::evaluate(const Position& pos) { return evaluator_.evaluate(pos, LazyEvalMargin); }

Value Worker::corrected_eval(const Position& pos, Value raw) const {
  Value v = raw + hist_->correction[pos.side_to_move()][pos.pawn_key() % CorrectionSlots] / CorrHistDiv;
  const Value t = tapered_value(trend_, game_phase(pos), ScaleNormal);
  v += pos.side_to_move() == WHITE ? t : -t;
  return std::clamp(v, VALUE_TB_LOSS_IN_MAX_PLY + 1, VALUE_TB_WIN_IN_MAX_PLY - 1);
}

void Worker::update_correction(const Position& pos, Value bestValue, Value staticEval, int depth) {
  // Deeper searches are surer of their value, so they move the entry further.
  const int bonus = std::clamp((bestValue - staticEval) * depth / CorrHistDepthDiv, -CorrectionLimit / 4,
                               CorrectionLimit / 4);
  hist_->correction[pos.side_to_move()][pos.pawn_key() % CorrectionSlots].update(bonus);
}

void Worker::check_time() {
  if (id_ != 0) return;
  // A single thread checks its node limit exactly, so `go nodes` is precise and repeatable.
  if (shared_.threadCount == 1 && shared_.nodeLimit && nodes() >= shared_.nodeLimit) shared_.stop = true;
  if (++callsSinceTimeCheck_ < TimeCheckInterval) return;
  callsSinceTimeCheck_ = 0;
  if (shared_.nodeLimit && shared_.totalNodes() >= shared_.nodeLimit) shared_.stop = true;
  if (shared_.ponder.load(std::memory_order_relaxed)) return;
  if (shared_.time.active() && shared_.time.elapsed() >= shared_.time.hard_limit()) shared_.stop = true;
}

void Worker::update_pv(int ply, Move m) {
  pvTable_[ply][ply] = m;
  for (int i = ply + 1; i < pvLength_[ply + 1]; ++i) pvTable_[ply][i] = pvTable_[ply + 1][i];
  pvLength_[ply] = std::max(pvLength_[ply + 1], ply + 1);
}

void Worker::update_continuation(Stack* ss, Piece pc, Square to, int bonus) {
  for (int i : {1, 2, 4})
    if ((ss - i)->currentMove.is_ok()) (*(ss - i)->contHist)[pc][to].update(bonus);
}

void Worker::update_quiet_stats(const Position& pos, Stack* ss, Move move, int bonus) {
  if (ss->killers[0] != move) {
    ss->killers[1] = ss->killers[0];
    ss->killers[0] = move;
  }
  Color us = pos.side_to_move();
  hist_->butterfly[us][move.from()][move.to()].update(bonus);
  update_continuation(ss, pos.moved_piece(move), move.to(), bonus);
  Move prev = (ss - 1)->currentMove;
  if (prev.is_ok()) {
    Square prevSq = prev.to();
    hist_->counters[pos.piece_on(prevSq)][prevSq] = move;
  }
}

void Worker::update_all_stats(const Position& pos, Stack* ss, Move best, Value bestValue, Value beta, Square prevSq,
                              const Move* quiets, int quietCount, const Move* captures, int captureCount, int depth) {
  int bonus = history_bonus(depth + (bestValue > beta + HistoryBonusMargin));
  Color us = pos.side_to_move();
  auto captured_type = [&](Move m) { return m.kind() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to())); };

  if (!pos.is_capture_or_promotion(best)) {
    update_quiet_stats(pos, ss, best, bonus);
    // The quiet moves tried before the cut-off were worse: lower their history.
    for (int i = 0; i < quietCount; ++i) {
      hist_->butterfly[us][quiets[i].from()][quiets[i].to()].update(-bonus);
      update_continuation(ss, pos.moved_piece(quiets[i]), quiets[i].to(), -bonus);
    }
  } else {
    hist_->capture[pos.moved_piece(best)][best.to()][captured_type(best)].update(bonus);
  }
  for (int i = 0; i < captureCount; ++i)
    hist_->capture[pos.moved_piece(captures[i])][captures[i].to()][captured_type(captures[i])].update(-bonus);

  // A quiet previous move refuted early (first move) gets a small malus.
  Move prev = (ss - 1)->currentMove;
  if (prev.is_ok() && (ss - 1)->moveCount == 1 && !pos.captured_piece() && prevSq != SQ_NONE)
    update_continuation(ss - 1, pos.piece_on(prevSq), prevSq, -bonus);
}

bool Worker::root_move_allowed(Move m) const {
  for (size_t i = pvIdx_; i < rootMoves_.size(); ++i)
    if (rootMoves_[i].move() == m) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// Main search, by stage: the node's entry (draws, mate distance, TT, tablebases), its static
// evaluation, pruning before the moves, the move loop (per-move pruning, extensions, reductions)
// and the result (mate or stalemate, histories, TT). Worker::search reads the stages in order;
// the stages that run at every node or move are forced inline, so the split costs no calls.

/// What a node of the main search knows before its move loop. The stages fill it in order.
struct Worker::Node {
  bool inCheck = false;
  Color us = WHITE;
  Move excluded;                 // the hash move a singular verification searches without
  Square prevSq = SQ_NONE;       // the square the move that led here went to
  TTData tte{};
  bool ttHit = false;
  Value ttValue = VALUE_NONE;
  Move ttMove;                   // at the root, the move the last iteration ranked first
  bool ttCapture = false;
  Value rawEval = VALUE_NONE;    // the evaluator's own (the TT keeps that one)
  Value eval = VALUE_NONE;       // corrected, or the TT value when its bound says it is better
  bool improving = false;        // the static eval above two (or four) plies up, or no earlier one; false in check
  Value maxValue = VALUE_INFINITE;  // a tablebase's upper bound on a PV node's value
  Move counter;                  // the move that last refuted the previous move
  bool afterEndgameCapture = false;
  bool singularTtMove = false;   // the hash move proved singular: its alternatives are reduced more
};

/// What the move loop knows about the move it is trying.
struct Worker::MoveInfo {
  Move move;
  Piece piece;
  bool noisy, givesCheck;
  int number;                    // 1 for the first move searched
  bool moveCountPruning = false; // late enough that the remaining quiets are pruned
};

namespace {

/// The moves a node searched without a cut-off, for the histories' maluses.
struct TriedMoves {
  UninitializedArray<Move, 64> quiets;  // only the first quietCount are read
  UninitializedArray<Move, 32> captures;
  int quietCount = 0, captureCount = 0;
  void add(Move m, bool noisy) {
    if (noisy && captureCount < 32) captures[captureCount++] = m;
    else if (!noisy && quietCount < 64) quiets[quietCount++] = m;
  }
};

}  // namespace

template <Worker::NodeType NT>
Value Worker::search(Position& pos, Stack* ss, Value alpha, Value beta, int depth, bool cutNode) {
  constexpr bool PvNode = NT != NonPV;
  constexpr bool RootNode = NT == Root;
  const int ply = ss->ply;

  // Upcoming repetition: if the side to move can step back into an earlier position, the draw
  // is at least available, so alpha may rise to it (Kervinck's cuckoo tables, Stockfish 10+).
  if (!RootNode && alpha < VALUE_DRAW && pos.rule50_count() >= CycleMinRule50 && pos.has_game_cycle(ply)) {
    alpha = draw_value(nodes());
    if (alpha >= beta) return alpha;
  }

  if (depth <= 0) return qsearch<PvNode ? PV : NonPV>(pos, ss, alpha, beta);

  if (PvNode) pvLength_[ply] = ply;
  check_time();
  if (PvNode && selDepth_ < ply + 1) selDepth_ = ply + 1;

  // The node's entry: a line that ends here, mate distance, the TT, the tablebases.
  Node node;
  node.inCheck = ss->inCheck = pos.in_check();
  node.us = pos.side_to_move();
  ss->moveCount = 0;

  if (!RootNode) {
    if (Value v = line_end_value(pos, ply, node.inCheck); v != VALUE_NONE) return v;
    // Mate distance pruning: no line from here can beat a mate already found closer to the root.
    alpha = std::max(mated_in(ply), alpha);
    beta = std::min(mate_in(ply + 1), beta);
    if (alpha >= beta) return alpha;
  }

  (ss + 1)->killers[0] = (ss + 1)->killers[1] = Move::none();
  (ss + 2)->killers[0] = (ss + 2)->killers[1] = Move::none();
  // The grandchildren's statScore starts from 0; each later grandchild inherits the last one's.
  (ss + 2)->statScore = 0;
  const Move prevMove = (ss - 1)->currentMove;
  node.prevSq = prevMove.is_ok() ? prevMove.to() : SQ_NONE;
  node.excluded = ss->excludedMove;

  if (probe_tt<NT>(pos, ss, node, depth, beta)) return node.ttValue;
  if (Value v = probe_tablebases<NT>(pos, ss, node, alpha, beta, depth); v != VALUE_NONE) return v;

  evaluate_node(pos, ss, node);

  // Pruning before the moves.
  if (!PvNode && !node.inCheck && !node.excluded) {
    if (Value v = prune_node(pos, ss, node, alpha, beta, depth, cutNode); v != VALUE_NONE) return v;
  }

  // Internal iterative reduction: without a hash move this node is probably less important.
  // As in Stockfish 15.1: three plies in a PV node (straight to quiescence if none are left),
  // two in a deep cut node.
  if (!RootNode && !node.ttMove && PvNode) {
    depth -= IirPvReduction;
    if (depth <= 0) return qsearch<PV>(pos, ss, alpha, beta);
  }
  if (!node.ttMove && cutNode && depth >= IirCutMinDepth) depth -= IirCutReduction;

  // The move loop.
  prepare_move_loop(pos, node);
  const auto contHist = continuation_tables(ss);
  MovePicker picker(pos, node.ttMove, *hist_, contHist.data(), ss->killers, node.counter);
  Value bestValue = -VALUE_INFINITE;
  Move bestMove = Move::none();
  TriedMoves tried;
  int moveCount = 0;
  bool skipQuiets = false;

  for (Move m; (m = picker.next(skipQuiets));) {
    if (m == node.excluded || (RootNode && !root_move_allowed(m))) continue;
    ss->moveCount = ++moveCount;
    if (RootNode && id_ == 0 && shared_.time.elapsed() > ReportAfterMs && shared_.callbacks.onCurrMove)
      shared_.callbacks.onCurrMove(depth, m, int(moveCount + pvIdx_));
    if (PvNode) pvLength_[ply + 1] = ply + 1;

    MoveInfo mi{m, pos.moved_piece(m), pos.is_capture_or_promotion(m), pos.gives_check(m), moveCount};

    // Shallow-depth pruning (never while we are being mated, never without pieces).
    if (!RootNode && bestValue > VALUE_TB_LOSS_IN_MAX_PLY && pos.non_pawn_material(node.us) &&
        prune_move(pos, ss, node, mi, depth, alpha, skipQuiets))
      continue;

    // Extensions.
    int extension = 0;
    if (!RootNode && m == node.ttMove && singular_candidate(node, depth)) {
      // Singular extension: if every other move fails well below the hash move's value, the
      // hash move is forced and deserves a deeper look.
      const Value singularBeta = node.ttValue - SingularMul * depth;
      const Value v = singular_search(pos, ss, m, singularBeta, depth, cutNode);
      if (v < singularBeta) {
        extension = 1;
        node.singularTtMove = true;
      } else if (singularBeta >= beta) {
        return singularBeta;  // several moves beat beta: multi-cut
      }
    } else {
      extension = move_extension(pos, ss, node, mi);
    }
    if (m.kind() == CASTLING) extension = std::max(extension, 1);

    // The child's TT bucket loads while the move is made. (Here, not in search_move: inside that
    // always_inline helper GCC 12 dropped the prefetch, and the search lost 4 % of its speed.)
    shared_.tt->prefetch(pos.key_after(m));
    const uint64_t nodesBefore = RootNode ? nodes() : 0;
    const Value value = search_move<NT>(pos, ss, node, mi, alpha, beta, depth, depth - 1 + extension, cutNode);
    if (shared_.stop.load(std::memory_order_relaxed)) return VALUE_ZERO;
    if (RootNode) update_root_move(ply, m, value, alpha, beta, moveCount, nodes() - nodesBefore);

    if (value > bestValue) {
      bestValue = value;
      if (value > alpha) {
        bestMove = m;
        if (PvNode && !RootNode) update_pv(ply, m);
        if (!PvNode || value >= beta) {
          ss->statScore = 0;
          break;  // fail high
        }
        alpha = value;
      }
    }
    if (m != bestMove) tried.add(m, mi.noisy);
  }

  // The result: mate or stalemate without a move; the histories learn from the best move, the
  // correction history from the value; the TT keeps it.
  if (!moveCount) bestValue = node.excluded ? alpha : node.inCheck ? mated_in(ply) : VALUE_DRAW;
  else if (bestMove)
    update_all_stats(pos, ss, bestMove, bestValue, beta, node.prevSq, tried.quiets.data(), tried.quietCount,
                     tried.captures.data(), tried.captureCount, depth);
  else if (!pos.captured_piece() && node.prevSq != SQ_NONE) {
    // Every move failed low, so the quiet move that led here was good: reward it, more
    // so deep, in PV and cut nodes, after a clear fail, and for a late move (Stockfish 15.1).
    const int weight =
        (depth > FailLowBonusMinDepth) + (PvNode || cutNode) + (bestValue < alpha - FailLowClearMargin * depth) +
        ((ss - 1)->moveCount > FailLowLateMove);
    if (weight) update_continuation(ss - 1, pos.piece_on(node.prevSq), node.prevSq, history_bonus(depth) * weight);
  }
  if (PvNode) bestValue = std::min(bestValue, node.maxValue);
  if (!node.inCheck && !node.excluded && moveCount) learn_eval_error(pos, ss, bestMove, bestValue, beta, depth);
  if (!node.excluded && !(RootNode && pvIdx_)) {
    const Bound bound = bestValue >= beta ? BOUND_LOWER : PvNode && bestMove ? BOUND_EXACT : BOUND_UPPER;
    shared_.tt->store(pos.key(), ply, bestMove, bestValue, node.rawEval, depth, bound, ss->ttPv);
  }
  return bestValue;
}

// --- The node's entry

[[gnu::always_inline]] inline Value Worker::line_end_value(const Position& pos, int ply, bool inCheck) {
  if (shared_.stop.load(std::memory_order_relaxed) || ply >= MAX_PLY - 1)
    return ply >= MAX_PLY - 1 && !inCheck ? evaluate(pos) : draw_value(nodes());
  if (pos.is_draw(ply) || pos.is_insufficient_material()) return draw_value(nodes());
  return VALUE_NONE;
}

template <Worker::NodeType NT>
[[gnu::always_inline]] inline bool Worker::probe_tt(const Position& pos, Stack* ss, Node& node, int depth, Value beta) {
  // Not in singular verifications: they exclude a move, and their result is not the node's.
  TTData tte{};  // a local: passing node.tte to the probe (not inlined) would keep the whole node in memory
  node.ttHit = !node.excluded && shared_.tt->probe(pos.key(), ss->ply, tte);
  node.tte = tte;
  node.ttValue = node.ttHit ? node.tte.value : VALUE_NONE;
  node.ttMove = NT == Root ? rootMoves_[pvIdx_].move() : node.ttHit ? node.tte.move : Move::none();
  ss->ttPv = node.excluded ? ss->ttPv : NT != NonPV || (node.ttHit && node.tte.pv);

  // A deep enough entry whose bound settles beta ends a non-PV node: a bound must come from a
  // deeper search than this one, an exact value from one as deep (Stockfish 15.1).
  const int ttDepthNeeded = depth + 1 - (node.tte.bound == BOUND_EXACT);
  const bool cut = NT == NonPV && node.ttHit && node.tte.depth >= ttDepthNeeded && node.ttValue != VALUE_NONE &&
                   (node.tte.bound & (node.ttValue >= beta ? BOUND_LOWER : BOUND_UPPER));
  if (!cut) return false;
  // A quiet hash move that cuts earns its history as if it had been searched.
  const Move m = node.ttMove;
  if (m && !pos.is_capture_or_promotion(m) && pos.is_pseudo_legal(m) && pos.is_legal(m)) {
    if (node.ttValue >= beta) {
      update_quiet_stats(pos, ss, m, history_bonus(depth));
      // The parent's early quiet move is refuted already (Stockfish 15.1).
      if ((ss - 1)->moveCount <= 2 && !pos.captured_piece() && node.prevSq != SQ_NONE)
        update_continuation(ss - 1, pos.piece_on(node.prevSq), node.prevSq, -history_bonus(depth + 1));
    } else {
      // A quiet hash move that fails low was a poor guess (Stockfish 11 and 15.1).
      hist_->butterfly[node.us][m.from()][m.to()].update(-history_bonus(depth));
      update_continuation(ss, pos.moved_piece(m), m.to(), -history_bonus(depth));
    }
  }
  return pos.rule50_count() < TtCutRule50Limit;
}

template <Worker::NodeType NT>
[[gnu::always_inline]] inline Value Worker::probe_tablebases(const Position& pos, Stack* ss, Node& node, Value& alpha,
                                                              Value beta, int depth) {
  // Only right after a capture or pawn move (rule50 == 0): the WDL tables know no move counter.
  if (NT == Root || node.excluded || !shared_.tbCardinality || pos.rule50_count() != 0 || pos.castling_rights())
    return VALUE_NONE;
  const int pieces = popcount(pos.pieces()), ply = ss->ply;
  syzygy::Wdl wdl;
  if (pieces > shared_.tbCardinality || (pieces == shared_.tbCardinality && depth < shared_.tbProbeDepth) ||
      !syzygy::probe_wdl(pos, wdl))
    return VALUE_NONE;

  shared_.tbHits.fetch_add(1, std::memory_order_relaxed);
  // Wins and losses go into their own band below mate scores; under the fifty-move rule,
  // cursed wins and blessed losses count as draws.
  const int w = int(wdl), drawScore = shared_.tbUse50MoveRule;
  const Value value = w < -drawScore  ? -VALUE_TB_WIN + ply + 1
                      : w > drawScore ? VALUE_TB_WIN - ply - 1
                                      : VALUE_DRAW + 2 * w * drawScore;
  const Bound bound = w < -drawScore ? BOUND_UPPER : w > drawScore ? BOUND_LOWER : BOUND_EXACT;
  if (bound == BOUND_EXACT || (bound == BOUND_LOWER ? value >= beta : value <= alpha)) {
    shared_.tt->store(pos.key(), ply, Move::none(), value, VALUE_NONE, std::min(MAX_PLY - 1, depth + TbStoreDepthBonus),
                      bound, ss->ttPv);
    return value;
  }
  // In PV nodes keep searching for the best move, but inside the tablebase's bounds.
  if (NT != NonPV) {
    if (bound == BOUND_LOWER) alpha = std::max(alpha, value);
    else node.maxValue = value;
  }
  return VALUE_NONE;
}

// --- The static evaluation

[[gnu::always_inline]] inline void Worker::evaluate_node(const Position& pos, Stack* ss, Node& node) {
  if (node.inCheck) {
    ss->staticEval = node.eval = VALUE_NONE;
    return;
  }
  if (node.excluded) {
    node.eval = ss->staticEval;  // the excluding node's, already corrected (no TT store happens here)
  } else {
    node.rawEval = node.ttHit && node.tte.eval != VALUE_NONE ? node.tte.eval : evaluate(pos);
    ss->staticEval = node.eval = corrected_eval(pos, node.rawEval);
  }
  if (node.ttValue != VALUE_NONE && (node.tte.bound & (node.ttValue > node.eval ? BOUND_LOWER : BOUND_UPPER)))
    node.eval = node.ttValue;
  if (!node.ttHit && !node.excluded)
    shared_.tt->store(pos.key(), ss->ply, Move::none(), VALUE_NONE, node.rawEval, TtDepthEvalOnly, BOUND_NONE,
                      ss->ttPv);
  const Value past = (ss - 2)->staticEval != VALUE_NONE ? (ss - 2)->staticEval : (ss - 4)->staticEval;
  node.improving = past == VALUE_NONE || ss->staticEval > past;
}

// --- Pruning before the moves

[[gnu::always_inline]] inline Value Worker::prune_node(Position& pos, Stack* ss, const Node& node, Value alpha,
                                                       Value beta, int depth, bool cutNode) {
  const Value eval = node.eval;

  // Razoring: hopeless shallow nodes go straight to quiescence.
  if (depth <= RazorDepth && eval + RazorDepthMul * depth + RazorBase <= alpha) {
    const Value v = qsearch<NonPV>(pos, ss, alpha, alpha + 1);
    if (v <= alpha) return v;
  }

  // Reverse futility pruning: far above beta at low depth, assume it stays there.
  const int rfpMargin = RfpMargin * (depth - node.improving);
  if (depth <= RfpDepth && eval - rfpMargin >= beta && eval >= beta && eval < VALUE_KNOWN_WIN)
    return eval;

  if (Value v = null_move(pos, ss, node, beta, depth, cutNode); v != VALUE_NONE) return v;
  return probcut(pos, ss, node, beta, depth, cutNode);
}

Value Worker::null_move(Position& pos, Stack* ss, const Node& node, Value beta, int depth, bool cutNode) {
  // If passing still fails high, a real move will too: not after a null move, not without
  // pieces (zugzwang), not while a verification search has null moves off for this side.
  const int ply = ss->ply;
  const int nmpMargin = NmpBase - NmpDepthMul * depth;
  const bool tryNull = (ss - 1)->currentMove != Move::null() && node.eval >= beta &&
                       ss->staticEval >= beta + nmpMargin && pos.non_pawn_material(node.us) &&
                       (ply >= nmpMinPly_ || node.us != nmpColor_) && beta > VALUE_TB_LOSS_IN_MAX_PLY;
  if (!tryNull) return VALUE_NONE;

  const int R = NmpBaseR + depth / NmpDepthDiv + std::min(NmpMaxEvalR, (node.eval - beta) / NmpEvalDiv);
  ss->currentMove = Move::null();
  ss->contHist = &hist_->continuation[NO_PIECE][0];
  pos.do_null_move();
  Value nullValue = -search<NonPV>(pos, ss + 1, -beta, -beta + 1, depth - R, !cutNode);
  pos.undo_null_move();
  if (nullValue < beta) return VALUE_NONE;

  if (nullValue >= VALUE_TB_WIN_IN_MAX_PLY) nullValue = beta;  // don't trust unproven mates
  if (nmpMinPly_ || depth < NmpVerifyDepth) return nullValue;
  // Verification at high depth: search again without null moves for this side.
  nmpMinPly_ = ply + 3 * (depth - R) / 4;
  nmpColor_ = node.us;
  const Value v = search<NonPV>(pos, ss, beta - 1, beta, depth - R, false);
  nmpMinPly_ = 0;
  return v >= beta ? nullValue : VALUE_NONE;
}

Value Worker::probcut(Position& pos, Stack* ss, const Node& node, Value beta, int depth, bool cutNode) {
  // If a good capture beats beta by a margin even in a shallower search, the full-depth search
  // would very likely fail high too (Stockfish's ProbCut; chessprogramming wiki "ProbCut").
  if (depth < ProbCutDepth || std::abs(beta) >= VALUE_TB_WIN_IN_MAX_PLY) return VALUE_NONE;
  const Value probBeta = std::min<Value>(beta + ProbCutMargin - ProbCutImproving * node.improving, VALUE_INFINITE - 1);
  const Value seeThreshold = probBeta - ss->staticEval;
  const auto contHist = continuation_tables(ss);
  const bool ttCapture = node.ttMove && pos.is_capture_or_promotion(node.ttMove);
  MovePicker captures(pos, ttCapture ? node.ttMove : Move::none(), *hist_, contHist.data());
  int tried = 0;
  for (Move m; (m = captures.next()) && tried < ProbCutTries * (1 + cutNode);) {
    if (!pos.see_ge(m, seeThreshold)) continue;
    ++tried;
    ss->currentMove = m;
    ss->contHist = &hist_->continuation[pos.moved_piece(m)][m.to()];
    pos.do_move(m);
    nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    // A quiescence search first: most captures fail there and cost little.
    Value v = -qsearch<NonPV>(pos, ss + 1, -probBeta, -probBeta + 1);
    if (v >= probBeta) v = -search<NonPV>(pos, ss + 1, -probBeta, -probBeta + 1, depth - ProbCutReduction, !cutNode);
    pos.undo_move(m);
    if (shared_.stop.load(std::memory_order_relaxed)) return VALUE_ZERO;
    if (v >= probBeta) {
      // Stored one ply deeper than searched: the capture itself is the ply.
      shared_.tt->store(pos.key(), ss->ply, m, v, node.rawEval, depth - ProbCutReduction + 1, BOUND_LOWER, ss->ttPv);
      return v;
    }
  }
  return VALUE_NONE;
}

// --- The move loop

[[gnu::always_inline]] inline void Worker::prepare_move_loop(const Position& pos, Node& node) const {
  node.counter = node.prevSq != SQ_NONE ? hist_->counters[pos.piece_on(node.prevSq)][node.prevSq] : Move::none();
  node.ttCapture = node.ttMove && pos.is_capture_or_promotion(node.ttMove);
  // The move that led here took a piece and little material is left: the ending that follows
  // is decided by details, so every move here is extended.
  node.afterEndgameCapture = SeeValue[type_of(pos.captured_piece())] > SeeValue[PAWN] &&
                             pos.non_pawn_material(WHITE) + pos.non_pawn_material(BLACK) <= EndgameMaterial;
}

[[gnu::always_inline]] inline bool Worker::prune_move(const Position& pos, const Stack* ss, const Node& node,
                                                      MoveInfo& mi, int depth, Value alpha, bool& skipQuiets) const {
  const Move m = mi.move;
  const int lmrDepth = std::max(depth - 1 - reduction(node.improving, depth, mi.number), 0);
  mi.moveCountPruning = mi.number >= late_move_count(node.improving, depth);
  if (mi.noisy || mi.givesCheck) {
    // A capture that even with its piece won and a good history stays far below alpha
    // is pruned; so is one that loses material by SEE, at any depth (Stockfish 15.1).
    if (mi.noisy && !mi.givesCheck && !node.inCheck && lmrDepth < CapFutilityMaxLmrDepth && m.kind() != PROMOTION) {
      const PieceType captured = m.kind() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
      const int history = hist_->capture[mi.piece][m.to()][captured];
      if (ss->staticEval + CapFutilityBase + CapFutilityMul * lmrDepth + SeeValue[captured] +
              history / CapFutilityHistoryDiv <=
          alpha)
        return true;
    }
    return !pos.see_ge(m, -CapSeeMul * depth);
  }

  // Late move pruning: enough quiets tried, the rest are skipped.
  if (mi.moveCountPruning) {
    skipQuiets = true;
    return true;
  }
  // Below a move with a good history, or a first move, prune by history a little deeper.
  const int historyPruneDepth = HistPruneDepth + ((ss - 1)->statScore > 0 || (ss - 1)->moveCount == 1);
  if (lmrDepth < historyPruneDepth && (*(ss - 1)->contHist)[mi.piece][m.to()] < 0 &&
      (*(ss - 2)->contHist)[mi.piece][m.to()] < 0)
    return true;
  // Futility: even a good quiet move will not lift the static eval to alpha.
  if (!node.inCheck && lmrDepth < FutilityDepth && ss->staticEval + FutilityBase + FutilityMul * lmrDepth <= alpha)
    return true;
  return !pos.see_ge(m, -SeeQuietMul * lmrDepth * lmrDepth);
}

[[gnu::always_inline]] inline bool Worker::singular_candidate(const Node& node, int depth) const {
  return depth >= SingularDepth && !node.excluded && std::abs(node.ttValue) < VALUE_KNOWN_WIN &&
         (node.tte.bound & BOUND_LOWER) && node.tte.depth >= depth - SingularTtDepthSlack;
}

Value Worker::singular_search(Position& pos, Stack* ss, Move ttMove, Value singularBeta, int depth, bool cutNode) {
  ss->excludedMove = ttMove;
  const Value v = search<NonPV>(pos, ss, singularBeta - 1, singularBeta, (depth - 1) / 2, cutNode);
  ss->excludedMove = Move::none();
  return v;
}

[[gnu::always_inline]] inline int Worker::move_extension(const Position& pos, const Stack* ss, const Node& node,
                                                         const MoveInfo& mi) const {
  const Move m = mi.move;
  const Color us = node.us;
  // A check that keeps material, or a discovered check (the other piece checks).
  if (mi.givesCheck && (pos.see_ge(m, 0) || (pos.blockers_for_king(~us) & square_bb(m.from())))) return 1;
  // A passed pawn's advance that already refuted a sibling.
  if (m == ss->killers[0] && type_of(mi.piece) == PAWN && relative_rank(us, m.from()) > RANK_4 &&
      !(pos.pieces(~us, PAWN) & passed_pawn_span(us, m.to())))
    return 1;
  return node.afterEndgameCapture;
}

template <Worker::NodeType NT>
[[gnu::always_inline]] inline Value Worker::search_move(Position& pos, Stack* ss, const Node& node, const MoveInfo& mi,
                                                        Value alpha, Value beta, int depth, int newDepth,
                                                        bool cutNode) {
  constexpr bool PvNode = NT != NonPV;
  const Move m = mi.move;
  ss->currentMove = m;
  ss->contHist = &hist_->continuation[mi.piece][m.to()];
  pos.do_move(m);
  nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);

  // Late move reductions: a zero-window search at reduced depth, at full depth again if it
  // beats alpha. Captures are reduced in cut nodes, late ones (move-count pruning has begun)
  // and those that cannot lift the static eval above alpha even with the piece won.
  Value value = -VALUE_INFINITE;
  bool fullDepthSearch;
  if (depth >= LmrMinDepth && mi.number > 1 + 2 * (NT == Root) &&
      (!mi.noisy || cutNode || mi.moveCountPruning ||
       ss->staticEval + SeeValue[type_of(pos.captured_piece())] <= alpha)) {
    // The reduced search, and the re-search below, may go a ply past the full depth (Stockfish
    // 15.1), but not beyond twice the root's depth. Taper extends every safe check: unbounded,
    // that extra ply let a line of checks and evasions keep its depth or grow, and a depth-12
    // search of a queen against a rook ran for minutes (tests/search/regression_test.cpp).
    const int maxDepth = newDepth + (ss->ply < 2 * rootDepth_);
    const int d = std::clamp(newDepth - late_move_reduction(pos, ss, node, mi, depth, cutNode), 1, maxDepth);
    value = -search<NonPV>(pos, ss + 1, -(alpha + 1), -alpha, d, true);
    fullDepthSearch = value > alpha && d < newDepth;
    if (fullDepthSearch) {
      // A reduced search that beat alpha by a margin is searched a ply deeper, and what
      // the re-search finds teaches the move's continuation history (Stockfish 15.1).
      const bool deeper = maxDepth > newDepth && value > alpha + LmrDeeperMargin + LmrDeeperPerPly * (newDepth - d);
      value = -search<NonPV>(pos, ss + 1, -(alpha + 1), -alpha, newDepth + deeper, !cutNode);
      fullDepthSearch = false;
      const int bonus = history_bonus(newDepth) / (mi.noisy ? NoisyContinuationDiv : 1);
      update_continuation(ss, mi.piece, m.to(), value > alpha ? bonus : -bonus);
    }
  } else {
    fullDepthSearch = !PvNode || mi.number > 1;
  }
  if (fullDepthSearch) value = -search<NonPV>(pos, ss + 1, -(alpha + 1), -alpha, newDepth, !cutNode);
  // In a PV node the first move, and any that beats alpha, get the full window.
  if (PvNode && (mi.number == 1 || (value > alpha && (NT == Root || value < beta))))
    value = -search<PV>(pos, ss + 1, -beta, -alpha, newDepth, false);

  pos.undo_move(m);
  return value;
}

[[gnu::always_inline]] inline int Worker::late_move_reduction(const Position& pos, Stack* ss, const Node& node,
                                                            const MoveInfo& mi, int depth, bool cutNode) const {
  // Called after the move is made: `pos` is the child's position.
  const Move m = mi.move;
  int r = reduction(node.improving, depth, mi.number);
  if (ss->ttPv) r -= 1;
  if (cutNode) r += 1;
  if ((ss - 1)->moveCount > LmrLateParentMove) r -= 1;  // the opponent's move was a late one: less to refute
  if (node.singularTtMove) r -= 1;                      // the alternatives of a forced hash move
  if (!mi.noisy && node.ttCapture) r += 1;              // a capture is the likely best move here
  if (mi.noisy) return r + (depth < LmrNoisyDepth && mi.number > 2) - mi.givesCheck;  // a late capture at low depth

  // Quiets in cut nodes one ply more; elsewhere a move that takes a piece out of a capture
  // (moving it back would lose it) two plies less.
  if (cutNode) r += 1;
  else if (m.kind() == NORMAL && !pos.see_ge(Move(m.to(), m.from()), 0)) r -= 2;
  if (m == ss->killers[0] || m == ss->killers[1] || m == node.counter) r -= 1;

  // The move's history, also kept for the children's reductions (ss->statScore).
  const int butterfly = hist_->butterfly[node.us][m.from()][m.to()];
  const int cont0 = (*(ss - 1)->contHist)[mi.piece][m.to()], cont1 = (*(ss - 2)->contHist)[mi.piece][m.to()];
  ss->statScore = butterfly + cont0 + cont1 - LmrHistOffset + (*(ss - 4)->contHist)[mi.piece][m.to()];
  if (ss->statScore < 0 && butterfly >= 0 && cont0 >= 0 && cont1 >= 0) ss->statScore = 0;
  // Compared with the opponent's last move: ours looks good and theirs did not, or the reverse.
  if (ss->statScore >= -LmrStatDecent && (ss - 1)->statScore < -LmrParentPoor) r -= 1;
  else if ((ss - 1)->statScore >= -LmrParentDecent && ss->statScore < -LmrStatPoor) r += 1;
  r -= ss->statScore / LmrHistDiv;
  return r - mi.givesCheck;
}

void Worker::update_root_move(int ply, Move m, Value value, Value alpha, Value beta, int moveCount,
                              uint64_t searched) {
  RootMove& rm = *std::find_if(rootMoves_.begin(), rootMoves_.end(), [&](const RootMove& r) { return r.move() == m; });
  rm.nodes += searched;
  rm.averageScore = rm.averageScore == -VALUE_INFINITE ? value : (2 * value + rm.averageScore) / 3;
  if (moveCount == 1 || value > alpha) {
    rm.score = value;
    rm.selDepth = selDepth_;
    rm.bound = value >= beta ? BOUND_LOWER : value <= alpha ? BOUND_UPPER : BOUND_EXACT;
    rm.pv.assign(1, m);
    for (int i = ply + 1; i < pvLength_[ply + 1]; ++i) rm.pv.push_back(pvTable_[ply + 1][i]);
    if (moveCount > 1) shared_.bestMoveChanges[std::min(id_, 63)].fetch_add(1, std::memory_order_relaxed);
  } else {
    rm.score = -VALUE_INFINITE;  // only the first move has an exact score when it fails low
  }
}

// --- The result

void Worker::learn_eval_error(const Position& pos, const Stack* ss, Move bestMove, Value bestValue, Value beta,
                              int depth) {
  // Only where the search's value says which way the static eval was off: not after a capture
  // (the material swing is not the evaluation's fault), and only in the direction the bound proves.
  if ((!bestMove || !pos.is_capture_or_promotion(bestMove)) && !(bestValue >= beta && bestValue <= ss->staticEval) &&
      !(!bestMove && bestValue >= ss->staticEval))
    update_correction(pos, bestValue, ss->staticEval, depth);
}

// ---------------------------------------------------------------------------------------------
// Quiescence search: resolve captures (and check evasions) until the position is quiet.

template <Worker::NodeType NT>
Value Worker::qsearch(Position& pos, Stack* ss, Value alpha, Value beta, int depth) {
  constexpr bool PvNode = NT == PV;
  const int ply = ss->ply;
  if (PvNode) {
    pvLength_[ply] = ply;
    if (selDepth_ < ply + 1) selDepth_ = ply + 1;
  }
  check_time();
  const bool inCheck = pos.in_check();
  ss->inCheck = inCheck;

  if (shared_.stop.load(std::memory_order_relaxed) || ply >= MAX_PLY - 1)
    return ply >= MAX_PLY - 1 && !inCheck ? evaluate(pos) : draw_value(nodes());
  if (pos.is_draw(ply) || pos.is_insufficient_material()) return draw_value(nodes());

  // The first ply of quiescence may also try quiet checks. Its results carry a TT depth one above
  // the capture-only plies, so that a first-ply visit never cuts on a capture-only result.
  const bool quietChecks = depth == 0 && !inCheck;
  const int ttDepth = quietChecks ? QsDepthChecks : QsDepthNoChecks;

  TTData tte{};
  const bool ttHit = shared_.tt->probe(pos.key(), ply, tte);
  const Value ttValue = ttHit ? tte.value : VALUE_NONE;
  if (!PvNode && ttHit && ttValue != VALUE_NONE && tte.depth >= ttDepth &&
      (tte.bound & (ttValue >= beta ? BOUND_LOWER : BOUND_UPPER)))
    return ttValue;

  Value bestValue, futilityBase, rawEval = VALUE_NONE;
  if (inCheck) {
    ss->staticEval = VALUE_NONE;
    bestValue = futilityBase = -VALUE_INFINITE;
  } else {
    rawEval = ttHit && tte.eval != VALUE_NONE ? tte.eval : evaluate(pos);
    ss->staticEval = bestValue = corrected_eval(pos, rawEval);
    if (ttValue != VALUE_NONE && (tte.bound & (ttValue > bestValue ? BOUND_LOWER : BOUND_UPPER))) bestValue = ttValue;
    // Stand pat: the side to move can usually do at least as well as the static eval.
    if (bestValue >= beta) {
      if (!ttHit) shared_.tt->store(pos.key(), ply, Move::none(), bestValue, rawEval, ttDepth, BOUND_LOWER, false);
      return bestValue;
    }
    if (PvNode && bestValue > alpha) alpha = bestValue;
    futilityBase = bestValue + QsFutilityMargin;
  }

  const auto contHist = continuation_tables(ss);
  MovePicker picker(pos, ttHit ? tte.move : Move::none(), *hist_, contHist.data(), quietChecks);
  const Square prevSq = (ss - 1)->currentMove.is_ok() ? (ss - 1)->currentMove.to() : SQ_NONE;
  Move bestMove = Move::none();
  int moveCount = 0;

  for (Move m; (m = picker.next());) {
    ++moveCount;
    const bool givesCheck = pos.gives_check(m);
    const bool isNoisy = pos.is_capture_or_promotion(m);

    if (bestValue > VALUE_TB_LOSS_IN_MAX_PLY) {
      // Quiet moves (checks, evasions) with poor continuation histories are skipped
      // (Stockfish 15.1).
      if (!isNoisy && (*contHist[0])[pos.moved_piece(m)][m.to()] < 0 &&
          (*contHist[1])[pos.moved_piece(m)][m.to()] < 0)
        continue;
      if (!inCheck) {
        // Under-promotions are almost never the best noisy move.
        if (m.kind() == PROMOTION && m.promotion_type() != QUEEN) continue;
        // After two moves only checks, recaptures and promotions are left (Stockfish 15.1).
        if (moveCount > QsMovesBeforeRecapturesOnly && !givesCheck && m.kind() != PROMOTION && m.to() != prevSq)
          continue;
        // Delta pruning: even winning the target piece cannot reach alpha.
        if (!givesCheck && futilityBase > -VALUE_KNOWN_WIN) {
          int gain = m.kind() == EN_PASSANT ? SeeValue[PAWN] : SeeValue[type_of(pos.piece_on(m.to()))];
          if (futilityBase + gain <= alpha) {
            bestValue = std::max(bestValue, futilityBase + gain);
            continue;
          }
          if (futilityBase <= alpha && !pos.see_ge(m, 1)) {
            bestValue = std::max(bestValue, futilityBase);
            continue;
          }
        }
      } else if (!isNoisy && moveCount > QsQuietEvasions && depth <= QsEvasionPruneDepth) {
        continue;  // deep in quiescence, once an evasion holds, further quiet evasions add little
      }
      if (!pos.see_ge(m, 0) && !inCheck) continue;
    }

    shared_.tt->prefetch(pos.key_after(m));  // the child's bucket loads while the move is made
    ss->currentMove = m;
    ss->contHist = &hist_->continuation[pos.moved_piece(m)][m.to()];
    pos.do_move(m);
    nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    Value value = -qsearch<NT>(pos, ss + 1, -beta, -alpha, depth - 1);
    pos.undo_move(m);

    if (shared_.stop.load(std::memory_order_relaxed)) return VALUE_ZERO;

    if (value > bestValue) {
      bestValue = value;
      if (value > alpha) {
        bestMove = m;
        if (PvNode) update_pv(ply, m);
        if (PvNode && value < beta) alpha = value;
        else break;
      }
    }
  }

  // In check every legal move is generated and the first is never pruned: no move means mate.
  if (inCheck && bestValue == -VALUE_INFINITE) return mated_in(ply);

  Bound bound = bestValue >= beta ? BOUND_LOWER : BOUND_UPPER;
  shared_.tt->store(pos.key(), ply, bestMove, bestValue, rawEval, ttDepth, bound, false);
  return bestValue;
}

// ---------------------------------------------------------------------------------------------
// Iterative deepening

SearchReport Worker::report(int index, int depth) const {
  const RootMove& rm = rootMoves_[index];
  SearchReport r;
  bool updated = rm.score != -VALUE_INFINITE;
  r.depth = updated ? depth : std::max(1, depth - 1);
  r.selDepth = rm.selDepth;
  r.multiPv = index + 1;
  r.score = updated ? rm.score : rm.previousScore;
  if (r.score == -VALUE_INFINITE) r.score = VALUE_ZERO;
  r.bound = updated ? rm.bound : BOUND_EXACT;
  if (shared_.rootInTb && std::abs(r.score) < VALUE_MATE_IN_MAX_PLY) {
    r.score = rm.tbScore;
    r.tbScore = true;
  }
  r.timeMs = shared_.time.elapsed();
  r.hashfull = shared_.tt->hashfull();
  r.tbHits = shared_.tbHits.load(std::memory_order_relaxed);
  r.nodes = shared_.totalNodes();
  r.pv = rm.pv;
  return r;
}

void Worker::report_iteration(int depth) {
  if (id_ != 0 || !shared_.callbacks.onIteration) return;
  size_t lines = std::min<size_t>(shared_.multiPv, rootMoves_.size());
  for (size_t i = 0; i < lines; ++i) {
    SearchReport r = report(int(i), depth);
    shared_.callbacks.onIteration(r);
  }
}

namespace {

/// The search stack, starting 7 entries early so that (ss - 7) .. (ss - 1) are always valid
/// sentinels for the continuation histories; returns the root's entry.
Stack* init_stack(std::vector<Stack>& storage, PieceToHistory* sentinelHistory) {
  storage.assign(MAX_PLY + 10, Stack{});
  for (size_t i = 0; i < storage.size(); ++i) {
    Stack& s = storage[i];
    s.ply = int(i) - 7;
    s.staticEval = VALUE_NONE;
    s.contHist = sentinelHistory;
  }
  return &storage[7];
}

/// Lazy SMP: helper threads skip some depths, each in its own pattern, so that the threads
/// spread over different trees (the skip tables of Stockfish 11).
bool helper_skips_depth(int threadId, int depth) {
  static constexpr int SkipSize[] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
  static constexpr int SkipPhase[] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};
  const int i = (threadId - 1) % 20;
  return ((depth + SkipPhase[i]) / SkipSize[i]) % 2;
}

}  // namespace

void Worker::update_eval_trend() {
  // Eval trend: lean the static evals toward the side the last iteration's score favours.
  // Not in analysis (including go infinite): there the scores are the evaluation's own.
  if (shared_.limits.analysis || rootDepth_ < IterationDepthForWindows) return;
  const Value prev = rootMoves_[0].averageScore;
  if (prev == -VALUE_INFINITE || std::abs(prev) >= VALUE_KNOWN_WIN) return;
  const int d = TrendMax * prev / (std::abs(prev) + TrendDiv);
  trend_ = rootPos_.side_to_move() == WHITE ? Score(d, d / 2) : -Score(d, d / 2);
}

void Worker::aspiration_search(Position& pos, Stack* ss) {
  selDepth_ = 0;
  const Value prev = rootMoves_[pvIdx_].averageScore;
  Value delta = AspirationDelta;
  Value alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
  if (rootDepth_ >= IterationDepthForWindows && prev != -VALUE_INFINITE) {
    alpha = std::max(prev - delta, -VALUE_INFINITE);
    beta = std::min(prev + delta, VALUE_INFINITE);
  }
  // Search a narrow window around the last score; widen on failure. After a fail high the next
  // try may go one ply shallower per failure (Stockfish 11): the move that failed high is usually
  // confirmed sooner, and the next iteration goes deeper.
  int failedHigh = 0;
  while (true) {
    const int searchDepth = std::max(1, rootDepth_ - failedHigh);
    const Value v = search<Root>(pos, ss, alpha, beta, searchDepth, false);
    std::stable_sort(rootMoves_.begin() + pvIdx_, rootMoves_.end());
    if (shared_.stop) break;
    if (id_ == 0 && (v <= alpha || v >= beta) && shared_.time.elapsed() > ReportAfterMs) report_iteration(rootDepth_);
    if (v <= alpha) {
      beta = (alpha + beta) / 2;
      alpha = std::max(v - delta, -VALUE_INFINITE);
      failedHigh = 0;
    } else if (v >= beta) {
      beta = std::min(v + delta, VALUE_INFINITE);
      ++failedHigh;
    } else {
      break;
    }
    delta += delta / 2 + AspirationGrowth;
  }
  std::stable_sort(rootMoves_.begin(), rootMoves_.begin() + pvIdx_ + 1);
}

bool Worker::iteration_says_stop(IterationHistory& h) {
  const SearchLimits& limits = shared_.limits;
  // Mate found within the requested distance.
  const Value best = rootMoves_[0].score;
  if (limits.mate && best >= VALUE_MATE_IN_MAX_PLY && VALUE_MATE - best <= 2 * limits.mate) return true;

  // Time management: how stable the best move is, how far the score fell, how often the
  // threads changed their minds, and how much of the effort the best move took.
  const Move bestMove = rootMoves_[0].move();
  h.stableIterations = bestMove == h.lastBest ? h.stableIterations + 1 : 0;
  h.lastBest = bestMove;
  const int scoreDrop = h.lastScore == VALUE_NONE ? 0 : std::clamp(h.lastScore - best, -MaxScoreDrop, MaxScoreDrop);
  h.lastScore = best;
  double changes = 0;
  for (int t = 0; t < std::min(shared_.threadCount, 64); ++t)
    changes += double(shared_.bestMoveChanges[t].exchange(0, std::memory_order_relaxed));
  changes /= shared_.threadCount;
  const uint64_t searched = nodes();
  const double bestShare = searched ? double(rootMoves_[0].nodes) / double(searched) : -1.0;
  if (shared_.ponder || rootDepth_ < IterationDepthForWindows) return false;
  if (shared_.time.should_stop(h.stableIterations, scoreDrop, changes, bestShare)) return true;
  // A single legal move needs no thought when playing on a clock.
  return rootMoves_.size() == 1 && shared_.time.active();
}

void Worker::iterative_deepening() {
  std::vector<Stack> stackStorage;
  Stack* ss = init_stack(stackStorage, &hist_->continuation[NO_PIECE][0]);
  Position pos = rootPos_;
  const SearchLimits& limits = shared_.limits;
  const bool mainThread = id_ == 0;
  const int maxDepth = limits.depth ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
  const size_t multiPv = std::min<size_t>(shared_.multiPv, rootMoves_.size());
  IterationHistory history;

  for (rootDepth_ = 1; rootDepth_ <= maxDepth && !shared_.stop; ++rootDepth_) {
    if (!mainThread && shared_.threadCount > 1 && helper_skips_depth(id_, rootDepth_)) continue;
    for (RootMove& rm : rootMoves_) rm.previousScore = rm.score;
    update_eval_trend();
    for (pvIdx_ = 0; pvIdx_ < multiPv && !shared_.stop; ++pvIdx_) aspiration_search(pos, ss);

    if (!shared_.stop) completedDepth_ = rootDepth_;
    if (!mainThread) continue;
    if (!shared_.stop || completedDepth_ == rootDepth_) report_iteration(rootDepth_);
    if (shared_.stop) break;
    if (iteration_says_stop(history)) shared_.stop = true;
  }
}

template Value Worker::search<Worker::Root>(Position&, Stack*, Value, Value, int, bool);

}  // namespace taper
