// SPDX-License-Identifier: GPL-3.0-or-later
// The players' clocks in a reviewed game: the `[%clk H:MM:SS]` commands lichess and chess.com
// write into their PGN exports (the clock left after each move), the time control from the
// `TimeControl` tag ("300+3"; "10+0.1" as fastchess and Cute Chess write engine games), and from
// them the time each move took. Anything missing or garbled
// is unknown (-1), never an error: a review does not need the clocks.
#include <cctype>

#include "review/review.hpp"

namespace taper {

namespace {

/// A run of at most 9 digits at `s[at]` (more would be no clock a game has); -1 when none.
int64_t digits(std::string_view s, size_t& at) {
  int64_t n = 0;
  size_t k = 0;
  while (at < s.size() && std::isdigit(static_cast<unsigned char>(s[at])) && k < 10) n = n * 10 + (s[at++] - '0'), ++k;
  return k == 0 || k > 9 ? -1 : n;
}

/// Seconds at `s[at]`, whole ("300") or with a fraction ("0.1", as engine matches write them),
/// in milliseconds; -1 when there are none. A fraction finer than a millisecond is cut off.
int64_t seconds_ms(std::string_view s, size_t& at) {
  const int64_t whole = digits(s, at);
  if (whole < 0) return -1;
  int64_t ms = whole * 1000;
  if (at < s.size() && s[at] == '.') {
    const size_t from = ++at;
    for (int64_t scale = 100; at < s.size() && std::isdigit(static_cast<unsigned char>(s[at])); ++at, scale /= 10)
      ms += (s[at] - '0') * scale;
    if (at == from) return -1;
  }
  return ms;
}

}  // namespace

TimeControl parse_time_control(std::string_view tag) {
  TimeControl tc;
  // A multi-period control ("40/7200:3600") starts with its first period's moves and seconds.
  const size_t colon = tag.find(':');
  std::string_view first = tag.substr(0, colon);
  if (const size_t slash = first.find('/'); slash != std::string_view::npos) first = first.substr(slash + 1);
  size_t at = 0;
  const int64_t base = seconds_ms(first, at);
  if (base < 0) return tc;
  int64_t increment = 0;
  if (at < first.size()) {
    if (first[at] != '+') return tc;
    increment = seconds_ms(first, ++at);
    if (increment < 0 || at != first.size()) return tc;
  }
  tc.baseMs = base;
  tc.incrementMs = increment;
  return tc;
}

int64_t parse_clock_ms(std::string_view comment) {
  const size_t found = comment.find("[%clk");
  if (found == std::string_view::npos) return -1;
  size_t at = found + 5;
  while (at < comment.size() && comment[at] == ' ') ++at;
  // H:MM:SS or M:SS, then an optional fraction of a second (chess.com writes tenths).
  int64_t parts[3];
  int count = 0;
  for (;;) {
    const int64_t n = digits(comment, at);
    if (n < 0) return -1;
    parts[count++] = n;
    if (at < comment.size() && comment[at] == ':' && count < 3) {
      ++at;
      continue;
    }
    break;
  }
  if (count < 2 || parts[count - 1] >= 60 || (count == 3 && parts[1] >= 60)) return -1;
  int64_t ms = 0;
  for (int k = 0; k < count; ++k) ms = ms * 60 + parts[k];
  ms *= 1000;
  if (at < comment.size() && comment[at] == '.') {
    ++at;
    int64_t scale = 100;
    const size_t from = at;
    while (at < comment.size() && std::isdigit(static_cast<unsigned char>(comment[at]))) {
      ms += (comment[at++] - '0') * scale;
      scale /= 10;
    }
    if (at == from) return -1;
  }
  while (at < comment.size() && comment[at] == ' ') ++at;
  return at < comment.size() && comment[at] == ']' ? ms : -1;
}

std::vector<MoveClock> game_clocks(const PgnGame& game, const TimeControl& tc) {
  std::vector<MoveClock> out(game.moves.size());
  if (game.moves.empty()) return out;
  // Each side's clock after its last move; before its first, the control's starting clock.
  int64_t last[COLOR_NB] = {tc.baseMs, tc.baseMs};
  const Color first = game.start_position().side_to_move();
  for (size_t i = 0; i < game.moves.size(); ++i) {
    const Color mover = i % 2 == 0 ? first : ~first;
    MoveClock& c = out[i];
    for (const std::string& comment : game.moves[i].comments)
      if (const int64_t ms = parse_clock_ms(comment); ms >= 0) c.clockMs = ms;
    // The increment is added after the move: spent = before - after + increment. A negative
    // result means the clock was set by hand (or the comment is wrong): unknown.
    if (c.clockMs >= 0 && last[mover] >= 0) {
      const int64_t spent = last[mover] - c.clockMs + tc.incrementMs;
      c.spentMs = spent >= 0 ? spent : -1;
    }
    last[mover] = c.clockMs;
  }
  return out;
}

bool in_time_trouble(int64_t clockMs, const TimeControl& tc) {
  if (clockMs < 0) return false;
  return tc.baseMs > 0 ? clockMs * 100 < tc.baseMs * TimeTroublePercent : clockMs < TimeTroubleMs;
}

}  // namespace taper
