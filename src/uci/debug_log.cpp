// SPDX-License-Identifier: GPL-3.0-or-later
// Debug log: each line is "YYYY-MM-DD hh:mm:ss.mmm >>|<< text" in local time, flushed at once so
// the file is complete even if the engine is killed (the usual reason to read it).
#include "uci/debug_log.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace taper {

namespace {

std::string timestamp() {
  using namespace std::chrono;
  auto now = system_clock::now();
  std::time_t t = system_clock::to_time_t(now);
  int ms = int(duration_cast<milliseconds>(now.time_since_epoch()).count() % 1000);
  std::tm local{};
#ifdef _WIN32
  localtime_s(&local, &t);  // the Windows runtime's thread-safe localtime (arguments swapped)
#else
  localtime_r(&t, &local);
#endif
  char buf[40];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d:%02d.%03d", local.tm_year + 1900, local.tm_mon + 1,
                local.tm_mday, local.tm_hour, local.tm_min, local.tm_sec, ms);
  return buf;
}

}  // namespace

std::string DebugLog::open(const std::string& path) {
  std::lock_guard lock(mutex_);
  if (file_.is_open()) file_.close();
  active_ = false;
  if (path.empty()) return {};
  file_.clear();
  file_.open(path, std::ios::app);
  if (!file_) return "cannot open debug log file '" + path + "' for writing";
  active_ = true;
  return {};
}

void DebugLog::write(const char* direction, const std::string& text) {
  std::lock_guard lock(mutex_);
  if (!active_) return;
  std::string stamp = timestamp();
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string::npos ? text.size() : nl;
    file_ << stamp << ' ' << direction << ' ' << std::string_view(text).substr(start, end - start) << '\n';
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  file_.flush();
}

}  // namespace taper
