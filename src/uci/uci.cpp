// SPDX-License-Identifier: GPL-3.0-or-later
// UCI command handlers. Every malformed input gets an `info string` and leaves the engine usable.
#include "uci/uci.hpp"

#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#else
#include <unistd.h>
#endif

#include <algorithm>
#include <charconv>
#include <random>
#include <iostream>

#include "bitbase/tables.hpp"
#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "board/perft.hpp"
#include "search/tunables.hpp"
#include "eval/wdl_model.hpp"
#include "search/skill.hpp"
#include "tb/syzygy.hpp"
#include "uci/bench.hpp"
#include "uci/format.hpp"
#include "uci/go_parser.hpp"
#include "uci/version.hpp"

namespace taper {

size_t physical_memory_mb() {
#ifdef _WIN32
  MEMORYSTATUSEX status{};
  status.dwLength = sizeof status;
  if (!GlobalMemoryStatusEx(&status) || status.ullTotalPhys == 0) return 1024;
  return size_t(status.ullTotalPhys / (1024 * 1024));
#else
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || pageSize <= 0) return 1024;
  return size_t(pages) / 1024 * size_t(pageSize) / 1024;
#endif
}

// clang-format off
const UciEngine::Command UciEngine::Commands[] = {
    {"uci",        &UciEngine::cmd_uci,        true},
    {"isready",    &UciEngine::cmd_isready,    true},
    {"ucinewgame", &UciEngine::cmd_ucinewgame, false},
    {"setoption",  &UciEngine::cmd_setoption,  false},
    {"position",   &UciEngine::cmd_position,   true},
    {"go",         &UciEngine::cmd_go,         true},   // stops the running search first
    {"stop",       &UciEngine::cmd_stop,       true},
    {"ponderhit",  &UciEngine::cmd_ponderhit,  true},
    {"d",          &UciEngine::cmd_display,    true},
    {"eval",       &UciEngine::cmd_eval,       true},
    {"flip",       &UciEngine::cmd_flip,       true},
    {"bench",      &UciEngine::cmd_bench,      false},
    {"debug",      &UciEngine::cmd_debug,      true},
    {"register",   &UciEngine::cmd_register,   true},
};
// clang-format on

UciEngine::UciEngine(std::ostream& out, EvalPrinter evalPrinter)
    : out_(out), evalPrinter_(evalPrinter), skillSeed_(std::random_device{}()) {
  add_options();
}

UciEngine::~UciEngine() {
  engine_.stop();
  engine_.wait();
}

