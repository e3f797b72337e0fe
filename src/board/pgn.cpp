// SPDX-License-Identifier: GPL-3.0-or-later
// The PGN reader (board/pgn.hpp): one pass over the text, character by character, so that a
// comment may hold anything (braces' `;`, a `;` comment's `{`), variations nest to any depth and
// every error knows its line. Variations are kept as text, not replayed: a reviewer needs only
// the main line, and a wrong move inside a variation should not cost the game.
#include "board/pgn.hpp"

#include <algorithm>
#include <cctype>

#include "board/movegen.hpp"
#include "board/notation.hpp"

namespace taper {

namespace {

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

/// Characters that end a movetext symbol (a move, a number, a result) besides white space.
bool delimiter(char c) { return space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' || c == ';' || c == '$'; }

std::string trimmed(std::string_view s) {
  size_t a = 0, b = s.size();
  while (a < b && space(s[a])) ++a;
  while (b > a && space(s[b - 1])) --b;
  return std::string(s.substr(a, b - a));
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// The game termination marker `token` stands for ("1-0", "0-1", "1/2-1/2", "*"), or "" when it is
/// none. Besides the standard four, what players' files hold: "1/2" and "½" alone, "½-½",
/// "0.5-0.5", and the colon forms ("1:0", "0:1", "½:½") some European programs write.
std::string result_marker(std::string_view token) {
  static constexpr std::string_view Half = "\xC2\xBD";
  if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") return std::string(token);
  if (token == "1:0") return "1-0";
  if (token == "0:1") return "0-1";
  for (std::string_view draw : {"1/2", "0.5-0.5", "0.5:0.5", "1/2:1/2"})
    if (token == draw) return "1/2-1/2";
  if (token.substr(0, Half.size()) == Half) {
    const std::string_view rest = token.substr(Half.size());
    if (rest.empty() || rest == "-\xC2\xBD" || rest == ":\xC2\xBD") return "1/2-1/2";
  }
  return "";
}

bool is_result(std::string_view r) { return r == "1-0" || r == "0-1" || r == "1/2-1/2"; }

/// The NAG of a move-suffix glyph, 0 if `g` is none of the six.
int glyph_nag(std::string_view g) {
  static constexpr std::string_view Glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
  for (int k = 0; k < 6; ++k)
    if (g == Glyphs[k]) return k + 1;
  return 0;
}

/// The Variant tag names Chess960 (lichess "Chess960", ChessBase "Fischerandom", "chess 960"...).
bool names_chess960(std::string_view variant) {
  const std::string v = lower(variant);
  return v.find("960") != std::string::npos || v.find("fischer") != std::string::npos;
}

/// A move in long algebraic notation as some programs write it: "Ng1-f3", "e2xe4", "e7e8=Q".
Move parse_long_algebraic(const Position& pos, std::string_view text) {
  std::string uci;
  for (size_t k = 0; k < text.size(); ++k) {
    const char c = text[k];
    if (k == 0 && std::string_view("NBRQK").find(c) != std::string_view::npos) continue;
    if (c == '-' || c == 'x' || c == '=' || c == ':') continue;
    uci += c;
  }
  return uci.size() >= 4 ? parse_uci_move(pos, uci) : Move::none();
}

/// Reads the games of one text; see read_pgn.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {
    lineStarts_.push_back(0);
    for (size_t k = 0; k < text.size(); ++k)
      if (text[k] == '\n') lineStarts_.push_back(k + 1);
  }

  std::vector<PgnGame> run() {
    while (i_ < text_.size()) step();
    finish_game(false);
    return std::move(games_);
  }

 private:
  int line_at(size_t offset) const {
    return int(std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset) - lineStarts_.begin());
  }

  bool at_line_start(size_t k) const { return k == 0 || text_[k - 1] == '\n'; }

