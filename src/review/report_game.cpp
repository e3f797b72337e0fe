// SPDX-License-Identifier: GPL-3.0-or-later
// One reviewed game summed up for the player of the report: the player's moves by phase and class,
// the mistakes with what they are put down to, the puzzles, and the files' texts.
#include <algorithm>
#include <cctype>
#include <memory>

#include "board/notation.hpp"
#include "review/report.hpp"
#include "search/engine.hpp"

namespace taper {

uint64_t movetext_hash(const PgnGame& game) {
  uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a, 64 bits
  auto mix = [&](std::string_view s) {
    for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
    h = (h ^ 0xff) * 0x100000001b3ULL;  // a separator, so that "ab","c" and "a","bc" differ
  };
  mix(game.startFen);
  for (const PgnMove& m : game.moves) mix(move_to_uci(m.move, game.chess960));
  mix(game.result);
  mix(game.error);
  return h;
}

namespace {

std::string folded(std::string_view s) {
  size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  std::string out(s.substr(a, b - a));
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

bool same_player_name(std::string_view a, std::string_view b) {
  const std::string x = folded(a);
  return !x.empty() && x == folded(b);
}

std::optional<Color> player_colour(const PgnGame& game, std::string_view name) {
  if (same_player_name(game.tag("White"), name)) return WHITE;
  if (same_player_name(game.tag("Black"), name)) return BLACK;
  return std::nullopt;
}

ReportGame report_game(const GameReview& review, Color colour, const ReviewLimits& limits) {
  const PgnGame& game = *review.game;
  ReportGame g;
  g.index = game.number;
  g.hash = movetext_hash(game);
  g.title = game.title();
  g.white = game.tag("White");
  g.black = game.tag("Black");
  g.result = game.result;
  g.date = game.tag("Date");
  g.colour = colour;
  g.score = game.result == "1-0" ? (colour == WHITE ? 1 : 0) : game.result == "0-1" ? (colour == BLACK ? 1 : 0) : game.result == "1/2-1/2" ? 0.5 : -1;
  g.opening = opening_of(review);
  const PlayerSummary& me = review.players[colour];
  g.accuracy = me.accuracy;
  g.acpl = me.acpl;
  g.positions = int(review.positions.size());

  const std::vector<Position>& positions = review.positions;
  std::unique_ptr<Engine> puzzleEngine;
  for (size_t i = 0; i < review.moves.size(); ++i) {
    const MoveReview& m = review.moves[i];
    g.movesText += (i ? " " : "") + (m.mover == WHITE || i == 0 ? m.numbered : m.san) + mark_glyph(m.mark);
    if (m.mover != colour) continue;
    ++g.moves;
    ++g.classes[size_t(move_class_of(m))];
    if (m.book) continue;
    ++g.judged;
    g.cpLoss += m.cpLoss;
    const size_t phase = size_t(move_phase(positions[i], m.book));
    g.phaseAccuracySum[phase] += m.accuracy;
    ++g.phaseMoves[phase];
    if (m.mark < Mark::Mistake) continue;
    ReportMistake x;
    x.ply = m.ply;
    x.numbered = m.numbered + mark_glyph(m.mark);
    x.fenBefore = positions[i].fen();
    x.playedUci = move_to_uci(m.played, game.chess960);
    x.bestUci = m.bestLine.empty() ? "" : move_to_uci(m.bestLine[0], game.chess960);
    x.mark = m.mark;
    x.chancesLost = std::max(0.0, m.chancesBefore - m.chancesAfter);
    x.reason = mistake_reason_key(positions[i], m);
    x.sentence = m.reason;
    // Puzzles only from standard chess: their FEN is read without Chess960 castling.
    if (!game.chess960) {
      // One engine for the game's puzzles, made at the first one (most games of a strong
      // player have none): a fresh hash table per search cost more than the searches.
      if (!puzzleEngine) puzzleEngine = std::make_unique<Engine>(size_t(std::max(1, limits.hashMb)), 1);
      if (const std::optional<Puzzle> p = puzzle_for(*puzzleEngine, positions[i], m, x.reason, limits))
        g.puzzlePgn += (g.puzzles++ ? "\n" : "") + puzzle_pgn(*p, g.title, g.date);
    }
    g.mistakes.push_back(std::move(x));
  }
  g.pgn = annotated_pgn(review);
  g.svg = review_svg(review);
  return g;
}

}  // namespace taper
