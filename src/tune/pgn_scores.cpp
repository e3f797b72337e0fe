// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's scored moves of match games: games from the one PGN reader (board/pgn_stream.hpp),
// each move's first comment read as fastchess writes its score, the position's material counted.
#include "tune/pgn_scores.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "board/pgn_stream.hpp"
#include "board/position.hpp"
#include "eval/wdl_model.hpp"

namespace taper::tune {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

/// The game's result for White: 1, 0.5 or 0; -1 when it has none ("*").
double white_result(const std::string& result) {
  return result == "1-0" ? 1.0 : result == "0-1" ? 0.0 : result == "1/2-1/2" ? 0.5 : -1;
}

}  // namespace

bool parse_score_comment(const std::string& comment, int& centipawns, bool& mate) {
  size_t i = comment.find_first_not_of(" \t\n");
  mate = false;
  if (i == std::string::npos) return false;
  bool negative = comment[i] == '-';
  if (comment[i] == '+' || comment[i] == '-') ++i;
  if (i < comment.size() && comment[i] == 'M') {
    mate = comment.find('/', i) != std::string::npos;
    return false;
  }
  size_t start = i;
  while (i < comment.size() && (std::isdigit(static_cast<unsigned char>(comment[i])) || comment[i] == '.')) ++i;
  // The score is followed by "/depth": "book", "0.512s" or plain text are not scores.
  if (i == start || i >= comment.size() || comment[i] != '/') return false;
  double pawns = std::min(1e4, std::strtod(comment.substr(start, i - start).c_str(), nullptr));
  centipawns = int(std::lround(pawns * 100)) * (negative ? -1 : 1);
  return true;
}

PgnScan scan_pgn_games(const std::function<bool(std::string&)>& nextLine, const std::string& engine,
                       const std::function<void(const ScoredGame&)>& onGame) {
  PgnScan scan;
  const std::string wanted = lower(engine);
  PgnStream stream(nextLine);
  for (PgnGame game; stream.next(game);) {
    ++scan.games;
    const double white = white_result(game.result);
    const bool plays[COLOR_NB] = {lower(game.tag("White")).find(wanted) != std::string::npos,
                                  lower(game.tag("Black")).find(wanted) != std::string::npos};
    if (white < 0 || !(plays[WHITE] || plays[BLACK])) continue;
    ++scan.usedGames;
    Position pos;
    if (!pos.set(game.startFen, game.chess960)) {  // a setup that cannot be played from
      ++scan.badGames;
      continue;
    }
    ScoredGame scored;
    scored.whiteResult = white;
    // The reader stops a broken game at its first unreadable move; the moves before it count.
    if (!game.error.empty()) {
      ++scan.badGames;
      scored.complete = false;
    }
    for (const PgnMove& move : game.moves) {
      PgnPly ply;
      ply.fen = pos.fen();
      const Color mover = pos.side_to_move();
      ply.byEngine = plays[mover];
      ply.inCheck = pos.in_check();
      ply.quiet = !pos.is_capture_or_promotion(move.move);
      ply.material = wdl_material(pos);
      // The first comment that holds a score: a GUI's own remark (";" to the end of the line)
      // may come before the engine's.
      for (const std::string& comment : move.comments) {
        int cp = 0;
        bool mate = false;
        if (parse_score_comment(comment, cp, mate)) {
          ply.score = PgnPly::Score::Centipawns;
          ply.whiteScore = mover == WHITE ? cp : -cp;
        } else if (mate) {
          ply.score = PgnPly::Score::Mate;
        }
        if (ply.score != PgnPly::Score::None) break;
      }
      if (ply.byEngine) {
        ++(ply.score == PgnPly::Score::Centipawns ? scan.scored
           : ply.score == PgnPly::Score::Mate     ? scan.mates
                                                  : scan.unscored);
      }
      scored.plies.push_back(std::move(ply));
      pos.do_move(move.move);
    }
    onGame(scored);
  }
  return scan;
}

PgnScan scan_pgn(const std::function<bool(std::string&)>& nextLine, const std::string& engine,
                 const std::function<void(const PgnScoredMove&)>& onMove) {
  return scan_pgn_games(nextLine, engine, [&](const ScoredGame& game) {
    for (const PgnPly& ply : game.plies)
      if (ply.byEngine && ply.score == PgnPly::Score::Centipawns)
        onMove({ply.material, ply.whiteScore, game.whiteResult});
  });
}

}  // namespace taper::tune