  /// `[Name "` at `k`, the start of a line: a tag, so a new game begins. (Only at the very start:
  /// a writer can keep a comment's word from looking like one by indenting it.)
  bool tag_line_at(size_t k) const {
    if (k >= text_.size() || text_[k] != '[') return false;
    size_t j = k + 1, nameStart = j;
    while (j < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[j])) || text_[j] == '_')) ++j;
    if (j == nameStart) return false;
    while (j < text_.size() && (text_[j] == ' ' || text_[j] == '\t')) ++j;
    return j < text_.size() && text_[j] == '"';
  }

  void fail(const std::string& why, size_t offset) {
    if (!game_.error.empty()) return;  // the first error is the one that matters
    game_.error = why;
    game_.errorLine = line_at(offset);
  }

  void begin_game(size_t offset) {
    if (open_) return;
    game_ = PgnGame{};
    game_.number = int(games_.size()) + 1;
    game_.line = line_at(offset);
    open_ = true;
  }

  /// The first movetext element: the tags are complete, so the start position is known.
  void begin_movetext(size_t offset) {
    begin_game(offset);
    if (inMovetext_) return;
    inMovetext_ = true;
    game_.chess960 = names_chess960(game_.tag("Variant"));
    const std::string fen = game_.tag("FEN");
    game_.startFen = fen.empty() ? std::string(Position::StartFen) : trimmed(fen);
    std::string why;
    if (!pos_.set(game_.startFen, game_.chess960, &why)) fail("the FEN tag cannot be used: " + why, offset);
  }

  void finish_game(bool terminated) {
    if (!open_) return;
    if (game_.tags.empty() && game_.moves.empty() && game_.error.empty() && depth_ == 0 && !inMovetext_) {
      open_ = false;  // only comments (say, after the last game): nothing to review
      return;
    }
    if (depth_ > 0) fail("the variation opened on line " + std::to_string(line_at(variationStart_)) + " is not closed", variationStart_);
    if (!inMovetext_) begin_movetext(text_.size());  // tags alone: an empty game from its start position
    const std::string tagResult = game_.tag("Result");
    if (!terminated) {
      game_.result = is_result(tagResult) ? tagResult : "*";
      game_.warnings.push_back("the game ends without a result marker (1-0, 0-1, 1/2-1/2 or *): truncated?");
    } else if (is_result(tagResult) && tagResult != game_.result) {
      // Read what the file holds, and say where it contradicts itself: an unfinished marker
      // yields to a decided tag, a decided marker is kept (it ends the moves it belongs to).
      const bool unfinished = game_.result == "*";
      game_.warnings.push_back("the result marker " + game_.result + " disagrees with the Result tag " + tagResult +
                               (unfinished ? "; the tag is kept" : "; the marker is kept"));
      if (unfinished) game_.result = tagResult;
    }
    if (game_.moves.empty() && game_.error.empty()) game_.warnings.push_back("the game has no moves");
    games_.push_back(std::move(game_));
    game_ = PgnGame{};
    open_ = inMovetext_ = false;
    depth_ = 0;
  }

  std::vector<std::string>& comment_target() { return game_.moves.empty() ? game_.comments : game_.moves.back().comments; }

  /// Whether what follows (a comment, a NAG, a variation) annotates the last move kept: not after
  /// an error, where it belongs to the unreadable move or beyond, which the game no longer holds.
  bool annotating() const { return depth_ == 0 && game_.error.empty(); }

  void add_nag(int nag) {
    // A NAG inside a variation belongs to its text; one before any move annotates nothing kept.
    if (!annotating() || nag <= 0 || nag > 255 || game_.moves.empty()) return;
    game_.moves.back().nags.push_back(nag);
  }

  void step() {
    const char c = text_[i_];
    if (space(c)) {
      ++i_;
      return;
    }
    // An escape line (export-format comment for programs): skipped whole.
    if (c == '%' && at_line_start(i_)) {
      skip_line();
      return;
    }
    if (c == '[') {
      if (inMovetext_) finish_game(false);  // the tags of the next game: this one lost its result
      begin_game(i_);
      read_tag();
      return;
    }
    if (c == '{') {
      read_brace_comment();
      return;
    }
    if (c == ';') {
      const size_t start = i_ + 1;
      skip_line();
      if (depth_ == 0) begin_game(start);
      if (annotating()) comment_target().push_back(trimmed(text_.substr(start, i_ - start)));
      return;
    }
    begin_movetext(i_);
    if (c == '(') {
      if (depth_++ == 0) variationStart_ = i_;
      ++i_;
      return;
    }
    if (c == ')') {
      if (depth_ == 0) {
        fail("')' without a '(' before it", i_);
      } else if (--depth_ == 0 && !game_.moves.empty() && game_.error.empty()) {
        game_.moves.back().variations.push_back(trimmed(text_.substr(variationStart_ + 1, i_ - variationStart_ - 1)));
      }
      ++i_;
      return;
    }
    if (c == ']' || c == '}') {  // stray closers: nothing to attach them to
      fail(std::string("a stray '") + c + "'", i_);
      ++i_;
      return;
    }
    if (c == '$') {
      const size_t start = ++i_;
      int nag = 0;
      while (i_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[i_])) && i_ - start < 4)
        nag = nag * 10 + (text_[i_++] - '0');
      if (i_ == start) fail("'$' without a number", start);
      add_nag(nag);
      return;
    }
    const size_t start = i_;
    while (i_ < text_.size() && !delimiter(text_[i_])) ++i_;
    if (depth_ == 0) symbol(text_.substr(start, i_ - start), start);
  }

  void skip_line() {
    while (i_ < text_.size() && text_[i_] != '\n') ++i_;
  }

  void read_tag() {
    const size_t open = i_;
    size_t k = i_ + 1;
    auto blanks = [&] {
      while (k < text_.size() && (text_[k] == ' ' || text_[k] == '\t')) ++k;
    };
    auto malformed = [&] {
      fail("malformed tag pair (expected [Name \"value\"])", open);
      i_ = open;
      skip_line();
    };
    blanks();
    const size_t nameStart = k;
    while (k < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[k])) || text_[k] == '_')) ++k;
    const std::string name(text_.substr(nameStart, k - nameStart));
    blanks();
    if (name.empty() || k >= text_.size() || text_[k] != '"') return malformed();
    std::string value;
    for (++k; k < text_.size() && text_[k] != '"' && text_[k] != '\n'; ++k) {
      if (text_[k] == '\\' && k + 1 < text_.size() && (text_[k + 1] == '"' || text_[k + 1] == '\\')) ++k;
      value += text_[k];
    }
    if (k >= text_.size() || text_[k] != '"') return malformed();
    ++k;
    blanks();
    if (k >= text_.size() || text_[k] != ']') return malformed();
    i_ = k + 1;
    game_.tags.emplace_back(name, value);
  }

  void read_brace_comment() {
    const size_t open = i_;
    size_t close = text_.find('}', open + 1);
    // A comment left open swallows the rest of the file; the next game's tag line ends it, so
    // that only this game is lost.
    size_t stop = close == std::string_view::npos ? text_.size() : close;
    for (size_t nl = text_.find('\n', open); nl != std::string_view::npos && nl < stop; nl = text_.find('\n', nl + 1))
      if (tag_line_at(nl + 1)) {
        stop = nl + 1;
        close = std::string_view::npos;
        break;
      }
    if (close == std::string_view::npos) {
      begin_game(open);
      fail("the comment opened on line " + std::to_string(line_at(open)) + " is not closed", open);
      i_ = stop;
      return;
    }
    i_ = close + 1;
    if (depth_ == 0) begin_game(open);
    if (annotating()) comment_target().push_back(trimmed(text_.substr(open + 1, close - open - 1)));
  }

  /// A movetext symbol outside variations: a result, a move number, a glyph or a move.
  void symbol(std::string_view token, size_t offset) {
    if (const std::string marker = result_marker(token); !marker.empty()) {
      game_.result = marker;
      finish_game(true);
      return;
    }
    // Move numbers: "12." "12..." and "12.e4" / "12...e5" written without a space.
    size_t digits = 0;
    while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) ++digits;
    if (digits == token.size()) return;  // a bare number
    if (digits > 0 && token[digits] == '.') {
      token.remove_prefix(digits);
      while (!token.empty() && token.front() == '.') token.remove_prefix(1);
      if (token.empty()) return;
    }
    if (token.find_first_not_of("!?") == std::string_view::npos) {
      if (const int nag = glyph_nag(token)) add_nag(nag);
      return;
    }
    if (token == "--" || token == "Z0" || token == "0000" || token == "@@@@") {
      fail("a null move (" + std::string(token) + ") in the main line: the game cannot be replayed", offset);
      return;
    }
    // Evaluation symbols some programs write as text (+-, =, -/+, +/=), and an en-passant note
    // standing apart: not moves, nothing to keep.
    if (token.find_first_not_of("+-=/") == std::string_view::npos || token == "e.p.") return;
    if (!game_.error.empty()) return;  // after an error, read on only to find the game's end
    move(token, offset);
  }

  void move(std::string_view token, size_t offset) {
    std::string san(token);
    int nag = 0;
    // Suffixes in the order players write them: check mark, then glyph ("Nf3+!?"); "e.p." too.
    for (int pass = 0; pass < 2; ++pass) {
      size_t glyph = san.size();
      while (glyph > 0 && (san[glyph - 1] == '!' || san[glyph - 1] == '?')) --glyph;
      if (glyph < san.size()) {
        if (!nag) nag = glyph_nag(std::string_view(san).substr(glyph));
        san.erase(glyph);
      }
      while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
    }
    if (san.size() > 4 && san.compare(san.size() - 4, 4, "e.p.") == 0) san.erase(san.size() - 4);
    Move m = san.empty() ? Move::none() : parse_san_move(pos_, san);
    if (m == Move::none()) m = parse_long_algebraic(pos_, san);
    if (m == Move::none()) {
      const bool whiteMoves = pos_.side_to_move() == WHITE;
      const int number = pos_.game_ply() / 2 + 1;
      fail("'" + std::string(token) + "' is not a legal move for " + (whiteMoves ? "White" : "Black") + " at move " +
               std::to_string(number) + (whiteMoves ? "." : "...") +
               (MoveList<LEGAL>(pos_).size() == 0 ? " (the game is already over)" : ""),
           offset);
      return;
    }
    PgnMove pm;
    pm.move = m;
    pm.san = san;
    if (nag) pm.nags.push_back(nag);
    pm.line = line_at(offset);
    pos_.do_move(m);
    game_.moves.push_back(std::move(pm));
  }

  std::string_view text_;
  std::vector<size_t> lineStarts_;
  size_t i_ = 0;
  std::vector<PgnGame> games_;
  PgnGame game_;
  bool open_ = false;        // a game has begun (a tag or movetext was seen)
  bool inMovetext_ = false;  // its tags are over
  int depth_ = 0;            // inside this many parentheses
  size_t variationStart_ = 0;
  Position pos_;
};

}  // namespace

