// SPDX-License-Identifier: GPL-3.0-or-later
// `taper review GAME.pgn`: reads the games, searches every position, and writes what a player
// wants to know: a summary on the terminal, and on request the annotated PGN, the graph (SVG)
// and the whole review as JSON. docs/REVIEW.md is the manual.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "search/threads.hpp"
#include "search/timeman.hpp"
#include "tb/syzygy.hpp"
#include "tools/args.hpp"
#include "review/review.hpp"
#include "tools/subcommands.hpp"

namespace taper::tools {

namespace {

struct ReviewSettings {
  ReviewLimits limits;
  std::string out, svg, json, syzygy;
  int game = 0;  // 0: every game
};

bool read_file(const std::string& path, std::string& bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return false;  // opens, then throws on reading
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  try {
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  } catch (const std::exception&) {
    return false;
  }
  return !in.bad();
}

std::string limit_words(const ReviewLimits& l) {
  return l.nodes ? std::to_string(l.nodes) + " nodes a position" : std::to_string(l.moveTimeMs) + " ms a position";
}

}  // namespace

int run_review(const Subcommand& self, const std::vector<std::string>& args) {
  ReviewSettings s;
  ArgParser parser(self,
                   "Reads every game of the PGN file, searches each position (about 1 s each, or --nodes N for\n"
                   "output that is the same on every machine) and marks each move by the chances it lost:\n"
                   "?! inaccuracy, ? mistake, ?? blunder, with a reason for each mistake and blunder. Prints a\n"
                   "summary; --out, --svg and --json write the annotated PGN, the graph and the data\n"
                   "(\"-\" for stdout). docs/REVIEW.md explains the method.");
  parser.integer("movetime", 't', "milliseconds to search each position (default 1000)", s.limits.moveTimeMs, 1, 3600000, "MS")
      .integer("nodes", 'n', "search each position for this many nodes instead (reproducible)", s.limits.nodes, 1, 1LL << 40)
      .integer("threads", 'j', "positions searched at the same time (default 1)", s.limits.threads, 1, MaxSearchThreads)
      .integer("hash", 0, "transposition table of each search in MB (default 32)", s.limits.hashMb, 1, 1 << 16, "MB")
      .integer("game", 'g', "review only the game with this number in the file", s.game, 1, 1 << 30)
      .text("out", 'o', "write the annotated games to this PGN file", s.out)
      .text("svg", 0, "draw White's chances to this SVG file (FILE-N.svg for game N of several)", s.svg)
      .text("json", 0, "write the review as JSON to this file", s.json)
      .text("syzygy", 0, "Syzygy tablebase folders, ':'-separated", s.syzygy, "PATH");
  std::vector<std::string> positional;
  if (auto code = parser.parse(args, positional, std::cout, std::cerr)) return *code;
  if (positional.size() != 1) return parser.usage_error("give one PGN file", std::cerr);
  const std::string& path = positional[0];

  std::string bytes;
  if (!read_file(path, bytes)) {
    std::cerr << "error: cannot read " << path << "\n";
    return 1;
  }
  bool latin1 = false;
  const std::string text = pgn_text_as_utf8(bytes, &latin1);
  const std::vector<PgnGame> games = read_pgn(text);
  if (games.empty()) {
    std::cerr << "error: " << path << " holds no game in PGN (an empty file, or not PGN?)\n";
    return 1;
  }
  if (latin1) std::cerr << "note: " << path << " is not UTF-8; read as Latin-1\n";
  if (s.game > int(games.size())) {
    std::cerr << "error: " << path << " has " << games.size() << " game(s), not " << s.game << "\n";
    return 1;
  }
  if (!s.syzygy.empty()) {
    const syzygy::LoadResult r = syzygy::init(s.syzygy);
    std::cerr << r.message << "\n";
    if (!r.ok && r.wdlTables == 0) return 2;
  }

  // The games to review; each broken one is reported with its number and line.
  std::vector<const PgnGame*> chosen;
  bool broken = false;
  for (const PgnGame& g : games) {
    if (s.game && g.number != s.game) continue;
    for (const std::string& w : g.warnings) std::cerr << path << ": game " << g.number << " (line " << g.line << "): " << w << "\n";
    if (!g.error.empty()) {
      std::cerr << path << ":" << g.errorLine << ": game " << g.number << " cannot be reviewed: " << g.error << "\n";
      broken = true;
      continue;
    }
    if (g.moves.empty()) continue;
    chosen.push_back(&g);
  }
  if (chosen.empty()) {
    std::cerr << "error: no game in " << path << " can be reviewed\n";
    return 1;
  }

  int totalPositions = 0;
  for (const PgnGame* g : chosen) totalPositions += int(g->moves.size()) + 1;
  ReviewProgress progress(totalPositions, s.limits);
  const TimePoint start = now_ms();
  // The summary goes to stdout, unless the PGN or JSON does. Each game is said and written as it
  // finishes, so that an interrupted run over a large file keeps what was done.
  std::ostream& report = s.out == "-" || s.json == "-" ? std::cerr : std::cout;
  ReviewWriter writer({s.out, s.json, s.svg}, chosen.size() > 1);
  int donePositions = 0;
  for (size_t k = 0; k < chosen.size(); ++k) {
    const PgnGame& g = *chosen[k];
    // The game is replayed once: the search and the review share its positions.
    std::vector<Position> positions = game_positions(g);
    std::vector<PositionVerdict> verdicts =
        search_game(g, positions, s.limits, [&](int done, int) { progress.update(donePositions + done); });
    donePositions += int(verdicts.size());
    GameReview review = review_game(g, std::move(positions), std::move(verdicts));
    review.method = limit_words(s.limits);
    progress.finish();  // clears the bar's line for the summary; the next update draws it again
    report << (k ? "\n" : "") << "Game " << g.number << ": " << review_summary_text(review) << std::flush;
    const size_t errorsBefore = writer.errors().size();
    writer.add(review);
    for (size_t e = errorsBefore; e < writer.errors().size(); ++e) std::cerr << "error: " << writer.errors()[e] << "\n";
  }
  writer.finish();
  const double seconds = double(now_ms() - start) / 1000;
  char line[200];
  std::snprintf(line, sizeof line, "\nReviewed %zu game(s), %d positions, %s, %d thread(s), in %.1f s.\n", chosen.size(),
                totalPositions, limit_words(s.limits).c_str(), s.limits.threads, seconds);
  report << line;
  return broken || !writer.errors().empty() ? 1 : 0;
}

}  // namespace taper::tools
