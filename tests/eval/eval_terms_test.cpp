// SPDX-License-Identifier: GPL-3.0-or-later
// Evaluation terms on hand-made positions: each idea fires where it should, with the right sign.
#include "eval/evaluate.hpp"
#include "eval/trace.hpp"
#include "test_data.hpp"

using namespace taper;

namespace {

Position make(const std::string& fen) {
  Position pos;
  std::string err;
  EXPECT_TRUE(pos.set(fen, false, &err)) << fen << ": " << err;
  return pos;
}

/// White-POV evaluation.
Value white_eval(const std::string& fen) {
  Position pos = make(fen);
  Evaluator e;
  const Value v = e.evaluate(pos);
  return pos.side_to_move() == WHITE ? v : -v;
}

EvalRecord rec(const std::string& fen) { return record_evaluation(make(fen)); }

/// Sum of one group's Linear terms for one side, in engine weights.
Score group_score(const EvalRecord& r, ParamGroup g, Color c) {
  Score s;
  for (int i = 0; i < ParamCount; ++i)
    if (Params[i].group == g && Params[i].kind == ParamKind::Linear) s += Weights[i] * r.coeff[i][c];
  return s;
}

int coeff(const EvalRecord& r, int index, Color c) { return r.coeff[index][c]; }

}  // namespace

// --- Passed pawns ---------------------------------------------------------------------------

TEST(EvalTerms, PassedPawnOnTheSixthBeatsTheThird) {
  // Rooks on, kings far away: only the pawn's rank differs.
  const std::string onSixth = "r5k1/6p1/3P4/8/8/8/6P1/R5K1 w - - 0 1";
  const std::string onThird = "r5k1/6p1/8/8/8/3P4/6P1/R5K1 w - - 0 1";
  EXPECT_GT(white_eval(onSixth), white_eval(onThird) + 50);
  const EvalRecord r6 = rec(onSixth);
  const EvalRecord r3 = rec(onThird);
  EXPECT_EQ(coeff(r6, PassedRank + RANK_6, WHITE), 1);
  EXPECT_EQ(coeff(r3, PassedRank + RANK_3, WHITE), 1);
  EXPECT_GT(group_score(r6, ParamGroup::Passed, WHITE).eg(), group_score(r3, ParamGroup::Passed, WHITE).eg());
}

TEST(EvalTerms, PassedPawnKingDistancesAndPath) {
  // White pawn d5, own king e5 next to the stop square d6; black king h8 far from its path.
  const EvalRecord r = rec("7k/8/8/3PK3/8/8/r7/1R6 w - - 0 1");
  EXPECT_EQ(coeff(r, PassedOwnKingDistance + 1, WHITE), 1);
  EXPECT_EQ(coeff(r, PassedEnemyKingDistance + 4, WHITE), 1);   // h8 to d6
  EXPECT_EQ(coeff(r, PassedEnemyKingPath + 4, WHITE), 1);       // h8 to d8
  EXPECT_EQ(coeff(r, PassedClearPath + RANK_5, WHITE), 1);
  EXPECT_EQ(coeff(r, PassedFree + RANK_5, WHITE), 1);
  // A black rook on d8 blocks the path and watches every square of it.
  const EvalRecord blocked = rec("3r3k/8/8/3PK3/8/8/8/1R6 w - - 0 1");
  EXPECT_EQ(coeff(blocked, PassedClearPath + RANK_5, WHITE), 0);
  EXPECT_EQ(coeff(blocked, PassedFree + RANK_5, WHITE), 0);
}

