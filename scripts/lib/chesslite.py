#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""chesslite -- a small, dependency-free chess move generator for Taper's tools.

Enough chess to turn test-suite SAN into UCI moves and back:

* ``Position.from_fen(fen)`` / ``parse_epd(line)``: boards from FEN / EPD
  (X-FEN ``KQkq`` and Shredder-FEN ``HAha`` castling; Chess960 is detected
  automatically when the castling rooks or king are not on the classic squares).
* ``pos.legal_moves()``: fully legal moves (pins, checks, double check,
  en passant incl. the rank-pin case, promotions, standard and Chess960 castling).
* ``pos.push(move)`` returns a *new* position (positions are never mutated).
* ``pos.san(move)``, ``pos.parse_san(text)``, ``pos.uci(move)``,
  ``pos.parse_uci(text)``, ``pos.parse_move(text)`` (SAN or UCI).
* ``perft(pos, depth)``.

A move is a plain tuple ``(from_sq, to_sq, promo_type, kind)``; squares are
0..63 with a1 = 0, b1 = 1, ..., h8 = 63; ``promo_type`` is 0 or one of
KNIGHT..QUEEN; ``kind`` is NORMAL, DOUBLE (pawn double push), EN_PASSANT or
CASTLE.  For CASTLE moves ``to_sq`` is the square of the castling *rook*
(so the same tuple describes a castling move in standard chess and Chess960);
``pos.uci()`` prints ``e1g1`` in standard chess and king-takes-rook
(``e1h1``) when ``pos.chess960`` is set, and ``parse_uci`` accepts both.

