// SPDX-License-Identifier: GPL-3.0-or-later
// The files of `taper review` written game by game (review/review.hpp, ReviewWriter): a batch over
// a large file that is interrupted, or one file that cannot be written, loses nothing else.
#include <fstream>
#include <iostream>

#include "review/review.hpp"

namespace taper {

namespace {

/// "graph.svg" for one game; "graph-2.svg" for the second of several.
std::string numbered_path(const std::string& path, int number, bool several) {
  if (!several) return path;
  const size_t dot = path.rfind('.'), slash = path.find_last_of("/\\");
  const size_t at = dot == std::string::npos || (slash != std::string::npos && dot < slash) ? path.size() : dot;
  return path.substr(0, at) + "-" + std::to_string(number) + path.substr(at);
}

constexpr std::string_view JsonHead = "{\"games\":[", JsonTail = "]}\n";

}  // namespace

struct ReviewWriter::Files {
  std::ofstream pgn;
  std::fstream json;
  bool pgnFailed = false, jsonFailed = false;
};

ReviewWriter::ReviewWriter(Paths paths, bool severalGames) : paths_(std::move(paths)), several_(severalGames), files_(new Files) {}

ReviewWriter::~ReviewWriter() { delete files_; }

void ReviewWriter::add(const GameReview& review) {
  const bool first = games_++ == 0;
  Files& f = *files_;
  auto failed = [&](const std::string& path, bool& flag) {
    if (!flag) errors_.push_back("cannot write " + path);
    flag = true;
  };

  if (!paths_.pgn.empty()) {
    const std::string text = (first ? "" : "\n") + annotated_pgn(review);
    if (paths_.pgn == "-") {
      std::cout << text << std::flush;
    } else if (!f.pgnFailed) {
      if (first) f.pgn.open(paths_.pgn, std::ios::binary | std::ios::trunc);
      f.pgn << text;
      if (!f.pgn.flush()) failed(paths_.pgn, f.pgnFailed);
    }
  }

  if (!paths_.json.empty()) {
    const std::string object = review_json(review);
    if (paths_.json == "-") {
      std::cout << (first ? JsonHead : std::string_view(",")) << object << std::flush;
    } else if (!f.jsonFailed) {
      // The closing "]}\n" is written after every game and overwritten by the next one.
      if (first) {
        f.json.open(paths_.json, std::ios::binary | std::ios::in | std::ios::out | std::ios::trunc);
        f.json << JsonHead;
      } else {
        f.json.seekp(-std::streamoff(JsonTail.size()), std::ios::end);
        f.json << ',';
      }
      f.json << object << JsonTail;
      if (!f.json.flush()) failed(paths_.json, f.jsonFailed);
    }
  }

  if (!paths_.svg.empty()) {
    const std::string file = numbered_path(paths_.svg, review.game->number, several_);
    std::ofstream out(file, std::ios::binary);
    out << review_svg(review);
    if (!out.flush()) errors_.push_back("cannot write " + file);
  }
}

void ReviewWriter::finish() {
  if (paths_.json == "-" && games_ > 0) std::cout << JsonTail << std::flush;
}

}  // namespace taper
