// SPDX-License-Identifier: GPL-3.0-or-later
// Weakened play: the level -> plan mapping, the move choice (bounded loss, seeded, varied), and
// real searches at a low level that stay within their node budget and vary their moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "search/skill.hpp"
#include "search/threads.hpp"

using namespace taper;

namespace {

/// Root moves of the start position with made-up scores, sorted best first.
std::vector<RootMove> scored_moves(const std::vector<int>& scores) {
  Position::init();
  Position pos;
  pos.set(Position::StartFen, false);
  std::vector<RootMove> moves;
  size_t i = 0;
  for (Move m : MoveList<LEGAL>(pos)) {
    if (i == scores.size()) break;
    moves.emplace_back(m);
    moves.back().score = Value(scores[i++]);
  }
  return moves;
}

}  // namespace

TEST(Skill, PlanGetsStrongerWithTheLevel) {
  SkillPlan prev = skill_plan(SkillMinElo);
  EXPECT_GT(prev.errorCp, 100);  // the weakest level really errs
  EXPECT_GE(prev.lines, 3);
  for (int elo = SkillMinElo + 20; elo <= SkillMaxElo; elo += 20) {
    SkillPlan p = skill_plan(elo);
    EXPECT_GT(p.nodes, prev.nodes) << elo;
    EXPECT_LE(p.errorCp, prev.errorCp) << elo;
    prev = p;
  }
  EXPECT_EQ(skill_plan(SkillMaxElo).errorCp, 0);
  // Out-of-range levels are clamped, not extrapolated.
  EXPECT_EQ(skill_plan(100).nodes, skill_plan(SkillMinElo).nodes);
  EXPECT_EQ(skill_plan(9999).nodes, skill_plan(SkillMaxElo).nodes);
  EXPECT_EQ(skill_level_to_elo(0), SkillMinElo);
  EXPECT_EQ(skill_level_to_elo(20), SkillMaxElo);
  EXPECT_LT(skill_level_to_elo(9), skill_level_to_elo(10));
}

TEST(Skill, ChoiceNeverLosesMoreThanTheErrorAndVaries) {
  // Best 50, then 30, -20 and a blunder at -400; lines beyond the 4th must never be chosen.
  std::vector<RootMove> moves = scored_moves({50, 30, -20, -400, 45});
  const int error = 100;
  std::map<size_t, int> chosen;
  uint64_t rng = 12345;
  for (int i = 0; i < 2000; ++i) ++chosen[pick_weakened_move(moves, 4, error, rng)];
  EXPECT_GT(chosen[0], chosen[1]);  // the best move stays the most likely
  EXPECT_GT(chosen[1], 100);        // 20 cp worse: often chosen at this level
  EXPECT_GT(chosen[2], 0);          // 70 cp worse: sometimes
  EXPECT_EQ(chosen.count(3), 0u);   // 450 cp worse: never, the error is 100
  EXPECT_EQ(chosen.count(4), 0u);   // not among the candidate lines
}

TEST(Skill, ChoiceIsDeterministicGivenTheSeed) {
  std::vector<RootMove> moves = scored_moves({10, 5, 0, -5});
  auto sequence = [&](uint64_t seed) {
    std::vector<size_t> picks;
    for (int i = 0; i < 50; ++i) picks.push_back(pick_weakened_move(moves, 4, 200, seed));
    return picks;
  };
  EXPECT_EQ(sequence(7), sequence(7));
  EXPECT_NE(sequence(7), sequence(8));
  // No error, or a single line: always the best move.
  uint64_t rng = 1;
  for (int i = 0; i < 20; ++i) EXPECT_EQ(pick_weakened_move(moves, 4, 0, rng), 0u);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(pick_weakened_move(moves, 1, 300, rng), 0u);
}

TEST(Skill, ChoiceTreatsMateScoresAsVeryBadNotAsOverflow) {
  std::vector<RootMove> moves = scored_moves({0, -10, -20, -VALUE_MATE + 4});
  uint64_t rng = 99;
  for (int i = 0; i < 500; ++i) EXPECT_NE(pick_weakened_move(moves, 4, 320, rng), 3u);
}

TEST(Skill, WeakSearchesKeepTheBudgetAndVaryTheirMoves) {
  Position::init();
  Position pos;
  ASSERT_TRUE(pos.set("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", false));
  SearchPool pool;
  const int elo = SkillMinElo;
  std::set<std::string> played;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    SearchLimits limits;  // no clock: the budget alone ends the search (a clock adds think time)
    Move best = Move::none();
    uint64_t nodes = 0;
    SearchCallbacks cb;
    cb.onIteration = [&](const SearchReport& r) { nodes = std::max(nodes, r.nodes); };
    cb.onBestMove = [&](Move m, Move) { best = m; };
    SearchOptions options;
    options.limitElo = elo;
    options.skillSeed = seed;
    pool.start(pos, limits, cb, options);
    pool.wait();
    ASSERT_TRUE(best) << "seed " << seed;
    ASSERT_TRUE(pos.is_pseudo_legal(best) && pos.is_legal(best));
    EXPECT_LE(nodes, skill_plan(elo).nodes + 64) << "seed " << seed;  // one node-check step of slack
    played.insert(move_to_uci(best, false));
  }
  // Twelve moves at the weakest level are not all the same move.
  EXPECT_GE(played.size(), 2u);
}

TEST(Skill, FullStrengthSearchIsUnchanged) {
  // limitElo 0 must be the plain search: equal node counts and moves with and without the field set.
  Position::init();
  Position pos;
  ASSERT_TRUE(pos.set(Position::StartFen, false));
  auto run = [&](SearchOptions options) {
    SearchPool pool;
    SearchLimits limits;
    limits.depth = 9;
    std::pair<Move, uint64_t> out{};
    SearchCallbacks cb;
    cb.onIteration = [&](const SearchReport& r) { out.second = r.nodes; };
    cb.onBestMove = [&](Move m, Move) { out.first = m; };
    pool.start(pos, limits, cb, options);
    pool.wait();
    return out;
  };
  SearchOptions plain, seeded;
  seeded.skillSeed = 42;  // a seed without a level does nothing
  EXPECT_EQ(run(plain), run(seeded));
}
