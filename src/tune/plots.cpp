// SPDX-License-Identifier: GPL-3.0-or-later
// SVG pictures of a tuning run: the loss curve and heat maps of the square tables.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "tune/output.hpp"

namespace taper::tune {

namespace {

void append(std::string& s, const char* fmt, auto... args) {
  char buf[512];
  std::snprintf(buf, sizeof buf, fmt, args...);
  s += buf;
}

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
  return out;
}

/// A "nice" tick step (1, 2 or 5 times a power of ten) for about `ticks` ticks over `range`.
double tick_step(double range, int ticks) {
  const double raw = range / ticks, p = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / p;
  return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

/// Blue (negative) - white (zero) - red (positive), saturating at |v| = limit.
std::string diverging(double v, double limit) {
  const double t = limit > 0 ? std::clamp(v / limit, -1.0, 1.0) : 0;
  const int fade = int(std::lround(255 * (1 - std::abs(t))));
  char buf[16];
  if (t >= 0) std::snprintf(buf, sizeof buf, "#%02x%02x%02x", 255, fade, fade);
  else std::snprintf(buf, sizeof buf, "#%02x%02x%02x", fade, fade, 255);
  return buf;
}

}  // namespace

std::string loss_curve_svg(const std::vector<EpochRecord>& history, int bestEpoch, const std::string& title) {
  const double W = 760, H = 440, left = 80, right = 20, top = 40, bottom = 50;
  const double pw = W - left - right, ph = H - top - bottom;
  double lo = 1e9, hi = -1e9;
  int maxEpoch = 1;
  for (const EpochRecord& r : history) {
    lo = std::min({lo, r.train, r.validation});
    hi = std::max({hi, r.train, r.validation});
    maxEpoch = std::max(maxEpoch, r.epoch);
  }
  if (history.empty()) lo = 0, hi = 1;
  if (hi - lo < 1e-9) hi = lo + 1e-6;
  const double pad = (hi - lo) * 0.05;
  lo -= pad, hi += pad;
  auto x = [&](double epoch) { return left + pw * epoch / maxEpoch; };
  auto y = [&](double loss) { return top + ph * (hi - loss) / (hi - lo); };

  std::string s;
  append(s, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H);
  append(s, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
  append(s, "<text x=\"%.0f\" y=\"24\" font-size=\"15\" text-anchor=\"middle\">%s</text>\n", W / 2, escape(title).c_str());
  const double ystep = tick_step(hi - lo, 6);
  for (double v = std::ceil(lo / ystep) * ystep; v <= hi; v += ystep) {
    append(s, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", left, y(v), W - right, y(v));
    append(s, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.5f</text>\n", left - 6, y(v) + 4, v);
  }
  const double xstep = std::max(1.0, tick_step(maxEpoch, 10));
  for (double e = 0; e <= maxEpoch; e += xstep)
    append(s, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.0f</text>\n", x(e), H - bottom + 18, e);
  append(s, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">epoch</text>\n", left + pw / 2, H - 10);
  append(s, "<text transform=\"translate(16 %.0f) rotate(-90)\" text-anchor=\"middle\">mean squared error</text>\n", top + ph / 2);
  append(s, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"none\" stroke=\"#333\"/>\n", left, top, pw, ph);
  if (bestEpoch > 0)
    append(s, "<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"#2a2\" stroke-dasharray=\"4 3\"/>\n", x(bestEpoch), top,
           x(bestEpoch), top + ph);
  const struct {
    const char* name;
    const char* colour;
    bool validation;
  } series[] = {{"training", "#1f77b4", false}, {"validation", "#ff7f0e", true}};
  int row = 0;
  for (const auto& se : series) {
    std::string points;
    for (const EpochRecord& r : history) append(points, "%.1f,%.1f ", x(r.epoch), y(se.validation ? r.validation : r.train));
    append(s, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>\n", se.colour, points.c_str());
    const double ly = top + 16 + 18 * row++;
    append(s, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\" stroke-width=\"2\"/>\n", W - right - 150, ly,
           W - right - 126, ly, se.colour);
    append(s, "<text x=\"%.0f\" y=\"%.0f\">%s</text>\n", W - right - 120, ly + 4, se.name);
  }
  if (bestEpoch > 0)
    append(s, "<text x=\"%.0f\" y=\"%.0f\" fill=\"#2a2\">best epoch %d</text>\n", W - right - 150, top + 16 + 18 * row + 4, bestEpoch);
  s += "</svg>\n";
  return s;
}

std::string square_tables_svg(const WeightVector& w, const WeightVector* before, const std::string& title) {
  constexpr double Cell = 26, Board = 8 * Cell, Gap = 28, Left = 150, Top = 60;
  std::vector<int> tables;
  for (int first = 0; first < ParamCount; first += Params[size_t(first)].size)
    if (square_layout(Params[size_t(first)]) != SquareLayout::None) tables.push_back(first);
  const int columns = before ? 4 : 2;
  const double W = Left + columns * (Board + Gap), H = Top + double(tables.size()) * (Board + Gap) + 10;

  std::string s;
  append(s, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" font-size=\"9\">\n", W, H);
  append(s, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
  append(s, "<text x=\"10\" y=\"22\" font-size=\"15\">%s</text>\n", escape(title).c_str());
  const char* heads[] = {"middlegame", "endgame", "mg change", "eg change"};
  for (int c = 0; c < columns; ++c)
    append(s, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"13\" text-anchor=\"middle\">%s</text>\n", Left + c * (Board + Gap) + Board / 2,
           Top - 8, heads[c]);

  for (size_t row = 0; row < tables.size(); ++row) {
    const int first = tables[row];
    const ParamInfo& p = Params[size_t(first)];
    const double y0 = Top + double(row) * (Board + Gap);
    append(s, "<text x=\"10\" y=\"%.0f\" font-size=\"13\">%.*s</text>\n", y0 + Board / 2, int(p.name.size()), p.name.data());
    for (int c = 0; c < columns; ++c) {
      const bool eg = c % 2 == 1, change = c >= 2;
      if (eg && p.kind != ParamKind::Linear) continue;  // units have no endgame half
      auto value = [&](int k) {
        const Score now = w[size_t(first + k)];
        const int v = eg ? now.eg() : now.mg();
        if (!change) return double(v);
        const Score old = (*before)[size_t(first + k)];
        return double(v - (eg ? old.eg() : old.mg()));
      };
      // Colours centred on the table's mean for values (a constant shift is material, not
      // placement), on zero for changes.
      double mean = 0, limit = 1;
      if (!change) {
        for (int k = 0; k < p.size; ++k) mean += value(k) / p.size;
      }
      for (int k = 0; k < p.size; ++k) limit = std::max(limit, std::abs(value(k) - mean));
      const double x0 = Left + c * (Board + Gap);
      for (int rank = 0; rank < 8; ++rank)
        for (int file = 0; file < 8; ++file) {
          const int k = square_table_element(square_layout(p), rank, file);
          const double v = value(k);
          append(s, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"%s\" stroke=\"#eee\"/>\n", x0 + file * Cell,
                 y0 + rank * Cell, Cell, Cell, diverging(v - mean, limit).c_str());
          append(s, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.0f</text>\n", x0 + file * Cell + Cell / 2,
                 y0 + rank * Cell + Cell / 2 + 3, v);
        }
      for (int file = 0; file < 8; ++file)
        append(s, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#888\">%c</text>\n", x0 + file * Cell + Cell / 2,
               y0 + Board + 10, char('a' + file));
      for (int rank = 0; rank < 8; ++rank)
        append(s, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" fill=\"#888\">%c</text>\n", x0 - 3, y0 + rank * Cell + Cell / 2 + 3,
               char('8' - rank));
    }
  }
  s += "</svg>\n";
  return s;
}

}  // namespace taper::tune
