// SPDX-License-Identifier: GPL-3.0-or-later
// Move ordering stages; every generated move is already legal.
#include "search/movepick.hpp"

#include "search/tunables.hpp"

namespace taper {

namespace {
/// Value gained by a capture or promotion, for MVV-LVA style ordering.
int noisy_gain(const Position& pos, Move m) {
  int gain = m.kind() == EN_PASSANT ? SeeValue[PAWN] : SeeValue[type_of(pos.piece_on(m.to()))];
  if (m.kind() == PROMOTION) gain += SeeValue[m.promotion_type()] - SeeValue[PAWN];
  return gain;
}
}  // namespace

MovePicker::MovePicker(const Position& pos, Move ttMove, const Histories& hist, const PieceToHistory* const* contHist,
                       const Move* killers, Move counter)
    : pos_(pos), hist_(hist), contHist_(contHist), counter_(counter) {
  killers_[0] = killers[0];
  killers_[1] = killers[1];
  bool ttOk = ttMove && pos.is_pseudo_legal(ttMove) && pos.is_legal(ttMove);
  ttMove_ = ttOk ? ttMove : Move::none();
  stage_ = pos.in_check() ? EvasionTT : MainTT;
  if (!ttMove_) ++stage_;
  cur_ = end_ = badEnd_ = quietsStart_ = moves_.data();
}

MovePicker::MovePicker(const Position& pos, Move ttMove, const Histories& hist, const PieceToHistory* const* contHist,
                       bool quietChecks)
    : pos_(pos), hist_(hist), contHist_(contHist), counter_(Move::none()), quietChecks_(quietChecks) {
  bool ttOk = ttMove && pos.is_pseudo_legal(ttMove) && pos.is_legal(ttMove) &&
              (pos.in_check() || pos.is_capture_or_promotion(ttMove) || (quietChecks && pos.gives_check(ttMove)));
  ttMove_ = ttOk ? ttMove : Move::none();
  stage_ = pos.in_check() ? EvasionTT : QsearchTT;
  if (!ttMove_) ++stage_;
  cur_ = end_ = badEnd_ = quietsStart_ = moves_.data();
}

ScoredMove* MovePicker::generate_into(GenType type, ScoredMove* at) {
  return type == NOISY ? generate<NOISY>(pos_, at) : type == QUIETS ? generate<QUIETS>(pos_, at)
                                                                    : generate<LEGAL>(pos_, at);
}

void MovePicker::score_noisy(ScoredMove* begin, ScoredMove* end) {
  for (ScoredMove* sm = begin; sm != end; ++sm) {
    Move m = sm->move;
    PieceType captured = m.kind() == EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to()));
    sm->score = 16 * noisy_gain(pos_, m) + hist_.capture[pos_.moved_piece(m)][m.to()][captured];
  }
}

void MovePicker::score_quiets(ScoredMove* begin, ScoredMove* end) {
  Color us = pos_.side_to_move();
  for (ScoredMove* sm = begin; sm != end; ++sm) {
    Move m = sm->move;
    Piece pc = pos_.moved_piece(m);
    Square to = m.to();
    sm->score = hist_.butterfly[us][m.from()][m.to()] + 2 * (*contHist_[0])[pc][to] + (*contHist_[1])[pc][to] +
                (*contHist_[2])[pc][to] / 2;
  }
}

void MovePicker::score_evasions(ScoredMove* begin, ScoredMove* end) {
  Color us = pos_.side_to_move();
  for (ScoredMove* sm = begin; sm != end; ++sm) {
    Move m = sm->move;
    if (pos_.is_capture_or_promotion(m))
      sm->score = 1'000'000 + 16 * noisy_gain(pos_, m) - SeeValue[type_of(pos_.moved_piece(m))];
    else
      sm->score = hist_.butterfly[us][m.from()][m.to()] + (*contHist_[0])[pos_.moved_piece(m)][m.to()];
  }
}

Move MovePicker::pick_best(ScoredMove*& cur, ScoredMove* end) {
  ScoredMove* best = cur;
  for (ScoredMove* sm = cur + 1; sm < end; ++sm)
    if (sm->score > best->score) best = sm;
  std::swap(*cur, *best);
  return (cur++)->move;
}

bool MovePicker::usable_quiet(Move m) const {
  return m && m != ttMove_ && pos_.is_pseudo_legal(m) && !pos_.is_capture_or_promotion(m) && pos_.is_legal(m);
}

Move MovePicker::next(bool skipQuiets) {
  while (true) {
    switch (stage_) {
      case MainTT:
      case EvasionTT:
      case QsearchTT:
        ++stage_;
        return ttMove_;

      case GenNoisy:
      case QsGenNoisy:
        cur_ = badEnd_ = moves_.data();
        end_ = generate_into(NOISY, moves_.data());
        score_noisy(cur_, end_);
        ++stage_;
        break;

      case GoodNoisy:
        while (cur_ < end_) {
          Move m = pick_best(cur_, end_);
          if (m == ttMove_) continue;
          // Losing captures wait until after the quiet moves.
          if (!pos_.see_ge(m, 0)) {
            *badEnd_++ = *(cur_ - 1);
            continue;
          }
          return m;
        }
        ++stage_;
        break;

      case Killer1:
      case Killer2: {
        Move k = killers_[stage_ - Killer1];
        ++stage_;
        if (usable_quiet(k)) return k;
        break;
      }

      case Counter:
        ++stage_;
        if (usable_quiet(counter_) && counter_ != killers_[0] && counter_ != killers_[1]) return counter_;
        break;

      case GenQuiets:
        ++stage_;
        quietsStart_ = cur_ = badEnd_;  // the bad captures stay in moves_[0, badEnd_)
        if (skipQuiets) {
          end_ = cur_;
          break;
        }
        end_ = generate_into(QUIETS, cur_);
        score_quiets(cur_, end_);
        break;

      case Quiets:
        while (!skipQuiets && cur_ < end_) {
          Move m = pick_best(cur_, end_);
          if (!is_special(m)) return m;
        }
        ++stage_;
        cur_ = moves_.data();
        break;

      case BadNoisy:
        while (cur_ < badEnd_) {
          Move m = (cur_++)->move;
          if (m != ttMove_) return m;
        }
        stage_ = Done;
        break;

      case GenEvasions:
        cur_ = moves_.data();
        end_ = generate_into(LEGAL, moves_.data());
        score_evasions(cur_, end_);
        ++stage_;
        break;

      case Evasions:
        while (cur_ < end_) {
          Move m = pick_best(cur_, end_);
          if (m != ttMove_) return m;
        }
        stage_ = Done;
        break;

      case QsNoisy:
        while (cur_ < end_) {
          Move m = pick_best(cur_, end_);
          if (m != ttMove_) return m;
        }
        stage_ = quietChecks_ ? QsGenQuietChecks : Done;
        break;

      case QsGenQuietChecks: {
        // Few quiet moves give check; filtering the quiet list keeps one generator to trust.
        cur_ = end_ = moves_.data();
        ScoredMove* last = generate_into(QUIETS, moves_.data());
        for (ScoredMove* sm = moves_.data(); sm != last; ++sm)
          if (sm->move != ttMove_ && pos_.gives_check(sm->move)) *end_++ = *sm;
        ++stage_;
        break;
      }

      case QsQuietChecks:
        if (cur_ < end_) return (cur_++)->move;
        stage_ = Done;
        break;

      default:
        return Move::none();
    }
  }
}

}  // namespace taper
