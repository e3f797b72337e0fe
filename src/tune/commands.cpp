// SPDX-License-Identifier: GPL-3.0-or-later
// Command lines of `taper tune` and `taper datagen`: options, logging, provenance and outputs.
#include "tune/commands.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <functional>
#include <iostream>

#include "tune/datagen.hpp"
#include "tune/output.hpp"

namespace taper {

namespace {

using namespace tune;

/// A table-driven option parser: `--name VALUE` options and `--name` flags.
struct Option {
  const char* name;
  const char* help;
  std::function<bool(const std::string&)> set;  // null for flags
  bool* flag = nullptr;
};

bool to_int(const std::string& s, long long& out) {
  char* end = nullptr;
  out = std::strtoll(s.c_str(), &end, 10);
  return !s.empty() && *end == '\0';
}
bool to_double(const std::string& s, double& out) {
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return !s.empty() && *end == '\0';
}
template <class T>
std::function<bool(const std::string&)> integer(T& v, long long lo, long long hi) {
  return [&v, lo, hi](const std::string& s) {
    long long x;
    if (!to_int(s, x) || x < lo || x > hi) return false;
    v = T(x);
    return true;
  };
}
std::function<bool(const std::string&)> real(double& v, double lo, double hi) {
  return [&v, lo, hi](const std::string& s) {
    double x;
    if (!to_double(s, x) || x < lo || x > hi) return false;
    v = x;
    return true;
  };
}
std::function<bool(const std::string&)> text(std::string& v) {
  return [&v](const std::string& s) { return v = s, true; };
}
std::function<bool(const std::string&)> list(std::vector<std::string>& v) {
  return [&v](const std::string& s) {
    size_t start = 0;
    for (size_t comma; (comma = s.find(',', start)) != std::string::npos; start = comma + 1) v.push_back(s.substr(start, comma - start));
    v.push_back(s.substr(start));
    return true;
  };
}

std::string usage(const char* head, const std::vector<Option>& options) {
  std::string s = head;
  for (const Option& o : options) {
    std::string left = std::string("  --") + o.name + (o.set ? " X" : "");
    s += left + std::string(left.size() < 24 ? 24 - left.size() : 1, ' ') + o.help + "\n";
  }
  return s;
}

/// Parses `args`; positional arguments go to `positional`. False (with a message) on error.
bool parse(const std::vector<std::string>& args, const std::vector<Option>& options, std::vector<std::string>& positional,
           bool& help) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-h" || a == "--help") return help = true, true;
    if (a.size() < 3 || a.compare(0, 2, "--") != 0) {
      positional.push_back(a);
      continue;
    }
    const Option* o = nullptr;
    for (const Option& cand : options)
      if (a.substr(2) == cand.name) o = &cand;
    if (!o) {
      std::cerr << "error: unknown option " << a << "\n";
      return false;
    }
    if (o->flag) {
      *o->flag = true;
      continue;
    }
    if (i + 1 >= args.size() || !o->set(args[i + 1])) {
      std::cerr << "error: " << a << " needs a valid value" << (i + 1 < args.size() ? " (got '" + args[i + 1] + "')" : "") << "\n";
      return false;
    }
    ++i;
  }
  return true;
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
  return buf;
}

std::string fmt(const char* f, auto... args) {
  char buf[512];
  std::snprintf(buf, sizeof buf, f, args...);
  return buf;
}

/// A data file given by name only may live in the shared data folder.
std::string find_data_file(const std::string& path, const char* folder) {
  namespace fs = std::filesystem;
  if (path.empty() || fs::exists(path)) return path;
  const char* env = std::getenv("TAPER_DATA");
  const std::string shared = std::string(env ? env : TAPER_DATA_DIR) + "/" + folder + "/" + path;
  return fs::exists(shared) ? shared : path;
}

}  // namespace