void UciEngine::add_options() {
  // Leave room for the OS and other programs: at most 3/4 of physical memory.
  int64_t maxHash = std::max<int64_t>(16, int64_t(physical_memory_mb()) * 3 / 4);
  options_.add(UciOption{"Hash", UciOption::Spin, "16", 1, maxHash, [this](const UciOption& o) {
                  if (!engine_.set_hash(size_t(std::stoll(o.value))))
                    return std::string("not enough memory for a ") + o.value + " MB hash table; size unchanged";
                  return std::string();
                }});
  options_.add(UciOption{"Threads", UciOption::Spin, "1", 1, MaxSearchThreads, [this](const UciOption& o) {
                  engine_.set_threads(int(std::stoll(o.value)));
                  return std::string();
                }});
  options_.add(UciOption{"MultiPV", UciOption::Spin, "1", 1, 256, nullptr});
  options_.add(UciOption{"Ponder", UciOption::Check, "false", 0, 0, nullptr});
  options_.add(UciOption{"Clear Hash", UciOption::Button, "", 0, 0, [this](const UciOption&) {
                  engine_.clear();
                  return std::string();
                }});
  options_.add(UciOption{"Move Overhead", UciOption::Spin, "10", 0, 5000, nullptr});
  options_.add(UciOption{"UCI_Chess960", UciOption::Check, "false", 0, 0, nullptr});
  options_.add(UciOption{"UCI_ShowWDL", UciOption::Check, "false", 0, 0, nullptr});
  // GUIs set it in analysis mode: the scores are then the evaluation's own (no eval trend).
  options_.add(UciOption{"UCI_AnalyseMode", UciOption::Check, "false", 0, 0, nullptr});
  options_.add(UciOption{"SyzygyPath", UciOption::String, "", 0, 0, [this](const UciOption& o) {
                           // A bad folder or file is reported; whatever could be loaded is used.
                           syzygy::LoadResult r = syzygy::init(o.value);
                           info_string(r.message);
                           return std::string();
                         }});
  options_.add(UciOption{"UCI_LimitStrength", UciOption::Check, "false", 0, 0, nullptr});
  options_.add(UciOption{"UCI_Elo", UciOption::Spin, std::to_string(SkillMinElo), SkillMinElo, SkillMaxElo, nullptr});
  options_.add(UciOption{"Skill Level", UciOption::Spin, "20", 0, 20, nullptr});
  options_.add(UciOption{"Debug Log File", UciOption::String, "", 0, 0,
                         [this](const UciOption& o) { return debugLog_.open(o.value); }});
  // The four-man tables (KQvKR, KQvKP, KRvKP, KRvKB, KRvKN), solved when Taper was built, are
  // unpacked at the next `isready` (~0.1 s). Off by default: they change the evaluation of
  // these endings, and so the bench signature (docs/EVAL.md).
  options_.add(UciOption{"EndgameBitbases", UciOption::Check, "false", 0, 0, [](const UciOption& o) {
                           if (o.value != "true") bitbase::release_four_man();
                           return std::string();
                         }});
  options_.add(UciOption{"SyzygyProbeDepth", UciOption::Spin, "1", 1, 100, nullptr});
  options_.add(UciOption{"SyzygyProbeLimit", UciOption::Spin, "7", 0, 7, nullptr});
  options_.add(UciOption{"Syzygy50MoveRule", UciOption::Check, "true", 0, 0, nullptr});
  // A tunable build (make TUNABLE=1) lets SPSA set every search constant (tunables.def).
  if constexpr (SearchTunablesExposed)
    for (const SearchTunable& t : search_tunables())
      options_.add(UciOption{t.name, UciOption::Spin, std::to_string(t.defaultValue), t.min, t.max,
                             [](const UciOption& o) { return set_search_tunable(o.name, int(std::stoll(o.value))); }});
}

SearchOptions UciEngine::search_options() const {
  SearchOptions o;
  o.multiPv = int(options_.spin("MultiPV"));
  o.moveOverhead = options_.spin("Move Overhead");
  o.syzygyProbeDepth = int(options_.spin("SyzygyProbeDepth"));
  o.syzygyProbeLimit = int(options_.spin("SyzygyProbeLimit"));
  o.syzygy50MoveRule = options_.check("Syzygy50MoveRule");
  // UCI_LimitStrength wins over Skill Level (as in Stockfish); level 20 is full strength.
  if (options_.check("UCI_LimitStrength")) o.limitElo = int(options_.spin("UCI_Elo"));
  else if (options_.spin("Skill Level") < 20) o.limitElo = skill_level_to_elo(int(options_.spin("Skill Level")));
  return o;
}

void UciEngine::say(const std::string& text) {
  std::lock_guard lock(outMutex_);
  debugLog_.outgoing(text);
  out_ << text << (text.empty() || text.back() != '\n' ? "\n" : "") << std::flush;
}

void UciEngine::info_string(const std::string& text) { say("info string " + text); }

void UciEngine::loop(std::istream& in) {
  for (std::string line; std::getline(in, line);)
    if (!execute(line)) break;
  // `quit` or end of input: stop searching and let the best move out before exiting.
  engine_.stop();
  engine_.wait();
}

