// SPDX-License-Identifier: GPL-3.0-or-later
// Keeps fuzzed UCI lines cheap: every `go` gets a small node limit, perft, Hash and Threads are capped.
//
// The engine itself is not changed for fuzzing. Instead each line is rewritten before it reaches
// UciEngine::execute, with the engine's own tokenisation (whitespace as std::isspace in the C
// locale, commands and `go` keywords as whole words):
//   go ...                     -> go ... nodes FuzzNodes   (the last `nodes` wins; `infinite` and
//                                 `ponder` still wait for stop/ponderhit, sent at the end of input)
//   go ... perft N             -> N capped at FuzzMaxPerft
//   setoption name Hash ...    -> value capped at FuzzMaxHashMb (also Threads, at FuzzMaxThreads)
//   setoption name Debug Log File ... -> dropped (a fuzzer must not write files where it runs)
//   bench [valid depth]        -> dropped (a fixed workload of ~50 searches); invalid depths are
//                                 kept, to exercise the error path
// Everything else, including the exact bytes of the rewritten lines up to the appended text,
// reaches the engine unchanged.
#pragma once

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace taper::fuzzing {

constexpr int64_t FuzzNodes = 1500;
constexpr int64_t FuzzMaxPerft = 2;
constexpr int64_t FuzzMaxHashMb = 16;
constexpr int64_t FuzzMaxThreads = 3;

struct Token {
  size_t begin, end;
  std::string_view text;
};

inline std::vector<Token> tokenize(std::string_view line) {
  std::vector<Token> out;
  size_t i = 0;
  auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (i < line.size()) {
    while (i < line.size() && space(line[i])) ++i;
    size_t start = i;
    while (i < line.size() && !space(line[i])) ++i;
    if (i > start) out.push_back({start, i, line.substr(start, i - start)});
  }
  return out;
}

/// The engine's integer reading (from_chars; out-of-range numbers count as huge).
inline std::optional<int64_t> as_int(std::string_view t) {
  int64_t v = 0;
  auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || ptr != t.data() + t.size()) return std::nullopt;
  if (ec == std::errc::result_out_of_range) return t[0] == '-' ? INT64_MIN / 2 : INT64_MAX / 2;
  if (ec != std::errc()) return std::nullopt;
  return v;
}

inline std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// The line to execute instead of `line`, or nothing to skip it.
inline std::optional<std::string> limit_line(std::string_view input) {
  std::string line(input);
  // UciEngine::execute turns '\r' and '\t' into spaces first; tokenise what it will see.
  std::string seen = line;
  std::replace_if(seen.begin(), seen.end(), [](char c) { return c == '\r' || c == '\t'; }, ' ');
  std::vector<Token> t = tokenize(seen);
  if (t.empty()) return line;
  const std::string_view cmd = t[0].text;

  if (cmd == "go") {
    // Replace from the back so earlier offsets stay valid.
    for (size_t i = t.size() - 1; i >= 1; --i) {
      if (t[i - 1].text != "perft") continue;
      std::optional<int64_t> n = as_int(t[i].text);
      if (n && *n > FuzzMaxPerft) line.replace(t[i].begin, t[i].end - t[i].begin, std::to_string(FuzzMaxPerft));
    }
    return line + " nodes " + std::to_string(FuzzNodes);
  }

  if (cmd == "setoption" && t.size() >= 2 && t[1].text == "name") {
    // Same split as UciEngine::cmd_setoption: name words up to the first `value`, then the value.
    std::string name, value;
    bool inValue = false;
    for (size_t i = 2; i < t.size(); ++i) {
      if (t[i].text == "value" && !inValue) {
        inValue = true;
        continue;
      }
      std::string& part = inValue ? value : name;
      part += (part.empty() ? "" : " ") + std::string(t[i].text);
    }
    const std::string key = lower(name);
    if (key == "debug log file") return std::nullopt;
    const int64_t cap = key == "hash" ? FuzzMaxHashMb : key == "threads" ? FuzzMaxThreads : 0;
    std::optional<int64_t> n = as_int(value);
    if (cap && n && *n > cap) return "setoption name " + name + " value " + std::to_string(cap);
    return line;
  }

  if (cmd == "bench") {
    if (t.size() == 1) return std::nullopt;
    std::optional<int64_t> d = as_int(t[1].text);
    if (d && *d >= 1 && *d <= 64) return std::nullopt;
    return line;
  }
  return line;
}

}  // namespace taper::fuzzing
