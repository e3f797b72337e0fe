// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation's term families, each for both colours, templated on the sink (see sink.hpp).
#pragma once

#include "eval/state.hpp"

namespace taper {

// Each is instantiated for ScoreSink and RecordSink in its own file.

/// Piece-square, mobility, outposts, rook files, seventh rank; fills the attack maps and the
/// king-attack units (pieces.cpp). Must run before the other families.
template <class Sink>
void evaluate_pieces(const Position& pos, EvalState& st, Sink& out);

/// King PSQT, shelter (memoised in `memo` when given), centre, danger units and penalty (king.cpp).
template <class Sink>
void evaluate_kings(const Position& pos, const EvalState& st, PawnEntry* memo, Sink& out);

/// Shelter and storm of c's king on `ksq` from the pawns alone (king.cpp).
template <class Sink>
void king_shelter(const Position& pos, Color c, Square ksq, Sink& out);

/// Passed pawns beyond their rank: kings, path, unstoppable (passed.cpp).
template <class Sink>
void evaluate_passed(const Position& pos, const EvalState& st, Sink& out);

/// Pieces attacked by pawns, by lesser pieces, or hanging (threats.cpp).
template <class Sink>
void evaluate_threats(const Position& pos, const EvalState& st, Sink& out);

/// Space behind and around our pawns in the centre, while pieces remain to use it (space.cpp).
template <class Sink>
void evaluate_space(const Position& pos, const EvalState& st, Sink& out);

/// Driving a bare king to the edge (lone_king.cpp).
template <class Sink>
void evaluate_lone_king(const Position& pos, Sink& out);

}  // namespace taper
