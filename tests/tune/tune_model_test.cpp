// SPDX-License-Identifier: GPL-3.0-or-later
// The tuner's model and optimiser: it reproduces the engine, its gradient is the loss's, a synthetic
// tune recovers known weights, K is found, a resumed run equals an uninterrupted one, outputs parse.
#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

#include "eval/trace.hpp"
#include "test_data.hpp"
#include "tune/output.hpp"

using namespace taper;
using namespace taper::tune;
using namespace taper::testing;

namespace {

/// Positions from the repository's tuning samples with their records (for comparisons with the trace API).
struct Sample {
  Dataset data;
  std::vector<EvalRecord> records;
};

const Sample& sample() {
  static const Sample s = [] {
    Sample out;
    LabelledPosition lp;
    // Quiet positions from Stockfish games and 2,000 of Taper's self-play positions spread over
    // about 2,000 games (tests/data/tuning): openings to endgames, many with king danger.
    std::vector<std::string> lines = read_lines("tuning/quiet-labeled-subset-1_1000.epd");
    for (const std::string& l : read_lines("tuning/selfplay-082e9e3-every1100.txt")) lines.push_back(l);
    for (const std::string& l : lines) {
      if (parse_labelled_line(l, lp) != LineStatus::Position) continue;
      Position pos;
      if (!pos.set(lp.fen, false)) continue;
      EvalRecord r = record_evaluation(pos);
      if (r.exit != EvalExit::General) continue;
      out.data.add(r, lp.result);
      out.records.push_back(r);
    }
    return out;
  }();
  return s;
}

std::vector<uint32_t> all_indices(const Dataset& d) {
  std::vector<uint32_t> v(d.size());
  for (size_t i = 0; i < v.size(); ++i) v[i] = uint32_t(i);
  return v;
}

/// Random deltas on every tunable half: a few centipawns, a few danger units, a little curve.
Deltas random_deltas(uint64_t seed, double scale) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  const std::vector<uint8_t> t = tunable_halves({}, {}, false);
  Deltas d = zero_deltas();
  for (int j = 0; j < TunerSize; ++j)
    if (t[size_t(j)]) d[size_t(j)] = std::round(u(rng) * scale * (Params[size_t(j / 2)].kind == ParamKind::Danger ? 0.3 : 1));
  d[2 * KingDangerQuadratic] = 3, d[2 * KingDangerLinear] = 8, d[2 * KingDangerLimit] = -40;
  d[2 * KingDangerEndgame] = 1;
  return d;
}

}  // namespace

TEST(TuneModel, ZeroDeltasAreTheEngineAndIntegerDeltasTheTrace) {
  const Sample& s = sample();
  ASSERT_GT(s.data.size(), 2000u);
  const Deltas zero = zero_deltas(), d = random_deltas(7, 12);
  const WeightVector w = rounded_weights(d);
  int dangerous = 0;
  for (size_t i = 0; i < s.data.size(); ++i) {
    const EvalRecord& r = s.records[i];
    const int sign = r.sideToMove == WHITE ? 1 : -1;
    ASSERT_EQ(evaluate_entry(s.data, s.data.entries[i], zero.data()), sign * r.value);
    // Under other weights the model agrees with the trace's own reconstruction up to the
    // engine's integer divisions: the taper, and for each king the curve's two terms and its
    // endgame share (each truncates by less than 1).
    const double model = evaluate_entry(s.data, s.data.entries[i], d.data());
    ASSERT_NEAR(model, sign * evaluate_from_coefficients(r, w), 5.0) << i;
    dangerous += r.dangerReal[WHITE] || r.dangerReal[BLACK];
  }
  EXPECT_GT(dangerous, 100);  // the curve is exercised
}

