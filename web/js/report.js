// SPDX-License-Identifier: GPL-3.0-or-later
// "A player's report": many games pasted or opened, the player chosen among the names the file
// holds, every game of that player reviewed by the engine in its worker and summed up as `taper
// report` sums them up (review/report_session.hpp; docs/REVIEW.md, "A player's report"). The
// progress shows the games done and the time left; the report is report.html itself, shown in a
// sandboxed frame, with report.json, report.html, games.pgn and puzzles.pgn to download, and its
// puzzles go to Train.

import { Reporter, playersIn } from './engine.js';
import { clockText, pgnFileText } from './review.js';

const $ = (id) => document.getElementById(id);

/// The budget select's value, "nodes:N" or "ms:N", as the session's limits.
export function budgetOf(value) {
  const [kind, amount] = String(value).split(':');
  const n = parseInt(amount, 10) || 0;
  return kind === 'nodes' ? { nodes: n, movetime: 0 } : { nodes: 0, movetime: n || 500 };
}

function percent(x) { return x === null || x === undefined ? '\u2013' : `${x.toFixed(1)}%`; }

/// `onPuzzles(puzzles, limits, source)` hands a finished report's puzzles to Train.
export function initReport({ onPuzzles }) {
  const reporter = new Reporter();
  const links = [];  // object URLs of the last report's downloads
  let namesLookup = 0;  // a newer lookup of the file's players makes an older one stale

  function setStatus(text) { $('report-status').textContent = text; }

  function setState(state) {
    document.body.dataset.report = state;
    const running = state === 'running';
    $('report-start').disabled = running;
    $('report-cancel').disabled = !running;
    $('report-progress').hidden = !running;
  }

  /// The players of the pasted or opened games, offered as the player's choices; the one with
  /// the most games is chosen when no player is named yet.
  async function offerPlayers() {
    const pgn = $('report-pgn').value;
    const id = ++namesLookup;
    if (!pgn.trim()) return showNames([]);
    let names;
    try {
      names = await playersIn(pgn);
    } catch (e) {
      return setStatus(`These games cannot be read: ${e.message}`);
    }
    if (id !== namesLookup) return;
    showNames(names);
    if (names.length && !$('report-player').value.trim()) $('report-player').value = names[0];
  }

  function showNames(names) {
    $('report-players').replaceChildren(...names.map((name) => {
      const option = document.createElement('option');
      option.value = name;
      return option;
    }));
    $('report-names').textContent = names.length ? `Players in the file: ${names.slice(0, 12).join(', ')}${names.length > 12 ? ', \u2026' : ''}.` : '';
  }

  function clearReport() {
    for (const url of links.splice(0)) URL.revokeObjectURL(url);
    $('report-summary').replaceChildren();
    $('report-notes').replaceChildren();
    $('report-downloads').replaceChildren();
    $('report-downloads').hidden = true;
    $('report-frame').hidden = true;
    $('report-frame').removeAttribute('srcdoc');
  }

  async function start() {
    const pgn = $('report-pgn').value;
    if (!pgn.trim()) return setStatus('Paste games in PGN, or open a PGN file, first.');
    const player = $('report-player').value.trim();
    const limits = budgetOf($('report-budget').value);
    clearReport();
    setState('running');
    setStatus('Reading the games\u2026');
    $('report-progress').value = 0;
    let result = null, refused = false;
    try {
      result = await reporter.report(pgn, { player, ...limits }, {
        onBegin: (begin) => {
          if (begin.names) showNames(begin.names);
          if (begin.error) {
            refused = true;
            return setStatus(`No report: ${begin.error}.`);
          }
          $('report-progress').max = Math.max(1, begin.positions);
          setStatus(`Reviewing ${begin.player}'s ${begin.games} game(s): ${begin.positions} positions` +
            (begin.broken ? `; ${begin.broken} cannot be reviewed and will be skipped` : '') + '.');
        },
        onProgress: (p) => {
          $('report-progress').value = p.positions;
          const left = p.leftMs > 0 ? `, about ${clockText(p.leftMs)} left` : '';
          $('report-count').textContent = `${p.gamesDone}/${p.games} games, ${p.positions}/${p.total} positions${left}` +
            (p.game && !p.finished ? ` \u00b7 now: ${p.game}` : '');
          $('report-count').dataset.games = `${p.gamesDone}/${p.games}`;
        },
      });
    } catch (e) {
      setStatus(`The report stopped: ${e.message}`);
      return setState('error');
    }
    if (!result) return setState(refused ? 'error' : 'idle');
    render(result, limits);
    setState('done');
  }

  function download(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    links.push(url);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.id = `report-download-${name.replace('.', '-')}`;
    a.textContent = name;
    return a;
  }

  function render(result, limits) {
    const r = result.report;
    const res = r.results;
    setStatus(`${r.player}: ${r.games} game(s) reviewed, ${r.positions} positions (${result.method}).`);
    const summary = [
      ['Results', `+${res.wins} =${res.draws} \u2212${res.losses}` + (res.unfinished ? ` (${res.unfinished} unfinished)` : '')],
      ['Accuracy', `${percent(r.accuracy.overall)} (opening ${percent(r.accuracy.opening)}, middlegame ${percent(r.accuracy.middlegame)}, ` +
        `endgame ${percent(r.accuracy.endgame)})`],
      ['ACPL', r.acpl === null ? '\u2013' : String(r.acpl)],
      ['Costliest mistakes', r.reasons.length ? r.reasons.slice(0, 3).map((x) => `${x.group} (${x.count})`).join(', ') : 'none'],
      ['Puzzles', `${r.puzzles} from ${r.player}'s own mistakes` + (r.puzzles ? ' (in Train, below)' : '')],
    ];
    const dl = document.createElement('dl');
    const head = document.createElement('p');
    head.className = 'review-head';
    head.textContent = r.player;
    for (const [k, v] of summary) {
      const dt = document.createElement('dt');
      dt.textContent = k;
      const dd = document.createElement('dd');
      dd.textContent = v;
      dd.dataset.key = k.toLowerCase();
      dl.append(dt, dd);
    }
    $('report-summary').replaceChildren(head, dl);
    $('report-summary').dataset.player = r.player;

    $('report-notes').replaceChildren(...result.skipped.map((why) => {
      const li = document.createElement('li');
      li.textContent = `Skipped ${why}`;
      return li;
    }));

    const downloads = [download('report.html', result.html, 'text/html'),
      download('report.json', JSON.stringify(r, null, 2) + '\n', 'application/json'),
      download('games.pgn', result.gamesPgn, 'application/x-chess-pgn')];
    if (result.puzzlesPgn) downloads.push(download('puzzles.pgn', result.puzzlesPgn, 'application/x-chess-pgn'));
    $('report-downloads').replaceChildren('Download: ', ...downloads.flatMap((a, k) => (k ? [' \u00b7 ', a] : [a])));
    $('report-downloads').hidden = false;

    // report.html as it is: a page without script, shown in a frame that may run none.
    const frame = $('report-frame');
    frame.srcdoc = result.html;
    frame.hidden = false;

    onPuzzles(result.puzzles, limits, `${r.player}'s report`);
  }

  let typing = null;
  $('report-pgn').addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(offerPlayers, 600);
  });
  $('report-file').addEventListener('change', async (e) => {
    const file = e.target.files && e.target.files[0];
    if (!file) return;
    $('report-pgn').value = await pgnFileText(file);
    offerPlayers();
  });
  $('report-start').addEventListener('click', start);
  $('report-cancel').addEventListener('click', () => {
    reporter.cancel();
    setStatus('Report cancelled.');
  });
  setState('idle');
}
