// SPDX-License-Identifier: GPL-3.0-or-later
// OpenBench datagen openings: random plies from a book line, filtered by the static evaluation.
#include "tune/genfens.hpp"

#include <cstdlib>
#include <random>
#include <sstream>

#include "board/movegen.hpp"
#include "eval/evaluate.hpp"
#include "tune/input.hpp"

namespace taper::tune {

namespace {

constexpr int MaxOpeningEval = 300;
constexpr int MinRandomPlies = 8;
/// Openings tried per position asked for before giving up (a book of finished games).
constexpr int MaxTriesPerPosition = 1000;

}  // namespace

bool parse_genfens(const std::string& text, GenfensRequest& out, std::string& error) {
  std::istringstream in(text);
  std::string word, seedWord, bookWord;
  long long count = -1;
  unsigned long long seed = 0;
  if (!(in >> word) || word != "genfens" || !(in >> count) || count < 0 || count > 100000000 ||
      !(in >> seedWord >> seed) || seedWord != "seed" || !(in >> bookWord >> out.book) || bookWord != "book") {
    error = "usage: genfens N seed S book PATH|None [extra]";
    return false;
  }
  out.count = int(count);
  out.seed = seed;
  if (out.book == "None" || out.book == "none") out.book.clear();
  return true;
}

bool run_genfens(const GenfensRequest& request, std::ostream& out, std::string& error) {
  std::vector<std::string> book;
  if (!request.book.empty()) {
    LineReader reader(request.book);
    if (!reader.ok()) {
      error = reader.error();
      return false;
    }
    Position pos;
    for (std::string line; reader.next(line);)
      if (pos.set(line, false)) book.push_back(line);
    if (book.empty()) {
      error = "no usable position in " + request.book;
      return false;
    }
  }

  std::mt19937_64 rng(request.seed);
  Evaluator evaluator;
  int printed = 0;
  for (long tries = 0; printed < request.count; ++tries) {
    if (tries >= long(request.count) * MaxTriesPerPosition) {
      error = "could not find enough playable openings";
      return false;
    }
    Position pos;
    pos.set(book.empty() ? std::string(Position::StartFen) : book[rng() % book.size()], false);
    const int plies = MinRandomPlies + int(rng() % 2);  // both sides to move
    bool ok = true;
    for (int i = 0; i < plies && ok; ++i) {
      MoveList<LEGAL> moves(pos);
      if (!moves.size()) ok = false;
      else pos.do_move(*(moves.begin() + rng() % moves.size()));
    }
    if (!ok || pos.in_check() || !MoveList<LEGAL>(pos).size() || pos.is_draw(0)) continue;
    if (std::abs(evaluator.evaluate(pos)) > MaxOpeningEval) continue;
    out << "info string genfens " << pos.fen() << "\n";
    ++printed;
  }
  out.flush();
  return true;
}

}  // namespace taper::tune
