// SPDX-License-Identifier: GPL-3.0-or-later
// Draws the evaluation of one position as SVG: the verdict and its reasons, per-piece shares,
// the king zones, coordinates and a legend.
#include "explain/eval_svg.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include "board/notation.hpp"
#include "explain/words.hpp"
#include "explain/piece_shapes.hpp"

namespace taper {

namespace {

constexpr int Cell = 60;                 // pixels per square
constexpr int Board = 8 * Cell;
constexpr int Left = 24;                 // room for the rank numbers
constexpr int Top = 12;
constexpr int Bottom = 28;               // room for the file letters
constexpr int PanelX = Left + Board + 16;
constexpr int PanelWidth = 390;          // the text panel right of the board
constexpr int Width = PanelX + PanelWidth;
constexpr int Height = Top + Board + Bottom;

/// Top-left pixel of square `s`, White at the bottom.
int sx(Square s) { return Left + (int(s) % 8) * Cell; }
int sy(Square s) { return Top + (7 - int(s) / 8) * Cell; }

void zone_rects(std::ostringstream& o, Bitboard b, const char* cls) {
  while (b) {
    const Square s = pop_lsb(b);
    o << "<rect class=\"" << cls << "\" data-square=\"" << square_to_string(s) << "\" x=\"" << sx(s) + 3
      << "\" y=\"" << sy(s) + 3 << "\" width=\"" << Cell - 6 << "\" height=\"" << Cell - 6 << "\"/>\n";
  }
}

}  // namespace

std::string eval_svg(const Position& pos, const EvalExplanation& e) {
  const EvalRecord& rec = e.record;
  const EvalWords& words = e.words;
  const std::vector<PieceShare>& shares = e.shares;
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"" << Width
    << "\" height=\"" << Height << "\" viewBox=\"0 0 " << Width << ' ' << Height << "\" font-family=\"sans-serif\">\n"
    << "<title>Taper evaluation of " << pos.fen() << "</title>\n"
    << "<style>.light{fill:#eeeed2}.dark{fill:#b58863}.coord{fill:#555;font-size:13px}"
       ".inner{fill:none;stroke:#c00;stroke-width:3}.outer{fill:none;stroke:#c00;stroke-width:2;stroke-dasharray:6 4}"
       ".white{fill:#fff;stroke:#000;stroke-width:3;color:#000}.black{fill:#222;stroke:#000;stroke-width:3;color:#fff}"
       ".up{fill:#060}.down{fill:#a00}.headline{font-size:20px;font-weight:bold}</style>\n";
  // One drawing per piece type, placed on its squares with <use>.
  o << "<defs>\n";
  for (PieceType pt = PAWN; pt <= KING; pt = PieceType(pt + 1))
    o << "<symbol id=\"piece-" << "?PNBRQK"[pt] << "\" viewBox=\"0 0 100 100\">" << PieceShape[pt] << "</symbol>\n";
  o << "</defs>\n";
  for (int s = 0; s < 64; ++s) {
    const bool light = ((s / 8) + (s % 8)) % 2 == 1;
    o << "<rect class=\"" << (light ? "light" : "dark") << "\" x=\"" << sx(Square(s)) << "\" y=\"" << sy(Square(s))
      << "\" width=\"" << Cell << "\" height=\"" << Cell << "\"/>\n";
  }
  // Coordinates: rank numbers on the left, file letters below, as on a printed diagram.
  o << "<g class=\"coordinates\">\n";
  for (int i = 0; i < 8; ++i) {
    o << "<text class=\"coord\" x=\"" << Left / 2 << "\" y=\"" << Top + (7 - i) * Cell + Cell / 2 + 5
      << "\" text-anchor=\"middle\">" << char('1' + i) << "</text>\n";
    o << "<text class=\"coord\" x=\"" << Left + i * Cell + Cell / 2 << "\" y=\"" << Top + Board + 18
      << "\" text-anchor=\"middle\">" << char('a' + i) << "</text>\n";
  }
  o << "</g>\n";
  // King zones: the squares king.cpp counts attacks on (EvalState::kingInner / kingOuter).
  for (Color c : {WHITE, BLACK}) {
    o << "<g class=\"kingzone\" data-colour=\"" << (c == WHITE ? "white" : "black") << "\">\n";
    zone_rects(o, e.squares.kingInner[c], "inner");
    zone_rects(o, e.squares.kingOuter[c], "outer");
    o << "</g>\n";
  }
  // Pieces, each with its share of the score (white's point of view, centipawns).
  Bitboard occ = pos.pieces();
  while (occ) {
    const Square s = pop_lsb(occ);
    const Piece pc = pos.piece_on(s);
    o << "<g class=\"piece\" data-square=\"" << square_to_string(s) << "\" data-piece=\"" << piece_letter(pc) << "\"";
    auto mine = std::find_if(shares.begin(), shares.end(), [s](const PieceShare& p) { return p.square == s; });
    const bool hasShare = mine != shares.end();
    const int share = hasShare ? mine->share : 0;
    if (hasShare) o << " data-share=\"" << share << "\"";
    const char letter = "?PNBRQK"[type_of(pc)];
    o << ">\n<use href=\"#piece-" << letter << "\" xlink:href=\"#piece-" << letter << "\" class=\""
      << (color_of(pc) == WHITE ? "white" : "black") << "\" x=\"" << sx(s) + 8 << "\" y=\"" << sy(s) + 2
      << "\" width=\"" << Cell - 16 << "\" height=\"" << Cell - 16 << "\"/>\n";
    if (hasShare)
      o << "<text class=\"" << (share >= 0 ? "up" : "down") << "\" x=\"" << sx(s) + Cell / 2 << "\" y=\""
        << sy(s) + Cell - 4 << "\" text-anchor=\"middle\" font-size=\"12\">" << (share > 0 ? "+" : "") << share
        << "</text>\n";
    o << "</g>\n";
  }

  // The panel: the verdict and its reasons, each king's danger, and the legend.
  int y = Top + 20;
  auto line = [&](const std::string& text, int size = 14, const char* cls = nullptr, int indent = 0) {
    o << "<text x=\"" << PanelX + indent << "\" y=\"" << y << "\" font-size=\"" << size << "\"";
    if (cls) o << " class=\"" << cls << "\"";
    o << ">" << text << "</text>\n";
    y += size + 7;
  };
  o << "<g class=\"verdict\" data-white-cp=\"" << e.finalCp << "\">\n";
  line(words.headline, 20, "headline");
  if (!words.note.empty()) line(words.note, 13);
  if (!words.reasons.empty()) line("what decides it (pawns, + for White):", 13);
  for (const PlayerTerm& r : words.reasons) {
    o << "<text class=\"reason " << (r.whiteCp >= 0 ? "up" : "down") << "\" data-term=\"" << r.name << "\" data-cp=\""
      << r.whiteCp << "\" x=\"" << PanelX + 12 << "\" y=\"" << y << "\" font-size=\"15\">" << pawns_text(r.whiteCp)
      << "  " << r.name << "</text>\n";
    y += 22;
  }
  o << "</g>\n";
  for (Color c : {WHITE, BLACK}) {
    y += 6;
    o << "<g class=\"kingdanger\" data-colour=\"" << (c == WHITE ? "white" : "black") << "\" data-units=\""
      << rec.units[c] << "\" data-penalty=\"" << rec.dangerPenalty[c] << "\">\n";
    // The king's line in a player's words (explain/words.cpp), wrapped to the panel; the
    // units and the penalty stay in the group's data attributes for an engine author.
    const std::string& said = words.kings[c];
    const size_t colon = said.find(": ");
    line(said.substr(0, colon), 15);
    std::string row;
    for (size_t at = colon + 2; at < said.size();) {
      size_t end = said.find(' ', at);
      if (end == std::string::npos) end = said.size();
      const std::string word = said.substr(at, end - at);
      if (!row.empty() && row.size() + 1 + word.size() > 54) {
        line(row, 13, nullptr, 12);
        row.clear();
      }
      row += (row.empty() ? "" : " ") + word;
      at = end + 1;
    }
    if (!row.empty()) line(row, 13, nullptr, 12);
    o << "</g>\n";
  }
  // Legend: a sample of each mark with its meaning.
  y = std::max(y + 10, Height - 5 * 24 - 4);
  o << "<g class=\"legend\">\n";
  line("Legend", 15);
  auto entry = [&](const std::string& sample, const std::string& text) {
    o << sample << "<text x=\"" << PanelX + 40 << "\" y=\"" << y << "\" font-size=\"13\">" << text << "</text>\n";
    y += 24;
  };
  const int mark = PanelX + 4;
  entry("<text class=\"up\" x=\"" + std::to_string(mark) + "\" y=\"" + std::to_string(y) +
            "\" font-size=\"12\">+310</text>",
        "under a piece: what it is worth to White, in cp");
  entry("<text class=\"down\" x=\"" + std::to_string(mark) + "\" y=\"" + std::to_string(y) +
            "\" font-size=\"12\">-95</text>",
        "(the score minus the score without it; red: Black's)");
  entry("<rect class=\"inner sample\" x=\"" + std::to_string(mark) + "\" y=\"" + std::to_string(y - 13) +
            "\" width=\"24\" height=\"16\"/>",
        "inner ring of a king's zone (its neighbours)");
  entry("<rect class=\"outer sample\" x=\"" + std::to_string(mark) + "\" y=\"" + std::to_string(y - 13) +
            "\" width=\"24\" height=\"16\"/>",
        "outer ring (two squares away)");
  o << "</g>\n</svg>\n";
  return o.str();
}

std::string eval_svg(const Position& pos) { return eval_svg(pos, explain_evaluation(pos)); }

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

}  // namespace taper
