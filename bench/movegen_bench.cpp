// SPDX-License-Identifier: GPL-3.0-or-later
// Micro-benchmarks for move generation, make/unmake and perft (run by hand, not as tests).
#include <benchmark/benchmark.h>

#include "board/movegen.hpp"
#include "board/perft.hpp"

using namespace taper;

namespace {

constexpr const char* Fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
};

template <GenType T>
void BM_Generate(benchmark::State& state) {
  std::vector<Position> positions(std::size(Fens));
  for (size_t i = 0; i < positions.size(); ++i) positions[i].set(Fens[i], false);
  Move list[MAX_MOVES];
  size_t total = 0;
  for (auto _ : state)
    for (const Position& p : positions) total += size_t(generate<T>(p, list) - list);
  benchmark::DoNotOptimize(total);
  state.SetItemsProcessed(int64_t(state.iterations() * positions.size()));
}
BENCHMARK(BM_Generate<LEGAL>);
BENCHMARK(BM_Generate<NOISY>);
BENCHMARK(BM_Generate<QUIETS>);

void BM_MakeUnmake(benchmark::State& state) {
  Position pos;
  pos.set(Fens[1], false);
  MoveList<LEGAL> moves(pos);
  for (auto _ : state)
    for (Move m : moves) {
      pos.do_move(m);
      pos.undo_move(m);
    }
  state.SetItemsProcessed(int64_t(state.iterations() * moves.size()));
}
BENCHMARK(BM_MakeUnmake);

void BM_Perft(benchmark::State& state) {
  Position pos;
  pos.set(Fens[state.range(0)], false);
  uint64_t nodes = 0;
  for (auto _ : state) nodes += perft(pos, int(state.range(1)));
  state.counters["nps"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Perft)->Args({0, 5})->Args({1, 4})->Args({2, 5})->Unit(benchmark::kMillisecond);

}  // namespace
