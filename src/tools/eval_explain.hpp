// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation explained for people: the `eval` rows tapered to centipawns, each piece's share,
// the squares behind the terms and a sentence naming the terms that decide. `eval --json` prints
// it; the SVG picture and the web page draw it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "board/position.hpp"
#include "eval/squares.hpp"
#include "eval/trace.hpp"

namespace taper::tools {

/// One row of the `eval` table, with its weight in the final score: White's point of view.
struct ExplainedRow {
  std::string_view term;  ///< the group title printed by `eval` (GroupTitle)
  Score white, black;     ///< each side's sum, as in the table
  int cp = 0;             ///< tapered_value(white - black) with the position's phase and scale
};

/// A piece's share of the score: the White-POV evaluation minus the one without that piece
/// (Stockfish's per-piece view since Stockfish 12).
struct PieceShare {
  Square square;
  Piece piece;
  int share;
};

struct EvalExplanation {
  EvalRecord record;
  int finalCp = 0;                  ///< White's point of view; equals `eval`'s "Final evaluation"
  std::vector<ExplainedRow> rows;   ///< the `eval` rows in order (empty when no general term applies)
  Score totalWhite, totalBlack;     ///< the `eval` table's Total row
  std::vector<PieceShare> shares;   ///< every piece but the kings (and any whose removal is illegal)
  EvalSquares squares;
  std::string verdict;              ///< e.g. "White is better (+0.85): Material (+1.00) and ... decide it."
  std::vector<std::string_view> deciding;  ///< the rows the verdict names as deciding
};

/// Everything above for `pos`.
EvalExplanation explain_evaluation(const Position& pos);

/// The pieces' shares alone (the SVG picture needs no more).
std::vector<PieceShare> piece_shares(const Position& pos);

/// explain_evaluation() as one JSON object (`taper eval --json`, the web page); the format is
/// described in docs/WEB.md.
std::string eval_json(const Position& pos);

/// {"error": "..."} for a FEN that Position::set rejected, in the same shape family.
std::string eval_json_error(const std::string& message);

}  // namespace taper::tools
