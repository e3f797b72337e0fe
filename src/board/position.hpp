// SPDX-License-Identifier: GPL-3.0-or-later
// The chess position: pieces, side to move, castling (incl. Chess960), keys, make/unmake and FEN.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/attacks.hpp"
#include "core/bitboard.hpp"
#include "core/types.hpp"

namespace taper {

/// Everything that changes with a move and is cheaper to store than to recompute on unmake.
struct StateInfo {
  // No zero-initialisation: do_move writes every field, and perft makes millions of these.
  StateInfo() {}

  // Copied from the previous state, then updated incrementally.
  Key pawnKey;
  Key materialKey;
  int castlingRights;
  int rule50;         // plies since the last capture or pawn move
  int pliesFromNull;  // plies since the last null move (repetitions cannot cross it)
  Square epSquare;    // set only when an en-passant capture is actually legal

  // Recomputed by every move.
  Key key;
  Bitboard checkers;                    // enemy pieces giving check to the side to move
  Bitboard blockersForKing[COLOR_NB];   // pieces of either colour shielding that king from a slider
  Bitboard pinners[COLOR_NB];           // sliders of the *other* colour pinning against that king
  Bitboard checkSquares[PIECE_TYPE_NB]; // squares from which a piece type would check the enemy king
  Piece capturedPiece;
  /// 0 if this position did not occur before (since the last irreversible move);
  /// otherwise the distance in plies to the previous occurrence, negated if that
  /// occurrence was itself a repetition (so this is the third time).
  int repetition;
};

class Position {
 public:
  static constexpr std::string_view StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  /// Process-wide tables (bitboards, magics, keys). Safe to call more than once.
  static void init();

  Position();

  /// Parses a FEN (6 fields), or an EPD position (4 fields; 5 with the halfmove clock).
  /// Castling accepts KQkq (X-FEN) and rook files (Shredder-FEN). On failure the position is
  /// left untouched and `error` (if given) says what is wrong.
  bool set(std::string_view fen, bool chess960, std::string* error = nullptr);
  std::string fen() const;

