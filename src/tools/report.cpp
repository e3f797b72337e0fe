// SPDX-License-Identifier: GPL-3.0-or-later
// `taper report GAMES.pgn --player NAME`: reviews every game of one player and writes a report
// folder (report.json, report.html, games.pgn, puzzles.pgn, and the state file they are built
// from). The file is read twice, one game at a time: once to count the player's games (and find
// bad input before anything is written), once to review them. `--merge OUTDIR DIR...` joins the
// folders of shards. docs/REVIEW.md ("A player's report") is the manual.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "board/pgn_stream.hpp"
#include "search/threads.hpp"
#include "search/timeman.hpp"
#include "tools/args.hpp"
#include "review/report.hpp"
#include "review/report_files.hpp"
#include "tools/subcommands.hpp"

namespace taper::tools {

namespace fs = std::filesystem;

namespace {

struct ReportSettings {
  ReviewLimits limits;
  std::string player, out = "report", shard, merge;
  bool resume = false;
  int shardIndex = 1, shardCount = 1;  // --shard K/N: the player's games K, K+N, K+2N, ...
};

/// "K/N" with 1 <= K <= N; an error in words otherwise.
std::string parse_shard(const std::string& text, int& k, int& n) {
  const size_t slash = text.find('/');
  auto whole = [](const std::string& s, int& v) {
    if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos) return false;
    v = std::stoi(s);
    return true;
  };
  if (slash == std::string::npos || !whole(text.substr(0, slash), k) || !whole(text.substr(slash + 1), n))
    return "--shard wants K/N, two whole numbers such as 2/8 (the second of eight shards), not '" + text + "'";
  if (n < 1 || k < 1 || k > n) return "--shard " + text + ": K must be from 1 to N (shards are counted from 1)";
  return "";
}

/// Whether the path can be opened as a file to read (not a folder).
bool readable(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return false;
  std::ifstream in(path, std::ios::binary);
  return in.good();
}

std::string limit_words(const ReviewLimits& l) {
  return l.nodes ? std::to_string(l.nodes) + " nodes a position" : std::to_string(l.moveTimeMs) + " ms a position";
}

std::string clock_text(int64_t ms) {
  const int64_t s = (ms + 999) / 1000;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%lld:%02lld", static_cast<long long>(s / 60), static_cast<long long>(s % 60));
  return buf;
}

/// The first pass: which games are the player's and fall in this shard, and how many positions
/// they hold (for the time left).
struct Scan {
  int games = 0, playerGames = 0, chosen = 0, positions = 0;
  std::map<std::string, int> names;  // how often each name plays, for a player not found
};

Scan scan(const std::string& path, const ReportSettings& s) {
  Scan r;
  std::ifstream in(path, std::ios::binary);
  PgnStream stream(in);
  for (PgnGame g; stream.next(g);) {
    ++r.games;
    if (!player_colour(g, s.player)) {
      // Enough names to suggest the right spelling, without growing with a huge file.
      for (const char* side : {"White", "Black"})
        if (r.names.size() < 10000 || r.names.count(g.tag(side))) ++r.names[g.tag(side)];
      continue;
    }
    if (r.playerGames++ % s.shardCount != s.shardIndex - 1) continue;
    ++r.chosen;
    if (g.error.empty()) r.positions += int(g.moves.size()) + 1;
  }
  return r;
}

std::string frequent_names(const std::map<std::string, int>& names) {
  std::vector<std::pair<int, std::string>> byCount;
  for (const auto& [name, count] : names)
    if (!name.empty() && name != "?") byCount.emplace_back(-count, name);
  std::sort(byCount.begin(), byCount.end());
  std::string s;
  for (size_t k = 0; k < byCount.size() && k < 5; ++k) s += (k ? ", " : "") + byCount[k].second;
  return s;
}

int run_merge(const ArgParser& parser, const ReportSettings& s, const std::vector<std::string>& dirs) {
  if (dirs.empty()) return parser.usage_error("--merge OUTDIR wants the shard folders after it", std::cerr);
  for (const std::string& d : dirs)
    if (std::error_code ec; fs::equivalent(d, s.merge, ec))
      return parser.usage_error("--merge OUTDIR must be a new folder, not one of the shards (" + d + ")", std::cerr);
  const BuiltReport built = merge_reports(s.merge, dirs);
  for (const std::string& e : built.errors) std::cerr << "error: " << e << "\n";
  if (!built.totals) return 1;
  std::cout << built.totals->summary_text();
  std::cout << "Merged " << dirs.size() << " folder(s) into " << s.merge << "/.\n";
  return built.errors.empty() ? 0 : 1;
}

}  // namespace

