// SPDX-License-Identifier: GPL-3.0-or-later
// The review's graph as SVG: White's chances (expected score by the WDL model) after every move,
// the area under the curve White's, above it Black's; marks as coloured dots on the curve; the
// book plies shaded; players, event and result in the title, each side's accuracy below it.
#include <algorithm>
#include <cstdio>

#include "explain/text.hpp"
#include "review/review.hpp"

namespace taper {

namespace {

const char* mark_colour(Mark m) {
  return m == Mark::Blunder ? "#d62728" : m == Mark::Mistake ? "#ef7d1a" : "#e3b505";
}

/// Each side's clock after its moves as a line (White light, Black dark), minutes on the left,
/// the moves on the same x as the chances above; moves flagged in time trouble as red dots.
std::string clock_plot(const GameReview& r, double left, double top, double plotW, double plotH, double step) {
  int64_t most = std::max<int64_t>(r.timeControl.baseMs, 1000);
  for (const MoveReview& m : r.moves) most = std::max(most, m.clockMs);
  auto x = [&](size_t ply) { return left + step * double(ply); };
  auto y = [&](int64_t ms) { return top + plotH * (1 - double(ms) / double(most)); };
  std::string s = "<rect x=\"" + decimal_text(left, 1) + "\" y=\"" + decimal_text(top, 1) + "\" width=\"" + decimal_text(plotW, 1) + "\" height=\"" + decimal_text(plotH, 1) +
                  "\" fill=\"#fafafa\" stroke=\"#cccccc\"/>\n";
  for (Color c : {WHITE, BLACK}) {
    std::string line;
    for (size_t i = 0; i < r.moves.size(); ++i) {
      const MoveReview& m = r.moves[i];
      if (m.mover != c || m.clockMs < 0) continue;
      line += (line.empty() ? "M" : " L") + decimal_text(x(i + 1), 1) + "," + decimal_text(y(m.clockMs), 1);
    }
    if (!line.empty())
      s += "<path d=\"" + line + "\" fill=\"none\" stroke=\"" + (c == WHITE ? "#9a9a9a" : "#222222") + "\" stroke-width=\"1.6\"><title>" +
           (c == WHITE ? "White's clock" : "Black's clock") + "</title></path>\n";
  }
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const MoveReview& m = r.moves[i];
    if (!m.timeTrouble) continue;
    s += "<circle cx=\"" + decimal_text(x(i + 1), 1) + "\" cy=\"" + decimal_text(y(m.clockMs), 1) + "\" r=\"4\" fill=\"#d62728\"><title>" +
         xml_escaped(m.numbered + mark_glyph(m.mark) + " with " + std::to_string(m.clockMs / 1000) + " s left") + "</title></circle>\n";
  }
  const double minutes = double(most) / 60000;
  s += "<text x=\"" + decimal_text(left - 8, 1) + "\" y=\"" + decimal_text(top + 10, 1) + "\" font-size=\"11\" text-anchor=\"end\" fill=\"#444\">" +
       decimal_text(minutes, 1) + "'</text>\n";
  s += "<text x=\"" + decimal_text(left - 8, 1) + "\" y=\"" + decimal_text(top + plotH, 1) + "\" font-size=\"11\" text-anchor=\"end\" fill=\"#444\">0'</text>\n";
  s += "<text x=\"" + decimal_text(left, 1) + "\" y=\"" + decimal_text(top + plotH + 18, 1) + "\" font-size=\"12\" fill=\"#444\">Clocks: White (grey), Black (black); red: a mistake or blunder in time trouble</text>\n";
  return s;
}

}  // namespace

