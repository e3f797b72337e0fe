// SPDX-License-Identifier: GPL-3.0-or-later
// UCI option table: names match case-insensitively, values are checked before they take effect.
#include "uci/options.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

namespace taper {

namespace {
std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
}  // namespace

void UciOptions::add(UciOption option) {
  option.value = option.defaultValue;
  options_.push_back(std::move(option));
}

UciOption* UciOptions::find(const std::string& name) {
  for (UciOption& o : options_)
    if (lower(o.name) == lower(name)) return &o;
  return nullptr;
}

const UciOption* UciOptions::find(const std::string& name) const {
  return const_cast<UciOptions*>(this)->find(name);
}

std::string UciOptions::listing() const {
  std::string out;
  for (const UciOption& o : options_) {
    out += "option name " + o.name + " type ";
    switch (o.type) {
      case UciOption::Check: out += "check default " + o.defaultValue; break;
      case UciOption::Spin:
        out += "spin default " + o.defaultValue + " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
        break;
      case UciOption::Button: out += "button"; break;
      case UciOption::String: out += "string default " + (o.defaultValue.empty() ? "<empty>" : o.defaultValue); break;
    }
    out += "\n";
  }
  return out;
}

std::string UciOptions::set(const std::string& name, const std::string& value) {
  UciOption* o = find(name);
  if (!o) return "unknown option '" + name + "'";
  std::string v = value;
  switch (o->type) {
    case UciOption::Check:
      v = lower(v);
      if (v != "true" && v != "false") return "option " + o->name + " takes true or false, not '" + value + "'";
      break;
    case UciOption::Spin: {
      int64_t n = 0;
      const char* end = v.data() + v.size();
      auto [ptr, ec] = std::from_chars(v.data(), end, n);
      if (v.empty() || ec != std::errc() || ptr != end)
        return "option " + o->name + " needs an integer, not '" + value + "'";
      if (n < o->min || n > o->max)
        return "value " + value + " for option " + o->name + " is out of range [" + std::to_string(o->min) + ", " +
               std::to_string(o->max) + "]";
      v = std::to_string(n);
      break;
    }
    case UciOption::Button: v.clear(); break;
    case UciOption::String:
      if (v == "<empty>") v.clear();
      break;
  }
  std::string previous = o->value;
  o->value = v;
  if (o->onChange) {
    std::string err = o->onChange(*o);
    if (!err.empty()) {
      o->value = previous;
      return err;
    }
  }
  return {};
}

int64_t UciOptions::spin(const std::string& name) const {
  const UciOption* o = find(name);
  return o ? std::stoll(o->value) : 0;
}

bool UciOptions::check(const std::string& name) const {
  const UciOption* o = find(name);
  return o && o->value == "true";
}

const std::string& UciOptions::string_value(const std::string& name) const {
  static const std::string empty;
  const UciOption* o = find(name);
  return o ? o->value : empty;
}

}  // namespace taper
