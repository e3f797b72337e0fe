// SPDX-License-Identifier: GPL-3.0-or-later
// The `Debug Log File` option: a timestamped copy of the whole UCI dialogue, both directions.
#pragma once

#include <fstream>
#include <mutex>
#include <string>

namespace taper {

class DebugLog {
 public:
  /// Starts logging to `path` (appending), or stops when it is empty. Returns an error message,
  /// or empty on success; on error the previous log (if any) is closed.
  std::string open(const std::string& path);
  /// Records what the engine read (">>", from the GUI) or wrote ("<<", to the GUI), as Stockfish's
  /// log does; several lines in `text` are recorded one by one. Safe to call from any thread.
  void incoming(const std::string& text) { write(">>", text); }
  void outgoing(const std::string& text) { write("<<", text); }

 private:
  void write(const char* direction, const std::string& text);
  std::mutex mutex_;
  std::ofstream file_;
  bool active_ = false;  // mirrors file_.is_open(), readable without the lock
};

}  // namespace taper
