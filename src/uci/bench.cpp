// SPDX-License-Identifier: GPL-3.0-or-later
// Bench positions and the bench driver.
#include "uci/bench.hpp"

#include <ostream>

#include "board/notation.hpp"
#include "search/engine.hpp"

namespace taper {

namespace {

// Openings, middlegames and endgames of every kind; a few Chess960 starts at the end.
constexpr const char* BenchFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "rnbqk2r/ppp1bppp/4pn2/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 4 5",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R w KQkq - 3 5",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/3P4/2P1PN2/PP3PPP/RNBQKB1R w KQkq - 0 5",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 1 7",
    "r2qkb1r/pp1b1ppp/2np1n2/1B2p3/4P3/2N2N2/PPP2PPP/R1BQ1RK1 w kq - 2 8",
    "r1bqr1k1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ2PPP/R3NRK1 b - - 7 10",
    "2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1P2PN2/PB1NBPPP/2RQ1RK1 w - - 4 11",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2r3k1/pp3ppp/2n1b3/3pP3/3P4/P1N2N2/1P3PPP/2R3K1 w - - 0 22",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3NP3/1BN5/PPP2PPP/R2Q1RK1 w - - 0 12",
    "3r1rk1/p4ppp/1pq1pn2/2b5/2P5/P3PN2/1BQ2PPP/3R1RK1 b - - 2 18",
    "r2q1rk1/1b1nbppp/pp1ppn2/8/2PNP3/2N1B3/PP2BPPP/R2Q1RK1 w - - 0 11",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "8/5pk1/6p1/7p/7P/6P1/5PK1/8 w - - 0 40",
    "8/8/1p4k1/p1p5/P1P5/1P4K1/8/8 w - - 0 45",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    "8/8/8/8/5k2/8/3K4/4R3 w - - 0 1",
    "8/8/3k4/8/8/8/2BNK3/8 w - - 0 1",
    "6k1/6p1/8/8/8/8/1r3PPP/R5K1 w - - 0 30",
    "8/6pk/1R5p/8/r7/6P1/5PKP/8 b - - 3 41",
    "2r5/4kp2/4p1p1/1p2P3/pP1R1P2/P5P1/5K2/8 w - - 0 37",
    "8/2k5/3p4/p2P1p2/P2P1P2/8/3K4/8 w - - 0 50",
    "5rk1/5ppp/8/3q4/8/5Q2/5PPP/5RK1 w - - 0 25",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 7",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    "2kr3r/pp1q1ppp/2n1bn2/2bpp3/4P3/2PP1N2/PP1NBPPP/R1BQ1RK1 w - - 0 10",
    "r5k1/5ppp/1p6/2pP4/2P1n3/3B4/P4PPP/4R1K1 w - - 0 28",
    "8/p7/1p1k4/1P1p4/P2K4/8/8/8 w - - 0 60",
    "4r1k1/pp3ppp/3b4/3P4/8/1B6/PP3PPP/4R1K1 b - - 0 24",
    "1k6/1p5p/p1p3p1/2P2p2/1P3P2/P5P1/7P/1K6 b - - 0 35",
    "3q1rk1/1p3pp1/p1n4p/3p4/3P4/P1NQ3P/1P3PP1/4R1K1 w - - 0 21",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "qbbnnrkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNNRKR w HFhf - 0 1",
    "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1",
};

}  // namespace

BenchResult run_bench(int depth, std::ostream& out, int hashMb) {
  Engine engine{size_t(hashMb)};  // its own: 1 thread, independent of the UCI settings
  BenchResult result;
  SearchLimits limits;
  limits.depth = depth;
  int index = 0;
  for (const char* fen : BenchFens) {
    ++index;
    Position pos;
    if (!pos.set(fen, false)) {  // rook-file castling letters switch Chess960 on by themselves
      out << "bench: bad built-in FEN " << fen << "\n";
      continue;
    }
    engine.clear();
    const SearchResult r = engine.search(pos, limits);
    result.nodes += r.nodes;
    result.timeMs += r.timeMs;
    out << "Position " << index << "/" << std::size(BenchFens) << ": " << fen << "  bestmove "
        << move_to_uci(r.best, pos.is_chess960()) << "  nodes " << r.nodes << "\n";
  }
  result.nps = result.nodes * 1000 / uint64_t(std::max<int64_t>(1, result.timeMs));
  out << "\n===========================\nTotal time (ms) : " << result.timeMs << "\nNodes searched  : " << result.nodes
      << "\nNodes/second    : " << result.nps << "\n"
      << result.nodes << " nodes " << result.nps << " nps\n";
  return result;
}

}  // namespace taper
