// SPDX-License-Identifier: GPL-3.0-or-later
// The diagram of explain/board_svg.hpp: squares, coordinates, the pieces of `eval --svg`, arrows.
#include "explain/board_svg.hpp"

#include <sstream>

#include "explain/piece_shapes.hpp"

namespace taper {

std::string board_svg(const Position& pos, Color bottom, const std::vector<BoardArrow>& arrows, int pixels) {
  constexpr int Cell = 40, Margin = 14, Size = 8 * Cell + Margin;
  // File and rank of square `s` on the picture, 0..7 from the top-left corner.
  auto col = [&](Square s) { return bottom == WHITE ? int(s) % 8 : 7 - int(s) % 8; };
  auto row = [&](Square s) { return bottom == WHITE ? 7 - int(s) / 8 : int(s) / 8; };
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" class=\"board\" width=\"" << pixels
    << "\" height=\"" << pixels << "\" viewBox=\"0 0 " << Size << ' ' << Size << "\" font-family=\"sans-serif\">\n"
    << "<title>" << pos.fen() << "</title>\n<defs>";
  for (PieceType pt = PAWN; pt <= KING; pt = PieceType(pt + 1))
    o << "<symbol id=\"bd-" << "?PNBRQK"[pt] << "\" viewBox=\"0 0 100 100\">" << PieceShape[pt] << "</symbol>";
  o << "<marker id=\"bd-head\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"3\" markerHeight=\"3\" orient=\"auto\">"
       "<path d=\"M0 0 L10 5 L0 10 Z\" fill=\"context-stroke\"/></marker></defs>\n";
  for (int s = 0; s < 64; ++s) {
    const bool light = ((s / 8) + (s % 8)) % 2 == 1;
    o << "<rect x=\"" << Margin + col(Square(s)) * Cell << "\" y=\"" << row(Square(s)) * Cell << "\" width=\"" << Cell << "\" height=\"" << Cell
      << "\" fill=\"" << (light ? "#eeeed2" : "#b58863") << "\"/>";
  }
  o << "\n";
  for (int i = 0; i < 8; ++i) {
    const int rank = bottom == WHITE ? 7 - i : i, file = bottom == WHITE ? i : 7 - i;
    o << "<text x=\"" << Margin / 2 << "\" y=\"" << i * Cell + Cell / 2 + 4 << "\" text-anchor=\"middle\" font-size=\"11\" fill=\"#555\">"
      << char('1' + rank) << "</text>";
    o << "<text x=\"" << Margin + i * Cell + Cell / 2 << "\" y=\"" << Size - 2 << "\" text-anchor=\"middle\" font-size=\"11\" fill=\"#555\">"
      << char('a' + file) << "</text>";
  }
  o << "\n";
  for (int s = 0; s < 64; ++s) {
    const Piece pc = pos.piece_on(Square(s));
    if (pc == NO_PIECE) continue;
    const char letter = "?PNBRQK"[type_of(pc)];
    const bool white = color_of(pc) == WHITE;
    o << "<use href=\"#bd-" << letter << "\" xlink:href=\"#bd-" << letter << "\" x=\"" << Margin + col(Square(s)) * Cell + 4 << "\" y=\""
      << row(Square(s)) * Cell + 2 << "\" width=\"" << Cell - 8 << "\" height=\"" << Cell - 8 << "\" fill=\"" << (white ? "#fff" : "#222")
      << "\" stroke=\"#000\" stroke-width=\"3\" color=\"" << (white ? "#000" : "#fff") << "\"/>\n";
  }
  for (const BoardArrow& a : arrows) {
    if (a.move == Move::none()) continue;
    auto cx = [&](Square s) { return Margin + col(s) * Cell + Cell / 2; };
    auto cy = [&](Square s) { return row(s) * Cell + Cell / 2; };
    o << "<line x1=\"" << cx(a.move.from()) << "\" y1=\"" << cy(a.move.from()) << "\" x2=\"" << cx(a.move.to()) << "\" y2=\"" << cy(a.move.to())
      << "\" stroke=\"" << a.colour << "\" stroke-width=\"7\" stroke-opacity=\"0.75\" stroke-linecap=\"round\" marker-end=\"url(#bd-head)\"/>\n";
  }
  o << "</svg>\n";
  return o.str();
}

}  // namespace taper
