// SPDX-License-Identifier: GPL-3.0-or-later
// Win/draw/loss model fit, after Stockfish's WDL_model tool: per material count, the (a, b) that
// maximise the likelihood of the observed results; then a cubic in material/58 through them,
// weighted by the number of positions.
#include "tune/wdl_fit.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "tune/input.hpp"
#include "tune/pgn_scores.hpp"

namespace taper::tune {

int WdlHistogram::clamp_material(int material) { return std::clamp(material, 0, MaxMaterial); }

bool WdlHistogram::add(int material, int score, double result) {
  if (score < -MaxScore || score > MaxScore) return false;
  // One sample from each side's view keeps the fit symmetric: White's +s win is Black's -s loss.
  int outcome = result > 0.75 ? 0 : result < 0.25 ? 2 : 1;
  ++counts_[index(material, score)][outcome];
  ++counts_[index(material, -score)][2 - outcome];
  ++perMaterial_[clamp_material(material)];
  ++total_;
  return true;
}

namespace {

/// Negative log-likelihood of one material row under midpoint a and spread b.
double row_loss(const WdlHistogram& h, int material, double a, double b) {
  double loss = 0;
  for (int s = -WdlHistogram::MaxScore; s <= WdlHistogram::MaxScore; ++s) {
    const auto& c = h.at(material, s);
    if (!(c[0] | c[1] | c[2])) continue;
    double w = 1 / (1 + std::exp((a - s) / b)), l = 1 / (1 + std::exp((a + s) / b));
    double d = std::max(1e-12, 1 - w - l);
    loss -= c[0] * std::log(std::max(1e-12, w)) + c[1] * std::log(d) + c[2] * std::log(std::max(1e-12, l));
  }
  return loss;
}

/// Nelder-Mead minimisation of f over N parameters from `start` with initial steps `step`
/// (reflection 1, expansion 2, contraction 1/2, shrink 1/2), until the simplex's values agree
/// to a relative 1e-9 or `iterations` pass.
template <size_t N, class F>
std::array<double, N> nelder_mead(F&& f, const std::array<double, N>& start, const std::array<double, N>& step,
                                  int iterations) {
  using Point = std::array<double, N>;
  std::array<Point, N + 1> x;
  std::array<double, N + 1> fx;
  for (size_t i = 0; i <= N; ++i) {
    x[i] = start;
    if (i) x[i][i - 1] += step[i - 1];
    fx[i] = f(x[i]);
  }
  for (int iter = 0; iter < iterations; ++iter) {
    std::array<size_t, N + 1> o;
    for (size_t i = 0; i <= N; ++i) o[i] = i;
    std::sort(o.begin(), o.end(), [&](size_t i, size_t j) { return fx[i] < fx[j]; });
    const size_t best = o[0], worst = o[N], second = o[N - 1];
    if (std::abs(fx[worst] - fx[best]) < 1e-9 * (1 + std::abs(fx[best]))) break;
    Point c{};
    for (size_t i = 0; i < N; ++i)
      for (size_t k = 0; k < N; ++k) c[k] += x[o[i]][k] / double(N);
    auto along = [&](double t) {
      Point p;
      for (size_t k = 0; k < N; ++k) p[k] = c[k] + t * (x[worst][k] - c[k]);
      return p;
    };
    Point r = along(-1);
    double fr = f(r);
    if (fr < fx[best]) {
      Point e = along(-2);
      double fe = f(e);
      if (fe < fr) x[worst] = e, fx[worst] = fe;
      else x[worst] = r, fx[worst] = fr;
    } else if (fr < fx[second]) {
      x[worst] = r, fx[worst] = fr;
    } else {
      Point k = along(0.5);
      double fk = f(k);
      if (fk < fx[worst]) {
        x[worst] = k, fx[worst] = fk;
      } else {
        for (size_t i = 1; i <= N; ++i) {  // shrink towards the best point
          for (size_t d = 0; d < N; ++d) x[o[i]][d] = (x[o[i]][d] + x[best][d]) / 2;
          fx[o[i]] = f(x[o[i]]);
        }
      }
    }
  }
  return x[size_t(std::min_element(fx.begin(), fx.end()) - fx.begin())];
}

/// The (a, b) of one material row with the highest likelihood; Nelder-Mead on (a, log b).
std::pair<double, double> fit_row(const WdlHistogram& h, int material) {
  auto f = [&](const std::array<double, 2>& p) { return row_loss(h, material, p[0], std::exp(p[1])); };
  std::array<double, 2> p = nelder_mead<2>(f, {150, std::log(60.0)}, {100, std::log(2.0)}, 300);
  return {p[0], std::exp(p[1])};
}

/// Weighted least-squares cubic through (x, y); highest power first.
std::array<double, 4> cubic_fit(const std::vector<double>& xs, const std::vector<double>& ys, const std::vector<double>& ws) {
  double m[4][5] = {};
  for (size_t i = 0; i < xs.size(); ++i) {
    double p[4] = {xs[i] * xs[i] * xs[i], xs[i] * xs[i], xs[i], 1};
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) m[r][c] += ws[i] * p[r] * p[c];
      m[r][4] += ws[i] * p[r] * ys[i];
    }
  }
  for (int col = 0; col < 4; ++col) {  // Gauss-Jordan with partial pivoting
    int piv = col;
    for (int r = col + 1; r < 4; ++r)
      if (std::abs(m[r][col]) > std::abs(m[piv][col])) piv = r;
    std::swap(m[col], m[piv]);
    if (std::abs(m[col][col]) < 1e-12) return {0, 0, 0, ys.empty() ? 0 : ys[0]};
    for (int r = 0; r < 4; ++r) {
      if (r == col) continue;
      double k = m[r][col] / m[col][col];
      for (int c = col; c < 5; ++c) m[r][c] -= k * m[col][c];
    }
  }
  return {m[0][4] / m[0][0], m[1][4] / m[1][1], m[2][4] / m[2][2], m[3][4] / m[3][3]};
}

}  // namespace

