// SPDX-License-Identifier: GPL-3.0-or-later
// A small JSON reader for what the tools write themselves and read back (`taper report`'s state
// file, one game a line): objects, arrays, strings with their escapes, numbers, true, false, null.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace taper {

struct JsonValue {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0;
  std::string text;
  std::vector<JsonValue> items;
  std::map<std::string, JsonValue, std::less<>> members;

  /// The member `key` of an object, or a null value when absent (so lookups chain safely).
  const JsonValue& operator[](std::string_view key) const;
  double num(double fallback = 0) const { return kind == Kind::Number ? number : fallback; }
  int integer(int fallback = 0) const { return kind == Kind::Number ? int(number) : fallback; }
  const std::string& str() const { return text; }
};

/// `text` as one JSON value, or nothing (with `error` set when given) when it is not valid JSON.
std::optional<JsonValue> parse_json(std::string_view text, std::string* error = nullptr);

}  // namespace taper
