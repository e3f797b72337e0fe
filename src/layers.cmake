# SPDX-License-Identifier: GPL-3.0-or-later
# The engine's layers, lowest first: "folder of src/ : the layers it uses directly".
# This list is the one source of truth for the architecture:
#   - the build makes one static library per layer (taper_layer_<name>, from src/<name>/*.cpp)
#     and links it only to the layers named here (CMakeLists.txt);
#   - tests/check_layers.cmake fails when a file includes a header of a layer that is not
#     reachable along these arrows.
# A layer may only use layers listed above it, so the arrows cannot form a cycle. A folder
# that does not exist (yet) or has no sources is skipped. A new layer is one more line.
#
#   core     bitboards, attack tables, Zobrist keys
#   board    position, move generation, FEN/notation, perft
#   bitbase  the win/draw/loss tables of up to four men: their retrograde solver, the compressed
#            archive the build embeds (gen/: its build-time generator) and the probes; needs board
#            only for probing a Position
#   eval     the hand-crafted evaluation and the known-endgame rules (which probe the bitbases)
#   tb       Syzygy probing (Fathom), a thin wrapper
#   search   alpha-beta, transposition table, threads; probes tb in the search
#   tune     the tuner and its data readers (the only layer that links zlib and liblzma)
#   explain  the evaluation explained: the model of its terms (explanation.hpp), a player's words
#            for them, one comparison of two explanations, and its views (table, JSON, SVG, the
#            board drawing); with the text helpers the views and the review share (JSON writing
#            and reading, XML escaping, lists in words)
#   uci      the UCI protocol, its options and the bench positions
#   review   a game reviewed (marks, classes, reasons, openings, clocks; PGN, SVG, JSON) and a
#            player's report over many games with puzzles from the mistakes; the web page's
#            stepping sessions
#   tools    the subcommands (analyse, perft, bench, eval, moves, review, report, verify-endgames,
#            tune, datagen, pgn-data, wdl-fit, spsa, genfens): front ends with one argument parser
set(TAPER_LAYERS
  "core    :"
  "board   : core"
  "bitbase : board"
  "eval    : board bitbase"
  "tb      : board"
  "search  : eval tb"
  "tune    : search"
  "explain : eval"
  "uci     : search"
  "review  : uci explain"
  "tools   : uci tune review explain"
)
