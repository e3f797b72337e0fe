// SPDX-License-Identifier: GPL-3.0-or-later
// Draws the evaluation of one position as SVG: per-piece shares and the king zones.
#include "tools/eval_svg.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <sstream>

#include "board/notation.hpp"
#include "core/attacks.hpp"
#include "eval/evaluate.hpp"
#include "eval/state.hpp"
#include "eval/trace.hpp"
#include "tools/eval_explain.hpp"

namespace taper::tools {

namespace {

constexpr int Cell = 60;                 // pixels per square
constexpr int Board = 8 * Cell;
constexpr int PanelWidth = 360;          // the text panel right of the board

char piece_letter(Piece pc) {
  const char* letters = " PNBRQK";
  const char ch = letters[type_of(pc)];
  return color_of(pc) == WHITE ? ch : char(ch - 'A' + 'a');
}

/// Top-left pixel of square `s`, White at the bottom.
int sx(Square s) { return (int(s) % 8) * Cell; }
int sy(Square s) { return (7 - int(s) / 8) * Cell; }

void zone_rects(std::ostringstream& o, Bitboard b, const char* cls) {
  while (b) {
    const Square s = pop_lsb(b);
    o << "<rect class=\"" << cls << "\" data-square=\"" << square_to_string(s) << "\" x=\"" << sx(s) + 3
      << "\" y=\"" << sy(s) + 3 << "\" width=\"" << Cell - 6 << "\" height=\"" << Cell - 6 << "\"/>\n";
  }
}

}  // namespace

std::string eval_svg(const Position& pos) {
  const EvalRecord rec = record_evaluation(pos);
  const int full = rec.sideToMove == WHITE ? rec.value : -rec.value;
  const std::vector<PieceShare> shares = piece_shares(pos);
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << Board + PanelWidth << "\" height=\"" << Board
    << "\" viewBox=\"0 0 " << Board + PanelWidth << ' ' << Board << "\" font-family=\"sans-serif\">\n"
    << "<title>Taper evaluation of " << pos.fen() << "</title>\n"
    << "<style>.light{fill:#eeeed2}.dark{fill:#b58863}"
       ".inner{fill:none;stroke:#c00;stroke-width:3}.outer{fill:none;stroke:#c00;stroke-width:2;stroke-dasharray:6 4}"
       ".wpiece{fill:#fff;stroke:#000}.bpiece{fill:#222;stroke:#000}"
       ".up{fill:#060}.down{fill:#a00}</style>\n";
  for (int s = 0; s < 64; ++s) {
    const bool light = ((s / 8) + (s % 8)) % 2 == 1;
    o << "<rect class=\"" << (light ? "light" : "dark") << "\" x=\"" << sx(Square(s)) << "\" y=\"" << sy(Square(s))
      << "\" width=\"" << Cell << "\" height=\"" << Cell << "\"/>\n";
  }
  // King zones: the squares king.cpp counts attacks on (EvalState::kingInner / kingOuter).
  for (Color c : {WHITE, BLACK}) {
    const Square k = pos.king_square(c);
    o << "<g class=\"kingzone\" data-colour=\"" << (c == WHITE ? "white" : "black") << "\">\n";
    zone_rects(o, king_attacks_bb(k), "inner");
    zone_rects(o, outer_ring(k), "outer");
    o << "</g>\n";
  }
  // Pieces, each with its share of the score (white's point of view, centipawns).
  Bitboard occ = pos.pieces();
  while (occ) {
    const Square s = pop_lsb(occ);
    const Piece pc = pos.piece_on(s);
    const int cx = sx(s) + Cell / 2, cy = sy(s) + Cell / 2;
    o << "<g class=\"piece\" data-square=\"" << square_to_string(s) << "\" data-piece=\"" << piece_letter(pc) << "\"";
    auto mine = std::find_if(shares.begin(), shares.end(), [s](const PieceShare& p) { return p.square == s; });
    const bool hasShare = mine != shares.end();
    const int share = hasShare ? mine->share : 0;
    if (hasShare) o << " data-share=\"" << share << "\"";
    o << ">\n<circle class=\"" << (color_of(pc) == WHITE ? "wpiece" : "bpiece") << "\" cx=\"" << cx << "\" cy=\""
      << cy - 6 << "\" r=\"15\"/>\n"
      << "<text x=\"" << cx << "\" y=\"" << cy - 1 << "\" text-anchor=\"middle\" font-size=\"16\" fill=\""
      << (color_of(pc) == WHITE ? "#000" : "#fff") << "\">" << char(std::toupper(piece_letter(pc))) << "</text>\n";
    if (hasShare)
      o << "<text class=\"" << (share >= 0 ? "up" : "down") << "\" x=\"" << cx << "\" y=\"" << sy(s) + Cell - 4
        << "\" text-anchor=\"middle\" font-size=\"12\">" << (share > 0 ? "+" : "") << share << "</text>\n";
    o << "</g>\n";
  }
  // The panel: the total and each king's danger.
  int y = 24;
  auto line = [&](const std::string& text, int size = 14) {
    o << "<text x=\"" << Board + 12 << "\" y=\"" << y << "\" font-size=\"" << size << "\">" << text << "</text>\n";
    y += size + 8;
  };
  line("Evaluation " + std::string(full > 0 ? "+" : "") + std::to_string(full) + " cp (White)", 16);
  line("Number under a piece: evaluation minus");
  line("the evaluation without that piece.");
  line("Red squares: king zones, solid = inner");
  line("ring, dashed = outer ring.");
  static const char* const Checkers[] = {"N", "B", "R", "Q"};
  for (Color c : {WHITE, BLACK}) {
    y += 8;
    o << "<g class=\"kingdanger\" data-colour=\"" << (c == WHITE ? "white" : "black") << "\" data-units=\""
      << rec.units[c] << "\" data-penalty=\"" << rec.dangerPenalty[c] << "\">\n";
    line(std::string(c == WHITE ? "White" : "Black") + " king on " + square_to_string(pos.king_square(c)), 16);
    line("danger units against it: " + std::to_string(rec.units[c]));
    line(rec.dangerReal[c] ? "penalty " + std::to_string(rec.dangerPenalty[c]) + " cp (middlegame)"
                           : "no penalty: fewer than two attackers");
    std::string checks;
    for (int k = 0; k < 4; ++k)
      if (rec.coeff[size_t(KingSafeCheck + k)][c]) checks += std::string(checks.empty() ? "" : ", ") + Checkers[k];
    line("safe checks by " + (checks.empty() ? std::string("none") : checks));
    o << "</g>\n";
  }
  o << "</svg>\n";
  return o.str();
}

int write_eval_svg(const Position& pos, const std::string& path) {
  if (path.empty()) {
    std::cerr << "error: --svg needs a file name\n";
    return 2;
  }
  std::ofstream out(path);
  out << eval_svg(pos);
  if (!out.flush()) {
    std::cerr << "error: cannot write " << path << "\n";
    return 2;
  }
  return 0;
}

}  // namespace taper::tools
