// SPDX-License-Identifier: GPL-3.0-or-later
// The web page's report, one position at a time, and a puzzle's try judged
// (review/report_session.hpp). A game goes through the steps `taper report` takes (report.cpp):
// its positions searched one by one here, instead of by search_game, so that the page shows the
// progress and can stop between two searches; then the missed mates' second look and the Great
// candidates' second-best search, review_game, report_game (which searches the puzzles) and
// ReportTotals::add. Only the files differ: the report's texts are kept in memory for the page
// to show and offer as downloads, where the native report writes them to a folder.
#include "review/report_session.hpp"

#include <algorithm>

#include "board/notation.hpp"
#include "explain/json_text.hpp"
#include "explain/text.hpp"
#include "search/engine.hpp"
#include "search/timeman.hpp"

namespace taper {

namespace {

std::string limit_words(const ReviewLimits& l) {
  return l.nodes ? std::to_string(l.nodes) + " nodes a position" : std::to_string(l.moveTimeMs) + " ms a position";
}

/// A name a player can be chosen by: not empty and not PGN's "unknown".
bool known_name(const std::string& name) { return !name.empty() && name != "?" && name != "-"; }

/// At most this many different names are counted: enough to offer the right spelling, without
/// growing with a huge file (as `taper report` counts them).
constexpr size_t NamesCounted = 10000;
/// The names offered to the page, most games first.
constexpr size_t NamesShown = 100;

std::string names_json(const std::map<std::string, int>& counts) {
  std::vector<std::pair<int, std::string>> byCount;
  for (const auto& [name, count] : counts) byCount.emplace_back(-count, name);
  std::sort(byCount.begin(), byCount.end());
  std::string s = "[";
  for (size_t k = 0; k < byCount.size() && k < NamesShown; ++k) {
    if (k) s += ',';
    s += json_quoted(byCount[k].second);
  }
  return s + "]";
}

std::string names_text(const std::map<std::string, int>& counts) {
  std::vector<std::pair<int, std::string>> byCount;
  for (const auto& [name, count] : counts) byCount.emplace_back(-count, name);
  std::sort(byCount.begin(), byCount.end());
  std::string s;
  for (size_t k = 0; k < byCount.size() && k < 8; ++k) {
    if (k) s += ", ";
    s += byCount[k].second;
  }
  if (byCount.size() > 8) s += ", ...";
  return s;
}

std::string uci_list(const std::vector<PgnMove>& moves) {
  std::string s = "[";
  for (size_t k = 0; k < moves.size(); ++k) {
    if (k) s += ',';
    s += json_quoted(move_to_uci(moves[k].move, false));
  }
  return s + "]";
}

/// The puzzles of a game's report as a list for the page: each read back from its PGN (the
/// report's one form of a puzzle), with the mistake it comes from (same position) for the move
/// played and the review's sentence.
std::string puzzles_json(const ReportGame& r) {
  std::string s;
  for (const PgnGame& p : read_pgn(r.puzzlePgn)) {
    if (!p.error.empty() || p.moves.empty()) continue;  // written from legal moves: never so
    const Position start = p.start_position();
    const std::string fen = start.fen();
    const auto from = std::find_if(r.mistakes.begin(), r.mistakes.end(), [&](const ReportMistake& m) { return m.fenBefore == fen; });
    if (!s.empty()) s += ',';
    s += "{\"fen\":" + json_quoted(fen) + ",\"solution\":" + uci_list(p.moves) +
         ",\"theme\":" + json_quoted(p.tag("Theme")) + ",\"played\":" + json_quoted(from != r.mistakes.end() ? from->numbered : "") +
         ",\"why\":" + json_quoted(from != r.mistakes.end() ? from->sentence : "") + ",\"game\":" + json_quoted(r.title) +
         ",\"colour\":\"" + (start.side_to_move() == WHITE ? "white" : "black") + "\"}";
  }
  return s;
}

}  // namespace

ReportSession::ReportSession() = default;
ReportSession::~ReportSession() = default;
ReportSession& ReportSession::operator=(ReportSession&&) = default;

std::optional<Color> ReportSession::colour_of(const PgnGame& g) const {
  if (side_) return side_;
  return player_colour(g, player_);
}

std::string ReportSession::begin(const std::string& pgnText, const std::string& player, const ReviewLimits& limits,
                                 std::optional<Color> side) {
  *this = ReportSession{};
  text_ = pgnText;
  player_ = player;
  side_ = side;
  limits_ = limits;
  limits_.threads = 1;  // the worker's one thread

  // The first pass: the names in the file, and the player's games and positions.
  std::map<std::string, int> names;
  int games = 0, readable = 0, broken = 0;
  std::string firstError;
  {
    std::istringstream in(text_);
    PgnStream stream(in);
    for (PgnGame g; stream.next(g);) {
      ++games;
      if (g.error.empty()) ++readable;
      else if (firstError.empty()) firstError = "game " + std::to_string(g.number) + ", line " + std::to_string(g.errorLine) + ": " + g.error;
      for (const char* tag : {"White", "Black"}) {
        const std::string name = g.tag(tag);
        if (known_name(name) && (names.size() < NamesCounted || names.count(name))) ++names[name];
      }
      const std::optional<Color> colour = colour_of(g);
      if (!colour) continue;
      if (side_ && player_.empty()) {
        // The side's name in the first game names the report ("White" when the game has none).
        const char* tag = *side_ == WHITE ? "White" : "Black";
        player_ = known_name(g.tag(tag)) ? g.tag(tag) : tag;
      }
      ++gamesTotal_;
      if (g.error.empty()) positionsTotal_ += int(g.moves.size()) + 1;
      else ++broken;
    }
  }
  const std::string namesList = names_json(names);
  auto failed = [&](const std::string& why) {
    gamesTotal_ = positionsTotal_ = 0;
    return "{\"error\":" + json_quoted(why) + ",\"names\":" + namesList + "}";
  };
  // Text with neither a game that replays nor a player's name is no PGN (a stray word is read as
  // one broken game).
  if (games == 0 || (readable == 0 && names.empty()))
    return failed("no game found: paste or open games in PGN (tags in [brackets], then the moves)" + (firstError.empty() ? "" : "; " + firstError));
  if (!side_ && !known_name(player_)) return failed("name the player whose games are to be reviewed" +
                                                    (names.empty() ? std::string() : " (the players in the file: " + names_text(names) + ")"));
  if (gamesTotal_ == 0)
    return failed(player_ + " plays in none of the " + std::to_string(games) + " game(s)" +
                  (names.empty() ? std::string(" (no player is named in the file)") : " (the players in the file: " + names_text(names) + ")"));

  in_ = std::make_unique<std::istringstream>(text_);
  stream_ = std::make_unique<PgnStream>(*in_);
  totals_.emplace(player_);
  engine_ = std::make_unique<Engine>(size_t(std::max(1, limits_.hashMb)), 1);
  engine_->options().moveOverhead = 0;
  begun_ = true;
  startMs_ = now_ms();
  return "{\"player\":" + json_quoted(player_) + ",\"games\":" + std::to_string(gamesTotal_) + ",\"positions\":" +
         std::to_string(positionsTotal_) + ",\"broken\":" + std::to_string(broken) + ",\"names\":" + namesList + "}";
}

bool ReportSession::next_game() {
  for (PgnGame g; stream_->next(g);) {
    const std::optional<Color> colour = colour_of(g);
    if (!colour) continue;
    if (!g.error.empty()) {
      // As `taper report` does: named, counted as skipped, the others reviewed.
      ReportGame r;
      r.index = g.number;
      r.hash = movetext_hash(g);
      r.title = g.title();
      r.skipped = g.error;
      totals_->add(r);
      skipped_.push_back("game " + std::to_string(g.number) + " (" + g.title() + "), line " + std::to_string(g.errorLine) + ": " + g.error);
      ++gamesDone_;
      continue;
    }
    colour_ = *colour;
    game_ = std::move(g);
    positions_ = game_positions(*game_);
    verdicts_.clear();
    return true;
  }
  gamesDone_ = gamesTotal_;  // the stream holds no more of the player's games
  return false;
}

void ReportSession::finish_game() {
  recheck_missed_mates(*game_, positions_, verdicts_, limits_);
  search_second_best(*game_, positions_, verdicts_, limits_);
  GameReview review = review_game(*game_, std::move(positions_), std::move(verdicts_));
  review.method = limit_words(limits_);
  const ReportGame r = report_game(review, colour_, limits_);
  totals_->add(r);
  // Joined as build_report_files() joins them in games.pgn and puzzles.pgn.
  auto append = [](std::string& to, const std::string& text, char separator) {
    if (text.empty()) return;
    if (!to.empty()) to += separator;
    to += text;
  };
  append(gamesPgn_, r.pgn, '\n');
  append(puzzlesPgn_, r.puzzlePgn, '\n');
  append(puzzlesJson_, puzzles_json(r), ',');
  game_.reset();
  positions_.clear();
  verdicts_.clear();
  ++gamesDone_;
}

std::string ReportSession::step() {
  if (begun_ && !game_ && gamesDone_ < gamesTotal_) next_game();
  std::string title;
  if (game_) {
    title = game_->title();
    verdicts_.push_back(search_position(*engine_, positions_[verdicts_.size()], limits_));
    ++positionsDone_;
    if (verdicts_.size() == positions_.size()) finish_game();
  }
  const int64_t left = finished() ? 0 : review_time_left_ms(limits_, positionsDone_, positionsTotal_, now_ms() - startMs_);
  return "{\"positions\":" + std::to_string(positionsDone_) + ",\"total\":" + std::to_string(positionsTotal_) + ",\"gamesDone\":" +
         std::to_string(gamesDone_) + ",\"games\":" + std::to_string(gamesTotal_) + ",\"game\":" + json_quoted(title) +
         ",\"leftMs\":" + std::to_string(left) + ",\"finished\":" + (finished() ? "true" : "false") + "}";
}

std::string ReportSession::result() const {
  if (!finished() || !totals_) return "{\"error\":\"the report is not finished\"}";
  std::string skipped = "[";
  for (size_t k = 0; k < skipped_.size(); ++k) {
    if (k) skipped += ',';
    skipped += json_quoted(skipped_[k]);
  }
  skipped += "]";
  return "{\"report\":" + totals_->json() + ",\"html\":" + json_quoted(totals_->html()) + ",\"gamesPgn\":" + json_quoted(gamesPgn_) +
         ",\"puzzlesPgn\":" + json_quoted(puzzlesPgn_) + ",\"puzzles\":[" + puzzlesJson_ + "],\"skipped\":" + skipped +
         ",\"method\":" + json_quoted(limit_words(limits_)) + "}";
}

std::string judge_move_json(const std::string& fen, const std::string& uci, const ReviewLimits& limits) {
  Position before;
  std::string why;
  if (!before.set(fen, false, &why)) return "{\"error\":" + json_quoted("bad FEN: " + why) + "}";
  const Move move = parse_uci_move(before, uci, &why);
  if (move == Move::none()) return "{\"error\":" + json_quoted(uci + " cannot be played here: " + why) + "}";
  // The move as a game of one move from the position, reviewed as the review reviews any game.
  PgnGame game;
  game.number = 1;
  game.startFen = before.fen();
  game.result = "*";
  PgnMove played;
  played.move = move;
  {
    Position pos = before;
    played.san = move_to_san(pos, move);
  }
  game.moves.push_back(played);
  ReviewLimits one = limits;
  one.threads = 1;
  std::vector<Position> positions = game_positions(game);
  std::vector<PositionVerdict> verdicts = search_game(game, positions, one);
  const GameReview review = review_game(game, std::move(positions), std::move(verdicts));
  const MoveReview& m = review.moves.at(0);
  // The review gives a sentence to mistakes and blunders only; a try that is not the puzzle's
  // move gets one whenever it loses anything, so that the page can say what it gives away.
  std::string reason = m.reason;
  if (reason.empty() && m.played != review.verdicts[0].best && m.chancesAfter < m.chancesBefore) reason = mistake_reason(before, m);
  return "{\"numbered\":" + json_quoted(m.numbered) + ",\"san\":" + json_quoted(m.san) + ",\"class\":" + json_quoted(move_class_name(m.moveClass)) +
         ",\"mark\":" + json_quoted(mark_glyph(m.mark)) + ",\"chancesBefore\":" + decimal_text(m.chancesBefore, 1) + ",\"chancesAfter\":" +
         decimal_text(m.chancesAfter, 1) + ",\"best\":" + json_quoted(numbered_line(before, m.bestLine, 1)) + ",\"bestLine\":" +
         json_quoted(numbered_line(before, m.bestLine, 12)) + ",\"playedLine\":" + json_quoted(numbered_line(before, m.playedLine, 12)) +
         ",\"label\":" + json_quoted(m.label) + ",\"reason\":" + json_quoted(reason) + "}";
}

}  // namespace taper
