// SPDX-License-Identifier: GPL-3.0-or-later
// FEN/EPD parsing with full validation, FEN printing, flips and the human-readable board.
#include <cctype>
#include <charconv>
#include <cstdio>
#include <sstream>
#include <vector>

#include "board/position.hpp"

namespace taper {

namespace {

constexpr std::string_view PieceChars = " PNBRQK  pnbrqk";

std::vector<std::string_view> split_fields(std::string_view s) {
  std::vector<std::string_view> fields;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    size_t start = i;
    while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    if (i > start) fields.push_back(s.substr(start, i - start));
  }
  return fields;
}

bool parse_counter(std::string_view field, int lo, int hi, int& out) {
  const char* end = field.data() + field.size();
  auto [ptr, ec] = std::from_chars(field.data(), end, out);
  return ec == std::errc() && ptr == end && out >= lo && out <= hi;
}

std::string square_name(Square s) {
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

const char* color_name(Color c) { return c == WHITE ? "white" : "black"; }

}  // namespace

bool Position::set(std::string_view fen, bool chess960, std::string* error) {
  init();
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };

  std::vector<std::string_view> f = split_fields(fen);
  if (f.size() < 4)
    return fail("too few fields (" + std::to_string(f.size()) +
                "): a FEN needs the board, side to move, castling rights and en-passant square");
  if (f.size() > 6) return fail("too many fields (" + std::to_string(f.size()) + "): a FEN has at most 6");

  Position p{Blank{}};  // parse into a fresh position so that *this stays untouched on error
  p.clear();

