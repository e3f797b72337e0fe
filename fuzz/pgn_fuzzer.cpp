// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the PGN reader (board/pgn.hpp) on arbitrary bytes, and the review's writers on
// every game it accepts.
//
// The bytes go through pgn_text_as_utf8 (whose output must be valid UTF-8) and read_pgn. Games are
// numbered 1, 2, ...; a game without an error must replay legally from its start position. For a
// short one, a review is made up from scores derived from the input (no search: a fuzzer must be
// fast) so that marks and reasons occur, and its annotated PGN must read back with the same moves.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "board/movegen.hpp"
#include "board/pgn.hpp"
#include "review/review.hpp"

using namespace taper;

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "pgn_fuzzer: %s: %s\n", what, detail.c_str());
  std::abort();
}

bool valid_utf8(std::string_view s) {
  bool converted = true;
  (void)pgn_text_as_utf8(s, &converted);
  return !converted;
}

void check_game(const PgnGame& g, uint8_t salt) {
  Position pos = g.start_position();
  for (const PgnMove& m : g.moves) {
    if (!pos.is_pseudo_legal(m.move) || !pos.is_legal(m.move)) fail("a kept move is not legal", g.startFen);
    pos.do_move(m.move);
  }
  if (!g.error.empty() || g.moves.empty() || g.moves.size() > 60) return;

  // A made-up review: each position's score from the salt and the ply, its first legal move best.
  const std::vector<Position> positions = game_positions(g);
  std::vector<PositionVerdict> verdicts;
  for (size_t i = 0; i < positions.size(); ++i) {
    PositionVerdict v;
    MoveList<LEGAL> legal(positions[i]);
    if (legal.size() == 0) {
      v.over = true;
      v.score = positions[i].in_check() ? -VALUE_MATE : VALUE_DRAW;
    } else {
      v.score = Value(int((salt * 37 + i * 101) % 900) - 450);
      v.best = *legal.begin();
      v.pv = {v.best};
    }
    verdicts.push_back(v);
  }
  const GameReview review = review_game(g, verdicts);
  const std::string pgn = annotated_pgn(review);
  (void)review_svg(review);
  (void)review_json(review);
  (void)review_summary_text(review);
  const std::vector<PgnGame> back = read_pgn(pgn);
  if (back.size() != 1 || !back[0].error.empty()) fail("the annotated PGN does not read back", pgn);
  if (back[0].moves.size() != g.moves.size()) fail("the annotated PGN has other moves", pgn);
  for (size_t i = 0; i < g.moves.size(); ++i)
    if (back[0].moves[i].move != g.moves[i].move) fail("the annotated PGN has another move", pgn);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const bool ready = [] {
    Position::init();
    return true;
  }();
  (void)ready;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const std::string text = pgn_text_as_utf8(bytes);
  if (!valid_utf8(text)) fail("pgn_text_as_utf8 gave text that is not UTF-8", text);
  const std::vector<PgnGame> games = read_pgn(text);
  for (size_t k = 0; k < games.size(); ++k) {
    if (games[k].number != int(k) + 1) fail("games are not numbered in order", text);
    if (!games[k].error.empty() && games[k].errorLine < 1) fail("an error without its line", games[k].error);
    check_game(games[k], size ? data[size - 1] : 0);
  }
  return 0;
}
