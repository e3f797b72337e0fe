// SPDX-License-Identifier: GPL-3.0-or-later
// `taper review`: a played game turned into marks (?! ? ??), a graph of the chances and reasons a
// player can read. This header is the data the pieces pass along (search -> marks -> reasons ->
// PGN, SVG, text, JSON); each piece lives in its own review_*.cpp. docs/REVIEW.md explains the
// method and the thresholds.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "board/pgn.hpp"
#include "board/position.hpp"
#include "core/score_text.hpp"
#include "search/limits.hpp"

namespace taper {

class Engine;

// --- Searching every position (review/search.cpp) ----------------------------------------------

/// How each position is searched.
struct ReviewLimits {
  TimePoint moveTimeMs = 1000;  ///< per position, when `nodes` is 0
  uint64_t nodes = 0;           ///< per position: reproducible output, whatever the machine or thread count
  int threads = 1;              ///< positions searched at the same time, one search thread each
  int hashMb = 32;              ///< per search
};

/// What the search found in one position of the game, from the side to move's point of view.
struct PositionVerdict {
  Value score = VALUE_ZERO;
  bool tablebase = false;      ///< the score is a tablebase result (win, draw or loss)
  bool over = false;           ///< the game is over here: checkmate or stalemate (no search)
  Move best = Move::none();
  std::vector<Move> pv;        ///< the best line, beginning with `best`
  int depth = 0;
  uint64_t nodes = 0;
  /// The best of the other moves (search_second_best): searched only where the move played was
  /// the best one and might be the only good one (great_candidates()).
  bool hasSecond = false;
  Value secondScore = VALUE_ZERO;
  bool secondTablebase = false;
  Move second = Move::none();
};

/// The positions of a game: the start and the one after each move, each with the game's history
/// (so that the searches see repetitions).
std::vector<Position> game_positions(const PgnGame& game);

/// Searches one position with one search thread (`engine` is cleared first, so the result does
/// not depend on what it searched before). Checkmate and stalemate are not searched. A non-empty
/// `onlyMoves` restricts the search to those moves (UCI's `go searchmoves`).
PositionVerdict search_position(Engine& engine, const Position& pos, const ReviewLimits& limits,
                                const std::vector<Move>& onlyMoves = {});

/// Searches every position, `limits.threads` at a time. `progress(done, total)` is called after
/// each finished position, from whichever worker finished it, one call at a time.
std::vector<PositionVerdict> search_positions(const std::vector<Position>& positions, const ReviewLimits& limits,
                                              const std::function<void(int done, int total)>& progress = {});

/// A second look at every mate that seems missed. When the position before a move held a forced
/// mate for the mover, the move played was another and the search of the position after it saw
/// no mate, that position is searched again with `RecheckFactor` times the limit: a search from a
/// cleared hash often needs more to find a mate that is longer by a move or two, and a move that
/// still mates must not be marked as a missed mate (lichess's analysis has the same flaw, lila
/// issue #18262). `verdicts[i]` is position i's, `positions` as game_positions() gives them.
/// Returns how many positions were searched again.
inline constexpr int RecheckFactor = 8;
int recheck_missed_mates(const PgnGame& game, const std::vector<Position>& positions, std::vector<PositionVerdict>& verdicts,
                         const ReviewLimits& limits);

/// The second-best move of every position great_candidates() names: a search of the position
/// with the best move left out (the second line of a MultiPV 2 search), with half the limit
/// (`SecondBestShare`), so that review_game() can tell a Great move (the only one that keeps the
/// result) from one of several good ones. Returns how many positions were searched.
inline constexpr int SecondBestShare = 2;
int search_second_best(const PgnGame& game, const std::vector<Position>& positions, std::vector<PositionVerdict>& verdicts,
                       const ReviewLimits& limits);

/// The positions of `game` searched (search_positions), the missed mates looked at again
/// (recheck_missed_mates) and the candidates for Great searched for their second-best move
/// (search_second_best): what review_game() needs.
std::vector<PositionVerdict> search_game(const PgnGame& game, const std::vector<Position>& positions, const ReviewLimits& limits,
                                         const std::function<void(int done, int total)>& progress = {});
/// The same, replaying the game itself.
std::vector<PositionVerdict> search_game(const PgnGame& game, const ReviewLimits& limits,
                                         const std::function<void(int done, int total)>& progress = {});

// --- Chances, marks and accuracy (review/marks.cpp) --------------------------------------------

enum class Mark { None, Inaccuracy, Mistake, Blunder };

/// The expected-score drop (percentage points of the mover's chances, win + draw / 2 by the WDL
/// model of docs/WDL.md) from which a move is marked. Twice lichess's 5/10/15 on its win% scale:
/// Taper's model, fitted to engine games, is about twice as steep near equality (a pawn from
/// 0.00 is worth 21 points there, 9 on lichess's curve), so the same moves get the same marks.
inline constexpr double InaccuracyDrop = 10, MistakeDrop = 20, BlunderDrop = 30;

/// The mover's expected score in percent (0..100) for a score from its point of view: the WDL
/// model's win + draw / 2 at this material; mates and tablebase results are certain.
double expected_score(Value score, bool tablebase, int material);

/// lichess's winning chances (percent, 0..100) for a side-to-move score: 50 + 50 * (2 / (1 +
/// exp(-0.00368208 * cp)) - 1), the score clamped to +-10 pawns; mates count as +-10 pawns.
double lichess_win_percent(Value score);

/// lichess's move accuracy (lila's AccuracyPercent.fromWinPercents): 103.1668 * exp(-0.04354 *
/// (before - after)) - 3.1669, plus lila's bonus of 1 for the analysis's uncertainty, in 0..100.
double move_accuracy(double winPercentBefore, double winPercentAfter);

/// "?!", "?", "??" or "".
const char* mark_glyph(Mark m);
/// The NAG of a mark: $6, $2, $4 (0 for none).
int mark_nag(Mark m);
/// "inaccuracy", "mistake", "blunder".
const char* mark_name(Mark m);

/// The mark of a move from the mover's chances before (the best move's) and after (the move
/// played), and the scores behind them (mover's point of view) for the mate rules: a missed
/// forced mate or a walk into one is marked even when the chances hardly move (as lichess does:
/// ?! when still ten pawns up or down, ? above seven, ?? otherwise).
Mark mark_for(double chancesBefore, double chancesAfter, Value bestScore, Value playedScore);

/// lichess's game accuracy for each player: the mean of the volatility-weighted mean and the
/// harmonic mean of its moves' accuracies (`moveAccuracies`, one per move, the first by
/// `firstMover`). A move's weight is the standard deviation (clamped to 0.5..12) of White's lichess
/// winning chances over a window of positions around it; `whiteWinPercents` holds them before the
/// first move and after each move. Moves whose `judged` entry is false (book moves) weigh in the
/// windows but not in the means; an empty `judged` judges every move.
struct GameAccuracy {
  double white = 100, black = 100;
};
GameAccuracy game_accuracy(const std::vector<double>& whiteWinPercents, const std::vector<double>& moveAccuracies,
                           Color firstMover, const std::vector<bool>& judged = {});

// --- Move classes as chess.com names them (review/classes.cpp) ----------------------------------

/// Every move gets one class, chess.com's words for it (its help page "How are moves classified?
/// What is a 'blunder' or 'brilliant'?"); docs/REVIEW.md gives the thresholds beside chess.com's
/// and lichess's. Inaccuracy, Mistake and Blunder are the marks (Mark); Miss takes the place of an
/// inaccuracy or mistake that gave back most of what the opponent's mistake had just offered.
/// No Brilliant: chess.com reserves it for good piece sacrifices, which this review does not
/// recognise.
enum class MoveClass { Best, Excellent, Good, Book, Inaccuracy, Mistake, Blunder, Miss, Great };
inline constexpr size_t MoveClassCount = 9;

/// "best", "excellent", "good", "book", "inaccuracy", "mistake", "blunder", "miss", "great".
const char* move_class_name(MoveClass c);

/// Below these drops of the mover's chances (percentage points, as the marks) an unmarked move is
/// Excellent, then Good: chess.com's 2 and 5 points of expected score doubled, as the marks
/// double lichess's (a move that loses nothing, or the engine's own choice, is Best).
inline constexpr double ExcellentDrop = 4, GoodDrop = InaccuracyDrop;

/// Miss: the opponent's last move was a mistake or a blunder (`opponentMark`) that gave at least
/// `MissOffered` points (the mover's chances before its own move against its chances before the
/// opponent's move), and the move played gives back more than half of that. The mark is needed:
/// two searches one ply apart disagree by a few points, and that is no gift.
inline constexpr double MissOffered = MistakeDrop;
bool is_miss(Mark opponentMark, double chancesBeforeOpponentMove, double chancesBefore, double chancesAfter);

/// Great: the move played is the best move, it keeps chances of at least `GreatMinChances` (a
/// draw or better is still there to keep) and the best other move would lose `GreatMargin` points
/// or more (a mistake: this was the only move).
inline constexpr double GreatMinChances = 40, GreatMargin = MistakeDrop;
bool is_great(double chancesBefore, double secondBestChances);

/// The class of a move: Book in the book; else Miss when `miss` and the mark is an inaccuracy or
/// a mistake (a blunder stays one: it threw away more than the gift); else its mark; else Great
/// when `great`; else Best when it is the search's best move (`playedBest`) or loses nothing,
/// Excellent or Good by its drop.
MoveClass classify_move(bool book, Mark mark, bool playedBest, double chancesBefore, double chancesAfter, bool miss, bool great);

/// The positions (indexes into game_positions()) whose move played might be Great, so that only
/// they get a second search (search_second_best): the move played is the search's best, out of
/// the book, not the only legal move, not a recapture on the square just taken nor a checkmate
/// (moves anyone finds), and its chances are at least GreatMinChances.
std::vector<size_t> great_candidates(const PgnGame& game, const std::vector<Position>& positions,
                                     const std::vector<PositionVerdict>& verdicts);

// --- The opening, by lichess's table (review/openings.cpp) --------------------------------------

/// A game's opening by lichess's table of named openings (src/review/openings/, CC0): the deepest
/// named position the game reaches, by position so that transpositions count, and how many plies
/// from the start stay on the table's lines (book moves, never marked). Games from a set-up
/// position or Chess960 have none.
struct BookPrefix {
  int plies = 0;          ///< leading plies whose positions all lie on a line of the table
  std::string eco, name;  ///< "B20", "Sicilian Defense" ("" when no named position is reached)
  int leftTheory = -1;    ///< the ply of the first move after which the position is off the table (-1: never, or a set-up start)
};
BookPrefix book_prefix(const PgnGame& game);
/// The table's lines that do not replay legally from the start position (for the unit test: none).
std::vector<std::string> opening_lines_not_replaying();
/// How many named positions the table holds.
size_t opening_table_size();

// --- Clocks (review/clocks.cpp) -----------------------------------------------------------------

/// The time control of the `TimeControl` tag: "300+3" (seconds, increment), "600", or a
/// multi-period "40/7200:3600" (its first period's time, no increment). baseMs is -1 when the
/// tag is absent, "-", "?" or garbled.
struct TimeControl {
  int64_t baseMs = -1, incrementMs = 0;
};
TimeControl parse_time_control(std::string_view tag);

/// The clock of a `[%clk H:MM:SS]` command in a comment (also `M:SS` and tenths, `0:04:59.9`), in
/// ms; -1 when the comment has none or it is garbled.
int64_t parse_clock_ms(std::string_view comment);

/// Each move's clock (the mover's time left after it, as the PGN gives it) and the time it took:
/// the mover's previous clock (the control's start for its first move) minus this one plus the
/// increment. -1 for what is unknown: no clock on this move or the one before it, a negative time.
struct MoveClock {
  int64_t clockMs = -1, spentMs = -1;
};
std::vector<MoveClock> game_clocks(const PgnGame& game, const TimeControl& tc);

/// A move made with little time left: the mover's clock after it below 10 % of the starting clock
/// (`TimeTroublePercent`), or below 30 s (`TimeTroubleMs`) when the TimeControl tag does not give
/// the start.
inline constexpr int TimeTroublePercent = 10;
inline constexpr int64_t TimeTroubleMs = 30000;
bool in_time_trouble(int64_t clockMs, const TimeControl& tc);

// --- The review itself (review/game.cpp) ---------------------------------------------------------

struct MoveReview {
  int ply = 0;                 ///< 0 for the game's first move
  Color mover = WHITE;
  Move played = Move::none();
  std::string san;             ///< our SAN of the move, e.g. "Nxe4"
  std::string numbered;        ///< "19...Nxe4"
  Value bestScore = 0;         ///< the best move's score, mover's point of view
  Value playedScore = 0;       ///< the move played's score, mover's point of view
  bool bestTablebase = false, playedTablebase = false;
  double chancesBefore = 50, chancesAfter = 50;  ///< mover's expected score (percent) with the best / played move
  double whiteChances = 50;    ///< White's expected score after the move (the graph)
  double accuracy = 100;       ///< lichess's move accuracy
  int cpLoss = 0;              ///< centipawns lost, scores ceiled at ten pawns (lila's AccuracyCP)
  Mark mark = Mark::None;
  MoveClass moveClass = MoveClass::Best;  ///< chess.com's name for the move (review/classes.cpp)
  bool book = false;           ///< within the opening book: never marked
  std::vector<Move> bestLine;  ///< from the position before the move
  std::vector<Move> playedLine;  ///< the move played and the best replies, from the same position
  std::string reason;          ///< one sentence, for mistakes and blunders
  std::string label;           ///< "mate in 3", "tablebase win" ... for the position after the move
  int64_t clockMs = -1;        ///< the mover's clock after the move ([%clk]), -1 when unknown
  int64_t spentMs = -1;        ///< the time the move took, -1 when unknown (game_clocks())
  bool timeTrouble = false;    ///< a mistake or blunder made with little time left (in_time_trouble())
};

struct PlayerSummary {
  double accuracy = 100;
  int acpl = 0;  ///< average centipawn loss over the moves judged (book moves are not), as lichess rounds it
  int moves = 0, inaccuracies = 0, mistakes = 0, blunders = 0;
  std::array<int, MoveClassCount> classes{};  ///< moves of each class, indexed by size_t(MoveClass)
  int timeTroubleErrors = 0;  ///< mistakes and blunders made with little time left (MoveReview::timeTrouble)
};

struct GameReview {
  const PgnGame* game = nullptr;
  /// The game replayed once (game_positions()): before each move, and after the last. Every
  /// writer of the review reads its positions here rather than replaying the game again.
  std::vector<Position> positions;
  std::vector<PositionVerdict> verdicts;   ///< what the search found in each of `positions`
  std::vector<MoveReview> moves;
  PlayerSummary players[COLOR_NB];
  BookPrefix book;
  TimeControl timeControl;                 ///< from the TimeControl tag
  bool hasClocks = false;                  ///< some move has a [%clk]
  std::string finalLabel;                  ///< "checkmate", "stalemate", "mate in 2", ... after the last move
  std::string method;                      ///< how it was searched, e.g. "1000 ms a position" (for the PGN's summary)
};

/// A position's score seen from the position before the move that led to it: negated, and a mate
/// one ply further away (a checkmate, -VALUE_MATE, becomes mate in one ply).
Value score_before_move(Value childScore);

/// Marks, chances, accuracies, labels and reasons from the searched positions (pure: no search).
/// `positions` are game_positions(game), `verdicts` their searches; the review keeps both.
GameReview review_game(const PgnGame& game, std::vector<Position> positions, std::vector<PositionVerdict> verdicts);
/// The same, replaying the game itself (for callers that did not replay it to search it).
GameReview review_game(const PgnGame& game, std::vector<PositionVerdict> verdicts);

/// What is certain about a position, in words: "checkmate", "stalemate", "White mates in 3",
/// "tablebase: Black wins", "tablebase: draw"; "" for an ordinary score. `stm` is to move there.
std::string verdict_label(const PositionVerdict& v, Color stm);

// --- Reasons (review/reasons.cpp) ----------------------------------------------------------------

/// `moves` from `pos` as players write them, "19...Nxe4 20.Bxh7+ Kxh7" (at most `maxPlies`; the
/// line stops early at a move that is not legal).
std::string numbered_line(Position pos, const std::vector<Move>& moves, size_t maxPlies = 1000);

/// The sentence for a mistake or blunder: what the move played costs compared with the best
/// move, found by comparing the evaluations at the ends of the two lines term by term (the rows
/// of `taper eval`), or said as lost material or a missed or allowed mate.
std::string mistake_reason(const Position& before, const MoveReview& move);

// --- Output (review/pgn.cpp, review/svg.cpp, review/text.cpp, review/json.cpp) ------------------

/// The game annotated: original tags and moves, [%eval] on every move, marks as NAGs, the reason
/// as a comment and the best line as a variation for each mistake and blunder, a summary comment.
std::string annotated_pgn(const GameReview& review);
/// White's chances move by move as an SVG picture, marks on the curve, players and result on top.
std::string review_svg(const GameReview& review);
/// The terminal summary: accuracy, counts, the three worst moves with their reasons.
std::string review_summary_text(const GameReview& review);
/// Where the game left the opening table: "move 7 (7...Nf6)"; "" when it never did or had no book.
std::string left_theory_text(const GameReview& review);
/// The whole review as one JSON object (docs/REVIEW.md lists the fields).
std::string review_json(const GameReview& review);

// --- The files of a batch, written game by game (review/writer.cpp) ------------------------------

/// The files `taper review` writes, written as each game finishes: the game is appended to the
/// annotated PGN and to the JSON, which is closed again after every game so that it always reads
/// as a whole, and its graph is drawn. An interrupted run keeps every game finished before it; a
/// file that cannot be written is reported and does not stop the others.
class ReviewWriter {
 public:
  /// Where to write: "" for a file not asked for, "-" for stdout (PGN and JSON).
  struct Paths {
    std::string pgn, json, svg;
  };
  /// `severalGames`: the graphs go to FILE-N.svg, N the game's number in the file.
  ReviewWriter(Paths paths, bool severalGames);
  ReviewWriter(const ReviewWriter&) = delete;
  ReviewWriter& operator=(const ReviewWriter&) = delete;
  ~ReviewWriter();
  void add(const GameReview& review);
  /// Ends what is written to stdout (the JSON's closing bracket).
  void finish();
  /// "cannot write PATH", one for each file that could not be written.
  const std::vector<std::string>& errors() const { return errors_; }

