// SPDX-License-Identifier: GPL-3.0-or-later
// The annotated PGN of `taper review` read back by chess.js, the page's own chess library: every
// reviewed game of the test games loads, with the moves Taper reviewed ([%eval] comments, NAGs,
// reasons and best-line variations must not confuse a reader that is not Taper's own).
// Run by web/test/run.sh (make test-web) with TAPER_NATIVE the native binary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chess } from 'chess.js';

const native = process.env.TAPER_NATIVE;
const games = ['opera_game.pgn', 'legal_mate.pgn', 'chigorin_steinitz_1892_g23.pgn', 'taper_sf11_clocks.pgn'];

/// The games of a PGN text, one string each (a game starts at its first tag after a blank line).
function splitGames(text) {
  return text.split(/\n\s*\n(?=\[)/).map((g) => g.trim()).filter((g) => g.startsWith('['));
}

for (const name of games) {
  test(`chess.js reads taper review's annotated ${name} with the reviewed moves`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'taper-readback-'));
    try {
      const out = join(dir, 'annotated.pgn'), json = join(dir, 'review.json');
      execFileSync(native, ['review', join('..', 'tests', 'data', 'games', name), '--nodes', '20000',
        '--out', out, '--json', json], { stdio: ['ignore', 'ignore', 'pipe'] });
      const reviewed = JSON.parse(readFileSync(json, 'utf8')).games;
      const annotated = splitGames(readFileSync(out, 'utf8'));
      assert.equal(annotated.length, reviewed.length);
      reviewed.forEach((game, k) => {
        const chess = new Chess();
        chess.loadPgn(annotated[k]);
        const moves = chess.history({ verbose: true }).map((m) => m.from + m.to + (m.promotion || ''));
        assert.deepEqual(moves, game.moves.map((m) => m.uci));
        assert.ok(game.moves.some((m) => m.mark), 'the test game has marked moves, so NAGs are read too');
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

// `taper report`'s files read back the same way: games.pgn holds every reviewed game with its
// moves, and every puzzle of puzzles.pgn loads from its own [FEN] with a legal solution. Alice
// misses a queen and a mate in one (the games of tests/tools/report_cli_test.cpp).
const aliceGames = `[Event "Missed queen"]
[White "Alice"]
[Black "Bob"]
[Result "1/2-1/2"]

1. e4 e5 2. Nf3 Qh4 3. Nc3 Qf6 4. d4 1/2-1/2

[Event "Missed mate"]
[White "Alice"]
[Black "Bob"]
[Result "0-1"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Nc3 Nxh5 0-1
`;

test("chess.js reads taper report's games.pgn and every puzzle of puzzles.pgn", () => {
  const dir = mkdtempSync(join(tmpdir(), 'taper-readback-report-'));
  try {
    const pgn = join(dir, 'alice.pgn'), out = join(dir, 'report');
    writeFileSync(pgn, aliceGames);
    execFileSync(native, ['report', pgn, '--player', 'alice', '--nodes', '3000', '--out', out], { stdio: ['ignore', 'ignore', 'pipe'] });
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    const games = splitGames(readFileSync(join(out, 'games.pgn'), 'utf8'));
    assert.equal(games.length, report.games);
    assert.equal(games.length, 2);
    for (const text of games) {
      const chess = new Chess();
      chess.loadPgn(text);
      assert.ok(chess.history().length > 0, 'a reviewed game keeps its moves');
    }
    const puzzles = splitGames(readFileSync(join(out, 'puzzles.pgn'), 'utf8'));
    assert.equal(puzzles.length, report.puzzles);
    assert.ok(puzzles.length >= 2, 'the missed queen and the missed mate are puzzles');
    for (const text of puzzles) {
      const fen = /\[FEN "([^"]+)"\]/.exec(text)[1];
      const chess = new Chess();
      chess.loadPgn(text);
      assert.ok(chess.history().length >= 1, 'a puzzle has a solution');
      const replay = new Chess(fen);
      for (const move of chess.history({ verbose: true })) replay.move({ from: move.from, to: move.to, promotion: move.promotion });
      assert.equal(replay.fen(), chess.fen(), 'the solution is legal from the puzzle\'s own position');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