  // 1. Piece placement, rank 8 first.
  Rank rank = RANK_8;
  int file = 0;
  for (char c : f[0]) {
    if (c == '/') {
      if (file != 8) return fail("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " files, not 8");
      if (rank == RANK_1) return fail("more than 8 ranks in the board field");
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return fail("rank " + std::to_string(rank + 1) + " has more than 8 files");
    } else {
      size_t idx = PieceChars.find(c);
      if (idx == std::string_view::npos || c == ' ') return fail(std::string("bad piece letter '") + c + "'");
      if (file >= 8) return fail("rank " + std::to_string(rank + 1) + " has more than 8 files");
      Square s = make_square(File(file), rank);
      if (p.board_[s] != NO_PIECE) return fail("square occupied twice");
      p.put_piece(Piece(idx), s);
      ++file;
    }
  }
  if (file != 8) return fail("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " files, not 8");
  if (rank != RANK_1) return fail("the board field has " + std::to_string(8 - rank) + " ranks, not 8");

  for (Color c : {WHITE, BLACK}) {
    if (p.count(c, KING) != 1)
      return fail(std::string(p.count(c, KING) ? "more than one " : "missing ") + color_name(c) + " king");
    if (p.count(c, PAWN) > 8) return fail(std::string("more than 8 ") + color_name(c) + " pawns");
    if (popcount(p.pieces(c)) > 16) return fail(std::string("more than 16 ") + color_name(c) + " pieces");
  }
  if (p.pieces(PAWN) & (Rank1BB | Rank8BB)) return fail("pawn on the first or last rank");

  // 2. Side to move.
  if (f[1] != "w" && f[1] != "b") return fail("side to move must be 'w' or 'b', not '" + std::string(f[1]) + "'");
  p.sideToMove_ = f[1] == "w" ? WHITE : BLACK;

  // 3. Castling: KQkq (X-FEN: the outermost rook on that side) or rook files (Shredder-FEN).
  p.chess960_ = chess960;
  if (f[2] != "-") {
    for (char c : f[2]) {
      Color col = std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK;
      char lc = char(std::tolower(static_cast<unsigned char>(c)));
      Square ksq = p.king_square(col);
      Piece rook = make_piece(col, ROOK);
      if (relative_rank(col, ksq) != RANK_1)
        return fail(std::string("castling right '") + c + "' but the " + color_name(col) + " king is not on its first rank");
      Square rsq = SQ_NONE;
      if (lc == 'k') {
        for (Square s = relative_square(col, SQ_H1); s > ksq; --s)
          if (p.board_[s] == rook) { rsq = s; break; }
      } else if (lc == 'q') {
        for (Square s = relative_square(col, SQ_A1); s < ksq; ++s)
          if (p.board_[s] == rook) { rsq = s; break; }
      } else if (lc >= 'a' && lc <= 'h') {
        Square s = relative_square(col, make_square(File(lc - 'a'), RANK_1));
        if (p.board_[s] == rook && s != ksq) rsq = s;
        p.chess960_ = true;  // rook files only make sense in Chess960
      } else {
        return fail(std::string("bad castling letter '") + c + "'");
      }
      if (rsq == SQ_NONE)
        return fail(std::string("castling right '") + c + "' but no " + color_name(col) + " rook to castle with");
      int cr = castling_right(col, rsq > ksq);
      if (p.st().castlingRights & cr) return fail(std::string("castling right '") + c + "' given twice");
      p.add_castling_right(col, rsq);
      // A king or rook off its standard square makes this a Chess960 position.
      if (file_of(ksq) != FILE_E || (file_of(rsq) != FILE_A && file_of(rsq) != FILE_H)) p.chess960_ = true;
    }
  }

  // 4. En passant: the square behind a pawn that has just made a double step.
  Square ep = SQ_NONE;
  if (f[3] != "-") {
    if (f[3].size() != 2 || f[3][0] < 'a' || f[3][0] > 'h' || f[3][1] < '1' || f[3][1] > '8')
      return fail("bad en-passant square '" + std::string(f[3]) + "'");
    ep = make_square(File(f[3][0] - 'a'), Rank(f[3][1] - '1'));
    Color us = p.sideToMove_, them = ~us;
    if (relative_rank(us, ep) != RANK_6)
      return fail("en-passant square " + std::string(f[3]) + " is not on the " + (us == WHITE ? "6th" : "3rd") + " rank");
    if (p.board_[ep - pawn_push(us)] != make_piece(them, PAWN) || !p.empty(ep) || !p.empty(ep + pawn_push(us)))
      return fail("en-passant square " + std::string(f[3]) + " without a pawn that just made a double step");
  }

  // 5. Counters (optional in EPD).
  int rule50 = 0, fullmove = 1;
  if (f.size() >= 5 && !parse_counter(f[4], 0, 9999, rule50))
    return fail("bad halfmove clock '" + std::string(f[4]) + "'");
  if (f.size() == 6 && !parse_counter(f[5], 0, 99999, fullmove))
    return fail("bad fullmove number '" + std::string(f[5]) + "'");
  fullmove = std::max(fullmove, 1);
  p.gamePly_ = 2 * (fullmove - 1) + (p.sideToMove_ == BLACK);

  StateInfo& si = p.states_.back();
  si.rule50 = rule50;
  si.pliesFromNull = 0;
  si.epSquare = SQ_NONE;
  p.set_state();

  if (p.attackers_to(p.king_square(~p.sideToMove_)) & p.pieces(p.sideToMove_))
    return fail(std::string("the side not to move (") + color_name(~p.sideToMove_) + ") is in check");
  if (popcount(p.checkers()) > 2) return fail("the side to move is in check by more than two pieces");

  // Keep the en-passant square only if a legal capture exists, as do_move does.
  if (ep != SQ_NONE) {
    p.states_.back().epSquare = ep;
    bool anyLegal = false;
    for (Bitboard b = pawn_attacks_bb(~p.sideToMove_, ep) & p.pieces(p.sideToMove_, PAWN); b && !anyLegal;)
      anyLegal = p.is_legal(Move::make<EN_PASSANT>(pop_lsb(b), ep));
    if (!anyLegal) p.states_.back().epSquare = SQ_NONE;
    p.states_.back().key = p.compute_key();
  }

  *this = std::move(p);
  return true;
}

std::string fen_placement(std::string_view squares) {
  std::string s;
  for (int r = 7; r >= 0; --r) {
    int emptyCount = 0;
    for (int f = 0; f < 8; ++f) {
      const char c = size_t(8 * r + f) < squares.size() ? squares[8 * r + f] : ' ';
      if (c == ' ' || PieceChars.find(c) == std::string_view::npos) {
        ++emptyCount;
        continue;
      }
      if (emptyCount) s += char('0' + emptyCount);
      emptyCount = 0;
      s += c;
    }
    if (emptyCount) s += char('0' + emptyCount);
    if (r > 0) s += '/';
  }
  return s;
}

std::string Position::fen() const {
  std::string squares(SQUARE_NB, ' ');
  for (Square sq = SQ_A1; sq <= SQ_H8; ++sq) squares[sq] = PieceChars[board_[sq]];
  std::string s = fen_placement(squares);
  s += sideToMove_ == WHITE ? " w " : " b ";

  // Shredder-FEN in Chess960 (unambiguous), KQkq otherwise.
  const std::pair<int, char> rights[] = {{WHITE_OO, 'K'}, {WHITE_OOO, 'Q'}, {BLACK_OO, 'k'}, {BLACK_OOO, 'q'}};
  bool any = false;
  for (auto [cr, letter] : rights) {
    if (!can_castle(cr)) continue;
    any = true;
    if (chess960_) {
      char fileLetter = char('a' + file_of(castlingRookSquare_[cr]));
      s += (cr & WHITE_CASTLING) ? char(std::toupper(fileLetter)) : fileLetter;
    } else {
      s += letter;
    }
  }
  if (!any) s += '-';
  s += ' ';
  s += ep_square() == SQ_NONE ? "-" : square_name(ep_square());
  s += ' ' + std::to_string(st().rule50) + ' ' + std::to_string(1 + gamePly_ / 2);
  return s;
}

std::string Position::validate() const {
  for (Color c : {WHITE, BLACK})
    if (count(c, KING) != 1 || board_[king_square(c)] != make_piece(c, KING)) return "bad king";
  Bitboard all = 0;
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    Piece pc = board_[s];
    if (pc == NO_PIECE) continue;
    all |= square_bb(s);
    if (!(pieces(color_of(pc), type_of(pc)) & square_bb(s))) return "board and bitboards disagree at " + square_name(s);
  }
  if (all != pieces() || (pieces(WHITE) & pieces(BLACK)) || (pieces(WHITE) | pieces(BLACK)) != all)
    return "occupancy bitboards inconsistent";
  for (Piece pc : {W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING, B_PAWN, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING})
    if (pieceCount_[pc] != popcount(pieces(color_of(pc), type_of(pc)))) return "piece count mismatch";
  if (key() != compute_key()) return "incremental key differs from recomputed key";
  if (pawn_key() != compute_pawn_key()) return "incremental pawn key differs";
  if (material_key() != compute_material_key()) return "incremental material key differs";
  if (checkers() != (attackers_to(king_square(sideToMove_)) & pieces(~sideToMove_))) return "checkers wrong";
  if (attackers_to(king_square(~sideToMove_)) & pieces(sideToMove_)) return "side not to move in check";
  for (int cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
    if (!can_castle(cr)) continue;
    Color c = (cr & WHITE_CASTLING) ? WHITE : BLACK;
    if (board_[castlingRookSquare_[cr]] != make_piece(c, ROOK) || castlingRightsMask_[king_square(c)] == 0)
      return "castling rights do not match the pieces";
  }
  return {};
}

std::string Position::flipped_fen() const {
  std::istringstream in(fen());
  std::string board, side, castling, ep, half, full;
  in >> board >> side >> castling >> ep >> half >> full;
  // Reverse the rank order and swap the case of every letter.
  std::vector<std::string> ranks;
  std::stringstream rs(board);
  for (std::string r; std::getline(rs, r, '/');) ranks.push_back(r);
  std::string out;
  for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
    for (char& c : *it) c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
    out += *it + (it + 1 == ranks.rend() ? "" : "/");
  }
  out += side == "w" ? " b " : " w ";
  std::string cas;
  for (char c : castling) cas += c == '-' ? c : std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
  // Keep white's rights first, as FEN expects.
  std::string upper, lower;
  for (char c : cas) (std::isupper(static_cast<unsigned char>(c)) ? upper : lower) += c;
  out += (cas == "-" ? "-" : upper + lower) + ' ';
  out += ep == "-" ? "-" : std::string{ep[0], char('1' + '8' - ep[1])};
  return out + ' ' + half + ' ' + full;
}

