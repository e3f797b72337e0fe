// SPDX-License-Identifier: GPL-3.0-or-later
// Evaluating traced positions under weight deltas; mean squared error, its gradient, and K.
#include "tune/model.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

namespace taper::tune {

namespace {

constexpr double Ln10Over400 = 2.302585092994046 / 400.0;

/// Runs fn(threadIndex, begin, end) over [0, count) split into `threads` contiguous parts.
template <class Fn>
void parallel_ranges(size_t count, int threads, Fn&& fn) {
  threads = std::max(1, std::min<int>(threads, int(count / 256) + 1));
  if (threads == 1) return fn(0, size_t(0), count);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t)
    pool.emplace_back([&, t] { fn(t, count * size_t(t) / size_t(threads), count * size_t(t + 1) / size_t(threads)); });
  fn(0, size_t(0), count / size_t(threads));
  for (auto& th : pool) th.join();
}

/// Everything about one entry under the current deltas that the loss and gradient need.
struct Evaluated {
  double eval;
  double units[COLOR_NB];
};

inline Evaluated evaluate(const Dataset& data, const Entry& e, const double* delta, const KingDangerShape<double>& shape,
                          const KingDangerShape<double>& base) {
  double mg = 0, eg = 0;
  const LinearTerm* lt = data.linear.data() + e.linearBegin;
  for (int k = 0; k < e.linearCount; ++k) {
    mg += lt[k].net * delta[2 * lt[k].index];
    eg += lt[k].net * delta[2 * lt[k].index + 1];
  }
  Evaluated out{e.baseEval + e.mgFactor * mg + e.egFactor * eg, {0, 0}};
  const DangerTerm* dt = data.danger.data() + e.dangerBegin;
  for (Color c : {WHITE, BLACK}) {
    if (!e.dangerReal[c]) continue;
    double u = e.units[c];
    for (int k = 0; k < e.dangerCount[c]; ++k, ++dt) u += dt->count * delta[2 * dt->index];
    out.units[c] = u;
    // The penalty is subtracted from c's side: it lowers White's view for White's king.
    const double change = king_danger_curve(u, shape) - king_danger_curve(double(e.units[c]), base);
    const double changeEg = king_danger_endgame(u, shape) - king_danger_endgame(double(e.units[c]), base);
    out.eval -= (c == WHITE ? 1 : -1) * (e.mgFactor * change + e.egFactor * changeEg);
  }
  return out;
}

/// Adds d loss / d delta for one entry, given d loss / d eval.
inline void add_gradient(const Dataset& data, const Entry& e, const Evaluated& ev, double dEval,
                         const KingDangerShape<double>& shape, double* g) {
  const double mg = dEval * e.mgFactor, eg = dEval * e.egFactor;
  const LinearTerm* lt = data.linear.data() + e.linearBegin;
  for (int k = 0; k < e.linearCount; ++k) {
    g[2 * lt[k].index] += mg * lt[k].net;
    g[2 * lt[k].index + 1] += eg * lt[k].net;
  }
  const DangerTerm* dt = data.danger.data() + e.dangerBegin;
  for (Color c : {WHITE, BLACK}) {
    if (!e.dangerReal[c]) continue;
    const KingDangerGradient d = king_danger_gradient(ev.units[c], shape);
    const KingDangerEndgameGradient de = king_danger_endgame_gradient(ev.units[c], shape);
    const double f = -(c == WHITE ? 1 : -1) * mg, fe = -(c == WHITE ? 1 : -1) * eg;
    const double fu = f * d.units + fe * de.units;
    for (int k = 0; k < e.dangerCount[c]; ++k, ++dt) g[2 * dt->index] += fu * dt->count;
    g[2 * KingDangerQuadratic] += f * d.quadratic;
    g[2 * KingDangerLinear] += f * d.linear;
    g[2 * KingDangerLimit] += f * d.limit + fe * de.limit;
    g[2 * KingDangerEndgame] += fe * de.endgame;
  }
}

}  // namespace

KingDangerShape<double> curve_shape(const double* delta) {
  KingDangerShape<double> s = king_danger_shape<double>(Weights);
  s.quadratic += delta[2 * KingDangerQuadratic];
  s.linear += delta[2 * KingDangerLinear];
  s.limit += delta[2 * KingDangerLimit];
  s.endgame += delta[2 * KingDangerEndgame];
  return s;
}