int run_tune(const std::vector<std::string>& args) {
  AdamSettings adam;
  LoadOptions load;
  std::string out = "params_values.inc", statePath, plots, startTable, commandLine = "taper tune";
  std::vector<std::string> freeze, only, files;
  double fixedK = 0;
  bool resume = false, evaluateOnly = false, allHalves = false, quiet = false, help = false;
  long long limit = 0, minCount = 0;
  const std::vector<Option> options = {
      {"out", "tuned table, params_values.inc format (default ./params_values.inc)", text(out)},
      {"state", "state file written every epoch (default OUT.state)", text(statePath)},
      {"resume", "continue from the state file", nullptr, &resume},
      {"plots", "prefix of the SVG plots: PREFIX-loss.svg, PREFIX-tables.svg (default OUT without .inc)", text(plots)},
      {"epochs", "last epoch (default 200)", integer(adam.epochs, 0, 1000000)},
      {"batch", "mini-batch size (default 16384)", integer(adam.batchSize, 1, 1LL << 32)},
      {"lr", "Adam learning rate, centipawns per step (default 1)", real(adam.learningRate, 0, 1000)},
      {"decay", "learning rate factor per epoch (default 0.98)", real(adam.decay, 0, 1)},
      {"patience", "early stop after N epochs without a better validation loss (default 10; 0: never)",
       integer(adam.patience, 0, 1000000)},
      {"l2", "pull towards the starting weights (default 0)", real(adam.l2, 0, 1)},
      {"threads", "threads (default 2)", integer(adam.threads, 1, 256)},
      {"seed", "mini-batch shuffling seed (default 1)", integer(adam.seed, 0, 1LL << 62)},
      {"validation", "share held out for validation (default 0.1)", real(load.validationFraction, 0, 0.9)},
      {"split-seed", "changes which positions are held out (default 0)", integer(load.splitSeed, 0, 1LL << 62)},
      {"limit", "read at most N lines (default: all)", integer(limit, 0, 1LL << 40)},
      {"resolve", "replace each position by the leaf of its quiescence PV", nullptr, &load.resolve},
      {"k", "use this K instead of fitting it", real(fixedK, 0.01, 100)},
      {"weights", "start from this params_values.inc table instead of the compiled-in weights", text(startTable)},
      {"evaluate", "only fit K and report the losses of the current weights", nullptr, &evaluateOnly},
      {"freeze", "groups or parameters not to tune (comma-separated)", list(freeze)},
      {"only", "tune only these groups or parameters (comma-separated)", list(only)},
      {"min-count", "leave weight halves used by fewer than N training positions untouched (default 0)",
       integer(minCount, 0, 1LL << 40)},
      {"all-halves", "also tune the eg half of mg-only parameters and vice versa", nullptr, &allHalves},
      {"quiet", "no progress bar", nullptr, &quiet},
  };
  for (const std::string& a : args) commandLine += " " + a;
  if (!parse(args, options, files, help)) return 2;
  if (help || files.empty()) {
    std::cout << usage("usage: taper tune [options] FILE...\n"
                       "Texel tuning of every weight in the parameter table on labelled positions\n"
                       "(FEN [1.0], EPD c9 \"1-0\";, or taper datagen output; plain, .gz or .xz).\n",
                       options);
    return help ? 0 : 2;
  }
  for (std::string& f : files) f = find_data_file(f, "tuning");
  if (statePath.empty()) statePath = out + ".state";
  if (plots.empty()) plots = out.size() > 4 && out.compare(out.size() - 4, 4, ".inc") == 0 ? out.substr(0, out.size() - 4) : out;
  load.threads = adam.threads;
  load.limit = size_t(limit);
  load.progress = adam.progress = !quiet;

  // 1. Data: each position traced once into its sparse coefficients.
  std::string error;
  std::vector<uint8_t> tunable = tunable_halves(freeze, only, allHalves, &error);
  if (tunable.empty()) return std::cerr << "error: " << error << "\n", 2;
  const auto t0 = std::chrono::steady_clock::now();
  Dataset train, validation;
  LoadReport rep;
  if (!load_dataset(files, load, train, validation, rep, &error)) return std::cerr << "error: " << error << "\n", 1;
  const double loadSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::vector<std::string> dataLines;
  for (const std::string& f : rep.files) dataLines.push_back("Data: " + f);
  dataLines.push_back(fmt("%zu positions (White won %zu, drawn %zu, lost %zu), %zu bad lines; %zu known endgames or dead "
                          "draws skipped%s",
                          rep.positions, rep.results[2], rep.results[1], rep.results[0], rep.bad, rep.notGeneral,
                          load.resolve ? fmt("; quiescence-resolved (%zu changed, %zu dropped as mates)", rep.resolved,
                                             rep.terminal).c_str()
                                       : "; not quiescence-resolved"));
  dataLines.push_back(fmt("Split: %zu training, %zu validation (%.0f%% held out by position hash, split seed %llu)",
                          train.size(), validation.size(), load.validationFraction * 100,
                          (unsigned long long)load.splitSeed));
  for (const std::string& l : dataLines) std::cout << l << "\n";
  for (const std::string& b : rep.badExamples) std::cout << "  bad: " << b << "\n";
  std::cout << fmt("Loaded in %.1f s; %.1f MB of coefficients (%.1f linear and %.1f danger terms per position)\n",
                   loadSeconds, (train.bytes() + validation.bytes()) / 1e6,
                   double(train.linear.size()) / std::max<size_t>(1, train.size()),
                   double(train.danger.size()) / std::max<size_t>(1, train.size()));
  if (train.size() == 0) return std::cerr << "error: no usable training positions\n", 1;

  // Rare weights would only learn the noise of the few positions that use them.
  if (minCount > 0) {
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

  // 2. K, then the epochs.
  Deltas startDelta = zero_deltas();
  if (!startTable.empty()) {
    std::ifstream in(startTable);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    WeightVector w = Weights;
    if (!in || !parse_params_values(text, w, &error)) return std::cerr << "error: " << startTable << ": " << error << "\n", 1;
    for (int i = 0; i < ParamCount; ++i) {
      startDelta[size_t(2 * i)] = w[size_t(i)].mg() - Weights[size_t(i)].mg();
      startDelta[size_t(2 * i + 1)] = w[size_t(i)].eg() - Weights[size_t(i)].eg();
      if (Params[size_t(i)].kind == ParamKind::Scale && w[size_t(i)] != Weights[size_t(i)])
        std::cout << "note: " << Params[size_t(i)].name << " differs from the compiled-in value, which the data was traced with\n";
    }
    dataLines.push_back("Starting weights: " + startTable);
  }
  TuneState st;
  if (resume) {
    if (!load_state(statePath, st, &error)) return std::cerr << "error: " << error << "\n", 1;
    std::cout << fmt("Resuming %s at epoch %d (K = %.4f, best validation %.6f at epoch %d)\n", statePath.c_str(), st.epoch,
                     st.k, st.bestValidation, st.bestEpoch);
  } else {
    const double k = fixedK > 0 ? fixedK : fit_k(train, startDelta, adam.threads);
    std::cout << fmt("K = %.4f (%s)\n", k, fixedK > 0 ? "given" : "fitted on the training set with the starting weights");
    st = initial_state(train, validation, k, tunable, adam, startDelta);
  }
  const EpochRecord start = st.history.front();  // a copy: history grows
  std::cout << fmt("Starting weights: training loss %.6f, validation loss %.6f\n", start.train, start.validation);
  if (evaluateOnly) return 0;
  int tuned = 0;
  for (uint8_t t : st.tunable) tuned += t;
  std::cout << fmt("Tuning %d weight halves of %d parameters; batch %zu, lr %g (decay %g), patience %d, %d threads\n",
                   tuned, ParamCount, adam.batchSize, adam.learningRate, adam.decay, adam.patience, adam.threads);

  auto provenance = [&](const TuneState& s, const Deltas& finalDelta, bool finished) {
    std::vector<std::string> h = {"Values of the parameters in params.def, written by `taper tune` (src/tune, docs/TUNING.md).",
                                  "Date: " + utc_now(), "Command: " + commandLine};
    h.insert(h.end(), dataLines.begin(), dataLines.end());
    const Deltas rounded = rounded_deltas(finalDelta);
    h.push_back(fmt("K = %.4f; loss = mean squared error of 1 / (1 + 10^(-K * eval / 400)) against the result", s.k));
    h.push_back(fmt("Epochs: %d run, best validation at epoch %d%s", s.epoch, s.bestEpoch,
                    finished ? "" : " (run still in progress)"));
    h.push_back(fmt("Loss, starting weights: training %.6f, validation %.6f", start.train, start.validation));
    h.push_back(fmt("Loss, this table (integers): training %.6f, validation %.6f",
                    mean_loss(train, rounded, s.k, adam.threads), mean_loss(validation, rounded, s.k, adam.threads)));
    h.push_back("Not tuned: Scale parameters (the tuner keeps each position's scale factor fixed)" +
                std::string(only.empty() ? "; the Endgame group (left alone unless --only names it)" : "") +
                std::string(freeze.empty() ? "" : "; frozen: ") + [&] {
                  std::string f;
                  for (const auto& x : freeze) f += (f.empty() ? "" : ", ") + x;
                  return f;
                }());
    return h;
  };
  const WeightVector startWeights = Weights;
  auto write_outputs = [&](const TuneState& s, bool finished) {
    std::string err;
    const WeightVector w = rounded_weights(s.best);
    if (!write_text_file(out, format_params_values(w, provenance(s, s.best, finished)), &err) ||
        !write_text_file(plots + "-loss.svg", loss_curve_svg(s.history, s.bestEpoch, "Taper Texel tuning: " + out), &err) ||
        !write_text_file(plots + "-tables.svg", square_tables_svg(w, &startWeights, "Square tables after tuning (" + out + ")"),
                         &err))
      std::cerr << "error: " << err << "\n";
  };
  const bool early = run_epochs(train, validation, adam, st, [&](const TuneState& s) {
    const EpochRecord& r = s.history.back();
    std::cout << fmt("epoch %4d  train %.6f  valid %.6f  best %.6f @%d  lr %.3g  %.1f s (%.2f M positions/s)\n", r.epoch,
                     r.train, r.validation, s.bestValidation, s.bestEpoch, s.learningRate, r.seconds,
                     double(train.size()) / std::max(1e-9, r.seconds) / 1e6)
              << std::flush;
    std::string err;
    if (!save_state(statePath, s, &err)) std::cerr << "error: " << err << "\n";
    write_outputs(s, false);
  });
  write_outputs(st, true);
  const Deltas rounded = rounded_deltas(st.best);
  std::cout << (early ? "Stopped early: " : "Done: ") << fmt("best validation loss at epoch %d\n", st.bestEpoch);
  std::cout << fmt("K %.4f\n", st.k);
  std::cout << fmt("  starting weights: training %.6f  validation %.6f\n", start.train, start.validation);
  std::cout << fmt("  tuned (integers): training %.6f  validation %.6f\n", mean_loss(train, rounded, st.k, adam.threads),
                   mean_loss(validation, rounded, st.k, adam.threads));
  std::cout << "Wrote " << out << ", " << plots << "-loss.svg, " << plots << "-tables.svg, state " << statePath << "\n";
  return 0;
}

int run_datagen(const std::vector<std::string>& args) {
  DatagenOptions o;
  bool help = false;
  std::vector<std::string> positional;
  const std::vector<Option> options = {
      {"out", "output file, appended to (FEN | score | result lines)", text(o.output)},
      {"positions", "stop when the file holds N positions (default 100000)", integer(o.positions, 1, 1LL << 40)},
      {"threads", "games played at once (default 2)", integer(o.threads, 1, 256)},
      {"nodes", "nodes per move (default 5000)", integer(o.nodes, 0, 1LL << 40)},
      {"depth", "depth per move instead (sets nodes to 0 unless --nodes follows)", integer(o.depth, 0, 64)},
      {"book", "EPD/FEN openings (a name is looked up in shared data books/)", text(o.book)},
      {"random-plies", "random moves after the book position (default 8)", integer(o.randomPlies, 0, 100)},
      {"opening-max", "discard openings scored beyond N cp (default 400)", integer(o.openingMaxScore, 0, 100000)},
      {"win-score", "adjudicate a win at |score| >= N ... (default 1000)", integer(o.winScore, 1, 100000)},
      {"win-plies", "... held for N plies (default 6; 0: never)", integer(o.winPlies, 0, 1000)},
      {"draw-score", "adjudicate a draw at |score| <= N ... (default 8)", integer(o.drawScore, 0, 1000)},
      {"draw-plies", "... held for N plies (default 12; 0: never) ...", integer(o.drawPlies, 0, 1000)},
      {"draw-start", "... from ply N on (default 80)", integer(o.drawStartPly, 0, 10000)},
      {"max-plies", "game length limit, then a draw (default 400)", integer(o.maxPlies, 1, 100000)},
      {"hash", "transposition table MB per game thread (default 8)", integer(o.hashMb, 1, 4096)},
      {"seed", "random seed (default 1)", integer(o.seed, 0, 1LL << 62)},
  };
  const bool depthGiven = std::find(args.begin(), args.end(), "--depth") != args.end();
  const bool nodesGiven = std::find(args.begin(), args.end(), "--nodes") != args.end();
  if (!parse(args, options, positional, help)) return 2;
  if (help || o.output.empty() || !positional.empty()) {
    std::cout << usage("usage: taper datagen --out FILE [options]\n"
                       "Self-play games at a fixed search budget; quiet positions labelled with the result.\n",
                       options);
    return help ? 0 : 2;
  }
  if (depthGiven && !nodesGiven) o.nodes = 0;
  o.header = "taper datagen";
  for (const std::string& a : args) o.header += " " + a;
  o.book = find_data_file(o.book, "books");
  std::cerr << "datagen: " << o.positions << " positions to " << o.output << ", " << o.threads << " threads, "
            << (o.nodes ? std::to_string(o.nodes) + " nodes" : "") << (o.nodes && o.depth ? " / " : "")
            << (o.depth ? "depth " + std::to_string(o.depth) : "") << " per move, openings "
            << (o.book.empty() ? "start position" : o.book) << " + " << o.randomPlies << " random plies\n";
  DatagenReport r;
  std::string error;
  if (!generate_data(o, r, &error)) return std::cerr << "error: " << error << "\n", 1;
  std::cout << fmt("datagen: %llu positions were there, %llu added from %llu games (White won %llu, drawn %llu, Black "
                   "won %llu; %llu adjudicated; %llu openings discarded) in %.0f s\n",
                   (unsigned long long)r.existing, (unsigned long long)r.positions, (unsigned long long)r.games,
                   (unsigned long long)r.whiteWins, (unsigned long long)r.draws, (unsigned long long)r.blackWins,
                   (unsigned long long)r.adjudicated, (unsigned long long)r.discardedOpenings, r.seconds);
  return 0;
}

}  // namespace taper
