// SPDX-License-Identifier: GPL-3.0-or-later
// Match games to tuning data: eligible positions, a sample per game, labels, output (pgn_data.hpp).
#include "tune/pgn_data.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include "search/engine.hpp"
#include "tune/input.hpp"
#include "tune/pgn_scores.hpp"

namespace taper::tune {

namespace {

/// A game reduced to what its data needs: the result and its eligible positions.
struct GameSamples {
  double whiteResult = 0.5;
  std::vector<Sample> samples;
};

}  // namespace

bool pgn_to_data(const PgnDataOptions& o, PgnDataReport& report, std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  if (o.inputs.empty()) return fail("no PGN file given");
  if (o.output.empty()) return fail("no output file");
  const auto t0 = std::chrono::steady_clock::now();
  report = {};

  std::vector<GameSamples> games;
  for (const std::string& path : o.inputs) {
    LineReader reader(path);
    if (!reader.ok()) return fail(reader.error());
    const PgnScan scan = scan_pgn_games([&](std::string& line) { return reader.next(line); }, o.engine,
                                       [&](const ScoredGame& game) {
                                         if (!game.complete) return;
                                         GameSamples g{game.whiteResult, {}};
                                         for (const PgnPly& p : game.plies)
                                           if (p.byEngine && p.score == PgnPly::Score::Centipawns && !p.inCheck &&
                                               p.quiet)
                                             g.samples.push_back({p.fen, p.whiteScore});
                                         if (!g.samples.empty()) games.push_back(std::move(g));
                                       });
    if (!reader.error().empty()) return fail(reader.error());
    report.games += scan.games;
  }

  // Sample and label; each game's random stream depends on its number only.
  std::atomic<size_t> next{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, o.threads); ++t)
    threads.emplace_back([&] {
      Engine engine(size_t(std::max(1, o.hashMb)));
      for (size_t i; (i = next++) < games.size();) {
        std::mt19937_64 rng(o.seed * 0x9E3779B97F4A7C15ull ^ (i + 1) * 0xBF58476D1CE4E5B9ull);
        draw_samples(games[i].samples, o.samplesPerGame, rng);
        relabel(games[i].samples, engine, o.label);
      }
    });
  for (auto& th : threads) th.join();

  std::FILE* out = std::fopen(o.output.c_str(), "w");
  if (!out) return fail("cannot open " + o.output + " for writing");
  std::string text;
  for (const std::string* line : {&o.note, &o.header})  // provenance; readers skip '#' lines
    if (!line->empty()) text += "# " + *line + "\n";
  for (const GameSamples& g : games) {
    if (g.samples.empty()) continue;  // every line of the label search ended in a mate or a check
    for (const Sample& s : g.samples) text += format_datagen_line(s.fen, s.whiteScore, g.whiteResult) + "\n";
    text += format_game_end_line(g.whiteResult) + "\n";
    ++report.used;
    report.positions += g.samples.size();
    ++(g.whiteResult > 0.5 ? report.whiteWins : g.whiteResult < 0.5 ? report.blackWins : report.draws);
  }
  const bool written = std::fwrite(text.data(), 1, text.size(), out) == text.size();
  if (std::fclose(out) != 0 || !written) return fail("write error on " + o.output);
  report.skipped = report.games - report.used;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return true;
}

}  // namespace taper::tune
