// SPDX-License-Identifier: GPL-3.0-or-later
// Printing the explained evaluation as JSON (explain/eval_json.hpp).
#include "explain/eval_json.hpp"

#include <cstdio>
#include <sstream>

#include "board/notation.hpp"
#include "explain/json_text.hpp"

namespace taper {

namespace {

std::string squares(Bitboard b) {
  std::string s = "[";
  while (b) {
    const Square sq = pop_lsb(b);
    if (s.size() > 1) s.push_back(',');
    s.append(json_quoted(square_to_string(sq)));
  }
  s.push_back(']');
  return s;
}

std::string pair(Score v) { return "[" + std::to_string(v.mg()) + "," + std::to_string(v.eg()) + "]"; }

std::string row_json(std::string_view term, Score white, Score black, int cp) {
  return "{\"term\":" + json_quoted(term) + ",\"white\":" + pair(white) + ",\"black\":" + pair(black) +
         ",\"total\":" + pair(white - black) + ",\"cp\":" + std::to_string(cp) + "}";
}

const char* colour_name(Color c) { return c == WHITE ? "white" : "black"; }

}  // namespace

std::string eval_json(const Position& pos, const EvalExplanation& e) {
  const EvalRecord& r = e.record;
  const char* exitName = r.exit == EvalExit::General ? "general" : r.exit == EvalExit::KnownEndgame ? "known-endgame" : "insufficient-material";
  std::ostringstream o;
  o << "{\"fen\":" << json_quoted(pos.fen()) << ",\"sideToMove\":\"" << colour_name(pos.side_to_move()) << "\""
    << ",\"exit\":\"" << exitName << "\",\"phase\":" << r.phase << ",\"phaseMidgame\":" << PhaseMidgame
    << ",\"scale\":" << r.scale << ",\"scaleNormal\":" << ScaleNormal << ",\"rows\":[";
  for (size_t i = 0; i < e.rows.size(); ++i)
    o << (i ? "," : "") << row_json(e.rows[i].term, e.rows[i].white, e.rows[i].black, e.rows[i].cp);
  o << "],\"total\":" << row_json("Total", e.totalWhite, e.totalBlack, e.finalCp) << ",\"final\":" << e.finalCp
    << ",\"verdict\":" << json_quoted(e.words.verdict) << ",\"deciding\":[";
  for (size_t i = 0; i < e.words.deciding.size(); ++i) o << (i ? "," : "") << json_quoted(e.words.deciding[i]);
  o << "],\"kings\":[";
  for (Color c : {WHITE, BLACK}) {
    std::string checks;
    for (char letter : e.safeChecks[c]) checks += std::string(checks.empty() ? "" : ",") + "\"" + letter + "\"";
    const EvalSquares& sq = e.squares;
    o << (c == WHITE ? "" : ",") << "{\"colour\":\"" << colour_name(c) << "\",\"square\":"
      << json_quoted(square_to_string(pos.king_square(c))) << ",\"inner\":" << squares(sq.kingInner[c])
      << ",\"outer\":" << squares(sq.kingOuter[c]) << ",\"attacked\":" << squares(sq.zoneAttacked[c])
      << ",\"weak\":" << squares(sq.weakInner[c] | sq.weakOuter[c]) << ",\"attackers\":" << sq.zoneAttackers[c]
      << ",\"units\":" << r.units[c] << ",\"curveApplies\":" << (r.dangerReal[c] ? "true" : "false")
      << ",\"penalty\":" << r.dangerPenalty[c] << ",\"penaltyEndgame\":" << r.dangerPenaltyEg[c] << ",\"safeChecks\":[" << checks
      << "],\"words\":" << json_quoted(e.words.kings[c]) << "}";
  }
  o << "],\"pieces\":[";
  for (size_t i = 0; i < e.shares.size(); ++i)
    o << (i ? "," : "") << "{\"square\":" << json_quoted(square_to_string(e.shares[i].square)) << ",\"piece\":\""
      << piece_letter(e.shares[i].piece) << "\",\"share\":" << e.shares[i].share << "}";
  o << "],\"passed\":{\"white\":" << squares(e.squares.passed[WHITE]) << ",\"black\":" << squares(e.squares.passed[BLACK])
    << "},\"outposts\":{\"white\":" << squares(e.squares.outposts[WHITE])
    << ",\"black\":" << squares(e.squares.outposts[BLACK]) << "}}\n";
  return o.str();
}

std::string eval_json(const Position& pos) { return eval_json(pos, explain_evaluation(pos)); }

std::string eval_json_error(const std::string& message) { return "{\"error\":" + json_quoted(message) + "}\n"; }

}  // namespace taper
