// SPDX-License-Identifier: GPL-3.0-or-later
// A ReportGame as one line of the state file (games.jsonl) and back. The state file is the
// report's memory: --resume reads the games it holds, --merge joins shards' files, and the final
// report.json and report.html are built from it alone, so every figure goes through this text.
#include <cinttypes>
#include <cstdio>

#include "explain/json_text.hpp"
#include "explain/text.hpp"
#include "explain/json_value.hpp"
#include "review/report.hpp"

namespace taper {

namespace {

std::string hex(uint64_t h) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, h);
  return buf;
}

template <typename Array>
std::string array_json(const Array& a) {
  std::string s = "[";
  for (size_t k = 0; k < a.size(); ++k) s += (k ? "," : "") + decimal_text(double(a[k]), 6);
  return s + "]";
}

template <typename Array>
void read_array(const JsonValue& v, Array& a) {
  for (size_t k = 0; k < a.size() && k < v.items.size(); ++k) a[k] = typename Array::value_type(v.items[k].num());
}

std::string mistake_json(const ReportMistake& m) {
  return "{\"ply\":" + std::to_string(m.ply) + ",\"numbered\":" + json_quoted(m.numbered) + ",\"fen\":" + json_quoted(m.fenBefore) +
         ",\"played\":" + json_quoted(m.playedUci) + ",\"best\":" + json_quoted(m.bestUci) + ",\"mark\":" + json_quoted(mark_name(m.mark)) +
         ",\"chancesLost\":" + decimal_text(m.chancesLost, 6) + ",\"reason\":" + json_quoted(reason_key_name(m.reason)) +
         ",\"sentence\":" + json_quoted(m.sentence) + "}";
}

}  // namespace

std::string report_game_json(const ReportGame& g) {
  std::string s = "{\"index\":" + std::to_string(g.index) + ",\"hash\":\"" + hex(g.hash) + "\",\"title\":" + json_quoted(g.title);
  if (!g.skipped.empty()) return s + ",\"skipped\":" + json_quoted(g.skipped) + "}";
  s += ",\"white\":" + json_quoted(g.white) + ",\"black\":" + json_quoted(g.black) + ",\"result\":" + json_quoted(g.result) +
       ",\"date\":" + json_quoted(g.date) + ",\"colour\":\"" + (g.colour == WHITE ? "white" : "black") + "\",\"score\":" + decimal_text(g.score, 6) +
       ",\"eco\":" + json_quoted(g.opening.eco) + ",\"opening\":" + json_quoted(g.opening.name) + ",\"accuracy\":" + decimal_text(g.accuracy, 6) +
       ",\"acpl\":" + std::to_string(g.acpl) + ",\"moves\":" + std::to_string(g.moves) + ",\"judged\":" + std::to_string(g.judged) +
       ",\"cpLoss\":" + std::to_string(g.cpLoss) + ",\"phaseAccuracySum\":" + array_json(g.phaseAccuracySum) +
       ",\"phaseMoves\":" + array_json(g.phaseMoves) + ",\"classes\":{";
  for (size_t k = 0; k < MoveClassNames.size(); ++k) s += (k ? ",\"" : "\"") + std::string(MoveClassNames[k]) + "\":" + std::to_string(g.classes[k]);
  s += "},\"mistakes\":[";
  for (size_t k = 0; k < g.mistakes.size(); ++k) s += (k ? "," : "") + mistake_json(g.mistakes[k]);
  s += "],\"puzzles\":" + std::to_string(g.puzzles) + ",\"positions\":" + std::to_string(g.positions) + ",\"movesText\":" + json_quoted(g.movesText) +
       ",\"pgn\":" + json_quoted(g.pgn) + ",\"puzzlePgn\":" + json_quoted(g.puzzlePgn) + ",\"svg\":" + json_quoted(g.svg) + "}";
  return s;
}

std::optional<ReportGame> report_game_from_json(std::string_view line) {
  const std::optional<JsonValue> parsed = parse_json(line);
  if (!parsed || parsed->kind != JsonValue::Kind::Object || (*parsed)["index"].kind != JsonValue::Kind::Number) return std::nullopt;
  const JsonValue& v = *parsed;
  ReportGame g;
  g.index = v["index"].integer();
  g.hash = std::strtoull(v["hash"].str().c_str(), nullptr, 16);
  g.title = v["title"].str();
  g.skipped = v["skipped"].str();
  if (!g.skipped.empty()) return g;
  g.white = v["white"].str();
  g.black = v["black"].str();
  g.result = v["result"].str();
  g.date = v["date"].str();
  g.colour = v["colour"].str() == "black" ? BLACK : WHITE;
  g.score = v["score"].num(-1);
  g.opening = {v["eco"].str(), v["opening"].str()};
  g.accuracy = v["accuracy"].num();
  g.acpl = v["acpl"].integer();
  g.moves = v["moves"].integer();
  g.judged = v["judged"].integer();
  g.cpLoss = v["cpLoss"].integer();
  read_array(v["phaseAccuracySum"], g.phaseAccuracySum);
  read_array(v["phaseMoves"], g.phaseMoves);
  for (size_t k = 0; k < MoveClassNames.size(); ++k) g.classes[k] = v["classes"][MoveClassNames[k]].integer();
  for (const JsonValue& x : v["mistakes"].items) {
    ReportMistake m;
    m.ply = x["ply"].integer();
    m.numbered = x["numbered"].str();
    m.fenBefore = x["fen"].str();
    m.playedUci = x["played"].str();
    m.bestUci = x["best"].str();
    const std::string& mark = x["mark"].str();
    m.mark = mark == "blunder" ? Mark::Blunder : mark == "mistake" ? Mark::Mistake : mark == "inaccuracy" ? Mark::Inaccuracy : Mark::None;
    m.chancesLost = x["chancesLost"].num();
    m.reason = reason_key_from_name(x["reason"].str()).value_or(ReasonUnexplained);
    m.sentence = x["sentence"].str();
    g.mistakes.push_back(std::move(m));
  }
  g.puzzles = v["puzzles"].integer();
  g.positions = v["positions"].integer();
  g.movesText = v["movesText"].str();
  g.pgn = v["pgn"].str();
  g.puzzlePgn = v["puzzlePgn"].str();
  g.svg = v["svg"].str();
  return g;
}

}  // namespace taper
