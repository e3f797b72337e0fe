// SPDX-License-Identifier: GPL-3.0-or-later
// The opening of a reviewed game, by lichess's table of named openings (src/review/openings/,
// CC0): every line of the table replayed into its positions once, indexed by position key, so
// that a game is named by the deepest named position it reaches, whatever the move order (as
// lichess names games), and its moves are book while every position they reach is on a line of
// the table. An engine's search at a second a move prefers one of several equal developing
// moves, and a player should not be told that 4.Ba4 in the Ruy Lopez was an inaccuracy.
#include <algorithm>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "board/notation.hpp"
#include "review/openings_data.hpp"
#include "review/review.hpp"

namespace taper {

namespace {

struct NamedOpening {
  std::string eco, name;
};

struct OpeningTable {
  std::unordered_map<Key, NamedOpening> named;  // the position each line ends in
  std::unordered_set<Key> onLines;              // every position of every line: theory
  std::vector<std::string> notReplaying;        // "eco name: pgn" of the lines that do not replay
  int deepestPly = 0;
};

/// Replays `pgn` ("1. e4 c5 2. Nf3") from the start position; false at the first word that is
/// not a legal move (move numbers are skipped).
bool replay_line(const std::string& pgn, OpeningTable& table, Key& endKey, int& plies) {
  Position pos;
  std::istringstream words(pgn);
  plies = 0;
  for (std::string word; words >> word;) {
    if (word.back() == '.') continue;  // "1." and "12."
    const Move m = parse_san_move(pos, word);
    if (m == Move::none()) return false;
    pos.do_move(m);
    ++plies;
    table.onLines.insert(pos.key());
  }
  endKey = pos.key();
  return plies > 0;
}

const OpeningTable& opening_table() {
  static const OpeningTable table = [] {
    OpeningTable t;
    for (std::string_view text : OpeningTables) {
      std::istringstream rows{std::string(text)};
      std::string row;
      std::getline(rows, row);  // the header: eco, name, pgn
      while (std::getline(rows, row)) {
        if (!row.empty() && row.back() == '\r') row.pop_back();
        const size_t tab1 = row.find('\t'), tab2 = tab1 == std::string::npos ? tab1 : row.find('\t', tab1 + 1);
        if (tab2 == std::string::npos) continue;
        NamedOpening opening{row.substr(0, tab1), row.substr(tab1 + 1, tab2 - tab1 - 1)};
        Key key = 0;
        int plies = 0;
        if (!replay_line(row.substr(tab2 + 1), t, key, plies)) {
          t.notReplaying.push_back(opening.eco + " " + opening.name + ": " + row.substr(tab2 + 1));
          continue;
        }
        t.deepestPly = std::max(t.deepestPly, plies);
        t.named.emplace(key, std::move(opening));  // a position named twice keeps its first name
      }
    }
    return t;
  }();
  return table;
}

}  // namespace

std::vector<std::string> opening_lines_not_replaying() { return opening_table().notReplaying; }

size_t opening_table_size() { return opening_table().named.size(); }

BookPrefix book_prefix(const PgnGame& game) {
  BookPrefix out;
  if (game.startFen != Position::StartFen || game.chess960) return out;
  const OpeningTable& table = opening_table();
  Position pos = game.start_position();
  bool inTheory = true;
  for (size_t i = 0; i < game.moves.size() && int(i) < table.deepestPly; ++i) {
    pos.do_move(game.moves[i].move);
    inTheory = inTheory && table.onLines.count(pos.key());
    if (inTheory) out.plies = int(i) + 1;
    // The deepest named position reached, even after a detour (a transposition back into a line).
    if (const auto named = table.named.find(pos.key()); named != table.named.end()) {
      out.eco = named->second.eco;
      out.name = named->second.name;
    }
  }
  out.leftTheory = out.plies < int(game.moves.size()) ? out.plies : -1;
  return out;
}

}  // namespace taper
