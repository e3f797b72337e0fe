// SPDX-License-Identifier: GPL-3.0-or-later
// A review one position at a time (review/review.hpp, ReviewSession): the web page's worker has a
// single thread, so it asks for one search, reports the progress, and asks for the next.
#include <cstdio>

#include "search/engine.hpp"
#include "explain/json_text.hpp"
#include "review/review.hpp"

namespace taper {

ReviewSession::ReviewSession() = default;

ReviewSession::~ReviewSession() { delete engine_; }

std::string ReviewSession::begin(const std::string& pgnText, int number, const ReviewLimits& limits) {
  games_ = read_pgn(pgn_text_as_utf8(pgnText));
  game_ = nullptr;
  positions_.clear();
  verdicts_.clear();
  limits_ = limits;
  limits_.threads = 1;
  if (games_.empty()) return "{\"error\":\"no game found: paste a game in PGN (tags in [brackets], then the moves)\"}";
  std::string list = "[", warnings = "[";
  for (const PgnGame& g : games_) {
    if (list.size() > 1) list += ',';
    list += "{\"number\":" + std::to_string(g.number) + ",\"title\":" + json_quoted(g.title()) + ",\"plies\":" +
            std::to_string(g.moves.size()) + ",\"error\":" +
            json_quoted(g.error.empty() ? "" : "line " + std::to_string(g.errorLine) + ": " + g.error) + "}";
    const bool usable = g.error.empty() && !g.moves.empty();
    if (!game_ && usable && (number == 0 || g.number == number)) game_ = &g;
  }
  list += ']';
  if (!game_) {
    const PgnGame* asked = number > 0 && number <= int(games_.size()) ? &games_[size_t(number - 1)] : &games_[0];
    const std::string why = !asked->error.empty() ? "game " + std::to_string(asked->number) + ", line " +
                                                        std::to_string(asked->errorLine) + ": " + asked->error
                                                  : "game " + std::to_string(asked->number) + " has no moves";
    return "{\"error\":" + json_quoted(why) + ",\"games\":" + list + "}";
  }
  for (const std::string& w : game_->warnings) {
    if (warnings.size() > 1) warnings += ',';
    warnings += json_quoted(w);
  }
  warnings += ']';
  positions_ = game_positions(*game_);
  if (!engine_) engine_ = new Engine(size_t(std::max(1, limits_.hashMb)), 1);
  engine_->options().moveOverhead = 0;
  return "{\"total\":" + std::to_string(positions_.size()) + ",\"number\":" + std::to_string(game_->number) +
         ",\"games\":" + list + ",\"warnings\":" + warnings + "}";
}

int ReviewSession::step() {
  if (verdicts_.size() < positions_.size()) {
    verdicts_.push_back(search_position(*engine_, positions_[verdicts_.size()], limits_));
    // With the last position the game is searched: the missed mates get their second look, and
    // the candidates for Great their second-best move.
    if (verdicts_.size() == positions_.size()) {
      recheck_missed_mates(*game_, positions_, verdicts_, limits_);
      search_second_best(*game_, positions_, verdicts_, limits_);
    }
  }
  return int(verdicts_.size());
}

std::string ReviewSession::result() const {
  if (!game_ || verdicts_.size() != positions_.size()) return "{\"error\":\"the review is not finished\"}";
  GameReview review = review_game(*game_, positions_, verdicts_);
  review.method = limits_.nodes ? std::to_string(limits_.nodes) + " nodes a position"
                                 : std::to_string(limits_.moveTimeMs) + " ms a position";
  return "{\"review\":" + review_json(review) + ",\"pgn\":" + json_quoted(annotated_pgn(review)) + ",\"svg\":" + json_quoted(review_svg(review)) + "}";
}

}  // namespace taper
