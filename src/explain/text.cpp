// SPDX-License-Identifier: GPL-3.0-or-later
// Shared text helpers (explain/text.hpp).
#include "explain/text.hpp"

#include <cstdio>

namespace taper {

std::string xml_escaped(std::string_view text) {
  std::string s;
  s.reserve(text.size());
  for (char c : text) {
    if (c == '&') s += "&amp;";
    else if (c == '<') s += "&lt;";
    else if (c == '>') s += "&gt;";
    else if (c == '"') s += "&quot;";
    else s += c;
  }
  return s;
}

std::string decimal_text(double x, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}

std::string listing(const std::vector<std::string>& parts) {
  std::string s;
  for (size_t i = 0; i < parts.size(); ++i) s += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return s;
}

}  // namespace taper