Run ``python3 scripts/lib/chesslite.py --selftest`` to check perft numbers
and the SAN round trips on the shared test suites (see --help).
"""

from __future__ import annotations

import re
import sys

# --------------------------------------------------------------------------
# Constants and tables

WHITE, BLACK = 0, 1
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6
NORMAL, DOUBLE, EN_PASSANT, CASTLE = 0, 1, 2, 3

PIECE_CHARS = ".PNBRQK"
FILES = "abcdefgh"
RANKS = "12345678"
STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def square_name(sq: int) -> str:
    return FILES[sq & 7] + RANKS[sq >> 3]


def parse_square(name: str) -> int:
    if len(name) != 2 or name[0] not in FILES or name[1] not in RANKS:
        raise ValueError(f"bad square {name!r}")
    return FILES.index(name[0]) + 8 * RANKS.index(name[1])


def _on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 8


def _targets(sq: int, deltas) -> list:
    f, r = sq & 7, sq >> 3
    return [(f + df) + 8 * (r + dr) for df, dr in deltas if _on_board(f + df, r + dr)]


_KNIGHT_D = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
_KING_D = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
# Directions 0..3 are orthogonal (rook-like), 4..7 diagonal (bishop-like).
_DIRS = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)]

KNIGHT_ATT = [_targets(s, _KNIGHT_D) for s in range(64)]
KING_ATT = [_targets(s, _KING_D) for s in range(64)]
# PAWN_ATT[color][sq]: squares a pawn of `color` standing on sq attacks.
PAWN_ATT = [[_targets(s, [(-1, 1), (1, 1)]) for s in range(64)],
            [_targets(s, [(-1, -1), (1, -1)]) for s in range(64)]]


def _ray(sq, df, dr):
    out = []
    f, r = (sq & 7) + df, (sq >> 3) + dr
    while _on_board(f, r):
        out.append(f + 8 * r)
        f += df
        r += dr
    return out


RAYS = [[_ray(s, df, dr) for df, dr in _DIRS] for s in range(64)]
ORTHO_RAYS = [RAYS[s][:4] for s in range(64)]
DIAG_RAYS = [RAYS[s][4:] for s in range(64)]


def _mk(color, ptype):
    return ptype | (color << 3)


class IllegalMoveError(ValueError):
    """A move string does not denote a legal move (or is ambiguous)."""


# --------------------------------------------------------------------------
# Position


class Position:
    """An immutable-by-convention chess position."""

    __slots__ = ("board", "turn", "castling", "ep", "halfmove", "fullmove", "kings", "chess960")

    def __init__(self):
        self.board = [0] * 64        # piece code per square: type | color << 3, 0 = empty
        self.turn = WHITE
        self.castling = ()           # tuple of rook squares that still have castling rights
        self.ep = None               # en-passant target square or None
        self.halfmove = 0
        self.fullmove = 1
        self.kings = [None, None]
        self.chess960 = False

    # ---------------------------------------------------------------- FEN
    @classmethod
    def from_fen(cls, fen: str, chess960: bool | None = None) -> "Position":
        """Parse a FEN (4 to 6 fields). chess960=None means: detect it."""
        fields = fen.split()
        if len(fields) < 4:
            raise ValueError(f"FEN needs at least 4 fields: {fen!r}")
        pos = cls()
        rows = fields[0].split("/")
        if len(rows) != 8:
            raise ValueError(f"FEN board needs 8 ranks: {fen!r}")
        for i, row in enumerate(rows):
            rank = 7 - i
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                else:
                    t = PIECE_CHARS.find(ch.upper())
                    if t <= 0 or f > 7:
                        raise ValueError(f"bad FEN board {fields[0]!r}")
                    color = WHITE if ch.isupper() else BLACK
                    pos.board[f + 8 * rank] = _mk(color, t)
                    if t == KING:
                        if pos.kings[color] is not None:
                            raise ValueError(f"two kings of one colour: {fen!r}")
                        pos.kings[color] = f + 8 * rank
                    f += 1
            if f != 8:
                raise ValueError(f"bad FEN rank {row!r}")
        if None in pos.kings:
            raise ValueError(f"FEN lacks a king: {fen!r}")
        if fields[1] not in ("w", "b"):
            raise ValueError(f"bad side to move {fields[1]!r}")
        pos.turn = WHITE if fields[1] == "w" else BLACK
        rights = []
        if fields[2] != "-":
            for ch in fields[2]:
                color = WHITE if ch.isupper() else BLACK
                back = 0 if color == WHITE else 56
                ksq = pos.kings[color]
                rook = _mk(color, ROOK)
                if ksq >> 3 != back >> 3:
                    continue  # king not on its back rank: ignore the right
                u = ch.upper()
                if u == "K":
                    cands = [back + f for f in range(7, ksq & 7, -1) if pos.board[back + f] == rook]
                elif u == "Q":
                    cands = [back + f for f in range(0, ksq & 7) if pos.board[back + f] == rook]
                elif u in "ABCDEFGH":
                    s = back + "ABCDEFGH".index(u)
                    cands = [s] if pos.board[s] == rook else []
                else:
                    raise ValueError(f"bad castling field {fields[2]!r}")
                if cands:
                    rights.append(cands[0])
        pos.castling = tuple(sorted(set(rights)))
        pos.ep = None if fields[3] == "-" else parse_square(fields[3])
        if len(fields) >= 6:
            pos.halfmove = int(fields[4])
            pos.fullmove = max(1, int(fields[5]))
        if chess960 is None:
            chess960 = any(not pos._classic_right(r) for r in pos.castling)
        pos.chess960 = chess960
        return pos

    def _classic_right(self, rook_sq: int) -> bool:
        color = WHITE if rook_sq < 8 else BLACK
        back = 0 if color == WHITE else 56
        return self.kings[color] == back + 4 and rook_sq in (back, back + 7)

    def fen(self, shredder: bool | None = None) -> str:
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for f in range(8):
                p = self.board[f + 8 * rank]
                if p == 0:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                ch = PIECE_CHARS[p & 7]
                row += ch if p >> 3 == WHITE else ch.lower()
            if empty:
                row += str(empty)
            rows.append(row)
        cast = ""
        for color in (WHITE, BLACK):
            mine = [r for r in self.castling if (r < 8) == (color == WHITE)]
            ksq = self.kings[color]
            for r in sorted(mine, reverse=True):
                if shredder or (shredder is None and self.chess960 and not self._outermost(r, ksq)):
                    ch = "ABCDEFGH"[r & 7]
                else:
                    ch = "K" if r > ksq else "Q"
                cast += ch if color == WHITE else ch.lower()
        ep = square_name(self.ep) if self.ep is not None else "-"
        return f"{'/'.join(rows)} {'wb'[self.turn]} {cast or '-'} {ep} {self.halfmove} {self.fullmove}"

    def _outermost(self, rook_sq, ksq):
        """True if no other own rook stands beyond rook_sq (away from the king)."""
        rook = self.board[rook_sq]
        back = rook_sq & ~7
        files = range((rook_sq & 7) + 1, 8) if rook_sq > ksq else range(0, rook_sq & 7)
        return all(self.board[back + f] != rook for f in files)

    def copy(self) -> "Position":
        p = Position.__new__(Position)
        p.board = self.board[:]
        p.turn, p.castling, p.ep = self.turn, self.castling, self.ep
        p.halfmove, p.fullmove = self.halfmove, self.fullmove
        p.kings = self.kings[:]
        p.chess960 = self.chess960
        return p

    def __str__(self):
        lines = []
        for rank in range(7, -1, -1):
            s = ""
            for f in range(8):
                p = self.board[f + 8 * rank]
                ch = PIECE_CHARS[p & 7] if p else "."
                s += (ch if p >> 3 == WHITE else ch.lower()) + " "
            lines.append(s.rstrip())
        return "\n".join(lines)

    # ------------------------------------------------------------ attacks
    def attacked(self, sq: int, by: int) -> bool:
        """Is square sq attacked by a piece of colour `by`?"""
        b = self.board
        n = _mk(by, KNIGHT)
        for t in KNIGHT_ATT[sq]:
            if b[t] == n:
                return True
        k = _mk(by, KING)
        for t in KING_ATT[sq]:
            if b[t] == k:
                return True
        p = _mk(by, PAWN)
        for t in PAWN_ATT[by ^ 1][sq]:
            if b[t] == p:
                return True
        q = _mk(by, QUEEN)
        r = _mk(by, ROOK)
        for ray in ORTHO_RAYS[sq]:
            for t in ray:
                x = b[t]
                if x:
                    if x == r or x == q:
                        return True
                    break
        bb = _mk(by, BISHOP)
        for ray in DIAG_RAYS[sq]:
            for t in ray:
                x = b[t]
                if x:
                    if x == bb or x == q:
                        return True
                    break
        return False

    def is_check(self) -> bool:
        return self.attacked(self.kings[self.turn], self.turn ^ 1)

    # ------------------------------------------------------- move generation
    def legal_moves(self) -> list:
        b = self.board
        us = self.turn
        them = us ^ 1
        ksq = self.kings[us]
        moves = []

        # Checkers, check mask and pins.
        checkers = 0
        mask = None                   # squares that resolve a single check
        pins = {}                     # pinned square -> squares it may move to
        n = _mk(them, KNIGHT)
        for t in KNIGHT_ATT[ksq]:
            if b[t] == n:
                checkers += 1
                mask = {t}
        p = _mk(them, PAWN)
        for t in PAWN_ATT[us][ksq]:
            if b[t] == p:
                checkers += 1
                mask = {t}
        tq = _mk(them, QUEEN)
        for d in range(8):
            slider = _mk(them, ROOK) if d < 4 else _mk(them, BISHOP)
            ray = RAYS[ksq][d]
            own = -1
            for i, t in enumerate(ray):
                x = b[t]
                if not x:
                    continue
                if x >> 3 == us:
                    if own >= 0:
                        break
                    own = t
                    continue
                if x == slider or x == tq:
                    if own < 0:
                        checkers += 1
                        mask = set(ray[: i + 1])
                    else:
                        pins[own] = set(ray[: i + 1])
                break

        # King moves (not onto attacked squares; king removed for x-rays).
        own_lo, own_hi = (1, 6) if us == WHITE else (9, 14)
        b[ksq] = 0
        try:
            for t in KING_ATT[ksq]:
                x = b[t]
                if x and own_lo <= x <= own_hi:
                    continue
                if not self.attacked(t, them):
                    moves.append((ksq, t, 0, NORMAL))
        finally:
            b[ksq] = _mk(us, KING)
        if checkers >= 2:
            return moves

        for frm in range(64):
            x = b[frm]
            if not x or x >> 3 != us:
                continue
            pt = x & 7
            if pt == KING:
                continue
            allowed = pins.get(frm)
            if mask is not None:
                allowed = mask if allowed is None else (allowed & mask)
            if pt == PAWN:
                self._pawn_moves(frm, us, allowed, moves)
                continue
            if pt == KNIGHT:
                if frm in pins:
                    continue  # a pinned knight can never move
                for t in KNIGHT_ATT[frm]:
                    y = b[t]
                    if (not y or y >> 3 == them) and (allowed is None or t in allowed):
                        moves.append((frm, t, 0, NORMAL))
                continue
            rays = RAYS[frm] if pt == QUEEN else (ORTHO_RAYS[frm] if pt == ROOK else DIAG_RAYS[frm])
            for ray in rays:
                for t in ray:
                    y = b[t]
                    if y and y >> 3 == us:
                        break
                    if allowed is None or t in allowed:
                        moves.append((frm, t, 0, NORMAL))
                    if y:
                        break

        if checkers == 0:
            self._castling_moves(us, ksq, moves)
        return moves

    def _pawn_moves(self, frm, us, allowed, moves):
        b = self.board
        them = us ^ 1
        step = 8 if us == WHITE else -8
        rank = frm >> 3
        last = 6 if us == WHITE else 1     # rank a pawn promotes from
        start = 1 if us == WHITE else 6

        def add(to, kind=NORMAL):
            if allowed is not None and to not in allowed:
                return
            if rank == last:
                for promo in (QUEEN, ROOK, BISHOP, KNIGHT):
                    moves.append((frm, to, promo, NORMAL))
            else:
                moves.append((frm, to, 0, kind))

        one = frm + step
        if not b[one]:
            add(one)
            if rank == start and not b[one + step]:
                add(one + step, DOUBLE)
        for t in PAWN_ATT[us][frm]:
            y = b[t]
            if y and y >> 3 == them:
                add(t)
            elif t == self.ep and not y:
                # En passant: rare enough to verify by playing it out.
                m = (frm, t, 0, EN_PASSANT)
                nxt = self.push(m)
                if not nxt.attacked(nxt.kings[us], them):
                    moves.append(m)

    def _castle_squares(self, us, rook_sq):
        back = 0 if us == WHITE else 56
        ksq = self.kings[us]
        if rook_sq > ksq:
            return back + 6, back + 5     # king to g, rook to f
        return back + 2, back + 3         # king to c, rook to d

    def _castling_moves(self, us, ksq, moves):
        b = self.board
        them = us ^ 1
        for r in self.castling:
            if (r < 8) != (us == WHITE):
                continue
            kto, rto = self._castle_squares(us, r)
            lo = min(ksq, kto, r, rto)
            hi = max(ksq, kto, r, rto)
            if any(b[s] for s in range(lo, hi + 1) if s != ksq and s != r):
                continue
            step = 1 if kto > ksq else -1
            ok = True
            s = ksq
            while s != kto:
                s += step
                if self.attacked(s, them):
                    ok = False
                    break
            if not ok:
                continue
            m = (ksq, r, 0, CASTLE)
            nxt = self.push(m)    # catches the Chess960 case of a rook shielding the king
            if not nxt.attacked(nxt.kings[us], them):
                moves.append(m)

    # ------------------------------------------------------------ making moves
    def push(self, m) -> "Position":
        """Return the position after move m (m is assumed legal)."""
        frm, to, promo, kind = m
        b = self.board[:]
        us = self.turn
        p = b[frm]
        pt = p & 7
        nxt = Position.__new__(Position)
        nxt.chess960 = self.chess960
        kings = self.kings[:]
        castling = self.castling
        halfmove = self.halfmove + 1
        ep = None
        if kind == CASTLE:
            kto, rto = self._castle_squares(us, to)
            b[frm] = 0
            b[to] = 0
            b[kto] = p
            b[rto] = _mk(us, ROOK)
            kings[us] = kto
        else:
            captured = b[to]
            if captured or pt == PAWN:
                halfmove = 0
            b[frm] = 0
            b[to] = _mk(us, promo) if promo else p
            if kind == EN_PASSANT:
                b[to - 8 if us == WHITE else to + 8] = 0
            elif kind == DOUBLE:
                ep = (frm + to) // 2
            if pt == KING:
                kings[us] = to
        if castling:
            if pt == KING:
                castling = tuple(r for r in castling if (r < 8) != (us == WHITE))
            if castling:
                castling = tuple(r for r in castling if r != frm and r != to)
        nxt.board = b
        nxt.turn = us ^ 1
        nxt.castling = castling
        nxt.ep = ep
        nxt.halfmove = halfmove
        nxt.fullmove = self.fullmove + (1 if us == BLACK else 0)
        nxt.kings = kings
        return nxt

    # ----------------------------------------------------------- notation
    def uci(self, m, chess960: bool | None = None) -> str:
        frm, to, promo, kind = m
        if kind == CASTLE:
            if chess960 if chess960 is not None else self.chess960:
                return square_name(frm) + square_name(to)
            kto, _ = self._castle_squares(self.turn, to)
            return square_name(frm) + square_name(kto)
        s = square_name(frm) + square_name(to)
        if promo:
            s += PIECE_CHARS[promo].lower()
        return s

    def parse_uci(self, text: str):
        """UCI move -> legal move tuple. Castling may be given as e1g1 or
        king-takes-rook (e1h1) in either mode."""
        t = text.strip()
        if not re.fullmatch(r"[a-h][1-8][a-h][1-8][nbrqNBRQ]?", t):
            raise IllegalMoveError(f"not a UCI move: {text!r}")
        frm, to = parse_square(t[:2]), parse_square(t[2:4])
        promo = PIECE_CHARS.index(t[4].upper()) if len(t) == 5 else 0
        for m in self.legal_moves():
            if m[0] != frm:
                continue
            if m[3] == CASTLE:
                kto, _ = self._castle_squares(self.turn, m[1])
                if promo == 0 and (to == m[1] or (to == kto and not self._king_to_is_ambiguous(m))):
                    return m
            elif m[1] == to and m[2] == promo:
                return m
        raise IllegalMoveError(f"illegal move {text!r} in {self.fen()}")

    def _king_to_is_ambiguous(self, castle_move) -> bool:
        # In Chess960 "king to g1" may also be a plain king step; prefer the plain move.
        kto, _ = self._castle_squares(self.turn, castle_move[1])
        return any(m[0] == castle_move[0] and m[1] == kto and m[3] != CASTLE for m in self.legal_moves())

    def san(self, m, legal=None) -> str:
        """Standard Algebraic Notation of legal move m (with +/# suffix)."""
        frm, to, promo, kind = m
        b = self.board
        if kind == CASTLE:
            s = "O-O" if to > frm else "O-O-O"
        else:
            pt = b[frm] & 7
            capture = bool(b[to]) or kind == EN_PASSANT
            if pt == PAWN:
                s = (FILES[frm & 7] + "x" if capture else "") + square_name(to)
                if promo:
                    s += "=" + PIECE_CHARS[promo]
            else:
                legal = self.legal_moves() if legal is None else legal
                rivals = [o for o in legal if o[1] == to and o[0] != frm and o[3] != CASTLE
                          and b[o[0]] & 7 == pt]
                dis = ""
                if rivals:
                    if all((o[0] & 7) != (frm & 7) for o in rivals):
                        dis = FILES[frm & 7]
                    elif all((o[0] >> 3) != (frm >> 3) for o in rivals):
                        dis = RANKS[frm >> 3]
                    else:
                        dis = square_name(frm)
                s = PIECE_CHARS[pt] + dis + ("x" if capture else "") + square_name(to)
        nxt = self.push(m)
        if nxt.is_check():
            s += "#" if not nxt.legal_moves() else "+"
        return s

    _SAN_RE = re.compile(r"^([NBRQK])?([a-h])?([1-8])?(x|:)?([a-h][1-8])(=?([NBRQnbrq]))?$")

    def parse_san(self, text: str, strict: bool = False):
        """SAN -> legal move tuple. Tolerates missing/extra check marks,
        annotations (!?), 0-0 for O-O, over-disambiguation such as Bg7f8,
        and promotions written e8Q. With strict=True the text (without
        annotations) must equal what san() prints."""
        raw = text.strip()
        s = re.sub(r"[+#!?]+$", "", raw)
        s = re.sub(r"(e\.p\.)$", "", s).strip()
        legal = self.legal_moves()
        found = []
        if s.upper().replace("0", "O") in ("O-O", "O-O-O"):
            queenside = s.upper().replace("0", "O") == "O-O-O"
            for m in legal:
                if m[3] == CASTLE and (m[1] < m[0]) == queenside:
                    found.append(m)
        else:
            mt = self._SAN_RE.match(s)
            if not mt:
                raise IllegalMoveError(f"cannot parse SAN {text!r}")
            piece, ffile, frank, _cap, dest, _, promo = mt.groups()
            pt = PIECE_CHARS.index(piece) if piece else PAWN
            to = parse_square(dest)
            pr = PIECE_CHARS.index(promo.upper()) if promo else 0
            for m in legal:
                if m[3] == CASTLE or m[1] != to or self.board[m[0]] & 7 != pt:
                    continue
                if ffile and FILES[m[0] & 7] != ffile:
                    continue
                if frank and RANKS[m[0] >> 3] != frank:
                    continue
                if m[2] != pr:
                    continue
                found.append(m)
        if len(found) != 1:
            what = "ambiguous" if found else "illegal"
            raise IllegalMoveError(f"{what} SAN {text!r} in {self.fen()}")
        m = found[0]
        if strict:
            canon = self.san(m, legal)
            if re.sub(r"[+#]$", "", canon) != re.sub(r"[+#]$", "", s) or \
                    (raw.rstrip("!?").endswith(("+", "#")) and raw.rstrip("!?")[-1] != canon[-1]):
                raise IllegalMoveError(f"non-standard SAN {text!r} (standard: {canon!r})")
        return m

    def parse_move(self, text: str):
        """Accept UCI or SAN."""
        t = text.strip()
        if re.fullmatch(r"[a-h][1-8][a-h][1-8][nbrqNBRQ]?", t):
            try:
                return self.parse_uci(t)
            except IllegalMoveError:
                pass
        return self.parse_san(t)


# --------------------------------------------------------------------------
# Helpers


def perft(pos: Position, depth: int) -> int:
    if depth <= 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(pos.push(m), depth - 1) for m in moves)


