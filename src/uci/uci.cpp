// SPDX-License-Identifier: GPL-3.0-or-later
// UCI command handlers. Every malformed input gets an `info string` and leaves the engine usable.
#include "uci/uci.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <iostream>

#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "board/perft.hpp"
#include "search/tunables.hpp"
#include "tb/syzygy.hpp"
#include "uci/bench.hpp"
#include "uci/format.hpp"
#include "uci/version.hpp"

namespace taper {

namespace {

/// Parses a (possibly negative or huge) integer token, clamping to int64 range; false if not a number.
bool parse_int(const std::string& token, int64_t& out) {
  const char* begin = token.data();
  const char* end = begin + token.size();
  auto [ptr, ec] = std::from_chars(begin, end, out);
  if (ec == std::errc::result_out_of_range && ptr == end) {
    out = token[0] == '-' ? INT64_MIN / 2 : INT64_MAX / 2;
    return true;
  }
  return !token.empty() && ec == std::errc() && ptr == end;
}

}  // namespace

size_t physical_memory_mb() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || pageSize <= 0) return 1024;
  return size_t(pages) / 1024 * size_t(pageSize) / 1024;
}

// clang-format off
const UciEngine::Command UciEngine::Commands[] = {
    {"uci",        &UciEngine::cmd_uci,        true},
    {"isready",    &UciEngine::cmd_isready,    true},
    {"ucinewgame", &UciEngine::cmd_ucinewgame, false},
    {"setoption",  &UciEngine::cmd_setoption,  false},
    {"position",   &UciEngine::cmd_position,   true},
    {"go",         &UciEngine::cmd_go,         false},
    {"stop",       &UciEngine::cmd_stop,       true},
    {"ponderhit",  &UciEngine::cmd_ponderhit,  true},
    {"d",          &UciEngine::cmd_display,    true},
    {"eval",       &UciEngine::cmd_eval,       true},
    {"flip",       &UciEngine::cmd_flip,       true},
    {"bench",      &UciEngine::cmd_bench,      false},
};
// clang-format on

UciEngine::UciEngine(std::ostream& out) : out_(out) { add_options(); }

UciEngine::~UciEngine() {
  pool_.stop();
  pool_.wait();
}

