// SPDX-License-Identifier: GPL-3.0-or-later
// The review said on a terminal: a table of accuracy and marks per player, then the three moves
// that cost the most, each with its reason.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "board/notation.hpp"
#include "review/review.hpp"

namespace taper {

std::string left_theory_text(const GameReview& r) {
  const int ply = r.book.leftTheory;
  if (ply < 0 || size_t(ply) >= r.moves.size()) return "";
  const MoveReview& m = r.moves[size_t(ply)];
  return "move " + std::to_string(std::atoi(m.numbered.c_str())) + " (" + m.numbered + ")";
}

std::string review_summary_text(const GameReview& r) {
  const PgnGame& g = *r.game;
  std::string s = g.title() + "   " + g.result + "\n";
  if (r.book.plies > 0 || !r.book.name.empty()) {
    s += "Opening: " + (r.book.name.empty() ? std::string("book") : r.book.eco + " " + r.book.name) + " (book for " +
         std::to_string(r.book.plies) + " plies, not marked";
    const std::string left = left_theory_text(r);
    s += left.empty() ? ")\n" : "; left theory at " + left + ")\n";
  }
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-28s %8s %5s %6s %6s %6s\n", "", "accuracy", "ACPL", "?!", "?", "??");
  s += buf;
  for (Color c : {WHITE, BLACK}) {
    const PlayerSummary& p = r.players[c];
    std::string name = std::string(c == WHITE ? "White " : "Black ") + g.tag(c == WHITE ? "White" : "Black");
    if (name.size() > 28) name = name.substr(0, 27) + ".";
    std::snprintf(buf, sizeof buf, "%-28s %7.0f%% %5d %6d %6d %6d\n", name.c_str(), p.accuracy, p.acpl, p.inaccuracies, p.mistakes,
                  p.blunders);
    s += p.moves ? buf : (name + "   no moves\n");
  }
  // chess.com's classes, the ones that occur, and the errors made short of time when clocks exist.
  for (Color c : {WHITE, BLACK}) {
    std::string classes;
    for (size_t k = 0; k < MoveClassCount; ++k)
      if (r.players[c].classes[k]) classes += (classes.empty() ? " " : ", ") + std::to_string(r.players[c].classes[k]) + " " + move_class_name(MoveClass(k));
    if (!classes.empty()) s += std::string(c == WHITE ? "White:" : "Black:") + classes + "\n";
  }
  if (r.hasClocks) {
    std::snprintf(buf, sizeof buf, "Mistakes and blunders in time trouble: White %d, Black %d\n", r.players[WHITE].timeTroubleErrors,
                  r.players[BLACK].timeTroubleErrors);
    s += buf;
  }
  std::vector<const MoveReview*> marked;
  for (const MoveReview& m : r.moves)
    if (m.mark != Mark::None) marked.push_back(&m);
  // The mark first: a missed mate while five pawns up is a blunder with a small drop in chances
  // (the mate rules), and it is still worse than an inaccuracy.
  std::stable_sort(marked.begin(), marked.end(), [](auto* a, auto* b) {
    if (a->mark != b->mark) return a->mark > b->mark;
    return a->chancesBefore - a->chancesAfter > b->chancesBefore - b->chancesAfter;
  });
  if (marked.empty()) {
    s += "No move lost enough to be marked.\n";
  } else {
    s += "Worst moves:\n";
    const std::vector<Position>& positions = r.positions;
    for (size_t k = 0; k < marked.size() && k < 3; ++k) {
      const MoveReview& m = *marked[k];
      std::snprintf(buf, sizeof buf, "  %s%s (%s): the mover's chances %.0f%% -> %.0f%%. ", m.numbered.c_str(), mark_glyph(m.mark),
                    mark_name(m.mark), m.chancesBefore, m.chancesAfter);
      s += buf;
      s += m.reason.empty() ? numbered_line(positions[size_t(m.ply)], m.bestLine, 1) + " was best." : m.reason;
      s += "\n";
    }
  }
  if (!r.finalLabel.empty()) s += "Final position: " + r.finalLabel + ".\n";
  return s;
}

}  // namespace taper