namespace {

// The joint fit's parameters: a and b at these materials; the cubics pass through them.
constexpr std::array<double, 4> KnotMaterials = {17, 37, 57, 78};

WdlModel model_through_knots(const std::array<double, 8>& p) {
  std::vector<double> xs, as, bs, ws(4, 1.0);
  for (size_t i = 0; i < 4; ++i) {
    xs.push_back(KnotMaterials[i] / 58.0);
    as.push_back(p[i]);
    bs.push_back(p[4 + i]);
  }
  return {cubic_fit(xs, as, ws), cubic_fit(xs, bs, ws)};
}

/// Maximum likelihood of the whole histogram over the model's eight degrees of freedom,
/// started from `start`: robust where single material rows are too thin to fit on their own
/// (a few hundred match games), and never worse than its start.
WdlModel joint_fit(const WdlHistogram& h, const WdlModel& start) {
  std::array<double, 8> p;
  for (size_t i = 0; i < 4; ++i) {
    p[i] = wdl_midpoint(start, int(KnotMaterials[i]));
    p[4 + i] = wdl_spread(start, int(KnotMaterials[i]));
  }
  auto f = [&](const std::array<double, 8>& q) {
    for (size_t i = 4; i < 8; ++i)
      if (q[i] < 1) return 1e30;  // the spread must stay positive between the knots' values too
    return wdl_log_loss(h, model_through_knots(q));
  };
  std::array<double, 8> step;
  step.fill(25.0);
  return model_through_knots(nelder_mead<8>(f, p, step, 4000));
}

}  // namespace

WdlFit fit_wdl(const WdlHistogram& h, uint64_t minPositions) {
  WdlFit fit;
  std::vector<double> xs, as, bs, ws;
  for (int m = 0; m <= WdlHistogram::MaxMaterial; ++m) {
    if (h.positions(m) < minPositions) continue;
    auto [a, b] = fit_row(h, m);
    fit.buckets.push_back({m, h.positions(m), a, b});
    // The model clamps material to [17, 78]; rows below 17 are fitted and shown but not used.
    if (m < 17) continue;
    xs.push_back(m / 58.0);
    as.push_back(a);
    bs.push_back(b);
    ws.push_back(double(h.positions(m)));
  }
  if (xs.size() >= 4) {
    fit.model.a = cubic_fit(xs, as, ws);
    fit.model.b = cubic_fit(xs, bs, ws);
  } else if (!xs.empty()) {  // too little data for a curve: constants
    double sw = 0, sa = 0, sb = 0;
    for (size_t i = 0; i < xs.size(); ++i) sw += ws[i], sa += ws[i] * as[i], sb += ws[i] * bs[i];
    fit.model.a = {0, 0, 0, sa / sw};
    fit.model.b = {0, 0, 0, sb / sw};
  } else {
    return fit;
  }
  // Then the likelihood of all positions at once, from the better of the row fit and the model
  // the engine has now; the row fit stays if the joint search finds nothing better.
  fit.rowModel = fit.model;
  fit.rowLoss = wdl_log_loss(h, fit.rowModel);
  WdlModel start = wdl_log_loss(h, FittedWdl) < fit.rowLoss ? FittedWdl : fit.rowModel;
  WdlModel joint = joint_fit(h, start);
  fit.jointLoss = wdl_log_loss(h, joint);
  if (fit.jointLoss < fit.rowLoss) fit.model = joint;
  return fit;
}

