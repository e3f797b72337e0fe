// SPDX-License-Identifier: GPL-3.0-or-later
// `taper eval --json` and the explanation behind it (explain/explanation.hpp): its total is the
// `eval` table's, its rows are the table's rows tapered, its squares are the very squares the
// scoring terms counted, and its verdict names terms that carry the score.
#include <cstdio>
#include <regex>
#include <string>
#include <sys/wait.h>

#include <gtest/gtest.h>

#include "eval/trace.hpp"
#include "explain/explanation.hpp"
#include "explain/eval_json.hpp"
#include "explain/eval_table.hpp"
#include "explain/words.hpp"

using namespace taper;

namespace {

// Positions with something of everything: quiet and sharp middlegames, passed pawns, outposts,
// attacked kings, Black to move, a known endgame, a dead draw.
const char* const Fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r4rk1/1b2qppp/p7/1p1Pp2Q/4N3/P5P1/1P3P1P/R4RK1 w - - 0 20",
    "r1b2rk1/pp3ppp/2n1pq2/3p4/3P3Q/2PB1N2/P4PPP/R4RK1 w - - 0 14",
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    "r5k1/5ppp/1p6/2pP4/2P1n3/3B4/P4PPP/4R1K1 w - - 0 28",
    "8/5pk1/6p1/1P6/P4K2/8/r7/4R3 b - - 0 45",
    "2r5/4kp2/4p1p1/1p2P3/pP1R1P2/P5P1/5K2/8 w - - 0 37",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/8/8/3k4/8/8/4Q3/4K3 w - - 0 1",
    "8/8/4k3/8/8/3BK3/8/8 b - - 0 1",
};

Position position(const char* fen) {
  Position pos;
  EXPECT_TRUE(pos.set(fen, false)) << fen;
  return pos;
}

int json_int(const std::string& json, const std::string& key) {
  std::smatch m;
  EXPECT_TRUE(std::regex_search(json, m, std::regex("\"" + key + "\":(-?[0-9]+)"))) << key;
  return m.empty() ? 0 : std::stoi(m[1]);
}

int popcount_of(Bitboard b) { return popcount(b); }

}  // namespace

TEST(EvalJson, TotalIsTheEvalTablesTotal) {
  for (const char* fen : Fens) {
    const Position pos = position(fen);
    const std::string json = eval_json(pos), text = eval_table(pos);
    std::smatch final;
    ASSERT_TRUE(std::regex_search(text, final, std::regex("Final evaluation: ([+-]?[0-9]+) cp")));
    EXPECT_EQ(json_int(json, "final"), std::stoi(final[1])) << fen;
    // The Total row: "Total" then White, Black and net mg/eg, in the JSON's last row object.
    std::smatch row, tableRow;
    ASSERT_TRUE(std::regex_search(json, row, std::regex(
        "\"total\":\\{\"term\":\"Total\",\"white\":\\[(-?\\d+),(-?\\d+)\\],\"black\":\\[(-?\\d+),(-?\\d+)\\],\"total\":\\[(-?\\d+),(-?\\d+)\\],\"cp\":(-?\\d+)\\}")));
    EXPECT_EQ(std::stoi(row[7]), std::stoi(final[1])) << fen;
    if (std::regex_search(text, tableRow, std::regex("Total \\|\\s+(-?\\d+)\\s+(-?\\d+) \\|\\s+(-?\\d+)\\s+(-?\\d+) \\|\\s+(-?\\d+)\\s+(-?\\d+)")))
      for (int i = 1; i <= 6; ++i) EXPECT_EQ(std::stoi(row[i]), std::stoi(tableRow[i])) << fen << " column " << i;
    else
      EXPECT_EQ(json.find("\"exit\":\"general\""), std::string::npos) << "a general evaluation prints a Total row: " << fen;
  }
}

TEST(EvalJson, RowsAreTheTableRowsTapered) {
  const Position pos = position(Fens[1]);
  const EvalExplanation e = explain_evaluation(pos);
  const GroupScores groups = group_scores(e.record);
  size_t i = 0;
  for (size_t g = 0; g < size_t(ParamGroup::Count); ++g) {
    if (ParamGroup(g) == ParamGroup::Scale) continue;
    ASSERT_LT(i, e.rows.size());
    EXPECT_EQ(e.rows[i].term, GroupTitle[g]);
    EXPECT_EQ(e.rows[i].white, groups[g][WHITE]);
    EXPECT_EQ(e.rows[i].cp, tapered_value(groups[g][WHITE] - groups[g][BLACK], e.record.phase, e.record.scale));
    ++i;
  }
  EXPECT_EQ(i, e.rows.size());
}