def _split_ops(text: str):
    """Split EPD operations at ';' outside double quotes; operands are split
    on whitespace, a quoted string stays one operand (without the quotes)."""
    ops = []
    cur, quoted = "", False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        if ch == ";" and not quoted:
            ops.append(cur)
            cur = ""
        else:
            cur += ch
    ops.append(cur)
    out = []
    for op in ops:
        op = op.strip()
        if not op:
            continue
        toks = re.findall(r'"[^"]*"|\S+', op)
        out.append((toks[0], [t[1:-1] if t.startswith('"') else t for t in toks[1:]]))
    return out


def parse_epd(line: str, chess960: bool | None = None):
    """Parse one EPD line -> (Position, ops) with ops a dict opcode -> list of
    operands (quoted operands unquoted). Accepts a full 6-field FEN before
    the operations, and the hmvc/fmvn opcodes."""
    line = line.strip().lstrip("\ufeff")
    parts = line.split(None, 4)
    if len(parts) < 4:
        raise ValueError(f"not an EPD line: {line!r}")
    rest = parts[4] if len(parts) > 4 else ""
    fen = " ".join(parts[:4])
    m = re.match(r"^(\d+)\s+(\d+)(\s+|$|;)(.*)$", rest, re.S)
    if m:
        fen += f" {m.group(1)} {m.group(2)}"
        rest = m.group(4) if m.group(3) != ";" else m.group(4)
    ops = {}
    for code, operands in _split_ops(rest):
        ops[code] = operands
    pos = Position.from_fen(fen, chess960)
    if "hmvc" in ops and ops["hmvc"]:
        pos.halfmove = int(ops["hmvc"][0])
    if "fmvn" in ops and ops["fmvn"]:
        pos.fullmove = int(ops["fmvn"][0])
    return pos, ops


