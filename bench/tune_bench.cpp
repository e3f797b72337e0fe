// SPDX-License-Identifier: GPL-3.0-or-later
// Tuner speed in positions per second: tracing positions into sparse coefficients (once per run),
// and the loss and gradient passes that every epoch repeats. Data: tuning/tcec-labeled.epd.xz
// ($TAPER_TUNE_BENCH_LINES lines, default all 355,672).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <numeric>

#include "tune/model.hpp"

using namespace taper;
using namespace taper::tune;

namespace {

/// The TCEC set is larger data, not kept in the repository: $TAPER_DATA or the configured folder.
std::string data_file() {
  const char* env = std::getenv("TAPER_DATA");
  return std::string(env ? env : TAPER_DATA_DIR) + "/tuning/tcec-labeled.epd.xz";
}

const Dataset& data() {
  static const Dataset d = [] {
    Position::init();
    Dataset train, validation;
    LoadReport report;
    LoadOptions o;
    o.validationFraction = 0;
    o.progress = false;
    const char* lines = std::getenv("TAPER_TUNE_BENCH_LINES");
    o.limit = lines ? size_t(std::atol(lines)) : 0;
    load_dataset({data_file()}, o, train, validation, report);
    return train;
  }();
  return d;
}

/// The positions traced into the sparse set: what loading costs per position (one thread).
void BM_TracePositions(benchmark::State& state) {
  Position::init();
  std::vector<Position> positions;
  LineReader reader(data_file());
  LabelledPosition lp;
  for (std::string line; positions.size() < 20000 && reader.next(line);) {
    Position pos;
    if (parse_labelled_line(line, lp) == LineStatus::Position && pos.set(lp.fen, false)) positions.push_back(pos);
  }
  for (auto _ : state) {
    Dataset d;
    for (const Position& pos : positions) d.add(record_evaluation(pos), 0.5);
    benchmark::DoNotOptimize(d.entries.data());
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(positions.size()));
}
BENCHMARK(BM_TracePositions)->Unit(benchmark::kMillisecond);

/// One epoch's gradient work: every training position once, in mini-batches of 16384.
void BM_GradientEpoch(benchmark::State& state) {
  const Dataset& d = data();
  const int threads = int(state.range(0));
  std::vector<uint32_t> order(d.size());
  std::iota(order.begin(), order.end(), 0u);
  Deltas delta = zero_deltas();
  delta[2 * PieceValue + 2] = 5;  // not the starting point, where nothing is special either
  std::vector<double> gradient;
  for (auto _ : state)
    for (size_t begin = 0; begin < order.size(); begin += 16384)
      benchmark::DoNotOptimize(loss_and_gradient(d, order.data() + begin, std::min<size_t>(16384, order.size() - begin),
                                                 delta, 1.0, threads, gradient));
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(d.size()));
  state.counters["positions"] = double(d.size());
}
BENCHMARK(BM_GradientEpoch)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

/// The loss over every position (the training and validation losses printed after each epoch).
void BM_LossPass(benchmark::State& state) {
  const Dataset& d = data();
  const Deltas delta = zero_deltas();
  for (auto _ : state) benchmark::DoNotOptimize(mean_loss(d, delta, 1.0, int(state.range(0))));
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(d.size()));
}
BENCHMARK(BM_LossPass)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