TEST(TuneModel, GradientEqualsFiniteDifferences) {
  const Sample& s = sample();
  const std::vector<uint32_t> idx = all_indices(s.data);
  Deltas d = random_deltas(11, 10);
  // Units are integers, and the curve has a kink at 0 units: keep every position off it.
  d[2 * KingDangerOffset] += 0.37;
  const double k = 1.1;
  std::vector<double> g;
  const double loss = loss_and_gradient(s.data, idx.data(), idx.size(), d, k, 2, g);
  EXPECT_NEAR(loss, mean_loss(s.data, d, k, 2), 1e-12);
  const std::vector<uint8_t> t = tunable_halves({}, {}, false);
  int checked = 0, danger = 0;
  double worst = 0;
  for (int j = 0; j < TunerSize; ++j) {
    if (!t[size_t(j)]) continue;
    const double h = 1e-3;
    Deltas up = d, down = d;
    up[size_t(j)] += h, down[size_t(j)] -= h;
    const double numeric = (mean_loss(s.data, up, k, 2) - mean_loss(s.data, down, k, 2)) / (2 * h);
    const double err = std::abs(numeric - g[size_t(j)]);
    worst = std::max(worst, err / (1e-9 + std::abs(numeric)));
    EXPECT_LE(err, 1e-9 + 1e-4 * std::abs(numeric)) << Params[size_t(j / 2)].name << " half " << j % 2;
    ++checked;
    danger += Params[size_t(j / 2)].kind != ParamKind::Linear && g[size_t(j)] != 0;
  }
  EXPECT_GT(checked, 500);
  EXPECT_GT(danger, 20);  // danger units and all four curve shapes take part
  for (int i : {KingDangerQuadratic, KingDangerLinear, KingDangerLimit, KingDangerEndgame})
    EXPECT_NE(g[size_t(2 * i)], 0.0) << Params[size_t(i)].name;
}

TEST(TuneModel, FitsKOfSyntheticLabels) {
  Dataset d = sample().data;
  for (Entry& e : d.entries) e.result = e.target = float(expected_score(e.baseEval, 1.3));
  EXPECT_NEAR(fit_k(d, zero_deltas(), 2), 1.3, 0.01);
}

// Labels made by a known weight vector (soft labels: the expected score under it); a tune of
// the weights concerned, from the engine's values, must find that vector again.
TEST(TuneModel, SyntheticTuneRecoversKnownWeights) {
  Dataset d = sample().data;
  const std::vector<std::string> only = {"PieceValue", "BishopPair", "KingAttackerWeight", "KingDangerQuadratic", "Tempo"};
  const std::vector<uint8_t> t = tunable_halves({}, only, false);
  Deltas truth = zero_deltas();
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<int> u(-25, 25);
  for (int j = 0; j < TunerSize; ++j)
    if (t[size_t(j)]) truth[size_t(j)] = Params[size_t(j / 2)].kind == ParamKind::Linear ? u(rng) : u(rng) / 5;
  const double k = 1.0;
  for (Entry& e : d.entries) e.result = e.target = float(expected_score(evaluate_entry(d, e, truth.data()), k));

  AdamSettings a;
  a.epochs = 1500;
  a.batchSize = d.size();  // full batch: the minimum is exact
  a.learningRate = 1.0;
  a.decay = 0.998;
  a.patience = 0;
  a.progress = false;
  TuneState st = initial_state(d, d, k, t, a);
  EXPECT_GT(st.history[0].train, 1e-4);
  run_epochs(d, d, a, st, [](const TuneState&) {});
  EXPECT_LT(st.history.back().train, 1e-7);
  for (int j = 0; j < TunerSize; ++j) {
    if (!t[size_t(j)]) {
      EXPECT_EQ(st.delta[size_t(j)], 0.0);  // frozen halves stay put
      continue;
    }
    EXPECT_NEAR(st.delta[size_t(j)], truth[size_t(j)], 1.0) << Params[size_t(j / 2)].name << " half " << j % 2;
  }
}

// Labels that would like the king-danger curve to fall (a negative slope): the optimizer stops
// at a flat slope, so the engine's curve stays monotone.
TEST(TuneOptimizer, DangerCurveSlopeStaysNonNegative) {
  Dataset d = sample().data;
  const std::vector<uint8_t> t = tunable_halves({}, {"KingDangerLinear"}, false);
  const double base = Weights[size_t(KingDangerLinear)].mg();
  Deltas truth = zero_deltas();
  truth[size_t(2 * KingDangerLinear)] = -base - 40;
  for (Entry& e : d.entries) e.result = e.target = float(expected_score(evaluate_entry(d, e, truth.data()), 1.0));
  AdamSettings a;
  a.epochs = 300;
  a.batchSize = d.size();
  a.patience = 0;
  a.progress = false;
  TuneState st = initial_state(d, d, 1.0, t, a);
  run_epochs(d, d, a, st, [](const TuneState&) {});
  const double slope = base + st.delta[size_t(2 * KingDangerLinear)];
  EXPECT_GE(slope, 0.0);
  EXPECT_LT(slope, 1.0);  // pushed against the bound, not left where it started
}

