// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation explained: one model for every view. It records the evaluation once
// (eval/trace.hpp) and computes from that record the `eval` table's rows and details, the total,
// the final value, each piece's share, the squares behind the terms and the verdict in words.
// The views only format it: the `eval` table (explain/eval_table.hpp), `eval --json` and the web
// page (explain/eval_json.hpp), the SVG picture (explain/eval_svg.hpp); two of them compared term by
// term serve a game review (explain/compare.hpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "board/position.hpp"
#include "eval/squares.hpp"
#include "eval/trace.hpp"

namespace taper {

/// One row of the `eval` table, with its weight in the final score: White's point of view.
struct ExplainedRow {
  ParamGroup group;
  std::string_view term;   ///< the group title printed by `eval` (GroupTitle)
  std::string_view words;  ///< the row in a player's words, e.g. "king safety" (explain/words.hpp)
  Score white, black;      ///< each side's sum, as in the table
  int cp = 0;              ///< tapered_value(white - black) with the position's phase and scale
};

/// One parameter behind the rows (the `eval` table's detail lines, params.def order): how often
/// each side counted it, and what it adds.
struct ExplainedParam {
  std::string_view name;
  ParamKind kind = ParamKind::Linear;  ///< Linear (`net` is set) or Danger (`units` is set)
  int count[COLOR_NB] = {};       ///< the coefficients, the parameter's elements summed
  Score net;                      ///< Linear: what it gives White minus what it gives Black
  int units[COLOR_NB] = {};       ///< Danger: king-danger units against each side's king
};

/// A term as a player names it: the rows that share a player's name (the two king-safety rows)
/// summed, in centipawns tapered like the rows.
struct PlayerTerm {
  std::string_view name;   ///< e.g. "mobility", "king safety"
  int whiteCp = 0;         ///< White's part minus Black's: > 0 helps White
  int own[COLOR_NB] = {};  ///< each side's own part alone, from its own point of view
};

/// A piece's share of the score: the White-POV evaluation minus the one without that piece
/// (Stockfish's per-piece view since Stockfish 12).
struct PieceShare {
  Square square;
  Piece piece;
  int share;
};

/// A piece's FEN letter (PNBRQK for White, pnbrqk for Black), as every view names it.
constexpr char piece_letter(Piece pc) {
  const char letter = " PNBRQK"[type_of(pc)];
  return color_of(pc) == WHITE ? letter : char(letter - 'A' + 'a');
}

/// The verdict, worded once in explain/words.cpp for every view. The picture and the JSON
/// word it differently (their outputs are fixed); both come from the same facts.
struct EvalWords {
  std::string headline;                    ///< the picture's: "White is better: +0.85", "Dead draw"
  std::string note;                        ///< the picture's: for a known ending or a dead draw, what decides instead
  std::vector<PlayerTerm> reasons;         ///< the picture's: two or three terms, the largest first; none for early exits
  std::string verdict;                     ///< the JSON's and the web page's sentence
  std::vector<std::string_view> deciding;  ///< the rows (GroupTitle) the sentence names as deciding
  std::string tableNote;                   ///< the `eval` table's first line for an early exit; empty otherwise
  /// Each king's safety in a player's words: who attacks it, its weak squares, safe checks and
  /// what that costs in pawns (the danger units stay with the table and the JSON's `units`).
  std::string kings[COLOR_NB];
};

struct EvalExplanation {
  EvalRecord record;                 ///< the one recording; exit, phase, scale, king danger
  std::string material;              ///< "KRPvKR", White first
  int finalCp = 0;                   ///< White's point of view; equals `eval`'s "Final evaluation"
  std::vector<ExplainedRow> rows;    ///< the `eval` rows in order, all groups but Scale (none for early exits)
  Score totalWhite, totalBlack;      ///< the `eval` table's Total row
  std::vector<ExplainedParam> params;  ///< Linear ones that change the score, Danger ones counted (none for early exits)
  std::vector<PlayerTerm> terms;     ///< the rows in a player's words, in table order (none for early exits)
  std::string safeChecks[COLOR_NB];  ///< letters of the pieces with a safe check on c's king, "NBRQ" order
  Square kingSquare[COLOR_NB] = {SQ_NONE, SQ_NONE};
  std::vector<PieceShare> shares;    ///< every piece but the kings (and any whose removal is illegal)
  EvalSquares squares;
  EvalWords words;
};

/// Everything above for `pos`.
EvalExplanation explain_evaluation(const Position& pos);

}  // namespace taper