TEST(EvalTerms, RuleOfTheSquareWithDoubleStepAndSideToMove) {
  // White a2 passer; Black has only a king (and a pawn): the square of a2 is that of a3,
  // thanks to the double step. King g4 is outside it with White to move (a4 Kf5 a5 Ke6 a6
  // Kd7 a7 Kc7 a8=Q), inside with Black to move; king f4 catches it either way.
  EXPECT_EQ(coeff(rec("8/7p/8/8/6k1/8/P6P/7K w - - 0 1"), PassedUnstoppable, WHITE), 1);
  EXPECT_EQ(coeff(rec("8/7p/8/8/6k1/8/P6P/7K b - - 0 1"), PassedUnstoppable, WHITE), 0);
  EXPECT_EQ(coeff(rec("8/7p/8/8/5k2/8/P6P/7K w - - 0 1"), PassedUnstoppable, WHITE), 0);
  // Pawn a5, king e5: outside with White to move, inside with Black to move.
  EXPECT_EQ(coeff(rec("8/7p/8/P3k3/8/8/7P/7K w - - 0 1"), PassedUnstoppable, WHITE), 1);
  EXPECT_EQ(coeff(rec("8/7p/8/P3k3/8/8/7P/7K b - - 0 1"), PassedUnstoppable, WHITE), 0);
  // With a black knight on the board the rule does not apply.
  EXPECT_EQ(coeff(rec("8/7p/8/P3k3/8/8/7P/n6K w - - 0 1"), PassedUnstoppable, WHITE), 0);
}

// --- Pawn structure -------------------------------------------------------------------------

TEST(EvalTerms, PawnStructureCounts) {
  // White: a2 a3 (doubled, isolated), c4 d4 (phalanx), e3 (supports d4), g5 vs black h7 f7.
  const EvalRecord r = rec("4k3/5p1p/8/6P1/2PP4/P3P3/P7/4K3 w - - 0 1");
  EXPECT_EQ(coeff(r, PawnDoubled, WHITE), 1);
  EXPECT_EQ(coeff(r, PawnIsolated, WHITE), 2 + 1);  // a2, a3 and g5
  EXPECT_EQ(coeff(r, PawnPhalanx + RANK_4, WHITE), 2);
  EXPECT_EQ(coeff(r, PawnSupported + RANK_4, WHITE), 1);
  // Black's f7 and h7 have no neighbour on the e- or g-file.
  EXPECT_EQ(coeff(r, PawnIsolated, BLACK), 2);
  // Backward: black e6 left behind by d5 and f5 (which it defends), its stop square e5
  // covered by the white d4 pawn.
  const EvalRecord b = rec("4k3/8/4p3/3p1p2/3P4/8/8/4K3 w - - 0 1");
  EXPECT_EQ(coeff(b, PawnBackward, BLACK), 1);
  EXPECT_EQ(coeff(b, PawnSupported + RANK_4, BLACK), 2);  // d5 and f5, Black's fourth rank
  // Without the d4 pawn e6 can advance: not backward.
  EXPECT_EQ(coeff(rec("4k3/8/4p3/3p1p2/8/8/8/4K3 w - - 0 1"), PawnBackward, BLACK), 0);
}

TEST(EvalTerms, WeakUnopposedLeversAndOpposedConnections) {
  // The position above: a2, a3 and g5 are isolated with no black pawn ahead on their files;
  // so are f7 and h7 for Black. The backward e6 has no white e-pawn in front of it.
  const EvalRecord r = rec("4k3/5p1p/8/6P1/2PP4/P3P3/P7/4K3 w - - 0 1");
  EXPECT_EQ(coeff(r, PawnWeakUnopposed, WHITE), 3);
  EXPECT_EQ(coeff(r, PawnWeakUnopposed, BLACK), 2);
  EXPECT_EQ(coeff(rec("4k3/8/4p3/3p1p2/3P4/8/8/4K3 w - - 0 1"), PawnWeakUnopposed, BLACK), 1);
  // An isolated pawn facing an enemy pawn on its file is not on a half-open file.
  EXPECT_EQ(coeff(rec("4k3/3p4/8/8/3P4/8/8/4K3 w - - 0 1"), PawnWeakUnopposed, WHITE), 0);
  // e4 attacked by d5 and f5, defended by nothing: a weak lever. With d3 defending it: not.
  EXPECT_EQ(coeff(rec("4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1"), PawnWeakLever, WHITE), 1);
  EXPECT_EQ(coeff(rec("4k3/8/8/3p1p2/4P3/3P4/8/4K3 w - - 0 1"), PawnWeakLever, WHITE), 0);
  // d4-e4 side by side, d4 facing d6: one opposed connection on the fourth rank, e4 free.
  const EvalRecord c = rec("4k3/8/3p4/8/3PP3/8/8/4K3 w - - 0 1");
  EXPECT_EQ(coeff(c, PawnPhalanx + RANK_4, WHITE), 2);
  EXPECT_EQ(coeff(c, PawnConnectedOpposed + RANK_4, WHITE), 1);
}

