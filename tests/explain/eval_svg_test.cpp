// SPDX-License-Identifier: GPL-3.0-or-later
// `taper eval --svg`: the picture is well-formed XML, shows every piece (drawn) with a plausible
// share of the score, coordinates, a legend, the verdict's words as its headline, and both king zones
// with the recorded king-danger figures.
#include <regex>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "eval/trace.hpp"
#include "explain/explanation.hpp"
#include "explain/eval_svg.hpp"

using namespace taper;

namespace {

/// Checks that every tag is closed in order (no attributes with '>' are written). Returns the
/// first problem, or "" if the document nests correctly.
std::string nesting_error(const std::string& xml) {
  std::vector<std::string> open;
  for (size_t at = 0; (at = xml.find('<', at)) != std::string::npos;) {
    const size_t end = xml.find('>', at);
    if (end == std::string::npos) return "unterminated tag";
    const std::string tag = xml.substr(at + 1, end - at - 1);
    at = end + 1;
    if (tag.empty()) return "empty tag";
    if (tag[0] == '?' || tag[0] == '!') continue;
    if (tag.back() == '/') continue;
    if (tag[0] == '/') {
      if (open.empty() || open.back() != tag.substr(1)) return "unbalanced </" + tag.substr(1) + ">";
      open.pop_back();
      continue;
    }
    open.push_back(tag.substr(0, tag.find(' ')));
  }
  return open.empty() ? "" : "unclosed <" + open.back() + ">";
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = 0; (at = text.find(what, at)) != std::string::npos; at += what.size()) ++n;
  return n;
}

/// The words a reader sees: every tag removed, the wrapped lines joined by one space.
std::string visible_text(const std::string& svg) {
  std::string out;
  bool inTag = false;
  for (char ch : svg) {
    if (ch == '<') inTag = true;
    else if (ch == '>') {
      inTag = false;
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else if (!inTag && ch != '\n')
      out += ch;
  }
  return out;
}

std::string attribute_of(const std::string& svg, const std::string& square, const std::string& attr) {
  const std::regex re("data-square=\"" + square + "\" data-piece=\"[^\"]\"(?: data-share=\"(-?[0-9]+)\")?");
  std::smatch m;
  if (!std::regex_search(svg, m, re)) return "missing";
  return attr == "share" ? std::string(m[1]) : std::string(m[0]);
}

}  // namespace

