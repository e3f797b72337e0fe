// SPDX-License-Identifier: GPL-3.0-or-later
// The review as JSON (`taper review --json FILE`, the web page): one object per game with its
// tags, summary and moves; docs/REVIEW.md lists the fields.
#include <cstdio>
#include <sstream>

#include "board/notation.hpp"
#include "tools/json_text.hpp"
#include "tools/review.hpp"

namespace taper::tools {

namespace {

std::string fixed(double x, int decimals) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}

std::string uci_list(const std::vector<Move>& moves, bool chess960) {
  std::string s = "[";
  for (size_t k = 0; k < moves.size(); ++k) {
    if (k) s += ',';
    s += json_quoted(move_to_uci(moves[k], chess960));
  }
  s += ']';
  return s;
}

std::string player_json(const PlayerSummary& p) {
  std::string classes;
  for (size_t c = 0; c < MoveClassCount; ++c)
    classes += (c ? "," : "") + json_quoted(move_class_name(MoveClass(c))) + ":" + std::to_string(p.classes[c]);
  return "{\"accuracy\":" + fixed(p.accuracy, 1) + ",\"acpl\":" + std::to_string(p.acpl) + ",\"moves\":" + std::to_string(p.moves) + ",\"inaccuracies\":" +
         std::to_string(p.inaccuracies) + ",\"mistakes\":" + std::to_string(p.mistakes) + ",\"blunders\":" + std::to_string(p.blunders) +
         ",\"classes\":{" + classes + "}}";
}

}  // namespace

std::string review_json(const GameReview& r) {
  const PgnGame& g = *r.game;
  const std::vector<Position> positions = game_positions(g);
  std::ostringstream o;
  o << "{\"number\":" << g.number << ",\"title\":" << json_quoted(g.title()) << ",\"result\":" << json_quoted(g.result) << ",\"tags\":{";
  for (size_t k = 0; k < g.tags.size(); ++k) o << (k ? "," : "") << json_quoted(g.tags[k].first) << ":" << json_quoted(g.tags[k].second);
  o << "},\"startFen\":" << json_quoted(positions[0].fen()) << ",\"chess960\":" << (g.chess960 ? "true" : "false")
    << ",\"opening\":" << json_quoted(r.book.name) << ",\"bookPlies\":" << r.book.plies << ",\"white\":" << player_json(r.players[WHITE])
    << ",\"black\":" << player_json(r.players[BLACK]) << ",\"final\":" << json_quoted(r.finalLabel) << ",\"moves\":[";
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const MoveReview& m = r.moves[i];
    const PositionVerdict& after = r.positions[i + 1];
    const Value white = positions[i + 1].side_to_move() == WHITE ? after.score : -after.score;
    o << (i ? "," : "") << "{\"ply\":" << m.ply << ",\"color\":\"" << (m.mover == WHITE ? "white" : "black") << "\",\"san\":" << json_quoted(m.san)
      << ",\"numbered\":" << json_quoted(m.numbered) << ",\"uci\":" << json_quoted(move_to_uci(m.played, g.chess960))
      << ",\"fenBefore\":" << json_quoted(positions[i].fen()) << ",\"fenAfter\":" << json_quoted(positions[i + 1].fen())
      << ",\"eval\":" << json_quoted(after.over && after.score != VALUE_DRAW ? "#0" : eval_text(white))
      << ",\"whiteChances\":" << fixed(m.whiteChances, 1) << ",\"chancesBefore\":" << fixed(m.chancesBefore, 1)
      << ",\"chancesAfter\":" << fixed(m.chancesAfter, 1) << ",\"accuracy\":" << fixed(m.accuracy, 1) << ",\"cpLoss\":" << m.cpLoss << ",\"mark\":"
      << json_quoted(mark_glyph(m.mark)) << ",\"class\":" << json_quoted(move_class_name(m.moveClass)) << ",\"book\":" << (m.book ? "true" : "false") << ",\"label\":" << json_quoted(m.label)
      << ",\"best\":" << json_quoted(numbered_line(positions[i], m.bestLine, 1)) << ",\"bestLine\":" << json_quoted(numbered_line(positions[i], m.bestLine, 12))
      << ",\"bestLineUci\":" << uci_list(m.bestLine, g.chess960) << ",\"playedLine\":" << json_quoted(numbered_line(positions[i], m.playedLine, 12))
      << ",\"depth\":" << after.depth << ",\"reason\":" << json_quoted(m.reason) << "}";
  }
  o << "]}";
  return o.str();
}

}  // namespace taper::tools