bool UciEngine::execute(std::string_view lineView) {
  std::string line(lineView);
  debugLog_.incoming(line);
  std::replace_if(line.begin(), line.end(), [](char c) { return c == '\r' || c == '\t'; }, ' ');
  std::istringstream is(line);
  std::string token;
  if (!(is >> token)) return true;
  if (token == "quit") return false;
  for (const Command& c : Commands) {
    if (c.name != token) continue;
    if (!c.allowedWhileSearching && engine_.searching()) {
      // After `stop` the search is ending: the command waits for its bestmove and then runs, in
      // the order the GUI sent them (GUIs send `stop` and the next commands at once). Only a
      // search that nobody stopped refuses it.
      if (!engine_.stop_requested()) {
        info_string("error: '" + token + "' ignored while searching (send stop first)");
        return true;
      }
      engine_.wait();
    }
    (this->*c.handler)(is);
    return true;
  }
  std::string shown = token.size() > 40 ? token.substr(0, 40) + "..." : token;
  for (char& c : shown)
    if (!std::isprint(static_cast<unsigned char>(c))) c = '?';
  info_string("error: unknown command '" + shown + "'");
  return true;
}

void UciEngine::cmd_uci(std::istringstream&) {
  say("id name " + engine_name() + "\nid author " + std::string(EngineAuthor) + "\n" + options_.listing() + "uciok");
}

void UciEngine::cmd_isready(std::istringstream&) {
  // The one place the engine builds tables (unpacks them, or solves them in a build without
  // the built-in ones): the GUI asked for readiness and waits. Never during a search (isready
  // may come then), so a search sees the same tables from start to end.
  if (options_.check("EndgameBitbases") && !bitbase::four_man_ready() && !engine_.searching()) bitbase::build_four_man();
  say("readyok");
}

void UciEngine::cmd_ucinewgame(std::istringstream&) {
  engine_.clear();
}

void UciEngine::cmd_setoption(std::istringstream& is) {
  // setoption name <name words> [value <value words>]
  std::string token, name, value;
  is >> token;
  if (token != "name") {
    info_string("error: expected 'setoption name <name> [value <value>]'");
    return;
  }
  bool inValue = false;
  while (is >> token) {
    if (token == "value" && !inValue) {
      inValue = true;
      continue;
    }
    std::string& part = inValue ? value : name;
    part += (part.empty() ? "" : " ") + token;
  }
  std::string err = options_.set(name, value);
  if (!err.empty()) info_string("error: " + err);
}

void UciEngine::cmd_position(std::istringstream& is) {
  std::string token, fen;
  is >> token;
  if (token == "startpos") {
    fen = Position::StartFen;
    token.clear();
    is >> token;
    if (!token.empty() && token != "moves") {
      info_string("error: expected 'moves' after 'position startpos', not '" + token.substr(0, 40) + "'; position unchanged");
      return;
    }
  } else if (token == "fen") {
    while (is >> token && token != "moves") fen += token + " ";
  } else {
    info_string("error: expected 'position startpos|fen <fen> [moves ...]'; position unchanged");
    return;
  }
  // Build the new position aside, so any error leaves the old one in place.
  Position next;
  std::string err;
  if (!next.set(fen, options_.check("UCI_Chess960"), &err)) {
    info_string("error: bad FEN (" + err + "); position unchanged");
    return;
  }
  if (token == "moves")
    while (is >> token) {
      Move m = parse_uci_move(next, token, &err);
      if (!m) {
        info_string("error: " + err + "; position unchanged");
        return;
      }
      next.do_move(m);
    }
  pos_ = next;
}

