// SPDX-License-Identifier: GPL-3.0-or-later
// `go` argument parsing: every keyword's value is checked; the first bad number refuses the
// command, unknown words and illegal searchmoves are skipped (as Stockfish does).
#include "uci/go_parser.hpp"

#include <algorithm>
#include <charconv>
#include <climits>

#include "board/notation.hpp"

namespace taper {

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

namespace {

std::string shown(const std::string& token) {
  // Truncated in place: GCC 12's LTO warns falsely (-Wstringop-overread) on substr() + "...".
  std::string s = token;
  if (s.size() > 40) {
    s.resize(40);
    s += "...";
  }
  for (char& c : s)
    if (c < 0x20 || c > 0x7e) c = '?';
  return s;
}

bool is_go_keyword(const std::string& token) {
  static const char* const Keywords[] = {"wtime", "btime", "winc",     "binc",   "movestogo", "depth",      "nodes",
                                         "movetime", "mate", "perft", "infinite", "ponder", "searchmoves"};
  return std::find(std::begin(Keywords), std::end(Keywords), token) != std::end(Keywords);
}

}  // namespace

GoCommand parse_go(std::istream& is, const Position& pos) {
  GoCommand go;
  SearchLimits& limits = go.limits;
  std::string& error = go.error;
  // Reads the number after `what`; below `lo` is an error (except clocks, see below), above `hi` is clamped.
  auto number = [&](const std::string& what, int64_t lo, int64_t hi, int64_t& out) {
    std::string v;
    if (!(is >> v)) {
      error = "'" + what + "' needs a number";
      return false;
    }
    if (!parse_int(v, out)) {
      error = "'" + what + "' needs a number, not '" + shown(v) + "'";
      return false;
    }
    if (out < lo) {
      error = "'" + what + "' must be at least " + std::to_string(lo) + ", not " + shown(v);
      return false;
    }
    out = std::min(out, hi);
    return true;
  };
  const int64_t Big = int64_t(1) << 40;
  std::string token;
  while (is >> token) {
    int64_t n = 0;
    if (token == "wtime" || token == "btime") {
      // Lagging GUIs send negative clocks: they mean "no time left", not a protocol error.
      if (!number(token, INT64_MIN, Big, n)) return go;
      limits.time[token == "wtime" ? WHITE : BLACK] = std::max<int64_t>(0, n);
      limits.clock = true;
    } else if (token == "winc" || token == "binc") {
      if (!number(token, INT64_MIN, Big, n)) return go;
      limits.inc[token == "winc" ? WHITE : BLACK] = std::max<int64_t>(0, n);
    } else if (token == "movestogo") {
      if (!number(token, 0, 10000, n)) return go;
      limits.movesToGo = int(n);
    } else if (token == "depth") {
      if (!number(token, 1, MAX_PLY - 1, n)) return go;
      limits.depth = int(n);
    } else if (token == "nodes") {
      if (!number(token, 1, Big * 1024, n)) return go;
      limits.nodes = uint64_t(n);
    } else if (token == "movetime") {
      if (!number(token, 1, Big, n)) return go;
      limits.moveTime = n;
    } else if (token == "mate") {
      if (!number(token, 1, MAX_PLY / 2, n)) return go;
      limits.mate = int(n);
    } else if (token == "perft") {
      if (!number(token, 1, 20, n)) return go;
      go.perftDepth = int(n);
    } else if (token == "infinite") {
      limits.infinite = true;
    } else if (token == "ponder") {
      limits.ponder = true;
    } else if (token == "searchmoves") {
      // Moves up to the next keyword; a word that is not a legal move here is skipped.
      std::string mv;
      bool listed = false;
      while (is >> mv) {
        if (is_go_keyword(mv)) {
          is.seekg(-std::streamoff(mv.size()), std::ios_base::cur);  // read it again
          break;
        }
        listed = true;
        if (Move m = parse_uci_move(pos, mv)) {
          if (std::find(limits.searchMoves.begin(), limits.searchMoves.end(), m) == limits.searchMoves.end())
            limits.searchMoves.push_back(m);
        } else {
          go.ignored.push_back("searchmoves: '" + shown(mv) + "' is not a legal move here; skipped");
        }
      }
      if (limits.searchMoves.empty()) {
        error = listed ? "searchmoves lists no legal move" : "searchmoves lists no move";
        return go;
      }
    } else {
      go.ignored.push_back("unknown go parameter '" + shown(token) + "' skipped");
    }
  }
  return go;
}

}  // namespace taper
