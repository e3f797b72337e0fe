// SPDX-License-Identifier: GPL-3.0-or-later
// The WebAssembly build's entry points for the web page's workers (web/engine-worker.js), beside
// the ordinary main() that Node.js runs (`node taper.js bench`). One UCI engine driven a line at
// a time: its output goes to stdout, which the worker receives line by line (Module.print); a
// `go` returns once its bestmove is printed, since this build searches on the calling thread.
#include <emscripten/emscripten.h>

#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "board/position.hpp"
#include "explain/eval_json.hpp"
#include "explain/eval_table.hpp"
#include "review/report_session.hpp"
#include "review/review.hpp"
#include "uci/uci.hpp"

namespace {

taper::UciEngine& engine() {
  static std::unique_ptr<taper::UciEngine> uci = [] {
    taper::Position::init();
    // The UCI `eval` command prints the same table as `taper eval` (the cast picks the overload).
    return std::make_unique<taper::UciEngine>(std::cout, taper::UciEngine::EvalPrinter(taper::eval_table));
  }();
  return *uci;
}

taper::ReviewSession& review_session() {
  static taper::ReviewSession session;
  return session;
}

taper::ReportSession& report_session() {
  static taper::ReportSession session;
  return session;
}

/// The page's search budget: `nodes` a position when not 0, else `movetimeMs`.
taper::ReviewLimits page_limits(int movetimeMs, int nodes, int hashMb) {
  taper::ReviewLimits limits;
  limits.moveTimeMs = movetimeMs > 0 ? movetimeMs : 1000;
  limits.nodes = nodes > 0 ? uint64_t(nodes) : 0;
  limits.hashMb = hashMb;
  return limits;
}

}  // namespace

extern "C" {

/// Executes one UCI command line (`quit` is ignored: the page ends a worker by terminating it).
EMSCRIPTEN_KEEPALIVE void taper_uci(const char* line) { engine().execute(line ? line : ""); }

/// The evaluation of `fen` explained as JSON (explain/eval_json.hpp), or {"error": ...}. The
/// text stays valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* taper_eval_json(const char* fen) {
  static std::string json;
  taper::Position::init();
  taper::Position pos;
  std::string err;
  json = pos.set(fen ? fen : "", false, &err) ? taper::eval_json(pos) : taper::eval_json_error("bad FEN: " + err);
  return json.c_str();
}

/// "Review a game" (review/review.hpp, ReviewSession): reads `pgn` and chooses game `number` (0:
/// the first that can be reviewed), each position to be searched for `movetimeMs` (or `nodes`
/// when not 0). JSON: {"total": positions, ...} or {"error": ...}. The text stays valid until the
/// next call.
EMSCRIPTEN_KEEPALIVE const char* taper_review_begin(const char* pgn, int number, int movetimeMs, int nodes) {
  static std::string json;
  taper::Position::init();
  json = review_session().begin(pgn ? pgn : "", number, page_limits(movetimeMs, nodes, 16));
  return json.c_str();
}

/// Searches the next position of the review; returns how many are done.
EMSCRIPTEN_KEEPALIVE int taper_review_step() { return review_session().step(); }

/// The finished review: {"review": ..., "pgn": annotated PGN, "svg": the graph} (docs/REVIEW.md).
EMSCRIPTEN_KEEPALIVE const char* taper_review_result() {
  static std::string json;
  json = review_session().result();
  return json.c_str();
}

/// "Report" (review/report_session.hpp, ReportSession): reads `pgn` and chooses the games of
/// `player`, or with `side` 0 (White) or 1 (Black) that side of every game (-1: by the name),
/// each position to be searched for `movetimeMs` (or `nodes` when not 0). JSON: {"games",
/// "positions", "names", ...} or {"error": ..., "names": [...]}; an empty `player` gives the
/// file's names. The text stays valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* taper_report_begin(const char* pgn, const char* player, int side, int movetimeMs, int nodes) {
  static std::string json;
  taper::Position::init();
  // The hash of `taper report`'s default (32 MB): with a node budget the page's report is the
  // native one, number for number (the page's test compares them).
  const std::optional<taper::Color> chosen = side == 0 ? std::optional(taper::WHITE) : side == 1 ? std::optional(taper::BLACK) : std::nullopt;
  json = report_session().begin(pgn ? pgn : "", player ? player : "", page_limits(movetimeMs, nodes, 32), chosen);
  return json.c_str();
}

/// Searches the next position of the report: {"positions", "total", "gamesDone", "games", "game",
/// "leftMs", "finished"}.
EMSCRIPTEN_KEEPALIVE const char* taper_report_step() {
  static std::string json;
  json = report_session().step();
  return json.c_str();
}

/// The finished report: {"report": report.json, "html", "gamesPgn", "puzzlesPgn", "puzzles": [...],
/// "skipped": [...]} (docs/REVIEW.md, "The page's Report and Train").
EMSCRIPTEN_KEEPALIVE const char* taper_report_result() {
  static std::string json;
  json = report_session().result();
  return json.c_str();
}

/// "Train": the move `uci` tried from `fen`, judged as the review judges a move
/// (review/report_session.hpp, judge_move_json), each of the two positions searched for
/// `movetimeMs` (or `nodes`).
EMSCRIPTEN_KEEPALIVE const char* taper_judge_move(const char* fen, const char* uci, int movetimeMs, int nodes) {
  static std::string json;
  taper::Position::init();
  json = taper::judge_move_json(fen ? fen : "", uci ? uci : "", page_limits(movetimeMs, nodes, 32));
  return json.c_str();
}

}
