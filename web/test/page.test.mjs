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
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/// The centre of square `key` on a board as drawn (the page's #board, or Train's #train-board),
/// `bottom` the side drawn at the bottom.
async function squareCentre(page, key, board = '#board', bottom = 'white') {
  await page.locator(`${board} cg-board`).scrollIntoViewIfNeeded();  // Train's board is far down the page
  const box = await page.locator(`${board} cg-board`).boundingBox();
  let file = key.charCodeAt(0) - 97, row = 7 - (key.charCodeAt(1) - 49);
  if (bottom === 'black') file = 7 - file, row = 7 - row;
  return { x: box.x + (file + 0.5) * box.width / 8, y: box.y + (row + 0.5) * box.height / 8 };
}

async function clickSquare(page, key, board = '#board', bottom = 'white') {
  const { x, y } = await squareCentre(page, key, board, bottom);
  await page.mouse.click(x, y);
}

/// The native `taper review --json` of a PGN file at a few nodes a position: what does not
/// depend on the search (the opening, the clocks) is compared with the page's.
function nativeReview(pgnPath) {
  const dir = mkdtempSync(join(tmpdir(), 'taper-review-'));
  try {
    execFileSync(native, ['review', pgnPath, '--nodes', '2000', '--json', join(dir, 'review.json')], { stdio: ['ignore', 'ignore', 'pipe'] });
    return JSON.parse(readFileSync(join(dir, 'review.json'), 'utf8')).games;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fixture = (name) => new URL(`../../tests/data/games/${name}`, import.meta.url);

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
    const moves = await page.$$eval('#review-moves .review-move', (bs) => bs.map((b) => [b.textContent, b.dataset.mark, b.dataset.class]));
    assert.equal(moves.length, 13);
    assert.deepEqual(moves[9], ['Bxd1??', '??', 'blunder'], "5...Bxd1 is Black's blunder");
    for (const [k, [, mark]] of moves.entries()) if (k % 2 === 0) assert.ok(mark !== '?' && mark !== '??', `White's move ${k} unmarked`);
    // Every move has one of chess.com's classes, and each side's counts add up to its moves.
    const classNames = ['best', 'excellent', 'good', 'book', 'inaccuracy', 'mistake', 'blunder', 'miss', 'great'];
    for (const [san, , cls] of moves) assert.ok(classNames.includes(cls), `${san} has a class (${cls})`);
    for (const [side, first] of [['white', 0], ['black', 1]]) {
      const counts = await page.$$eval(`#review-summary .review-classes td[data-side="${side}"]`, (tds) => tds.map((td) => Number(td.textContent)));
      assert.equal(counts.length, classNames.length);
      const own = moves.filter((_, k) => k % 2 === first);
      assert.equal(counts.reduce((a, b) => a + b, 0), own.length, `${side}'s classes count its moves`);
      const blunders = await page.textContent(`#review-summary .review-classes tr[data-class="blunder"] td[data-side="${side}"]`);
      assert.equal(Number(blunders), own.filter(([, , cls]) => cls === 'blunder').length);
      const acpl = await page.getAttribute(`#review-summary .review-players tr[data-side="${side}"] td[data-acpl]`, 'data-acpl');
      assert.match(acpl, /^\d+$/, 'ACPL shown');
    }
    // The opening as the native review names it (by lichess's table: no search involved).
    const [nativeGame] = nativeReview(fileURLToPath(fixture('legal_mate.pgn')));
    assert.ok(nativeGame.eco && nativeGame.opening, 'the native review names the opening');
    const opening = await page.textContent('#review-summary .review-opening');
    assert.ok(opening.includes(`Opening: ${nativeGame.eco} ${nativeGame.opening}.`), opening);
    if (nativeGame.leftTheory) assert.ok(opening.includes(`Left theory at ${nativeGame.leftTheory}.`), opening);
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
    // Game 2 has lichess's [%clk] clocks: each move's clock left and time spent are shown.
    await page.fill('#review-pgn', '[Event "broken"]\n\n1. e4 Ke7 *\n\n[Event "good"]\n[TimeControl "60+0"]\n\n' +
      '1. f3 { [%clk 0:01:00] } e5 { [%clk 0:00:58] } 2. g4 { [%clk 0:00:52] } Qh4# { [%clk 0:00:50] } 0-1\n');
    await page.click('#review-start');
    await page.waitForFunction(() => document.body.dataset.review === 'running');
    await page.waitForFunction(() => document.body.dataset.review === 'done', null, { timeout: 120000 });
    assert.match(await page.textContent('#review-status'), /0-1/);
    assert.equal((await page.$$eval('#review-moves .review-move', (bs) => bs.length)), 4, 'game 2 reviewed');
    assert.deepEqual(await page.$$eval('#review-moves .review-clock', (cs) => cs.map((c) => c.textContent)), ['1:00', '0:58', '0:52', '0:50']);
    await page.click('#review-moves .review-move[data-ply="2"]');
    await page.waitForFunction(() => document.querySelector('#review-detail').dataset.ply === '2');
    assert.match(await page.textContent('#review-detail'), /0:52 left after the move, 8 s spent on it/);
    assert.match(await page.textContent('#review-summary .review-opening'), /Time control 1\+0\./);
    // Train on one side's mistakes in the reviewed game: the report's session over this game.
    await page.click('#review-train-white');
    await page.waitForFunction(() => /^(No puzzle in|\d+ puzzle\(s\) from) White's mistakes in this game/.test(document.querySelector('#train-source').textContent),
      null, { timeout: 60000 });
    const trainState = await page.getAttribute('#train', 'data-state');
    assert.equal(trainState, (await page.textContent('#train-source')).startsWith('No puzzle') ? 'empty' : 'ready');
    // A text that is no game says so.
    await page.fill('#review-pgn', 'hello');
    await page.click('#review-start');
    await page.waitForFunction(() => document.querySelector('#review-status').textContent.includes('cannot be reviewed'));
    assert.deepEqual(errors, []);
    await page.close();
  });

  // A player's report. The test games of tests/data hold no mistake that makes a puzzle (no
  // position where one move alone keeps the better result), so Alice's games are written here:
  // she misses winning the queen (3.Nxh4) and a mate in one (4.Qxf7#), as in the native report's
  // test (tests/tools/report_cli_test.cpp); a broken game of hers is skipped by name, and two
  // public games (one with clocks) bring other players. Searched at 5,000 nodes a position.
  const ReportPlayer = 'Alice';
  const AliceGames =
    '[Event "Legal\'s mate"]\n[White "Alice"]\n[Black "Bob"]\n[Result "1-0"]\n\n' +
    '1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0\n\n' +
    '[Event "Scholar\'s mate"]\n[White "bob"]\n[Black "ALICE"]\n[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n' +
    '[Event "Missed queen"]\n[White "Alice"]\n[Black "Bob"]\n[Result "1/2-1/2"]\n\n1. e4 e5 2. Nf3 Qh4 3. Nc3 Qf6 4. d4 1/2-1/2\n\n' +
    '[Event "Broken"]\n[White "Alice"]\n[Black "Bob"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n\n' +
    '[Event "Missed mate"]\n[White "Alice"]\n[Black "Bob"]\n[Result "0-1"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Nc3 Nxh5 0-1\n';
  const reportPgn = () => [readFileSync(fixture('legal_mate.pgn'), 'utf8'), readFileSync(fixture('opera_game_clocks.pgn'), 'utf8'), AliceGames].join('\n');
  let reported = null;  // the page with the finished report, for the Train test

  /// The native `taper report` of the same games at the same budget.
  function nativeReport(pgn, player, nodes) {
    const dir = mkdtempSync(join(tmpdir(), 'taper-report-'));
    try {
      writeFileSync(join(dir, 'games.pgn'), pgn);
      try {
        execFileSync(native, ['report', join(dir, 'games.pgn'), '--player', player, '--nodes', String(nodes), '--out', join(dir, 'out')],
          { stdio: ['ignore', 'ignore', 'pipe'] });
      } catch (e) {
        if (e.status !== 1) throw e;  // 1: a broken game was skipped, as here
      }
      return JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  test('report: the player chosen from the file, progress in games, the report and its downloads', async () => {
    const { page, errors } = await openPage();
    await waitForExplanation(page);
    const pgn = reportPgn();
    await page.fill('#report-pgn', pgn);
    // The names in the file are offered, the player with the most games chosen.
    await page.waitForFunction(() => document.querySelector('#report-player').value !== '', null, { timeout: 30000 });
    assert.equal(await page.inputValue('#report-player'), ReportPlayer);
    const offered = await page.$$eval('#report-players option', (os) => os.map((o) => o.value));
    for (const name of ['Bob', 'Paul Morphy', 'Saint Brie']) assert.ok(offered.includes(name), `${name} offered`);
    await page.selectOption('#report-budget', 'nodes:5000');
    await page.click('#report-start');
    await page.waitForFunction(() => document.body.dataset.report === 'running');
    // Progress in games: a game done while another is still to come.
    await page.waitForFunction(() => /^[1-4]\/5$/.test(document.querySelector('#report-count').dataset.games || ''), null, { timeout: 120000 });
    assert.match(await page.textContent('#report-count'), /^[1-4]\/5 games, \d+\/39 positions/);
    await page.waitForFunction(() => document.body.dataset.report === 'done', null, { timeout: 120000 });
    assert.equal(await page.getAttribute('#report-count', 'data-games'), '5/5');

    // The summary, and report.html itself in its frame.
    assert.equal(await page.getAttribute('#report-summary', 'data-player'), ReportPlayer);
    const expected = nativeReport(pgn, ReportPlayer, 5000);
    const { wins, draws, losses } = expected.results;
    assert.equal(await page.textContent('#report-summary dd[data-key="results"]'), `+${wins} =${draws} \u2212${losses}`);
    assert.match(await page.textContent('#report-summary dd[data-key="accuracy"]'), /^\d+\.\d% \(opening /);
    assert.match(await page.textContent('#report-notes'), /Skipped game 6 \(Alice - Bob, Broken\), line \d+: 'Ke3' is not a legal move/);
    const frame = page.frameLocator('#report-frame');
    assert.equal(await frame.locator('h1').textContent(), ReportPlayer);
    assert.match(await frame.locator('body').textContent(), /Accuracy/);

    // report.json downloaded: the contract's keys, and the very report the native `taper report`
    // writes at the same node budget (one search thread, a cleared hash: the same searches).
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#report-download-report-json')]);
    assert.equal(download.suggestedFilename(), 'report.json');
    const json = JSON.parse(readFileSync(await download.path(), 'utf8'));
    assert.equal(json.player, ReportPlayer);
    assert.equal(json.games, 4);
    assert.equal(json.skipped, 1);
    for (const key of ['results', 'accuracy', 'acpl', 'classes', 'reasons', 'openings', 'puzzles', 'positions']) assert.ok(key in json, key);
    assert.ok(json.puzzles >= 1, 'puzzles from Alice\'s mistakes');
    assert.deepEqual(json, expected);
    assert.ok(await page.getAttribute('#report-download-puzzles-pgn', 'href'), 'puzzles.pgn offered');
    // The puzzles went to Train.
    await page.waitForFunction(() => document.querySelector('#train').dataset.state === 'ready');
    assert.match(await page.textContent('#train-title'), new RegExp(`^Puzzle 1 of ${json.puzzles} `));
    assert.deepEqual(errors, []);
    reported = { page, errors };
  });

  test('report: a player not in the file is answered with the names that are', async () => {
    const { page, errors } = await openPage();
    await waitForExplanation(page);
    await page.fill('#report-pgn', reportPgn());
    await page.fill('#report-player', 'Nobody Here');
    await page.click('#report-start');
    await page.waitForFunction(() => document.body.dataset.report === 'error', null, { timeout: 30000 });
    const status = await page.textContent('#report-status');
    assert.match(status, /Nobody Here plays in none of the 7 game\(s\)/);
    for (const name of [ReportPlayer, 'Bob', 'Paul Morphy']) assert.ok(status.includes(name), `${name} named in: ${status}`);
    // Games that are no PGN at all say so too.
    await page.fill('#report-pgn', 'hello');
    await page.fill('#report-player', 'Anyone');
    await page.click('#report-start');
    await page.waitForFunction(() => /no game found/.test(document.querySelector('#report-status').textContent), null, { timeout: 30000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('train: a puzzle of the report, a wrong move explained and taken back, the right move accepted', async () => {
    assert.ok(reported, 'the report test made the puzzles');
    const { page, errors } = reported;
    const train = () => page.$eval('#train', (t) => ({ ...t.dataset }));
    const puzzle = await train();
    const solution = puzzle.solution.split(' ');
    const bottom = puzzle.fen.split(' ')[1] === 'w' ? 'white' : 'black';
    const legal = nativeMoves(puzzle.fen);
    assert.ok(legal.ok, legal.error);
    assert.ok(legal.legalMoves.includes(solution[0]), `the solution ${solution[0]} is legal in ${puzzle.fen}`);
    // A wrong move: another legal one that neither promotes nor mates.
    const wrong = legal.legalMoves.find((m) => m !== solution[0] && m.length === 4 && nativeMoves(puzzle.fen, [m]).status !== 'checkmate');
    assert.ok(wrong, 'a wrong move to try');
    await clickSquare(page, wrong.slice(0, 2), '#train-board', bottom);
    await clickSquare(page, wrong.slice(2, 4), '#train-board', bottom);
    await page.waitForFunction(() => document.querySelector('#train').dataset.state === 'judging');
    await page.waitForFunction(() => document.querySelector('#train').dataset.state === 'wrong', null, { timeout: 60000 });
    const feedback = await page.textContent('#train-feedback');
    assert.match(feedback, /Taken back: try again\.$/);
    assert.match(feedback, /chances/);
    assert.ok((await page.textContent('#train-why-text')).length > 20, 'the review\'s reason for the wrong move');
    assert.equal((await train()).fen, puzzle.fen, 'the wrong move is taken back');
    // The solution's first move is accepted: solved, or answered by the solution's reply.
    await clickSquare(page, solution[0].slice(0, 2), '#train-board', bottom);
    await clickSquare(page, solution[0].slice(2, 4), '#train-board', bottom);
    if (solution.length === 1) {
      await page.waitForFunction(() => document.querySelector('#train').dataset.state === 'solved');
      assert.match(await page.textContent('#train-feedback'), /^Solved/);
    } else {
      // The position after the solver's move and the reply (board and side to move: the two
      // programs may write the en passant field differently).
      const afterReply = nativeMoves(puzzle.fen, solution.slice(0, 2)).fen.split(' ').slice(0, 2).join(' ');
      await page.waitForFunction((fen) => (document.querySelector('#train').dataset.fen || '').split(' ').slice(0, 2).join(' ') === fen,
        afterReply, { timeout: 10000 });
      assert.equal((await train()).state, 'ready');
      assert.match(await page.textContent('#train-feedback'), /right/);
    }
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
