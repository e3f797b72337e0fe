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

}  // namespace

std::string format_params_values(const WeightVector& w, const std::vector<std::string>& header) {
  std::string out = "// SPDX-License-Identifier: GPL-3.0-or-later\n";
  for (const std::string& line : header) out += line.empty() ? "//\n" : "// " + line + "\n";
  out +=
      "// Format: PARAM_VALUES(name, elements...), S(mg, eg) for Linear weights, U(n) = S(n, 0) for\n"
      "// Danger, Curve and Scale values.\n"
      "// Tables indexed by square are written as a diagram from White's side, rank 8 on top, files\n"
      "// a..d (e..h mirror them).\n\n"
      "// clang-format off\n";
  for (int first = 0; first < ParamCount; first += Params[size_t(first)].size) {
    const ParamInfo& p = Params[size_t(first)];
    const std::string name(p.name);
    if (p.size == 1) {
      out += "PARAM_VALUES(" + name + ", " + value_text(p, w[size_t(first)], false) + ")\n";
      continue;
    }
    out += "PARAM_VALUES(" + name + ",";
    const int perLine = p.size == 32 ? 4 : 8;
    for (int k = 0; k < p.size; ++k) {
      if (k % perLine == 0) out += "\n ";
      out += " " + value_text(p, w[size_t(first + k)], true);
      const bool last = k == p.size - 1;
      out += last ? ")" : ",";
      if (p.size == 32 && k % 4 == 3) out += std::string("   // ") + char('8' - k / 4);
    }
    out += "\n";
  }
  out += "// clang-format on\n";
  return out;
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