  // Board queries.
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  Bitboard pieces() const { return byType_[ALL_PIECES]; }
  Bitboard pieces(PieceType pt) const { return byType_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return byType_[a] | byType_[b]; }
  Bitboard pieces(Color c) const { return byColor_[c]; }
  Bitboard pieces(Color c, PieceType pt) const { return byColor_[c] & byType_[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return byColor_[c] & (byType_[a] | byType_[b]); }
  int count(Color c, PieceType pt) const { return pieceCount_[make_piece(c, pt)]; }
  int count(Piece pc) const { return pieceCount_[pc]; }
  Square king_square(Color c) const { return kingSquare_[c]; }
  Color side_to_move() const { return sideToMove_; }
  int game_ply() const { return gamePly_; }
  bool is_chess960() const { return chess960_; }
  /// Sum of non-pawn material of `c` in SEE units (used for null-move and phase decisions).
  int non_pawn_material(Color c) const;

  // Castling.
  int castling_rights() const { return st().castlingRights; }
  bool can_castle(int cr) const { return st().castlingRights & cr; }
  Square castling_rook_square(int cr) const { return castlingRookSquare_[cr]; }
  /// True when a piece stands between king and rook or on their destination squares.
  bool castling_impeded(int cr) const { return pieces() & castlingPath_[cr]; }

  // State.
  const StateInfo& st() const { return states_.back(); }
  Key key() const { return st().key; }
  Key pawn_key() const { return st().pawnKey; }
  Key material_key() const { return st().materialKey; }
  Square ep_square() const { return st().epSquare; }
  int rule50_count() const { return st().rule50; }
  Bitboard checkers() const { return st().checkers; }
  bool in_check() const { return st().checkers != 0; }
  Bitboard blockers_for_king(Color c) const { return st().blockersForKing[c]; }
  Bitboard check_squares(PieceType pt) const { return st().checkSquares[pt]; }
  Piece captured_piece() const { return st().capturedPiece; }

  // Attacks.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  /// True if any piece of `c` attacks `s` under the given occupancy.
  bool attacked_by(Color c, Square s, Bitboard occupied) const;
  /// Pieces of either colour that block a slider of colour `~c`... from reaching `s`; `pinners` gets the sliders.
  Bitboard slider_blockers(Bitboard sliders, Square s, Bitboard& pinners) const;

  // Moves.
  bool is_pseudo_legal(Move m) const;  ///< sound for any 16-bit value (TT moves may be garbage)
  bool is_legal(Move m) const;         ///< for pseudo-legal moves
  bool gives_check(Move m) const;
  bool is_capture(Move m) const { return (!empty(m.to()) && m.kind() != CASTLING) || m.kind() == EN_PASSANT; }
  bool is_capture_or_promotion(Move m) const { return is_capture(m) || m.kind() == PROMOTION; }
  Piece moved_piece(Move m) const { return board_[m.from()]; }

  void do_move(Move m);
  void undo_move(Move m);
  void do_null_move();
  void undo_null_move();
  /// Zobrist key after `m`, ignoring en passant and castling-right changes (for TT prefetch).
  Key key_after(Move m) const;

  // Draws.
  /// Draw by fifty-move rule or repetition. A repetition inside the search (after ply
  /// `ply` from the root) counts at once; one reaching before the root needs a third occurrence.
  bool is_draw(int ply) const;
  /// Neither side can possibly mate (K v K, K+minor v K, K+B v K+B with same-coloured bishops...).
  bool is_insufficient_material() const;
  bool has_repeated() const { return st().repetition != 0; }
  /// Upcoming repetition: can the side to move make a (reversible, legal) piece move that
  /// returns to a position seen earlier, within the last min(rule50, pliesFromNull) plies?
  /// Like is_draw: an earlier position inside the search (fewer than `ply` plies back) counts
  /// at once; one at or before the root only if it had itself already occurred before. Uses the
  /// cuckoo tables of board/cuckoo.hpp (van Kervinck's method).
  bool has_game_cycle(int ply) const;

  /// Static exchange evaluation: does `m` win at least `threshold` (SEE units)?
  bool see_ge(Move m, int threshold = 0) const;

  // Keys recomputed from scratch, for checking the incremental ones.
  Key compute_key() const;
  Key compute_pawn_key() const;
  Key compute_material_key() const;
  /// Consistency check of the whole position (debug and tests): empty string if fine.
  std::string validate() const;

  /// The colour-flipped position: board mirrored top-bottom, colours and side to move swapped.
  std::string flipped_fen() const;
  /// The left-right mirror (a-file <-> h-file); castling rights are dropped.
  std::string mirrored_fen() const;

  /// Human-readable board with FEN and keys (`d` command).
  std::string pretty() const;

 private:
  struct Blank {};
  explicit Position(Blank) {}  // uninitialised; `set` parses into one of these
  void clear();
  void put_piece(Piece pc, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void add_castling_right(Color c, Square rookSquare);
  void set_state();       // keys and check info from scratch
  void set_check_info();  // pins and check squares
  void do_castling(Color us, Square kingFrom, Square rookFrom, bool undo, Square& kingTo, Square& rookTo);
  std::string validate_setup() const;  // the FEN-level legality checks

  Piece board_[SQUARE_NB];
  Bitboard byType_[PIECE_TYPE_NB];
  Bitboard byColor_[COLOR_NB];
  int pieceCount_[PIECE_NB];
  Square kingSquare_[COLOR_NB];
  int castlingRightsMask_[SQUARE_NB];
  Square castlingRookSquare_[CASTLING_RIGHT_NB];
  Bitboard castlingPath_[CASTLING_RIGHT_NB];
  Color sideToMove_;
  int gamePly_;
  bool chess960_;
  std::vector<StateInfo> states_;
};

/// The piece-placement field of a FEN from 64 characters indexed by square (a1 = 0, h8 = 63):
/// a piece letter (PNBRQK for White, pnbrqk for Black) or, for an empty square, anything else.
/// The one run-length writer of FEN boards, used by Position::fen() and by the tools and tests
/// that build positions square by square.
std::string fen_placement(std::string_view squares);

/// SEE piece values (board-level, independent of the tunable evaluation).
constexpr int SeeValue[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 0, 0};

}  // namespace taper
