// SPDX-License-Identifier: GPL-3.0-or-later
// `taper report GAMES.pgn --player NAME`: every game of one player reviewed (review/review.hpp) and
// summed up: results, accuracy by phase, the kinds of mistakes ranked by the chances they cost,
// the openings, the player's own mistakes as puzzles. This header is the data the pieces pass
// along; each piece lives in its own report_*.cpp. docs/REVIEW.md ("A player's report") is the
// manual.
//
// The run is streamed: games are read one at a time (board/pgn_stream.hpp), and each finished
// game becomes one ReportGame, appended as one JSON line to the state file (report_state.cpp)
// together with its annotated PGN and puzzles. The final files are built from the state file
// alone (report_aggregate.cpp, report_html.cpp), so that an interrupted run resumes, shards
// merge, and memory does not grow with the number of games.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "eval/params.hpp"
#include "review/review.hpp"

namespace taper {

// --- How a move and a game are classified (report_classify.cpp) ----------------------------------

/// The phase a move is played in, decided on the position before it (documented in docs/REVIEW.md).
enum class GamePhase : uint8_t { Opening, Middlegame, Endgame, Count };
const char* phase_name(GamePhase p);
/// Opening: the first ten moves of each side while no more than a minor piece each is off the
/// board (the evaluation's game_phase(), eval/score.hpp, at 22 of 24 or more); endgame: phase 8
/// or less (at most two rooks, or a rook and two minor pieces, for both sides together); the rest
/// middlegame. Book moves are opening moves.
GamePhase move_phase(const Position& before, bool book);

/// The classes a move is counted in: the review's MoveClass, by name (move_class_name), in
/// MoveClass order; report.json's `classes` keys.
inline constexpr std::array<std::string_view, MoveClassCount> MoveClassNames = {"best", "excellent", "good", "book", "inaccuracy",
                                                                                  "mistake", "blunder", "miss", "great"};
/// The class of a reviewed move, an index into MoveClassNames: the review's own (MoveReview::moveClass).
int move_class_of(const MoveReview& m);

/// The opening of a game as the report groups games: an ECO code (empty until the review names
/// them) and a name (the review's book line, "Other" out of the book).
struct OpeningName {
  std::string eco, name;
};
OpeningName opening_of(const GameReview& review);

/// What a mistake is put down to: one of the evaluation's groups (the row of `taper eval` that
/// accounts for most of the loss, keyed by its ParamGroup), or a cause outside the evaluation.
/// Keys below ParamGroup::Count are groups; the causes follow.
using ReasonKey = int;
inline constexpr ReasonKey ReasonMissedMate = int(ParamGroup::Count), ReasonAllowedMate = ReasonMissedMate + 1,
                           ReasonTimeTrouble = ReasonMissedMate + 2, ReasonUnexplained = ReasonMissedMate + 3,
                           ReasonKeyCount = ReasonMissedMate + 4;
/// The group a player's summary uses for an evaluation row: the two king-safety rows are king
/// safety (KingDanger), king activity is endgame technique (Endgame), the piece rows and space
/// are piece placement (Psqt); the others are their own. Scale and SideToMove say nothing and
/// become ReasonUnexplained.
ReasonKey reason_key_of(ParamGroup row);
/// "king safety", "material", ..., "missed mates", "allowed mates", "time trouble", "deeper tactics".
std::string reason_key_name(ReasonKey key);
/// The key named `name` (reason_key_name's inverse), nullopt when none is.
std::optional<ReasonKey> reason_key_from_name(std::string_view name);

/// The reason key of a mistake or blunder, found the way mistake_reason() finds its sentence:
/// a missed or allowed mate; then time trouble (the review's `timeTrouble`); otherwise both lines played out (walk_line), material lost (a pawn
/// promoted in the played line and not in the best one counts as passed pawns), else the row of
/// the evaluation at the lines' ends that went most against the mover, else unexplained.
ReasonKey mistake_reason_key(const Position& before, const MoveReview& m);

// --- Puzzles from the player's mistakes (report_puzzles.cpp) --------------------------------------

/// The best two moves of a position (MultiPV 2) with their scores, side to move's point of view.
struct TwoBest {
  Move best = Move::none(), second = Move::none();  ///< second is none when only one move is legal
  Value bestScore = 0, secondScore = 0;
  std::vector<Move> pv;                            ///< the best line
};
/// `engine` (one thread) cleared first, MultiPV 2, `limits`' nodes or movetime: deterministic with
/// nodes, whatever the engine searched before. One engine serves every puzzle of a game, so that
/// a search does not pay for a fresh hash table.
TwoBest search_two_best(Engine& engine, const Position& pos, const ReviewLimits& limits);
/// The same with an engine of its own (`limits.hashMb`).
TwoBest search_two_best(const Position& pos, const ReviewLimits& limits);

/// A puzzle's best move must beat the second best by this many points of lichess's winning
/// chances (lichess_win_percent, 0..100): lichess's puzzle generator (lichess-puzzler,
/// generator.py, is_valid_attack) accepts a move when its win_chances (-1..1) beat the second
/// move's by more than 0.42, which is 21 points on this scale. lichess's curve rather than
/// Taper's steeper model, so that "clearly" means what it means in lichess's puzzles; a mate in
/// one is always clear, as there.
inline constexpr double PuzzleMargin = 21;
/// Puzzles end after at most this many of the solver's moves.
inline constexpr int PuzzleMaxMoves = 3;

struct Puzzle {
  std::string fen;                ///< the position before the player's mistake
  std::vector<Move> solution;     ///< the solver's moves and the forced replies, starting with the best move
  ReasonKey reason = ReasonUnexplained;
  std::string played;             ///< the move played, numbered ("21...Qxd4")
  std::string why;                ///< the review's reason for the mistake (it names the best move: after the solution)
};
/// The puzzle of the player's mistake `m` (played from `before`), or nothing when no one move
/// clearly keeps the better result. The solution grows while each of the solver's moves is the
/// only good one (PuzzleMargin) and stops after PuzzleMaxMoves of them.
std::optional<Puzzle> puzzle_for(Engine& engine, const Position& before, const MoveReview& m, ReasonKey reason,
                                 const ReviewLimits& limits);
/// The puzzle as a PGN game: [FEN] and [SetUp "1"] start, [Theme] the reason's group, the mistake
/// as a comment, the solution as moves. `source` names the game it comes from.
std::string puzzle_pgn(const Puzzle& p, const std::string& source, const std::string& date);

// --- One reviewed game, as the report keeps it (report_game.cpp, report_state.cpp) ----------------

/// One of the player's mistakes or blunders.
struct ReportMistake {
  int ply = 0;
  std::string numbered;     ///< "21...Qxd4"
  std::string fenBefore;
  std::string playedUci, bestUci;
  Mark mark = Mark::Mistake;
  double chancesLost = 0;   ///< points of the mover's expected score
  ReasonKey reason = ReasonUnexplained;
  std::string sentence;     ///< the review's reason
};

/// A game of the player's, reviewed: everything the report needs from it, one state-file line.
struct ReportGame {
  int index = 0;            ///< the game's number in the PGN file (1-based)
  uint64_t hash = 0;        ///< movetext_hash() of the game
  std::string skipped;      ///< why a broken game was not reviewed (then only index, hash, title are set)
  std::string title, white, black, result, date;
  Color colour = WHITE;     ///< the player's
  double score = -1;        ///< the player's: 1, 0.5, 0; -1 for an unfinished game
  OpeningName opening;
  double accuracy = 100;    ///< the player's game accuracy (lichess's, as the review gives it)
  int acpl = 0, moves = 0, judged = 0, cpLoss = 0;
  std::array<double, size_t(GamePhase::Count)> phaseAccuracySum{};  ///< the player's judged moves' accuracies
  std::array<int, size_t(GamePhase::Count)> phaseMoves{};
  std::array<int, MoveClassNames.size()> classes{};
  std::vector<ReportMistake> mistakes;
  int puzzles = 0, positions = 0;
  std::string movesText;    ///< the main line with the review's marks: "1.e4 e5 2.Nf3 d6 ... 9...b5??"
  std::string pgn;          ///< annotated as `taper review --out` writes it
  std::string puzzlePgn;    ///< the puzzles from this game, PGN
  std::string svg;          ///< the chances graph (review_svg)
};

/// A game's identity for --resume: FNV-1a over its start position, moves (UCI) and result.
uint64_t movetext_hash(const PgnGame& game);
/// Whether two names are the same player's: case-insensitive, surrounding spaces ignored.
bool same_player_name(std::string_view a, std::string_view b);
/// Whether `name` is White or Black of `game` (case-insensitive, surrounding spaces ignored);
/// nullopt when neither.
std::optional<Color> player_colour(const PgnGame& game, std::string_view name);

/// A searched game summed up for the player of colour `colour`; the puzzles are searched here.
ReportGame report_game(const GameReview& review, Color colour, const ReviewLimits& limits);

/// ReportGame as one line of JSON (no newline inside) and back; nullopt for a line that is not one.
std::string report_game_json(const ReportGame& g);
std::optional<ReportGame> report_game_from_json(std::string_view line);

// --- The whole report, summed game by game (report_aggregate.cpp) --------------------------------

struct ReasonTotal {
  ReasonKey key = ReasonUnexplained;
  int count = 0;
  double chancesLost = 0;
  ReportMistake example;    ///< the costliest one
  std::string exampleGame;
};
struct OpeningTotal {
  OpeningName opening;
  Color colour = WHITE;
  int games = 0;
  double points = 0;        ///< the player's points in finished games
  int finished = 0;
  double accuracySum = 0;
};

/// The sums of ReportGames, added one at a time: memory grows with the openings and the few
/// worst games kept, not with the games.
class ReportTotals {
 public:
  static constexpr size_t WorstGamesKept = 5;
  explicit ReportTotals(std::string player) : player_(std::move(player)) {}
  void add(const ReportGame& g);

  /// report.json (the contract docs/REVIEW.md lists).
  std::string json() const;
  /// The summary for stdout: results, accuracy by phase, the three costliest reasons.
  std::string summary_text() const;
  /// report.html: one self-contained page (report_html.cpp).
  std::string html() const;

  /// The reasons ranked by chances lost (most first), only those that occurred.
  std::vector<ReasonTotal> ranked_reasons() const;
  int games() const { return games_; }
  int skipped() const { return skipped_; }

 private:
  std::string player_;
  int games_ = 0, skipped_ = 0, wins_ = 0, draws_ = 0, losses_ = 0, unfinished_ = 0;
  double accuracySum_ = 0;
  std::array<double, size_t(GamePhase::Count)> phaseSum_{};
  std::array<int, size_t(GamePhase::Count)> phaseMoves_{};
  long long cpLoss_ = 0, judged_ = 0;
  std::array<long long, MoveClassNames.size()> classes_{};
  std::array<ReasonTotal, ReasonKeyCount> reasons_{};
  std::vector<OpeningTotal> openings_;
  std::vector<ReportGame> worst_;  // the lowest accuracies, at most WorstGamesKept
  long long puzzles_ = 0, positions_ = 0;
};

}  // namespace taper
