// SPDX-License-Identifier: GPL-3.0-or-later
// A PGN reader for scored match games: tag pairs, movetext with comments, variations, NAGs and
// move numbers; moves replayed on a Position so that each score gets its material.
#include "tune/pgn_scores.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <vector>

#include "board/notation.hpp"
#include "board/position.hpp"
#include "eval/wdl_model.hpp"

namespace taper::tune {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

/// Movetext as (move, comment after it) pairs; variations, NAGs, numbers and the result dropped.
std::vector<std::pair<std::string, std::string>> moves_of(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> out;
  int depth = 0;  // inside a variation
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == '{') {
      size_t end = text.find('}', i);
      if (end == std::string::npos) end = text.size();
      if (!depth && !out.empty() && out.back().second.empty()) out.back().second = text.substr(i + 1, end - i - 1);
      i = end + 1;
    } else if (c == ';') {  // comment to the end of the line
      size_t end = text.find('\n', i);
      i = end == std::string::npos ? text.size() : end + 1;
    } else if (c == '(') {
      ++depth, ++i;
    } else if (c == ')') {
      depth = std::max(0, depth - 1), ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else {
      size_t end = i;
      while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) && text[end] != '{' &&
             text[end] != '(' && text[end] != ')' && text[end] != ';')
        ++end;
      std::string token = text.substr(i, end - i);
      i = end;
      // "12." / "12..." / "12.e4": strip the move number.
      size_t digits = 0;
      while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) ++digits;
      if (digits && digits < token.size() && token[digits] == '.') {
        token.erase(0, digits);
        token.erase(0, token.find_first_not_of('.'));
        if (token.empty()) continue;
      }
      if (token.empty() || token[0] == '$' || token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*")
        continue;
      if (!depth) out.push_back({token, ""});
    }
  }
  return out;
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
                       const std::function<void(const PgnGame&)>& onGame) {
  PgnScan scan;
  std::map<std::string, std::string> tags;
  std::string movetext;
  const std::string wanted = lower(engine);

  auto finish_game = [&] {
    if (tags.empty() && movetext.empty()) return;
    ++scan.games;
    std::string result = tags["Result"];
    double white = result == "1-0" ? 1.0 : result == "0-1" ? 0.0 : result == "1/2-1/2" ? 0.5 : -1;
    bool plays[COLOR_NB] = {lower(tags["White"]).find(wanted) != std::string::npos,
                            lower(tags["Black"]).find(wanted) != std::string::npos};
    if (white >= 0 && (plays[WHITE] || plays[BLACK])) {
      ++scan.usedGames;
      std::string variant = lower(tags["Variant"]);
      bool chess960 = variant.find("960") != std::string::npos || variant.find("fischer") != std::string::npos;
      Position pos;
      std::string fen = tags.count("FEN") ? tags["FEN"] : std::string(Position::StartFen);
      PgnGame game;
      game.whiteResult = white;
      if (!pos.set(fen, chess960)) {
        ++scan.badGames;
      } else {
        for (const auto& [san, comment] : moves_of(movetext)) {
          Move m = parse_san_move(pos, san);
          if (!m) {
            ++scan.badGames;
            game.complete = false;
            break;
          }
          PgnPly ply;
          ply.fen = pos.fen();
          const Color mover = pos.side_to_move();
          ply.byEngine = plays[mover];
          ply.inCheck = pos.in_check();
          ply.quiet = !pos.is_capture_or_promotion(m);
          ply.material = wdl_material(pos);
          int cp = 0;
          bool mate = false;
          if (parse_score_comment(comment, cp, mate)) {
            ply.score = PgnPly::Score::Centipawns;
            ply.whiteScore = mover == WHITE ? cp : -cp;
          } else if (mate) {
            ply.score = PgnPly::Score::Mate;
          }
          if (ply.byEngine) {
            ++(ply.score == PgnPly::Score::Centipawns ? scan.scored
               : ply.score == PgnPly::Score::Mate     ? scan.mates
                                                      : scan.unscored);
          }
          game.plies.push_back(std::move(ply));
          pos.do_move(m);
        }
        onGame(game);
      }
    }
    tags.clear();
    movetext.clear();
  };

  for (std::string line; nextLine(line);) {
    size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string::npos && line[first] == '[') {
      // A tag pair, [Name "Value"]; after movetext it opens the next game.
      if (movetext.find_first_not_of(" \t\r\n") != std::string::npos) finish_game();
      size_t space = line.find(' ', first), open = line.find('"', first), close = line.rfind('"');
      if (space != std::string::npos && open != std::string::npos && close > open)
        tags[line.substr(first + 1, space - first - 1)] = line.substr(open + 1, close - open - 1);
      continue;
    }
    movetext += line;
    movetext += '\n';
  }
  finish_game();
  return scan;
}

PgnScan scan_pgn(const std::function<bool(std::string&)>& nextLine, const std::string& engine,
                 const std::function<void(const PgnScoredMove&)>& onMove) {
  return scan_pgn_games(nextLine, engine, [&](const PgnGame& game) {
    for (const PgnPly& ply : game.plies)
      if (ply.byEngine && ply.score == PgnPly::Score::Centipawns)
        onMove({ply.material, ply.whiteScore, game.whiteResult});
  });
}

}  // namespace taper::tune
