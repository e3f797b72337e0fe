// SPDX-License-Identifier: GPL-3.0-or-later
// A PGN reader for games as players have them: tag pairs, SAN with check and glyph suffixes,
// move numbers, {brace} and ;line comments, nested (variations), $NAGs, SetUp/FEN starts,
// Chess960 (Variant tag, castling as O-O), results and "*". Every main-line move is replayed on a
// Position, so a game that is read is a game that can be searched. A broken game carries its
// error and line; the games after it are still read. Text that is not UTF-8 is read as Latin-1.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "board/position.hpp"

namespace taper {

/// One move of a game's main line.
struct PgnMove {
  Move move = Move::none();
  std::string san;                      ///< as the file wrote it, without check marks and glyphs
  std::vector<int> nags;                ///< $n and the glyphs written after the move (! ? !! ?? !? ?! = $1..$6)
  std::vector<std::string> comments;    ///< the {brace} and ;line comments after the move, in order
  std::vector<std::string> variations;  ///< each ( ... ) after the move: its text inside the parentheses
  int line = 0;                         ///< line of the file the move stands on (1-based)
};

struct PgnGame {
  int number = 0;  ///< 1-based position in the file
  int line = 0;    ///< line of its first tag or move
  std::vector<std::pair<std::string, std::string>> tags;  ///< in file order
  std::string startFen;                 ///< the FEN tag, or the standard start position
  bool chess960 = false;                ///< [Variant "Chess960"] (or Fischerandom, 960 ...)
  std::vector<std::string> comments;    ///< comments before the first move
  std::vector<PgnMove> moves;           ///< the main line, each replayed legally
  std::string result = "*";             ///< the termination marker (the Result tag's when it is missing or "*")
  std::string error;                    ///< why the game cannot be replayed; empty when it can
  int errorLine = 0;                    ///< where that is
  std::vector<std::string> warnings;    ///< read anyway, but worth saying (a missing result marker, one that disagrees with the tag)

  /// The value of tag `name` ("" when absent).
  std::string tag(std::string_view name) const;
  /// The position before the first move (with Chess960 castling when the game is Chess960).
  Position start_position() const;
  /// "Légal - Saint Brie, Paris 1750": players, site and year, for titles and messages.
  std::string title() const;
};

/// Every game in `text` (UTF-8 or Latin-1; see pgn_text_as_utf8). An empty result means the
/// text held no game at all.
std::vector<PgnGame> read_pgn(std::string_view text);

/// `bytes` as UTF-8: unchanged (minus a byte-order mark) when it is valid UTF-8, else every byte
/// read as Latin-1 (ISO 8859-1), the usual encoding of old PGN files. `converted` says which.
std::string pgn_text_as_utf8(std::string_view bytes, bool* converted = nullptr);

/// A tag value written as PGN wants it: quotes and backslashes escaped.
std::string pgn_escape(std::string_view value);

}  // namespace taper
