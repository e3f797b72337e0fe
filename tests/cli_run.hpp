// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the real `taper` binary with a subcommand's arguments, as a user's shell would (test
// helper shared by the command-line tests of tests/tools): its output, its exit status, and
// the small file helpers those tests all need.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace taper::testing {

struct CliOutcome {
  std::string out;  ///< stdout, and stderr too unless it went to a file
  std::string err;  ///< stderr, when run_taper() was given a file for it
  int code = -1;    ///< the exit status; -1 when the process did not exit normally
};

/// `text` single-quoted for the shell, quotes inside it kept.
inline std::string shell_quoted(const std::string& text) {
  std::string s = "'";
  for (char c : text) s += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return s + "'";
}

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Runs `taper ARGS...` with `input` on stdin (nothing: /dev/null). stderr joins stdout, unless
/// `errFile` is given: then it is written there and read back into `err`.
inline CliOutcome run_taper(const std::vector<std::string>& args, const std::string& input = "",
                            const std::filesystem::path& errFile = {}) {
  std::string cmd = input.empty() ? "" : "printf '%s' " + shell_quoted(input) + " | ";
  cmd += shell_quoted(TAPER_BINARY);
  for (const std::string& a : args) cmd += " " + shell_quoted(a);
  cmd += errFile.empty() ? " 2>&1" : " 2>" + shell_quoted(errFile.string());
  if (input.empty()) cmd += " </dev/null";
  CliOutcome r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
  const int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (!errFile.empty()) r.err = slurp(errFile);
  return r;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// A fresh, empty folder for one test's files: taper-TAG-NAME-PID under the temporary folder.
inline std::filesystem::path scratch_dir(const std::string& tag, const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("taper-" + tag + "-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace taper::testing
