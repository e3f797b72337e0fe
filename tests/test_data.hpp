// SPDX-License-Identifier: GPL-3.0-or-later
// Locating and reading test data: the repository's own tests/data (perft and EPD suites, books,
// the 3-4-man Syzygy tables; provenance in tests/data/README.md), and optional larger data
// (tuning sets) in $TAPER_DATA or the configured folder beside the repository.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace taper::testing {

/// The folders searched, in order: tests/data (always there in a checkout), $TAPER_DATA, and the
/// optional folder CMake was given (TAPER_DATA_DIR, by default shared/data beside the repository).
inline std::vector<std::string> data_folders() {
  std::vector<std::string> folders{TAPER_TEST_DATA_DIR};
  if (const char* env = std::getenv("TAPER_DATA")) folders.emplace_back(env);
  folders.emplace_back(TAPER_DATA_DIR);
  return folders;
}

/// Path of a data file or folder: the first folder that holds it, else where the repository's
/// copy would be (so that a message names the expected place).
inline std::string data_path(const std::string& relative) {
  for (const std::string& folder : data_folders())
    if (std::filesystem::exists(folder + "/" + relative)) return folder + "/" + relative;
  return std::string(TAPER_TEST_DATA_DIR) + "/" + relative;
}

/// Whether any data folder holds the file: false for the optional larger data on a machine that
/// has only the repository.
inline bool have_data(const std::string& relative) {
  return std::filesystem::exists(data_path(relative));
}

/// Non-empty lines of a data file (CRLF tolerated). Fails the test if the file is missing.
inline std::vector<std::string> read_lines(const std::string& relative) {
  std::ifstream in(data_path(relative));
  EXPECT_TRUE(in.good()) << "missing data file " << data_path(relative);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

/// Environment integer with a default (lets CI and developers scale the slow tests).
inline long env_long(const char* name, long fallback) {
  const char* v = std::getenv(name);
  return v ? std::atol(v) : fallback;
}

}  // namespace taper::testing

/// Skips the current test, naming the file, when optional data (not kept in tests/data) is absent.
#define TAPER_SKIP_WITHOUT_DATA(relative)                                                                        \
  do {                                                                                                           \
    if (!taper::testing::have_data(relative))                                                                    \
      GTEST_SKIP() << "needs the data file '" << (relative)                                                      \
                   << "', which is not kept in tests/data: set TAPER_DATA to a folder holding it";              \
  } while (0)
