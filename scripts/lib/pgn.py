# SPDX-License-Identifier: GPL-3.0-or-later
"""The scripts' one PGN reader, for the files fastchess writes: each game's headers and its moves,
each with the comment that follows it (fastchess's "<score>/<depth> <seconds>s", "book", and the
game's end on the last move)."""

import re


def parse_games(text):
    """[(headers, [(san, comment or '')...])] of every game in a PGN text."""
    games, headers, body = [], None, []

    def flush():
        if headers is None:
            return
        moves = " ".join(body)
        moves = re.sub(r"\([^()]*\)", " ", moves)  # variations (fastchess writes none)
        tokens = re.findall(r"\{[^}]*\}|[^\s{}]+", moves)
        plies = []
        for tok in tokens:
            if tok.startswith("{"):
                if plies and not plies[-1][1]:
                    plies[-1] = (plies[-1][0], tok[1:-1].strip())
                continue
            if re.fullmatch(r"\d+\.+|\d+\.\.\.|1-0|0-1|1/2-1/2|\*|\$\d+", tok):
                continue
            tok = re.sub(r"^\d+\.+", "", tok)
            if tok:
                plies.append((tok, ""))
        games.append((headers, plies))

    for line in text.splitlines():
        m = re.match(r'^\[(\w+)\s+"(.*)"\]\s*$', line)
        if m:
            if headers is None or body:
                flush()
                headers, body = {}, []
            headers[m.group(1)] = m.group(2)
        elif headers is not None:
            body.append(line)
    flush()
    return games


def white_moves_first(headers):
    """Whether the game's first move is White's (a FEN start may give Black the move)."""
    fen = headers.get("FEN", "").split()
    return len(fen) < 2 or fen[1] != "b"
