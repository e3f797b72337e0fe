// SPDX-License-Identifier: GPL-3.0-or-later
// Small helpers shared by the tuning subcommands (`tune`, `datagen`, `pgn-data`): time stamps, printf into
// a string, and finding data files by name in the data folders.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace taper::tools {

/// The current UTC time as "YYYY-MM-DD HH:MM UTC", for provenance lines.
std::string utc_now();

/// "taper NAME ARGS...  (Taper COMMIT)": the provenance line a data file starts with (an
/// argument with a blank or a quote in single quotes).
std::string command_line_header(const std::string& name, const std::vector<std::string>& args);

/// printf into a std::string (lines up to 511 characters).
std::string fmt(const char* f, auto... args) {
  char buf[512];
  std::snprintf(buf, sizeof buf, f, args...);
  return buf;
}

/// `path` itself if it exists, else the file of that name in `folder` (books, tuning) of the data
/// folders: $TAPER_DATA, then those of a build from source (the repository's tests/data and the
/// optional larger-data folder beside it); `path` unchanged if none has it.
std::string find_data_file(const std::string& path, const char* folder);

}  // namespace taper::tools
