// SPDX-License-Identifier: GPL-3.0-or-later
// The annotated PGN of a review, in the shape lichess exports and GUIs read: the game's tags and
// moves, `{ [%eval 0.35] }` after every move, marks as NAGs ($6 ?!, $2 ?, $4 ??; $1 ! for a Great move), the reason and
// the best line (as a variation) at each mistake and blunder, a summary before the first move.
// The player's own comments are kept (old [%eval] commands dropped); their variations and NAGs are
// not, so that what a GUI shows is the review.
#include <cstdio>

#include "board/notation.hpp"
#include "review/review.hpp"
#include "uci/version.hpp"

namespace taper {

namespace {

/// Movetext lines of at most 79 characters, broken between words; an `[%eval ...]` command is one word.
class Wrapper {
 public:
  void word(const std::string& w) {
    if (!line_.empty() && line_.size() + 1 + w.size() > 79) flush();
    // A line that begins with '%' is an escape line to a reader, one that begins with '[' a tag
    // pair: a comment's word never starts a line so.
    if (line_.empty() && !w.empty() && (w[0] == '%' || w[0] == '[')) line_ = " ";
    if (!line_.empty() && line_ != " ") line_ += ' ';
    line_ += w;
  }
  /// A comment, its words wrapped like the rest; braces inside become parentheses.
  void comment(const std::string& text) {
    std::string clean = text;
    for (char& c : clean)
      if (c == '{') c = '(';
      else if (c == '}') c = ')';
      else if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    std::vector<std::string> words{"{"};
    for (size_t i = 0; i < clean.size();) {
      if (clean[i] == ' ') {
        ++i;
        continue;
      }
      size_t end = clean.compare(i, 2, "[%") == 0 ? clean.find(']', i) : std::string::npos;
      end = end == std::string::npos ? clean.find(' ', i) : end + 1;
      if (end == std::string::npos) end = clean.size();
      words.push_back(clean.substr(i, end - i));
      i = end;
    }
    words.push_back("}");
    for (const std::string& w : words) word(w);
  }
  std::string finish() {
    flush();
    return out_;
  }

 private:
  void flush() {
    if (!line_.empty()) out_ += line_ + "\n";
    line_.clear();
  }
  std::string line_, out_;
};

/// A comment without its [%eval ...] commands (the review writes its own).
std::string without_eval(const std::string& comment) {
  std::string s = comment;
  for (size_t at; (at = s.find("[%eval")) != std::string::npos;) {
    const size_t end = s.find(']', at);
    s.erase(at, end == std::string::npos ? std::string::npos : end - at + 1);
  }
  const size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

/// Moves in PGN movetext ("19... Be7 20. O-O"), for a variation.
void write_line(Wrapper& w, Position pos, const std::vector<Move>& moves, size_t maxPlies) {
  for (size_t k = 0; k < moves.size() && k < maxPlies; ++k) {
    if (!pos.is_pseudo_legal(moves[k]) || !pos.is_legal(moves[k])) break;
    const int number = pos.game_ply() / 2 + 1;
    if (pos.side_to_move() == WHITE) w.word(std::to_string(number) + ".");
    else if (k == 0) w.word(std::to_string(number) + "...");
    w.word(move_to_san(pos, moves[k]));
    pos.do_move(moves[k]);
  }
}

std::string player(const PgnGame& g, Color c) {
  const std::string name = g.tag(c == WHITE ? "White" : "Black");
  return c == WHITE ? "White" + (name.empty() || name == "?" ? "" : " (" + name + ")")
                    : "Black" + (name.empty() || name == "?" ? "" : " (" + name + ")");
}

std::string counts(const PlayerSummary& p) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "accuracy %.0f%%, ACPL %d, %d inaccurac%s, %d mistake%s, %d blunder%s", p.accuracy, p.acpl, p.inaccuracies,
                p.inaccuracies == 1 ? "y" : "ies", p.mistakes, p.mistakes == 1 ? "" : "s", p.blunders, p.blunders == 1 ? "" : "s");
  return buf;
}

}  // namespace

