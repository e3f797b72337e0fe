// SPDX-License-Identifier: GPL-3.0-or-later
// Why a move was a mistake, in one sentence. A missed or allowed mate says so (a back-rank mate by
// name); otherwise both lines (the best one and the one after the move played) are played out, the
// captures their ends leave hanging are settled, and the sentence begins with the loss a player
// sees on the board (review/motifs.hpp: the piece taken and how, a pawn let through, a lost
// pawn ending). Then, or when the board shows none, the two end positions are compared: the
// material, then the evaluation term by term (the rows of `taper eval`, explain/explanation.hpp),
// naming the one to three rows that account for most of what the move cost. The comparison is
// the explanation's own (explain/compare.hpp), rows keyed by their ParamGroup.
#include <algorithm>
#include <cstdio>

#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "eval/score.hpp"
#include "explain/compare.hpp"
#include "explain/explanation.hpp"
#include "explain/text.hpp"
#include "review/review.hpp"
#include "review/motifs.hpp"

namespace taper {

std::string numbered_line(Position pos, const std::vector<Move>& moves, size_t maxPlies) {
  std::string s;
  for (size_t k = 0; k < moves.size() && k < maxPlies; ++k) {
    const Move m = moves[k];
    if (!pos.is_pseudo_legal(m) || !pos.is_legal(m)) break;
    if (pos.side_to_move() == WHITE) {
      s += s.empty() ? "" : " ";
      s += std::to_string(pos.game_ply() / 2 + 1) + ".";
    }
    else s += s.empty() ? std::to_string(pos.game_ply() / 2 + 1) + "..." : " ";
    s += move_to_san(pos, m);
    pos.do_move(m);
  }
  return s;
}

namespace {

constexpr size_t LinePlies = 8;    // how far each line is followed: its start is what the move changed
constexpr size_t ShownPlies = 6;   // how much of a line the sentence quotes

/// Material by class, as players count it: a bishop for a knight is no loss.
enum MaterialClass { Pawns, Minors, Rooks, Queens, ClassCount };
constexpr int ClassUnits[ClassCount] = {1, 3, 5, 9};

std::string class_words(MaterialClass c, int n, const char* minorName) {
  static const char* const Single[] = {"a pawn", "", "a rook", "the queen"};
  static const char* const Plural[] = {"pawns", "minor pieces", "rooks", "queens"};
  static const char* const Numbers[] = {"", "", "two", "three", "four", "five", "six", "seven", "eight"};
  if (n == 1) return c == Minors ? minorName : Single[c];
  return (n < 9 ? std::string(Numbers[n]) : std::to_string(n)) + " " + Plural[c];
}

/// What the move played costs in material at the ends of the lines, mover's view: "loses a
/// knight", "loses the exchange", "misses winning a pawn", "loses a rook for a pawn"; "" when the
/// difference is less than a pawn. `lostUnits` gets the difference in a player's units (> 0: lost).
std::string material_words(const Position& best, const Position& played, Color us, int& lostUnits) {
  int ours[ClassCount] = {}, theirs[ClassCount] = {}, net[ClassCount] = {};
  int balance = 0;
  auto add = [&](MaterialClass c, PieceType pt) {
    ours[c] += played.count(us, pt) - best.count(us, pt);
    theirs[c] += played.count(~us, pt) - best.count(~us, pt);
  };
  add(Pawns, PAWN), add(Minors, KNIGHT), add(Minors, BISHOP), add(Rooks, ROOK), add(Queens, QUEEN);
  for (int c = 0; c < ClassCount; ++c) {
    net[c] = ours[c] - theirs[c];
    balance += ClassUnits[c] * net[c];
  }
  lostUnits = -balance;
  if (balance > -1) return "";
  // A minor piece is named when only one kind changed hands.
  const int knights = (played.count(us, KNIGHT) - best.count(us, KNIGHT)) - (played.count(~us, KNIGHT) - best.count(~us, KNIGHT));
  const int bishops = (played.count(us, BISHOP) - best.count(us, BISHOP)) - (played.count(~us, BISHOP) - best.count(~us, BISHOP));
  const char* minor = knights && !bishops ? "a knight" : bishops && !knights ? "a bishop" : "a minor piece";
  if (net[Rooks] == -1 && net[Minors] == 1 && !net[Pawns] && !net[Queens]) return ours[Rooks] < 0 ? "loses the exchange" : "misses winning the exchange";
  std::string lost, missed, gained;
  for (int c = ClassCount - 1; c >= 0; --c) {
    if (net[c] < 0) {
      std::string& to = ours[c] < 0 ? lost : missed;
      to += to.empty() ? "" : " and ";
      to += class_words(MaterialClass(c), -net[c], minor);
    } else if (net[c] > 0) {
      gained += gained.empty() ? "" : " and ";
      gained += class_words(MaterialClass(c), net[c], minor);
    }
  }
  std::string s = lost.empty() ? "" : "loses " + lost;
  if (!missed.empty()) {
    s += s.empty() ? "" : " and ";
    s += std::string("misses winning ") + missed;
  }
  if (!gained.empty()) s += " for " + gained;
  return s;
}

std::string colour_name(Color c) { return c == WHITE ? "White" : "Black"; }

std::string pawns(int cp) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f pawn%s", std::abs(cp) / 100.0, std::abs(cp) == 100 ? "" : "s");
  return buf;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

/// "Black's king danger term costs 1.80 pawns more": the side whose change hurt the mover most.
std::string row_words(const RowChange& c, Color us) {
  const int ownLoss = -c.change(us), theirGain = c.change(~us);
  const Color who = ownLoss >= theirGain ? us : ~us;
  const int d = c.change(who);
  const bool penalty = c.after[who] < 0;  // a row that costs its side (king danger, weak pawns)
  const std::string verb = d < 0 ? (penalty ? "costs " + pawns(d) + " more" : "gives " + pawns(d) + " less")
                                 : (penalty ? "costs " + pawns(d) + " less" : "gives " + pawns(d) + " more");
  return colour_name(who) + "'s " + lower(GroupTitle[size_t(c.group)]) + " term " + verb;
}

/// What the move does, in a few words, from the row that cost most and whose change it was.
std::string lead_words(const RowChange& c, Color us) {
  const bool ours = -c.change(us) >= c.change(~us);
  const std::string them = colour_name(~us);
  switch (c.group) {
    case ParamGroup::Material: return "loses material";
    case ParamGroup::Psqt: return ours ? "misplaces a piece" : "lets " + them + "'s pieces improve";
    case ParamGroup::Pawns: return ours ? "weakens the pawns" : "straightens out " + them + "'s pawns";
    case ParamGroup::Passed: return ours ? "lets a passed pawn go" : "lets " + them + "'s passed pawns loose";
    case ParamGroup::Mobility: return ours ? "gives up activity" : "frees " + them + "'s pieces";
    case ParamGroup::Knights:
    case ParamGroup::Bishops:
    case ParamGroup::Rooks:
    case ParamGroup::Queens: {
      const std::string pieces = lower(GroupTitle[size_t(c.group)]);
      return ours ? "misplaces the " + pieces : "strengthens " + them + "'s " + pieces;
    }
    case ParamGroup::Threats: return ours ? "gives up its threats" : "walks into threats";
    case ParamGroup::Space: return ours ? "gives up space" : "gives " + them + " space";
    case ParamGroup::KingShelter: return ours ? "loses the king's cover" : "lets " + them + "'s king find cover";
    case ParamGroup::KingDanger: return ours ? "exposes the king" : "lets " + them + "'s king off the hook";
    case ParamGroup::KingActivity: return ours ? "leaves the king passive" : "activates " + them + "'s king";
    case ParamGroup::Endgame: return ours ? "spoils the endgame" : "helps " + them + "'s endgame";
    case ParamGroup::Scale:
    case ParamGroup::SideToMove:
    case ParamGroup::Count: break;
  }
  return "loses time";
}

/// The rows that account for the loss: the largest against the mover first, until they cover
/// the total (at most three, each at least 0.10 pawns).
std::vector<const RowChange*> deciding_rows(const std::vector<RowChange>& rows, Color us, bool skipMaterial) {
  std::vector<const RowChange*> against;
  int total = 0;
  for (const RowChange& c : rows) {
    total += c.net_for(us);
    if (c.net_for(us) <= -10 && !(skipMaterial && c.group == ParamGroup::Material)) against.push_back(&c);
  }
  std::stable_sort(against.begin(), against.end(), [us](auto* a, auto* b) { return a->net_for(us) < b->net_for(us); });
  std::vector<const RowChange*> out;
  int covered = 0;
  for (const RowChange* c : against) {
    if (out.size() == 3 || (!out.empty() && covered <= std::min(total, -1))) break;
    out.push_back(c);
    covered += c->net_for(us);
  }
  return out;
}

}  // namespace

std::string mistake_reason(const Position& before, const MoveReview& m) {
  const Color us = before.side_to_move();
  const std::string head = m.numbered + mark_glyph(m.mark) + " ";
  Position afterMove = before;
  afterMove.do_move(m.played);
  const std::vector<Move> reply(m.playedLine.begin() + (m.playedLine.empty() ? 0 : 1), m.playedLine.end());
  const std::string best = numbered_line(before, m.bestLine, 1);

  // Mates first: nothing else matters as much. A back-rank mate is named as such.
  auto mate_words = [](const std::string& motif, int n) { return (motif.empty() ? "mate" : motif) + " in " + std::to_string(n); };
  if (m.bestScore >= VALUE_MATE_IN_MAX_PLY && m.playedScore < VALUE_MATE_IN_MAX_PLY) {
    const int n = (VALUE_MATE - m.bestScore + 1) / 2;
    const std::vector<Move> mate(m.bestLine.begin(), m.bestLine.begin() + long(std::min(m.bestLine.size(), size_t(2 * n - 1))));
    return head + "missed " + mate_words(mate_motif(before, mate), n) + ": " + numbered_line(before, mate) + ".";
  }
  if (m.playedScore <= VALUE_MATED_IN_MAX_PLY && m.bestScore > VALUE_MATED_IN_MAX_PLY) {
    const int n = (VALUE_MATE + m.playedScore) / 2;  // plies from before the move: the opponent's moves are half
    const std::vector<Move> mate(reply.begin(), reply.begin() + long(std::min(reply.size(), size_t(2 * n - 1))));
    return head + "allows " + mate_words(mate_motif(afterMove, mate), n) + ": " + numbered_line(afterMove, mate) + ".";
  }
  if (m.bestTablebase && m.playedTablebase && m.bestScore > 0 && m.playedScore <= 0)
    return head + (m.playedScore == 0 ? "turns a tablebase win into a draw" : "turns a tablebase win into a loss") + " (" + best + " wins).";
  if (m.bestTablebase && m.playedTablebase && m.bestScore == 0 && m.playedScore < 0)
    return head + "turns a tablebase draw into a loss (" + best + " holds).";

  const LineWalk bestWalk = walk_line(before, m.bestLine, LinePlies), playedWalk = walk_line(before, m.playedLine, LinePlies);
  const Position &bestEnd = bestWalk.end(), &playedEnd = playedWalk.end();
  const std::string after = reply.empty() ? "" : numbered_line(afterMove, reply, ShownPlies);
  const std::string afterText = after.empty() ? "" : " after " + after + (reply.size() > ShownPlies ? " ..." : "");
  int lostUnits = 0;
  const std::string material = material_words(bestEnd, playedEnd, us, lostUnits);
  const std::vector<RowChange> rows = compare_explanations(explain_evaluation(bestEnd), explain_evaluation(playedEnd));
  const std::vector<const RowChange*> deciding = deciding_rows(rows, us, !material.empty());

  // What the player sees on the board first (a piece taken, a pawn through, a lost pawn
  // ending), then the evaluation's largest other term when it is worth half a pawn.
  const std::string loss = board_loss_words(playedWalk, bestWalk, lostUnits, m.chancesAfter);
  if (!loss.empty()) {
    std::string s = head + loss;
    if (!deciding.empty() && deciding[0]->net_for(us) <= -50) s += ", and " + row_words(*deciding[0], us);
    return s + " (" + best + " was better).";
  }

  if (!material.empty()) {
    std::string s = head + material + afterText;
    if (!deciding.empty() && deciding[0]->net_for(us) <= -50) s += ", and " + row_words(*deciding[0], us);
    return s + " (" + best + " was better).";
  }
  if (!deciding.empty()) {
    std::vector<std::string> parts;
    for (const RowChange* c : deciding) parts.push_back(row_words(*c, us));
    return head + lead_words(*deciding[0], us) + ":" + (afterText.empty() ? "" : afterText + ",") + " " + listing(parts) +
           " than after " + numbered_line(before, m.bestLine, 3) + ".";
  }
  // No term explains it (a known ending, or the loss is beyond the lines' ends): the scores say it.
  const int sign = us == WHITE ? 1 : -1;
  return head + "lets the evaluation fall from " + score_text(sign * m.bestScore, false) + " to " + score_text(sign * m.playedScore, false) +
         afterText + " (" + best + " was better).";
}

}  // namespace taper
