// SPDX-License-Identifier: GPL-3.0-or-later
// The web page (make web) in Debian's headless Chromium, checked against the native engine:
//   - it loads with no console error;
//   - a move played on the board is answered by a legal move;
//   - index.html?fen=<FEN>&movetime=<ms> puts a legal move in #bestmove and the term table in
//     #eval-terms, whose rows are `taper eval`'s and whose Total row equals its total;
//   - a bad FEN in the address gives a clear message and no crash;
//   - a search can be stopped, and the page goes on working;
//   - "Review a game" reviews a pasted PGN: Black's known blunder marked ?? with its reason,
//     and a clicked move's position on the board; a file whose first game is broken reviews
//     the first game that can be.
// Run by web/test/run.sh (make test-web): TAPER_WEB_SITE is the built page, TAPER_NATIVE the
// native binary, CHROMIUM the browser; SCREENSHOTS=DIR also writes the three pictures of docs/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './server.mjs';

const site = process.env.TAPER_WEB_SITE;
const native = process.env.TAPER_NATIVE;
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const StartFen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
// This machine's network is closed: without these flags Chromium waits on connections it tries.
const ChromiumFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let server, browser, profile;  // browser: a persistent context on a fresh profile folder

/// The native engine's verdict on moves: 'ok' fields of `taper moves` (legal list, status).
function nativeMoves(fen, moves = []) {
  const line = moves.length ? `${fen} moves ${moves.join(' ')}` : fen;
  const answer = execFileSync(native, ['moves'], { input: line + '\n', encoding: 'utf8' }).trim();
  const [kind, ...fields] = answer.split('\t');
  const out = { ok: kind === 'ok', error: kind === 'ok' ? null : fields.join(' ') };
  for (const f of fields) {
    const eq = f.indexOf('=');
    if (eq > 0) out[f.slice(0, eq)] = f.slice(eq + 1);
  }
  out.legalMoves = out.legal ? out.legal.split(' ').filter(Boolean) : [];
  return out;
}

/// The native `taper eval` table: row titles in order, the Total row's mg/eg, the final score.
function nativeEval(fen) {
  const text = execFileSync(native, ['eval', fen], { encoding: 'utf8' });
  const final = parseInt(text.match(/^Final evaluation: ([+-]?\d+) cp/m)[1], 10);
  const rows = [];
  let total = null;
  for (const line of text.split('\n')) {
    const cols = line.split('|');
    if (cols.length !== 4) continue;
    const title = cols[0].trim();
    const [mg, eg] = cols[3].trim().split(/\s+/).map(Number);
    if (title === 'Total') total = { mg, eg };
    else if (title && title !== 'Term' && !Number.isNaN(mg)) rows.push(title);
  }
  return { final, rows, total };
}

/// A new page with its console errors and uncaught exceptions collected.
async function openPage(query = '') {
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`exception: ${e.message}`));
  page.on('crash', () => errors.push('the page crashed'));
  await page.goto(server.url + 'index.html' + query);
  return { page, errors };
}

async function waitForExplanation(page) {
  await page.waitForFunction(() => document.querySelectorAll('#eval-terms tbody tr.total').length === 1, null, { timeout: 60000 });
}

async function waitForBestmove(page) {
  await page.waitForFunction(() => document.querySelector('#bestmove').textContent !== '', null, { timeout: 60000 });
  return (await page.textContent('#bestmove')).trim();
}

/// The centre of square `key` on the board as drawn, White at the bottom.
async function squareCentre(page, key) {
  const box = await page.locator('cg-board').boundingBox();
  const file = key.charCodeAt(0) - 97, rank = key.charCodeAt(1) - 49;
  return { x: box.x + (file + 0.5) * box.width / 8, y: box.y + (7 - rank + 0.5) * box.height / 8 };
}

async function clickSquare(page, key) {
  const { x, y } = await squareCentre(page, key);
  await page.mouse.click(x, y);
}