# --------------------------------------------------------------------------
# Self-test


def _selftest(data_dir: str, max_depth: int, fischer_lines: int, fischer_depth: int, verbose: bool) -> int:
    import os
    import time
    failures = 0
    checks = 0
    t0 = time.time()

    def fail(msg):
        nonlocal failures
        failures += 1
        print("FAIL:", msg)

    # 1. perft, standard suite
    path = os.path.join(data_dir, "perft", "standard.epd")
    lines = [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip()]
    nodes = 0
    for ln, line in enumerate(lines, 1):
        fen, *depths = [x.strip() for x in line.split(";")]
        pos = Position.from_fen(fen)
        for d in depths:
            key, val = d.split()
            depth = int(key[1:])
            if depth > max_depth:
                continue
            got = perft(pos, depth)
            nodes += got
            checks += 1
            if got != int(val):
                fail(f"standard.epd line {ln} depth {depth}: got {got}, expected {val}  [{fen}]")
            elif verbose:
                print(f"ok standard.epd:{ln} D{depth} {got}")
    print(f"perft standard.epd: {len(lines)} lines, depths <= {max_depth}: {checks} counts checked "
          f"({nodes} leaf nodes), {failures} failures  [{time.time() - t0:.1f}s]")

    # 2. perft, Chess960 suite (Shredder-FEN castling)
    if fischer_lines > 0:
        f0, c0 = failures, checks
        path = os.path.join(data_dir, "perft", "fischer.epd")
        lines = [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip()]
        step = max(1, len(lines) // fischer_lines)
        chosen = lines[::step][:fischer_lines]
        for line in chosen:
            fen, *depths = [x.strip() for x in line.split(";")]
            pos = Position.from_fen(fen, chess960=True)
            for d in depths:
                key, val = d.split()
                depth = int(key[1:])
                if depth > fischer_depth:
                    continue
                got = perft(pos, depth)
                checks += 1
                if got != int(val):
                    fail(f"fischer.epd depth {depth}: got {got}, expected {val}  [{fen}]")
        print(f"perft fischer.epd: {len(chosen)} of {len(lines)} lines, depths <= {fischer_depth}: "
              f"{checks - c0} counts checked, {failures - f0} failures")

    # 3. WAC bm SAN parse + SAN round trip
    f0 = failures
    n_moves = 0
    path = os.path.join(data_dir, "epd", "wacnew.epd")
    for ln, line in enumerate(open(path, encoding="utf-8").read().splitlines(), 1):
        if not line.strip():
            continue
        pos, ops = parse_epd(line)
        for key in ("bm", "am"):
            for san in ops.get(key, []):
                n_moves += 1
                try:
                    m = pos.parse_san(san)
                except IllegalMoveError as e:
                    fail(f"wacnew.epd:{ln} {key} {e}")
                    continue
                if pos.san(m).rstrip("+#") != san.rstrip("+#"):
                    fail(f"wacnew.epd:{ln} SAN round trip {san!r} -> {pos.san(m)!r}")
    print(f"wacnew.epd: {n_moves} bm/am SAN moves parsed and re-printed, {failures - f0} failures")

    # 4. STS c7 SAN == c9 UCI
    f0 = failures
    n_moves = 0
    nonstd = []
    path = os.path.join(data_dir, "epd", "STS1-STS15_LAN_v3.epd")
    for ln, line in enumerate(open(path, encoding="utf-8").read().splitlines(), 1):
        if not line.strip():
            continue
        pos, ops = parse_epd(line)
        c7 = " ".join(ops.get("c7", [])).split()
        c9 = " ".join(ops.get("c9", [])).split()
        if len(c7) != len(c9):
            fail(f"STS line {ln}: c7/c9 length mismatch")
            continue
        bm = ops.get("bm", [])
        for san, uci in zip(c7, c9):
            n_moves += 1
            try:
                m_san = pos.parse_san(san)
                m_uci = pos.parse_uci(uci)
            except IllegalMoveError as e:
                fail(f"STS line {ln}: {e}")
                continue
            if m_san != m_uci:
                fail(f"STS line {ln}: c7 {san} -> {pos.uci(m_san)} but c9 says {uci}")
            try:
                pos.parse_san(san, strict=True)
            except IllegalMoveError:
                nonstd.append(f"{ops.get('id', ['?'])[0]}: {san!r} (standard SAN {pos.san(m_san)!r})")
        for san in bm:
            try:
                pos.parse_san(san)
            except IllegalMoveError as e:
                fail(f"STS line {ln} bm: {e}")
    print(f"STS c7/c9: {n_moves} SAN moves matched to their UCI moves, {failures - f0} failures")
    for s in nonstd:
        print(f"  note: non-standard SAN accepted leniently: {s}")

    # 5. a few hand-made cases
    f0 = failures
    cases = [
        # (fen, move text, expected uci, expected san)
        (STARTING_FEN, "Nf3", "g1f3", "Nf3"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", "e1c1", "O-O-O"),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "0-0", "e8g8", "O-O"),
        ("8/8/8/KPp4r/8/8/8/7k w - c6 0 1", None, None, None),  # ep illegal: rank pin
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8Q", "b7b8q", "b8=Q+"),
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Rd1", "a1d1", "Rd1"),
        ("4k3/8/8/8/8/8/6K1/R6R w - - 0 1", "Rad1", "a1d1", "Rad1"),
        ("4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "R1a4", "a1a4", "R1a4"),
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "e1g1", "O-O"),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#", "a1a8", "Ra8#"),
    ]
    for fen, text, uci, san in cases:
        pos = Position.from_fen(fen)
        if text is None:
            if any(m[3] == EN_PASSANT for m in pos.legal_moves()):
                fail(f"en passant should be illegal (rank pin) in {fen}")
            continue
        try:
            m = pos.parse_move(text)
        except IllegalMoveError as e:
            fail(str(e))
            continue
        if pos.uci(m) != uci or pos.san(m) != san:
            fail(f"{fen}: {text} -> {pos.uci(m)} / {pos.san(m)}, expected {uci} / {san}")
    # Chess960: Shredder-FEN castling, king-takes-rook UCI, attacked path, rook shielding the king.
    pos = Position.from_fen("3rk3/8/8/8/8/8/8/RK5R w AH - 0 1")
    if pos.chess960 is not True:
        fail("Chess960 not detected from Shredder-FEN castling")
    got = sorted(pos.uci(m) for m in pos.legal_moves() if m[3] == CASTLE)
    if got != ["b1a1"]:   # O-O would pass d1, attacked by the d8 rook
        fail(f"Chess960 castling moves {got}, expected ['b1a1']")
    if pos.san(pos.parse_uci("b1a1")) != "O-O-O":
        fail("Chess960 castling notation")
    pos = Position.from_fen("4k3/8/8/8/8/8/8/qRK5 w B - 0 1", chess960=True)
    # The castling rook on b1 shields the king from the queen on a1; after O-O-O
    # (king stays on c1, rook to d1) the king would be in check, so it is illegal.
    if any(m[3] == CASTLE for m in pos.legal_moves()):
        fail("Chess960 O-O-O allowed although the castling rook shielded the king")
    if Position.from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").fen() != "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1":
        fail("FEN round trip")
    print(f"hand-made cases: {failures - f0} failures")

    print(f"self-test {'PASSED' if failures == 0 else 'FAILED'}: {failures} failure(s), "
          f"{time.time() - t0:.1f}s")
    return 1 if failures else 0


def main(argv=None) -> int:
    import argparse
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    default_data = os.environ.get("TAPER_DATA", os.path.normpath(os.path.join(here, "..", "..", "..", "shared", "data")))
    if not os.path.isdir(default_data):
        default_data = "/work/shared/data"
    ap = argparse.ArgumentParser(
        description="chesslite: pure-Python legal move generator / SAN converter used by Taper's scripts. "
                    "Run with --selftest to verify it against the shared perft and EPD suites.")
    ap.add_argument("--selftest", action="store_true",
                    help="perft on perft/standard.epd (all lines, depths <= --depth), a sample of "
                         "perft/fischer.epd (Chess960), every wacnew.epd bm/am SAN and every STS c7 SAN vs c9")
    ap.add_argument("--data", default=default_data, help=f"shared data directory (default {default_data})")
    ap.add_argument("--depth", type=int, default=3, help="max perft depth for standard.epd (default 3)")
    ap.add_argument("--fischer", type=int, default=960, metavar="N",
                    help="number of fischer.epd lines to check, spread over the file (default all 960, 0 = skip)")
    ap.add_argument("--fischer-depth", type=int, default=2, help="max perft depth for fischer.epd (default 2)")
    ap.add_argument("--perft", nargs="+", metavar=("DEPTH", "FEN"),
                    help="print divided perft of FEN (default start position) to DEPTH")
    ap.add_argument("--san", nargs="+", metavar=("FEN", "MOVE"),
                    help="convert moves (SAN or UCI) in FEN: --san 'FEN' Nf3 e2e4 ...")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    if a.perft:
        depth = int(a.perft[0])
        pos = Position.from_fen(" ".join(a.perft[1:]) if len(a.perft) > 1 else STARTING_FEN)
        total = 0
        for m in pos.legal_moves():
            n = perft(pos.push(m), depth - 1)
            total += n
            print(f"{pos.uci(m)}: {n}")
        print(f"\nNodes searched: {total}")
        return 0
    if a.san:
        pos = Position.from_fen(a.san[0])
        for t in a.san[1:]:
            m = pos.parse_move(t)
            print(f"{t}\t{pos.uci(m)}\t{pos.san(m)}")
        return 0
    if a.selftest:
        return _selftest(a.data, a.depth, a.fischer, a.fischer_depth, a.verbose)
    ap.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
