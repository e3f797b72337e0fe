// SPDX-License-Identifier: GPL-3.0-or-later
// Writing the tuned parameter table as C++ source in the params_values.inc format.
#include "tune/output.hpp"

#include <cstdio>
#include <fstream>

namespace taper::tune {

namespace {

std::string value_text(const ParamInfo& p, Score s, bool pad) {
  char buf[40];
  if (p.kind == ParamKind::Linear) std::snprintf(buf, sizeof buf, pad ? "S(%3d, %3d)" : "S(%d, %d)", s.mg(), s.eg());
  else std::snprintf(buf, sizeof buf, pad ? "U(%3d)" : "U(%d)", s.mg());
  return buf;
}

/// A header line with every file path reduced to its file name: the provenance of a committed
/// table names data by public or repository-relative names, never by where it sat on one machine.
std::string public_names(const std::string& line) {
  std::string out, token;
  auto flush = [&] {
    const bool path = token.size() > 1 && (token[0] == '/' || token.rfind("../", 0) == 0 || token.rfind("./", 0) == 0 ||
                                           token.rfind("~/", 0) == 0);
    out += path ? token.substr(token.find_last_of('/') + 1) : token;
    token.clear();
  };
  for (char c : line) {
    if (c == ' ' || c == '(' || c == ',' || c == ';' || c == '=') {
      flush();
      out += c;
    } else {
      token += c;
    }
  }
  flush();
  return out;
}

}  // namespace

std::string format_params_values(const WeightVector& w, const std::vector<std::string>& header) {
  std::string out = "// SPDX-License-Identifier: GPL-3.0-or-later\n";
  for (const std::string& line : header) out += line.empty() ? "//\n" : "// " + public_names(line) + "\n";
  out +=
      "// Format: PARAM_VALUES(name, elements...), S(mg, eg) for Linear weights, U(n) = S(n, 0) for\n"
      "// Danger, Curve and Scale values.\n"
      "// Tables indexed by square are written as a diagram from White's side, rank 8 on top, files\n"
      "// a..h, or a..d where e..h mirror them (the king-square danger table).\n\n"
      "// clang-format off\n";
  for (int first = 0; first < ParamCount; first += Params[size_t(first)].size) {
    const ParamInfo& p = Params[size_t(first)];
    const std::string name(p.name);
    if (p.size == 1) {
      out += "PARAM_VALUES(" + name + ", " + value_text(p, w[size_t(first)], false) + ")\n";
      continue;
    }
    out += "PARAM_VALUES(" + name + ",";
    // Square tables (the piece-square tables, the king's starting danger) as a diagram, one
    // rank per line; other tables (shelter by edge distance and rank) in rows of eight.
    const SquareLayout layout = square_layout(p);
    const int perLine = layout == SquareLayout::Half ? 4 : 8;
    for (int k = 0; k < p.size; ++k) {
      if (k % perLine == 0) out += "\n ";
      out += " " + value_text(p, w[size_t(first + k)], true);
      const bool last = k == p.size - 1;
      out += last ? ")" : ",";
      if (layout != SquareLayout::None && k % perLine == perLine - 1) out += std::string("   // ") + char('8' - k / perLine);
    }
    out += "\n";
  }
  out += "// clang-format on\n";
  return out;
}

bool parse_params_values(const std::string& text, WeightVector& w, std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  // Without comments, as one string.
  std::string all;
  for (size_t at = 0; at < text.size();) {
    size_t eol = text.find('\n', at);
    if (eol == std::string::npos) eol = text.size();
    const std::string line = text.substr(at, eol - at);
    all += line.substr(0, line.find("//")) + ' ';
    at = eol + 1;
  }
  std::vector<bool> seen(size_t(ParamCount), false);
  for (size_t at = 0; (at = all.find("PARAM_VALUES(", at)) != std::string::npos;) {
    at += 13;
    const size_t comma = all.find(',', at);
    if (comma == std::string::npos) return fail("unterminated PARAM_VALUES");
    std::string name = all.substr(at, comma - at);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    int first = -1;
    for (int i = 0; i < ParamCount; i += Params[size_t(i)].size)
      if (Params[size_t(i)].name == name) first = i;
    if (first < 0) return fail("unknown parameter " + name);
    const ParamInfo& p = Params[size_t(first)];
    int k = 0;
    size_t i = comma + 1;
    for (;; ++k) {
      while (i < all.size() && all[i] == ' ') ++i;
      int mg = 0, eg = 0, used = 0;
      if (std::sscanf(all.c_str() + i, "S(%d ,%d )%n", &mg, &eg, &used) == 2 && used > 0) {}
      else if (std::sscanf(all.c_str() + i, "U(%d )%n", &mg, &used) == 1 && used > 0) eg = 0;
      else return fail(name + ": expected S(mg, eg) or U(n)");
      if (k >= p.size) return fail(name + ": too many values");
      w[size_t(first + k)] = Score(mg, eg);
      i += size_t(used);
      while (i < all.size() && all[i] == ' ') ++i;
      if (i < all.size() && all[i] == ',') {
        ++i;
        continue;
      }
      if (i < all.size() && all[i] == ')') break;
      return fail(name + ": expected ',' or ')'");
    }
    if (k + 1 != p.size) return fail(name + ": " + std::to_string(k + 1) + " values, expected " + std::to_string(p.size));
    for (int j = 0; j < p.size; ++j) seen[size_t(first + j)] = true;
    at = i;
  }
  for (int i = 0; i < ParamCount; i += Params[size_t(i)].size)
    if (!seen[size_t(i)]) return fail("missing parameter " + std::string(Params[size_t(i)].name));
  return true;
}

bool write_text_file(const std::string& path, const std::string& text, std::string* error) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    out << text;
    if (!out.good()) {
      if (error) *error = "cannot write " + tmp;
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    if (error) *error = "cannot rename " + tmp + " to " + path;
    return false;
  }
  return true;
}

}  // namespace taper::tune
