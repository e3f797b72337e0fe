// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON reader (explain/json_value.hpp) reads what json_quoted() writes, every escape included,
// and refuses text that is not JSON instead of guessing.
#include <gtest/gtest.h>

#include "explain/json_text.hpp"
#include "explain/json_value.hpp"

using namespace taper;

TEST(JsonValue, ReadsObjectsArraysAndScalars) {
  const auto v = parse_json(R"( {"a": [1, -2.5, 3e2], "b": {"c": true, "d": null}, "e": "x", "f": false} )");
  ASSERT_TRUE(v);
  EXPECT_EQ((*v)["a"].items.size(), 3u);
  EXPECT_DOUBLE_EQ((*v)["a"].items[1].num(), -2.5);
  EXPECT_DOUBLE_EQ((*v)["a"].items[2].num(), 300);
  EXPECT_TRUE((*v)["b"]["c"].boolean);
  EXPECT_EQ((*v)["b"]["d"].kind, JsonValue::Kind::Null);
  EXPECT_EQ((*v)["e"].str(), "x");
  EXPECT_EQ((*v)["no such key"]["deeper"].kind, JsonValue::Kind::Null);
}

TEST(JsonValue, ReadsBackWhatJsonQuotedWrites) {
  const std::string text = "quote \" backslash \\ newline \n tab \t bell \x07 L\xC3\xA9gal \xE2\x99\x94";
  const auto v = parse_json(json_quoted(text));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->str(), text);
  // Escapes json_quoted never writes, as other programs do: \u for a letter and a surrogate pair.
  EXPECT_EQ(parse_json(R"("\u00e9\/\ud83d\ude00")")->str(), "\xC3\xA9/\xF0\x9F\x98\x80");
}

TEST(JsonValue, RefusesWhatIsNotJson) {
  for (const char* bad : {"", "{", "[1,]", "{\"a\" 1}", "\"open", "tru", "{\"a\":1} x", "[1 2]", "\"\\q\"", "{\"a\":01x}"}) {
    std::string error;
    EXPECT_FALSE(parse_json(bad, &error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
}
