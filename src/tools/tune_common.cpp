// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers of the tuning subcommands (tools/tune_common.hpp).
#include "tools/tune_common.hpp"

#include "uci/build_info.hpp"

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <sstream>
#include <vector>

namespace taper::tools {

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
  return buf;
}

std::string command_line_header(const std::string& name, const std::vector<std::string>& args) {
  std::string header = "taper " + name;
  // Quoted where a shell would split it, so the line can be run again as it stands.
  for (const std::string& a : args) header += a.find_first_of(" \t\"'") == std::string::npos ? " " + a : " '" + a + "'";
  return header + "  (Taper " + build_commit() + ")";
}

std::string find_data_file(const std::string& path, const char* folder) {
  namespace fs = std::filesystem;
  if (path.empty() || fs::exists(path)) return path;
  // $TAPER_DATA (one folder: a Windows path has a ':' of its own), then the ':'-separated
  // folders the build knows (none in a release binary).
  std::vector<std::string> folders;
  if (const char* env = std::getenv("TAPER_DATA")) folders.emplace_back(env);
  std::istringstream known(TAPER_DATA_FOLDERS);
  for (std::string f; std::getline(known, f, ':');) folders.push_back(f);
  for (const std::string& f : folders) {
    const std::string candidate = f + "/" + folder + "/" + path;
    if (!f.empty() && fs::exists(candidate)) return candidate;
  }
  return path;
}

}  // namespace taper::tools
