// SPDX-License-Identifier: GPL-3.0-or-later
// UCI and SAN move notation, always checked against the legal move list.
#include "board/notation.hpp"

#include "board/movegen.hpp"

namespace taper {

std::string square_to_string(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

std::string move_to_uci(Move m, bool chess960) {
  if (m == Move::none()) return "(none)";
  if (m == Move::null()) return "0000";
  Square from = m.from(), to = m.to();
  if (m.kind() == CASTLING && !chess960) to = make_square(to > from ? FILE_G : FILE_C, rank_of(from));
  std::string s = square_to_string(from) + square_to_string(to);
  if (m.kind() == PROMOTION) s += " pnbrqk"[m.promotion_type()];
  return s;
}

Move parse_uci_move(const Position& pos, std::string_view text, std::string* error) {
  std::string lower(text);
  for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  bool wellFormed = (lower.size() == 4 || lower.size() == 5) && lower[0] >= 'a' && lower[0] <= 'h' &&
                    lower[1] >= '1' && lower[1] <= '8' && lower[2] >= 'a' && lower[2] <= 'h' &&
                    lower[3] >= '1' && lower[3] <= '8' &&
                    (lower.size() == 4 || std::string_view("nbrq").find(lower[4]) != std::string_view::npos);
  if (!wellFormed) {
    if (error) *error = "'" + std::string(text) + "' is not a move in UCI notation (e.g. e2e4, e7e8q)";
    return Move::none();
  }
  for (Move m : MoveList<LEGAL>(pos))
    if (lower == move_to_uci(m, pos.is_chess960()) || (m.kind() == CASTLING && lower == move_to_uci(m, true)) ||
        (m.kind() == CASTLING && lower == move_to_uci(m, false)))
      return m;
  if (error) *error = "illegal move " + std::string(text) + " in position " + pos.fen();
  return Move::none();
}

std::string move_to_san(Position& pos, Move m) {
  if (m == Move::none()) return "(none)";
  if (m == Move::null()) return "--";
  Square from = m.from(), to = m.to();
  PieceType pt = type_of(pos.piece_on(from));
  std::string san;
  if (m.kind() == CASTLING) {
    san = to > from ? "O-O" : "O-O-O";
  } else {
    if (pt == PAWN) {
      if (pos.is_capture(m)) san += char('a' + file_of(from));
    } else {
      san += " PNBRQK"[pt];
      // Disambiguate among other pieces of the same type that can reach `to`.
      bool sameFile = false, sameRank = false, ambiguous = false;
      for (Move other : MoveList<LEGAL>(pos)) {
        if (other == m || other.to() != to || other.kind() == CASTLING || type_of(pos.piece_on(other.from())) != pt)
          continue;
        ambiguous = true;
        sameFile |= file_of(other.from()) == file_of(from);
        sameRank |= rank_of(other.from()) == rank_of(from);
      }
      if (ambiguous) {
        if (!sameFile) san += char('a' + file_of(from));
        else if (!sameRank) san += char('1' + rank_of(from));
        else san += square_to_string(from);
      }
    }
    if (pos.is_capture(m)) san += 'x';
    san += square_to_string(to);
    if (m.kind() == PROMOTION) san += std::string("=") + " PNBRQK"[m.promotion_type()];
  }
  if (pos.gives_check(m)) {
    pos.do_move(m);
    san += MoveList<LEGAL>(pos).size() ? '+' : '#';
    pos.undo_move(m);
  }
  return san;
}

Move parse_san_move(Position& pos, std::string_view text) {
  std::string clean;
  for (char c : text)
    if (c != '+' && c != '#' && c != '!' && c != '?') clean += c;
  if (clean == "0-0") clean = "O-O";
  if (clean == "0-0-0") clean = "O-O-O";
  for (Move m : MoveList<LEGAL>(pos)) {
    std::string san = move_to_san(pos, m);
    while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
    if (san == clean) return m;
    // Accept over-disambiguated or "=Q"-less promotion forms such as "e8Q".
    if (m.kind() == PROMOTION) {
      std::string alt = san;
      alt.erase(alt.find('='), 1);
      if (alt == clean) return m;
    }
  }
  // Fall back to long algebraic / UCI text.
  return parse_uci_move(pos, clean);
}

}  // namespace taper
