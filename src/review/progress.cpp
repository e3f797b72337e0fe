// SPDX-License-Identifier: GPL-3.0-or-later
// The review's progress bar: "[########------------]  34/80 positions  0:42 left" on stderr.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string_view>

#include "search/timeman.hpp"
#include "review/review.hpp"

namespace taper {

ReviewProgress::ReviewProgress(int total, const ReviewLimits& limits)
    : tty_(isatty(2) != 0), total_(std::max(1, total)), limits_(limits), startMs_(now_ms()) {}

int64_t review_time_left_ms(const ReviewLimits& limits, int done, int total, int64_t elapsedMs) {
  const int remaining = std::max(0, total - done), workers = std::max(1, limits.threads);
  // The pace measured, once every worker has finished a position (before that, the first
  // positions' times say little about all the workers together).
  if (done >= workers) return elapsedMs * remaining / done;
  // A movetime is an upper bound: the engine stops early on a stable best move, at about 0.75
  // of it on average (docs/REVIEW.md). A node limit says nothing about time until one is done.
  return limits.nodes ? 0 : int64_t(remaining) * limits.moveTimeMs * 3 / 4 / workers;
}

void ReviewProgress::update(int done) {
  if (!tty_) return;
  constexpr int Cells = 30;
  const int filled = done * Cells / total_;
  const int64_t leftMs = review_time_left_ms(limits_, done, total_, now_ms() - startMs_);
  const int64_t secs = (leftMs + 999) / 1000;
  char line[160];
  std::snprintf(line, sizeof line, "\r[%.*s%.*s] %4d/%d positions  %lld:%02lld left ", filled,
                "##############################", Cells - filled, "------------------------------", done, total_,
                static_cast<long long>(secs / 60), static_cast<long long>(secs % 60));
  width_ = std::max(width_, int(std::string_view(line).size()));
  std::fputs(line, stderr);
  std::fflush(stderr);
}

void ReviewProgress::finish() {
  if (!tty_ || !width_) return;
  std::fprintf(stderr, "\r%*s\r", width_, "");
  std::fflush(stderr);
}

}  // namespace taper
