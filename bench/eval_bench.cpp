// SPDX-License-Identifier: GPL-3.0-or-later
// Evaluation speed in ns per call over a few thousand positions from tests/data.
// Uses only the Evaluator interface, so the same file also builds against older evaluations
// (copy it into a checkout of another commit to compare in one run).
#include <benchmark/benchmark.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "eval/evaluate.hpp"
#if __has_include("eval/trace.hpp")
#include "eval/trace.hpp"
#define TAPER_EVAL_HAS_TRACE 1
#endif

using namespace taper;

namespace {

/// The repository's own test data (tests/data/README.md): every file read here is kept there.
std::string data_dir() { return TAPER_TEST_DATA_DIR; }

/// Up to `limit` positions of an EPD/FEN file (the first four fields of each line, plus the
/// move counters when present).
void load(const std::string& file, size_t limit, std::vector<Position>& out) {
  std::ifstream in(data_dir() + "/" + file);
  size_t taken = 0;
  for (std::string line; taken < limit && std::getline(in, line);) {
    std::istringstream fields(line.substr(0, line.find(';')));
    std::string f[6], fen;
    int n = 0;
    while (n < 6 && fields >> f[n]) ++n;
    if (n < 4) continue;
    fen = f[0] + ' ' + f[1] + ' ' + f[2] + ' ' + f[3];
    if (n == 6 && std::isdigit(static_cast<unsigned char>(f[4][0])) && std::isdigit(static_cast<unsigned char>(f[5][0])))
      fen += ' ' + f[4] + ' ' + f[5];
    Position pos;
    if (pos.set(fen, false)) {
      out.push_back(pos);
      ++taken;
    }
  }
}

/// STS (middlegames), book openings, labelled tuning positions (all phases) and WAC.
const std::vector<Position>& positions() {
  static const std::vector<Position> all = [] {
    Position::init();
    std::vector<Position> v;
    load("epd/STS1-STS15_LAN_v3.epd", 1500, v);
    load("books/6mvs_+90_+99.epd", 2000, v);
    load("tuning/quiet-labeled-subset-1_1000.epd", 1100, v);
    load("epd/wacnew.epd", 300, v);
    if (v.empty()) std::abort();
    return v;
  }();
  return all;
}

/// The search's case: one Evaluator per thread, its pawn and material tables warm.
void BM_Evaluate(benchmark::State& state) {
  const std::vector<Position>& ps = positions();
  Evaluator e;
  long sum = 0;
  for (auto _ : state) {
    for (const Position& p : ps) sum += e.evaluate(p);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(ps.size()));
  state.counters["ns/eval"] =
      benchmark::Counter(double(state.iterations()) * double(ps.size()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Evaluate)->Unit(benchmark::kMicrosecond);

#ifdef TAPER_EVAL_HAS_TRACE
/// Every call misses both tables: the price of the pawn and material terms themselves.
void BM_EvaluateUncached(benchmark::State& state) {
  const std::vector<Position>& ps = positions();
  long sum = 0;
  for (auto _ : state) {
    for (const Position& p : ps) sum += evaluate_uncached(p);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(ps.size()));
  state.counters["ns/eval"] =
      benchmark::Counter(double(state.iterations()) * double(ps.size()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_EvaluateUncached)->Unit(benchmark::kMicrosecond);

/// The tuner's case: recording every coefficient.
void BM_RecordEvaluation(benchmark::State& state) {
  const std::vector<Position>& ps = positions();
  long sum = 0;
  for (auto _ : state) {
    for (const Position& p : ps) sum += record_evaluation(p).value;
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(ps.size()));
  state.counters["ns/eval"] =
      benchmark::Counter(double(state.iterations()) * double(ps.size()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_RecordEvaluation)->Unit(benchmark::kMicrosecond);
#endif

}  // namespace
