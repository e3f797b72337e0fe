// SPDX-License-Identifier: GPL-3.0-or-later
// "Review a game": a pasted or opened PGN reviewed by the engine in its worker (the native
// `taper review`, docs/REVIEW.md), with a progress bar, the graph of White's chances (and the
// clocks, when the PGN has them), the move list with its marks and move classes, each side's
// accuracy, ACPL and classes, the opening, and for a clicked move the position on the page's
// board (whose explanation panel then explains it), the reason, the best line, the evaluation
// and the clock.

import { Reviewer } from './engine.js';

const $ = (id) => document.getElementById(id);
const MarkNames = { '?!': 'inaccuracy', '?': 'mistake', '??': 'blunder' };

/// chess.com's move classes, as the review names them (review/classes.cpp), in the order a
/// player reads them, with the symbol the page draws beside a move.
export const MoveClasses = [
  ['great', 'Great', '!'], ['best', 'Best', '\u2605'], ['excellent', 'Excellent', '\u2191'], ['good', 'Good', '\u2713'],
  ['book', 'Book', '\u25a4'], ['inaccuracy', 'Inaccuracy', '?!'], ['mistake', 'Mistake', '?'], ['miss', 'Miss', '\u2715'],
  ['blunder', 'Blunder', '??'],
];
const ClassTitle = Object.fromEntries(MoveClasses.map(([key, title]) => [key, title]));

