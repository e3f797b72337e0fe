// SPDX-License-Identifier: GPL-3.0-or-later
// The `eval` table (explain/eval_table.hpp): its rows add up to the Total, the Total tapered is the
// final line and evaluate(), an early exit says why; the UCI `eval` command prints the same table.
#include <sstream>

#include <gtest/gtest.h>

#include "eval/evaluate.hpp"
#include "eval/trace.hpp"
#include "test_data.hpp"
#include "explain/eval_table.hpp"
#include "uci/uci.hpp"

using namespace taper;
using namespace taper::testing;

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

struct Row {
  std::string title;
  int v[6];  // white mg eg, black mg eg, total mg eg
};

/// Parses the rows of a table (the lines between the two rules, and the Total line).
std::vector<Row> parse_rows(const std::string& table, Row& total) {
  std::vector<Row> rows;
  std::istringstream in(table);
  int rules = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.find("-+-") != std::string::npos) {
      ++rules;
      continue;
    }
    if (rules == 0 || line.find('|') == std::string::npos) continue;
    Row r;
    std::string rest = line;
    r.title = rest.substr(0, rest.find('|'));
    r.title.erase(0, r.title.find_first_not_of(' '));
    for (char& c : rest) c = c == '|' ? ' ' : c;
    std::istringstream nums(rest.substr(rest.find_first_of("0123456789-", line.find('|'))));
    for (int& x : r.v) nums >> x;
    if (rules == 1) rows.push_back(r);
    else total = r;
  }
  return rows;
}

int final_line_value(const std::string& table) {
  const std::string key = "Final evaluation: ";
  const size_t at = table.rfind(key);
  EXPECT_NE(at, std::string::npos);
  return std::stoi(table.substr(at + key.size()));
}

}  // namespace

/// The hand-picked positions above and every tenth STS position (all 15 themes).
static std::vector<std::string> table_positions() {
  std::vector<std::string> fens(std::begin(Fens), std::end(Fens));
  const std::vector<std::string> sts = read_lines("epd/STS1-STS15_LAN_v3.epd");
  for (size_t i = 0; i < sts.size(); i += 10) {
    std::istringstream in(sts[i]);
    std::string a, b, c, d;
    in >> a >> b >> c >> d;
    fens.push_back(a + ' ' + b + ' ' + c + ' ' + d);
  }
  return fens;
}

TEST(EvalTable, RowsAddUpToTheFinalEvaluation) {
  Evaluator e;
  const std::vector<std::string> fens = table_positions();
  EXPECT_GT(fens.size(), 150u);
  for (const std::string& fen : fens) {
    Position pos;
    ASSERT_TRUE(pos.set(fen, false)) << fen;
    if (record_evaluation(pos).exit != EvalExit::General) continue;
    const std::string t = eval_table(pos);
    Row total{};
    const std::vector<Row> rows = parse_rows(t, total);
    ASSERT_EQ(rows.size(), size_t(ParamGroup::Count) - 1) << t;  // every group but Scale
    int sum[6] = {};
    for (const Row& r : rows) {
      EXPECT_EQ(r.v[4], r.v[0] - r.v[2]) << r.title;
      EXPECT_EQ(r.v[5], r.v[1] - r.v[3]) << r.title;
      for (int k = 0; k < 6; ++k) sum[k] += r.v[k];
    }
    for (int k = 0; k < 6; ++k) EXPECT_EQ(sum[k], total.v[k]) << fen << " column " << k << "\n" << t;

    // Taper the total by the printed phase and scale: that is the final line, and evaluate().
    const EvalRecord rec = record_evaluation(pos);
    const Value tapered = tapered_value(Score(total.v[4], total.v[5]), rec.phase, rec.scale);
    const Value white = pos.side_to_move() == WHITE ? e.evaluate(pos) : -e.evaluate(pos);
    EXPECT_EQ(tapered, white) << fen << "\n" << t;
    EXPECT_EQ(final_line_value(t), white) << t;
    // The last line is exactly the agreed format.
    std::ostringstream last;
    last << "Final evaluation: " << (white >= 0 ? "+" : "") << white << " cp (white side)\n";
    EXPECT_TRUE(t.ends_with(last.str())) << t;
  }
}

TEST(EvalTable, EarlyExitsAreExplained) {
  Position pos;
  ASSERT_TRUE(pos.set("8/8/3k4/8/8/3NK3/8/8 w - - 0 1", false));
  const std::string t = eval_table(pos);
  EXPECT_NE(t.find("Insufficient material"), std::string::npos) << t;
  EXPECT_TRUE(t.ends_with("Final evaluation: +0 cp (white side)\n")) << t;
}

TEST(EvalTable, KnownEndingNamesItsMaterial) {
  Position pos;
  ASSERT_TRUE(pos.set("8/8/8/4k3/8/8/8/KR6 w - - 0 1", false));
  const std::string t = eval_table(pos);
  EXPECT_EQ(t.rfind("Known endgame KRvK: exact evaluation, no general terms.\n", 0), 0u) << t;
  EXPECT_EQ(t.find(" | "), std::string::npos) << "no rows for an exact rule\n" << t;
}

// The UCI `eval` command prints what it is handed (the table); without a printer it says so
// instead of printing a second, different table.
TEST(EvalTable, UciEvalPrintsTheSameTable) {
  Position pos;
  const std::string fen = "r1b2rk1/ppq2ppp/2n1p3/3pP3/3P4/P1PB1N2/2Q2PPP/R3K2R b KQ - 5 14";
  ASSERT_TRUE(pos.set(fen, false));
  std::ostringstream out;
  {
    UciEngine uci(out, eval_table);
    uci.execute("position fen " + fen);
    uci.execute("eval");
  }
  EXPECT_EQ(out.str(), eval_table(pos));
  std::ostringstream bare;
  {
    UciEngine uci(bare);
    uci.execute("eval");
  }
  EXPECT_EQ(bare.str().rfind("info string ", 0), 0u) << bare.str();
}
