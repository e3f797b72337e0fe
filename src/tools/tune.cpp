// SPDX-License-Identifier: GPL-3.0-or-later
// `taper tune`: Texel tuning from the command line, in steps: flags, data, K and the starting
// state, the epochs, the outputs with their provenance.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <iostream>

#include "tools/args.hpp"
#include "tools/subcommands.hpp"
#include "tools/tune_common.hpp"
#include "tune/dataset.hpp"
#include "tune/optimizer.hpp"
#include "tune/output.hpp"

namespace taper::tools {

using namespace tune;

namespace {

/// Everything the flags of `taper tune` set.
struct TuneSettings {
  AdamSettings adam;
  LoadOptions load;
  std::string out = "params_values.inc", statePath, plots, startTable, commandLine = "taper tune";
  std::string optimizer = "adam", split = "game";
  std::vector<std::string> freeze, only, files, holdout, l2Zero;
  bool uniformSteps = false;
  double fixedK = 0, scoreWeight = 0;
  bool resume = false, evaluateOnly = false, allHalves = false, quiet = false;
  long long limit = 0, minCount = 0;
};

void declare_flags(ArgParser& p, TuneSettings& t) {
  AdamSettings& a = t.adam;
  p.text("out", 0, "tuned table, params_values.inc format (default ./params_values.inc)", t.out)
      .text("state", 0, "state file written every epoch (default OUT.state)", t.statePath)
      .toggle("resume", 0, "continue from the state file", t.resume)
      .text("plots", 0, "prefix of the SVG plots PREFIX-loss.svg, PREFIX-tables.svg (default OUT without .inc)", t.plots,
            "PREFIX")
      .integer("epochs", 0, "last epoch (default 200)", a.epochs, 0, 1000000)
      .integer("batch", 0, "mini-batch size (default 16384)", a.batchSize, 1, 1LL << 32)
      .text("optimizer", 0, "adam or adagrad (Ethereal's tuner); default adam", t.optimizer, "NAME")
      .real("lr", 0, "learning rate: centipawns of evaluation per step, roughly (default 1)", a.learningRate, 0, 1000)
      .toggle("uniform-steps", 0, "the rate in each weight's own units, the same for all (the old steps)",
              t.uniformSteps)
      .real("decay", 0, "learning rate factor per epoch (default 0.98 with adam, 1 with adagrad)", a.decay, 0, 1)
      .integer("patience", 0, "early stop after N epochs without a better validation loss (default 10; 0: never)",
               a.patience, 0, 1000000)
      .real("l2", 0, "pull towards the starting weights: adds L2 * (weight - start)^2 per weight half (default 0)", a.l2,
            0, 1)
      .list("l2-zero", "groups or parameters that --l2 pulls towards 0 (new terms) instead", t.l2Zero)
      .integer("threads", 0, "threads (default 2)", a.threads, 1, 256)
      .integer("seed", 0, "mini-batch shuffling seed (default 1)", a.seed, 0, 1LL << 62)
      .real("validation", 0, "share of games held out for validation (default 0.1)", t.load.validationFraction, 0, 0.9)
      .text("split", 0, "hold out whole games (game, the default) or single positions (position: leaks)", t.split, "BY")
      .integer("split-seed", 0, "changes which games are held out (default 0)", t.load.splitSeed, 0, 1LL << 62)
      .list("holdout", "validate on these files, whole, and train on all the others", t.holdout, "FILE")
      .integer("limit", 0, "read at most N lines (default: all)", t.limit, 0, 1LL << 40)
      .toggle("resolve", 0, "replace each position by the leaf of its quiescence PV", t.load.resolve)
      .real("k", 0, "use this K instead of fitting it", t.fixedK, 0.01, 100)
      .real("score-weight", 0, "fit (1-W) * result + W * sigmoid(line's search score) (default 0: results only)",
            t.scoreWeight, 0, 1)
      .text("weights", 0, "start from this params_values.inc table instead of the compiled-in weights", t.startTable)
      .toggle("evaluate", 0, "only fit K and report the losses of the current weights", t.evaluateOnly)
      .list("freeze", "groups or parameters not to tune", t.freeze)
      .list("only", "tune only these groups or parameters", t.only)
      .integer("min-count", 0, "leave weight halves used by fewer than N training positions untouched (default 0)",
               t.minCount, 0, 1LL << 40)
      .toggle("all-halves", 0, "also tune the eg half of mg-only parameters and vice versa", t.allHalves)
      .toggle("quiet", 0, "no progress bar", t.quiet);
}

/// Loads and traces the data; `dataLines` receives the provenance lines. False after a message.
bool load_data(TuneSettings& t, Dataset& train, Dataset& validation, std::vector<std::string>& dataLines) {
  const auto t0 = std::chrono::steady_clock::now();
  LoadReport rep;
  std::string error;
  if (!load_dataset(t.files, t.load, train, validation, rep, &error)) return std::cerr << "error: " << error << "\n", false;
  const double loadSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (const std::string& f : rep.files) dataLines.push_back("Data: " + f);
  dataLines.push_back(fmt("%zu positions (White won %zu, drawn %zu, lost %zu), %zu bad lines; %zu known endgames or dead "
                          "draws skipped%s",
                          rep.positions, rep.results[2], rep.results[1], rep.results[0], rep.bad, rep.notGeneral,
                          t.load.resolve ? fmt("; quiescence-resolved (%zu changed, %zu dropped as mates)", rep.resolved,
                                               rep.terminal).c_str()
                                         : "; not quiescence-resolved"));
  dataLines.push_back(fmt("Games: %zu (%zu in training, %zu in validation, %zu in both)", rep.games, rep.trainGames,
                          rep.validationGames, rep.splitGames));
  dataLines.push_back(
      !t.load.holdout.empty()
          ? fmt("Split: %zu training, %zu validation (the held-out files, whole)", train.size(), validation.size())
          : fmt("Split: %zu training, %zu validation (%.0f%% of the %s held out by hash, split seed %llu)", train.size(),
                validation.size(), t.load.validationFraction * 100,
                t.load.splitBy == SplitBy::Game ? "games" : "positions (one game on both sides)",
                (unsigned long long)t.load.splitSeed));
  for (const std::string& l : dataLines) std::cout << l << "\n";
  for (const std::string& b : rep.badExamples) std::cout << "  bad: " << b << "\n";
  std::cout << fmt("Loaded in %.1f s; %.1f MB of coefficients (%.1f linear and %.1f danger terms per position)\n",
                   loadSeconds, (train.bytes() + validation.bytes()) / 1e6,
                   double(train.linear.size()) / std::max<size_t>(1, train.size()),
                   double(train.danger.size()) / std::max<size_t>(1, train.size()));
  if (train.size() == 0) return std::cerr << "error: no usable training positions\n", false;
  return true;
}

/// Rare weights would only learn the noise of the few positions that use them: freeze them.
void freeze_rare(const Dataset& train, long long minCount, std::vector<uint8_t>& tunable,
                 std::vector<std::string>& dataLines) {
  const std::vector<size_t> used = usage_counts(train);
  std::string rare;
  int frozen = 0;
  for (int j = 0; j < TunerSize; ++j)
    if (tunable[size_t(j)] && used[size_t(j)] < size_t(minCount)) {
      tunable[size_t(j)] = 0;
      ++frozen;
      const ParamInfo& p = Params[size_t(j / 2)];
      if (rare.size() < 600)
        rare += fmt(" %.*s[%d].%s", int(p.name.size()), p.name.data(), j / 2 - p.first, j % 2 ? "eg" : "mg");
    }
  dataLines.push_back(fmt("%d weight halves used by fewer than %lld training positions left untouched", frozen, minCount));
  std::cout << dataLines.back() << ":" << rare << (rare.size() >= 600 ? " ..." : "") << "\n";
}

/// The starting weights as deltas from the compiled-in ones (zero unless --weights).
bool start_deltas(const std::string& table, Deltas& delta, std::vector<std::string>& dataLines) {
  delta = zero_deltas();
  if (table.empty()) return true;
  std::ifstream in(table);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  WeightVector w = Weights;
  std::string error;
  if (!in || !parse_params_values(text, w, &error)) return std::cerr << "error: " << table << ": " << error << "\n", false;
  for (int i = 0; i < ParamCount; ++i) {
    delta[size_t(2 * i)] = w[size_t(i)].mg() - Weights[size_t(i)].mg();
    delta[size_t(2 * i + 1)] = w[size_t(i)].eg() - Weights[size_t(i)].eg();
    if (Params[size_t(i)].kind == ParamKind::Scale && w[size_t(i)] != Weights[size_t(i)])
      std::cout << "note: " << Params[size_t(i)].name << " differs from the compiled-in value, which the data was traced with\n";
  }
  dataLines.push_back("Starting weights: " + table);
  return true;
}

/// The state to run from: resumed from the state file, or fresh with K fitted (or given). K comes
/// from the results; then both sets get their targets (blend_targets), which the epochs fit and
/// the early stopping follows.
bool starting_state(const TuneSettings& t, Dataset& train, Dataset& validation, const std::vector<uint8_t>& tunable,
                    const Deltas& startDelta, TuneState& st) {
  std::string error;
  if (t.resume) {
    if (!load_state(t.statePath, st, &error)) return std::cerr << "error: " << error << "\n", false;
    // The update rule and the step factors are the state's: a resumed run must continue the same fit.
    if (st.optimizer != t.adam.optimizer)
      return std::cerr << "error: " << t.statePath << " was made by --optimizer " << optimizer_name(st.optimizer)
                       << ", not " << optimizer_name(t.adam.optimizer) << "\n",
             false;
    if (st.perWeightSteps != t.adam.perWeightSteps)
      return std::cerr << "error: " << t.statePath << " was made " << (st.perWeightSteps ? "without" : "with")
                       << " --uniform-steps\n",
             false;
    std::cout << fmt("Resuming %s at epoch %d (K = %.4f, best validation %.6f at epoch %d)\n", t.statePath.c_str(),
                     st.epoch, st.k, st.bestValidation, st.bestEpoch);
    blend_targets(train, t.scoreWeight, st.k);
    blend_targets(validation, t.scoreWeight, st.k);
    return true;
  }
  const double k = t.fixedK > 0 ? t.fixedK : fit_k(train, startDelta, t.adam.threads);
  std::cout << fmt("K = %.4f (%s)\n", k, t.fixedK > 0 ? "given" : "fitted on the training set with the starting weights");
  blend_targets(train, t.scoreWeight, k);
  blend_targets(validation, t.scoreWeight, k);
  st = initial_state(train, validation, k, tunable, t.adam, startDelta);
  if (!anchor_at_zero(st, t.l2Zero, &error)) return std::cerr << "error: --l2-zero: " << error << "\n", false;
  return true;
}

/// The header of the written table: how it was made, from what, and how good it is.
std::vector<std::string> provenance(const TuneSettings& t, const std::vector<std::string>& dataLines, const Dataset& train,
                                    const Dataset& validation, const EpochRecord& start, const EpochRecord& startTarget,
                                    const TuneState& s, bool finished) {
  std::vector<std::string> h = {"Values of the parameters in params.def, written by `taper tune` (src/tune, docs/TUNING.md).",
                                "Date: " + utc_now(), "Command: " + t.commandLine};
  h.insert(h.end(), dataLines.begin(), dataLines.end());
  const Deltas rounded = rounded_deltas(s.best);
  h.push_back(fmt("K = %.4f; loss = mean squared error of 1 / (1 + 10^(-K * eval / 400)) against the result", s.k));
  h.push_back(fmt("Epochs: %d run, best validation at epoch %d%s", s.epoch, s.bestEpoch,
                  finished ? "" : " (run still in progress)"));
  h.push_back(fmt("Optimizer: %s, %s, lr %g, decay %g, batch %zu, L2 %g%s", optimizer_name(s.optimizer),
                  t.uniformSteps ? "one step size for all weights" : "a step size per weight",
                  t.adam.learningRate, t.adam.decay, t.adam.batchSize, t.adam.l2,
                  t.l2Zero.empty() ? "" : " (towards 0 for the --l2-zero terms)"));
  h.push_back(fmt("Loss, starting weights: training %.6f, validation %.6f", start.train, start.validation));
  h.push_back(fmt("Loss, the fitted real-valued weights: training %.6f, validation %.6f",
                  mean_loss(train, s.best, s.k, t.adam.threads), mean_loss(validation, s.best, s.k, t.adam.threads)));
  h.push_back(fmt("Loss, this table (integers): training %.6f, validation %.6f",
                  mean_loss(train, rounded, s.k, t.adam.threads), mean_loss(validation, rounded, s.k, t.adam.threads)));
  if (t.scoreWeight > 0)
    h.push_back(fmt("Fitted objective (the blended target), validation: starting weights %.6f, real-valued %.6f, "
                    "this table %.6f",
                    startTarget.validation, mean_loss(validation, s.best, s.k, t.adam.threads, LossAgainst::Target),
                    mean_loss(validation, rounded, s.k, t.adam.threads, LossAgainst::Target)));
  std::string frozen;
  for (const auto& x : t.freeze) frozen += (frozen.empty() ? "" : ", ") + x;
  h.push_back("Not tuned: Scale parameters (the tuner keeps each position's scale factor fixed)" +
              std::string(t.only.empty() ? "; the Endgame group (left alone unless --only names it)" : "") +
              std::string(t.freeze.empty() ? "" : "; frozen: ") + frozen);
  return h;
}

/// The tuned table, the loss curve and the square tables of state `s`.
void write_outputs(const TuneSettings& t, const std::vector<std::string>& header, const TuneState& s) {
  std::string err;
  const WeightVector w = rounded_weights(s.best);
  if (!write_text_file(t.out, format_params_values(w, header), &err) ||
      !write_text_file(t.plots + "-loss.svg", loss_curve_svg(s.history, s.bestEpoch, "Taper Texel tuning: " + t.out), &err) ||
      !write_text_file(t.plots + "-tables.svg", square_tables_svg(w, &Weights, "Square tables after tuning (" + t.out + ")"),
                       &err))
    std::cerr << "error: " << err << "\n";
}

/// The weights whose steps the per-weight factors shrink most (step_scales()), as a check of the scaling.
void print_small_steps(const TuneState& st) {
  std::vector<int> order;
  for (int j = 0; j < TunerSize; ++j)
    if (st.tunable[size_t(j)] && st.scale[size_t(j)] < 1) order.push_back(j);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return st.scale[size_t(a)] < st.scale[size_t(b)]; });
  std::string list;
  for (size_t i = 0; i < order.size() && i < 8; ++i) {
    const ParamInfo& p = Params[size_t(order[i] / 2)];
    list += fmt(" %.*s[%d].%s %.3f", int(p.name.size()), p.name.data(), order[i] / 2 - p.first, order[i] % 2 ? "eg" : "mg",
                st.scale[size_t(order[i])]);
  }
  std::cout << fmt("Step factors below 1: %zu weight halves; the smallest:", order.size()) << list << "\n";
}