TEST(TuneOptimizer, ResumedRunEqualsUninterruptedRun) {
  const Dataset& d = sample().data;
  AdamSettings a;
  a.batchSize = 512;
  a.patience = 0;
  a.progress = false;
  a.epochs = 4;
  const std::vector<uint8_t> t = tunable_halves({}, {}, false);
  TuneState straight = initial_state(d, d, 1.0, t, a);
  run_epochs(d, d, a, straight, [](const TuneState&) {});

  a.epochs = 2;
  TuneState first = initial_state(d, d, 1.0, t, a);
  run_epochs(d, d, a, first, [](const TuneState&) {});
  const std::string path = ::testing::TempDir() + "taper_tune_state.txt";
  ASSERT_TRUE(save_state(path, first));
  TuneState resumed;
  std::string error;
  ASSERT_TRUE(load_state(path, resumed, &error)) << error;
  a.epochs = 4;
  run_epochs(d, d, a, resumed, [](const TuneState&) {});
  ASSERT_EQ(resumed.epoch, 4);
  ASSERT_EQ(resumed.history.size(), straight.history.size());
  for (int j = 0; j < TunerSize; ++j) ASSERT_DOUBLE_EQ(resumed.delta[size_t(j)], straight.delta[size_t(j)]);
  EXPECT_DOUBLE_EQ(resumed.history.back().validation, straight.history.back().validation);
}

TEST(TuneOptimizer, TunableHalves) {
  const std::vector<uint8_t> t = tunable_halves({}, {}, false);
  auto on = [&](int i, int half) { return t[size_t(2 * i + half)] != 0; };
  EXPECT_TRUE(on(PieceValue, 0) && on(PieceValue, 1));
  EXPECT_TRUE(on(KingAttackerWeight, 0) && !on(KingAttackerWeight, 1));
  EXPECT_TRUE(on(KingDangerLimit, 0) && !on(KingDangerLimit, 1));
  EXPECT_FALSE(on(ScaleOppositeBishops, 0) || on(FiftyMoveGrace, 0));
  EXPECT_TRUE(on(ShieldPawn + 1, 0) && !on(ShieldPawn + 1, 1));  // mg-only idea
  EXPECT_TRUE(!on(PassedOwnKingDistance, 0) && on(PassedOwnKingDistance, 1));  // eg-only idea
  const std::vector<uint8_t> all = tunable_halves({}, {}, true);
  EXPECT_TRUE(all[2 * ShieldPawn + 3] && all[2 * PassedOwnKingDistance]);
  const std::vector<uint8_t> noPsqt = tunable_halves({"Psqt", "tempo"}, {}, false);
  EXPECT_FALSE(noPsqt[2 * KnightPsqt + 5] || noPsqt[2 * Tempo]);
  EXPECT_TRUE(noPsqt[2 * PieceValue]);
  const std::vector<uint8_t> kingOnly = tunable_halves({}, {"KingDanger"}, false);
  EXPECT_TRUE(kingOnly[2 * KingSafeCheck] && !kingOnly[2 * PieceValue]);
  // Mating technique is not learnt from results unless asked for.
  EXPECT_FALSE(on(LoneKingSquare, 1) || on(LoneKingProximity + 3, 1));
  EXPECT_TRUE(tunable_halves({}, {"Endgame"}, false)[2 * LoneKingSquare + 1]);
  std::string error;
  EXPECT_TRUE(tunable_halves({"NoSuchThing"}, {}, false, &error).empty());
  EXPECT_FALSE(error.empty());
}

