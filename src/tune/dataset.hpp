// SPDX-License-Identifier: GPL-3.0-or-later
// The tuner's data set: each labelled position traced once into a sparse list of coefficients.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "eval/trace.hpp"
#include "tune/input.hpp"

namespace taper::tune {

/// A Linear weight's net count in one position: White's count minus Black's (docs/EVAL.md, "The tuner").
struct LinearTerm {
  uint16_t index;
  int16_t net;
};

/// A Danger weight's count against one king.
struct DangerTerm {
  uint16_t index;
  int16_t count;
};

/// One position as the tuner sees it: what the evaluation recorded (eval/trace.hpp), stored
/// sparsely, with the evaluation under the engine's weights. The tuner fits *deltas* from those
/// weights, so the stored evaluation already contains every weight that is not tuned
/// (including the scale factor, which the tuner keeps fixed).
struct Entry {
  uint32_t linearBegin = 0;      ///< first LinearTerm in Dataset::linear
  uint32_t dangerBegin = 0;      ///< first DangerTerm in Dataset::danger (White king's, then Black's)
  uint16_t linearCount = 0;
  uint8_t dangerCount[COLOR_NB] = {};  ///< terms against each king (0 when its curve does not apply)
  bool dangerReal[COLOR_NB] = {};      ///< the curve applies to that king (EvalRecord::dangerReal)
  float mgFactor = 0;            ///< d eval / d (mg sum), from tapered_value(): phase / PhaseMidgame
  float egFactor = 0;            ///< d eval / d (eg sum): (PhaseMidgame - phase) / PhaseMidgame * scale / ScaleNormal
  float baseEval = 0;            ///< evaluation under the engine's weights, White's point of view
  float units[COLOR_NB] = {};    ///< king-danger units against each king under the engine's weights
  float result = 0.5f;           ///< game result, White's point of view
  float score = 0;               ///< search score of the data line (cp, White's view), if hasScore
  bool hasScore = false;
  float target = 0.5f;           ///< what training fits: the result, or its blend with the score (blend_targets)
  uint32_t game = 0;             ///< the game it comes from: a number over the whole load, in file order
};

/// Entries and their coefficient lists, contiguous for speed.
struct Dataset {
  std::vector<Entry> entries;
  std::vector<LinearTerm> linear;
  std::vector<DangerTerm> danger;

  size_t size() const { return entries.size(); }
  /// Appends the position `r` (recorded with the engine's weights) with its result. Only
  /// records with exit == General depend on the weights; the caller skips the others.
  /// `whiteScore`, if given, is the line's search score (centipawns, White's point of view).
  void add(const EvalRecord& r, double whiteResult, const int* whiteScore = nullptr, uint32_t game = 0);
  /// Appends all of `other` (rebasing its coefficient offsets).
  void append(const Dataset& other);
  size_t bytes() const;
};

/// How the validation set is chosen.
enum class SplitBy {
  Game,      ///< whole games, by a hash of the game (games.hpp): the held-out loss is on unseen games
  Position,  ///< single positions, by a hash of the position (the split before game identity: one
             ///< game's positions fall on both sides, so the held-out loss flatters over-fitting)
};

struct LoadOptions {
  int threads = 2;
  bool resolve = false;             ///< play out the quiescence PV before recording
  double validationFraction = 0.1;  ///< share of games (or positions) held out
  SplitBy splitBy = SplitBy::Game;
  uint64_t splitSeed = 0;           ///< changes which games (or positions) are held out
  /// Files whose positions form the validation set, whole; when any is given, every other file
  /// is training data and validationFraction is not used.
  std::vector<std::string> holdout;
  size_t limit = 0;                 ///< stop after this many positions (0: all)
  bool progress = true;             ///< a progress line on stderr
};

struct LoadReport {
  size_t lines = 0;
  size_t positions = 0;        ///< lines that parsed as labelled positions with a legal FEN
  size_t bad = 0;              ///< lines that did not parse, or whose FEN was rejected
  size_t notGeneral = 0;       ///< known endgames and dead draws: no weight affects them, skipped
  size_t resolved = 0;         ///< positions changed by the quiescence resolution
  size_t terminal = 0;         ///< positions dropped because their quiescence line ends in mate
  size_t results[3] = {};      ///< losses, draws, wins for White (results < 0.5, == 0.5, > 0.5)
  size_t games = 0;            ///< games the positions come from (marked or detected, games.hpp)
  size_t trainGames = 0, validationGames = 0;  ///< games with positions in each set
  size_t splitGames = 0;       ///< games with positions in both sets (0 unless split by position)
  std::vector<std::string> badExamples;  ///< the first few bad lines, with the reason
  std::vector<std::string> files;        ///< each file with its format, line and game counts
};

/// Reads every file (plain, gzip or xz; any format parse_labelled_line() accepts), traces each
/// position once with record_evaluation() on `threads` threads, and splits the positions into
/// training and validation sets: by default whole games by a hash of the game (GameTracker finds
/// each line's game), so the same games are held out in every run over the same data and no game
/// has positions on both sides; or the `holdout` files whole. Bad lines are counted and
/// reported, never fatal; false only if a file cannot be read (a missing file, a corrupt or
/// truncated xz or gzip stream), with `error` naming the file and the reason.
bool load_dataset(const std::vector<std::string>& files, const LoadOptions& options, Dataset& train,
                  Dataset& validation, LoadReport& report, std::string* error = nullptr);

}  // namespace taper::tune