void UciEngine::cmd_go(std::istringstream& is) {
  // Every `go` ends with exactly one bestmove (none only after a valid `go perft`). A `go` that
  // arrives during a search first ends that one, which sends its own bestmove.
  const TimePoint received = now_ms();  // the clock runs from here, whatever waits follow
  if (engine_.searching()) {
    // Said only when the GUI did not send `stop` first; after it the search is ending anyway.
    if (!engine_.stop_requested()) info_string("go during a search: stopping the running search first");
    engine_.stop();
  }
  engine_.wait();
  GoCommand go = parse_go(is, pos_);
  go.limits.startTime = received;
  for (const std::string& note : go.ignored) info_string("warning: " + note);
  if (go.refused()) {
    // The GUI still waits for a bestmove: give it a legal one at once (bestmove (none) when
    // there is none), the best of a depth-1 search, rather than nothing or a guess.
    info_string("error: " + go.error + "; go refused, answered by a depth-1 search");
    go = GoCommand{};
    go.limits.startTime = received;
    go.limits.depth = 1;
  }
  if (go.perftDepth) {
    perft(go.perftDepth);
    return;
  }
  // An infinite search is an analysis too: its scores are the evaluation's own (no eval trend).
  go.limits.analysis = options_.check("UCI_AnalyseMode") || go.limits.infinite;
  const SearchLimits& limits = go.limits;

  bool chess960 = pos_.is_chess960();
  bool showWdl = options_.check("UCI_ShowWDL");
  SearchCallbacks cb;
  int material = wdl_material(pos_);
  cb.onIteration = [this, chess960, showWdl, material](const SearchReport& r) {
    say(uci_info(r, chess960, showWdl, material));
  };
  cb.onCurrMove = [this, chess960](int depth, Move m, int moveNumber) {
    say("info depth " + std::to_string(depth) + " currmove " + move_to_uci(m, chess960) + " currmovenumber " +
        std::to_string(moveNumber));
  };
  cb.onBestMove = [this, chess960](Move best, Move ponder) {
    std::string s = "bestmove " + (best ? move_to_uci(best, chess960) : std::string("(none)"));
    if (ponder) s += " ponder " + move_to_uci(ponder, chess960);
    say(s);
  };
  cb.onMessage = [this](const std::string& text) { info_string(text); };
  SearchOptions options = search_options();
  skillSeed_ = skillSeed_ * 6364136223846793005ull + 1442695040888963407ull;  // a new choice every move
  options.skillSeed = skillSeed_;
  engine_.options() = options;
  engine_.start(pos_, limits, cb);
}

void UciEngine::perft(int depth) {
  const PerftReport r = perft_report(pos_, depth);
  say(r.text + "info string perft time " + std::to_string(r.timeMs) + " ms, " + std::to_string(r.nps()) + " nps");
}

void UciEngine::cmd_debug(std::istringstream& is) {
  // Accepted for GUIs that send it; Taper prints the same either way (see `Debug Log File`).
  std::string mode;
  is >> mode;
  if (mode != "on" && mode != "off") info_string("error: expected 'debug on' or 'debug off'");
}

void UciEngine::cmd_register(std::istringstream&) {
  // Taper needs no registration; `register later|name ... code ...` is accepted and ignored.
}

void UciEngine::cmd_stop(std::istringstream&) { engine_.stop(); }

void UciEngine::cmd_ponderhit(std::istringstream&) { engine_.ponderhit(); }

void UciEngine::cmd_display(std::istringstream&) { say(pos_.pretty()); }

void UciEngine::cmd_eval(std::istringstream&) {
  if (evalPrinter_) say(evalPrinter_(pos_));
  else info_string("eval: this build has no evaluation table");
}

void UciEngine::cmd_flip(std::istringstream&) {
  Position flipped;
  if (flipped.set(pos_.flipped_fen(), pos_.is_chess960())) pos_ = flipped;
}

void UciEngine::cmd_bench(std::istringstream& is) {
  int64_t depth = BenchDefaultDepth;
  std::string token;
  if (is >> token && (!parse_int(token, depth) || depth < 1 || depth > BenchMaxDepth)) {
    info_string("error: bench takes a depth between 1 and " + std::to_string(BenchMaxDepth));
    return;
  }
  std::ostringstream report;
  run_bench(int(depth), report);
  say(report.str());
}

}  // namespace taper
