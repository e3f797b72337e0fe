// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON reader (explain/json_value.hpp): recursive descent over RFC 8259's grammar.
#include "explain/json_value.hpp"

#include <cstdlib>

namespace taper {

namespace {

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  bool value(JsonValue& v, int depth = 0) {
    if (depth > 200) return fail("nested too deeply");
    skip();
    if (i_ >= s_.size()) return fail("unexpected end");
    const char c = s_[i_];
    if (c == '{') return object(v, depth);
    if (c == '[') return array(v, depth);
    if (c == '"') {
      v.kind = JsonValue::Kind::String;
      return string(v.text);
    }
    if (word("true")) return v.kind = JsonValue::Kind::Bool, v.boolean = true, true;
    if (word("false")) return v.kind = JsonValue::Kind::Bool, v.boolean = false, true;
    if (word("null")) return v.kind = JsonValue::Kind::Null, true;
    return number(v);
  }

  bool at_end() {
    skip();
    return i_ == s_.size();
  }
  std::string error;

 private:
  bool fail(const std::string& why) {
    if (error.empty()) error = why + " at offset " + std::to_string(i_);
    return false;
  }
  void skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool word(std::string_view w) {
    if (s_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  bool number(JsonValue& v) {
    const size_t start = i_;
    while (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) || s_[i_] == '-' || s_[i_] == '+' || s_[i_] == '.' ||
                              s_[i_] == 'e' || s_[i_] == 'E'))
      ++i_;
    if (i_ == start) return fail("unexpected character");
    const std::string digits(s_.substr(start, i_ - start));
    char* end = nullptr;
    v.number = std::strtod(digits.c_str(), &end);
    if (end != digits.c_str() + digits.size()) return fail("bad number");
    v.kind = JsonValue::Kind::Number;
    return true;
  }
  static void utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xC0 | (cp >> 6)), out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += char(0xE0 | (cp >> 12)), out += char(0x80 | ((cp >> 6) & 0x3F)), out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xF0 | (cp >> 18)), out += char(0x80 | ((cp >> 12) & 0x3F)), out += char(0x80 | ((cp >> 6) & 0x3F)),
          out += char(0x80 | (cp & 0x3F));
    }
  }
  bool hex4(unsigned& cp) {
    if (i_ + 4 > s_.size()) return fail("short \\u escape");
    cp = 0;
    for (int k = 0; k < 4; ++k) {
      const char h = s_[i_++];
      cp = cp * 16 + unsigned(std::isdigit(static_cast<unsigned char>(h)) ? h - '0'
                              : h >= 'a' && h <= 'f'                      ? h - 'a' + 10
                              : h >= 'A' && h <= 'F'                      ? h - 'A' + 10
                                                                          : 99);
      if (cp > 0xFFFF) return fail("bad \\u escape");
    }
    return true;
  }
  bool string(std::string& out) {
    ++i_;  // the opening quote
    while (i_ < s_.size()) {
      const char c = s_[i_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) break;
      const char e = s_[i_++];
      switch (e) {
        case '"': case '\\': case '/': out += e; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp = 0;
          if (!hex4(cp)) return false;
          // A surrogate pair: two escapes for one character beyond the first plane.
          if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(i_, 2) == "\\u") {
            i_ += 2;
            unsigned low = 0;
            if (!hex4(low)) return false;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          utf8(out, cp);
          break;
        }
        default: return fail("bad escape");
      }
    }
    return fail("string not closed");
  }
  bool array(JsonValue& v, int depth) {
    v.kind = JsonValue::Kind::Array;
    ++i_;
    skip();
    if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
    for (;;) {
      v.items.emplace_back();
      if (!value(v.items.back(), depth + 1)) return false;
      skip();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
      return fail("',' or ']' expected");
    }
  }
  bool object(JsonValue& v, int depth) {
    v.kind = JsonValue::Kind::Object;
    ++i_;
    skip();
    if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
    for (;;) {
      skip();
      if (i_ >= s_.size() || s_[i_] != '"') return fail("a key expected");
      std::string key;
      if (!string(key)) return false;
      skip();
      if (i_ >= s_.size() || s_[i_] != ':') return fail("':' expected");
      ++i_;
      if (!value(v.members[key], depth + 1)) return false;
      skip();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
      return fail("',' or '}' expected");
    }
  }

  std::string_view s_;
  size_t i_ = 0;
};

}  // namespace

const JsonValue& JsonValue::operator[](std::string_view key) const {
  static const JsonValue null;
  if (kind != Kind::Object) return null;
  const auto it = members.find(key);
  return it == members.end() ? null : it->second;
}

std::optional<JsonValue> parse_json(std::string_view text, std::string* error) {
  Parser p(text);
  JsonValue v;
  if (!p.value(v) || !p.at_end()) {
    if (error) *error = p.error.empty() ? "text after the value" : p.error;
    return std::nullopt;
  }
  return v;
}

}  // namespace taper
