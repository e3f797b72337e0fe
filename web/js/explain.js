// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation explained: the term table (the rows of `taper eval`, tapered) and what the board
// shows of it: king zones and their danger, each piece's share, passed pawns, outposts. The data
// is `taper eval --json` from the same WebAssembly build (docs/WEB.md has its fields).

import { pawns } from './uci_info.js';

const SvgNs = 'http://www.w3.org/2000/svg';

function cell(tag, text, className) {
  const el = document.createElement(tag);
  el.textContent = text;
  if (className) el.className = className;
  return el;
}

/// Fills `table` (#eval-terms): a header, one row per term, the Total row last. Each row carries
/// data-term, data-mg, data-eg (White minus Black) and data-cp (tapered, White's point of view);
/// the Total row's data-cp is the final evaluation, as `taper eval` prints it.
export function renderTermTable(table, data) {
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const title of ['Term', 'White mg', 'eg', 'Black mg', 'eg', 'Total mg', 'eg', 'Weight']) head.append(cell('th', title));
  const body = table.createTBody();
  const deciding = new Set(data.deciding || []);
  const addRow = (row, isTotal) => {
    const tr = body.insertRow();
    tr.dataset.term = row.term;
    tr.dataset.mg = row.total[0];
    tr.dataset.eg = row.total[1];
    tr.dataset.cp = row.cp;
    if (isTotal) tr.className = 'total';
    else if (deciding.has(row.term)) tr.className = 'deciding';
    else if (row.cp === 0 && row.total[0] === 0 && row.total[1] === 0) tr.className = 'zero';
    tr.append(cell('th', row.term));
    for (const v of [...row.white, ...row.black, ...row.total]) tr.append(cell('td', String(v)));
    tr.append(cell('td', pawns(row.cp), row.cp > 0 ? 'good' : row.cp < 0 ? 'bad' : ''));
  };
  for (const row of data.rows) addRow(row, false);
  addRow(data.total, true);
  if (data.exit !== 'general') {
    // No general term applies: the total alone, with blank mg/eg columns.
    const cells = body.rows[body.rows.length - 1].cells;
    for (let i = 1; i <= 6; i++) cells[i].textContent = '\u2014';
  }
}

/// The line under the table that says how a row's weight is computed.
export function taperNote(data) {
  if (data.exit === 'known-endgame') return 'A known endgame: an exact rule gives the score, not the terms.';
  if (data.exit === 'insufficient-material') return 'Neither side can mate: the evaluation is a draw.';
  const mid = Math.round((data.phase * 100) / data.phaseMidgame);
  const scale = data.scale === data.scaleNormal ? 'no scaling' : `endgame part scaled by ${data.scale}/${data.scaleNormal}`;
  return `Phase ${data.phase}/${data.phaseMidgame}: a row weighs ${mid}% its middlegame value and ${100 - mid}% its endgame value (${scale}). Weights in pawns, White's point of view.`;
}

/// One line per king: its safety in a player's words (`words`, worded by the engine for every
/// view); the danger units, an engine author's figure, are the line's tooltip.
export function kingSafetyLines(data) {
  if (!data || !data.kings) return [];
  return data.kings.map((king) => ({
    colour: king.colour,
    tone: king.curveApplies && king.penalty > 0 ? 'danger' : king.attacked.length ? 'watch' : 'calm',
    text: king.words,
    title: `${king.units} king-danger units (the evaluation's own scale), ${king.attackers} attacker${king.attackers === 1 ? '' : 's'}` +
      (king.curveApplies ? `, penalty ${king.penalty} cp middlegame, ${king.penaltyEndgame} cp endgame` : ''),
  }));
}

/// Board coordinates (0..7 from the top-left as drawn) of square `key` ("e4").
function xy(key, orientation) {
  const file = key.charCodeAt(0) - 97, rank = key.charCodeAt(1) - 49;
  return orientation === 'white' ? [file, 7 - rank] : [7 - file, rank];
}

function svgEl(tag, attrs, text) {
  const el = document.createElementNS(SvgNs, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

/// Draws the overlays on `svg` (viewBox 0 0 8 8, laid over the board). `show` says which.
export function renderOverlay(svg, data, orientation, show) {
  svg.replaceChildren();
  if (!data || data.error) return;
  const layer = (name) => svg.appendChild(svgEl('g', { class: name }));

  if (show.kings) {
    const g = layer('kingzones');
    for (const king of data.kings) {
      // Danger colours the zone: red when the curve applies (two attackers or more), amber when
      // the zone is attacked but not yet dangerous, grey otherwise.
      const tone = king.curveApplies && king.penalty > 0 ? 'danger' : king.attacked.length ? 'watch' : 'calm';
      for (const [ring, squares] of [['inner', king.inner], ['outer', king.outer]])
        for (const key of squares) {
          const [x, y] = xy(key, orientation);
          g.append(svgEl('rect', { x, y, width: 1, height: 1, class: `zone ${ring} ${tone}`, 'data-square': key, 'data-king': king.colour }));
        }
      for (const key of king.weak) {
        const [x, y] = xy(key, orientation);
        g.append(svgEl('path', { d: `M${x + 0.12} ${y + 0.12} l0.2 0.2 m0 -0.2 l-0.2 0.2`, class: 'weak', 'data-square': key }));
      }
    }
  }
  if (show.outposts) {
    const g = layer('outposts');
    for (const colour of ['white', 'black'])
      for (const key of data.outposts[colour]) {
        const [x, y] = xy(key, orientation);
        g.append(svgEl('path', { d: `M${x + 0.5} ${y + 0.06} l0.12 0.12 l-0.12 0.12 l-0.12 -0.12 z`, class: `outpost ${colour}`, 'data-square': key }));
      }
  }
  if (show.passed) {
    const g = layer('passed');
    for (const colour of ['white', 'black'])
      for (const key of data.passed[colour]) {
        const [x, y] = xy(key, orientation);
        g.append(svgEl('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.44, class: `passed ${colour}`, 'data-square': key }));
      }
  }
  if (show.shares) {
    const g = layer('shares');
    for (const p of data.pieces) {
      // Shown for the piece's owner (the JSON is White's point of view): what the piece is worth
      // to its own side, so a useful black knight reads +3.1 as a white one does.
      const [x, y] = xy(p.square, orientation);
      const own = p.piece === p.piece.toUpperCase() ? p.share : -p.share;
      const text = (own > 0 ? '+' : own < 0 ? '\u2212' : '') + (Math.abs(own) / 100).toFixed(1);
      g.append(svgEl('rect', { x: x + 0.52, y: y + 0.74, width: 0.46, height: 0.23, rx: 0.05, class: 'share-bg' }));
      g.append(svgEl('text', { x: x + 0.95, y: y + 0.92, 'text-anchor': 'end', class: `share ${own >= 0 ? 'up' : 'down'}`, 'data-square': p.square }, text));
    }
  }
}
