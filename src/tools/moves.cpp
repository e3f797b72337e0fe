// SPDX-License-Identifier: GPL-3.0-or-later
// `taper moves`: the engine's move generator for scripts (legality, mate, SAN <-> UCI), one
// answer line per request line, so that Python tools need no chess code of their own.
#include <iostream>
#include <sstream>

#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "tools/args.hpp"
#include "tools/subcommands.hpp"

namespace taper::tools {

namespace {

constexpr const char* Protocol =
    "Reads requests on stdin, one per line, and answers each with one line (flushed, so a script\n"
    "can keep one process open):\n"
    "  FEN                      the position itself\n"
    "  FEN moves M1 M2 ...      play the moves in order (SAN or UCI); describe the position after them\n"
    "  FEN each M1 M2 ...       convert each move on its own from FEN (e.g. an EPD's bm list)\n"
    "FEN has 4 to 6 fields (an EPD's position part is enough). The answer is tab-separated:\n"
    "  ok <TAB> fen=FEN <TAB> status=none|check|checkmate|stalemate <TAB> uci=M1 M2 <TAB> san=S1 S2\n"
    "     <TAB> chess960=0|1 <TAB> legal=ALL LEGAL MOVES (UCI)\n"
    "  error <TAB> what is wrong (the process goes on with the next line)";

std::string join(const std::vector<std::string>& words) {
  std::string s;
  for (const std::string& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

/// The legal move `text` names (UCI first, then SAN), or none.
Move parse_move(Position& pos, const std::string& text) {
  const Move m = parse_uci_move(pos, text);
  return m ? m : parse_san_move(pos, text);
}

std::string status(const Position& pos) {
  if (MoveList<LEGAL>(pos).size() == 0) return pos.in_check() ? "checkmate" : "stalemate";
  return pos.in_check() ? "check" : "none";
}

/// One request line to one answer line.
std::string answer(const std::string& line, bool chess960) {
  std::istringstream in(line);
  std::vector<std::string> fenWords, moves;
  std::string word, mode;
  while (in >> word && word != "moves" && word != "each") fenWords.push_back(word);
  if (word == "moves" || word == "each") mode = word;
  while (in >> word) moves.push_back(word);
  Position pos;
  std::string err;
  if (!pos.set(join(fenWords), chess960, &err)) return "error\tbad FEN: " + err;
  const bool uci960 = chess960 || pos.is_chess960();
  std::vector<std::string> uci, san;
  Position walker = pos;
  for (const std::string& text : moves) {
    Position& at = mode == "each" ? pos : walker;
    const Move m = parse_move(at, text);
    if (!m) return "error\tillegal or unreadable move '" + text + "' in " + at.fen();
    uci.push_back(move_to_uci(m, uci960));
    Position copy = at;
    san.push_back(move_to_san(copy, m));
    if (mode == "moves") walker.do_move(m);
  }
  std::vector<std::string> legal;
  for (Move m : MoveList<LEGAL>(walker)) legal.push_back(move_to_uci(m, uci960));
  return "ok\tfen=" + walker.fen() + "\tstatus=" + status(walker) + "\tuci=" + join(uci) + "\tsan=" + join(san) +
         "\tchess960=" + (uci960 ? "1" : "0") + "\tlegal=" + join(legal);
}

}  // namespace

int run_moves(const Subcommand& self, const std::vector<std::string>& args) {
  bool chess960 = false;
  ArgParser p(self, Protocol);
  p.toggle("chess960", 0, "Chess960 castling (king takes rook) for every position", chess960);
  std::vector<std::string> positional;
  if (auto code = p.parse(args, positional, std::cout, std::cerr)) return *code;
  if (!positional.empty()) return p.usage_error("moves reads its requests from stdin, not '" + positional[0] + "'", std::cerr);
  for (std::string line; std::getline(std::cin, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    for (char& c : line)
      if (c == '\r' || c == '\t') c = ' ';
    std::cout << answer(line, chess960) << std::endl;
  }
  return 0;
}

}  // namespace taper::tools