double wdl_log_loss(const WdlHistogram& h, const WdlModel& model) {
  double loss = 0;
  uint64_t n = 0;
  for (int m = 0; m <= WdlHistogram::MaxMaterial; ++m) {
    if (!h.positions(m)) continue;
    loss += row_loss(h, m, wdl_midpoint(model, m), wdl_spread(model, m));
    n += 2 * h.positions(m);  // each position is in the histogram from both sides
  }
  return n ? loss / double(n) : 0;
}

DrawShare draw_share_near_zero(const WdlHistogram& h, const WdlModel& model, int window, int minMaterial,
                               int maxMaterial) {
  DrawShare d;
  double draws = 0, predicted = 0;
  for (int m = std::max(0, minMaterial); m <= std::min(maxMaterial, WdlHistogram::MaxMaterial); ++m)
    for (int s = -window; s <= window; ++s) {
      const auto& c = h.at(m, s);
      uint64_t n = uint64_t(c[0]) + c[1] + c[2];
      if (!n) continue;
      WdlPerMille p = wdl_per_mille(model, s, m);
      d.positions += n;
      draws += c[1];
      predicted += double(n) * p.draw / 1000.0;
    }
  if (d.positions) d.measured = draws / double(d.positions), d.predicted = predicted / double(d.positions);
  d.positions /= 2;  // the histogram holds every position twice, once from each side
  return d;
}

int fen_material(const std::string& fen) {
  int m = 0;
  for (char c : fen) {
    if (c == ' ') break;
    switch (c | 0x20) {  // lower case
      case 'p': m += 1; break;
      case 'n': case 'b': m += 3; break;
      case 'r': m += 5; break;
      case 'q': m += 9; break;
      default: break;
    }
  }
  return m;
}

namespace {

std::string model_text(const WdlModel& m) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "{{%.6f, %.6f, %.6f, %.6f}}, {{%.6f, %.6f, %.6f, %.6f}}", m.a[0], m.a[1], m.a[2], m.a[3],
                m.b[0], m.b[1], m.b[2], m.b[3]);
  return buf;
}

}  // namespace