double evaluate_entry(const Dataset& data, const Entry& e, const double* delta) {
  return evaluate(data, e, delta, curve_shape(delta), king_danger_shape<double>(Weights)).eval;
}

double expected_score(double eval, double k) { return 1.0 / (1.0 + std::exp(-k * Ln10Over400 * eval)); }

void blend_targets(Dataset& data, double scoreWeight, double k) {
  for (Entry& e : data.entries)
    e.target = e.hasScore ? float((1 - scoreWeight) * e.result + scoreWeight * expected_score(e.score, k)) : e.result;
}

double mean_loss(const Dataset& data, const Deltas& delta, double k, int threads, LossAgainst against) {
  if (data.size() == 0) return 0;
  const KingDangerShape<double> shape = curve_shape(delta.data()), base = king_danger_shape<double>(Weights);
  std::vector<double> sums(size_t(std::max(1, threads)), 0.0);
  parallel_ranges(data.size(), threads, [&](int t, size_t begin, size_t end) {
    double s = 0;
    for (size_t i = begin; i < end; ++i) {
      const Entry& e = data.entries[i];
      const double truth = against == LossAgainst::Result ? e.result : e.target;
      const double err = truth - expected_score(evaluate(data, e, delta.data(), shape, base).eval, k);
      s += err * err;
    }
    sums[size_t(t)] = s;
  });
  double total = 0;
  for (double s : sums) total += s;
  return total / double(data.size());
}

double loss_and_gradient(const Dataset& data, const uint32_t* batch, size_t count, const Deltas& delta, double k,
                         int threads, std::vector<double>& gradient) {
  gradient.assign(size_t(TunerSize), 0.0);
  if (count == 0) return 0;
  const KingDangerShape<double> shape = curve_shape(delta.data()), base = king_danger_shape<double>(Weights);
  const size_t parts = size_t(std::max(1, threads));
  std::vector<std::vector<double>> grads(parts, std::vector<double>(size_t(TunerSize), 0.0));
  std::vector<double> sums(parts, 0.0);
  parallel_ranges(count, threads, [&](int t, size_t begin, size_t end) {
    double* g = grads[size_t(t)].data();
    double s = 0;
    for (size_t i = begin; i < end; ++i) {
      const Entry& e = data.entries[batch[i]];
      const Evaluated ev = evaluate(data, e, delta.data(), shape, base);
      const double p = expected_score(ev.eval, k), err = e.target - p;
      s += err * err;
      // d (r - p)^2 / d eval = -2 (r - p) p (1 - p) K ln(10) / 400
      add_gradient(data, e, ev, -2.0 * err * p * (1 - p) * k * Ln10Over400, shape, g);
    }
    sums[size_t(t)] = s;
  });
  double total = 0;
  for (size_t t = 0; t < parts; ++t) {
    total += sums[t];
    for (int j = 0; j < TunerSize; ++j) gradient[size_t(j)] += grads[t][size_t(j)];
  }
  for (double& g : gradient) g /= double(count);
  return total / double(count);
}

double fit_k(const Dataset& data, const Deltas& delta, int threads) {
  const double phi = (std::sqrt(5.0) - 1) / 2;
  double a = 0.05, b = 5.0;
  double c = b - phi * (b - a), d = a + phi * (b - a);
  double fc = mean_loss(data, delta, c, threads), fd = mean_loss(data, delta, d, threads);
  while (b - a > 1e-5) {
    if (fc < fd) {
      b = d, d = c, fd = fc;
      c = b - phi * (b - a);
      fc = mean_loss(data, delta, c, threads);
    } else {
      a = c, c = d, fc = fd;
      d = a + phi * (b - a);
      fd = mean_loss(data, delta, d, threads);
    }
  }
  return (a + b) / 2;
}

