// SPDX-License-Identifier: GPL-3.0-or-later
// The UCI_ShowWDL model: shape of the fitted model (monotone, symmetric, more draws with less
// material), and the fitter recovering a known model from synthetic games.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "eval/wdl_model.hpp"
#include "tune/wdl_fit.hpp"
#include "uci/format.hpp"

using namespace taper;
using namespace taper::tune;

TEST(WdlModel, FittedModelIsMonotoneAndSymmetric) {
  for (int material = 0; material <= 80; material += 4) {
    WdlPerMille prev = wdl_per_mille(FittedWdl, -1000, material);
    for (int score = -1000; score <= 1000; score += 10) {
      WdlPerMille p = wdl_per_mille(FittedWdl, score, material);
      EXPECT_EQ(p.win + p.draw + p.loss, 1000);
      EXPECT_GE(p.draw, 0);
      EXPECT_GE(p.win, prev.win) << score << " " << material;
      EXPECT_LE(p.loss, prev.loss) << score << " " << material;
      WdlPerMille mirrored = wdl_per_mille(FittedWdl, -score, material);
      EXPECT_NEAR(p.win, mirrored.loss, 1);
      prev = p;
    }
    EXPECT_GT(wdl_per_mille(FittedWdl, 1000, material).win, 900);
  }
  // At 0.00 draws grow as material comes off (Taper's self-play at 10 s + 0.1 s: about 70% of
  // level positions with most pieces on are drawn, nearly all bare endings), some level
  // positions with all pieces are still decided, and a pawn up in the middlegame wins about
  // half the time.
  int prevDraw = 0;
  for (int material = 78; material >= 17; --material) {
    int draw = wdl_per_mille(FittedWdl, 0, material).draw;
    EXPECT_GE(draw, prevDraw) << material;
    prevDraw = draw;
  }
  EXPECT_LT(wdl_per_mille(FittedWdl, 0, 78).draw, 800);
  EXPECT_GT(wdl_per_mille(FittedWdl, 0, 17).draw, 600);
  EXPECT_GT(wdl_per_mille(FittedWdl, 100, 70).win, 350);
  EXPECT_LT(wdl_per_mille(FittedWdl, 100, 70).win, 650);
}

TEST(WdlModel, UciWdlUsesTheModelAndMatesAreCertain) {
  Wdl w = wdl_from_score(Value(80), 60);
  WdlPerMille p = wdl_per_mille(FittedWdl, 80, 60);
  EXPECT_EQ(w.win, p.win);
  EXPECT_EQ(w.draw, p.draw);
  Wdl mate = wdl_from_score(VALUE_MATE - 5, 40);
  EXPECT_EQ(mate.win, 1000);
  Wdl mated = wdl_from_score(-VALUE_MATE + 6, 40);
  EXPECT_EQ(mated.loss, 1000);
}

TEST(WdlModel, MaterialCountOfPositionAndFenAgree) {
  Position::init();
  for (std::string fen : {std::string(Position::StartFen), std::string("8/8/4k3/8/2R5/8/1Q3P2/4K3 w - - 0 1"),
                          std::string("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")}) {
    Position pos;
    ASSERT_TRUE(pos.set(fen, false));
    EXPECT_EQ(wdl_material(pos), fen_material(fen)) << fen;
  }
  EXPECT_EQ(fen_material(std::string(Position::StartFen)), 78);
}

TEST(WdlFit, RecoversAKnownModelFromSyntheticGames) {
  // Games drawn from a known model at a few material counts; the fit must find it again.
  const WdlModel truth = {{0, 0, -150, 250}, {0, 0, 40, 60}};  // a = 250 - 150x, b = 60 + 40x
  WdlHistogram h;
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<int> scoreDist(-600, 600);
  std::uniform_real_distribution<double> u(0, 1);
  for (int material : {20, 30, 40, 50, 60, 70, 78})
    for (int i = 0; i < 60000; ++i) {
      int s = scoreDist(rng);
      double w = wdl_win_probability(truth, s, material), l = wdl_win_probability(truth, -s, material);
      double x = u(rng);
      h.add(material, s, x < w ? 1.0 : x < w + l ? 0.0 : 0.5);
    }
  WdlFit fit = fit_wdl(h, 1000);
  ASSERT_EQ(fit.buckets.size(), 7u);
  for (const auto& b : fit.buckets) {
    EXPECT_NEAR(b.a, wdl_midpoint(truth, b.material), 10) << b.material;
    EXPECT_NEAR(b.b, wdl_spread(truth, b.material), 6) << b.material;
  }
  for (int material = 20; material <= 78; ++material) {
    EXPECT_NEAR(wdl_midpoint(fit.model, material), wdl_midpoint(truth, material), 10) << material;
    EXPECT_NEAR(wdl_spread(fit.model, material), wdl_spread(truth, material), 6) << material;
  }
  // The fitted model explains the games better than a clearly wrong one.
  const WdlModel wrong = {{0, 0, 0, 180}, {0, 0, 0, 70}};
  EXPECT_LT(wdl_log_loss(h, fit.model), wdl_log_loss(h, wrong));
  // The draw share near 0.00 predicted by the fit is the measured one, within sampling noise.
  DrawShare d = draw_share_near_zero(h, fit.model, 20);
  EXPECT_GT(d.positions, 5000u);
  EXPECT_NEAR(d.predicted, d.measured, 0.03);
}

TEST(WdlFit, JointFitHoldsWhereMaterialRowsAreThin) {
  // A few hundred positions per material, as a few hundred match games give: single rows fit
  // badly, the likelihood of all positions at once still finds the model.
  const WdlModel truth = {{0, 0, -150, 250}, {0, 0, 40, 60}};
  WdlHistogram h;
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int> scoreDist(-400, 400);
  std::uniform_real_distribution<double> u(0, 1);
  for (int material = 17; material <= 78; ++material)
    for (int i = 0; i < 300; ++i) {
      int s = scoreDist(rng);
      double w = wdl_win_probability(truth, s, material), l = wdl_win_probability(truth, -s, material);
      double x = u(rng);
      h.add(material, s, x < w ? 1.0 : x < w + l ? 0.0 : 0.5);
    }
  WdlFit fit = fit_wdl(h, 200);
  EXPECT_LE(wdl_log_loss(h, fit.model), fit.rowLoss + 1e-12);
  EXPECT_LE(wdl_log_loss(h, fit.model), wdl_log_loss(h, FittedWdl));
  for (int material = 20; material <= 78; material += 2) {
    EXPECT_NEAR(wdl_midpoint(fit.model, material), wdl_midpoint(truth, material), 30) << material;
    EXPECT_NEAR(wdl_spread(fit.model, material), wdl_spread(truth, material), 20) << material;
  }
}
