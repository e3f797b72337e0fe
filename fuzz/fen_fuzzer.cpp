// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: Position::set on arbitrary bytes, and every accepted FEN checked for consistency.
//
// The first byte selects standard or Chess960 parsing; the rest is the FEN text. A rejected FEN
// must say why and leave the position untouched. An accepted one must validate, print back to a
// FEN that parses to the same position, survive make/unmake of every legal move with unchanged
// keys, agree with gives_check, and survive a shallow perft, SEE and a static evaluation.
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <string>
#include <string_view>

#include "board/movegen.hpp"
#include "board/perft.hpp"
#include "board/position.hpp"
#include "eval/evaluate.hpp"

using namespace taper;

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fen_fuzzer: %s: %s\n", what, detail.c_str());
  std::abort();
}

void check_position(Position& pos, Evaluator& evaluator) {
  if (std::string err = pos.validate(); !err.empty()) fail("accepted FEN does not validate", err + " in " + pos.fen());

  // FEN round trip: printing and re-parsing gives the same position and key.
  const std::string fen = pos.fen();
  Position again;
  std::string err;
  if (!again.set(fen, pos.is_chess960(), &err)) fail("printed FEN rejected", fen + ": " + err);
  if (again.fen() != fen || again.key() != pos.key()) fail("FEN round trip differs", fen + " -> " + again.fen());

  // Every legal move: pseudo-legal and legal by the single-move checks, gives_check agrees with
  // the position after the move, and unmake restores everything.
  for (Move m : MoveList<LEGAL>(pos)) {
    if (!pos.is_pseudo_legal(m) || !pos.is_legal(m)) fail("generated move fails is_legal", fen);
    bool check = pos.gives_check(m);
    (void)pos.see_ge(m, 0);
    (void)pos.key_after(m);
    pos.do_move(m);
    if (std::string e = pos.validate(); !e.empty()) fail("do_move broke the position", e + " after a move in " + fen);
    if (pos.in_check() != check) fail("gives_check disagrees with the position after the move", fen);
    pos.undo_move(m);
    if (pos.fen() != fen || pos.key() != again.key()) fail("undo_move did not restore the position", fen);
  }
  if (!pos.in_check()) {
    pos.do_null_move();
    pos.undo_null_move();
  }
  (void)perft(pos, 2);
  (void)pos.is_draw(0);
  (void)pos.is_insufficient_material();
  (void)evaluator.evaluate(pos);

  // The colour flip is a legal position too (same number of legal moves).
  Position flipped;
  if (!flipped.set(pos.flipped_fen(), pos.is_chess960(), &err)) fail("flipped FEN rejected", fen + ": " + err);
  if (MoveList<LEGAL>(flipped).size() != MoveList<LEGAL>(pos).size()) fail("flip changes the move count", fen);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Evaluator* evaluator = [] {
    Position::init();
    return new Evaluator();
  }();
  if (size == 0) return 0;
  const bool chess960 = data[0] & 1;
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  Position pos;
  const std::string before = pos.fen();
  std::string err;
  if (!pos.set(text, chess960, &err)) {
    if (err.empty()) fail("rejected FEN without an error message", std::string(text));
    if (pos.fen() != before) fail("rejected FEN changed the position", std::string(text));
    return 0;
  }
  check_position(pos, *evaluator);
  return 0;
}
