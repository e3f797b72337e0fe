// SPDX-License-Identifier: GPL-3.0-or-later
// Reading labelled positions: plain, gzip and xz text files, and the line formats engine authors use.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace taper::tune {

/// Reads a text file line by line, plain or compressed: gzip (zlib) and xz (liblzma) are
/// recognised by their magic bytes, whatever the file is called. "\r\n" and a missing final
/// newline are accepted.
class LineReader {
 public:
  explicit LineReader(const std::string& path);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  /// False if the file could not be opened; error() says why.
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  /// "plain", "gzip" or "xz".
  const char* format() const;
  /// The next line without its end-of-line characters; false at the end of the input or on a
  /// read error (then error() is set).
  bool next(std::string& line);

  struct Source;  // the byte source behind the reader (plain/gzip or xz)

 private:
  bool refill();

  std::unique_ptr<Source> source_;
  std::string error_;
  std::vector<char> buffer_;
  size_t begin_ = 0, end_ = 0;
  bool eof_ = false;
};

/// One labelled position as written in a data file. The result is the game's outcome from
/// White's point of view (1 = White won), whatever the side to move.
struct LabelledPosition {
  std::string fen;
  double result = 0.5;
  bool hasScore = false;  ///< the line carries a search score (Taper's datagen format)
  int score = 0;          ///< that score, centipawns from White's point of view
};

enum class LineStatus { Position, Blank, Bad };

/// Parses one line in any of the formats the tuner reads:
///   `FEN [1.0]` / `[0.5]` / `[0.0]`, optionally followed by a score (Ethereal's data dumps);
///   `EPD c9 "1-0";` (`"0-1"`, `"1/2-1/2"`; Zurichess quiet-labeled; any opcode holding a
///   quoted result is accepted);
///   `FEN | score | result` with result 1.0 / 0.5 / 0.0 or 1-0 / 0-1 / 1/2-1/2 (Taper's
///   datagen output; the same layout as Marlinflow's text files).
/// FENs may have 4 to 6 fields. Blank lines and lines starting with '#' are Blank. The FEN
/// itself is not validated here (Position::set does that when the position is loaded).
LineStatus parse_labelled_line(std::string_view line, LabelledPosition& out, std::string* error = nullptr);

/// Writes one position in Taper's datagen format (parse_labelled_line reads it back).
std::string format_datagen_line(const std::string& fen, int whiteScore, double result);

/// The "# game R" line (no newline) that ends each game's positions in datagen and pgn-data output
/// (R = 1-0, 0-1 or 1/2-1/2 from `result`, White's score), so a file tells how many games it holds.
std::string format_game_end_line(double result);

}  // namespace taper::tune
