// SPDX-License-Identifier: GPL-3.0-or-later
// The UCI protocol front end: reads commands, keeps the game position and options, drives the search.
#pragma once

#include <iosfwd>
#include <mutex>
#include <sstream>
#include <string>
#include <string_view>

#include "board/position.hpp"
#include "search/engine.hpp"
#include "uci/debug_log.hpp"
#include "uci/options.hpp"

namespace taper {

class UciEngine {
 public:
  /// What the `eval` command prints for a position: the `eval` table, which the tools layer
  /// draws from its model of the explained evaluation (explain/eval_table.hpp). That layer sits
  /// above this one, so whoever starts the engine hands the printer in; without one, `eval`
  /// answers with an info string.
  using EvalPrinter = std::string (*)(const Position&);

  explicit UciEngine(std::ostream& out, EvalPrinter evalPrinter = nullptr);
  ~UciEngine();

  /// Reads commands until `quit` or end of input; then stops any search cleanly.
  void loop(std::istream& in);
  /// Executes one command line; returns false for `quit`.
  bool execute(std::string_view line);

 private:
  using Handler = void (UciEngine::*)(std::istringstream&);
  struct Command {
    std::string_view name;
    Handler handler;
    bool allowedWhileSearching;
  };
  static const Command Commands[];

  void cmd_uci(std::istringstream&);
  void cmd_isready(std::istringstream&);
  void cmd_ucinewgame(std::istringstream&);
  void cmd_setoption(std::istringstream&);
  void cmd_position(std::istringstream&);
  void cmd_go(std::istringstream&);
  void cmd_stop(std::istringstream&);
  void cmd_ponderhit(std::istringstream&);
  void cmd_display(std::istringstream&);
  void cmd_eval(std::istringstream&);
  void cmd_flip(std::istringstream&);
  void cmd_bench(std::istringstream&);
  void cmd_debug(std::istringstream&);
  void cmd_register(std::istringstream&);

  void add_options();
  void say(const std::string& text);          // one or more complete lines, flushed, never interleaved
  void info_string(const std::string& text);  // "info string ..."
  SearchOptions search_options() const;
  void perft(int depth);

  std::ostream& out_;
  std::mutex outMutex_;
  Position pos_;
  Engine engine_;  // driven asynchronously: go starts it, stop / ponderhit / quit end it
  UciOptions options_;
  EvalPrinter evalPrinter_;
  DebugLog debugLog_;
  uint64_t skillSeed_;  // advanced per `go`: weakened play varies from move to move
};

/// Approximate physical memory in MB (bounds the Hash option).
size_t physical_memory_mb();

}  // namespace taper
