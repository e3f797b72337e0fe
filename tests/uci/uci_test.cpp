// SPDX-License-Identifier: GPL-3.0-or-later
// Scripted UCI dialogues with the real binary over a pipe: every `go` variant, stop, ponder,
// MultiPV, Chess960 castling, and bad input that must never wedge or crash the engine.
#include <gtest/gtest.h>

#include <sstream>

#include "board/notation.hpp"
#include "engine_process.hpp"
#include "test_data.hpp"

using namespace taper;
using namespace taper::testing;

namespace {

constexpr int Slow = 60000;  // generous: the sanitizer build is several times slower

/// The move after "bestmove", or "" if the line is not a bestmove line.
std::string bestmove_of(const std::vector<std::string>& lines) {
  if (lines.empty()) return "";
  std::istringstream is(lines.back());
  std::string tag, move;
  is >> tag >> move;
  return tag == "bestmove" ? move : "";
}

/// True if `uci` is a legal move in `fen` (after `moves`), in the given castling notation mode.
bool legal_in(const std::string& fen, const std::vector<std::string>& moves, const std::string& uci, bool chess960) {
  Position::init();
  Position pos;
  if (!pos.set(fen, chess960)) return false;
  for (const std::string& m : moves) {
    Move mv = parse_uci_move(pos, m);
    if (!mv) return false;
    pos.do_move(mv);
  }
  Move m = parse_uci_move(pos, uci);
  return m && move_to_uci(m, pos.is_chess960()) == uci;
}

/// Last value of `key` (e.g. "nodes") in the info lines, or -1.
long long last_info_value(const std::vector<std::string>& lines, const std::string& key) {
  long long v = -1;
  for (const std::string& l : lines) {
    std::istringstream is(l);
    std::string t;
    while (is >> t)
      if (t == key && is >> t) v = std::atoll(t.c_str());
  }
  return v;
}

void handshake(EngineProcess& e) {
  e.send("uci");
  ASSERT_FALSE(e.read_until("uciok", Slow).empty());
  e.send("isready");
  ASSERT_FALSE(e.read_until("readyok", Slow).empty());
}

const std::string Start(Position::StartFen);

}  // namespace

TEST(Uci, HandshakeListsNameAndStandardOptions) {
  EngineProcess e;
  e.send("uci");
  auto lines = e.read_until("uciok", Slow);
  ASSERT_FALSE(lines.empty());
  std::string all;
  for (auto& l : lines) all += l + "\n";
  EXPECT_NE(all.find("id name Taper"), std::string::npos);
  EXPECT_NE(all.find("id author"), std::string::npos);
  for (const char* opt : {"Hash", "Threads", "MultiPV", "Ponder", "Clear Hash", "Move Overhead", "UCI_Chess960",
                          "UCI_ShowWDL", "UCI_AnalyseMode"})
    EXPECT_NE(all.find(std::string("option name ") + opt + " type"), std::string::npos) << opt;
  EXPECT_NE(all.find("option name UCI_ShowWDL type check default false"), std::string::npos);
  e.send("isready");
  EXPECT_FALSE(e.read_until("readyok", Slow).empty());
}