/// A clock in ms as a player reads it: "4:27", "1:02:03", "0:04.5" under ten seconds.
export function clockText(ms) {
  if (ms === null || ms === undefined || ms < 0) return '';
  const tenths = Math.round(ms / 100);
  if (tenths < 100) return `0:0${(tenths / 10).toFixed(1)}`;
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/// A time spent in ms: "8 s", "1:05".
export function spentText(ms) {
  if (ms === null || ms === undefined || ms < 0) return '';
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/// The text of an opened PGN file. Old PGN files are often Latin-1: the engine reads bytes that
/// are not UTF-8 as Latin-1, so the bytes are passed on as they are (one character per byte) when
/// they are not valid UTF-8.
export async function pgnFileText(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (_) {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/// `showPosition(fen, lastMoveUci)` puts a position on the page's board (and so in its explanation);
/// `trainOnGame(pgn, side, movetime)` makes puzzles of one side's mistakes in the reviewed game.
export function initReview({ showPosition, trainOnGame }) {
  const reviewer = new Reviewer();
  let current = null;  // the finished review: {review, pgn, svg}
  let selected = -1;

  function setStatus(text) { $('review-status').textContent = text; }

  function setRunning(on) {
    document.body.dataset.review = on ? 'running' : current ? 'done' : 'idle';
    $('review-start').disabled = on;
    $('review-cancel').disabled = !on;
    $('review-progress').hidden = !on;
  }

  async function start() {
    const pgn = $('review-pgn').value;
    if (!pgn.trim()) return setStatus('Paste a game in PGN, or open a PGN file, first.');
    current = null;
    selected = -1;
    for (const id of ['review-graph', 'review-summary', 'review-moves', 'review-detail']) $(id).replaceChildren();
    $('review-download').hidden = true;
    setRunning(true);
    setStatus('Reading the game\u2026');
    const started = performance.now();
    const movetime = parseInt($('review-time').value, 10) || 500;
    let result;
    try {
      result = await reviewer.review(pgn, { number: parseInt($('review-game').value, 10) || 0, movetime }, {
        onBegin: (begin) => {
          if (begin.error) return setStatus(`This game cannot be reviewed: ${begin.error}.`);
          const broken = (begin.games || []).filter((g) => g.error);
          const notes = broken.map((g) => `game ${g.number}: ${g.error}`).concat(begin.warnings || []);
          setStatus(`Reviewing game ${begin.number} of ${begin.games.length}: ${begin.total} positions` +
            (notes.length ? ` (${notes.join('; ')})` : ''));
          $('review-progress').max = begin.total;
          $('review-progress').value = 0;
        },
        onProgress: (done, total) => {
          $('review-progress').value = done;
          const left = Math.ceil(((performance.now() - started) / done) * (total - done) / 1000);
          $('review-progress').title = `${done}/${total} positions, about ${left} s left`;
          $('review-status').dataset.done = `${done}/${total}`;
        },
      });
    } catch (e) {
      setStatus(`The review stopped: ${e.message}`);
      result = null;
    }
    if (result) current = result;
    setRunning(false);
    if (result) render();
  }

  function render() {
    const r = current.review;
    setStatus(`${r.title}   ${r.result}`);
    $('review-graph').innerHTML = current.svg;  // Taper's own SVG (review/svg.cpp), escaped there
    const svg = $('review-graph').querySelector('svg');
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.addEventListener('click', (e) => {
      const dot = e.target.closest('[data-ply]');
      if (dot) return select(parseInt(dot.dataset.ply, 10));
      const box = svg.getBoundingClientRect();
      const x = ((e.clientX - box.left) / box.width) * svg.viewBox.baseVal.width;
      const ply = Math.round((x - parseFloat(svg.dataset.plotLeft)) / parseFloat(svg.dataset.plotStep)) - 1;
      if (ply >= 0 && ply < r.moves.length) select(ply);
    });
    renderSummary(r);
    renderMoves(r);
    const blob = new Blob([current.pgn], { type: 'application/x-chess-pgn' });
    const link = $('review-download');
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(blob);
    link.hidden = false;
    document.body.dataset.review = 'done';
  }

  function renderSummary(r) {
    const clocks = r.moves.some((m) => m.clockMs >= 0);
    const table = document.createElement('table');
    table.className = 'review-players';
    table.innerHTML = '<thead><tr><th></th><th>accuracy</th><th title="average centipawn loss, as lichess counts it">ACPL</th>' +
      '<th>?!</th><th>?</th><th>??</th>' + (clocks ? '<th title="mistakes and blunders made with little time left">time trouble</th>' : '') +
      '</tr></thead>';
    const body = document.createElement('tbody');
    for (const [side, name] of [['white', r.tags.White], ['black', r.tags.Black]]) {
      const p = r[side];
      const tr = document.createElement('tr');
      tr.dataset.side = side;
      const cells = [`${side === 'white' ? 'White' : 'Black'}${name && name !== '?' ? ` (${name})` : ''}`,
        p.moves ? `${Math.round(p.accuracy)}%` : '\u2013', p.moves ? p.acpl : '\u2013', p.inaccuracies, p.mistakes, p.blunders];
      if (clocks) cells.push(p.timeTroubleErrors);
      for (const [k, text] of cells.entries()) {
        const td = document.createElement(k === 0 ? 'th' : 'td');
        td.textContent = String(text);
        if (k === 1) td.dataset.accuracy = String(p.accuracy);
        if (k === 2) td.dataset.acpl = String(p.acpl);
        tr.append(td);
      }
      body.append(tr);
    }
    table.append(body);

    // The moves of each class, side by side, as chess.com's review lists them.
    const classes = document.createElement('table');
    classes.className = 'review-classes';
    classes.innerHTML = '<thead><tr><th></th><th>White</th><th>Black</th></tr></thead>';
    const classBody = document.createElement('tbody');
    for (const [key, title, symbol] of MoveClasses) {
      const tr = document.createElement('tr');
      tr.dataset.class = key;
      const th = document.createElement('th');
      const badge = document.createElement('span');
      badge.className = `class-badge cls-${key}`;
      badge.textContent = symbol;
      th.append(badge, ` ${title}`);
      tr.append(th);
      for (const side of ['white', 'black']) {
        const td = document.createElement('td');
        td.dataset.side = side;
        td.textContent = String(r[side].classes ? r[side].classes[key] || 0 : 0);
        tr.append(td);
      }
      classBody.append(tr);
    }
    classes.append(classBody);

    const opening = document.createElement('p');
    opening.className = 'review-opening';
    const tc = r.timeControl && r.timeControl.baseMs >= 0
      ? `Time control ${r.timeControl.baseMs / 60000}+${r.timeControl.incrementMs / 1000}. ` : '';
    opening.textContent = (r.opening ? `Opening: ${r.eco ? `${r.eco} ` : ''}${r.opening}. ` : '') +
      (r.leftTheory ? `Left theory at ${r.leftTheory}. ` : r.bookPlies ? `Every move followed the book. ` : '') + tc;
    const notes = document.createElement('p');
    notes.className = 'quiet';
    notes.textContent = (r.bookPlies ? `The first ${r.bookPlies} plies follow the book and are not marked. ` : '') +
      (r.final ? `Final position: ${r.final}.` : '');

    // Puzzles from this game: the report's own, for one side (Train, below).
    const train = document.createElement('p');
    train.className = 'buttons';
    for (const side of ['white', 'black']) {
      const b = document.createElement('button');
      b.type = 'button';
      b.id = `review-train-${side}`;
      b.textContent = `Train on ${side === 'white' ? "White's" : "Black's"} mistakes`;
      b.addEventListener('click', () => trainOnGame(current.pgn, side, parseInt($('review-time').value, 10) || 500));
      train.append(b);
    }
    $('review-summary').replaceChildren(table, opening, classes, notes, train);
  }

  function renderMoves(r) {
    const list = $('review-moves');
    list.replaceChildren();
    let li = null;
    r.moves.forEach((m, i) => {
      if (m.color === 'white' || i === 0) {
        li = document.createElement('li');
        li.value = parseInt(m.numbered, 10);
        if (m.color === 'black') li.append('\u2026 ');
        list.append(li);
      }
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'review-move' + (m.mark ? ` mark-${MarkNames[m.mark]}` : '') + (m.book ? ' book' : '') +
        (m.class ? ` cls-${m.class}` : '');
      b.dataset.ply = String(i);
      b.dataset.mark = m.mark;
      b.dataset.class = m.class || '';
      b.textContent = m.san + m.mark;
      const clock = m.clockMs >= 0 ? ` \u00b7 ${clockText(m.clockMs)} left` + (m.spentMs >= 0 ? `, ${spentText(m.spentMs)} spent` : '') : '';
      b.title = `${ClassTitle[m.class] || ''}${clock}: ` + (m.reason || (m.mark ? `${m.best} was best` : m.label || m.numbered));
      b.addEventListener('click', () => select(i));
      li.append(b);
      if (m.clockMs >= 0) {
        const c = document.createElement('span');
        c.className = 'review-clock' + (m.timeTrouble ? ' trouble' : '');
        c.dataset.ply = String(i);
        c.textContent = clockText(m.clockMs);
        c.title = m.spentMs >= 0 ? `${spentText(m.spentMs)} spent on ${m.numbered}` : '';
        li.append(' ', c);
      }
      li.append(' ');
    });
  }

  function select(i) {
    const r = current && current.review;
    if (!r || i < 0 || i >= r.moves.length) return;
    selected = i;
    const m = r.moves[i];
    for (const b of $('review-moves').querySelectorAll('.review-move')) b.classList.toggle('selected', b.dataset.ply === String(i));
    const detail = $('review-detail');
    detail.replaceChildren();
    detail.dataset.ply = String(i);
    const head = document.createElement('p');
    head.className = 'review-head';
    head.textContent = `${m.numbered}${m.mark}` + (m.class ? ` \u2014 ${(ClassTitle[m.class] || m.class).toLowerCase()}` :
      m.mark ? ` \u2014 ${MarkNames[m.mark]}` : m.book ? ' \u2014 book' : '');
    const lines = [
      ['Evaluation after the move', `${m.eval} (White's chances ${Math.round(m.whiteChances)}%)` + (m.label ? `: ${m.label}` : '')],
      ['Chances of the side that moved', `${Math.round(m.chancesBefore)}% with the best move, ${Math.round(m.chancesAfter)}% after this one`],
      ['Best line', m.bestLine || '\u2013'],
      ['After the move played', m.playedLine || '\u2013'],
    ];
    if (m.clockMs >= 0)
      lines.push(['Clock', `${clockText(m.clockMs)} left after the move` + (m.spentMs >= 0 ? `, ${spentText(m.spentMs)} spent on it` : '') +
        (m.timeTrouble ? ' (an error made in time trouble)' : '')]);
    detail.append(head);
    if (m.reason) {
      const reason = document.createElement('p');
      reason.className = 'review-reason';
      reason.textContent = m.reason;
      detail.append(reason);
    }
    const dl = document.createElement('dl');
    for (const [k, v] of lines) {
      const dt = document.createElement('dt');
      dt.textContent = k;
      const dd = document.createElement('dd');
      dd.textContent = v;
      dl.append(dt, dd);
    }
    const note = document.createElement('p');
    note.className = 'quiet';
    note.textContent = 'The board shows the position after the move; "Why Taper judges it so" explains its evaluation.';
    detail.append(dl, note);
    showPosition(m.fenAfter, m.uci);
  }

  $('review-start').addEventListener('click', start);
  $('review-cancel').addEventListener('click', () => {
    reviewer.cancel();
    setStatus('Review cancelled.');
  });
  $('review-file').addEventListener('change', async (e) => {
    const file = e.target.files && e.target.files[0];
    if (file) $('review-pgn').value = await pgnFileText(file);
  });
  document.addEventListener('keydown', (e) => {
    if (!current || e.target.closest('input, textarea, select')) return;
    if (e.key === 'ArrowRight') select(selected + 1);
    else if (e.key === 'ArrowLeft') select(selected - 1);
  });
  setRunning(false);
}
