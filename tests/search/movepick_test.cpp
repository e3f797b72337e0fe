// SPDX-License-Identifier: GPL-3.0-or-later
// The quiescence move picker: noisy moves, then (when asked) exactly the quiet moves that check.
#include <algorithm>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "board/movegen.hpp"
#include "search/movepick.hpp"

using namespace taper;

namespace {

struct PickerFixture {
  std::unique_ptr<Histories> hist = std::make_unique<Histories>();
  std::unique_ptr<PieceToHistory> empty = std::make_unique<PieceToHistory>();
  const PieceToHistory* contHist[4] = {empty.get(), empty.get(), empty.get(), empty.get()};
  PickerFixture() { hist->clear(); }

  std::vector<Move> picked(const Position& pos, Move ttMove, bool quietChecks) {
    MovePicker picker(pos, ttMove, *hist, contHist, quietChecks);
    std::vector<Move> out;
    for (Move m; (m = picker.next());) out.push_back(m);
    return out;
  }
};

std::vector<Move> sorted(std::vector<Move> v) {
  std::sort(v.begin(), v.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
  return v;
}

// Positions with quiet checks of every kind: discovered, direct by rook, castling into check,
// a pawn push, a queen among en passant and captures, a bishop in an open game.
const char* const Fens[] = {
    "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1",
    "4k3/8/8/8/1b6/8/3B4/R3K2R w KQ - 0 1",
    "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
    "8/8/3k4/8/4P3/8/2B5/4K3 w - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4KQ2 w - d6 0 2",
    "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
};

}  // namespace

TEST(MovePicker, QuiescenceWithQuietChecksAddsExactlyTheCheckingQuiets) {
  PickerFixture f;
  for (const char* fen : Fens) {
    Position pos;
    ASSERT_TRUE(pos.set(fen, false)) << fen;
    ASSERT_FALSE(pos.in_check()) << fen;

    std::vector<Move> noisy, quietChecks;
    for (Move m : MoveList<LEGAL>(pos)) {
      if (pos.is_capture_or_promotion(m)) noisy.push_back(m);
      else if (pos.gives_check(m)) quietChecks.push_back(m);
    }
    ASSERT_FALSE(quietChecks.empty()) << "the position should have a quiet check: " << fen;

    EXPECT_EQ(sorted(f.picked(pos, Move::none(), false)), sorted(noisy)) << fen;

    std::vector<Move> with = f.picked(pos, Move::none(), true);
    ASSERT_EQ(with.size(), noisy.size() + quietChecks.size()) << fen;
    // The noisy moves come first, then the quiet checks.
    EXPECT_EQ(sorted({with.begin(), with.begin() + noisy.size()}), sorted(noisy)) << fen;
    EXPECT_EQ(sorted({with.begin() + noisy.size(), with.end()}), sorted(quietChecks)) << fen;

    // A quiet check as the hash move is returned once, first.
    std::vector<Move> tt = f.picked(pos, quietChecks.front(), true);
    ASSERT_FALSE(tt.empty());
    EXPECT_EQ(tt.front(), quietChecks.front()) << fen;
    EXPECT_EQ(std::count(tt.begin(), tt.end(), quietChecks.front()), 1) << fen;
    EXPECT_EQ(sorted(tt), sorted(with)) << fen;
  }
}
