// SPDX-License-Identifier: GPL-3.0-or-later
// Wording the verdict (explain/words.hpp). The facts come from the explanation; the phrases of
// the three views differ where their outputs were fixed before they shared this file, so a known
// ending or a dead draw is still said three ways, side by side below.
#include "explain/words.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>

#include "board/notation.hpp"
#include "eval/endgames.hpp"
#include "explain/text.hpp"

namespace taper {

namespace {

/// The player's name of each `eval` table row, by ParamGroup (empty: not a row).
constexpr std::string_view PlayerWords[] = {
    "material",      "piece placement", "pawn structure", "passed pawns", "mobility",
    "knights",       "bishops",         "rooks",          "queens",       "threats",
    "space",         "king safety",     "king safety",    "king activity", "endgame technique",
    "",              "the move"};
static_assert(std::size(PlayerWords) == size_t(ParamGroup::Count));

/// Why a dead draw is one, in the picture's note and the JSON's sentence.
constexpr std::string_view DeadDrawReason = "neither side has the material to mate";

/// `text` with its first letter upper case (the words above open a sentence in the JSON).
std::string capitalised(std::string_view text) {
  std::string s(text);
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = char(s[0] - 'a' + 'A');
  return s;
}

// --- the picture: a headline, a note for early exits, two or three reasons ----------------

/// The terms for the better side, largest first; a level position lists the largest either way.
/// The third: what speaks most against the better side, if it is sizeable, else one more for it.
std::vector<PlayerTerm> picture_reasons(const EvalExplanation& e) {
  std::vector<PlayerTerm> all = e.terms, reasons;
  const int leader = std::abs(e.finalCp) <= 25 ? 0 : e.finalCp > 0 ? 1 : -1;
  auto towardsLeader = [&](const PlayerTerm& t) { return leader ? leader * t.whiteCp : std::abs(t.whiteCp); };
  std::sort(all.begin(), all.end(), [&](const PlayerTerm& a, const PlayerTerm& b) {
    return towardsLeader(a) > towardsLeader(b);
  });
  for (const PlayerTerm& t : all)
    if (reasons.size() < 2 && towardsLeader(t) >= 5) reasons.push_back(t);
  if (leader && !all.empty() && -towardsLeader(all.back()) >= 20) reasons.push_back(all.back());
  else if (all.size() > 2 && towardsLeader(all[2]) >= 5) reasons.push_back(all[2]);
  return reasons;
}

void picture_words(const EvalExplanation& e, EvalWords& w) {
  const int cp = e.finalCp;
  switch (e.record.exit) {
    case EvalExit::InsufficientMaterial:
      w.headline = "Dead draw";
      w.note = DeadDrawReason;
      return;
    case EvalExit::KnownEndgame:
      w.headline = std::abs(cp) >= endgames::KnownWinThreshold ? std::string(cp > 0 ? "White" : "Black") + " is winning"
                   : cp == 0                                   ? "Draw"
                                                               : standing_words(cp) + ": " + pawns_text(cp);
      w.note = "known ending " + e.material + ": the endgame rule decides, not the general terms";
      return;
    case EvalExit::General:
      w.headline = standing_words(cp) + ": " + pawns_text(cp);
      w.reasons = picture_reasons(e);
      return;
  }
}

// --- the JSON and the web page: one sentence, and the rows it names as deciding ------------

std::string row_text(const ExplainedRow& r) { return std::string(r.term) + " (" + pawns_text(r.cp) + ")"; }

/// Who stands better, the two or three rows that carry the score (largest first, as many as it
/// takes to pass the final score, at most three) and the largest row against it.
void sentence_words(const EvalExplanation& e, EvalWords& w) {
  const int cp = e.finalCp;
  if (e.record.exit == EvalExit::InsufficientMaterial) {
    w.verdict = capitalised(DeadDrawReason) + ": a dead draw (0.00).";
    return;
  }
  if (e.record.exit == EvalExit::KnownEndgame) {
    w.verdict = "Known endgame " + e.material + ": an exact rule scores it, not the general terms. " +
                (cp == 0 ? std::string("It is a draw") : standing_words(cp)) + " (" + pawns_text(cp) + ").";
    return;
  }
  const int sign = cp > 0 ? 1 : cp < 0 ? -1 : 0;
  std::vector<const ExplainedRow*> byWeight;
  for (const ExplainedRow& row : e.rows) byWeight.push_back(&row);
  std::stable_sort(byWeight.begin(), byWeight.end(), [](auto* a, auto* b) { return std::abs(a->cp) > std::abs(b->cp); });

  std::string s = standing_words(cp) + " (" + pawns_text(cp) + ")";
  if (std::abs(cp) <= 25) {
    // Level: name the largest term on each side, if any is worth mentioning.
    const ExplainedRow *forWhite = nullptr, *forBlack = nullptr;
    for (const ExplainedRow* row : byWeight) {
      if (row->cp >= 15 && !forWhite) forWhite = row;
      if (row->cp <= -15 && !forBlack) forBlack = row;
    }
    if (forWhite && forBlack) {
      s += ": " + row_text(*forWhite) + " for White and " + row_text(*forBlack) + " for Black balance out";
      w.deciding = {forWhite->term, forBlack->term};
    } else
      s += ": no term is worth more than a few hundredths of a pawn to either side";
    w.verdict = s + ".";
    return;
  }
  std::vector<std::string> carry;
  int sum = 0;
  for (const ExplainedRow* row : byWeight) {
    if (row->cp * sign <= 0 || carry.size() == 3 || (!carry.empty() && sum * sign > std::abs(cp))) continue;
    carry.push_back(row_text(*row));
    w.deciding.push_back(row->term);
    sum += row->cp;
  }
  s += ": " + listing(carry) + (carry.size() == 1 ? " decides it" : " decide it");
  for (const ExplainedRow* row : byWeight)
    if (row->cp * sign < 0) {
      if (std::abs(row->cp) >= 15) s += "; " + row_text(*row) + " pulls the other way";
      break;
    }
  w.verdict = s + ".";
}

// --- each king's safety, for the picture and the page ----------------------------------------

/// "the knight", "the knight and the queen": the pieces with a safe check ("NBRQ" letters).
std::string checking_pieces(const std::string& letters) {
  std::vector<std::string> names;
  for (char l : letters) names.push_back(l == 'N' ? "knight" : l == 'B' ? "bishop" : l == 'R' ? "rook" : "queen");
  std::vector<std::string> withArticle;
  for (const std::string& n : names) withArticle.push_back("the " + n);
  return listing(withArticle);
}

/// "White king on g1: 3 enemy pieces attack the squares around it, the weak squares f2 and h2, a
/// safe check by the queen; it costs 1.20 pawns." The units behind it are the engine's scale,
/// negative when the defenders outweigh the attack: no figure for a player.
std::string king_words(const EvalExplanation& e, Color c) {
  std::string s = std::string(c == WHITE ? "White" : "Black") + " king on " + square_to_string(e.kingSquare[c]) + ": ";
  const int attackers = e.squares.zoneAttackers[c];
  if (attackers == 0) return s + "safe, no enemy piece attacks the squares around it.";
  s += attackers == 1 ? std::string("one enemy piece attacks") : std::to_string(attackers) + " enemy pieces attack";
  s += " the squares around it";
  std::vector<std::string> weak;
  for (Bitboard b = e.squares.weakInner[c] | e.squares.weakOuter[c]; b;) weak.push_back(square_to_string(pop_lsb(b)));
  if (!weak.empty()) s += weak.size() == 1 ? ", the weak square " + weak[0] : ", the weak squares " + listing(weak);
  if (!e.safeChecks[c].empty())
    s += std::string(e.safeChecks[c].size() == 1 ? ", a safe check by " : ", safe checks by ") + checking_pieces(e.safeChecks[c]);
  const EvalRecord& r = e.record;
  const int cost = tapered_value(Score(r.dangerPenalty[c], r.dangerPenaltyEg[c]), r.phase, r.scale);
  if (r.dangerReal[c] && cost > 0) return s + "; it costs " + pawns_text(cost).substr(1) + " pawns.";
  if (attackers < 2) return s + "; no danger yet, it takes two.";
  return s + "; the defence holds, no cost yet.";
}

// --- the `eval` table: one line instead of the rows ---------------------------------------

std::string table_note(const EvalExplanation& e) {
  switch (e.record.exit) {
    case EvalExit::KnownEndgame: return "Known endgame " + e.material + ": exact evaluation, no general terms.";
    case EvalExit::InsufficientMaterial: return "Insufficient material: neither side can mate, the evaluation is a draw.";
    case EvalExit::General: break;
  }
  return "";
}

}  // namespace

std::string standing_words(int cp) {
  const int a = std::abs(cp);
  if (a <= 25) return "The position is level";
  const std::string side = cp > 0 ? "White" : "Black";
  if (a <= 75) return side + " is slightly better";
  if (a <= 175) return side + " is better";
  if (a <= 350) return side + " is much better";
  return side + " is winning";
}

std::string_view player_words(ParamGroup group) { return PlayerWords[size_t(group)]; }

EvalWords verdict_words(const EvalExplanation& e) {
  EvalWords w;
  picture_words(e, w);
  sentence_words(e, w);
  w.tableNote = table_note(e);
  for (Color c : {WHITE, BLACK})
    if (e.kingSquare[c] != SQ_NONE) w.kings[c] = king_words(e, c);
  return w;
}

}  // namespace taper
