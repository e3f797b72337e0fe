// SPDX-License-Identifier: GPL-3.0-or-later
// The files of a report folder: the state file (games.jsonl: a header line naming the player,
// then one line per game, review/report.hpp ReportGame) and what is built from it alone:
// report.json, report.html, games.pgn and puzzles.pgn. Everything is read one line at a time.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "review/report.hpp"

namespace taper {

inline constexpr const char* StateFileName = "games.jsonl";

/// The state file's first line: {"player": NAME, "report": 1}.
std::string state_header(const std::string& player);

/// Reads the state file at `path`: the header's player into `player`, each game to `onGame` in
/// file order. A last line cut off by an interrupted run is dropped (and cut from the file when
/// `repair`). Returns an error in words, or "" when the file was read.
std::string read_state(const std::string& path, std::string& player, const std::function<void(const ReportGame&)>& onGame,
                       bool repair = false);

/// Builds report.json, report.html, games.pgn and puzzles.pgn in `dir` from its state file, the
/// games in file order. Returns the totals (for the summary), or the errors in words.
struct BuiltReport {
  std::optional<ReportTotals> totals;
  std::vector<std::string> errors;
};
BuiltReport build_report_files(const std::string& dir);

/// Joins the state files of `dirs` (shards of one report) into `outDir`'s, game by game in the
/// order of their numbers (a game in two of them once), then builds the files; errors in words.
BuiltReport merge_reports(const std::string& outDir, const std::vector<std::string>& dirs);

}  // namespace taper
