// SPDX-License-Identifier: GPL-3.0-or-later
// Command-line subcommands.
#include "uci/cli.hpp"

#include <chrono>
#include <iostream>
#include <string>

#include "board/notation.hpp"
#include "board/perft.hpp"

namespace taper {

int run_command_line(int argc, char** argv) {
  Position::init();
  std::string cmd = argc > 1 ? argv[1] : "";
  if (cmd == "perft") {
    int depth = argc > 2 ? std::stoi(argv[2]) : 5;
    std::string fen = argc > 3 ? argv[3] : std::string(Position::StartFen);
    for (int i = 4; i < argc; ++i) fen += std::string(" ") + argv[i];
    Position pos;
    std::string err;
    if (!pos.set(fen, false, &err)) {
      std::cerr << "error: bad FEN: " << err << "\n";
      return 2;
    }
    auto t0 = std::chrono::steady_clock::now();
    uint64_t total = perft_divide(pos, depth, [&](Move m, uint64_t n) {
      std::cout << move_to_uci(m, pos.is_chess960()) << ": " << n << "\n";
    });
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << "\nNodes searched: " << total << "\n";
    std::cerr << "time " << s << " s, " << uint64_t(total / std::max(s, 1e-9)) << " nps\n";
    return 0;
  }
  std::cerr << "usage: taper perft DEPTH [FEN]\n";
  return 2;
}

}  // namespace taper
