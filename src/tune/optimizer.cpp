// SPDX-License-Identifier: GPL-3.0-or-later
// Adam or AdaGrad with mini-batches and a step per weight, early stopping on the validation loss,
// progress, and the resumable state.
#include "tune/optimizer.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

namespace taper::tune {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string clock_text(double seconds) {
  char buf[32];
  const long s = std::lround(std::max(0.0, seconds));
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

/// One line on stderr, redrawn in place on a terminal, printed now and then otherwise.
class ProgressBar {
 public:
  explicit ProgressBar(bool enabled) : enabled_(enabled), tty_(isatty(2)) {}
  void draw(int epoch, int lastEpoch, double fraction, double epochElapsed, double meanEpoch) {
    if (!enabled_) return;
    const double now = seconds_since(start_);
    if (fraction < 1 && now - last_ < (tty_ ? 0.2 : 30.0)) return;
    last_ = now;
    constexpr int Width = 30;
    const int filled = int(fraction * Width);
    const double epochEta = fraction > 0 ? epochElapsed * (1 - fraction) / fraction : 0;
    const double perEpoch = meanEpoch > 0 ? meanEpoch : fraction > 0 ? epochElapsed / fraction : 0;
    const double totalEta = epochEta + perEpoch * (lastEpoch - epoch);
    std::fprintf(stderr, "%sepoch %d/%d [%s%s] %3d%%  epoch ETA %s  run ETA %s (at most)%s", tty_ ? "\r" : "", epoch,
                 lastEpoch, std::string(size_t(filled), '#').c_str(), std::string(size_t(Width - filled), '.').c_str(),
                 int(fraction * 100), clock_text(epochEta).c_str(), clock_text(totalEta).c_str(), tty_ ? "   " : "\n");
    std::fflush(stderr);
  }
  void clear() {
    if (enabled_ && tty_) std::fprintf(stderr, "\r%80s\r", "");
  }