void UciEngine::add_options() {
  // Leave room for the OS and other programs: at most 3/4 of physical memory.
  int64_t maxHash = std::max<int64_t>(16, int64_t(physical_memory_mb()) * 3 / 4);
  options_.add(UciOption{"Hash", UciOption::Spin, "16", 1, maxHash, [this](const UciOption& o) {
                  if (!pool_.set_hash(size_t(std::stoll(o.value))))
                    return std::string("not enough memory for a ") + o.value + " MB hash table; size unchanged";
                  return std::string();
                }});
  options_.add(UciOption{"Threads", UciOption::Spin, "1", 1, 1024, [this](const UciOption& o) {
                  pool_.set_threads(int(std::stoll(o.value)));
                  return std::string();
                }});
  options_.add(UciOption{"MultiPV", UciOption::Spin, "1", 1, 256, nullptr});
  options_.add(UciOption{"Ponder", UciOption::Check, "false", 0, 0, nullptr});
  options_.add(UciOption{"Clear Hash", UciOption::Button, "", 0, 0, [this](const UciOption&) {
                  pool_.clear();
                  return std::string();
                }});
  options_.add(UciOption{"Move Overhead", UciOption::Spin, "10", 0, 5000, nullptr});
  options_.add(UciOption{"UCI_Chess960", UciOption::Check, "false", 0, 0, nullptr});
  options_.add(UciOption{"UCI_ShowWDL", UciOption::Check, "false", 0, 0, nullptr});
  options_.add(UciOption{"SyzygyPath", UciOption::String, "", 0, 0, [this](const UciOption& o) {
                           // A bad folder or file is reported; whatever could be loaded is used.
                           syzygy::LoadResult r = syzygy::init(o.value);
                           info_string(r.message);
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
  return o;
}

void UciEngine::say(const std::string& text) {
  std::lock_guard lock(outMutex_);
  out_ << text << (text.empty() || text.back() != '\n' ? "\n" : "") << std::flush;
}

void UciEngine::info_string(const std::string& text) { say("info string " + text); }

void UciEngine::loop(std::istream& in) {
  for (std::string line; std::getline(in, line);)
    if (!execute(line)) break;
  // `quit` or end of input: stop searching and let the best move out before exiting.
  pool_.stop();
  pool_.wait();
}

bool UciEngine::execute(std::string_view lineView) {
  std::string line(lineView);
  std::replace_if(line.begin(), line.end(), [](char c) { return c == '\r' || c == '\t'; }, ' ');
  std::istringstream is(line);
  std::string token;
  if (!(is >> token)) return true;
  if (token == "quit") return false;
  for (const Command& c : Commands) {
    if (c.name != token) continue;
    if (!c.allowedWhileSearching && pool_.searching()) {
      info_string("error: '" + token + "' ignored while searching (send stop first)");
      return true;
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

void UciEngine::cmd_isready(std::istringstream&) { say("readyok"); }

void UciEngine::cmd_ucinewgame(std::istringstream&) {
  pool_.clear();
  evaluator_.clear();
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
  SearchLimits limits;
  limits.startTime = now_ms();
  std::string token;
  auto number = [&](const char* what, int64_t lo, int64_t hi, int64_t& out) {
    std::string v;
    if (!(is >> v) || !parse_int(v, out)) {
      info_string(std::string("error: '") + what + "' needs a number" + (v.empty() ? "" : ", not '" + v + "'"));
      if (!v.empty()) is.seekg(-std::streamoff(v.size()), std::ios_base::cur);  // re-read it as a keyword
      return false;
    }
    out = std::clamp(out, lo, hi);
    return true;
  };
  const int64_t Big = int64_t(1) << 40;
  while (is >> token) {
    int64_t n = 0;
    if (token == "wtime" || token == "btime") {
      if (number(token.c_str(), 0, Big, n)) {  // negative clocks (lagging GUIs) count as zero
        limits.time[token == "wtime" ? WHITE : BLACK] = n;
        limits.clock = true;
      }
    } else if (token == "winc" || token == "binc") {
      if (number(token.c_str(), 0, Big, n)) limits.inc[token == "winc" ? WHITE : BLACK] = n;
    } else if (token == "movestogo") {
      if (number("movestogo", 0, 10000, n)) limits.movesToGo = int(n);
    } else if (token == "depth") {
      if (number("depth", 1, MAX_PLY - 1, n)) limits.depth = int(n);
    } else if (token == "nodes") {
      if (number("nodes", 1, Big * 1024, n)) limits.nodes = uint64_t(n);
    } else if (token == "movetime") {
      if (number("movetime", 1, Big, n)) limits.moveTime = n;
    } else if (token == "mate") {
      if (number("mate", 1, MAX_PLY / 2, n)) limits.mate = int(n);
    } else if (token == "perft") {
      if (number("perft", 1, 20, n)) perft(int(n));
      return;
    } else if (token == "infinite") {
      limits.infinite = true;
    } else if (token == "ponder") {
      limits.ponder = true;
    } else if (token == "searchmoves") {
      std::string mv;
      while (is >> mv) {
        std::string err;
        Move m = parse_uci_move(pos_, mv, &err);
        if (m) limits.searchMoves.push_back(m);
        else {
          is.seekg(-std::streamoff(mv.size()), std::ios_base::cur);
          break;
        }
      }
      if (limits.searchMoves.empty()) info_string("error: searchmoves lists no legal move; searching all moves");
    } else {
      info_string("error: unknown go parameter '" + token.substr(0, 40) + "'");
    }
  }

  bool chess960 = pos_.is_chess960();
  bool showWdl = options_.check("UCI_ShowWDL");
  SearchCallbacks cb;
  cb.onIteration = [this, chess960, showWdl](const SearchReport& r) { say(uci_info(r, chess960, showWdl)); };
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
  pool_.start(pos_, limits, cb, search_options());
}

void UciEngine::perft(int depth) {
  TimePoint start = now_ms();
  std::string out;
  uint64_t total = perft_divide(pos_, depth, [&](Move m, uint64_t n) {
    out += move_to_uci(m, pos_.is_chess960()) + ": " + std::to_string(n) + "\n";
  });
  TimePoint elapsed = std::max<TimePoint>(1, now_ms() - start);
  say(out + "\nNodes searched: " + std::to_string(total) + "\ninfo string perft time " + std::to_string(elapsed) +
      " ms, " + std::to_string(total * 1000 / uint64_t(elapsed)) + " nps");
}

void UciEngine::cmd_stop(std::istringstream&) { pool_.stop(); }

void UciEngine::cmd_ponderhit(std::istringstream&) { pool_.ponderhit(); }

void UciEngine::cmd_display(std::istringstream&) { say(pos_.pretty()); }

void UciEngine::cmd_eval(std::istringstream&) { say(evaluator_.trace(pos_)); }

void UciEngine::cmd_flip(std::istringstream&) {
  Position flipped;
  if (flipped.set(pos_.flipped_fen(), pos_.is_chess960())) pos_ = flipped;
}

void UciEngine::cmd_bench(std::istringstream& is) {
  int64_t depth = BenchDefaultDepth;
  std::string token;
  if (is >> token && (!parse_int(token, depth) || depth < 1 || depth > 64)) {
    info_string("error: bench takes a depth between 1 and 64");
    return;
  }
  std::ostringstream report;
  run_bench(int(depth), report);
  say(report.str());
}

}  // namespace taper
