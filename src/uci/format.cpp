// SPDX-License-Identifier: GPL-3.0-or-later
// Text formatting of scores and search reports.
#include "uci/format.hpp"

#include <cmath>
#include <cstdio>

#include "board/notation.hpp"
#include "eval/wdl_model.hpp"

namespace taper {

std::string uci_score(Value v) {
  if (std::abs(v) >= VALUE_MATE_IN_MAX_PLY)
    return "mate " + std::to_string(v > 0 ? (VALUE_MATE - v + 1) / 2 : -(VALUE_MATE + v) / 2);
  return "cp " + std::to_string(v);
}

Wdl wdl_from_score(Value v, int material) {
  if (v >= VALUE_MATE_IN_MAX_PLY) return {1000, 0, 0};
  if (v <= VALUE_MATED_IN_MAX_PLY) return {0, 0, 1000};
  WdlPerMille p = wdl_per_mille(FittedWdl, v, material);
  return {p.win, p.draw, p.loss};
}

Wdl report_wdl(const SearchReport& r, int material) {
  // Tablebase results are certain; otherwise estimate from the score.
  if (r.tbScore) {
    if (std::abs(r.score) < VALUE_TB_WIN_IN_MAX_PLY) return {0, 1000, 0};
    return r.score > 0 ? Wdl{1000, 0, 0} : Wdl{0, 0, 1000};
  }
  return wdl_from_score(r.score, material);
}

std::string uci_info(const SearchReport& r, bool chess960, bool showWdl, int material) {
  std::string s = "info depth " + std::to_string(r.depth) + " seldepth " + std::to_string(r.selDepth) + " multipv " +
                  std::to_string(r.multiPv) + " score " + uci_score(r.score);
  if (r.bound == BOUND_LOWER) s += " lowerbound";
  else if (r.bound == BOUND_UPPER) s += " upperbound";
  if (showWdl) {
    Wdl w = report_wdl(r, material);
    s += " wdl " + std::to_string(w.win) + " " + std::to_string(w.draw) + " " + std::to_string(w.loss);
  }
  uint64_t nps = r.timeMs > 0 ? r.nodes * 1000 / uint64_t(r.timeMs) : r.nodes * 1000;
  s += " nodes " + std::to_string(r.nodes) + " nps " + std::to_string(nps) + " hashfull " + std::to_string(r.hashfull) +
       " tbhits " + std::to_string(r.tbHits) + " time " + std::to_string(r.timeMs);
  if (!r.pv.empty()) {
    s += " pv";
    for (Move m : r.pv) s += " " + move_to_uci(m, chess960);
  }
  return s;
}

std::string san_line(const Position& start, const std::vector<Move>& pv) {
  Position pos = start;
  std::string s;
  int moveNumber = pos.game_ply() / 2 + 1;
  bool first = true;
  for (Move m : pv) {
    if (!pos.is_pseudo_legal(m) || !pos.is_legal(m)) break;  // a PV is always legal; be safe anyway
    if (pos.side_to_move() == WHITE) s += std::to_string(moveNumber) + ". ";
    else if (first) s += std::to_string(moveNumber) + "... ";
    s += move_to_san(pos, m) + " ";
    pos.do_move(m);
    if (pos.side_to_move() == WHITE) ++moveNumber;
    first = false;
  }
  if (!s.empty()) s.pop_back();
  return s;
}

}  // namespace taper
