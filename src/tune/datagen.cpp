// SPDX-License-Identifier: GPL-3.0-or-later
// Self-play games for tuning data: openings, fixed-budget searches, adjudication, filtering, output.
#include "tune/datagen.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "board/movegen.hpp"
#include "search/engine.hpp"
#include "search/timeman.hpp"
#include "tune/input.hpp"
#include "tune/labelling.hpp"

namespace taper::tune {

namespace {

/// State shared by the game threads.
struct Shared {
  const DatagenOptions& options;
  std::vector<std::string> book;
  std::FILE* out = nullptr;
  std::mutex outMutex;
  std::atomic<uint64_t> positions{0};  // in the file, including the existing ones
  std::atomic<uint64_t> games{0}, whiteWins{0}, draws{0}, blackWins{0}, adjudicated{0}, discarded{0};
  std::atomic<bool> failed{false};
};

/// One search at a fixed budget: best move and score (side to move's view).
SearchResult search(Engine& engine, const Position& pos, uint64_t nodes, int depth) {
  SearchLimits limits;
  limits.nodes = nodes;
  limits.depth = depth;
  return engine.search(pos, limits);
}

/// A random opening: a book line (or the start position) and `randomPlies` random legal moves.
/// False if the line ran into a finished game.
bool make_opening(Shared& sh, std::mt19937_64& rng, Position& pos) {
  const std::string fen = sh.book.empty() ? std::string(Position::StartFen) : sh.book[rng() % sh.book.size()];
  if (!pos.set(fen, false)) return false;
  for (int i = 0; i < sh.options.randomPlies; ++i) {
    MoveList<LEGAL> moves(pos);
    if (!moves.size()) return false;
    pos.do_move(*(moves.begin() + rng() % moves.size()));
  }
  return MoveList<LEGAL>(pos).size() > 0 && !pos.is_draw(0);
}

/// Plays one game; returns false if the opening was discarded.
bool play_game(Shared& sh, Engine& engine, std::mt19937_64& rng) {
  const DatagenOptions& o = sh.options;
  Position pos;
  if (!make_opening(sh, rng, pos)) return false;
  engine.clear();
  std::vector<Sample> samples;
  double result = -1;
  bool adjudicated = false;
  int winRun = 0, drawRun = 0;
  for (int ply = 0; result < 0; ++ply) {
    const Color us = pos.side_to_move();
    if (MoveList<LEGAL>(pos).size() == 0) {
      result = pos.in_check() ? (us == WHITE ? 0.0 : 1.0) : 0.5;
      break;
    }
    if (pos.is_draw(0) || pos.is_insufficient_material() || ply >= o.maxPlies) {
      result = 0.5;
      break;
    }
    const SearchResult sr = search(engine, pos, o.nodes, o.depth);
    if (!sr.best) return false;
    if (ply == 0 && std::abs(sr.last.score) > o.openingMaxScore) {
      ++sh.discarded;
      return false;
    }
    const int white = us == WHITE ? sr.last.score : -sr.last.score;
    const bool mateScore = std::abs(sr.last.score) >= VALUE_TB_WIN_IN_MAX_PLY;
    if (!pos.in_check() && !pos.is_capture_or_promotion(sr.best) && !mateScore) samples.push_back({pos.fen(), white});

    // Adjudication: a decisive score held for several plies in a row (both sides agreeing),
    // or a dead-level one late in the game.
    if (std::abs(white) < o.winScore) winRun = 0;
    else if (white > 0) winRun = winRun > 0 ? winRun + 1 : 1;  // plies in a row, signed by the winner
    else winRun = winRun < 0 ? winRun - 1 : -1;
    drawRun = ply >= o.drawStartPly && std::abs(white) <= o.drawScore ? drawRun + 1 : 0;
    if (o.winPlies > 0 && std::abs(winRun) >= o.winPlies) result = winRun > 0 ? 1.0 : 0.0, adjudicated = true;
    else if (o.drawPlies > 0 && drawRun >= o.drawPlies) result = 0.5, adjudicated = true;
    else pos.do_move(sr.best);
  }

  draw_samples(samples, o.samplesPerGame, rng);
  relabel(samples, engine, LabelSearch{o.labelNodes, o.labelDepth, o.pvLeaf});
  std::string block;
  for (const Sample& s : samples) block += format_datagen_line(s.fen, s.whiteScore, result) + "\n";
  block += format_game_end_line(result) + "\n";
  {
    std::lock_guard lock(sh.outMutex);
    if (std::fwrite(block.data(), 1, block.size(), sh.out) != block.size() || std::fflush(sh.out) != 0)
      sh.failed = true;
  }
  sh.positions += samples.size();
  ++sh.games;
  ++(result > 0.5 ? sh.whiteWins : result < 0.5 ? sh.blackWins : sh.draws);
  sh.adjudicated += adjudicated;
  return true;
}

uint64_t count_positions(const std::string& path) {
  LineReader reader(path);
  uint64_t n = 0;
  LabelledPosition lp;
  for (std::string line; reader.ok() && reader.next(line);) n += parse_labelled_line(line, lp) == LineStatus::Position;
  return n;
}

}  // namespace

bool generate_data(const DatagenOptions& o, DatagenReport& report, std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  if (o.output.empty()) return fail("no output file");
  if (!o.nodes && !o.depth) return fail("give a node or depth limit per move");
  Shared sh{o, {}, nullptr, {}, {}, {}, {}, {}, {}, {}, {}, {}};
  if (!o.book.empty()) {
    LineReader reader(o.book);
    if (!reader.ok()) return fail(reader.error());
    for (std::string line; reader.next(line);) {
      const size_t semi = line.find(';');
      if (semi != std::string::npos) line.resize(semi);
      Position pos;
      if (pos.set(line, false)) sh.book.push_back(line);
    }
    if (sh.book.empty()) return fail("no usable position in " + o.book);
  }
  report = {};
  report.existing = count_positions(o.output);
  sh.positions = report.existing;
  if (report.existing >= o.positions) return true;
  sh.out = std::fopen(o.output.c_str(), "a");
  if (!sh.out) return fail("cannot open " + o.output + " for appending");
  if (!o.header.empty()) std::fprintf(sh.out, "# %s\n", o.header.c_str());  // provenance; readers skip it

  const auto t0 = std::chrono::steady_clock::now();
  std::atomic<int> running{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, o.threads); ++t) {
    ++running;
    threads.emplace_back([&, t] {
      Engine engine(size_t(std::max(1, o.hashMb)));
      engine.options().moveOverhead = 0;
      // The stream depends on how much the file already holds, so a resumed run plays new games.
      std::mt19937_64 rng(o.seed * 0x9E3779B97F4A7C15ull ^ (report.existing + 1) * 0xBF58476D1CE4E5B9ull ^ uint64_t(t + 1));
      while (sh.positions < o.positions && !sh.failed) play_game(sh, engine, rng);
      --running;
    });
  }
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  double lastReport = 0;
  while (running > 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (o.progressSeconds > 0 && elapsed() - lastReport >= o.progressSeconds) {
      lastReport = elapsed();
      const uint64_t done = sh.positions - report.existing, left = o.positions - std::min<uint64_t>(o.positions, sh.positions);
      const double rate = done / std::max(1e-9, lastReport);
      std::fprintf(stderr, "datagen: %llu games (+%llu =%llu -%llu), %llu/%llu positions, %.0f positions/s, ETA %.0f s\n",
                   (unsigned long long)sh.games, (unsigned long long)sh.whiteWins, (unsigned long long)sh.draws,
                   (unsigned long long)sh.blackWins, (unsigned long long)sh.positions, (unsigned long long)o.positions, rate,
                   rate > 0 ? left / rate : 0.0);
    }
  }
  for (auto& th : threads) th.join();
  std::fclose(sh.out);
  report.games = sh.games;
  report.positions = sh.positions - report.existing;
  report.whiteWins = sh.whiteWins;
  report.draws = sh.draws;
  report.blackWins = sh.blackWins;
  report.adjudicated = sh.adjudicated;
  report.discardedOpenings = sh.discarded;
  report.seconds = elapsed();
  if (sh.failed) return fail("write error on " + o.output);
  return true;
}

}  // namespace taper::tune