 private:
  bool enabled_, tty_;
  Clock::time_point start_ = Clock::now();
  double last_ = -1e9;
};

/// One mini-batch step of either rule. The gradient includes L2's pull towards the anchor; each
/// half's step is the rule's normalised step times the rate and the half's step factor.
void optimizer_step(const AdamSettings& s, TuneState& st, const std::vector<double>& gradient) {
  ++st.step;
  const double c1 = 1 - std::pow(s.beta1, double(st.step)), c2 = 1 - std::pow(s.beta2, double(st.step));
  for (size_t j = 0; j < size_t(TunerSize); ++j) {
    if (!st.tunable[j]) continue;
    const double g = gradient[j] + 2 * s.l2 * (st.delta[j] - st.anchor[j]);
    const double rate = st.learningRate * st.scale[j];
    if (st.optimizer == Optimizer::AdaGrad) {
      // Ethereal's tuner: the sum of every squared gradient so far divides the step, so a weight's
      // steps shrink as its gradients accumulate, each weight at its own pace.
      st.v[j] += g * g;
      st.delta[j] -= rate * g / (std::sqrt(st.v[j]) + s.epsilon);
    } else {
      st.m[j] = s.beta1 * st.m[j] + (1 - s.beta1) * g;
      st.v[j] = s.beta2 * st.v[j] + (1 - s.beta2) * g * g;
      st.delta[j] -= rate * (st.m[j] / c1) / (std::sqrt(st.v[j] / c2) + s.epsilon);
    }
  }
  // More danger must never cost less: the curve's curvature and slope and the endgame share stay non-negative
  // (projected back to zero), which keeps the integer curve monotone as well.
  for (int i : {KingDangerQuadratic, KingDangerLinear, KingDangerEndgame}) {
    double& d = st.delta[size_t(2 * i)];
    d = std::max(d, -double(Weights[size_t(i)].mg()));
  }
}

}  // namespace

const char* optimizer_name(Optimizer o) { return o == Optimizer::AdaGrad ? "adagrad" : "adam"; }

bool parse_optimizer(const std::string& name, Optimizer& out) {
  if (name == "adam") return out = Optimizer::Adam, true;
  if (name == "adagrad") return out = Optimizer::AdaGrad, true;
  return false;
}

TuneState initial_state(const Dataset& train, const Dataset& validation, double k, const std::vector<uint8_t>& tunable,
                        const AdamSettings& settings, const Deltas& start) {
  TuneState st;
  st.k = k;
  st.learningRate = settings.learningRate;
  st.optimizer = settings.optimizer;
  st.m = st.v = zero_deltas();
  st.delta = st.best = st.anchor = start;
  st.perWeightSteps = settings.perWeightSteps;
  st.scale = settings.perWeightSteps ? step_scales(train, start, settings.threads) : Deltas(size_t(TunerSize), 1.0);
  st.tunable = tunable;
  const Clock::time_point t0 = Clock::now();
  EpochRecord r;
  // The objective being fitted: the targets (the results, or their blend with search scores).
  r.train = mean_loss(train, st.delta, k, settings.threads, LossAgainst::Target);
  r.validation = mean_loss(validation, st.delta, k, settings.threads, LossAgainst::Target);
  r.validationRounded = mean_loss(validation, rounded_deltas(st.delta), k, settings.threads, LossAgainst::Target);
  r.seconds = seconds_since(t0);
  st.bestValidation = r.validation;
  st.history.push_back(r);
  return st;
}

bool run_epochs(const Dataset& train, const Dataset& validation, const AdamSettings& settings, TuneState& st,
                const std::function<void(const TuneState&)>& onEpoch) {
  std::vector<uint32_t> order(train.size());
  std::vector<double> gradient;
  ProgressBar bar(settings.progress);
  const size_t batch = std::max<size_t>(1, settings.batchSize);
  double epochTimes = 0;
  int epochsTimed = 0;
  while (st.epoch < settings.epochs) {
    const int epoch = st.epoch + 1;
    const Clock::time_point t0 = Clock::now();
    // A fresh shuffle per epoch, from the seed and the epoch number alone (so a resumed run
    // sees the batches an uninterrupted one would have seen).
    std::iota(order.begin(), order.end(), 0u);
    std::mt19937_64 rng(settings.seed * 0x9E3779B97F4A7C15ull + uint64_t(epoch));
    std::shuffle(order.begin(), order.end(), rng);
    for (size_t begin = 0; begin < order.size(); begin += batch) {
      const size_t count = std::min(batch, order.size() - begin);
      loss_and_gradient(train, order.data() + begin, count, st.delta, st.k, settings.threads, gradient);
      optimizer_step(settings, st, gradient);
      bar.draw(epoch, settings.epochs, double(begin + count) / double(order.size()), seconds_since(t0),
               epochsTimed ? epochTimes / epochsTimed : 0);
    }
    bar.clear();
    EpochRecord r;
    r.epoch = epoch;
    r.train = mean_loss(train, st.delta, st.k, settings.threads, LossAgainst::Target);
    r.validation = mean_loss(validation, st.delta, st.k, settings.threads, LossAgainst::Target);
    r.seconds = seconds_since(t0);  // the training pass and its losses: what the speed figures mean
    r.validationRounded = mean_loss(validation, rounded_deltas(st.delta), st.k, settings.threads, LossAgainst::Target);
    epochTimes += r.seconds;
    ++epochsTimed;
    st.history.push_back(r);
    st.epoch = epoch;
    st.learningRate *= settings.decay;
    if (r.validation < st.bestValidation - settings.minImprovement) {
      st.bestValidation = r.validation;
      st.bestEpoch = epoch;
      st.best = st.delta;
      st.stale = 0;
    } else {
      ++st.stale;
    }
    onEpoch(st);
    if (settings.patience > 0 && st.stale >= settings.patience) return true;
  }
  return false;
}

uint64_t layout_fingerprint() {
  uint64_t h = 1469598103934665603ull;  // FNV-1a over names, sizes and kinds
  for (int i = 0; i < ParamCount; i += Params[size_t(i)].size) {
    for (char ch : Params[size_t(i)].name) h = (h ^ uint8_t(ch)) * 1099511628211ull;
    h = (h ^ uint64_t(Params[size_t(i)].size)) * 1099511628211ull;
    h = (h ^ uint64_t(Params[size_t(i)].kind)) * 1099511628211ull;
  }
  return h;
}

bool save_state(const std::string& path, const TuneState& st, std::string* error) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp);
    if (!out) {
      if (error) *error = "cannot write " + tmp;
      return false;
    }
    out.precision(17);
    out << "taper-tune-state 1\nlayout " << layout_fingerprint() << "\nsize " << TunerSize << "\nk " << st.k
        << "\noptimizer " << optimizer_name(st.optimizer) << "\nsteps " << (st.perWeightSteps ? "per-weight" : "uniform")
        << "\nepoch " << st.epoch << "\nstep " << st.step
        << "\nlearning_rate " << st.learningRate
        << "\nbest_validation " << st.bestValidation << "\nbest_epoch " << st.bestEpoch << "\nstale " << st.stale << "\n";
    for (const EpochRecord& r : st.history)
      out << "history " << r.epoch << ' ' << r.train << ' ' << r.validation << ' ' << r.seconds << ' '
          << r.validationRounded << "\n";
    auto vec = [&](const char* name, const auto& v) {
      out << name;
      for (auto x : v) out << ' ' << +x;
      out << "\n";
    };
    vec("tunable", st.tunable);
    vec("delta", st.delta);
    vec("m", st.m);
    vec("v", st.v);
    vec("best", st.best);
    vec("scale", st.scale);
    vec("anchor", st.anchor);
    if (!out.good()) {
      if (error) *error = "write error on " + tmp;
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {  // never leave a half-written state
    if (error) *error = "cannot rename " + tmp + " to " + path;
    return false;
  }
  return true;
}