 private:
  struct Files;
  Paths paths_;
  bool several_;
  int games_ = 0;
  Files* files_;  // the open PGN and JSON files; a pointer so that this header needs no <fstream>
  std::vector<std::string> errors_;
};

// --- A review one position at a time (review/session.cpp) ----------------------------------------

/// A review driven step by step, for the web page's worker, which has one thread: it reports its
/// progress between steps and is stopped by being terminated. Every answer is JSON.
class ReviewSession {
 public:
  ReviewSession();
  ~ReviewSession();
  /// Reads `pgnText` and chooses its game `number` (1-based; 0: the first that can be reviewed).
  /// {"total": positions, "number": n, "games": [{"number", "title", "plies", "error"}...],
  /// "warnings": [...]} or {"error": "..."} when there is no game to review.
  std::string begin(const std::string& pgnText, int number, const ReviewLimits& limits);
  /// Searches the next position; returns how many are done (== total at the end).
  int step();
  int total() const { return int(positions_.size()); }
  /// {"review": review_json, "pgn": the annotated PGN, "svg": the graph}, once every step is done.
  std::string result() const;

 private:
  std::vector<PgnGame> games_;
  const PgnGame* game_ = nullptr;
  std::vector<Position> positions_;
  std::vector<PositionVerdict> verdicts_;
  ReviewLimits limits_;
  Engine* engine_ = nullptr;  // owned; a pointer so that this header needs no search header
};

// --- Progress on a terminal (review/progress.cpp) -------------------------------------------------

/// The time a review has left, in ms, after `done` of `total` positions in `elapsedMs`.
int64_t review_time_left_ms(const ReviewLimits& limits, int done, int total, int64_t elapsedMs);

/// A bar on stderr with the positions done and the time left, redrawn in place; silent when
/// stderr is not a terminal (a log, a pipe, a test).
class ReviewProgress {
 public:
  ReviewProgress(int totalPositions, const ReviewLimits& limits);
  /// `done` positions of all games finished so far.
  void update(int done);
  /// Clears the bar's line.
  void finish();

 private:
  bool tty_;
  int total_;
  ReviewLimits limits_;
  int64_t startMs_;
  int width_ = 0;
};

}  // namespace taper