int run_report(const Subcommand& self, const std::vector<std::string>& args) {
  ReportSettings s;
  ArgParser parser(self,
                   "Reviews every game of GAMES.pgn that NAME played (as White or Black; the name as the file's\n"
                   "White and Black tags write it, in any case) and writes to the folder (default report/):\n"
                   "report.json and report.html (results, accuracy by phase, the mistakes' reasons ranked by the\n"
                   "chances they cost, openings, worst games), games.pgn (annotated as `review --out` does) and\n"
                   "puzzles.pgn (the player's mistakes as puzzles). Each game is saved as it finishes; --resume\n"
                   "continues an interrupted run, --shard K/N reviews a share, --merge joins shards' folders.\n"
                   "docs/REVIEW.md explains it.");
  parser.text("player", 'p', "the player whose games are reviewed", s.player, "NAME")
      .integer("movetime", 't', "milliseconds to search each position (default 1000)", s.limits.moveTimeMs, 1, 3600000, "MS")
      .integer("nodes", 'n', "search each position for this many nodes instead (reproducible)", s.limits.nodes, 1, 1LL << 40)
      .integer("threads", 'j', "positions searched at the same time (default 1)", s.limits.threads, 1, MaxSearchThreads)
      .integer("hash", 0, "transposition table of each search in MB (default 32)", s.limits.hashMb, 1, 1 << 16, "MB")
      .text("out", 'o', "the report's folder (default report)", s.out, "DIR")
      .toggle("resume", 0, "continue the report in --out: skip the games its state file holds", s.resume)
      .text("shard", 0, "review only the player's games K, K+N, K+2N, ... (K from 1)", s.shard, "K/N")
      .text("merge", 0, "join the report folders given as arguments (shards) into OUTDIR", s.merge, "OUTDIR");
  std::vector<std::string> positional;
  if (auto code = parser.parse(args, positional, std::cout, std::cerr)) return *code;
  if (!s.merge.empty()) return run_merge(parser, s, positional);
  if (positional.size() != 1) return parser.usage_error("give one PGN file", std::cerr);
  if (s.player.empty()) return parser.usage_error("give the player with --player NAME", std::cerr);
  if (!s.shard.empty())
    if (const std::string why = parse_shard(s.shard, s.shardIndex, s.shardCount); !why.empty()) return parser.usage_error(why, std::cerr);
  const std::string& path = positional[0];
  if (!readable(path)) {
    std::cerr << "error: cannot read " << path << "\n";
    return 1;
  }

  // Bad input is found before anything is written.
  const Scan found = scan(path, s);
  if (found.games == 0) {
    std::cerr << "error: " << path << " holds no game in PGN (an empty file, or not PGN?)\n";
    return 1;
  }
  if (found.playerGames == 0) {
    const std::string names = frequent_names(found.names);
    std::cerr << "error: " << s.player << " plays in none of the " << found.games << " game(s) of " << path
              << (names.empty() ? "" : " (the names most often there: " + names + ")") << "\n";
    return 1;
  }

  std::error_code ec;
  fs::create_directories(s.out, ec);
  if (ec || !fs::is_directory(s.out)) {
    std::cerr << "error: cannot create the folder " << s.out << "\n";
    return 1;
  }
  const std::string statePath = (fs::path(s.out) / StateFileName).string();
  std::set<std::pair<int, uint64_t>> done;  // (number, movetext hash) of the games the state file holds
  if (fs::exists(statePath)) {
    if (!s.resume) {
      std::cerr << "error: " << s.out << " already holds a report (" << statePath << "); give --resume to continue it, or another --out\n";
      return 1;
    }
    std::string player;
    const std::string error = read_state(statePath, player, [&](const ReportGame& g) { done.insert({g.index, g.hash}); }, true);
    if (!error.empty()) {
      std::cerr << "error: " << error << "\n";
      return 1;
    }
    if (!same_player_name(player, s.player)) {
      std::cerr << "error: " << s.out << " holds a report of " << player << ", not of " << s.player << "\n";
      return 1;
    }
  } else {
    std::ofstream(statePath, std::ios::binary) << state_header(s.player) << "\n";
  }
  std::ofstream state(statePath, std::ios::binary | std::ios::app);
  // games.pgn and puzzles.pgn grow game by game while the run lasts, and are rebuilt from the
  // state file at its end (so a game written twice by an interrupted run is there once).
  std::ofstream pgn(fs::path(s.out) / "games.pgn", std::ios::binary | std::ios::app);
  std::ofstream puzzles(fs::path(s.out) / "puzzles.pgn", std::ios::binary | std::ios::app);
  if (!state) {
    std::cerr << "error: cannot write " << statePath << "\n";
    return 1;
  }

  std::cerr << "Reviewing " << found.chosen << " of " << s.player << "'s " << found.playerGames << " game(s) in " << path
            << (s.shard.empty() ? "" : " (shard " + s.shard + ")") << ", " << found.positions << " positions, " << limit_words(s.limits)
            << (done.empty() ? "" : ", " + std::to_string(done.size()) + " already done") << ".\n";
  std::ifstream in(path, std::ios::binary);
  PgnStream stream(in);
  ReviewProgress bar(found.positions, s.limits);
  const TimePoint start = now_ms();
  int playerGames = 0, chosen = 0, reviewed = 0, positionsDone = 0, positionsSearched = 0, broken = 0;
  bool writeFailed = false;
  for (PgnGame g; stream.next(g);) {
    const std::optional<Color> colour = player_colour(g, s.player);
    if (!colour || playerGames++ % s.shardCount != s.shardIndex - 1) continue;
    ++chosen;
    const int positions = g.error.empty() ? int(g.moves.size()) + 1 : 0;
    if (done.count({g.number, movetext_hash(g)})) {
      positionsDone += positions;
      continue;
    }
    ReportGame r;
    if (!g.error.empty()) {
      std::cerr << path << ":" << g.errorLine << ": game " << g.number << " (" << g.title() << ") cannot be reviewed: " << g.error << " Skipped.\n";
      ++broken;
      r.index = g.number;
      r.hash = movetext_hash(g);
      r.title = g.title();
      r.skipped = g.error;
    } else {
      ++reviewed;
      const int before = positionsDone;
      // The game is replayed once: the search and the review share its positions.
      std::vector<Position> boards = game_positions(g);
      std::vector<PositionVerdict> verdicts = search_game(g, boards, s.limits, [&](int d, int) { bar.update(before + d); });
      positionsDone += positions;
      positionsSearched += positions;
      GameReview review = review_game(g, std::move(boards), std::move(verdicts));
      review.method = limit_words(s.limits);
      r = report_game(review, *colour, s.limits);
      bar.finish();
      if (!r.pgn.empty()) pgn << r.pgn << "\n" << std::flush;
      if (!r.puzzlePgn.empty()) puzzles << r.puzzlePgn << "\n" << std::flush;
    }
    // The state line last: a game is done once it is there.
    state << report_game_json(r) << "\n" << std::flush;
    if (!state && !writeFailed) {
      std::cerr << "error: cannot write " << statePath << "\n";
      writeFailed = true;
    }
#if defined(__GLIBC__)
    // Hand the game's freed memory back. glibc keeps an arena per search thread, and the holes
    // a game leaves in them (its positions, each with the game's history) added up to 10 MB
    // over 1,000 games without this (docs/REVIEW.md); a run over a player's archive is flat.
    malloc_trim(0);
#endif
    const int64_t left = review_time_left_ms(s.limits, positionsSearched, found.positions - positionsDone + positionsSearched, now_ms() - start);
    std::cerr << "game " << chosen << "/" << found.chosen << " done (game " << g.number << ", " << g.title() << "), " << clock_text(left) << " left\n";
  }
  state.close();
  pgn.close();
  puzzles.close();

  const BuiltReport built = build_report_files(s.out);
  for (const std::string& e : built.errors) std::cerr << "error: " << e << "\n";
  if (built.totals) std::cout << built.totals->summary_text();
  char line[240];
  std::snprintf(line, sizeof line, "Reviewed %d game(s)%s, %d positions, %s, %d thread(s), in %.1f s; the report is in %s/.\n", reviewed,
                broken ? (" (" + std::to_string(broken) + " broken, skipped)").c_str() : "",
                positionsSearched, limit_words(s.limits).c_str(), s.limits.threads, double(now_ms() - start) / 1000, s.out.c_str());
  std::cout << line;
  return broken || writeFailed || !built.errors.empty() ? 1 : 0;
}

}  // namespace taper::tools
