// SPDX-License-Identifier: GPL-3.0-or-later
// Table of UCI options: declaration, `option` listing, validated `setoption`, typed access.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace taper {

struct UciOption {
  enum Type { Check, Spin, Button, String };
  using Handler = std::function<std::string(const struct UciOption&)>;
  UciOption(std::string name_, Type type_, std::string defaultValue_, int64_t min_, int64_t max_, Handler onChange_)
      : name(std::move(name_)), type(type_), defaultValue(std::move(defaultValue_)), min(min_), max(max_),
        onChange(std::move(onChange_)) {}

  std::string name;
  Type type;
  std::string defaultValue;
  int64_t min = 0, max = 0;
  /// Applies a new value; returns an error message (empty on success). Runs after validation.
  Handler onChange;
  std::string value;  // current value (text)
};

class UciOptions {
 public:
  void add(UciOption option);
  /// `option name ... type ...` lines for the `uci` command.
  std::string listing() const;
  /// Validates and applies; returns an error message, or empty on success.
  std::string set(const std::string& name, const std::string& value);

  int64_t spin(const std::string& name) const;
  bool check(const std::string& name) const;
  const std::string& string_value(const std::string& name) const;

 private:
  UciOption* find(const std::string& name);
  const UciOption* find(const std::string& name) const;
  std::vector<UciOption> options_;
};

}  // namespace taper
