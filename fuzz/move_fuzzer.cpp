// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: parse_uci_move (and parse_san_move) on random legal positions.
//
// Input layout: byte 0 picks a start position (standard and Chess960), the following bytes up to
// the first '\n' (at most 64) pick a random legal walk from it, one byte per ply; the rest is
// text, split at whitespace, and each word is parsed as a move in the current position.
// Checks: a parsed move is legal and prints back to the word (up to case and the two castling
// spellings); a word that names a legal move is never rejected; parsing never changes the
// position; accepted moves are played, so later words are parsed deeper in the game.
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "board/position.hpp"

using namespace taper;

namespace {

// Start positions with castling (both spellings), en passant, promotions, pins and checks.
constexpr const char* StartFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    // Chess960 (Shredder-FEN), with king and rooks on unusual files.
    "1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/1RK3R1 w BGbg - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "rk6/8/8/8/8/8/8/RK5R w HAa - 0 1",
};

[[noreturn]] void fail(const char* what, const Position& pos, std::string_view word) {
  std::fprintf(stderr, "move_fuzzer: %s: '%.*s' in %s\n", what, int(word.size()), word.data(), pos.fen().c_str());
  std::abort();
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// Does the legal move `m` have `word` as one of its UCI spellings?
bool spells(Move m, const std::string& word) {
  return word == move_to_uci(m, false) || word == move_to_uci(m, true);
}

void check_word(Position& pos, std::string_view word) {
  const std::string fen = pos.fen();
  const Key key = pos.key();
  std::string err;
  Move m = parse_uci_move(pos, word, &err);
  if (pos.fen() != fen || pos.key() != key) fail("parse_uci_move changed the position", pos, word);

  const std::string w = lower(word);
  Move named = Move::none(), exact = Move::none();
  for (Move legal : MoveList<LEGAL>(pos)) {
    if (spells(legal, w)) named = legal;
    if (move_to_uci(legal, pos.is_chess960()) == w) exact = legal;
  }
  if (m) {
    if (!MoveList<LEGAL>(pos).contains(m)) fail("parsed an illegal move", pos, word);
    if (!spells(m, w)) fail("parsed move does not print back to the text", pos, word);
    // In Chess960 "f1g1" may be a king step or castling in the other spelling: the spelling of
    // the current mode wins.
    if (exact && m != exact) fail("parsed the other castling spelling over an exact match", pos, word);
  } else {
    if (err.empty()) fail("rejected move without an error message", pos, word);
    if (named) fail("rejected the UCI text of a legal move", pos, word);
  }

  Move san = parse_san_move(pos, word);
  if (pos.fen() != fen) fail("parse_san_move changed the position", pos, word);
  if (san && !MoveList<LEGAL>(pos).contains(san)) fail("parse_san_move returned an illegal move", pos, word);
  if (san && parse_san_move(pos, move_to_san(pos, san)) != san) fail("SAN of a parsed move does not parse back", pos, word);

  if (m) {
    pos.do_move(m);
    if (std::string e = pos.validate(); !e.empty()) fail("position broken after a parsed move", pos, word);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static bool ready = (Position::init(), true);
  (void)ready;
  if (size == 0) return 0;
  const char* startFen = StartFens[data[0] % std::size(StartFens)];
  Position pos;
  if (!pos.set(startFen, false)) std::abort();

  size_t i = 1;
  for (int ply = 0; i < size && data[i] != '\n' && ply < 64; ++i, ++ply) {
    MoveList<LEGAL> moves(pos);
    if (!moves.size()) break;
    pos.do_move(moves.begin()[data[i] % moves.size()]);
  }
  while (i < size && data[i] != '\n') ++i;  // walk bytes beyond the limit are ignored

  std::string_view text(reinterpret_cast<const char*>(data) + std::min(i + 1, size), size - std::min(i + 1, size));
  size_t p = 0;
  while (p < text.size()) {
    while (p < text.size() && std::isspace(static_cast<unsigned char>(text[p]))) ++p;
    size_t start = p;
    while (p < text.size() && !std::isspace(static_cast<unsigned char>(text[p]))) ++p;
    if (p > start) check_word(pos, text.substr(start, p - start));
  }
  return 0;
}