std::string review_svg(const GameReview& r) {
  const PgnGame& g = *r.game;
  constexpr double W = 900, H = 420, left = 56, right = 24, top = 78, bottom = 48;
  // With clocks, a second plot below the first: each side's clock after its moves.
  constexpr double clockTop = H + 8, clockH = 110, clockBottom = 44;
  const double totalH = r.hasClocks ? clockTop + clockH + clockBottom : H;
  const double plotW = W - left - right, plotH = H - top - bottom;
  const size_t plies = r.moves.size();
  const double step = plotW / double(std::max<size_t>(plies, 1));
  auto x = [&](size_t ply) { return left + step * double(ply); };
  auto y = [&](double chances) { return top + plotH * (1 - chances / 100); };

  // data-plot-left and data-plot-step let a page map a click to the move under it.
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + decimal_text(W, 1) + "\" height=\"" + decimal_text(totalH, 1) + "\" viewBox=\"0 0 " +
                  decimal_text(W, 1) + " " + decimal_text(totalH, 1) + "\" font-family=\"DejaVu Sans, Verdana, sans-serif\" data-plot-left=\"" + decimal_text(left, 1) +
                  "\" data-plot-step=\"" + decimal_text(step, 1) + "\">\n";
  s += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  // Title: the players and the result; below, the event and year, then each side's accuracy.
  auto known = [](const std::string& v) { return !v.empty() && v != "?" && v.find("??") == std::string::npos; };
  const std::string white = known(g.tag("White")) ? g.tag("White") : "White", black = known(g.tag("Black")) ? g.tag("Black") : "Black";
  const std::string title = white + " - " + black + "   " + g.result;
  // A long title gets a smaller font rather than running off the picture (about 0.62 em a character).
  const double titleSize = std::min(18.0, (W - left - 16) / (0.62 * double(std::max<size_t>(title.size(), 1))));
  s += "<text x=\"" + decimal_text(left, 1) + "\" y=\"26\" font-size=\"" + decimal_text(titleSize, 1) + "\" font-weight=\"bold\" fill=\"#222\">" +
       xml_escaped(title) + "</text>\n";
  std::string where = known(g.tag("Event")) ? g.tag("Event") : known(g.tag("Site")) ? g.tag("Site") : "";
  const std::string date = g.tag("Date");
  if (date.size() >= 4 && known(date.substr(0, 4))) {
    where += where.empty() ? "" : ", ";
    where += date.substr(0, 4);
  }
  if (!r.book.name.empty()) {
    where += where.empty() ? "" : "  \u00b7  ";
    where += r.book.eco + " " + r.book.name;
  }
  s += "<text x=\"" + decimal_text(left, 1) + "\" y=\"46\" font-size=\"12\" fill=\"#444\">" + xml_escaped(where) + "</text>\n";
  char sub[256];
  auto side = [&](Color c) {
    const PlayerSummary& p = r.players[c];
    std::snprintf(sub, sizeof sub, "%s: accuracy %.0f%%, %d ?!, %d ?, %d ??", c == WHITE ? "White" : "Black", p.accuracy,
                  p.inaccuracies, p.mistakes, p.blunders);
    return std::string(sub);
  };
  s += "<text x=\"" + decimal_text(left, 1) + "\" y=\"64\" font-size=\"12\" fill=\"#444\">" + xml_escaped(side(WHITE) + "  \u00b7  " + side(BLACK)) +
       "</text>\n";

  // The plot: Black's share on top (dark), White's below the curve (light), book plies shaded.
  s += "<rect x=\"" + decimal_text(left, 1) + "\" y=\"" + decimal_text(top, 1) + "\" width=\"" + decimal_text(plotW, 1) + "\" height=\"" + decimal_text(plotH, 1) +
       "\" fill=\"#3b3b3b\"/>\n";
  std::string area = "M" + decimal_text(x(0), 1) + "," + decimal_text(y(0), 1);
  const double startChances = r.moves.empty() ? 50 : (r.moves[0].mover == WHITE ? r.moves[0].chancesBefore : 100 - r.moves[0].chancesBefore);
  area += " L" + decimal_text(x(0), 1) + "," + decimal_text(y(startChances), 1);
  std::string curve = "M" + decimal_text(x(0), 1) + "," + decimal_text(y(startChances), 1);
  for (size_t i = 0; i < plies; ++i) {
    area += " L" + decimal_text(x(i + 1), 1) + "," + decimal_text(y(r.moves[i].whiteChances), 1);
    curve += " L" + decimal_text(x(i + 1), 1) + "," + decimal_text(y(r.moves[i].whiteChances), 1);
  }
  area += " L" + decimal_text(x(plies), 1) + "," + decimal_text(y(0), 1) + " Z";
  s += "<path d=\"" + area + "\" fill=\"#f2f2f2\"/>\n";
  if (r.book.plies > 0)
    s += "<rect x=\"" + decimal_text(x(0), 1) + "\" y=\"" + decimal_text(top, 1) + "\" width=\"" + decimal_text(step * r.book.plies, 1) + "\" height=\"" + decimal_text(plotH, 1) +
         "\" fill=\"#6fa8dc\" fill-opacity=\"0.25\"><title>book</title></rect>\n<text x=\"" + decimal_text(x(0) + 4, 1) + "\" y=\"" +
         decimal_text(top + 14, 1) + "\" font-size=\"11\" fill=\"#cfe2f3\">book</text>\n";
  s += "<line x1=\"" + decimal_text(left, 1) + "\" y1=\"" + decimal_text(y(50), 1) + "\" x2=\"" + decimal_text(left + plotW, 1) + "\" y2=\"" + decimal_text(y(50), 1) +
       "\" stroke=\"#9a9a9a\" stroke-dasharray=\"4 4\"/>\n";
  s += "<path d=\"" + curve + "\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"1.6\"/>\n";

  // Axes: chances on the left, move numbers below.
  for (int c : {0, 25, 50, 75, 100})
    s += "<text x=\"" + decimal_text(left - 8, 1) + "\" y=\"" + decimal_text(y(c) + 4, 1) + "\" font-size=\"11\" text-anchor=\"end\" fill=\"#444\">" +
         std::to_string(c) + "%</text>\n";
  s += "<text x=\"14\" y=\"" + decimal_text(top + plotH / 2, 1) + "\" font-size=\"11\" fill=\"#444\" transform=\"rotate(-90 14 " +
       decimal_text(top + plotH / 2, 1) + ")\" text-anchor=\"middle\">White's chances</text>\n";
  const int firstNumber = r.moves.empty() ? 1 : std::atoi(r.moves[0].numbered.c_str());
  const int moves = int(plies + 1) / 2;
  const int every = moves <= 20 ? 2 : moves <= 50 ? 5 : 10;
  for (size_t i = 0; i < plies; ++i) {
    const int n = std::atoi(r.moves[i].numbered.c_str());
    if (r.moves[i].mover != WHITE || (n - firstNumber) % every) continue;
    s += "<text x=\"" + decimal_text(x(i + 1), 1) + "\" y=\"" + decimal_text(top + plotH + 16, 1) + "\" font-size=\"11\" text-anchor=\"middle\" fill=\"#444\">" +
         std::to_string(n) + "</text>\n";
  }
  s += "<text x=\"" + decimal_text(left + plotW / 2, 1) + "\" y=\"" + decimal_text(H - 12, 1) +
       "\" font-size=\"11\" text-anchor=\"middle\" fill=\"#444\">move</text>\n";

  // The marks, each with its move and reason as a tooltip.
  for (size_t i = 0; i < plies; ++i) {
    const MoveReview& m = r.moves[i];
    if (m.mark == Mark::None) continue;
    const double cx = x(i + 1), cy = y(m.whiteChances);
    s += "<circle data-ply=\"" + std::to_string(i) + "\" cx=\"" + decimal_text(cx, 1) + "\" cy=\"" + decimal_text(cy, 1) + "\" r=\"" + (m.mark == Mark::Inaccuracy ? "4" : "5.5") + "\" fill=\"" +
         mark_colour(m.mark) + "\" stroke=\"#000\" stroke-width=\"0.8\"><title>" +
         xml_escaped(m.numbered + mark_glyph(m.mark) + (m.reason.empty() ? "" : ": " + m.reason)) + "</title></circle>\n";
    if (m.mark != Mark::Inaccuracy) {
      const double ly = cy < top + 20 ? cy + 20 : cy - 10;
      s += "<text x=\"" + decimal_text(cx, 1) + "\" y=\"" + decimal_text(ly, 1) + "\" font-size=\"11\" text-anchor=\"middle\" fill=\"" + mark_colour(m.mark) +
           "\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\" font-weight=\"bold\">" + xml_escaped(m.numbered + mark_glyph(m.mark)) + "</text>\n";
    }
  }
  // Legend, bottom right.
  double lx = left + plotW - 245;
  for (Mark m : {Mark::Inaccuracy, Mark::Mistake, Mark::Blunder}) {
    s += "<circle cx=\"" + decimal_text(lx, 1) + "\" cy=\"" + decimal_text(H - 16, 1) + "\" r=\"5\" fill=\"" + mark_colour(m) +
         "\" stroke=\"#000\" stroke-width=\"0.8\"/>";
    s += "<text x=\"" + decimal_text(lx + 9, 1) + "\" y=\"" + decimal_text(H - 12, 1) + "\" font-size=\"12\" fill=\"#444\">" + mark_name(m) + "</text>\n";
    lx += m == Mark::Inaccuracy ? 95 : 75;
  }
  if (r.hasClocks) s += clock_plot(r, left, clockTop, plotW, clockH, step);
  return s + "</svg>\n";
}

}  // namespace taper
