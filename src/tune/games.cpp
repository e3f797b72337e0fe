// SPDX-License-Identifier: GPL-3.0-or-later
// Game identity of data lines: `# game` markers, or game boundaries detected in whole-game files.
#include "tune/games.hpp"

#include <cctype>
#include <cstdlib>

#include "tune/input.hpp"

namespace taper::tune {

namespace {

std::string_view trim_left(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  return s;
}

std::string_view next_field(std::string_view& s) {
  s = trim_left(s);
  size_t n = 0;
  while (n < s.size() && !std::isspace(static_cast<unsigned char>(s[n]))) ++n;
  const std::string_view f = s.substr(0, n);
  s.remove_prefix(n);
  return f;
}

uint64_t fnv1a(std::string_view s) {
  uint64_t h = 1469598103934665603ull;
  for (char c : s) h = (h ^ uint8_t(c)) * 1099511628211ull;
  return h;
}

uint64_t mix(uint64_t x) {  // splitmix64 finaliser
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

bool is_game_end_line(std::string_view line) {
  line = trim_left(line);
  if (line.substr(0, 6) != "# game") return false;
  return line.size() == 6 || std::isspace(static_cast<unsigned char>(line[6]));
}

bool file_marks_games(const std::string& path, size_t maxLines) {
  LineReader reader(path);
  std::string line;
  for (size_t n = 0; n < maxLines && reader.next(line); ++n)
    if (is_game_end_line(line)) return true;
  return false;
}

void GameTracker::parse(std::string_view fen, double result, Point& out) {
  out = Point{};
  out.result = result;
  const std::string_view board = next_field(fen), side = next_field(fen);
  next_field(fen);  // castling
  next_field(fen);  // en passant
  const std::string_view half = next_field(fen), full = next_field(fen);
  for (char c : board) {
    if (!std::isalpha(static_cast<unsigned char>(c))) continue;
    const int colour = std::isupper(static_cast<unsigned char>(c)) ? 0 : 1;
    ++out.men[colour];
    out.pawns[colour] += c == 'P' || c == 'p';
  }
  if (!half.empty() && !full.empty() && std::isdigit(static_cast<unsigned char>(full[0]))) {
    const int move = std::atoi(std::string(full).c_str());
    out.ply = 2 * (move - 1) + (side == "b");
  }
}

bool GameTracker::follows(const Point& before, const Point& after) {
  if (after.result != before.result) return false;
  if (after.ply >= 0 && before.ply >= 0 && after.ply <= before.ply) return false;
  for (int c = 0; c < 2; ++c)
    if (after.pawns[c] > before.pawns[c] || after.men[c] > before.men[c]) return false;
  return true;
}

void GameTracker::start(std::string_view firstLine) {
  current_.number = started_++;
  current_.key = mix(fnv1a(firstLine) ^ mix(current_.number));
  open_ = true;
}

GameId GameTracker::line(std::string_view text) {
  const std::string_view l = trim_left(text);
  if (is_game_end_line(l)) {
    open_ = false;
    return current_;
  }
  if (l.empty() || l[0] == '#') return current_;
  // With markers only a `# game` line closes a game (a position replaced by the end of its label
  // search's principal variation may lie later in the game than the next one), and nothing else
  // of the line matters.
  if (markers_) {
    if (!open_) start(l);
    return current_;
  }
  LabelledPosition lp;
  if (parse_labelled_line(l, lp) != LineStatus::Position) return current_;
  Point p;
  parse(lp.fen, lp.result, p);
  if (!open_ || !follows(last_, p)) start(l);
  last_ = p;
  return current_;
}

}  // namespace taper::tune
