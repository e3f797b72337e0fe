// SPDX-License-Identifier: GPL-3.0-or-later
// The alpha-beta search of one thread: iterative deepening, PVS, quiescence, pruning and reductions.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "board/position.hpp"
#include "eval/evaluate.hpp"
#include "search/history.hpp"
#include "search/limits.hpp"
#include "search/timeman.hpp"
#include "search/tt.hpp"

namespace taper {

/// A root move with its latest score and principal variation.
struct RootMove {
  explicit RootMove(Move m) : pv{m} {}
  Move move() const { return pv[0]; }
  bool operator<(const RootMove& o) const {  // descending by score, then by previous score
    return o.score != score ? o.score < score : o.previousScore < previousScore;
  }
  Value score = -VALUE_INFINITE;
  Value previousScore = -VALUE_INFINITE;
  Value averageScore = -VALUE_INFINITE;
  Bound bound = BOUND_EXACT;
  int selDepth = 0;
  uint64_t nodes = 0;  // nodes this thread spent below this move in the current search
  int tbRank = 0;      // tablebase rank (higher is better), 0 if unknown
  Value tbScore = 0;   // score implied by the tablebase rank
  std::vector<Move> pv;
};

/// State shared by all threads of one search.
struct SharedSearchState {
  TranspositionTable* tt = nullptr;
  SearchLimits limits;
  TimeManager time;
  SearchCallbacks callbacks;
  int multiPv = 1;
  std::atomic<bool> stop{false};         // threads stop searching (any limit, the level's budget, the GUI)
  std::atomic<bool> ponder{false};       // searching on the opponent's time
  std::atomic<uint64_t> tbHits{0};
  std::atomic<uint64_t> bestMoveChanges[64] = {};  // per-thread counters, summed by the main thread
  int threadCount = 1;
  uint64_t nodeLimit = 0;                 // go nodes or a weakened level's budget, whichever is lower (0: none)
  std::function<uint64_t()> totalNodes;   // nodes of all threads
  // Syzygy settings for this search (tablebase code is optional).
  int tbProbeDepth = 1;
  int tbCardinality = 0;  // largest piece count to probe in the tree, 0 = off
  bool tbUse50MoveRule = true;
  bool rootInTb = false;
};

/// Per-ply search stack entry.
struct Stack {
  int ply;
  Move currentMove;
  Move excludedMove;
  Move killers[2];
  Value staticEval;
  int statScore;
  int moveCount;
  bool inCheck;
  bool ttPv;
  PieceToHistory* contHist;
};

class Worker {
 public:
  Worker(int id, SharedSearchState& shared);

  /// Prepares the root (position copy, root moves) before the threads start.
  void prepare(const Position& root, const std::vector<RootMove>& rootMoves);
  /// Iterative deepening until a limit or `stop`. The main thread (id 0) also manages time.
  void iterative_deepening();
  void clear();  // forget histories and eval caches (ucinewgame)

  int id() const { return id_; }
  uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  int completed_depth() const { return completedDepth_; }
  const std::vector<RootMove>& root_moves() const { return rootMoves_; }
  /// Builds the report for PV line `index` (used for the final output too).
  SearchReport report(int index, int depth) const;

 private:
  enum NodeType { NonPV, PV, Root };

  struct Node;      // what a node of search() knows before its moves
  struct MoveInfo;  // what search()'s move loop knows about one move

  template <NodeType NT>
  Value search(Position& pos, Stack* ss, Value alpha, Value beta, int depth, bool cutNode);