TEST(EvalTerms, CandidatePassersCountAsPassed) {
  // e5 against f6 alone: its only stopper is a pawn it can take, so it is a candidate passer
  // (and so is f6 for Black, for the same reason).
  const EvalRecord lever = rec("4k3/8/5p2/4P3/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(coeff(lever, PassedRank + RANK_5, WHITE), 1);
  EXPECT_EQ(coeff(lever, PassedRank + RANK_3, BLACK), 1);  // f6 is on Black's third rank
  // e5 and d5 against f7: f7 guards e6, and one pawn beside e5 outnumbers it.
  EXPECT_EQ(coeff(rec("4k3/5p2/8/3PP3/8/8/8/4K3 w - - 0 1"), PassedRank + RANK_5, WHITE), 1 + 1);
  // e4 against e5 head-on, or against d6 and f6 with no pawn beside it: not passed.
  EXPECT_EQ(coeff(rec("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1"), PassedRank + RANK_4, WHITE), 0);
  EXPECT_EQ(coeff(rec("4k3/8/3p1p2/8/4P3/8/8/4K3 w - - 0 1"), PassedRank + RANK_4, WHITE), 0);
  // A candidate is never "unstoppable": the enemy pawn can still take it. Black king far
  // away, e5 against f6, defender has only pawns: only a true passer earns the bonus.
  EXPECT_EQ(coeff(rec("k7/8/5p2/4P3/8/8/8/4K3 w - - 0 1"), PassedUnstoppable, WHITE), 0);
  EXPECT_EQ(coeff(rec("k7/8/8/4P3/8/7p/8/4K3 w - - 0 1"), PassedUnstoppable, WHITE), 1);
}

// --- Pieces ---------------------------------------------------------------------------------

TEST(EvalTerms, OutpostsFilesAndSeventhRank) {
  // White knight e5 on a pawn-supported hole (no black d- or f-pawn can chase it); rooks on
  // the open b- and c-files, the b7 rook on the seventh with a black pawn there.
  const EvalRecord r = rec("6k1/pR4pp/4p3/4N3/3P4/8/5PPP/2R3K1 w - - 0 1");
  EXPECT_EQ(coeff(r, KnightOutpost, WHITE), 1);
  EXPECT_EQ(coeff(r, RookOpenFile, WHITE), 2);
  EXPECT_EQ(coeff(r, RookOnSeventh, WHITE), 1);
  // Knight mobility counts safe squares: c4 c6 d3 d7 f3 f7 g4, not g6 (the h7 pawn's).
  EXPECT_EQ(coeff(r, KnightMobility + 7, WHITE), 1);
  // With a black f-pawn the knight can be chased: no outpost.
  EXPECT_EQ(coeff(rec("6k1/pR3ppp/4p3/4N3/3P4/8/5PPP/2R3K1 w - - 0 1"), KnightOutpost, WHITE), 0);
  // A semi-open file (only enemy pawns) for the c1 rook.
  EXPECT_EQ(coeff(rec("6k1/p1p3pp/4p3/8/3P4/8/5PPP/2R3K1 w - - 0 1"), RookSemiOpenFile, WHITE), 1);
}

TEST(EvalTerms, ReachableOutpostsAndKingDistance) {
  // The f3 knight can jump to e5, a hole that the d4 pawn defends and no black pawn can reach.
  const EvalRecord r = rec("6k1/p5pp/4p3/8/3P4/5N2/5PPP/6K1 w - - 0 1");
  EXPECT_EQ(coeff(r, KnightOutpost, WHITE), 0);
  EXPECT_EQ(coeff(r, KnightReachableOutpost, WHITE), 1);
  // King distance from g1 to f3 is two.
  EXPECT_EQ(coeff(r, KnightKingDistance, WHITE), 2);
  // With its own rook on e5 the knight cannot go there.
  EXPECT_EQ(coeff(rec("6k1/p5pp/4p3/4R3/3P4/5N2/5PPP/6K1 w - - 0 1"), KnightReachableOutpost, WHITE), 0);
  // A bishop on a7 is six squares from its king on g1.
  EXPECT_EQ(coeff(rec("6k1/B5pp/8/8/8/8/6PP/6K1 w - - 0 1"), BishopKingDistance, WHITE), 6);
}

TEST(EvalTerms, TrappedRooksQueenFilesAndExposedQueens) {
  // Black has a rook and pawns in the first three, so that no known-ending rule takes over.
  // The h1 rook behind its king on f1, castling gone: trapped, counted twice.
  EXPECT_EQ(coeff(rec("r3k3/pp6/8/8/8/8/6PP/5K1R w - - 0 1"), RookTrapped, WHITE), 2);
  // Still able to castle: counted once.
  EXPECT_EQ(coeff(rec("r3k3/pp6/8/8/8/8/6PP/4K2R w K - 0 1"), RookTrapped, WHITE), 1);
  // Boxed in, but on the far side of the king: not trapped by it.
  EXPECT_EQ(coeff(rec("r3k3/pp6/8/8/8/8/P5PP/RN4K1 w - - 0 1"), RookTrapped, WHITE), 0);
  // The a1 rook shares its file with the black queen.
  EXPECT_EQ(coeff(rec("q3k3/1p6/8/8/8/8/1P6/R3K3 w - - 0 1"), RookOnQueenFile, WHITE), 1);
  EXPECT_EQ(coeff(rec("1q2k3/1p6/8/8/8/8/1P6/R3K3 w - - 0 1"), RookOnQueenFile, WHITE), 0);
  // The d1 queen: only the d4 knight stands between it and the d8 rook.
  EXPECT_EQ(coeff(rec("3rk3/8/8/8/3N4/8/8/3QK3 w - - 0 1"), QueenPinned, WHITE), 1);
  EXPECT_EQ(coeff(rec("3rk3/8/8/3N4/3N4/8/8/3QK3 w - - 0 1"), QueenPinned, WHITE), 0);
}

TEST(EvalTerms, PassersCountTheirFilesDistanceFromTheEdge) {
  // Knights on the board, so that no known-ending rule takes over.
  EXPECT_EQ(coeff(rec("1n2k3/8/8/3P4/8/8/8/1N2K3 w - - 0 1"), PassedFileEdge, WHITE), 3);
  EXPECT_EQ(coeff(rec("1n2k3/8/8/6P1/8/8/8/1N2K3 w - - 0 1"), PassedFileEdge, WHITE), 1);
  EXPECT_EQ(coeff(rec("1n2k3/8/8/P7/8/8/8/1N2K3 w - - 0 1"), PassedFileEdge, WHITE), 0);
}

TEST(EvalTerms, ThreatsByPawnMinorAndHanging) {
  // The white d4 pawn attacks the knight on e5 and the bishop on c5.
  const EvalRecord r = rec("4k3/8/8/2b1n3/3P4/8/8/4K2R w - - 0 1");
  EXPECT_EQ(coeff(r, ThreatByPawn + 0, WHITE), 1);  // knight e5
  EXPECT_EQ(coeff(r, ThreatByPawn + 1, WHITE), 1);  // bishop c5
  // Black rook on d8 attacked by a white bishop: a lesser piece.
  const EvalRecord m = rec("3rk3/7p/8/6B1/8/8/P7/4K3 w - - 0 1");
  EXPECT_EQ(coeff(m, ThreatByMinor + 0, WHITE), 1);
  EXPECT_EQ(coeff(m, ThreatHanging + ROOK - PAWN, WHITE), 0);  // the king defends d8
  // Undefended and attacked: hanging.
  const EvalRecord h = rec("3r3k/7p/8/6B1/8/8/P7/4K3 w - - 0 1");
  EXPECT_EQ(coeff(h, ThreatHanging + ROOK - PAWN, WHITE), 1);
}

// --- King safety ----------------------------------------------------------------------------

TEST(EvalTerms, OpenedFileNextToTheCastledKingCosts) {
  const std::string intact = "r4rk1/ppp2ppp/2n1bn2/3q4/3Q4/2N1BN2/PPP2PPP/R4RK1 w - - 0 1";
  const std::string noFPawn = "r4rk1/ppp2ppp/2n1bn2/3q4/3Q4/2N1BN2/PPP3PP/R4RK1 w - - 0 1";
  const std::string noHPawn = "r4rk1/ppp2ppp/2n1bn2/3q4/3Q4/2N1BN2/PPP2PP1/R4RK1 w - - 0 1";
  const std::string noGPawn = "r4rk1/ppp2ppp/2n1bn2/3q4/3Q4/2N1BN2/PPP2P1P/R4RK1 w - - 0 1";
  const EvalRecord base = rec(intact);
  const Score baseShelter = group_score(base, ParamGroup::KingShelter, WHITE);
  for (const std::string& fen : {noFPawn, noHPawn, noGPawn}) {
    const EvalRecord r = rec(fen);
    // The shelter is worse by a shield pawn and a half-open file...
    EXPECT_LT(group_score(r, ParamGroup::KingShelter, WHITE).mg(), baseShelter.mg() - 15) << fen;
    // ... and the file feeds any attack on the king. (The total units need not rise: the missing
    // pawn also frees an escape square, which the fitted table may value more than the file.)
    EXPECT_EQ(coeff(r, KingOpenFileDanger, WHITE), coeff(base, KingOpenFileDanger, WHITE) + 1) << fen;
    EXPECT_GT(Weights[KingOpenFileDanger].mg(), 0);
    EXPECT_EQ(coeff(r, KingSemiOpenFile + 0, WHITE) + coeff(r, KingSemiOpenFile + 1, WHITE), 1) << fen;
  }
  // And Black's own shield and files, untouched, are unaffected (only the storm term reads the
  // other side's pawns, and the g2 pawn was one).
  const EvalRecord noG = rec(noGPawn);
  for (int i : {int(ShieldPawn)})
    for (int k = 0; k < 32; ++k) EXPECT_EQ(coeff(noG, i + k, BLACK), coeff(base, i + k, BLACK)) << Params[i].name << k;
  for (int i : {int(KingOpenFile), int(KingSemiOpenFile)})
    for (int k = 0; k < 2; ++k) EXPECT_EQ(coeff(noG, i + k, BLACK), coeff(base, i + k, BLACK)) << Params[i].name << k;
}

TEST(EvalTerms, ManyAttackersCostMuchMoreThanOne) {
  // Black king g8. One attacker: the white queen on h5. Then knight, bishop and rook join.
  const EvalRecord one = rec("r4rk1/ppp2ppp/5n2/3q3Q/8/8/PPP2PPP/R5K1 w - - 0 1");
  const EvalRecord two = rec("r4rk1/ppp2ppp/5n2/3q2NQ/8/8/PPP2PPP/R5K1 w - - 0 1");
  const EvalRecord four = rec("r4rk1/ppp2ppp/5n2/3q2NQ/8/3B4/PPP2PPP/4RRK1 w - - 0 1");
  EXPECT_FALSE(one.dangerReal[BLACK]);
  EXPECT_EQ(one.dangerPenalty[BLACK], 0);
  EXPECT_TRUE(two.dangerReal[BLACK]);
  EXPECT_TRUE(four.dangerReal[BLACK]);
  EXPECT_GT(four.units[BLACK], two.units[BLACK]);
  EXPECT_GT(two.dangerPenalty[BLACK], 0);
  EXPECT_GT(four.dangerPenalty[BLACK], 100);
  EXPECT_GT(four.dangerPenalty[BLACK], 3 * two.dangerPenalty[BLACK] / 2);
  // The penalty grows faster than the units (the curve is convex below its limit).
  EXPECT_GT(four.dangerPenalty[BLACK] * two.units[BLACK], two.dangerPenalty[BLACK] * four.units[BLACK]);
}

TEST(EvalTerms, KingSafetyPartsFire) {
  // White king h1 with no escape, black queen and rook aiming: checks, weak squares, escapes.
  const EvalRecord r = rec("6k1/5ppp/8/8/8/6q1/6P1/3r3K w - - 0 1");
  EXPECT_EQ(coeff(r, KingSafeCheck + 2, WHITE), 1);  // the rook can check again from f1
  EXPECT_EQ(coeff(r, KingEscapeSquares + 0, WHITE), 1);
  EXPECT_EQ(coeff(r, KingSquareDanger + half_board_index(WHITE, SQ_H1), WHITE), 1);
  EXPECT_EQ(coeff(r, KingDangerOffset, WHITE), 1);
  EXPECT_EQ(coeff(r, KingNoEnemyQueen, BLACK), 1);  // White has no queen
  // Uncastled king in the centre with the enemy queen on: may castle / may not.
  EXPECT_EQ(coeff(rec("r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1"), KingInCentre + 0, WHITE), 1);
  EXPECT_EQ(coeff(rec("r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w kq - 0 1"), KingInCentre + 1, WHITE), 1);
}

TEST(EvalTerms, ShelterPawnsAreIndexedByTheirFilesDistanceFromTheEdge) {
  // King g1 behind f2, g2, h3 against a black pawn storm on g4: each pawn counts under its own
  // file's distance from the edge (f = 2, g = 1, h = 0), whichever file the king stands on.
  const EvalRecord kingside = rec("6k1/8/8/8/6p1/7P/5PP1/6K1 w - - 0 1");
  EXPECT_EQ(coeff(kingside, ShieldPawn + 8 * 2 + RANK_2, WHITE), 1);
  EXPECT_EQ(coeff(kingside, ShieldPawn + 8 * 1 + RANK_2, WHITE), 1);
  EXPECT_EQ(coeff(kingside, ShieldPawn + 8 * 0 + RANK_3, WHITE), 1);
  EXPECT_EQ(coeff(kingside, StormPawn + 8 * 1 + RANK_4, WHITE), 1);
  // The same structure on the queen's side (king b1, pawns c2, b2, a3, storm on b4) reads the
  // same entries: the tables are left-right symmetric.
  const EvalRecord queenside = rec("1k6/8/8/8/1p6/P7/1PP5/1K6 w - - 0 1");
  for (int i = 0; i < 32; ++i) {
    EXPECT_EQ(coeff(queenside, ShieldPawn + i, WHITE), coeff(kingside, ShieldPawn + i, WHITE)) << i;
    EXPECT_EQ(coeff(queenside, StormPawn + i, WHITE), coeff(kingside, StormPawn + i, WHITE)) << i;
  }
  // A king on the h-file is sheltered by the same three files, so the same entries fire.
  const EvalRecord corner = rec("6k1/8/8/8/6p1/7P/5PP1/7K w - - 0 1");
  for (int i = 0; i < 32; ++i) EXPECT_EQ(coeff(corner, ShieldPawn + i, WHITE), coeff(kingside, ShieldPawn + i, WHITE)) << i;
}

TEST(EvalTerms, CastlingRightsCountTheCastledShelter) {
  // White king e1 with intact f2-g2-h2 and the right to castle short: the g1 shelter counts.
  const EvalRecord may = rec("r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w KQkq - 0 1");
  const EvalRecord mayNot = rec("r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w kq - 0 1");
  EXPECT_EQ(coeff(may, ShieldPawn + 8 * 1 + RANK_2, WHITE), 1);  // g2 on the g1 king's file (one file from the edge)
  EXPECT_EQ(coeff(mayNot, KingOpenFile + 0, WHITE), 1);       // the e-file is open at e1
  EXPECT_GT(group_score(may, ParamGroup::KingShelter, WHITE).mg(), group_score(mayNot, ParamGroup::KingShelter, WHITE).mg());
}

// --- Draws and scale factors ----------------------------------------------------------------

TEST(EvalTerms, KnownDrawsScoreZero) {
  for (const char* fen : {
           "8/8/3k4/8/8/3K4/8/8 w - - 0 1",        // K v K
           "8/8/3k4/8/8/3KN3/8/8 w - - 0 1",       // K+N v K
           "8/8/3k4/8/8/3KB3/8/8 b - - 0 1",       // K+B v K
           "8/8/3k4/8/8/2NKN3/8/8 w - - 0 1",      // K+N+N v K
           "8/3b4/3k4/8/8/3KB3/8/8 w - - 0 1",     // K+B v K+B, same colour
           "8/4b3/3k4/8/8/3KB3/8/8 w - - 0 1",     // K+B v K+B, opposite colours
           "8/3n4/3k4/8/8/3KB3/8/8 w - - 0 1",     // K+B v K+N
           "8/8/3k4/6B1/8/3KB3/8/8 w - - 0 1",     // K+B+B v K, bishops on one colour
       }) {
    Position pos = make(fen);
    Evaluator e;
    EXPECT_EQ(e.evaluate(pos), VALUE_DRAW) << fen;
    EXPECT_EQ(record_evaluation(pos).exit, EvalExit::InsufficientMaterial) << fen;
  }
  // Bishops on both colours can mate: not a draw.
  EXPECT_NE(record_evaluation(make("8/8/3k4/8/4B3/3KB3/8/8 w - - 0 1")).exit, EvalExit::InsufficientMaterial);
}

TEST(EvalTerms, OppositeColouredBishopsAreScaledDown) {
  // White is a pawn up in a bishop ending. c1 and f8 are dark squares, e8 is light.
  const std::string same = "5bk1/5ppp/8/8/8/P7/5PPP/2B3K1 w - - 0 40";
  const std::string diff = "4b1k1/5ppp/8/8/8/P7/5PPP/2B3K1 w - - 0 40";
  const EvalRecord rs = rec(same), rd = rec(diff);
  EXPECT_EQ(rs.scale, ScaleNormal);
  EXPECT_EQ(rd.scale, Weights[ScaleOppositeBishops].mg());
  EXPECT_LT(rd.scale, ScaleNormal);
  EXPECT_GT(white_eval(same), white_eval(diff));
  EXPECT_GT(white_eval(diff), 0);
  // With rooks on as well the scale is milder.
  const EvalRecord rooks = rec("r3b1k1/5ppp/8/8/8/P7/5PPP/R1B3K1 w - - 0 40");
  EXPECT_EQ(rooks.scale, Weights[ScaleOppositeBishopsPieces].mg());
}

TEST(EvalTerms, FewPawnsOfTheStrongerSideScaleDown) {
  // Rook endings, White a pawn up: with two pawns the factor is the table's for two, with
  // four it is not scaled at all.
  const EvalRecord two = rec("r5k1/7p/8/8/8/8/5PP1/R5K1 w - - 0 1");
  ASSERT_EQ(two.exit, EvalExit::General);
  EXPECT_EQ(two.scale, Weights[ScaleStrongPawns + 2].mg());
  EXPECT_LT(two.scale, ScaleNormal);
  const EvalRecord four = rec("r5k1/5ppp/8/8/8/8/P4PPP/R5K1 w - - 0 1");
  EXPECT_EQ(four.scale, ScaleNormal);
  // The stronger side's pawns count, not the defender's: Black, two pawns against one.
  const EvalRecord black = rec("r5k1/6pp/8/8/8/8/7P/R5K1 w - - 0 1");
  EXPECT_EQ(black.scale, Weights[ScaleStrongPawns + 2].mg());
}

TEST(EvalTerms, PawnlessMinorUpAndFiftyMoves) {
  // Rook against bishop and pawn: the rook side has no pawns and only a minor's worth more.
  // The pawn stays on a5: on a3 its passed-pawn terms can bring the endgame half to zero,
  // where no side is the stronger one and no scale rule applies.
  const EvalRecord rb = rec("8/8/3k4/p7/2b5/8/3K4/7R w - - 0 1");
  ASSERT_EQ(rb.exit, EvalExit::General);
  EXPECT_EQ(rb.scale, Weights[ScaleNoPawnsMinorUp].mg());
  // A lone knight against pawns cannot win: factor zero.
  const EvalRecord np = rec("8/8/3k4/n7/8/8/3K1PP1/8 b - - 0 1");
  ASSERT_EQ(np.exit, EvalExit::General);
  EXPECT_EQ(np.scale, ScaleDraw);
  // Fifty-move counter: the same rook-up ending is worth less at 80 plies than at 0.
  const Value fresh = white_eval("8/7p/3k4/8/8/8/2PK4/7R w - - 0 1");
  const Value stale = white_eval("8/7p/3k4/8/8/8/2PK4/7R w - - 80 1");
  EXPECT_GT(fresh, stale);
  EXPECT_GT(stale, 0);
}

TEST(EvalTerms, LoneKingIsDrivenToTheEdge) {
  // Knight and pawn against a bare king: material the known-endgame registry leaves to the
  // general evaluation. The lone king is better off in the centre.
  const std::string centre = "8/8/8/3k4/8/8/P7/N3K3 w - - 0 1";
  const std::string edge = "3k4/8/8/8/8/8/P7/N3K3 w - - 0 1";
  const EvalRecord r = rec(edge);
  ASSERT_EQ(r.exit, EvalExit::General);
  EXPECT_EQ(coeff(r, LoneKingSquare + 3, WHITE), 1);           // d8 folds to d1
  EXPECT_EQ(coeff(rec(centre), LoneKingSquare + 9, WHITE), 1);  // d5 folds to d4
  EXPECT_GT(group_score(r, ParamGroup::Endgame, WHITE).eg(), group_score(rec(centre), ParamGroup::Endgame, WHITE).eg());
}

TEST(EvalTerms, KnownEndingsReadTheSameMatingGradient) {
  // KRK is scored by the known-ending rule, not the general term, but its gradient must come
  // from the same Endgame weights: moving the lone king from a8 (slot a1, kings 5 apart) to e5
  // (slot d4, kings 2 apart) changes the score by exactly those weights' difference.
  const std::string corner = "k7/8/8/8/8/2K5/8/7R w - - 0 1";
  const std::string centre = "8/8/8/4k3/8/2K5/8/7R w - - 0 1";
  ASSERT_EQ(rec(corner).exit, EvalExit::KnownEndgame);
  ASSERT_EQ(rec(centre).exit, EvalExit::KnownEndgame);
  const Value expected = Weights[LoneKingSquare + 0].eg() - Weights[LoneKingSquare + 9].eg() +
                         Weights[LoneKingProximity + 5].eg() - Weights[LoneKingProximity + 2].eg();
  EXPECT_GT(expected, 0);
  EXPECT_EQ(white_eval(corner) - white_eval(centre), expected);
}

TEST(EvalTerms, TempoBelongsToTheSideToMove) {
  const EvalRecord w = rec("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const EvalRecord b = rec("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(coeff(w, Tempo, WHITE), 1);
  EXPECT_EQ(coeff(b, Tempo, BLACK), 1);
  EXPECT_EQ(w.value, b.value);  // symmetric position: the tempo, from either side
  EXPECT_GT(w.value, 0);
}

TEST(EvalTerms, GeneralScoresStayBelowTheKnownWinBand) {
  // Nine queens, two rooks and two minors against a king and pawn: huge, but general.
  const std::string fen = "8/7k/8/8/4p3/QQQB4/QQQN4/QQQRKR2 w - - 0 1";
  const EvalRecord r = rec(fen);
  ASSERT_EQ(r.exit, EvalExit::General);
  EXPECT_EQ(r.value, VALUE_KNOWN_WIN - 1);
  EXPECT_EQ(evaluate_from_coefficients(r), r.value);
  EXPECT_GT(tapered_value(linear_sum(r, WHITE) - linear_sum(r, BLACK), r.phase, r.scale), VALUE_KNOWN_WIN);
  Position flipped = make(make(fen).flipped_fen());
  Evaluator e;
  EXPECT_EQ(e.evaluate(flipped), VALUE_KNOWN_WIN - 1);
}