TEST(EvalSvg, StartPositionHasAllPiecesAndBothZones) {
  Position pos;
  ASSERT_TRUE(pos.set("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false));
  const std::string svg = eval_svg(pos);
  EXPECT_EQ(nesting_error(svg), "");
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_EQ(count(svg, "<g class=\"piece\""), 32);
  EXPECT_EQ(count(svg, "data-share="), 30);  // kings have none
  // King zones: e1 has 5 neighbours and 9 squares at distance two (c1-c3-g3-g1).
  EXPECT_EQ(count(svg, "class=\"inner\""), 2 * 5);
  EXPECT_EQ(count(svg, "class=\"outer\""), 2 * 9);
  EXPECT_NE(svg.find("class=\"inner\" data-square=\"d2\""), std::string::npos);
  EXPECT_NE(svg.find("class=\"outer\" data-square=\"c3\""), std::string::npos);
  // Shares have the owner's sign and a piece's order of magnitude.
  const int wn = std::stoi(attribute_of(svg, "b1", "share"));
  const int bq = std::stoi(attribute_of(svg, "d8", "share"));
  EXPECT_GT(wn, 150);
  EXPECT_LT(wn, 700);
  EXPECT_LT(bq, -600);
}

TEST(EvalSvg, DiagramHasCoordinatesDrawnPiecesAndALegend) {
  Position pos;
  ASSERT_TRUE(pos.set("r4rk1/pp3ppp/2n1b3/q1ppP1N1/3P2Q1/2PB4/P4PPP/R4RK1 w - - 0 14", false));
  const std::string svg = eval_svg(pos);
  EXPECT_EQ(nesting_error(svg), "");
  // Files a-h below the board, ranks 1-8 beside it.
  EXPECT_EQ(count(svg, "<text class=\"coord\""), 16);
  for (const char* label : {"a", "b", "c", "d", "e", "f", "g", "h", "1", "2", "3", "4", "5", "6", "7", "8"})
    EXPECT_NE(svg.find("text-anchor=\"middle\">" + std::string(label) + "</text>"), std::string::npos) << label;
  // One drawing per piece type, used once per piece in its colour.
  for (const char* p : {"P", "N", "B", "R", "Q", "K"})
    EXPECT_EQ(count(svg, "<symbol id=\"piece-" + std::string(p) + "\""), 1) << p;
  EXPECT_EQ(count(svg, "<use href=\"#piece-"), int(popcount(pos.pieces())));
  EXPECT_EQ(count(svg, "<use href=\"#piece-N\" xlink:href=\"#piece-N\" class=\"white\""), 1);
  EXPECT_EQ(count(svg, "<use href=\"#piece-P\" xlink:href=\"#piece-P\" class=\"black\""), 7);  // a7 b7 c5 d5 f7 g7 h7
  EXPECT_NE(svg.find("<g class=\"legend\">"), std::string::npos);
  EXPECT_NE(svg.find("inner ring of a king's zone"), std::string::npos);
}

TEST(EvalSvg, HeadlineIsTheVerdictsWords) {
  Position pos;
  ASSERT_TRUE(pos.set("r4rk1/pp3ppp/2n1b3/q1ppP1N1/3P2Q1/2PB4/P4PPP/R4RK1 w - - 0 14", false));
  const EvalWords words = explain_evaluation(pos).words;
  const std::string svg = eval_svg(pos);
  EXPECT_NE(svg.find("class=\"headline\">" + words.headline + "</text>"), std::string::npos) << words.headline;
  EXPECT_EQ(count(svg, "class=\"reason "), int(words.reasons.size()));
  for (const PlayerTerm& r : words.reasons)
    EXPECT_NE(svg.find("data-term=\"" + std::string(r.name) + "\" data-cp=\"" + std::to_string(r.whiteCp) + "\""), std::string::npos);
}

TEST(EvalSvg, KingDangerFiguresComeFromTheRecordedEvaluation) {
  // White's queen on h5 and bishop on d3 bear on a castled king: the record has units and safe
  // checks, and the king's line says so in words, however the panel wraps it.
  Position pos;
  ASSERT_TRUE(pos.set("r1b2rk1/pp3ppp/2n5/3q3Q/8/2NB4/PPP2PPP/R4RK1 w - - 0 15", false));
  const EvalRecord rec = record_evaluation(pos);
  const std::string svg = eval_svg(pos);
  EXPECT_EQ(nesting_error(svg), "");
  for (Color c : {WHITE, BLACK}) {
    const std::string g = std::string("class=\"kingdanger\" data-colour=\"") + (c == WHITE ? "white" : "black") +
                          "\" data-units=\"" + std::to_string(rec.units[c]) + "\" data-penalty=\"" +
                          std::to_string(rec.dangerPenalty[c]) + "\"";
    EXPECT_NE(svg.find(g), std::string::npos) << g;
  }
  EXPECT_NE(visible_text(svg).find("safe checks by the bishop and the queen"), std::string::npos) << visible_text(svg);
  EXPECT_EQ(svg.find("units against"), std::string::npos);  // the units are the data attributes' alone
}

TEST(EvalSvg, RemovingACastlingRookStillGivesAShare) {
  Position pos;
  ASSERT_TRUE(pos.set("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false));
  const std::string svg = eval_svg(pos);
  EXPECT_GT(std::stoi(attribute_of(svg, "h1", "share")), 300);
  EXPECT_LT(std::stoi(attribute_of(svg, "a8", "share")), -300);
}
