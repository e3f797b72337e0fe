// SPDX-License-Identifier: GPL-3.0-or-later
// FEN parsing: round trips over the suites of tests/data and a clear rejection of every kind of bad FEN.
#include <sstream>

#include "board/position.hpp"
#include "test_data.hpp"

using namespace taper;
using namespace taper::testing;

namespace {

/// The first `fields` space-separated fields of an EPD/perft line.
std::string leading_fields(const std::string& line, int fields) {
  std::istringstream in(line.substr(0, line.find(';')));
  std::string out, f;
  for (int i = 0; i < fields && in >> f; ++i) out += (i ? " " : "") + f;
  return out;
}

}  // namespace

TEST(Fen, StartPosition) {
  Position pos;
  EXPECT_EQ(pos.fen(), Position::StartFen);
  EXPECT_EQ(pos.side_to_move(), WHITE);
  EXPECT_EQ(pos.castling_rights(), ANY_CASTLING);
  EXPECT_FALSE(pos.is_chess960());
}

TEST(Fen, PlacementFromSquaresRunLengthEncodesTheEmptyOnes) {
  // Indexed by square from a1; anything that is not a piece letter is an empty square.
  std::string squares(64, ' ');
  EXPECT_EQ(fen_placement(squares), "8/8/8/8/8/8/8/8");
  squares[SQ_E1] = 'K', squares[SQ_H1] = 'R', squares[SQ_A8] = 'k', squares[SQ_D5] = 'p';
  squares[SQ_B2] = '.', squares[SQ_C3] = '\0';
  EXPECT_EQ(fen_placement(squares), "k7/8/8/3p4/8/8/8/4K2R");
  // A short string leaves the missing squares empty rather than reading past its end.
  EXPECT_EQ(fen_placement("RNBQKBNRPPPPPPPP"), "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR");
}

TEST(Fen, RoundTripStandardSuite) {
  for (const std::string& line : read_lines("perft/standard.epd")) {
    std::string fen = leading_fields(line, 6);
    Position pos;
    std::string err;
    ASSERT_TRUE(pos.set(fen, false, &err)) << fen << ": " << err;
    EXPECT_EQ(pos.fen(), fen);
    EXPECT_EQ(pos.validate(), "");
  }
}

TEST(Fen, RoundTripShredderFen) {
  // fischer.epd uses Shredder-FEN; printing in Chess960 mode must reproduce it exactly.
  for (const std::string& line : read_lines("perft/fischer.epd")) {
    std::string fen = leading_fields(line, 6);
    Position pos;
    std::string err;
    ASSERT_TRUE(pos.set(fen, true, &err)) << fen << ": " << err;
    EXPECT_EQ(pos.fen(), fen);
  }
}

TEST(Fen, XFenChess960Openings) {
  // X-FEN "KQkq" names the outermost rooks; the result must equal the Shredder reading.
  for (const std::string& fen : read_lines("books/FRC_openings.epd")) {
    Position pos;
    std::string err;
    ASSERT_TRUE(pos.set(fen, true, &err)) << fen << ": " << err;
    EXPECT_EQ(pos.castling_rights(), ANY_CASTLING) << fen;
    Position again;
    ASSERT_TRUE(again.set(pos.fen(), true, &err)) << pos.fen() << ": " << err;
    EXPECT_EQ(again.key(), pos.key());
    EXPECT_EQ(again.fen(), pos.fen());
  }
}

TEST(Fen, EpdWithFourFields) {
  for (const char* file : {"epd/wacnew.epd", "epd/STS1-STS15_LAN_v3.epd", "epd/mates2000.epd"})
    for (const std::string& line : read_lines(file)) {
      std::string epd = leading_fields(line, 4);
      Position pos;
      std::string err;
      EXPECT_TRUE(pos.set(epd, false, &err)) << file << ": " << epd << ": " << err;
      EXPECT_EQ(pos.rule50_count(), 0);
    }
}

TEST(Fen, EnPassantSquareKeptOnlyWhenCaptureIsLegal) {
  Position pos;
  ASSERT_TRUE(pos.set("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", false));
  EXPECT_EQ(pos.ep_square(), SQ_E3);
  // No black pawn can take: the square is dropped (equal positions must have equal keys).
  ASSERT_TRUE(pos.set("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false));
  EXPECT_EQ(pos.ep_square(), SQ_NONE);
  // The capture would expose the king along the rank: also dropped.
  ASSERT_TRUE(pos.set("8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1", false));
  EXPECT_EQ(pos.ep_square(), SQ_NONE);
}

struct BadFen {
  const char* fen;
  const char* expectedWords;  // a fragment the error message must contain
};

class FenRejection : public ::testing::TestWithParam<BadFen> {};

TEST_P(FenRejection, RejectedWithReasonAndPositionUntouched) {
  Position pos;
  const std::string kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  ASSERT_TRUE(pos.set(kiwipete, false));
  Key before = pos.key();
  std::string err;
  EXPECT_FALSE(pos.set(GetParam().fen, false, &err));
  EXPECT_NE(err.find(GetParam().expectedWords), std::string::npos) << "message was: " << err;
  EXPECT_EQ(pos.fen(), kiwipete);
  EXPECT_EQ(pos.key(), before);
  EXPECT_EQ(pos.validate(), "");
}

INSTANTIATE_TEST_SUITE_P(
    AllKinds, FenRejection,
    ::testing::Values(
        BadFen{"", "too few fields"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "too few fields"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "too many fields"},
        BadFen{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter"},
        BadFen{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "not 8"},
        BadFen{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 files"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks, not 8"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "more than 8 ranks"},
        BadFen{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "missing black king"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQKBNR w kq - 0 1", "more than one white king"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNP w kq - 0 1", "first or last rank"},
        BadFen{"Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQk - 0 1", "first or last rank"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
        BadFen{"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "side not to move"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "no white rook"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPKPPP/RNBQ1BNR w KQkq - 0 1", "not on its first rank"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1", "bad castling letter"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "given twice"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", "is not on the 6th"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "double step"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "bad en-passant"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1", "halfmove"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", "fullmove"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 white pawns"},
        BadFen{"4r2k/8/8/b7/8/3n4/8/4K3 w - - 0 1", "more than two pieces"}));

TEST(Fen, GarbageNeverCrashes) {
  // Random byte strings and mutated FENs: every one is either accepted (and valid) or rejected.
  uint64_t seed = 12345;
  auto next = [&] { return seed = seed * 6364136223846793005ULL + 1442695040888963407ULL, seed >> 33; };
  const std::string base(Position::StartFen);
  const std::string alphabet = "pnbrqkPNBRQK12345678/ -wbKQkqABCDEFGHabcdefgh09";
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string s = base;
    int edits = 1 + int(next() % 4);
    for (int e = 0; e < edits; ++e) s[next() % s.size()] = alphabet[next() % alphabet.size()];
    Position pos;
    std::string err;
    if (pos.set(s, next() % 2, &err)) {
      ++accepted;
      EXPECT_EQ(pos.validate(), "") << s;
    } else {
      EXPECT_FALSE(err.empty()) << s;
    }
  }
  EXPECT_GT(accepted, 0);
}