  // search()'s stages, in the order it runs them.
  /// The value of a node where the line ends: the search stopped, the stack is full, or the
  /// position is drawn. VALUE_NONE when the line goes on.
  Value line_end_value(const Position& pos, int ply, bool inCheck);
  /// Fills in the hash entry; true when it settles a non-PV node (its value is node.ttValue).
  template <NodeType NT>
  bool probe_tt(const Position& pos, Stack* ss, Node& node, int depth, Value beta);
  /// The WDL tables' value when it settles the node, else VALUE_NONE (a PV node's window may narrow).
  template <NodeType NT>
  Value probe_tablebases(const Position& pos, Stack* ss, Node& node, Value& alpha, Value beta, int depth);
  /// The static evaluation (ss->staticEval, node.eval) and whether it is improving.
  void evaluate_node(const Position& pos, Stack* ss, Node& node);
  /// Razoring, reverse futility, null move and ProbCut in a non-PV node not in check: the node's
  /// value when one of them cuts, else VALUE_NONE.
  Value prune_node(Position& pos, Stack* ss, const Node& node, Value alpha, Value beta, int depth, bool cutNode);
  Value null_move(Position& pos, Stack* ss, const Node& node, Value beta, int depth, bool cutNode);
  Value probcut(Position& pos, Stack* ss, const Node& node, Value beta, int depth, bool cutNode);
  /// The counter move, whether the hash move is a capture, whether every move is extended.
  void prepare_move_loop(const Position& pos, Node& node) const;
  /// Late move, history, futility and SEE pruning: true to skip the move (`skipQuiets`: and the
  /// quiets after it).
  bool prune_move(const Position& pos, const Stack* ss, const Node& node, MoveInfo& mi, int depth, Value alpha,
                  bool& skipQuiets) const;
  /// The hash move may be singular: its entry is a deep enough lower bound.
  bool singular_candidate(const Node& node, int depth) const;
  /// The best value of every move but the hash move, searched shallower with a zero window at
  /// `singularBeta`: below it, the hash move is singular.
  Value singular_search(Position& pos, Stack* ss, Move ttMove, Value singularBeta, int depth, bool cutNode);
  /// Plies a move other than a singular hash move is extended by.
  int move_extension(const Position& pos, const Stack* ss, const Node& node, const MoveInfo& mi) const;
  /// Makes the move, searches it (reduced first when late, re-searched as needed) and unmakes it.
  template <NodeType NT>
  Value search_move(Position& pos, Stack* ss, const Node& node, const MoveInfo& mi, Value alpha, Value beta,
                    int depth, int newDepth, bool cutNode);
  /// Plies a late move is reduced by (with the move made); sets ss->statScore for a quiet move.
  int late_move_reduction(const Position& pos, Stack* ss, const Node& node, const MoveInfo& mi, int depth,
                          bool cutNode) const;
  /// The root move's score, PV and node count, for the reports and the time manager.
  void update_root_move(int ply, Move m, Value value, Value alpha, Value beta, int moveCount, uint64_t searched);
  /// Correction history: the static evaluation's error, where the node's result proves it.
  void learn_eval_error(const Position& pos, const Stack* ss, Move bestMove, Value bestValue, Value beta, int depth);

  template <NodeType NT>
  Value qsearch(Position& pos, Stack* ss, Value alpha, Value beta, int depth = 0);
  Value evaluate(const Position& pos);
  /// `raw` corrected by the correction history of this pawn structure and leaned by the eval trend.
  Value corrected_eval(const Position& pos, Value raw) const;
  void update_correction(const Position& pos, Value bestValue, Value staticEval, int depth);
  void check_time();
  void update_pv(int ply, Move m);
  void update_quiet_stats(const Position& pos, Stack* ss, Move move, int bonus);
  void update_continuation(Stack* ss, Piece pc, Square to, int bonus);
  void update_all_stats(const Position& pos, Stack* ss, Move best, Value bestValue, Value beta, Square prevSq,
                        const Move* quiets, int quietCount, const Move* captures, int captureCount, int depth);
  bool root_move_allowed(Move m) const;
  int reduction(bool improving, int depth, int moveCount) const;
  void report_iteration(int depth);

  // iterative_deepening()'s stages, in the order it runs them.
  /// What the main thread remembers between iterations for its time decisions.
  struct IterationHistory {
    Move lastBest = Move::none();
    int stableIterations = 0;
    Value lastScore = VALUE_NONE;
  };
  /// The eval trend for this iteration (Stockfish 11's dynamic contempt), from the last score.
  void update_eval_trend();
  /// One PV line (pvIdx_) at rootDepth_ inside aspiration windows that widen on failure.
  void aspiration_search(Position& pos, Stack* ss);
  /// After a completed iteration (main thread): a mate at the asked distance, or the time manager.
  bool iteration_says_stop(IterationHistory& h);

  int id_;
  SharedSearchState& shared_;
  Position rootPos_;
  std::vector<RootMove> rootMoves_;
  std::unique_ptr<Histories> hist_;
  Evaluator evaluator_;
  std::atomic<uint64_t> nodes_{0};
  int selDepth_ = 0;
  int completedDepth_ = 0;
  int rootDepth_ = 0;
  size_t pvIdx_ = 0;
  int nmpMinPly_ = 0;
  Score trend_;  ///< The eval trend's lean toward the root side, White's view (eg half = mg / 2); zero until depth 4
  Color nmpColor_ = WHITE;
  int callsSinceTimeCheck_ = 0;
  Move pvTable_[MAX_PLY + 2][MAX_PLY + 2];
  int pvLength_[MAX_PLY + 2];
};

/// Reduction table, initialised once.
void init_search_tables();

/// Recomputes the late-move reduction table from LmrBase and LmrDivisor (tunables.def).
void init_reduction_table();

}  // namespace taper
