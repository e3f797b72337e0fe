// SPDX-License-Identifier: GPL-3.0-or-later
// The parameter table and the tuner interface: coefficients rebuild the score under other
// weights, and the king-danger curve's gradient is right. (The `eval` table printed from the
// record is tested in tests/tools/eval_table_test.cpp.)
#include <algorithm>
#include <cmath>
#include <random>
#include <set>

#include <gtest/gtest.h>

#include "board/movegen.hpp"
#include "eval/evaluate.hpp"
#include "eval/trace.hpp"

using namespace taper;

namespace {

const char* const Fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
    "2r3k1/5pp1/p3p2p/1p1nP3/3P4/P2Q1N1P/1q3PP1/2R3K1 b - - 0 30",
    "6k1/5ppp/8/8/8/8/1B3PPP/2b3K1 w - - 0 40",
    "8/5kp1/8/2P5/8/8/5KP1/8 b - - 0 60",
    "r1b2rk1/ppq2ppp/2n1p3/3pP3/3P4/P1PB1N2/2Q2PPP/R3K2R b KQ - 5 14",
    "4k3/7p/8/8/8/8/4P3/4K2R w K - 0 1",
};

}  // namespace

TEST(EvalParams, TableIsConsistent) {
  std::set<std::string_view> names;
  for (int i = 0; i < ParamCount; ++i) {
    const ParamInfo& p = Params[i];
    EXPECT_FALSE(p.name.empty());
    EXPECT_LE(p.first, i);
    EXPECT_LT(i, p.first + p.size);
    EXPECT_EQ(Params[p.first].name, p.name);
    names.insert(p.name);
    // Only Linear weights have an endgame half; the others are plain numbers in mg.
    if (p.kind != ParamKind::Linear) {
      EXPECT_EQ(Weights[i].eg(), 0) << p.name;
    }
  }
  EXPECT_EQ(Params[PieceValue].size, 5);
  EXPECT_EQ(Params[KnightPsqt + 31].first, KnightPsqt);
  EXPECT_EQ(Params[Tempo].group, ParamGroup::SideToMove);
  EXPECT_EQ(Params[KingAttackInner].kind, ParamKind::Danger);
  EXPECT_GT(names.size(), 60u);
  // Piece values keep their order: pawn, then the minors, then rook, then queen. Knight and
  // bishop are near-equal and may swap, since their king-distance terms take different shares.
  const auto value = [](PieceType pt) { return Weights[PieceValue + pt - PAWN].mg(); };
  EXPECT_LT(value(PAWN), std::min(value(KNIGHT), value(BISHOP)));
  EXPECT_LT(std::max(value(KNIGHT), value(BISHOP)), value(ROOK));
  EXPECT_LT(value(ROOK), value(QUEEN));
  EXPECT_LT(std::abs(value(KNIGHT) - value(BISHOP)), 60);
}

// The tuner may change any weight: the coefficients must still rebuild what the engine would
// compute with those weights. Checked against a brute-force evaluation of perturbed weights:
// with Linear weights changed only, the recorded scale and danger flags stay valid.
TEST(EvalTuner, CoefficientsFollowOtherWeights) {
  std::mt19937 rng(7);
  WeightVector w = Weights;
  for (int i = 0; i < ParamCount; ++i)
    if (Params[i].kind == ParamKind::Linear) w[i] = w[i] + Score(int(rng() % 7) - 3, int(rng() % 7) - 3);
  for (const char* fen : Fens) {
    Position pos;
    ASSERT_TRUE(pos.set(fen, false));
    const EvalRecord r = record_evaluation(pos);
    if (r.exit != EvalExit::General) continue;
    // Manual rebuild with the perturbed weights.
    Score side[COLOR_NB];
    for (int i = 0; i < ParamCount; ++i)
      for (Color c : {WHITE, BLACK})
        if (Params[i].kind == ParamKind::Linear) side[c] += w[i] * r.coeff[i][c];
    for (Color c : {WHITE, BLACK}) side[c] -= Score(r.dangerPenalty[c], r.dangerPenaltyEg[c]);
    const Value v = tapered_value(side[WHITE] - side[BLACK], r.phase, r.scale);
    EXPECT_EQ(evaluate_from_coefficients(r, w), r.sideToMove == WHITE ? v : -v) << fen;
    // And the sparse list carries everything that does not cancel.
    Score sparse;
    for (const SparseCoefficient& c : sparse_coefficients(r))
      if (Params[c.index].kind == ParamKind::Linear) sparse += w[c.index] * (c.white - c.black);
    EXPECT_EQ(sparse, linear_sum(r, WHITE, w) - linear_sum(r, BLACK, w)) << fen;
  }
}