// In games the eval trend (Stockfish 11's dynamic contempt) leans the side that is ahead's
// evaluations further its way; with UCI_AnalyseMode (a GUI's analysis mode) the scores must be the
// evaluation's own, so the same search a knight up reports less.
TEST(Uci, AnalyseModeTurnsTheEvalTrendOff) {
  EngineProcess e;
  handshake(e);
  auto score_at_depth_9 = [&](bool analyse) {
    e.send("ucinewgame");
    e.send(std::string("setoption name UCI_AnalyseMode value ") + (analyse ? "true" : "false"));
    e.send("position fen r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    e.send("go depth 9");
    return last_info_value(e.read_until("bestmove", Slow), "cp");
  };
  const long long game = score_at_depth_9(false), analysis = score_at_depth_9(true);
  EXPECT_GT(analysis, 150);
  EXPECT_GT(game, analysis + 10) << "the eval trend should raise the leading side's score in games";
  EXPECT_EQ(score_at_depth_9(true), analysis) << "an analysis search is repeatable";
}

TEST(Uci, EveryGoVariantEndsWithOneLegalBestMove) {
  EngineProcess e;
  handshake(e);
  const std::vector<std::string> moves = {"e2e4", "c7c5", "g1f3"};
  e.send("position startpos moves e2e4 c7c5 g1f3");
  for (const char* go : {"go depth 6", "go nodes 20000", "go movetime 200", "go wtime 2000 btime 2000 winc 20 binc 20",
                         "go wtime 500 btime 500 movestogo 1", "go btime 20 wtime 20", "go mate 3 depth 5",
                         "go depth 4 searchmoves a7a6 b7b6"}) {
    e.send(go);
    auto lines = e.read_until("bestmove", Slow);
    ASSERT_FALSE(lines.empty()) << go;
    std::string best = bestmove_of(lines);
    EXPECT_TRUE(legal_in(Start, moves, best, false)) << go << " gave " << best;
    EXPECT_GE(last_info_value(lines, "depth"), 1) << go;
    if (std::string(go).find("searchmoves") != std::string::npos) {
      EXPECT_TRUE(best == "a7a6" || best == "b7b6");
    }
  }
  e.send("isready");
  EXPECT_FALSE(e.read_until("readyok", Slow).empty());
}

TEST(Uci, InfoLinesCarryTheStandardFields) {
  EngineProcess e;
  handshake(e);
  e.send("setoption name UCI_ShowWDL value true");
  e.send("position startpos");
  e.send("go depth 5");
  auto lines = e.read_until("bestmove", Slow);
  ASSERT_FALSE(lines.empty());
  // Expected shape: info depth D seldepth S multipv 1 score (cp X|mate N) [lowerbound|upperbound]
  //                 wdl W D L nodes N nps N hashfull H tbhits T time T pv m1 m2 ...
  auto is_number = [](const std::string& t) {
    return !t.empty() && t.find_first_not_of("-0123456789") == std::string::npos;
  };
  auto is_move = [](const std::string& t) {
    return (t.size() == 4 || (t.size() == 5 && std::string("qrbn").find(t[4]) != std::string::npos)) &&
           t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' && t[1] <= '8' && t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' &&
           t[3] <= '8';
  };
  int matched = 0;
  for (auto& l : lines) {
    if (l.rfind("info depth", 0) != 0) continue;
    std::istringstream is(l);
    std::vector<std::string> t;
    for (std::string w; is >> w;) t.push_back(w);
    size_t i = 0;
    auto expect_key_numbers = [&](const char* key, int count) {
      bool ok = i < t.size() && t[i] == key;
      ++i;
      for (int k = 0; k < count; ++k, ++i) ok = ok && i < t.size() && is_number(t[i]);
      return ok;
    };
    bool ok = t.size() > 2 && t[0] == "info" && (i = 1, expect_key_numbers("depth", 1)) && expect_key_numbers("seldepth", 1) &&
              expect_key_numbers("multipv", 1) && i + 2 < t.size() && t[i] == "score" &&
              (t[i + 1] == "cp" || t[i + 1] == "mate") && is_number(t[i + 2]);
    i += 3;
    if (ok && (t[i] == "lowerbound" || t[i] == "upperbound")) ++i;
    ok = ok && expect_key_numbers("wdl", 3) && expect_key_numbers("nodes", 1) && expect_key_numbers("nps", 1) &&
         expect_key_numbers("hashfull", 1) && expect_key_numbers("tbhits", 1) && expect_key_numbers("time", 1) &&
         i < t.size() && t[i] == "pv" && i + 1 < t.size();
    for (size_t k = i + 1; ok && k < t.size(); ++k) ok = is_move(t[k]);
    EXPECT_TRUE(ok) << l;
    ++matched;
  }
  EXPECT_GE(matched, 5);
}

TEST(Uci, StopEndsInfiniteSearchPromptly) {
  EngineProcess e;
  handshake(e);
  e.send("position startpos");
  e.send("go infinite");
  usleep(300000);
  std::string line;
  // No bestmove may come before stop.
  auto early = e.read_until("bestmove", 200);
  EXPECT_TRUE(early.empty());
  e.send("stop");
  auto lines = e.read_until("bestmove", 5000);
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(legal_in(Start, {}, bestmove_of(lines), false));
  // A stop with nothing to stop is harmless.
  e.send("stop");
  e.send("isready");
  EXPECT_FALSE(e.read_until("readyok", Slow).empty());
}

TEST(Uci, StopImmediatelyStillGivesALegalMove) {
  EngineProcess e;
  handshake(e);
  e.send("position startpos moves d2d4");
  for (int i = 0; i < 5; ++i) {
    e.send("go infinite");
    e.send("stop");
    auto lines = e.read_until("bestmove", 5000);
    ASSERT_FALSE(lines.empty());
    EXPECT_TRUE(legal_in(Start, {"d2d4"}, bestmove_of(lines), false)) << bestmove_of(lines);
  }
}

TEST(Uci, PonderThenPonderhitAndPonderThenStop) {
  EngineProcess e;
  handshake(e);
  e.send("setoption name Ponder value true");
  e.send("position startpos moves e2e4 e7e5");
  e.send("go ponder wtime 5000 btime 5000 winc 0 binc 0");
  EXPECT_TRUE(e.read_until("bestmove", 700).empty()) << "bestmove while pondering";
  e.send("ponderhit");
  auto lines = e.read_until("bestmove", 10000);
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(legal_in(Start, {"e2e4", "e7e5"}, bestmove_of(lines), false));

  e.send("go ponder wtime 5000 btime 5000");
  usleep(200000);
  e.send("stop");
  lines = e.read_until("bestmove", 5000);
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(legal_in(Start, {"e2e4", "e7e5"}, bestmove_of(lines), false));
}

TEST(Uci, MultiPvLinesAreOrderedByScore) {
  EngineProcess e;
  handshake(e);
  e.send("setoption name MultiPV value 3");
  e.send("position startpos");
  e.send("go depth 7");
  auto lines = e.read_until("bestmove", Slow);
  ASSERT_FALSE(lines.empty());
  // The last iteration's three lines: multipv 1, 2, 3 with non-increasing scores and distinct moves.
  std::vector<std::pair<int, std::string>> last(4);
  for (auto& l : lines) {
    std::istringstream is(l);
    std::string w, pvFirst;
    int multipv = 0, score = 0;
    bool cp = false;
    while (is >> w) {
      if (w == "multipv") is >> multipv;
      else if (w == "cp") cp = bool(is >> score);
      else if (w == "pv") is >> pvFirst;
    }
    if (multipv >= 1 && multipv <= 3 && cp && !pvFirst.empty()) last[multipv] = {score, pvFirst};
  }
  EXPECT_GE(last[1].first, last[2].first);
  EXPECT_GE(last[2].first, last[3].first);
  EXPECT_NE(last[1].second, last[2].second);
  EXPECT_NE(last[2].second, last[3].second);
  EXPECT_EQ(bestmove_of(lines), last[1].second);
}

TEST(Uci, Chess960CastlingBothWays) {
  EngineProcess e;
  handshake(e);
  e.send("setoption name UCI_Chess960 value true");
  // King b1 with rooks a1 and h1: queen-side castling is b1a1, king-side b1h1 (king takes rook).
  const std::string fen = "1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/R1K4R w AHbg - 0 1";
  e.send("position fen " + fen + " moves c1a1 c8g8");
  e.send("d");
  auto lines = e.read_until("Checkers", Slow);
  ASSERT_FALSE(lines.empty());
  std::string all;
  for (auto& l : lines) all += l + "\n";
  EXPECT_NE(all.find("Fen: 1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2"), std::string::npos) << all;
  // The engine itself prints castling as king-takes-rook.
  e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  e.send("go depth 1 searchmoves e1h1");
  EXPECT_EQ(bestmove_of(e.read_until("bestmove", Slow)), "e1h1");
  // Standard chess notation in standard mode.
  e.send("setoption name UCI_Chess960 value false");
  e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  e.send("go depth 1 searchmoves e1c1");
  EXPECT_EQ(bestmove_of(e.read_until("bestmove", Slow)), "e1c1");
}

TEST(Uci, SingleLegalMoveAndNoLegalMove) {
  EngineProcess e;
  handshake(e);
  e.send("position fen 7k/8/8/8/8/8/6q1/7K w - - 0 1");  // only Kxg2
  e.send("go wtime 10000 btime 10000");
  EXPECT_EQ(bestmove_of(e.read_until("bestmove", Slow)), "h1g2");
  e.send("position fen 6rk/8/8/8/8/8/6q1/7K w - - 0 1");  // checkmate: Qg2 defended by the rook
  e.send("go depth 5");
  auto lines = e.read_until("bestmove", Slow);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "bestmove (none)");
  EXPECT_NE(lines[lines.size() - 2].find("score mate 0"), std::string::npos) << lines[lines.size() - 2];
  e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");  // stalemate
  e.send("go depth 5");
  lines = e.read_until("bestmove", Slow);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "bestmove (none)");
  EXPECT_NE(lines[lines.size() - 2].find("score cp 0"), std::string::npos);
}

