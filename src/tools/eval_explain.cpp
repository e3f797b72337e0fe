// SPDX-License-Identifier: GPL-3.0-or-later
// explain_evaluation(): rows, shares, squares and the verdict sentence; and their JSON form.
#include "tools/eval_explain.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "board/notation.hpp"
#include "eval/evaluate.hpp"
#include "tools/eval_summary.hpp"
#include "uci/format.hpp"

namespace taper::tools {

namespace {

/// The White-POV static evaluation.
int white_eval(const Position& pos) {
  const Value v = evaluate_uncached(pos);
  return pos.side_to_move() == WHITE ? int(v) : -int(v);
}

/// `fen` with the piece on `s` removed (board field only).
std::string without_piece(const std::string& fen, Square s) {
  const size_t space = fen.find(' ');
  const std::string board = fen.substr(0, space);
  char grid[8][8];
  int rank = 7, file = 0;
  for (char ch : board) {
    if (ch == '/') { --rank; file = 0; }
    else if (ch >= '1' && ch <= '8') for (int k = 0; k < ch - '0'; ++k) grid[rank][file++] = '.';
    else grid[rank][file++] = ch;
  }
  grid[int(s) / 8][int(s) % 8] = '.';
  std::string out;
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      if (grid[r][f] == '.') { ++empty; continue; }
      if (empty) out += char('0' + empty), empty = 0;
      out += grid[r][f];
    }
    if (empty) out += char('0' + empty);
    if (r) out += '/';
  }
  return out + fen.substr(space);
}

/// The piece's share, or false if the position without it is not legal (e.g. it shielded a check
/// on the side not to move).
bool piece_share(const Position& pos, int full, Square s, int& share) {
  std::string fen = without_piece(pos.fen(), s);
  Position reduced;
  if (!reduced.set(fen, false)) {
    // A removed rook may carry castling rights: retry without castling or en passant.
    std::istringstream in(fen);
    std::string board, stm, castling, ep, rest;
    in >> board >> stm >> castling >> ep;
    std::getline(in, rest);
    if (!reduced.set(board + " " + stm + " - -" + rest, false)) return false;
  }
  share = full - white_eval(reduced);
  return true;
}

std::string row_text(const ExplainedRow& r) { return std::string(r.term) + " (" + human_score(r.cp) + ")"; }

/// "A", "A and B", "A, B and C".
std::string listing(const std::vector<std::string>& parts) {
  std::string s;
  for (size_t i = 0; i < parts.size(); ++i) s += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return s;
}

/// The sentence: who stands better, the two or three rows that carry the score (largest first,
/// as many as it takes to pass the final score, at most three) and the largest row against it.
void write_verdict(EvalExplanation& e, const Position& pos) {
  const EvalRecord& r = e.record;
  if (r.exit == EvalExit::InsufficientMaterial) {
    e.verdict = "Neither side has the material to mate: a dead draw (0.00).";
    return;
  }
  if (r.exit == EvalExit::KnownEndgame) {
    const std::string material = material_signature(pos);
    e.verdict = "Known endgame " + material + ": an exact rule scores it, not the general terms. " +
                (e.finalCp == 0 ? std::string("It is a draw") : standing_words(e.finalCp)) + " (" + human_score(e.finalCp) + ").";
    return;
  }
  const int sign = e.finalCp > 0 ? 1 : e.finalCp < 0 ? -1 : 0;
  std::vector<const ExplainedRow*> byWeight;
  for (const ExplainedRow& row : e.rows) byWeight.push_back(&row);
  std::stable_sort(byWeight.begin(), byWeight.end(), [](auto* a, auto* b) { return std::abs(a->cp) > std::abs(b->cp); });

  std::string s = standing_words(e.finalCp) + " (" + human_score(e.finalCp) + ")";
  if (std::abs(e.finalCp) <= 25) {
    // Level: name the largest term on each side, if any is worth mentioning.
    const ExplainedRow *forWhite = nullptr, *forBlack = nullptr;
    for (const ExplainedRow* row : byWeight) {
      if (row->cp >= 15 && !forWhite) forWhite = row;
      if (row->cp <= -15 && !forBlack) forBlack = row;
    }
    if (forWhite && forBlack) {
      s += ": " + row_text(*forWhite) + " for White and " + row_text(*forBlack) + " for Black balance out";
      e.deciding = {forWhite->term, forBlack->term};
    } else
      s += ": no term is worth more than a few hundredths of a pawn to either side";
    e.verdict = s + ".";
    return;
  }
  std::vector<std::string> carry;
  int sum = 0;
  for (const ExplainedRow* row : byWeight) {
    if (row->cp * sign <= 0 || carry.size() == 3 || (!carry.empty() && sum * sign > std::abs(e.finalCp))) continue;
    carry.push_back(row_text(*row));
    e.deciding.push_back(row->term);
    sum += row->cp;
  }
  s += ": " + listing(carry) + (carry.size() == 1 ? " decides it" : " decide it");
  for (const ExplainedRow* row : byWeight)
    if (row->cp * sign < 0) {
      if (std::abs(row->cp) >= 15) s += "; " + row_text(*row) + " pulls the other way";
      break;
    }
  e.verdict = s + ".";
}

// --- JSON -----------------------------------------------------------------------------------

std::string quoted(std::string_view text) {
  std::string s = "\"";
  for (char ch : text) {
    if (ch == '"' || ch == '\\') s += '\\', s += ch;
    else if (static_cast<unsigned char>(ch) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", ch);
      s += buf;
    } else s += ch;
  }
  return s + "\"";
}