TEST(EvalTuner, DangerUnitsFollowOtherWeights) {
  Position pos;
  // White's queen, rook, knight and bishop all bear on the black king.
  ASSERT_TRUE(pos.set("r4rk1/ppp2ppp/5n2/3q2NQ/8/3B4/PPP2PPP/4RRK1 w - - 0 1", false));
  const EvalRecord r = record_evaluation(pos);
  ASSERT_TRUE(r.dangerReal[BLACK]);
  WeightVector w = Weights;
  w[KingAttackInner + 3] = U(Weights[KingAttackInner + 3].mg() + 5);  // queen inner-ring weight
  const int queenSquares = r.coeff[KingAttackInner + 3][BLACK];
  ASSERT_GT(queenSquares, 0);
  EXPECT_EQ(danger_units(r, BLACK, w), r.units[BLACK] + 5 * queenSquares);
  // A steeper curve costs Black more.
  w[KingDangerQuadratic] = U(Weights[KingDangerQuadratic].mg() * 2);
  EXPECT_GT(evaluate_from_coefficients(r, w), evaluate_from_coefficients(r));
}

TEST(EvalTuner, CurveGradientMatchesFiniteDifferences) {
  const KingDangerShape<double> p{16, 12, 1200};
  for (double u : {10.0, 55.5, 120.0, 200.0}) {
    const KingDangerGradient g = king_danger_gradient(u, p);
    const double h = 1e-4;
    auto f = [&](KingDangerShape<double> q, double x) { return king_danger_curve(x, q); };
    EXPECT_DOUBLE_EQ(g.value, f(p, u));
    EXPECT_NEAR(g.units, (f(p, u + h) - f(p, u - h)) / (2 * h), 1e-6);
    EXPECT_NEAR(g.quadratic, (f({p.quadratic + h, p.linear, p.limit}, u) - f({p.quadratic - h, p.linear, p.limit}, u)) / (2 * h), 1e-6);
    EXPECT_NEAR(g.linear, (f({p.quadratic, p.linear + h, p.limit}, u) - f({p.quadratic, p.linear - h, p.limit}, u)) / (2 * h), 1e-6);
    EXPECT_NEAR(g.limit, (f({p.quadratic, p.linear, p.limit + h}, u) - f({p.quadratic, p.linear, p.limit - h}, u)) / (2 * h), 1e-6);
  }
  // Saturated: only the limit matters. Below zero: nothing does.
  EXPECT_EQ(king_danger_gradient(1000, p).limit, 1.0);
  EXPECT_EQ(king_danger_gradient(1000, p).units, 0.0);
  EXPECT_EQ(king_danger_gradient(-5, p).quadratic, 0.0);
}

