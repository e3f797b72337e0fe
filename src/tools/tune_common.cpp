// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers of the tuning subcommands (tools/tune_common.hpp).
#include "tools/tune_common.hpp"

#include <cstdlib>
#include <ctime>
#include <filesystem>

namespace taper::tools {

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
  return buf;
}

std::string find_data_file(const std::string& path, const char* folder) {
  namespace fs = std::filesystem;
  if (path.empty() || fs::exists(path)) return path;
  const char* env = std::getenv("TAPER_DATA");
  const std::string shared = std::string(env ? env : TAPER_DATA_DIR) + "/" + folder + "/" + path;
  return fs::exists(shared) ? shared : path;
}

}  // namespace taper::tools
