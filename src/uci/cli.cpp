// SPDX-License-Identifier: GPL-3.0-or-later
// Command-line subcommands; with no arguments Taper speaks UCI on stdin/stdout.
#include "uci/cli.hpp"

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "board/notation.hpp"
#include "board/perft.hpp"
#include "eval/evaluate.hpp"
#include "search/timeman.hpp"
#include "search/tunables.hpp"
#include "tb/verify_endgames.hpp"
#include "tune/commands.hpp"
#include "tune/genfens.hpp"
#include "tune/wdl_fit.hpp"
#include "uci/analyse.hpp"
#include "uci/bench.hpp"
#include "uci/eval_svg.hpp"
#include "uci/uci.hpp"
#include "uci/version.hpp"

namespace taper {

namespace {

constexpr const char* Usage =
    "usage: taper [command]\n"
    "  (no command)            speak UCI on stdin/stdout (for GUIs)\n"
    "  analyse [FEN] [-t SEC] [-j THREADS]\n"
    "                          analyse a position (default: start position, 5 s) and print\n"
    "                          the best line in algebraic notation\n"
    "  bench [DEPTH]           fixed-depth search of the built-in positions; last line\n"
    "                          '<nodes> nodes <nps> nps'\n"
    "  perft DEPTH [FEN]       count leaf nodes, split by root move\n"
    "  eval [FEN]              explain the static evaluation term by term\n"
    "  eval FEN --svg FILE     draw it: each piece's share of the score, the king zones\n"
    "  verify-endgames DIR     compare the known-endgame rules with Syzygy tables in DIR\n"
    "  tune [options] FILE...  Texel-tune the evaluation weights on labelled positions\n"
    "  datagen --out FILE      self-play games as tuning data (see --help of each)\n"
    "  spsa                    the search constants in OpenBench's SPSA input format\n"
    "  \"genfens N seed S book PATH|None\"\n"
    "                          N random openings for OpenBench's data generation\n"
    "  wdl-fit FILE...         fit the UCI_ShowWDL model to datagen output\n"
    "  --version               print name, version and build flavour\n";

/// Joins argv[from..] into one FEN string (FENs contain spaces; quoting is optional).
std::string join_fen(const std::vector<std::string>& args, size_t from, size_t to) {
  std::string fen;
  for (size_t i = from; i < to; ++i) fen += (i > from ? " " : "") + args[i];
  return fen.empty() ? std::string(Position::StartFen) : fen;
}

int cmd_perft(const std::vector<std::string>& args) {
  if (args.size() < 2) {
    std::cerr << "usage: taper perft DEPTH [FEN]\n";
    return 2;
  }
  int depth = std::atoi(args[1].c_str());
  if (depth < 1 || depth > 20) {
    std::cerr << "error: perft depth must be between 1 and 20\n";
    return 2;
  }
  Position pos;
  std::string err;
  if (!pos.set(join_fen(args, 2, args.size()), false, &err)) {
    std::cerr << "error: bad FEN: " << err << "\n";
    return 2;
  }
  TimePoint start = now_ms();
  uint64_t total = perft_divide(pos, depth, [&](Move m, uint64_t n) {
    std::cout << move_to_uci(m, pos.is_chess960()) << ": " << n << "\n";
  });
  TimePoint ms = std::max<TimePoint>(1, now_ms() - start);
  std::cout << "\nNodes searched: " << total << std::endl;
  std::cerr << "time " << ms << " ms, " << total * 1000 / uint64_t(ms) << " nps\n";
  return 0;
}

int cmd_analyse(const std::vector<std::string>& args) {
  double seconds = 5;
  int threads = 1;
  std::vector<std::string> fenParts;
  for (size_t i = 1; i < args.size(); ++i) {
    if ((args[i] == "-t" || args[i] == "--time") && i + 1 < args.size()) seconds = std::atof(args[++i].c_str());
    else if ((args[i] == "-j" || args[i] == "--threads") && i + 1 < args.size()) threads = std::atoi(args[++i].c_str());
    else fenParts.push_back(args[i]);
  }
  if (seconds <= 0 || threads < 1) {
    std::cerr << "error: time and threads must be positive\n";
    return 2;
  }
  return run_analysis(join_fen(fenParts, 0, fenParts.size()), seconds, threads, std::cout);
}

}  // namespace

int run_command_line(int argc, char** argv) {
  Position::init();
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string cmd = args.empty() ? "" : args[0];

  if (cmd.empty() || cmd == "uci") {
    UciEngine engine(std::cout);
    if (cmd == "uci") engine.execute("uci");
    engine.loop(std::cin);
    return 0;
  }
  if (cmd == "--version" || cmd == "version") {
    std::cout << engine_name() << "\n";
    return 0;
  }
  if (cmd == "--help" || cmd == "help" || cmd == "-h") {
    std::cout << Usage;
    return 0;
  }
  if (cmd == "perft") return cmd_perft(args);
  if (cmd.rfind("genfens", 0) == 0) {
    // OpenBench's datagen mode runs `taper "genfens N seed S book PATH" quit` (the trailing
    // UCI quit needs no answer): openings as `info string genfens FEN` lines.
    tune::GenfensRequest request;
    std::string error;
    if (!tune::parse_genfens(cmd, request, error) || !tune::run_genfens(request, std::cout, error)) {
      std::cout << "info string error: " << error << std::endl;
      return 2;
    }
    return 0;
  }
  if (cmd == "spsa") {
    // OpenBench's SPSA input: paste into the tuning form of a TUNABLE=1 branch.
    if (args.size() > 1) {
      std::cerr << "usage: taper spsa   (prints the search constants in OpenBench's SPSA input format)\n";
      return args[1] == "--help" ? 0 : 2;
    }
    std::cout << openbench_spsa_input();
    return 0;
  }
  if (cmd == "tune") return run_tune({args.begin() + 1, args.end()});
  if (cmd == "datagen") return run_datagen({args.begin() + 1, args.end()});
  if (cmd == "wdl-fit") return tune::run_wdl_fit({args.begin() + 1, args.end()});
  if (cmd == "verify-endgames") return run_verify_endgames({args.begin() + 1, args.end()}, std::cout);
  if (cmd == "analyse" || cmd == "analyze") return cmd_analyse(args);
  if (cmd == "bench") {
    int depth = args.size() > 1 ? std::atoi(args[1].c_str()) : BenchDefaultDepth;
    if (depth < 1 || depth > 64) {
      std::cerr << "error: bench depth must be between 1 and 64\n";
      return 2;
    }
    run_bench(depth, std::cout);
    return 0;
  }
  if (cmd == "eval") {
    Position pos;
    std::string err;
    const auto svgFlag = std::find(args.begin(), args.end(), std::string("--svg"));
    const size_t fenEnd = size_t(svgFlag - args.begin());
    if (!pos.set(join_fen(args, 1, fenEnd), false, &err)) {
      std::cerr << "error: bad FEN: " << err << "\n";
      return 2;
    }
    if (svgFlag != args.end()) return write_eval_svg(pos, fenEnd + 1 < args.size() ? args[fenEnd + 1] : "");
    Evaluator evaluator;
    std::cout << evaluator.trace(pos);
    return 0;
  }
  std::cerr << "unknown command '" << cmd << "'\n" << Usage;
  return 2;
}

}  // namespace taper
