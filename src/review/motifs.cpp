// SPDX-License-Identifier: GPL-3.0-or-later
// The loss a player sees on the board (review/motifs.hpp). The line after the move played
// is walked once; the opponent's captures in it that the mover does not win back on the spot are
// the losses, the largest one is named, and the moves before it say how it came: taken at once
// (left hanging), pinned to the king, a fork, a skewer, or an attack the mover could not parry.
// The motifs are the ones the chessprogramming wiki lists under "Tactics" (Hanging Piece, Fork,
// Pin, Skewer, Back-rank mate) and lichess's puzzle themes name alike.
#include "review/motifs.hpp"

#include <algorithm>
#include <climits>

#include "board/movegen.hpp"
#include "board/notation.hpp"
#include "core/attacks.hpp"
#include "explain/text.hpp"
#include "review/review.hpp"

namespace taper {

namespace {

const char* piece_name(PieceType pt) {
  static const char* const Names[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
  return pt >= PAWN && pt <= KING ? Names[pt] : "";
}

std::string colour_name(Color c) { return c == WHITE ? "White" : "Black"; }

/// The moves k..end-1 of a walk, as players write them ("6.d3 d5 7.Nxh8 Qxh1+").
std::string moves_from(const LineWalk& w, size_t k, size_t end) {
  if (k >= end) return "";
  return numbered_line(w.positions[k], std::vector<Move>(w.moves.begin() + long(k), w.moves.begin() + long(end)));
}

/// A capture in a walk: ply k takes the piece of type `victim` on `square`.
struct Capture {
  size_t ply = 0;
  PieceType victim = NO_PIECE_TYPE;
  Square square = SQ_NONE;
  int lostUnits = 0;  ///< what the capture costs its victim's side, net of a capture just before on the square
  PieceType wonBack = NO_PIECE_TYPE;  ///< what the mover takes back at once on the square, if anything
};

/// The opponent's captures of the mover's pieces in the walk that the mover does not win back:
/// neither recaptured at once on the same square, nor themselves a recapture of something worth
/// as much (a trade). Ply 0 is the mover's move.
std::vector<Capture> losses(const LineWalk& w, Color us) {
  std::vector<Capture> out;
  for (size_t k = 1; k < w.moves.size(); ++k) {
    const Position& pos = w.positions[k];
    const Move m = w.moves[k];
    if (pos.side_to_move() == us || !pos.is_capture(m)) continue;
    const Square sq = m.kind() == EN_PASSANT ? Square(int(m.to()) + (us == WHITE ? 8 : -8)) : m.to();
    const PieceType victim = type_of(pos.piece_on(sq));
    int lost = piece_units(victim);
    // A recapture: the mover took on this square just before (a trade, or a sacrifice).
    const Move previous = w.moves[k - 1];
    if (previous.to() == m.to() && w.positions[k - 1].is_capture(previous))
      lost -= piece_units(type_of(w.positions[k - 1].piece_on(previous.to())));
    // Won back at once: the mover takes on the same square next.
    PieceType wonBack = NO_PIECE_TYPE;
    if (k + 1 < w.moves.size() && w.moves[k + 1].to() == m.to() && w.positions[k + 1].is_capture(w.moves[k + 1])) {
      wonBack = type_of(w.positions[k + 1].piece_on(m.to()));
      lost -= piece_units(wonBack);
    }
    if (lost > 0) out.push_back({k, victim, sq, lost, wonBack});
  }
  return out;
}

/// The sliders of `them` that pin the piece on `sq` to `us`'s king in `pos`.
Bitboard pinners_of(const Position& pos, Square sq, Color us) {
  const Square ksq = pos.king_square(us);
  Bitboard out = 0;
  const Color them = ~us;
  const Bitboard sliders = (bishop_attacks_bb(ksq, 0) & pos.pieces(them, BISHOP, QUEEN)) |
                           (rook_attacks_bb(ksq, 0) & pos.pieces(them, ROOK, QUEEN));
  for (Bitboard b = sliders; b;) {
    const Square s = pop_lsb(b);
    // between_bb() includes its second square (the king): only the squares strictly between count.
    const Bitboard between = between_bb(s, ksq) & ~square_bb(ksq) & pos.pieces();
    if (between == square_bb(sq)) out |= square_bb(s);
  }
  return out;
}

/// The mover's pieces the piece on `from` attacks in `pos` that are worth attacking: the king,
/// pieces worth more than the attacker, and undefended pieces (not pawns).
std::vector<Square> targets(const Position& pos, Square from, Color us) {
  const PieceType pt = type_of(pos.piece_on(from));
  const Bitboard attacked = pt == PAWN ? pawn_attacks_bb(~us, from) : attacks_bb(pt, from, pos.pieces());
  std::vector<Square> out;
  for (Bitboard b = attacked & pos.pieces(us) & ~pos.pieces(us, PAWN); b;) {
    const Square s = pop_lsb(b);
    const PieceType victim = type_of(pos.piece_on(s));
    const bool defended = pos.attackers_to(s) & pos.pieces(us);
    if (victim == KING || piece_units(victim) > piece_units(pt) || !defended) out.push_back(s);
  }
  return out;
}

std::string target_words(const Position& pos, const std::vector<Square>& squares) {
  std::vector<std::string> names;
  for (Square s : squares) {
    const PieceType pt = type_of(pos.piece_on(s));
    names.push_back(std::string("the ") + piece_name(pt));
  }
  // The king first, as a player says it ("attacks the king and the rook").
  std::stable_partition(names.begin(), names.end(), [](const std::string& n) { return n == "the king"; });
  return listing(names);
}

/// How the piece lost at `c` came to be taken: the motif's words and where the line to the
/// capture starts being quoted.
std::string how_it_fell(const LineWalk& w, const Capture& c, Color us) {
  const std::string name = piece_name(c.victim);
  const size_t k = c.ply;
  // Pinned to the king when it fell: the pin, and the line to the capture.
  if (const Bitboard pinners = pinners_of(w.positions[k], c.square, us)) {
    const Square p = lsb(pinners);
    std::string s = std::string(" to a pin: the ") + piece_name(type_of(w.positions[k].piece_on(p))) + " on " + square_to_string(p) +
                    " pins it to the king";
    return s + " (" + moves_from(w, 1, k + 1) + ")";
  }
  if (k == 1 && c.wonBack != NO_PIECE_TYPE) return std::string(" for a ") + piece_name(c.wonBack) + ": " + moves_from(w, 1, 3);
  if (k == 1) return ", left hanging: " + moves_from(w, 1, 2) + " takes it";
  // The opponent's moves before the capture: a fork or a skewer made by one of them, else the
  // first one after which the piece stayed attacked.
  size_t attackedFrom = k;
  for (size_t j = k; j-- > 1;) {
    const Position& after = w.positions[j + 1];
    if (!after.attacked_by(~us, c.square, after.pieces()) || type_of(after.piece_on(c.square)) != c.victim) break;
    attackedFrom = j;
  }
  for (size_t j = 1; j < k; ++j) {
    if (w.positions[j].side_to_move() == us) continue;
    const Position& after = w.positions[j + 1];
    const Square t = w.moves[j].to();
    const PieceType mover = type_of(after.piece_on(t));
    if (type_of(after.piece_on(c.square)) != c.victim || color_of(after.piece_on(c.square)) != us) continue;
    const std::vector<Square> hit = targets(after, t, us);
    const bool hitsVictim = std::find(hit.begin(), hit.end(), c.square) != hit.end();
    if (hitsVictim && hit.size() >= 2)
      return " to a fork: " + moves_from(w, j, j + 1) + " attacks " + target_words(after, hit) + " (" + moves_from(w, j + 1, k + 1) + ")";
    // A skewer: a slider attacks the king or a bigger piece, and the victim stands behind it.
    if (mover == BISHOP || mover == ROOK || mover == QUEEN)
      for (Square x : hit)
        if (x != c.square && (between_bb(t, c.square) & square_bb(x)))
          return " to a skewer: " + moves_from(w, j, j + 1) + " attacks " + target_words(after, {x}) + " and the " + name +
                 " behind it (" + moves_from(w, j + 1, k + 1) + ")";
  }
  if (attackedFrom < k) {
    const std::string rest = moves_from(w, attackedFrom + 1, k + 1);
    return ": " + moves_from(w, attackedFrom, attackedFrom + 1) + " attacks it (" + rest + ")";
  }
  return ": " + moves_from(w, 1, k + 1);
}

/// The opponent's first promotion in the walk (its ply), or 0.
size_t promotion_ply(const LineWalk& w, Color them) {
  for (size_t k = 1; k < w.moves.size(); ++k)
    if (w.positions[k].side_to_move() == them && w.moves[k].kind() == PROMOTION) return k;
  return 0;
}

/// The first ply of the line (not its settle captures) after which only kings and pawns are left, or 0.
size_t pawn_ending_ply(const LineWalk& w) {
  for (size_t k = 1; k <= w.linePlies && k < w.positions.size(); ++k) {
    const Position& p = w.positions[k];
    if (p.pieces() == p.pieces(KING, PAWN) && p.pieces(PAWN)) return k;
  }
  return 0;
}

}  // namespace

int piece_units(PieceType pt) {
  static constexpr int Units[] = {0, 1, 3, 3, 5, 9, 0, 0};
  return pt >= NO_PIECE_TYPE && pt < PIECE_TYPE_NB ? Units[pt] : 0;
}

LineWalk walk_line(const Position& from, const std::vector<Move>& line, size_t plies) {
  LineWalk w;
  Position pos = from;
  w.positions.push_back(pos);
  for (size_t k = 0; k < line.size() && k < plies; ++k) {
    if (!pos.is_pseudo_legal(line[k]) || !pos.is_legal(line[k])) break;
    pos.do_move(line[k]);
    w.moves.push_back(line[k]);
    w.positions.push_back(pos);
  }
  w.linePlies = w.moves.size();
  for (int settle = 0; settle < 8; ++settle) {
    Move best = Move::none();
    int bestVictim = 0, bestAttacker = INT_MAX;
    for (Move m : MoveList<LEGAL>(pos)) {
      if (!pos.is_capture(m) || !pos.see_ge(m, 1)) continue;
      const int victim = m.kind() == EN_PASSANT ? SeeValue[PAWN] : SeeValue[type_of(pos.piece_on(m.to()))];
      const int attacker = SeeValue[type_of(pos.moved_piece(m))];
      if (victim > bestVictim || (victim == bestVictim && attacker < bestAttacker)) best = m, bestVictim = victim, bestAttacker = attacker;
    }
    if (best == Move::none()) break;
    pos.do_move(best);
    w.moves.push_back(best);
    w.positions.push_back(pos);
  }
  return w;
}

std::string board_loss_words(const LineWalk& played, const LineWalk& best, int lostUnits, double chancesAfter) {
  if (played.moves.empty()) return "";
  const Color us = played.positions[0].side_to_move(), them = ~us;

  // A pawn let through: the opponent promotes in the line after the move, not after the best one.
  if (const size_t k = promotion_ply(played, them); k && !promotion_ply(best, them)) {
    const char file = char('a' + file_of(played.moves[k].from()));
    return "lets " + colour_name(them) + "'s " + file + "-pawn promote: " + moves_from(played, 1, k + 1);
  }

  // A piece the opponent takes and the mover does not win back: the largest, the first of equals.
  if (lostUnits > 0) {
    const std::vector<Capture> lost = losses(played, us);
    const Capture* named = nullptr;
    for (const Capture& c : lost)
      if (!named || piece_units(c.victim) > piece_units(named->victim)) named = &c;
    if (named && 2 * piece_units(named->victim) >= lostUnits)
      return std::string("loses the ") + piece_name(named->victim) + " on " + square_to_string(named->square) + how_it_fell(played, *named, us);
  }

  // A lost pawn ending the best line keeps out of.
  if (const size_t k = pawn_ending_ply(played); k && !pawn_ending_ply(best) && chancesAfter <= 25)
    return k == 1 ? std::string("goes into a lost pawn ending") : "goes into a lost pawn ending after " + moves_from(played, 1, k);
  return "";
}

std::string mate_motif(const Position& from, const std::vector<Move>& mate) {
  Position pos = from;
  for (Move m : mate) {
    if (!pos.is_pseudo_legal(m) || !pos.is_legal(m)) return "";
    pos.do_move(m);
  }
  if (!pos.in_check() || MoveList<LEGAL>(pos).size() != 0) return "";
  const Color mated = pos.side_to_move();
  const Square ksq = pos.king_square(mated), checker = lsb(pos.checkers());
  const PieceType pt = type_of(pos.piece_on(checker));
  if (relative_rank(mated, ksq) != RANK_1 || rank_of(checker) != rank_of(ksq) || (pt != ROOK && pt != QUEEN)) return "";
  // The king's way forward: every square of its second rank next to it is its own piece's (at
  // least one a pawn) or covered by the mating side.
  const Bitboard forward = king_attacks_bb(ksq) & ~rank_bb(rank_of(ksq));
  bool ownPawn = false;
  for (Bitboard b = forward; b;) {
    const Square s = pop_lsb(b);
    const Piece p = pos.piece_on(s);
    if (p != NO_PIECE && color_of(p) == mated) ownPawn |= type_of(p) == PAWN;
    else if (!pos.attacked_by(~mated, s, pos.pieces() ^ square_bb(ksq))) return "";
  }
  return ownPawn ? "a back-rank mate" : "";
}

}  // namespace taper