bool load_state(const std::string& path, TuneState& st, std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error) *error = path + ": " + why;
    return false;
  };
  std::ifstream in(path);
  if (!in) return fail("cannot open");
  st = TuneState{};
  std::string line, key;
  bool header = false;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    f >> key;
    if (key == "taper-tune-state") header = true;
    else if (key == "layout") {
      uint64_t fp = 0;
      f >> fp;
      if (fp != layout_fingerprint()) return fail("made for a different parameter table (params.def changed)");
    } else if (key == "size") {
      int n = 0;
      f >> n;
      if (n != TunerSize) return fail("wrong number of weights");
    } else if (key == "optimizer") {
      std::string name;
      f >> name;
      if (!parse_optimizer(name, st.optimizer)) return fail("unknown optimizer '" + name + "'");
    } else if (key == "steps") {
      std::string mode;
      f >> mode;
      if (mode != "per-weight" && mode != "uniform") return fail("unknown step mode '" + mode + "'");
      st.perWeightSteps = mode == "per-weight";
    } else if (key == "k") f >> st.k;
    else if (key == "epoch") f >> st.epoch;
    else if (key == "step") f >> st.step;
    else if (key == "learning_rate") f >> st.learningRate;
    else if (key == "best_validation") f >> st.bestValidation;
    else if (key == "best_epoch") f >> st.bestEpoch;
    else if (key == "stale") f >> st.stale;
    else if (key == "history") {
      EpochRecord r;
      f >> r.epoch >> r.train >> r.validation >> r.seconds;
      if (!(f >> r.validationRounded)) r.validationRounded = -1;  // states written before it was recorded
      st.history.push_back(r);
    } else if (key == "tunable") {
      for (int x; f >> x;) st.tunable.push_back(uint8_t(x));
    } else {
      Deltas* v = key == "delta"    ? &st.delta
                  : key == "m"      ? &st.m
                  : key == "v"      ? &st.v
                  : key == "best"   ? &st.best
                  : key == "scale"  ? &st.scale
                  : key == "anchor" ? &st.anchor
                                    : nullptr;
      if (!v) return fail("unknown line '" + key + "'");
      for (double x; f >> x;) v->push_back(x);
    }
  }
  if (!header) return fail("not a tuner state file");
  // States written before the step factors and the anchor: one rate for all, L2 towards the
  // compiled-in weights, as those runs did.
  if (st.scale.empty()) st.scale.assign(size_t(TunerSize), 1.0);
  if (st.anchor.empty()) st.anchor = zero_deltas();
  for (const Deltas* v : {&st.delta, &st.m, &st.v, &st.best, &st.scale, &st.anchor})
    if (v->size() != size_t(TunerSize)) return fail("truncated");
  if (st.tunable.size() != size_t(TunerSize)) return fail("truncated");
  return true;
}