std::vector<size_t> usage_counts(const Dataset& data) {
  std::vector<size_t> n(size_t(TunerSize), 0);
  for (const Entry& e : data.entries) {
    const LinearTerm* lt = data.linear.data() + e.linearBegin;
    for (int k = 0; k < e.linearCount; ++k) {
      n[size_t(2 * lt[k].index)] += e.mgFactor != 0;
      n[size_t(2 * lt[k].index + 1)] += e.egFactor != 0;
    }
    const DangerTerm* dt = data.danger.data() + e.dangerBegin;
    for (int k = 0; k < e.dangerCount[WHITE] + e.dangerCount[BLACK]; ++k) ++n[size_t(2 * dt[k].index)];
    if (e.dangerReal[WHITE] || e.dangerReal[BLACK])
      for (int i : {KingDangerQuadratic, KingDangerLinear, KingDangerLimit, KingDangerEndgame}) ++n[size_t(2 * i)];
  }
  return n;
}

WeightVector rounded_weights(const Deltas& delta) {
  WeightVector w = Weights;
  for (int i = 0; i < ParamCount; ++i) {
    const auto half = [&](int base, double d) { return int(std::clamp(std::lround(base + d), -32000L, 32000L)); };
    w[size_t(i)] = Score(half(Weights[size_t(i)].mg(), delta[size_t(2 * i)]), half(Weights[size_t(i)].eg(), delta[size_t(2 * i + 1)]));
  }
  return w;
}

Deltas rounded_deltas(const Deltas& delta) {
  const WeightVector w = rounded_weights(delta);
  Deltas out = zero_deltas();
  for (int i = 0; i < ParamCount; ++i) {
    out[size_t(2 * i)] = w[size_t(i)].mg() - Weights[size_t(i)].mg();
    out[size_t(2 * i + 1)] = w[size_t(i)].eg() - Weights[size_t(i)].eg();
  }
  return out;
}

Deltas step_scales(const Dataset& data, const Deltas& delta, int threads) {
  // add_gradient() with d loss / d eval = 1 gives one position's d eval / d weight for every half
  // it touches; they are read back from a scratch vector and cleared, so a position costs its terms.
  const KingDangerShape<double> shape = curve_shape(delta.data()), base = king_danger_shape<double>(Weights);
  const size_t parts = size_t(std::max(1, threads));
  std::vector<std::vector<double>> squares(parts, std::vector<double>(size_t(TunerSize), 0.0));
  std::vector<std::vector<size_t>> counts(parts, std::vector<size_t>(size_t(TunerSize), 0));
  parallel_ranges(data.size(), threads, [&](int t, size_t begin, size_t end) {
    std::vector<double> scratch(size_t(TunerSize), 0.0);
    std::vector<size_t> touched;
    double* sq = squares[size_t(t)].data();
    size_t* n = counts[size_t(t)].data();
    for (size_t i = begin; i < end; ++i) {
      const Entry& e = data.entries[i];
      touched.clear();
      const LinearTerm* lt = data.linear.data() + e.linearBegin;
      for (int k = 0; k < e.linearCount; ++k) {
        touched.push_back(size_t(2 * lt[k].index));
        touched.push_back(size_t(2 * lt[k].index + 1));
      }
      const DangerTerm* dt = data.danger.data() + e.dangerBegin;
      for (int k = 0; k < e.dangerCount[WHITE] + e.dangerCount[BLACK]; ++k) touched.push_back(size_t(2 * dt[k].index));
      if (e.dangerReal[WHITE] || e.dangerReal[BLACK])
        for (int p : {KingDangerQuadratic, KingDangerLinear, KingDangerLimit, KingDangerEndgame})
          touched.push_back(size_t(2 * p));
      add_gradient(data, e, evaluate(data, e, delta.data(), shape, base), 1.0, shape, scratch.data());
      for (size_t j : touched) {
        if (scratch[j] == 0) continue;  // not used here, or already read (a weight counted against both kings)
        sq[j] += scratch[j] * scratch[j];
        ++n[j];
        scratch[j] = 0;
      }
    }
  });
  Deltas scale(size_t(TunerSize), 1.0);
  for (size_t j = 0; j < size_t(TunerSize); ++j) {
    double sum = 0;
    size_t count = 0;
    for (size_t t = 0; t < parts; ++t) sum += squares[t][j], count += counts[t][j];
    if (count == 0) continue;
    const double rms = std::sqrt(sum / double(count));
    scale[j] = std::min(1.0, 1.0 / rms);
  }
  return scale;
}

}  // namespace taper::tune
