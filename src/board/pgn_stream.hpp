// SPDX-License-Identifier: GPL-3.0-or-later
// PGN read one game at a time from a stream, for files too large to hold at once (`taper report`
// over a player's whole archive): the text of one game is cut off at the tag line that follows
// its moves, the same place read_pgn() ends a game, and read with read_pgn(), so each game is
// read exactly as read_pgn() reads it, with its number and lines counted over the whole file.
// The one reader of PGN files: the review, the report and the tuner's match games
// (tune/pgn_scores.hpp) all take their games from here.
#pragma once

#include <functional>
#include <istream>
#include <string>

#include "board/pgn.hpp"

namespace taper {

class PgnStream {
 public:
  /// Reads the lines of `in`.
  explicit PgnStream(std::istream& in);
  /// Reads the lines `nextLine` hands out (false at the end): a decompressing reader's, say.
  explicit PgnStream(std::function<bool(std::string&)> nextLine) : nextLine_(std::move(nextLine)) {}
  /// The next game (numbered from 1 over the whole stream, its lines the file's); false at the end.
  bool next(PgnGame& game);
  /// Whether any game's text was not UTF-8 and was read as Latin-1 (pgn_text_as_utf8).
  bool latin1() const { return latin1_; }

 private:
  /// Reads the text of the next game into `chunk_` (with the first line of the following one
  /// kept in `pending_`); false when the stream holds nothing more.
  bool read_chunk();

  std::function<bool(std::string&)> nextLine_;
  std::string pending_;       // a tag line read ahead: the start of the next game
  bool havePending_ = false;
  int lineNumber_ = 0;        // lines read so far
  int chunkFirstLine_ = 1;    // the file's line of chunk_'s first line
  std::string chunk_;
  std::vector<PgnGame> ready_;  // games read from the current chunk, not yet handed out (usually one)
  size_t nextReady_ = 0;
  int games_ = 0;
  bool latin1_ = false;
};

}  // namespace taper