namespace {

struct GroupName {
  std::string_view name;
  ParamGroup group;
};
constexpr GroupName GroupNames[] = {
#define PARAM(group, kind, name, n) {#group, ParamGroup::group},
#include "eval/params.def"
#undef PARAM
};

bool iequal(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

/// Whether parameter element i matches a group or parameter name.
bool matches(int i, std::string_view spec) {
  const ParamInfo& p = Params[size_t(i)];
  if (iequal(p.name, spec) || iequal(GroupTitle[size_t(p.group)], spec)) return true;
  for (const GroupName& g : GroupNames)
    if (g.group == p.group && iequal(g.name, spec)) return true;
  return false;
}

}  // namespace

std::vector<uint8_t> tunable_halves(const std::vector<std::string>& freeze, const std::vector<std::string>& only,
                                    bool allHalves, std::string* error) {
  for (const auto* list : {&freeze, &only})
    for (const std::string& spec : *list) {
      bool known = false;
      for (int i = 0; i < ParamCount && !known; ++i) known = matches(i, spec);
      if (!known) {
        if (error) *error = "no parameter or group named '" + spec + "'";
        return {};
      }
    }
  std::vector<uint8_t> t(size_t(TunerSize), 0);
  for (int first = 0; first < ParamCount; first += Params[size_t(first)].size) {
    const ParamInfo& p = Params[size_t(first)];
    bool anyMg = false, anyEg = false;
    for (int i = first; i < first + p.size; ++i) {
      anyMg |= Weights[size_t(i)].mg() != 0;
      anyEg |= Weights[size_t(i)].eg() != 0;
    }
    // Mating technique (the Endgame group) is left alone unless asked for by --only: a game's
    // result says the lone king lost, not where it should have been driven, and datagen
    // adjudicates most such games before the mate.
    bool on = only.empty() && p.group != ParamGroup::Endgame;
    for (const std::string& s : only) on |= matches(first, s);
    for (const std::string& s : freeze) on &= !matches(first, s);
    if (!on || p.kind == ParamKind::Scale) continue;
    const bool mg = p.kind != ParamKind::Linear || allHalves || anyMg || !anyEg;
    const bool eg = p.kind == ParamKind::Linear && (allHalves || anyEg || !anyMg);
    for (int i = first; i < first + p.size; ++i) {
      t[size_t(2 * i)] = mg;
      t[size_t(2 * i + 1)] = eg;
    }
  }
  return t;
}

bool anchor_at_zero(TuneState& st, const std::vector<std::string>& names, std::string* error) {
  for (const std::string& spec : names) {
    bool known = false;
    for (int i = 0; i < ParamCount; ++i) {
      if (!matches(i, spec)) continue;
      known = true;
      st.anchor[size_t(2 * i)] = -double(Weights[size_t(i)].mg());
      st.anchor[size_t(2 * i + 1)] = -double(Weights[size_t(i)].eg());
    }
    if (!known) {
      if (error) *error = "no parameter or group named '" + spec + "'";
      return false;
    }
  }
  return true;
}

}  // namespace taper::tune
