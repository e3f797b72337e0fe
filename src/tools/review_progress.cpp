// SPDX-License-Identifier: GPL-3.0-or-later
// The review's progress bar: "[########------------]  34/80 positions  0:42 left" on stderr.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string_view>

#include "search/timeman.hpp"
#include "tools/review.hpp"

namespace taper::tools {

ReviewProgress::ReviewProgress(int total, const ReviewLimits& limits)
    : tty_(isatty(2) != 0), total_(std::max(1, total)), limits_(limits), startMs_(now_ms()) {}

void ReviewProgress::update(int done) {
  if (!tty_) return;
  constexpr int Cells = 30;
  const int filled = done * Cells / total_;
  // Time left: with a time per position it is known; with a node limit, extrapolated.
  const int64_t elapsed = now_ms() - startMs_;
  const int remaining = total_ - done;
  int64_t leftMs = 0;
  if (!limits_.nodes) leftMs = int64_t(remaining) * limits_.moveTimeMs / std::max(1, limits_.threads);
  else if (done > 0) leftMs = elapsed * remaining / done;
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

}  // namespace taper::tools