std::string PgnGame::tag(std::string_view name) const {
  for (const auto& [k, v] : tags)
    if (k == name) return v;
  return "";
}

Position PgnGame::start_position() const {
  Position pos;
  if (!pos.set(startFen.empty() ? Position::StartFen : std::string_view(startFen), chess960)) pos.set(Position::StartFen, false);
  return pos;
}

std::string PgnGame::title() const {
  auto known = [](const std::string& v) { return !v.empty() && v != "?" && v.find("??") == std::string::npos; };
  std::string white = tag("White"), black = tag("Black");
  std::string s = (known(white) ? white : "?") + " - " + (known(black) ? black : "?");
  const std::string site = tag("Site"), event = tag("Event"), date = tag("Date");
  std::string where = known(event) ? event : known(site) ? site : "";
  const std::string year = date.size() >= 4 && known(date.substr(0, 4)) ? date.substr(0, 4) : "";
  if (!where.empty() || !year.empty()) s += ", " + where + (where.empty() || year.empty() ? "" : " ") + year;
  return s;
}

std::vector<PgnGame> read_pgn(std::string_view text) {
  Position::init();
  return Reader(text).run();
}

std::string pgn_text_as_utf8(std::string_view bytes, bool* converted) {
  if (bytes.size() >= 3 && bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  // Valid UTF-8: each lead byte followed by its continuation bytes (no overlong two-byte forms).
  bool valid = true;
  for (size_t k = 0; k < bytes.size() && valid;) {
    const unsigned char b = static_cast<unsigned char>(bytes[k]);
    const size_t more = b < 0x80 ? 0 : b >= 0xC2 && b <= 0xDF ? 1 : b >= 0xE0 && b <= 0xEF ? 2 : b >= 0xF0 && b <= 0xF4 ? 3 : 9;
    if (more == 9 || k + more >= bytes.size()) {
      valid = false;
      break;
    }
    for (size_t j = 1; j <= more; ++j)
      if ((static_cast<unsigned char>(bytes[k + j]) & 0xC0) != 0x80) valid = false;
    k += more + 1;
  }
  if (converted) *converted = !valid;
  if (valid) return std::string(bytes);
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 8);
  for (char ch : bytes) {
    const unsigned char b = static_cast<unsigned char>(ch);
    if (b < 0x80) {
      out += ch;
    } else {
      out += char(0xC0 | (b >> 6));
      out += char(0x80 | (b & 0x3F));
    }
  }
  return out;
}

std::string pgn_escape(std::string_view value) {
  std::string s;
  for (char c : value) {
    if (c == '"' || c == '\\') s += '\\';
    if (c == '\n' || c == '\r') c = ' ';
    s += c;
  }
  return s;
}

}  // namespace taper