int fit_wdl_files(const std::vector<std::string>& files, const std::string& out, uint64_t minPositions,
                  const std::string& engine) {
  WdlHistogram h;
  uint64_t read = 0, withoutScore = 0, outOfRange = 0, bad = 0;
  for (const std::string& file : files) {
    LineReader reader(file);
    if (!reader.ok()) {
      std::cerr << "error: " << reader.error() << "\n";
      return 1;
    }
    if (file.find(".pgn") != std::string::npos) {
      // Match games: the engine's own scores of the positions it moved in.
      PgnScan scan = scan_pgn([&](std::string& line) { return reader.next(line); }, engine, [&](const PgnScoredMove& m) {
        ++read;
        if (!h.add(m.material, m.score, m.result)) ++outOfRange;
      });
      if (!reader.error().empty()) {
        std::cerr << "error: " << reader.error() << "\n";
        return 1;
      }
      std::cout << file << ": " << scan.games << " games, " << scan.usedGames << " with '" << engine
                << "' and a result; its moves: " << scan.scored << " scored, " << scan.mates << " mate scores, "
                << scan.unscored << " without a score (book); " << scan.badGames << " games with an unreadable move\n";
      continue;
    }
    LabelledPosition p;
    for (std::string line; reader.next(line);) {
      LineStatus st = parse_labelled_line(line, p);
      if (st == LineStatus::Blank) continue;
      if (st == LineStatus::Bad) {
        ++bad;
        continue;
      }
      ++read;
      if (!p.hasScore) ++withoutScore;
      else if (!h.add(fen_material(p.fen), p.score, p.result)) ++outOfRange;
    }
    if (!reader.error().empty()) {
      std::cerr << "error: " << reader.error() << "\n";
      return 1;
    }
  }
  std::cout << "positions read " << read << ", used " << h.total() << " (" << withoutScore << " without a score, "
            << outOfRange << " beyond ±" << WdlHistogram::MaxScore << " cp, " << bad << " unreadable lines)\n";
  if (withoutScore == read) {
    std::cerr << "error: no position carries a search score; wdl-fit needs datagen output ('FEN | score | result')"
                 " or match PGNs whose moves carry the engine's scores ('{+0.35/12 0.512s}')\n";
    return 1;
  }

  WdlFit fit = fit_wdl(h, minPositions);
  if (fit.buckets.size() < 1) {
    std::cerr << "error: no material count has " << minPositions << " positions; lower --min or add data\n";
    return 1;
  }
  std::printf("\nmaterial  positions   a (50%% win)   b (spread)   model a   model b\n");
  for (const auto& b : fit.buckets)
    std::printf("%8d %10llu %13.1f %12.1f %9.1f %9.1f\n", b.material, (unsigned long long)b.positions, b.a, b.b,
                wdl_midpoint(fit.model, b.material), wdl_spread(fit.model, b.material));
  std::printf("\nmodel: a(x), b(x) = cubic in x = material/58 (material clamped to 17..78)\n  %s\n",
              model_text(fit.model).c_str());
  std::printf("mean log loss per position: cubics through the rows %.5f, joint fit of all positions %.5f, "
              "current engine model %.5f; the fitted model is the %s\n",
              fit.rowLoss, fit.jointLoss, wdl_log_loss(h, FittedWdl), fit.model == fit.rowModel ? "first" : "second");
  for (const WdlModel* m : {static_cast<const WdlModel*>(&fit.model), &FittedWdl}) {
    DrawShare d = draw_share_near_zero(h, *m, 10);
    std::printf("draw share at 0.00 (|score| <= 10 cp, %llu positions): measured %.1f%%, %s model %.1f%%\n",
                (unsigned long long)d.positions, 100 * d.measured, m == &fit.model ? "fitted" : "current", 100 * d.predicted);
  }
  DrawShare all = draw_share_near_zero(h, fit.model, WdlHistogram::MaxScore);
  DrawShare allCurrent = draw_share_near_zero(h, FittedWdl, WdlHistogram::MaxScore);
  std::printf("draw share over all %llu positions: measured %.1f%%, fitted model %.1f%%, current model %.1f%%\n",
              (unsigned long long)all.positions, 100 * all.measured, 100 * all.predicted, 100 * allCurrent.predicted);
  std::printf("by material (|score| <= 10 cp): measured draws / fitted model / current model\n");
  for (auto [lo, hi] : {std::pair{0, 16}, {17, 30}, {31, 44}, {45, 58}, {59, 78}}) {
    DrawShare d = draw_share_near_zero(h, fit.model, 10, lo, hi);
    DrawShare c = draw_share_near_zero(h, FittedWdl, 10, lo, hi);
    std::printf("  material %2d-%2d: %7llu positions, measured %.1f%%, fitted %.1f%%, current %.1f%%\n", lo, hi,
                (unsigned long long)d.positions, 100 * d.measured, 100 * d.predicted, 100 * c.predicted);
  }
  std::printf("at material 58: 50%% win at %+.2f pawns; draw at 0.00 predicted %.1f%%\n",
              wdl_midpoint(fit.model, 58) / 100, wdl_per_mille(fit.model, 0, 58).draw / 10.0);

  if (!out.empty()) {
    std::ofstream f(out);
    char date[32];
    std::time_t t = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&t));
    f << "// Generated by `taper wdl-fit` on " << date << " from";
    for (const std::string& file : files) f << " " << std::filesystem::path(file).filename().string();
    f << " (" << h.total() << " positions).\n// WdlModel {a, b}: cubics in material/58, highest power first.\n"
      << model_text(fit.model) << "\n";
    if (!f) {
      std::cerr << "error: cannot write " << out << "\n";
      return 1;
    }
    std::cout << "wrote " << out << "\n";
  }
  return 0;
}

}  // namespace taper::tune