TEST(EvalJson, SquaresAreTheOnesTheTermsCounted) {
  int passed = 0, outposts = 0, weak = 0;
  for (const char* fen : Fens) {
    const Position pos = position(fen);
    const EvalExplanation e = explain_evaluation(pos);
    if (e.record.exit != EvalExit::General) continue;
    const auto& k = e.record.coeff;
    for (Color c : {WHITE, BLACK}) {
      EXPECT_EQ(popcount_of(e.squares.weakInner[c]), k[KingWeakSquare + 0][c]) << fen;
      EXPECT_EQ(popcount_of(e.squares.weakOuter[c]), k[KingWeakSquare + 1][c]) << fen;
      int passedCount = 0;
      for (int r = 0; r < 8; ++r) passedCount += k[PassedRank + r][c];
      EXPECT_EQ(popcount_of(e.squares.passed[c]), passedCount) << fen;
      EXPECT_EQ(popcount_of(e.squares.outposts[c] & pos.pieces(c, KNIGHT)), k[KnightOutpost][c]) << fen;
      EXPECT_EQ(popcount_of(e.squares.outposts[c] & pos.pieces(c, BISHOP)), k[BishopOutpost][c]) << fen;
      EXPECT_EQ(e.squares.kingInner[c] & e.squares.kingOuter[c], Bitboard(0));
      passed += popcount_of(e.squares.passed[c]);
      outposts += popcount_of(e.squares.outposts[c]);
      weak += popcount_of(e.squares.weakInner[c] | e.squares.weakOuter[c]);
    }
  }
  // The positions do exercise every set.
  EXPECT_GT(passed, 0);
  EXPECT_GT(outposts, 0);
  EXPECT_GT(weak, 0);
}

TEST(EvalJson, EachKingIsSaidInWordsAndCountedInUnits) {
  // The page shows a king's line in words; its units (negative when the defence outweighs the
  // attack) stay in the data for an engine author.
  for (const char* fen : Fens) {
    const Position pos = position(fen);
    const EvalExplanation e = explain_evaluation(pos);
    const std::string json = eval_json(pos, e);
    for (Color c : {WHITE, BLACK}) {
      EXPECT_FALSE(e.words.kings[c].empty()) << fen;
      EXPECT_EQ(e.words.kings[c].find("unit"), std::string::npos) << fen;
      EXPECT_NE(json.find("],\"words\":\"" + e.words.kings[c] + "\"}"), std::string::npos) << fen << "\n" << json;
      EXPECT_NE(json.find("\"units\":" + std::to_string(e.record.units[c]) + ","), std::string::npos) << fen;
    }
  }
}

TEST(EvalJson, VerdictNamesTermsThatCarryTheScore) {
  for (const char* fen : Fens) {
    const EvalExplanation e = explain_evaluation(position(fen));
    ASSERT_FALSE(e.words.verdict.empty()) << fen;
    for (std::string_view term : e.words.deciding) {
      EXPECT_NE(e.words.verdict.find(std::string(term)), std::string::npos) << e.words.verdict;
      if (std::abs(e.finalCp) >= 25) {
        for (const ExplainedRow& row : e.rows) {
          if (row.term == term) {
            EXPECT_GT(row.cp * e.finalCp, 0) << term << " works against the verdict: " << e.words.verdict;
          }
        }
      }
    }
  }
  EXPECT_NE(explain_evaluation(position(Fens[8])).words.verdict.find("Known endgame KQvK"), std::string::npos);
  EXPECT_NE(explain_evaluation(position(Fens[9])).words.verdict.find("dead draw"), std::string::npos);
  const EvalExplanation attack = explain_evaluation(position(Fens[1]));
  // The attack is worth most of a pawn or more to White; the words follow the number.
  EXPECT_GT(attack.finalCp, 75);
  EXPECT_EQ(attack.words.verdict.rfind(standing_words(attack.finalCp) + " (+", 0), 0u) << attack.words.verdict;
}

TEST(EvalJson, SharesOmitKingsAndSumToAPlausibleWhole) {
  const Position pos = position(Fens[0]);
  const EvalExplanation e = explain_evaluation(pos);
  EXPECT_EQ(e.shares.size(), 30u);  // 32 pieces less the kings
  for (const PieceShare& s : e.shares) {
    EXPECT_NE(type_of(s.piece), KING);
    // A queen is worth most, a pawn least, to its own side.
    const int own = color_of(s.piece) == WHITE ? s.share : -s.share;
    if (type_of(s.piece) == QUEEN) {
      EXPECT_GT(own, 800);
    }
    if (type_of(s.piece) == PAWN) {
      EXPECT_LT(own, 200);
    }
  }
}

TEST(EvalJson, CommandLine) {
  auto run = [](const std::string& args, int& code) {
    std::string out;
    FILE* p = popen(("'" + std::string(TAPER_BINARY) + "' eval " + args + " 2>/dev/null").c_str(), "r");
    char buf[4096];
    for (size_t n; p && (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    const int status = p ? pclose(p) : -1;
    code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return out;
  };
  int code = 0;
  const std::string ok = run("--json '8/8/8/3k4/8/8/4Q3/4K3 w - - 0 1'", code);
  EXPECT_EQ(code, 0);
  EXPECT_EQ(ok, eval_json(position("8/8/8/3k4/8/8/4Q3/4K3 w - - 0 1")));
  const std::string bad = run("--json 'not a fen'", code);
  EXPECT_EQ(code, 2);
  EXPECT_EQ(bad.rfind("{\"error\":\"bad FEN: ", 0), 0u) << bad;
  run("--json --svg out.svg", code);
  EXPECT_EQ(code, 2);
}