TEST(Uci, BadInputGetsInfoStringAndEngineStaysUsable) {
  EngineProcess e;
  handshake(e);
  e.send("position startpos moves e2e4");
  struct Case {
    const char* input;
    const char* expect;
  };
  const Case cases[] = {
      {"position startpos moves e2e4 e7e5 e1e3", "illegal move e1e3"},
      {"position fen 8/8/8/8/8/8/8/8 w - - 0 1", "bad FEN"},
      {"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e5", "illegal move e2e5"},
      {"position fen", "bad FEN"},
      {"position", "expected"},
      {"position startpos moves zz99", "not a move"},
      {"setoption name NoSuchOption value 3", "unknown option"},
      {"setoption name Hash value 0", "out of range"},
      {"setoption name Hash value lots", "needs an integer"},
      {"setoption name Threads value 99999", "out of range"},
      {"setoption name Ponder value maybe", "true or false"},
      {"setoption Hash 32", "expected 'setoption name"},
      {"fish", "unknown command"},
      {"\x01\x02\xff garbage \xfe", "unknown command"},
  };
  for (const Case& c : cases) {
    e.send(c.input);
    auto lines = e.read_until("info string", Slow);
    ASSERT_FALSE(lines.empty()) << c.input;
    EXPECT_NE(lines.back().find(c.expect), std::string::npos) << c.input << " -> " << lines.back();
  }
  // The position is still the last good one (after 1. e4).
  e.send("d");
  auto lines = e.read_until("Checkers", Slow);
  std::string all;
  for (auto& l : lines) all += l;
  EXPECT_NE(all.find("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), std::string::npos) << all;

  // A go with a missing number is refused whole, and answered by a depth-1 search
  // (tests/uci/uci_protocol_test.cpp checks each refused go).
  e.send("go depth");
  EXPECT_FALSE(e.read_until("info string error: 'depth' needs a number; go refused", Slow).empty());
  EXPECT_FALSE(e.read_until("bestmove", Slow).empty());
  e.send("go depth 3");
  auto done = e.read_until("bestmove", Slow);
  ASSERT_FALSE(done.empty());
  EXPECT_TRUE(legal_in(Start, {"e2e4"}, bestmove_of(done), false));
  // Negative and huge numbers are clamped, never fatal.
  e.send("go wtime -100 btime -100");
  EXPECT_FALSE(e.read_until("bestmove", Slow).empty());
  e.send("go depth 999999999999999999999 nodes 3000");
  EXPECT_FALSE(e.read_until("bestmove", Slow).empty());
  e.send("isready");
  EXPECT_FALSE(e.read_until("readyok", Slow).empty());
}

TEST(Uci, VeryLongMoveListAndRepetitions) {
  EngineProcess e;
  handshake(e);
  std::string cmd = "position startpos moves";
  std::vector<std::string> moves;
  for (int i = 0; i < 250; ++i)
    for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8"}) {
      cmd += std::string(" ") + m;
      moves.push_back(m);
    }
  e.send(cmd);  // 1000 plies
  e.send("go depth 4");
  auto lines = e.read_until("bestmove", Slow);
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(legal_in(Start, moves, bestmove_of(lines), false));
}

TEST(Uci, SearchIsReproducibleWithOneThread) {
  EngineProcess e;
  handshake(e);
  long long nodes[2];
  std::string best[2];
  for (int i = 0; i < 2; ++i) {
    e.send("ucinewgame");
    e.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    e.send("go nodes 50000");
    auto lines = e.read_until("bestmove", Slow);
    ASSERT_FALSE(lines.empty());
    nodes[i] = last_info_value(lines, "nodes");
    best[i] = bestmove_of(lines);
  }
  EXPECT_EQ(nodes[0], nodes[1]);
  EXPECT_EQ(best[0], best[1]);
}

TEST(Uci, QuitDuringSearchAndEndOfInputExitCleanly) {
  {
    EngineProcess e;
    handshake(e);
    e.send("go infinite");
    usleep(100000);
    e.send("quit");
    EXPECT_TRUE(e.wait_exit(5000));
    EXPECT_TRUE(WIFEXITED(e.exit_status()) && WEXITSTATUS(e.exit_status()) == 0);
  }
  {
    EngineProcess e;
    handshake(e);
    e.send("go infinite");
    e.close_input();
    EXPECT_TRUE(e.wait_exit(5000));
    EXPECT_TRUE(WIFEXITED(e.exit_status()) && WEXITSTATUS(e.exit_status()) == 0);
  }
}

TEST(Uci, ThreadsAndHashCanChangeBetweenSearches) {
  EngineProcess e;
  handshake(e);
  for (const char* opts : {"setoption name Threads value 3", "setoption name Hash value 64",
                           "setoption name Clear Hash", "setoption name Threads value 1", "setoption name Hash value 1"}) {
    e.send(opts);
    e.send("position startpos moves e2e4");
    e.send("go depth 6");
    auto lines = e.read_until("bestmove", Slow);
    ASSERT_FALSE(lines.empty()) << opts;
    EXPECT_TRUE(legal_in(Start, {"e2e4"}, bestmove_of(lines), false));
  }
  // Changing them during a search is refused politely.
  e.send("go infinite");
  e.send("setoption name Hash value 32");
  EXPECT_FALSE(e.read_until("info string error", Slow).empty());
  e.send("stop");
  EXPECT_FALSE(e.read_until("bestmove", Slow).empty());
}

TEST(Uci, SyzygyPathReportsWhatWasFound) {
  EngineProcess e;
  handshake(e);
  e.send("setoption name SyzygyPath value " + taper::testing::data_path("syzygy"));
  auto lines = e.read_until("info string", Slow);
  ASSERT_FALSE(lines.empty());
#ifdef TAPER_HAS_FATHOM
  EXPECT_NE(lines.back().find("35 WDL and 35 DTZ tables for up to 4 pieces"), std::string::npos) << lines.back();
#else
  EXPECT_NE(lines.back().find("Syzygy prober not available"), std::string::npos) << lines.back();
#endif
  e.send("setoption name SyzygyPath value /no/such/folder");
  lines = e.read_until("info string", Slow);
  ASSERT_FALSE(lines.empty());
#ifdef TAPER_HAS_FATHOM
  EXPECT_NE(lines.back().find("/no/such/folder"), std::string::npos) << lines.back();
#endif
  e.send("position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
  e.send("go depth 5");
  EXPECT_FALSE(e.read_until("bestmove", Slow).empty());
}
