// SPDX-License-Identifier: GPL-3.0-or-later
// JSON text for the tools' printers (`eval --json`, `review --json`, the web page's sessions).
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace taper {

/// `text` as a JSON string literal: quotes and backslashes escaped, control characters as \uXXXX.
inline std::string json_quoted(std::string_view text) {
  std::string s = "\"";
  for (char ch : text) {
    if (ch == '"' || ch == '\\') {
      s += '\\';
      s += ch;
    } else if (static_cast<unsigned char>(ch) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(ch));
      s += buf;
    } else {
      s += ch;
    }
  }
  return s + "\"";
}

}  // namespace taper