before(async () => {
  assert.ok(site, 'TAPER_WEB_SITE (the built page) is required');
  assert.ok(native, 'TAPER_NATIVE (the native taper binary) is required');
  server = await serve(site);
  profile = mkdtempSync(join(tmpdir(), 'taper-chromium-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath, headless: true, args: ChromiumFlags, viewport: { width: 1360, height: 820 },
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe('Taper web page', () => {
  test('loads with no console error and explains the start position', async () => {
    const { page, errors } = await openPage();
    await waitForExplanation(page);
    await page.waitForFunction(() => document.body.dataset.engine === 'idle');
    const terms = await page.$$eval('#eval-terms tbody tr', (rows) => rows.map((r) => r.dataset.term));
    assert.deepEqual(terms, [...nativeEval(StartFen).rows, 'Total']);
    assert.ok((await page.textContent('#verdict')).length > 10, 'a verdict sentence');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a move played on the board is answered by a legal move', async () => {
    const { page, errors } = await openPage();
    await waitForExplanation(page);
    await page.selectOption('#movetime', '500');
    await clickSquare(page, 'e2');
    await clickSquare(page, 'e4');
    await page.waitForFunction(() => (document.querySelector('#moves').dataset.uci || '').split(' ').filter(Boolean).length === 2,
      null, { timeout: 60000 });
    const moves = (await page.getAttribute('#moves', 'data-uci')).split(' ');
    assert.equal(moves[0], 'e2e4');
    const reply = moves[1];
    assert.equal(await waitForBestmove(page), reply, '#bestmove shows the reply');
    assert.ok(nativeMoves(StartFen, ['e2e4']).legalMoves.includes(reply), `${reply} is legal after 1. e4`);
    assert.ok(nativeMoves(StartFen, moves).ok);
    // The board shows the reply and offers White's moves again.
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('White to move'));
    assert.deepEqual(errors, []);
    await page.close();
  });

  const positions = [
    ['an open middlegame', 'r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8'],
    ['en passant possible', 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'],
    ['an attack on the king', 'r1b2rk1/pp3ppp/2n1pq2/3p4/3P3Q/2PB1N2/P4PPP/R4RK1 w - - 0 14'],
    ['a rook endgame with passed pawns', '8/5pk1/6p1/1P6/P4K2/8/r7/4R3 b - - 0 45'],
    ['a known endgame (KQvK)', '8/8/8/3k4/8/8/4Q3/4K3 w - - 0 1'],
    ['checkmate: no legal move', 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'],
  ];
  for (const [what, fen] of positions) {
    test(`?fen= contract: ${what}`, async () => {
      const { page, errors } = await openPage(`?fen=${encodeURIComponent(fen)}&movetime=300`);
      const best = await waitForBestmove(page);
      await waitForExplanation(page);
      const legal = nativeMoves(fen);
      assert.ok(legal.ok, legal.error);
      if (legal.legalMoves.length === 0) assert.equal(best, '(none)');
      else assert.ok(legal.legalMoves.includes(best), `${best} is one of ${legal.legalMoves.join(' ')}`);

      const expected = nativeEval(fen);
      const rows = await page.$$eval('#eval-terms tbody tr', (trs) => trs.map((r) => ({ ...r.dataset })));
      const total = rows[rows.length - 1];
      assert.equal(total.term, 'Total', 'the last row is the total');
      assert.equal(Number(total.cp), expected.final, 'Total equals native taper eval\'s final evaluation');
      assert.deepEqual(rows.slice(0, -1).map((r) => r.term), expected.rows, 'the same rows as taper eval');
      if (expected.total) assert.deepEqual({ mg: Number(total.mg), eg: Number(total.eg) }, expected.total);
      assert.equal(await page.textContent('#message'), '');
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  for (const [what, fen] of [['not a FEN at all', 'hello world'],
                             ['a board of nine ranks', 'rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'],
                             ['the side not to move in check', '4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1']]) {
    test(`a bad FEN in the address (${what}) gives a message and no crash`, async () => {
      const { page, errors } = await openPage(`?fen=${encodeURIComponent(fen)}&movetime=200`);
      await page.waitForFunction(() => !document.querySelector('#message').hidden, null, { timeout: 60000 });
      const message = await page.textContent('#message');
      assert.match(message, /FEN in the address cannot be used: bad FEN: /);
      await waitForExplanation(page);
      assert.equal(await page.textContent('#bestmove'), '');
      // Still a working page: the start position, ready for a move.
      assert.equal(await page.getAttribute('#moves', 'data-start'), StartFen);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('a search can be stopped and the page goes on', async () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    const { page, errors } = await openPage(`?fen=${encodeURIComponent(fen)}&movetime=600000`);
    await page.waitForFunction(() => document.querySelector('#pv').textContent !== '', null, { timeout: 60000 });
    const started = Date.now();
    await page.click('#stop');
    const best = await waitForBestmove(page);
    assert.ok(Date.now() - started < 5000, 'stopped at once');
    assert.ok(nativeMoves(fen).legalMoves.includes(best), `${best} is legal`);
    await page.waitForFunction(() => document.body.dataset.engine === 'idle');
    // A new search runs on the fresh engine.
    await page.click('#analyse');
    await page.waitForFunction(() => document.body.dataset.engine === 'thinking');
    await page.waitForFunction(() => document.querySelector('#pv').textContent !== '', null, { timeout: 60000 });
    await page.click('#stop');
    assert.ok(nativeMoves(fen).legalMoves.includes(await waitForBestmove(page)));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('review a game: progress, graph, marks, and a clicked move on the board', async () => {
    const { page, errors } = await openPage();
    await waitForExplanation(page);
    const pgn = readFileSync(new URL('../../tests/data/games/legal_mate.pgn', import.meta.url), 'utf8');
    await page.fill('#review-pgn', pgn);
    await page.selectOption('#review-time', '200');
    await page.click('#review-start');
    await page.waitForFunction(() => document.body.dataset.review === 'running');
    await page.waitForFunction(() => document.body.dataset.review === 'done', null, { timeout: 120000 });
    assert.equal(await page.locator('#review-graph svg').count(), 1, 'the graph');
    const moves = await page.$$eval('#review-moves .review-move', (bs) => bs.map((b) => [b.textContent, b.dataset.mark]));
    assert.equal(moves.length, 13);
    assert.deepEqual(moves[9], ['Bxd1??', '??'], "5...Bxd1 is Black's blunder");
    for (const [k, [, mark]] of moves.entries()) if (k % 2 === 0) assert.ok(mark !== '?' && mark !== '??', `White's move ${k} unmarked`);
    await page.click('#review-moves .review-move[data-ply="9"]');
    await page.waitForFunction(() => document.querySelector('#review-detail').dataset.ply === '9');
    assert.match(await page.textContent('#review-detail'), /5\.\.\.Bxd1\?\? allows mate in 2: 6\.Bxf7\+ Ke7 7\.Nd5#/);
    // The board and its explanation show the position after the move.
    const after = nativeMoves(StartFen, ['e2e4', 'e7e5', 'g1f3', 'd7d6', 'f1c4', 'c8g4', 'b1c3', 'g7g6', 'f3e5', 'g4d1']);
    assert.ok(after.ok, after.error);
    assert.equal((await page.inputValue('#fen-input')).split(' ')[0], after.fen.split(' ')[0]);
    await waitForExplanation(page);
    assert.ok((await page.getAttribute('#review-download', 'href')).startsWith('blob:'), 'the annotated PGN to download');
    // A pasted file whose first game is broken: the Game field is left empty, so the first game
    // that can be reviewed is (issue 110: the page once always asked for game 1 and stopped).
    assert.equal(await page.inputValue('#review-game'), '');
    await page.fill('#review-pgn', '[Event "broken"]\n\n1. e4 Ke7 *\n\n[Event "good"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n');
    await page.click('#review-start');
    await page.waitForFunction(() => document.body.dataset.review === 'running');
    await page.waitForFunction(() => document.body.dataset.review === 'done', null, { timeout: 120000 });
    assert.match(await page.textContent('#review-status'), /0-1/);
    assert.equal((await page.$$eval('#review-moves .review-move', (bs) => bs.length)), 4, 'game 2 reviewed');
    // A text that is no game says so.
    await page.fill('#review-pgn', 'hello');
    await page.click('#review-start');
    await page.waitForFunction(() => document.querySelector('#review-status').textContent.includes('cannot be reviewed'));
    assert.deepEqual(errors, []);
    await page.close();
  });

  if (process.env.SCREENSHOTS) {
    test('screenshots for docs/', async () => {
      const dir = process.env.SCREENSHOTS;
      // A game: a few moves against Taper, its reply and line shown.
      const game = await openPage();
      await waitForExplanation(game.page);
      await game.page.selectOption('#movetime', '1000');
      for (const [from, to] of [['e2', 'e4'], ['g1', 'f3'], ['f1', 'c4']]) {
        const n = (await game.page.getAttribute('#moves', 'data-uci')).split(' ').filter(Boolean).length;
        await clickSquare(game.page, from);
        await clickSquare(game.page, to);
        await game.page.waitForFunction((k) => document.querySelector('#moves').dataset.uci.split(' ').filter(Boolean).length >= k + 2, n, { timeout: 60000 });
      }
      await game.page.waitForTimeout(500);
      await game.page.screenshot({ path: join(dir, 'web-game.png') });
      await game.page.close();
      // The evaluation view: a passed pawn, outposts for both sides, an attacked king.
      const view = await openPage(`?fen=${encodeURIComponent('r4rk1/1b2qppp/p7/1p1Pp2Q/4N3/P5P1/1P3P1P/R4RK1 w - - 0 20')}&movetime=1000`);
      await waitForBestmove(view.page);
      await waitForExplanation(view.page);
      await view.page.screenshot({ path: join(dir, 'web-eval.png') });
      await view.page.close();
      // A game reviewed: the Opera game, Black's 9...b5 clicked.
      const review = await openPage();
      await waitForExplanation(review.page);
      await review.page.setViewportSize({ width: 1360, height: 1600 });
      await review.page.fill('#review-pgn', readFileSync(new URL('../../tests/data/games/opera_game.pgn', import.meta.url), 'utf8'));
      await review.page.click('#review-start');
      await review.page.waitForFunction(() => document.body.dataset.review === 'done', null, { timeout: 300000 });
      await review.page.click('#review-moves .review-move[data-ply="17"]');
      await review.page.waitForTimeout(500);
      await review.page.locator('#review').screenshot({ path: join(dir, 'web-review.png') });
      await review.page.close();
    });
  }
});