TEST(EvalTuner, EndgameShareGradientMatchesFiniteDifferences) {
  const KingDangerShape<double> p{16, 12, 300, 20};
  auto f = [](KingDangerShape<double> q, double x) { return king_danger_endgame(x, q); };
  for (double u : {10.0, 55.5, 120.0}) {
    const KingDangerEndgameGradient g = king_danger_endgame_gradient(u, p);
    const double h = 1e-4;
    EXPECT_DOUBLE_EQ(g.value, f(p, u));
    EXPECT_NEAR(g.units, (f(p, u + h) - f(p, u - h)) / (2 * h), 1e-6);
    EXPECT_NEAR(g.endgame, (f({16, 12, 300, 20 + h}, u) - f({16, 12, 300, 20 - h}, u)) / (2 * h), 1e-6);
    EXPECT_EQ(g.limit, 0.0);
  }
  // 20 * 400 / 16 = 500 is past the limit: only the limit matters. No units: nothing does.
  EXPECT_EQ(king_danger_endgame_gradient(400, p).value, 300.0);
  EXPECT_EQ(king_danger_endgame_gradient(400, p).limit, 1.0);
  EXPECT_EQ(king_danger_endgame_gradient(400, p).units, 0.0);
  EXPECT_EQ(king_danger_endgame_gradient(-5, p).endgame, 0.0);
}

TEST(EvalTuner, KingDangerCostsTheEndgameHalfToo) {
  // The four attackers on the black king of ManyAttackersCostMuchMoreThanOne: both halves of
  // the penalty are charged, and the eval table's KingDanger row shows both.
  Position pos;
  ASSERT_TRUE(pos.set("r4rk1/ppp2ppp/5n2/3q2NQ/8/3B4/PPP2PPP/4RRK1 w - - 0 1", false));
  const EvalRecord r = record_evaluation(pos);
  ASSERT_TRUE(r.dangerReal[BLACK]);
  const KingDangerShape<int> shape = king_danger_shape(Weights);
  EXPECT_EQ(r.dangerPenalty[BLACK], king_danger_curve(r.units[BLACK], shape));
  EXPECT_EQ(r.dangerPenaltyEg[BLACK], king_danger_endgame(r.units[BLACK], shape));
  if (shape.endgame > 0) {
    EXPECT_GT(r.dangerPenaltyEg[BLACK], 0);
  }
  const GroupScores rows = group_scores(r);
  EXPECT_LE(rows[size_t(ParamGroup::KingDanger)][BLACK].eg(), -r.dangerPenaltyEg[BLACK]);
  // A steeper endgame share costs Black more.
  WeightVector w = Weights;
  w[KingDangerEndgame] = U(Weights[KingDangerEndgame].mg() + 8);
  EXPECT_GT(evaluate_from_coefficients(r, w), evaluate_from_coefficients(r));
}

TEST(EvalTuner, CurveIsMonotoneAndClamped) {
  const KingDangerShape<int> p = king_danger_shape(Weights);
  int previous = 0;
  for (int u = -50; u < 1000; ++u) {
    const int v = king_danger_curve(u, p);
    EXPECT_GE(v, previous) << u;
    EXPECT_LE(v, p.limit);
    previous = v;
  }
  EXPECT_EQ(previous, p.limit);
  EXPECT_EQ(king_danger_curve(0, p), 0);
}

// Along random games, with one Evaluator (as in a search), every static evaluation equals the
// uncached one and its coefficient rebuild.
TEST(EvalTrace, RandomGamesAgreeEverywhere) {
  std::mt19937 rng(2026);
  Evaluator e;
  int evaluated = 0;
  for (int game = 0; game < 40; ++game) {
    Position pos;
    for (int ply = 0; ply < 160; ++ply) {
      MoveList<LEGAL> moves(pos);
      if (!moves.size() || pos.is_draw(0)) break;
      const Value v = e.evaluate(pos);
      ASSERT_EQ(v, evaluate_uncached(pos)) << pos.fen();
      ASSERT_EQ(v, evaluate_from_coefficients(record_evaluation(pos))) << pos.fen();
      ++evaluated;
      pos.do_move(*(moves.begin() + rng() % moves.size()));
    }
  }
  EXPECT_GT(evaluated, 2000);
}