std::string squares(Bitboard b) {
  std::string s = "[";
  while (b) {
    const Square sq = pop_lsb(b);
    if (s.size() > 1) s.push_back(',');
    s.append(quoted(square_to_string(sq)));
  }
  s.push_back(']');
  return s;
}

std::string pair(Score v) { return "[" + std::to_string(v.mg()) + "," + std::to_string(v.eg()) + "]"; }

std::string row_json(std::string_view term, Score white, Score black, int cp) {
  return "{\"term\":" + quoted(term) + ",\"white\":" + pair(white) + ",\"black\":" + pair(black) +
         ",\"total\":" + pair(white - black) + ",\"cp\":" + std::to_string(cp) + "}";
}

const char* colour_name(Color c) { return c == WHITE ? "white" : "black"; }

char piece_letter(Piece pc) {
  const char ch = " PNBRQK"[type_of(pc)];
  return color_of(pc) == WHITE ? ch : char(ch - 'A' + 'a');
}

}  // namespace

std::vector<PieceShare> piece_shares(const Position& pos) {
  std::vector<PieceShare> shares;
  const int full = white_eval(pos);
  for (Bitboard b = pos.pieces() & ~pos.pieces(KING); b;) {
    const Square s = pop_lsb(b);
    int share = 0;
    if (piece_share(pos, full, s, share)) shares.push_back({s, pos.piece_on(s), share});
  }
  return shares;
}

EvalExplanation explain_evaluation(const Position& pos) {
  EvalExplanation e;
  e.record = record_evaluation(pos);
  e.finalCp = e.record.sideToMove == WHITE ? e.record.value : -e.record.value;
  if (e.record.exit == EvalExit::General) {
    const GroupScores groups = group_scores(e.record);
    for (size_t g = 0; g < size_t(ParamGroup::Count); ++g) {
      if (ParamGroup(g) == ParamGroup::Scale) continue;  // the scale factor is applied to every row instead
      const Score white = groups[g][WHITE], black = groups[g][BLACK];
      e.rows.push_back({GroupTitle[g], white, black, tapered_value(white - black, e.record.phase, e.record.scale)});
      e.totalWhite += white;
      e.totalBlack += black;
    }
  }
  e.shares = piece_shares(pos);
  e.squares = eval_squares(pos);
  write_verdict(e, pos);
  return e;
}

std::string eval_json(const Position& pos) {
  const EvalExplanation e = explain_evaluation(pos);
  const EvalRecord& r = e.record;
  const char* exitName = r.exit == EvalExit::General ? "general" : r.exit == EvalExit::KnownEndgame ? "known-endgame" : "insufficient-material";
  std::ostringstream o;
  o << "{\"fen\":" << quoted(pos.fen()) << ",\"sideToMove\":\"" << colour_name(pos.side_to_move()) << "\""
    << ",\"exit\":\"" << exitName << "\",\"phase\":" << r.phase << ",\"phaseMidgame\":" << PhaseMidgame
    << ",\"scale\":" << r.scale << ",\"scaleNormal\":" << ScaleNormal << ",\"rows\":[";
  for (size_t i = 0; i < e.rows.size(); ++i)
    o << (i ? "," : "") << row_json(e.rows[i].term, e.rows[i].white, e.rows[i].black, e.rows[i].cp);
  o << "],\"total\":" << row_json("Total", e.totalWhite, e.totalBlack, e.finalCp) << ",\"final\":" << e.finalCp
    << ",\"verdict\":" << quoted(e.verdict) << ",\"deciding\":[";
  for (size_t i = 0; i < e.deciding.size(); ++i) o << (i ? "," : "") << quoted(e.deciding[i]);
  o << "],\"kings\":[";
  for (Color c : {WHITE, BLACK}) {
    static const char* const Checkers[] = {"N", "B", "R", "Q"};
    std::string checks;
    for (int k = 0; k < 4; ++k)
      if (r.coeff[size_t(KingSafeCheck + k)][c]) checks += std::string(checks.empty() ? "" : ",") + "\"" + Checkers[k] + "\"";
    const EvalSquares& sq = e.squares;
    o << (c == WHITE ? "" : ",") << "{\"colour\":\"" << colour_name(c) << "\",\"square\":"
      << quoted(square_to_string(pos.king_square(c))) << ",\"inner\":" << squares(sq.kingInner[c])
      << ",\"outer\":" << squares(sq.kingOuter[c]) << ",\"attacked\":" << squares(sq.zoneAttacked[c])
      << ",\"weak\":" << squares(sq.weakInner[c] | sq.weakOuter[c]) << ",\"attackers\":" << sq.zoneAttackers[c]
      << ",\"units\":" << r.units[c] << ",\"curveApplies\":" << (r.dangerReal[c] ? "true" : "false")
      << ",\"penalty\":" << r.dangerPenalty[c] << ",\"penaltyEndgame\":" << r.dangerPenaltyEg[c] << ",\"safeChecks\":[" << checks << "]}";
  }
  o << "],\"pieces\":[";
  for (size_t i = 0; i < e.shares.size(); ++i)
    o << (i ? "," : "") << "{\"square\":" << quoted(square_to_string(e.shares[i].square)) << ",\"piece\":\""
      << piece_letter(e.shares[i].piece) << "\",\"share\":" << e.shares[i].share << "}";
  o << "],\"passed\":{\"white\":" << squares(e.squares.passed[WHITE]) << ",\"black\":" << squares(e.squares.passed[BLACK])
    << "},\"outposts\":{\"white\":" << squares(e.squares.outposts[WHITE])
    << ",\"black\":" << squares(e.squares.outposts[BLACK]) << "}}\n";
  return o.str();
}

std::string eval_json_error(const std::string& message) { return "{\"error\":" + quoted(message) + "}\n"; }

}  // namespace taper::tools