void print_summary(const TuneSettings& t, const Dataset& train, const Dataset& validation, const EpochRecord& start,
                   const TuneState& st, bool early) {
  const Deltas rounded = rounded_deltas(st.best);
  std::cout << (early ? "Stopped early: " : "Done: ") << fmt("best validation loss at epoch %d\n", st.bestEpoch);
  std::cout << fmt("K %.4f\n", st.k);
  std::cout << fmt("  starting weights:     training %.6f  validation %.6f\n", start.train, start.validation);
  std::cout << fmt("  tuned (real-valued): training %.6f  validation %.6f\n",
                   mean_loss(train, st.best, st.k, t.adam.threads), mean_loss(validation, st.best, st.k, t.adam.threads));
  std::cout << fmt("  tuned (integers):    training %.6f  validation %.6f\n",
                   mean_loss(train, rounded, st.k, t.adam.threads), mean_loss(validation, rounded, st.k, t.adam.threads));
  std::cout << "Wrote " << t.out << ", " << t.plots << "-loss.svg, " << t.plots << "-tables.svg, state " << t.statePath
            << "\n";
}

}  // namespace

int run_tune(const Subcommand& self, const std::vector<std::string>& args) {
  TuneSettings t;
  ArgParser parser(self, "Texel tuning of every weight in the parameter table on labelled positions\n"
                         "(FEN [1.0], EPD c9 \"1-0\";, or taper datagen output; plain, .gz or .xz).");
  declare_flags(parser, t);
  if (auto code = parser.parse(args, t.files, std::cout, std::cerr)) return *code;
  if (t.files.empty()) return parser.usage_error("no data FILE given", std::cerr);
  for (const std::string& a : args) t.commandLine += " " + a;
  for (std::string& f : t.files) f = find_data_file(f, "tuning");
  if (t.statePath.empty()) t.statePath = t.out + ".state";
  if (t.plots.empty()) t.plots = t.out.ends_with(".inc") ? t.out.substr(0, t.out.size() - 4) : t.out;
  t.load.threads = t.adam.threads;
  t.load.limit = size_t(t.limit);
  t.load.progress = t.adam.progress = !t.quiet;
  if (!parse_optimizer(t.optimizer, t.adam.optimizer))
    return parser.usage_error("--optimizer is adam or adagrad, not '" + t.optimizer + "'", std::cerr);
  // AdaGrad shrinks its steps by itself (Ethereal's tuner keeps its rate): no decay unless asked for.
  if (t.adam.optimizer == Optimizer::AdaGrad && !ArgParser::given(args, "decay")) t.adam.decay = 1.0;
  t.adam.perWeightSteps = !t.uniformSteps;
  if (t.split != "game" && t.split != "position")
    return parser.usage_error("--split is game or position, not '" + t.split + "'", std::cerr);
  t.load.splitBy = t.split == "game" ? SplitBy::Game : SplitBy::Position;
  // Held-out files are read like the others: once, under the name FILE gives if it names the same
  // file (however spelt), so that no file is read both as training and as validation data.
  for (std::string& f : t.holdout) {
    f = find_data_file(f, "tuning");
    const auto same = [&](const std::string& g) {
      std::error_code ec;
      return g == f || std::filesystem::equivalent(g, f, ec);
    };
    if (const auto it = std::find_if(t.files.begin(), t.files.end(), same); it != t.files.end()) f = *it;
    else t.files.push_back(f);
  }
  t.load.holdout = t.holdout;

  std::string error;
  std::vector<uint8_t> tunable = tunable_halves(t.freeze, t.only, t.allHalves, &error);
  if (tunable.empty()) return std::cerr << "error: " << error << "\n", 2;
  Dataset train, validation;
  std::vector<std::string> dataLines;
  Deltas startDelta;
  TuneState st;
  if (!load_data(t, train, validation, dataLines)) return 1;
  if (t.minCount > 0) freeze_rare(train, t.minCount, tunable, dataLines);
  if (!start_deltas(t.startTable, startDelta, dataLines) ||
      !starting_state(t, train, validation, tunable, startDelta, st))
    return 1;
  dataLines.push_back(t.scoreWeight > 0 ? fmt("Training target: %.2f x result + %.2f x sigmoid(search score of the line)",
                                              1 - t.scoreWeight, t.scoreWeight)
                                        : std::string("Training target: the game result"));
  std::cout << dataLines.back() << "\n";
  // Losses against the results, the footing on which runs with any score weight compare; the
  // epochs print the fitted objective (the same numbers when the target is the result).
  const EpochRecord startTarget = st.history.front();  // a copy: history grows
  EpochRecord start = startTarget;
  start.train = mean_loss(train, startDelta, st.k, t.adam.threads);
  start.validation = mean_loss(validation, startDelta, st.k, t.adam.threads);
  std::cout << fmt("Starting weights: training loss %.6f, validation loss %.6f\n", start.train, start.validation);
  if (t.evaluateOnly) return 0;
  std::cout << fmt("Tuning %d weight halves of %d parameters; %s with %s; batch %zu, lr %g (decay %g), patience %d, "
                   "%d threads\n",
                   int(std::count(st.tunable.begin(), st.tunable.end(), 1)), ParamCount, optimizer_name(st.optimizer),
                   t.uniformSteps ? "one step size" : "a step size per weight", t.adam.batchSize, t.adam.learningRate,
                   t.adam.decay, t.adam.patience, t.adam.threads);
  if (!t.uniformSteps) print_small_steps(st);

  const bool early = run_epochs(train, validation, t.adam, st, [&](const TuneState& s) {
    const EpochRecord& r = s.history.back();
    std::cout << fmt("epoch %4d  train %.6f  valid %.6f (integers %.6f)  best %.6f @%d  lr %.3g  %.1f s (%.2f M "
                     "positions/s)\n",
                     r.epoch, r.train, r.validation, r.validationRounded, s.bestValidation, s.bestEpoch, s.learningRate,
                     r.seconds, double(train.size()) / std::max(1e-9, r.seconds) / 1e6)
              << std::flush;
    if (!save_state(t.statePath, s, &error)) std::cerr << "error: " << error << "\n";
    write_outputs(t, provenance(t, dataLines, train, validation, start, startTarget, s, false), s);
  });
  write_outputs(t, provenance(t, dataLines, train, validation, start, startTarget, st, true), st);
  print_summary(t, train, validation, start, st, early);
  return 0;
}

}  // namespace taper::tools
