// SPDX-License-Identifier: GPL-3.0-or-later
// The review as JSON (`taper review --json FILE`, the web page): one object per game with its
// tags, summary and moves; docs/REVIEW.md lists the fields.
#include <cstdio>
#include <sstream>

#include "board/notation.hpp"
#include "explain/json_text.hpp"
#include "explain/text.hpp"
#include "review/review.hpp"

namespace taper {

namespace {

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
  return "{\"accuracy\":" + decimal_text(p.accuracy, 1) + ",\"acpl\":" + std::to_string(p.acpl) + ",\"moves\":" + std::to_string(p.moves) + ",\"inaccuracies\":" +
         std::to_string(p.inaccuracies) + ",\"mistakes\":" + std::to_string(p.mistakes) + ",\"blunders\":" + std::to_string(p.blunders) +
         ",\"classes\":{" + classes + "},\"timeTroubleErrors\":" + std::to_string(p.timeTroubleErrors) + "}";
}

}  // namespace

std::string review_json(const GameReview& r) {
  const PgnGame& g = *r.game;
  const std::vector<Position>& positions = r.positions;
  std::ostringstream o;
  o << "{\"number\":" << g.number << ",\"title\":" << json_quoted(g.title()) << ",\"result\":" << json_quoted(g.result) << ",\"tags\":{";
  for (size_t k = 0; k < g.tags.size(); ++k) o << (k ? "," : "") << json_quoted(g.tags[k].first) << ":" << json_quoted(g.tags[k].second);
  o << "},\"startFen\":" << json_quoted(positions[0].fen()) << ",\"chess960\":" << (g.chess960 ? "true" : "false")
    << ",\"eco\":" << json_quoted(r.book.eco) << ",\"opening\":" << json_quoted(r.book.name)
    << ",\"leftTheory\":" << json_quoted(left_theory_text(r)) << ",\"bookPlies\":" << r.book.plies
    << ",\"timeControl\":{\"baseMs\":" << r.timeControl.baseMs << ",\"incrementMs\":" << r.timeControl.incrementMs << "}" << ",\"white\":" << player_json(r.players[WHITE])
    << ",\"black\":" << player_json(r.players[BLACK]) << ",\"final\":" << json_quoted(r.finalLabel) << ",\"moves\":[";
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const MoveReview& m = r.moves[i];
    const PositionVerdict& after = r.verdicts[i + 1];
    const Value white = positions[i + 1].side_to_move() == WHITE ? after.score : -after.score;
    o << (i ? "," : "") << "{\"ply\":" << m.ply << ",\"color\":\"" << (m.mover == WHITE ? "white" : "black") << "\",\"san\":" << json_quoted(m.san)
      << ",\"numbered\":" << json_quoted(m.numbered) << ",\"uci\":" << json_quoted(move_to_uci(m.played, g.chess960))
      << ",\"fenBefore\":" << json_quoted(positions[i].fen()) << ",\"fenAfter\":" << json_quoted(positions[i + 1].fen())
      << ",\"eval\":" << json_quoted(after.over && after.score != VALUE_DRAW ? "#0" : score_text(white, false))
      << ",\"whiteChances\":" << decimal_text(m.whiteChances, 1) << ",\"chancesBefore\":" << decimal_text(m.chancesBefore, 1)
      << ",\"chancesAfter\":" << decimal_text(m.chancesAfter, 1) << ",\"accuracy\":" << decimal_text(m.accuracy, 1) << ",\"cpLoss\":" << m.cpLoss << ",\"mark\":"
      << json_quoted(mark_glyph(m.mark)) << ",\"class\":" << json_quoted(move_class_name(m.moveClass)) << ",\"book\":" << (m.book ? "true" : "false") << ",\"label\":" << json_quoted(m.label)
      << ",\"best\":" << json_quoted(numbered_line(positions[i], m.bestLine, 1)) << ",\"bestLine\":" << json_quoted(numbered_line(positions[i], m.bestLine, 12))
      << ",\"bestLineUci\":" << uci_list(m.bestLine, g.chess960) << ",\"playedLine\":" << json_quoted(numbered_line(positions[i], m.playedLine, 12))
      << ",\"clockMs\":" << m.clockMs << ",\"spentMs\":" << m.spentMs
      << ",\"timeTrouble\":" << (m.timeTrouble ? "true" : "false") << ",\"depth\":" << after.depth << ",\"reason\":" << json_quoted(m.reason) << "}";
  }
  o << "]}";
  return o.str();
}

}  // namespace taper
