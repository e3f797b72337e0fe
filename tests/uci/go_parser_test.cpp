// SPDX-License-Identifier: GPL-3.0-or-later
// `go` arguments: a bad number refuses the command whole, with one reason; unknown words and
// illegal searchmoves are skipped with a note (as Stockfish skips them); good ones parse.
#include <gtest/gtest.h>

#include <sstream>

#include "uci/go_parser.hpp"

using namespace taper;

namespace {

struct Parsed {
  bool ok;
  SearchLimits limits;
  int perft;
  std::string error;
  std::vector<std::string> ignored;
};

Parsed parse(const std::string& args) {
  Position::init();
  Position pos;
  pos.set(Position::StartFen, false);
  std::istringstream is(args);
  GoCommand go = parse_go(is, pos);
  return Parsed{!go.refused(), go.limits, go.perftDepth, go.error, go.ignored};
}

}  // namespace

TEST(GoParser, MalformedGoIsRefusedWithOneReason) {
  struct Case {
    const char* args;
    const char* reason;
  };
  const Case cases[] = {
      {"depth x", "'depth' needs a number, not 'x'"},
      {"depth", "'depth' needs a number"},
      {"depth 0", "'depth' must be at least 1"},
      {"movetime -5", "'movetime' must be at least 1, not -5"},
      {"movetime 0", "'movetime' must be at least 1, not 0"},
      {"nodes 0", "'nodes' must be at least 1"},
      {"infinite depth x", "'depth' needs a number, not 'x'"},
      {"wtime 1000 winc abc", "'winc' needs a number, not 'abc'"},
      {"movestogo -1", "'movestogo' must be at least 0"},
      {"mate 0", "'mate' must be at least 1"},
      {"perft x", "'perft' needs a number"},
      {"searchmoves", "searchmoves lists no move"},
      {"searchmoves e2e5", "searchmoves lists no legal move"},
      {"searchmoves e7e5 foo depth 3", "searchmoves lists no legal move"},
  };
  for (const Case& c : cases) {
    Parsed p = parse(c.args);
    EXPECT_FALSE(p.ok) << c.args;
    EXPECT_NE(p.error.find(c.reason), std::string::npos) << c.args << " -> " << p.error;
  }
}

TEST(GoParser, UnknownWordsAndIllegalSearchmovesAreSkippedWithANote) {
  Parsed p = parse("wtime 1000 btime 1000 frobnicate");
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_TRUE(p.limits.clock);
  ASSERT_EQ(p.ignored.size(), 1u);
  EXPECT_NE(p.ignored[0].find("unknown go parameter 'frobnicate'"), std::string::npos) << p.ignored[0];

  p = parse("foo 3");  // Stockfish reads this as a plain `go`
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.ignored.size(), 2u);
  EXPECT_EQ(p.limits.depth, 0);

  p = parse("depth 5 5");
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.limits.depth, 5);
  ASSERT_EQ(p.ignored.size(), 1u);
  EXPECT_NE(p.ignored[0].find("'5'"), std::string::npos);

  p = parse("searchmoves e2e4 e7e5 e2e4 depth 3");
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.limits.searchMoves.size(), 1u);  // e7e5 is Black's move; the repeat counts once
  EXPECT_EQ(p.limits.depth, 3);
  ASSERT_EQ(p.ignored.size(), 1u);
  EXPECT_NE(p.ignored[0].find("'e7e5' is not a legal move here"), std::string::npos) << p.ignored[0];
}

TEST(GoParser, GoodGoCommandsParse) {
  Parsed p = parse("wtime 60000 btime 50000 winc 1000 binc 900 movestogo 30");
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.limits.time[WHITE], 60000);
  EXPECT_EQ(p.limits.time[BLACK], 50000);
  EXPECT_EQ(p.limits.inc[BLACK], 900);
  EXPECT_EQ(p.limits.movesToGo, 30);
  EXPECT_TRUE(p.limits.clock);

  p = parse("searchmoves e2e4 d2d4 depth 7");
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.limits.searchMoves.size(), 2u);
  EXPECT_EQ(p.limits.depth, 7);
  EXPECT_TRUE(p.ignored.empty());

  // Lagging GUIs send negative clocks: they mean zero, not an error. Huge numbers are clamped.
  p = parse("wtime -100 btime -100");
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.limits.time[WHITE], 0);
  p = parse("depth 999999999999999999999 nodes 3000");
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.limits.depth, MAX_PLY - 1);
  EXPECT_EQ(p.limits.nodes, 3000u);

  p = parse("perft 3");
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.perft, 3);
  p = parse("infinite");
  ASSERT_TRUE(p.ok);
  EXPECT_TRUE(p.limits.infinite);
  p = parse("");
  EXPECT_TRUE(p.ok);
}

TEST(GoParser, LongOrUnprintableTokensAreShownTruncatedAndSafe) {
  // A GUI or a fuzzer may send anything: the note quotes at most 40 characters, then "...",
  // and control bytes become '?' so that the reply stays one printable line.
  const std::string longWord(100, 'z');
  Parsed p = parse("depth 3 " + longWord);
  ASSERT_TRUE(p.ok) << p.error;
  ASSERT_EQ(p.ignored.size(), 1u);
  EXPECT_NE(p.ignored[0].find("'" + std::string(40, 'z') + "...'"), std::string::npos) << p.ignored[0];
  EXPECT_EQ(p.ignored[0].find(std::string(41, 'z')), std::string::npos) << p.ignored[0];

  p = parse("depth ab\x01\x7f");
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.error.find("not 'ab?" "?'"), std::string::npos) << p.error;
}
