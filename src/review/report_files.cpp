// SPDX-License-Identifier: GPL-3.0-or-later
// The report folder's files, read and written a line or a game at a time (review/report_files.hpp).
#include "review/report_files.hpp"

#include <filesystem>
#include <fstream>

#include "explain/json_text.hpp"
#include "explain/json_value.hpp"

namespace taper {

namespace fs = std::filesystem;

std::string state_header(const std::string& player) { return "{\"player\":" + json_quoted(player) + ",\"report\":1}"; }

std::string read_state(const std::string& path, std::string& player, const std::function<void(const ReportGame&)>& onGame, bool repair) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "cannot read " + path;
  std::string line;
  if (!std::getline(in, line) || in.eof()) return path + " is not a report's state file (no header line)";
  const std::optional<JsonValue> header = parse_json(line);
  if (!header || (*header)["player"].kind != JsonValue::Kind::String) return path + " is not a report's state file (its first line names no player)";
  player = (*header)["player"].str();
  std::streamoff good = std::streamoff(line.size() + 1);  // the end of the last complete line
  int number = 1;
  while (std::getline(in, line)) {
    ++number;
    const bool complete = !in.eof();  // a last line without its newline was cut off while written
    const std::optional<ReportGame> g = complete ? report_game_from_json(line) : std::nullopt;
    if (!g) {
      if (complete) return path + ":" + std::to_string(number) + ": not a game of a report";
      break;
    }
    if (onGame) onGame(*g);
    good += std::streamoff(line.size() + 1);
  }
  in.close();
  std::error_code ec;
  if (repair && std::streamoff(fs::file_size(path, ec)) > good && !ec) fs::resize_file(path, uintmax_t(good), ec);
  return "";
}

BuiltReport build_report_files(const std::string& dir) {
  BuiltReport out;
  const fs::path base(dir);
  std::string player;
  std::ofstream pgn(base / "games.pgn", std::ios::binary | std::ios::trunc), puzzles(base / "puzzles.pgn", std::ios::binary | std::ios::trunc);
  std::optional<ReportTotals> totals;
  bool firstGame = true, firstPuzzle = true;
  const std::string error = read_state((base / StateFileName).string(), player, [&](const ReportGame& g) {
    if (!totals) totals.emplace(player);
    totals->add(g);
    if (!g.pgn.empty()) pgn << (firstGame ? "" : "\n") << g.pgn, firstGame = false;
    if (!g.puzzlePgn.empty()) puzzles << (firstPuzzle ? "" : "\n") << g.puzzlePgn, firstPuzzle = false;
  });
  if (!error.empty()) {
    out.errors.push_back(error);
    return out;
  }
  if (!totals) totals.emplace(player);  // a shard with no game of the player's: an empty report
  if (!pgn.flush()) out.errors.push_back("cannot write " + (base / "games.pgn").string());
  if (!puzzles.flush()) out.errors.push_back("cannot write " + (base / "puzzles.pgn").string());
  for (const auto& [name, text] : {std::pair{"report.json", totals->json()}, std::pair{"report.html", totals->html()}}) {
    std::ofstream f(base / name, std::ios::binary | std::ios::trunc);
    if (!(f << text).flush()) out.errors.push_back("cannot write " + (base / name).string());
  }
  out.totals = std::move(totals);
  return out;
}

namespace {

/// One shard's state file, read a game at a time for the merge.
struct ShardReader {
  std::ifstream in;
  std::string path;
  std::optional<ReportGame> game;
  std::string line;
  int number = 1;
  std::string error;

  void advance() {
    game.reset();
    while (error.empty() && std::getline(in, line)) {
      ++number;
      if (in.eof()) break;  // cut off while written: the run was interrupted there
      game = report_game_from_json(line);
      if (!game) error = path + ":" + std::to_string(number) + ": not a game of a report";
      return;
    }
  }
};

}  // namespace

BuiltReport merge_reports(const std::string& outDir, const std::vector<std::string>& dirs) {
  std::vector<std::string> errors;
  auto failed = [](std::vector<std::string> why) {
    BuiltReport r;
    r.errors = std::move(why);
    return r;
  };
  std::vector<ShardReader> shards(dirs.size());
  std::string player;
  for (size_t k = 0; k < dirs.size(); ++k) {
    ShardReader& s = shards[k];
    s.path = (fs::path(dirs[k]) / StateFileName).string();
    s.in.open(s.path, std::ios::binary);
    std::string header;
    if (!s.in || !std::getline(s.in, header)) {
      errors.push_back("cannot read " + s.path + " (is " + dirs[k] + " a report folder?)");
      continue;
    }
    const std::optional<JsonValue> h = parse_json(header);
    const std::string name = h ? (*h)["player"].str() : "";
    if (name.empty()) errors.push_back(s.path + " is not a report's state file (its first line names no player)");
    else if (player.empty()) player = name;
    else if (name != player) errors.push_back(dirs[k] + " is a report of " + name + ", not of " + player);
    s.advance();
    if (!s.error.empty()) errors.push_back(s.error);
  }
  if (!errors.empty()) return failed(errors);
  std::error_code ec;
  fs::create_directories(outDir, ec);
  const fs::path state = fs::path(outDir) / StateFileName;
  if (fs::exists(state)) return failed({outDir + " already holds a report (" + state.string() + "): merge into a new folder"});
  std::ofstream out(state, std::ios::binary);
  out << state_header(player) << "\n";
  // The smallest game number first; a game in two shards (the same number and moves) once.
  std::optional<std::pair<int, uint64_t>> last;
  for (;;) {
    ShardReader* next = nullptr;
    for (ShardReader& s : shards)
      if (s.game && (!next || s.game->index < next->game->index)) next = &s;
    if (!next) break;
    if (!last || *last != std::pair{next->game->index, next->game->hash}) out << report_game_json(*next->game) << "\n";
    last = std::pair{next->game->index, next->game->hash};
    next->advance();
    if (!next->error.empty()) return failed({next->error});
  }
  if (!out.flush()) return failed({"cannot write " + state.string()});
  out.close();
  return build_report_files(outDir);
}

}  // namespace taper
