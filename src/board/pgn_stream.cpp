// SPDX-License-Identifier: GPL-3.0-or-later
// PgnStream: one game's text at a time (board/pgn_stream.hpp).
#include "board/pgn_stream.hpp"

#include <cctype>

namespace taper {

namespace {

/// `[Name "` at the start of a line: where read_pgn() begins the next game once moves were read.
bool tag_line(const std::string& line) {
  if (line.empty() || line[0] != '[') return false;
  size_t j = 1;
  while (j < line.size() && (std::isalnum(static_cast<unsigned char>(line[j])) || line[j] == '_')) ++j;
  if (j == 1) return false;
  while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
  return j < line.size() && line[j] == '"';
}

/// A line holding movetext (moves, comments, results): anything but blanks, tags and % escapes.
bool movetext_line(const std::string& line) {
  if (line.empty() || line[0] == '%' || tag_line(line)) return false;
  for (char c : line)
    if (!std::isspace(static_cast<unsigned char>(c))) return true;
  return false;
}

}  // namespace

PgnStream::PgnStream(std::istream& in) : nextLine_([&in](std::string& line) { return bool(std::getline(in, line)); }) {}

bool PgnStream::read_chunk() {
  chunk_.clear();
  chunkFirstLine_ = lineNumber_ + 1 - (havePending_ ? 1 : 0);
  bool movetext = false;
  if (havePending_) {
    chunk_ = pending_ + "\n";
    havePending_ = false;
  }
  std::string line;
  while (nextLine_(line)) {
    ++lineNumber_;
    if (movetext && tag_line(line)) {
      pending_ = line;
      havePending_ = true;
      break;
    }
    movetext = movetext || movetext_line(line);
    chunk_ += line;
    chunk_ += '\n';
  }
  return !chunk_.empty();
}

bool PgnStream::next(PgnGame& game) {
  while (nextReady_ >= ready_.size()) {
    ready_.clear();
    nextReady_ = 0;
    if (!read_chunk()) return false;
    bool converted = false;
    ready_ = read_pgn(pgn_text_as_utf8(chunk_, &converted));
    latin1_ = latin1_ || converted;
    // Numbers and lines over the whole file, not the chunk.
    const int shift = chunkFirstLine_ - 1;
    for (PgnGame& g : ready_) {
      g.number = ++games_;
      g.line += shift;
      if (g.errorLine) g.errorLine += shift;
      for (PgnMove& m : g.moves) m.line += shift;
    }
  }
  game = std::move(ready_[nextReady_++]);
  return true;
}

}  // namespace taper