// The written table holds exactly the weights, in the layout of src/eval/params_values.inc:
// the engine's own weights written out give the same numbers as that file, name by name.
TEST(TuneOutput, ParamsValuesRoundTrip) {
  auto values = [](const std::string& text) {
    std::vector<std::pair<std::string, std::vector<int>>> out;
    std::istringstream in(text);
    std::string all, line;
    while (std::getline(in, line)) all += line.substr(0, line.find("//")) + " ";
    for (size_t at = 0; (at = all.find("PARAM_VALUES(", at)) != std::string::npos;) {
      at += 13;
      const size_t comma = all.find_first_of(",)", at);
      out.push_back({all.substr(at, comma - at), {}});
      int depth = 1;
      size_t i = comma;
      std::string number;
      for (; depth > 0 && i < all.size(); ++i) {
        const char c = all[i];
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        if (std::isdigit(static_cast<unsigned char>(c)) || (c == '-' && number.empty())) number += c;
        else if (!number.empty()) out.back().second.push_back(std::stoi(number)), number.clear();
      }
      at = i;
    }
    return out;
  };
  const std::string written = format_params_values(Weights, {"Provenance line", "", "second"});
  EXPECT_EQ(written.rfind("// SPDX-License-Identifier: GPL-3.0-or-later\n// Provenance line\n//\n// second\n", 0), 0u);
  const std::string here = __FILE__;  // <source>/tests/tune/tune_model_test.cpp
  std::ifstream in(here.substr(0, here.rfind("/tests/")) + "/src/eval/params_values.inc");
  const std::string source{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const auto ours = values(written), theirs = values(source);
  ASSERT_FALSE(theirs.empty());
  ASSERT_EQ(ours.size(), theirs.size());
  for (size_t i = 0; i < ours.size(); ++i) EXPECT_EQ(ours[i], theirs[i]) << ours[i].first;
  // U(n) stands for S(n, 0): the parsed numbers differ in count, so check the values directly.
  size_t index = 0;
  for (const auto& [name, v] : ours) {
    const ParamInfo& p = Params[index];
    ASSERT_EQ(name, p.name);
    const size_t per = p.kind == ParamKind::Linear ? 2 : 1;
    ASSERT_EQ(v.size(), per * size_t(p.size)) << name;
    for (int k = 0; k < p.size; ++k) {
      EXPECT_EQ(v[per * size_t(k)], Weights[index + size_t(k)].mg());
      if (per == 2) {
        EXPECT_EQ(v[2 * size_t(k) + 1], Weights[index + size_t(k)].eg());
      }
    }
    index += size_t(p.size);
  }
  EXPECT_EQ(index, size_t(ParamCount));

  // The tuner's own reader (taper tune --weights) reads both back.
  WeightVector w{};
  std::string error;
  ASSERT_TRUE(parse_params_values(source, w, &error)) << error;
  EXPECT_TRUE(w == Weights);
  WeightVector tuned = rounded_weights(random_deltas(5, 20));
  w = {};
  ASSERT_TRUE(parse_params_values(format_params_values(tuned, {"x"}), w, &error)) << error;
  EXPECT_TRUE(w == tuned);
  std::string broken = written;
  broken.erase(broken.find("PARAM_VALUES(Tempo"));
  EXPECT_FALSE(parse_params_values(broken, w, &error));
  EXPECT_NE(error.find("Tempo"), std::string::npos) << error;
}

TEST(TuneOutput, PlotsAreSvg) {
  std::vector<EpochRecord> h = {{0, 0.08, 0.081, 1}, {1, 0.075, 0.077, 1}, {2, 0.074, 0.0765, 1}};
  const std::string loss = loss_curve_svg(h, 2, "test <run>");
  EXPECT_EQ(loss.rfind("<svg", 0), 0u);
  EXPECT_NE(loss.find("polyline"), std::string::npos);
  EXPECT_NE(loss.find("test &lt;run&gt;"), std::string::npos);
  WeightVector changed = Weights;
  changed[size_t(KnightPsqt)] = S(-100, -100);
  const std::string tables = square_tables_svg(changed, &Weights, "tables");
  EXPECT_NE(tables.find("KnightPsqt"), std::string::npos);
  EXPECT_NE(tables.find("KingSquareDanger"), std::string::npos);
  EXPECT_EQ(tables.substr(tables.size() - 7), "</svg>\n");
}

TEST(TuneOutput, ProvenanceNamesNoMachinePaths) {
  const std::string written = format_params_values(
      Weights, {"Command: taper tune --out=/example/out/run.inc ./example/tuning/games.txt.xz",
                "Data: /example/x/selfplay.txt (plain, 10 lines)", "see docs/TUNING.md (src/tune)"});
  const std::string header = written.substr(0, written.find("// Format:"));
  EXPECT_NE(header.find("// Command: taper tune --out=run.inc games.txt.xz\n"), std::string::npos) << header;
  EXPECT_NE(header.find("// Data: selfplay.txt (plain, 10 lines)\n"), std::string::npos) << header;
  EXPECT_NE(header.find("// see docs/TUNING.md (src/tune)\n"), std::string::npos) << header;
}

TEST(TuneOutput, ShippedTableIsExactlyWhatTheTunerWrites) {
  // Everything below the provenance header is the writer's output byte for byte, and the header
  // names no machine paths: the table is generated, not hand-formatted.
  const std::string here = __FILE__;
  std::ifstream in(here.substr(0, here.rfind("/tests/")) + "/src/eval/params_values.inc");
  const std::string source{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const size_t body = source.find("// Format:");
  ASSERT_NE(body, std::string::npos);
  const std::string written = format_params_values(Weights, {"x"});
  EXPECT_EQ(source.substr(body), written.substr(written.find("// Format:")));
  // The header names no machine paths: written again through the writer, which reduces every
  // path to its file name, it comes out unchanged.
  std::vector<std::string> lines;
  std::istringstream headerText(source.substr(0, body));
  for (std::string line; std::getline(headerText, line);)
    if (line.rfind("//", 0) == 0 && line.find("SPDX-License-Identifier") == std::string::npos)
      lines.push_back(line.size() > 3 ? line.substr(3) : "");
  const std::string rewritten = format_params_values(Weights, lines);
  EXPECT_EQ(rewritten.substr(0, rewritten.find("// Format:")), source.substr(0, body));
}

TEST(TuneModel, BlendedTargetsMixResultAndSearchScore) {
  // Three positions whose lines carry a search score equal to the engine's own evaluation.
  Dataset d;
  const char* fens[] = {"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                        "r3k2r/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R3K2R b KQkq - 0 12",
                        "8/5pk1/6p1/8/3R4/6P1/5PK1/2r5 w - - 0 40"};
  const double results[] = {1.0, 0.0, 0.5};
  for (int i = 0; i < 3; ++i) {
    Position pos;
    ASSERT_TRUE(pos.set(fens[i], false));
    const EvalRecord r = record_evaluation(pos);
    ASSERT_EQ(r.exit, EvalExit::General);
    const int white = int(std::lround(r.sideToMove == WHITE ? r.value : -r.value));
    d.add(r, results[i], &white);
  }
  const double k = 1.1;
  blend_targets(d, 0.0, k);
  for (const Entry& e : d.entries) EXPECT_EQ(e.target, e.result);
  blend_targets(d, 0.25, k);
  for (const Entry& e : d.entries)
    EXPECT_NEAR(e.target, 0.75 * e.result + 0.25 * expected_score(e.score, k), 1e-6);
  // With the score alone as target and the score equal to the evaluation, the engine's own
  // weights are a minimum: the loss and every gradient component vanish.
  blend_targets(d, 1.0, k);
  std::vector<double> g;
  const std::vector<uint32_t> all = all_indices(d);
  EXPECT_LT(loss_and_gradient(d, all.data(), all.size(), zero_deltas(), k, 1, g), 1e-9);
  for (double x : g) EXPECT_NEAR(x, 0.0, 1e-6);
  // Reported losses stay against the results, whatever the target; the fitted objective (what
  // the epochs and the early stopping follow) is against the target, here the engine's own scores.
  EXPECT_GT(mean_loss(d, zero_deltas(), k, 1), 0.01);
  EXPECT_LT(mean_loss(d, zero_deltas(), k, 1, LossAgainst::Target), 1e-9);
  // A line without a score trains on its result.
  Dataset plain;
  Position pos;
  ASSERT_TRUE(pos.set(fens[0], false));
  plain.add(record_evaluation(pos), 1.0);
  blend_targets(plain, 0.5, k);
  EXPECT_EQ(plain.entries[0].target, 1.0f);
}

// K is fitted against the game results, and the score's sigmoid uses that same K: blending the
// targets does not move it (a fit against the blended targets would fit the scores' own scale).
TEST(TuneModel, KIsFittedOnResultsWhateverTheTargets) {
  Dataset d = sample().data;
  for (Entry& e : d.entries) e.hasScore = true, e.score = float(2 * e.baseEval);  // scores on another scale
  const double k = fit_k(d, zero_deltas(), 2);
  blend_targets(d, 1.0, k);
  EXPECT_DOUBLE_EQ(fit_k(d, zero_deltas(), 2), k);
  for (const Entry& e : d.entries) ASSERT_NEAR(e.target, expected_score(2 * e.baseEval, k), 1e-6);
}

// A step per weight: the factor is 1 where a unit of the weight moves the evaluation by at most a
// centipawn, and far smaller for the curve's shape, whose unit multiplies units squared.
TEST(TuneModel, StepScalesFollowWhatAUnitDoesToTheEvaluation) {
  const Dataset& d = sample().data;
  const Deltas s = step_scales(d, zero_deltas(), 2);
  ASSERT_EQ(s.size(), size_t(TunerSize));
  for (double x : s) {
    ASSERT_GT(x, 0.0);
    ASSERT_LE(x, 1.0);
  }
  EXPECT_EQ(s[2 * (KnightPsqt + 20)], 1.0);
  EXPECT_EQ(s[2 * Tempo + 1], 1.0);
  EXPECT_LT(s[2 * KingDangerQuadratic], 0.2);
  EXPECT_LT(s[2 * KingDangerQuadratic], s[2 * KingDangerLimit]);
  // Space counts squares (ten and more): a unit there is worth several centipawns of evaluation.
  EXPECT_LT(s[2 * SpaceArea], 0.5);
  // The same with two threads or one (up to the order of the sums).
  EXPECT_NEAR(step_scales(d, zero_deltas(), 1)[2 * KingDangerQuadratic], s[2 * KingDangerQuadratic], 1e-12);
}

namespace {

/// One full-batch step of the optimizer from the engine's weights, on labels that want every weight moved.
TuneState one_step(Optimizer optimizer, bool perWeightSteps) {
  Dataset d = sample().data;
  const Deltas truth = random_deltas(13, 15);
  for (Entry& e : d.entries) e.result = e.target = float(expected_score(evaluate_entry(d, e, truth.data()), 1.0));
  AdamSettings a;
  a.optimizer = optimizer;
  a.perWeightSteps = perWeightSteps;
  a.epochs = 1;
  a.batchSize = d.size();
  a.learningRate = 1.0;
  a.patience = 0;
  a.progress = false;
  TuneState st = initial_state(d, d, 1.0, tunable_halves({}, {}, false), a);
  run_epochs(d, d, a, st, [](const TuneState&) {});
  return st;
}

}  // namespace

// With one rate for all, a step moves KingDangerQuadratic (the integer 3 in q * u^2 / 1024) by the
// whole rate, a third of its value; with a step per weight, by less than a tenth of the rate.
TEST(TuneOptimizer, SmallCurveIntegersDoNotJump) {
  const double q = Weights[size_t(KingDangerQuadratic)].mg();
  for (Optimizer o : {Optimizer::Adam, Optimizer::AdaGrad}) {
    const TuneState uniform = one_step(o, false), scaled = one_step(o, true);
    EXPECT_NEAR(std::abs(uniform.delta[2 * KingDangerQuadratic]), 1.0, 1e-3) << optimizer_name(o);
    EXPECT_LT(std::abs(scaled.delta[2 * KingDangerQuadratic]), 0.1) << optimizer_name(o);
    EXPECT_LT(std::abs(scaled.delta[2 * KingDangerQuadratic]), 0.05 * q) << optimizer_name(o);
    EXPECT_GT(std::abs(scaled.delta[2 * KingDangerQuadratic]), 0.0) << optimizer_name(o);
    // A piece-square entry keeps the full rate (up to epsilon against a small gradient).
    EXPECT_NEAR(std::abs(scaled.delta[2 * (KnightPsqt + 20)]), 1.0, 0.05) << optimizer_name(o);
  }
}

// AdaGrad (Ethereal's rule) finds known weights as Adam does.
TEST(TuneOptimizer, AdaGradRecoversKnownWeights) {
  Dataset d = sample().data;
  const std::vector<uint8_t> t = tunable_halves({}, {"PieceValue", "BishopPair", "KingAttackerWeight", "Tempo"}, false);
  Deltas truth = zero_deltas();
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<int> u(-25, 25);
  for (int j = 0; j < TunerSize; ++j)
    if (t[size_t(j)]) truth[size_t(j)] = Params[size_t(j / 2)].kind == ParamKind::Linear ? u(rng) : u(rng) / 5;
  for (Entry& e : d.entries) e.result = e.target = float(expected_score(evaluate_entry(d, e, truth.data()), 1.0));
  AdamSettings a;
  a.optimizer = Optimizer::AdaGrad;
  a.epochs = 400;
  a.batchSize = d.size();
  a.learningRate = 8.0;
  a.decay = 1.0;
  a.patience = 0;
  a.progress = false;
  TuneState st = initial_state(d, d, 1.0, t, a);
  run_epochs(d, d, a, st, [](const TuneState&) {});
  EXPECT_LT(st.history.back().train, 1e-6);
  for (int j = 0; j < TunerSize; ++j) {
    if (t[size_t(j)]) {
      EXPECT_NEAR(st.delta[size_t(j)], truth[size_t(j)], 1.5) << Params[size_t(j / 2)].name << " half " << j % 2;
    }
  }
}

TEST(TuneOptimizer, AdaGradResumesLikeAnUninterruptedRun) {
  const Dataset& d = sample().data;
  AdamSettings a;
  a.optimizer = Optimizer::AdaGrad;
  a.batchSize = 512;
  a.patience = 0;
  a.progress = false;
  a.epochs = 3;
  a.l2 = 1e-6;
  const std::vector<uint8_t> t = tunable_halves({}, {}, false);
  TuneState straight = initial_state(d, d, 1.0, t, a);
  ASSERT_TRUE(anchor_at_zero(straight, {"Tempo"}));
  run_epochs(d, d, a, straight, [](const TuneState&) {});
  a.epochs = 1;
  TuneState first = initial_state(d, d, 1.0, t, a);
  ASSERT_TRUE(anchor_at_zero(first, {"Tempo"}));
  run_epochs(d, d, a, first, [](const TuneState&) {});
  const std::string path = ::testing::TempDir() + "taper_tune_state_adagrad.txt";
  ASSERT_TRUE(save_state(path, first));
  TuneState resumed;
  std::string error;
  ASSERT_TRUE(load_state(path, resumed, &error)) << error;
  EXPECT_EQ(resumed.optimizer, Optimizer::AdaGrad);
  a.epochs = 3;
  run_epochs(d, d, a, resumed, [](const TuneState&) {});
  for (int j = 0; j < TunerSize; ++j) ASSERT_DOUBLE_EQ(resumed.delta[size_t(j)], straight.delta[size_t(j)]);
  EXPECT_GE(resumed.history.back().validationRounded, 0.0);
  EXPECT_DOUBLE_EQ(resumed.history.back().validationRounded, straight.history.back().validationRounded);
}

// L2 pulls towards the starting table (--weights), not towards the compiled-in one; --l2-zero
// pulls the named terms towards 0 instead.
TEST(TuneOptimizer, L2PullsTowardsTheStartingWeights) {
  Dataset d = sample().data;  // labels from the engine's own weights: the data pull every delta to 0
  for (Entry& e : d.entries) e.result = e.target = float(expected_score(e.baseEval, 1.0));
  const std::vector<uint8_t> t = tunable_halves({}, {"PieceValue", "Tempo"}, false);
  Deltas start = zero_deltas();
  start[2 * (PieceValue + 1)] = 30;  // the knight's mg value, 30 above the engine's
  AdamSettings a;
  a.epochs = 60;
  a.batchSize = d.size();
  a.learningRate = 2;
  a.patience = 0;
  a.progress = false;
  a.l2 = 1e-3;
  TuneState pulled = initial_state(d, d, 1.0, t, a, start);
  ASSERT_TRUE(anchor_at_zero(pulled, {"Tempo"}));
  run_epochs(d, d, a, pulled, [](const TuneState&) {});
  EXPECT_NEAR(pulled.delta[2 * (PieceValue + 1)], 30.0, 3.0);
  EXPECT_NEAR(Weights[size_t(Tempo)].mg() + pulled.delta[2 * Tempo], 0.0, 3.0);
  a.l2 = 0;  // without it the data pull the knight back towards the engine's value
  TuneState free = initial_state(d, d, 1.0, t, a, start);
  run_epochs(d, d, a, free, [](const TuneState&) {});
  EXPECT_LT(free.delta[2 * (PieceValue + 1)], 20.0);
  std::string error;
  EXPECT_FALSE(anchor_at_zero(free, {"NoSuchTerm"}, &error));
  EXPECT_NE(error.find("NoSuchTerm"), std::string::npos);
}