std::string annotated_pgn(const GameReview& r) {
  const PgnGame& g = *r.game;
  std::string out;
  bool annotator = false, eco = false, opening = false;
  for (const auto& [name, value] : g.tags) {
    out += "[" + name + " \"" + pgn_escape(value) + "\"]\n";
    annotator |= name == "Annotator";
    eco |= name == "ECO";
    opening |= name == "Opening";
  }
  // The opening by lichess's table, where the player's own tags do not say it already.
  if (!eco && !r.book.eco.empty()) out += "[ECO \"" + pgn_escape(r.book.eco) + "\"]\n";
  if (!opening && !r.book.name.empty()) out += "[Opening \"" + pgn_escape(r.book.name) + "\"]\n";
  if (!annotator) out += "[Annotator \"" + pgn_escape(engine_name()) + "\"]\n";
  out += "\n";

  Wrapper w;
  std::string summary = "Reviewed by " + engine_name() + (r.method.empty() ? "" : ", " + r.method) + ". " + player(g, WHITE) + ": " + counts(r.players[WHITE]) + ". " +
                        player(g, BLACK) + ": " + counts(r.players[BLACK]) + ".";
  if (!r.book.name.empty()) summary += " Opening: " + r.book.eco + " " + r.book.name + ".";
  if (const std::string left = left_theory_text(r); !left.empty()) summary += " Left theory at " + left + ".";
  // One comment before the first move and one after each move, as lichess writes them: a reader
  // such as chess.js (the web page's) refuses two comments in a row.
  std::string before;
  for (const std::string& c : g.comments)
    if (!without_eval(c).empty()) before += without_eval(c) + " ";
  w.comment(before + summary);

  const std::vector<Position>& positions = r.positions;
  bool needNumber = true;
  for (size_t i = 0; i < r.moves.size() && i < g.moves.size(); ++i) {
    const MoveReview& m = r.moves[i];
    const Position& pos = positions[i];
    const int number = pos.game_ply() / 2 + 1;
    if (m.mover == WHITE) w.word(std::to_string(number) + ".");
    else if (needNumber) w.word(std::to_string(number) + "...");
    w.word(m.san);
    if (m.mark != Mark::None) w.word("$" + std::to_string(mark_nag(m.mark)));
    else if (m.moveClass == MoveClass::Great) w.word("$1");
    // The move's comment: the review's [%eval], then the player's own comments (their clocks,
    // their words; an [%eval] of theirs gives way to the review's), then the review's words.
    std::string own;
    for (const std::string& c : g.moves[i].comments)
      if (!without_eval(c).empty()) own += " " + without_eval(c);
    const PositionVerdict& after = r.verdicts[i + 1];
    std::string command, text;
    if (after.over) {
      command = after.score == VALUE_DRAW ? "[%eval 0.00]" : "";
      text = after.score == VALUE_DRAW ? " Stalemate." : " Checkmate.";
    } else {
      const Value white = positions[i + 1].side_to_move() == WHITE ? after.score : -after.score;
      command = "[%eval " + score_text(white, false) + "]";
      if (!m.label.empty()) text += " " + std::string(1, char(std::toupper(static_cast<unsigned char>(m.label[0])))) + m.label.substr(1) + ".";
    }
    if (m.book && (i + 1 == size_t(r.book.plies))) text += " End of theory" + (r.book.name.empty() ? std::string(".") : ": " + r.book.eco + " " + r.book.name + ".");
    const bool marked = m.mark != Mark::None;
    if (marked) {
      // A Miss keeps its mark's NAG ($6 or $2 by size) and says both.
      const std::string name = m.moveClass == MoveClass::Miss ? std::string("miss, ") + (m.mark == Mark::Inaccuracy ? "an " : "a ") + mark_name(m.mark)
                                                              : mark_name(m.mark);
      // The reason names the better move itself; without one (an inaccuracy), say which it was.
      text += " " + std::string(1, char(std::toupper(static_cast<unsigned char>(name[0])))) + name.substr(1) + ". " +
              (m.reason.empty() ? numbered_line(pos, m.bestLine, 1) + " was best." : m.reason);
    }
    if (m.moveClass == MoveClass::Great && r.verdicts[i].hasSecond)
      text += " Great move: the only one that keeps the chances (" + numbered_line(pos, {r.verdicts[i].second}, 1) + " was next best).";
    const std::string comment = command + own + text;
    w.comment(comment.substr(comment.find_first_not_of(' ')));
    needNumber = true;  // every move carries a comment, so Black's next move needs its number
    if (marked && m.mark >= Mark::Mistake && !m.bestLine.empty()) {
      w.word("(");
      write_line(w, pos, m.bestLine, 12);
      w.word(")");
    } else if (marked && !m.bestLine.empty()) {
      w.word("(");
      write_line(w, pos, m.bestLine, 6);
      w.word(")");
    }
  }
  w.word(g.result);
  return out + w.finish() + "\n";
}

}  // namespace taper
