// SPDX-License-Identifier: GPL-3.0-or-later
// Locating and reading the shared test data (../shared/data), never copied into the repository.
#pragma once

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace taper::testing {

/// Path of a file under the shared data folder; $TAPER_DATA overrides the configured folder.
inline std::string data_path(const std::string& relative) {
  const char* env = std::getenv("TAPER_DATA");
  return std::string(env ? env : TAPER_DATA_DIR) + "/" + relative;
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