std::string Position::mirrored_fen() const {
  std::istringstream in(fen());
  std::string board, side, castling, ep, half, full;
  in >> board >> side >> castling >> ep >> half >> full;
  std::vector<std::string> ranks;
  std::stringstream rs(board);
  for (std::string r; std::getline(rs, r, '/');) ranks.push_back(std::string(r.rbegin(), r.rend()));
  std::string out;
  for (size_t i = 0; i < ranks.size(); ++i) out += ranks[i] + (i + 1 < ranks.size() ? "/" : "");
  out += ' ' + side + " - ";
  out += ep == "-" ? "-" : std::string{char('a' + 'h' - ep[0]), ep[1]};
  return out + ' ' + half + ' ' + full;
}

std::string Position::pretty() const {
  std::ostringstream os;
  os << "\n +---+---+---+---+---+---+---+---+\n";
  for (Rank r = RANK_8; r >= RANK_1; --r) {
    for (File f = FILE_A; f <= FILE_H; ++f) os << " | " << PieceChars[board_[make_square(f, r)]];
    os << " | " << (r + 1) << "\n +---+---+---+---+---+---+---+---+\n";
  }
  char keyHex[20];
  os << "   a   b   c   d   e   f   g   h\n\nFen: " << fen() << "\n";
  std::snprintf(keyHex, sizeof keyHex, "%016llX", static_cast<unsigned long long>(key()));
  os << "Key: " << keyHex;
  std::snprintf(keyHex, sizeof keyHex, "%016llX", static_cast<unsigned long long>(pawn_key()));
  os << "  Pawn key: " << keyHex;
  std::snprintf(keyHex, sizeof keyHex, "%016llX", static_cast<unsigned long long>(material_key()));
  os << "  Material key: " << keyHex << "\nCheckers:";
  for (Bitboard b = checkers(); b;) os << ' ' << square_name(pop_lsb(b));
  os << "\n";
  return os.str();
}

}  // namespace taper
