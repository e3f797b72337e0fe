// SPDX-License-Identifier: GPL-3.0-or-later
// The page: a game or an analysis on a chessground board, Taper (WebAssembly, in a worker)
// playing or analysing, and the evaluation of the current position explained beside and on the
// board. Legal moves and notation come from chess.js; search and evaluation from the engine.
//
// Address contract (tested by web/test/page.test.mjs): index.html?fen=<FEN>&movetime=<ms>
// analyses that position on load; when done, #bestmove holds the engine's move in UCI notation
// and #eval-terms the term table, one row per term, the Total row last. A FEN the engine rejects
// is reported in #message and the start position stays.

import { Chessground } from '../vendor/chessground.js';
import { Chess } from '../vendor/chess.js';
import { Engine, Explainer } from './engine.js';
import { kingSafetyLines, renderOverlay, renderTermTable, taperNote } from './explain.js';
import { initReport } from './report.js';
import { initReview } from './review.js';
import { initTrain } from './train.js';
import { sanLine, whiteScoreText, whiteWdl } from './uci_info.js';

const StartFen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const DefaultMovetime = 1000;
const $ = (id) => document.getElementById(id);

const state = {
  startFen: StartFen,
  game: new Chess(),
  moves: [],             // UCI moves played from startFen: the engine sees the history (repetitions)
  mode: 'white',         // the user plays 'white', 'black', or 'both' (analysis)
  orientation: 'white',
  explanation: null,
  search: null,          // {fen, id, kind: 'move' | 'analysis'} of the running search
  searchId: 0,           // a newer search or position makes an older result stale
  explainId: 0,
  pendingPromotion: null,
};

const engine = new Engine({
  options: [['UCI_ShowWDL', 'true'], ['Hash', '32']],
  onInfo: showInfo,
  onCrash: (message) => {
    console.error('Taper engine stopped:', message);
    showMessage(`The engine stopped unexpectedly (${message}); a new one was started.`);
    setThinking(false);
  },
});
const explainer = new Explainer();

const board = Chessground($('board'), {
  fen: StartFen,
  orientation: 'white',
  coordinates: true,
  highlight: { lastMove: true, check: true },
  animation: { enabled: true, duration: 150 },
  movable: { free: false, showDests: true, events: { after: onBoardMove } },
  premovable: { enabled: false },
  drawable: { enabled: true },
});

// --- positions ----------------------------------------------------------------------------

function positionCommand() {
  const base = state.startFen === StartFen ? 'startpos' : `fen ${state.startFen}`;
  return state.moves.length ? `${base} moves ${state.moves.join(' ')}` : base;
}

function engineColour() {
  return state.mode === 'white' ? 'b' : state.mode === 'black' ? 'w' : null;
}

function legalDests() {
  const dests = new Map();
  for (const m of state.game.moves({ verbose: true })) {
    if (!dests.has(m.from)) dests.set(m.from, []);
    dests.get(m.from).push(m.to);
  }
  return dests;
}

function gameOverText() {
  const g = state.game;
  if (g.isCheckmate()) return `Checkmate: ${g.turn() === 'w' ? 'Black' : 'White'} wins.`;
  if (g.isStalemate()) return 'Stalemate: a draw.';
  if (g.isInsufficientMaterial()) return 'Draw: neither side can mate.';
  if (g.isThreefoldRepetition()) return 'Draw by threefold repetition.';
  if (g.isDrawByFiftyMoves()) return 'Draw by the fifty-move rule.';
  return null;
}

/// Everything that follows a new position: board, move list, explanation, and the engine's turn.
function positionChanged({ startEngine = true } = {}) {
  const g = state.game;
  const turn = g.turn() === 'w' ? 'white' : 'black';
  const over = gameOverText();
  const userMoves = !over && (state.mode === 'both' || state.mode === turn);
  const history = g.history({ verbose: true });
  const last = history[history.length - 1];
  board.set({
    fen: g.fen(),
    turnColor: turn,
    orientation: state.orientation,
    check: g.inCheck() ? turn : false,
    lastMove: last ? [last.from, last.to] : undefined,
    movable: { color: userMoves ? turn : undefined, dests: userMoves ? legalDests() : new Map() },
  });
  $('fen-input').value = g.fen();
  renderMoveList();
  explainCurrent();
  setStatus(over || (userMoves ? `${turn === 'white' ? 'White' : 'Black'} to move.` : 'Taper is thinking\u2026'));
  if (!startEngine || over) return;
  if (engineColour() === g.turn()) searchMove();
  else if (state.mode === 'both' && $('auto-analyse').checked) analyse('infinite');
}

function play(move) {
  let played;
  try {
    played = state.game.move(move);
  } catch (_) {
    return false;  // the board only offers legal moves; a stale click after a takeback lands here
  }
  state.moves.push(played.from + played.to + (played.promotion || ''));
  return true;
}

function onBoardMove(orig, dest) {
  const piece = state.game.get(orig);
  if (piece && piece.type === 'p' && (dest[1] === '8' || dest[1] === '1')) {
    state.pendingPromotion = { from: orig, to: dest };
    $('promotion').hidden = false;
    return;
  }
  userMove({ from: orig, to: dest });
}

function userMove(move) {
  cancelSearch();
  if (!play(move)) return positionChanged({ startEngine: false });
  positionChanged();
}

function renderMoveList() {
  const list = $('moves');
  list.replaceChildren();
  const history = state.game.history({ verbose: true });
  const firstNumber = parseInt(state.startFen.split(' ')[5] || '1', 10);
  let number = firstNumber;
  let li = null;
  history.forEach((m, i) => {
    if (m.color === 'w' || i === 0) {
      li = document.createElement('li');
      li.value = number;
      if (m.color === 'b') li.append('\u2026 ');
      list.append(li);
    }
    li.append(m.san + ' ');
    if (m.color === 'b') number++;
  });
  list.dataset.uci = state.moves.join(' ');
  list.dataset.start = state.startFen;
}

// --- engine -------------------------------------------------------------------------------

function movetime() { return parseInt($('movetime').value, 10) || DefaultMovetime; }

function setThinking(on) {
  document.body.dataset.engine = on ? 'thinking' : 'idle';
  $('stop').disabled = !on;
  $('stop').textContent = on && state.search && state.search.kind === 'move' ? 'Move now' : 'Stop';
}

/// Forgets the running search (its result will be ignored) and stops the worker.
function cancelSearch() {
  state.searchId++;
  if (engine.searching) engine.stop();
  state.search = null;
  setThinking(false);
}

async function runSearch(kind, limits) {
  const id = ++state.searchId;
  state.search = { fen: state.game.fen(), id, kind };
  $('bestmove').textContent = '';
  $('bestmove').dataset.fen = state.search.fen;
  $('pv').textContent = '';
  setThinking(true);
  // An analysis shows the evaluation's own scores; a game move plays with the eval trend, as in
  // GUI games (UCI_AnalyseMode, as GUIs send it).
  engine.setOption('UCI_AnalyseMode', kind === 'analysis' ? 'true' : 'false');
  const result = await engine.search(positionCommand(), limits);
  if (id !== state.searchId) return null;  // a newer search or position took over
  state.search = null;
  setThinking(false);
  $('bestmove').textContent = result.bestmove || '(none)';
  return result;
}

async function searchMove() {
  const result = await runSearch('move', `movetime ${movetime()}`);
  if (!result || !result.bestmove) return;
  const uci = result.bestmove;
  if (play({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] })) positionChanged();
  else showMessage(`The engine's move ${uci} could not be played here.`);
}

async function analyse(limits) {
  await runSearch('analysis', limits);
}

function showInfo(info) {
  if (!state.search) return;
  const stm = state.search.fen.split(' ')[1];
  $('score').textContent = whiteScoreText(info.score, stm) + (info.score && info.score.bound ? ' ?' : '');
  $('depth').textContent = `depth ${info.depth}, ${info.nodes.toLocaleString('en')} nodes, ${Math.round(info.nps / 1000)} kN/s`;
  $('pv').textContent = sanLine(state.search.fen, info.pv);
  const wdl = whiteWdl(info.wdl, stm);
  if (wdl) {
    const [w, d, l] = wdl.map((x) => x / 10);
    $('wdl-white').style.width = `${w}%`;
    $('wdl-draw').style.width = `${d}%`;
    $('wdl-black').style.width = `${l}%`;
    $('wdl-text').textContent = `White wins ${w.toFixed(0)}% \u00b7 draw ${d.toFixed(0)}% \u00b7 Black wins ${l.toFixed(0)}%`;
  }
}

// --- explanation --------------------------------------------------------------------------

function overlayChoice() {
  return {
    kings: $('show-kings').checked,
    shares: $('show-shares').checked,
    passed: $('show-passed').checked,
    outposts: $('show-outposts').checked,
  };
}

function drawOverlay() { renderOverlay($('overlay'), state.explanation, state.orientation, overlayChoice()); }

async function explainCurrent() {
  const id = ++state.explainId;
  let data;
  try {
    data = await explainer.explain(state.game.fen());
  } catch (e) {
    console.error('Taper explainer failed:', e.message);
    showMessage(`The evaluation could not be explained: ${e.message}`);
    return;
  }
  if (id !== state.explainId) return;
  if (data.error) return showMessage(`The engine rejects this position: ${data.error}`);
  state.explanation = data;
  renderTermTable($('eval-terms'), data);
  $('verdict').textContent = data.verdict;
  $('taper-note').textContent = taperNote(data);
  $('king-safety').replaceChildren(...kingSafetyLines(data).map(({ colour, tone, text, title }) => {
    const li = document.createElement('li');
    li.className = tone;
    li.dataset.colour = colour;
    li.textContent = text;
    li.title = title;
    return li;
  }));
  drawOverlay();
}

// --- controls -----------------------------------------------------------------------------

function setStatus(text) { $('status').textContent = text; }

function showMessage(text) {
  $('message').textContent = text;
  $('message').hidden = !text;
}

/// Sets up `fen` as the new start. The engine's own FEN check decides; false (with a message) if
/// it or the board's move logic rejects it.
async function loadFen(fen, how) {
  fen = fen.trim().replace(/\s+/g, ' ');
  const verdict = await explainer.explain(fen);
  if (verdict.error) {
    showMessage(`${how}: ${verdict.error}.`);
    return false;
  }
  let game;
  try {
    game = new Chess(verdict.fen);
  } catch (e) {
    showMessage(`${how}: the board cannot play from this position (${e.message}).`);
    return false;
  }
  cancelSearch();
  showMessage('');
  state.startFen = verdict.fen;
  state.game = game;
  state.moves = [];
  return true;
}

function newGame() {
  cancelSearch();
  engine.newGame();
  state.startFen = StartFen;
  state.game = new Chess();
  state.moves = [];
  showMessage('');
  positionChanged();
}

function takeBack() {
  cancelSearch();
  const undoOne = () => {
    if (!state.game.undo()) return false;
    state.moves.pop();
    return true;
  };
  if (!undoOne()) return positionChanged({ startEngine: false });
  // Against the engine, back to a position where it is the user's turn (at the very start with
  // the user on Black the engine simply moves again).
  if (engineColour() === state.game.turn()) undoOne();
  positionChanged();
}

function setMode(mode) {
  cancelSearch();
  state.mode = mode;
  if (mode !== 'both') state.orientation = mode;
  positionChanged();
}

function setStrength(value) {
  engine.setOption('UCI_LimitStrength', value === 'full' ? 'false' : 'true');
  if (value !== 'full') engine.setOption('UCI_Elo', value);
}

$('new-game').addEventListener('click', newGame);
$('takeback').addEventListener('click', takeBack);
$('flip').addEventListener('click', () => {
  state.orientation = state.orientation === 'white' ? 'black' : 'white';
  board.set({ orientation: state.orientation });
  drawOverlay();
});
$('stop').addEventListener('click', () => engine.stop());
$('analyse').addEventListener('click', () => {
  cancelSearch();
  if (!gameOverText()) analyse('infinite');
});
$('mode').addEventListener('change', (e) => setMode(e.target.value));
$('strength').addEventListener('change', (e) => setStrength(e.target.value));
$('load-fen').addEventListener('click', async () => {
  if (!(await loadFen($('fen-input').value, 'This FEN cannot be used'))) return;
  state.mode = 'both';
  $('mode').value = 'both';
  positionChanged();
});
for (const id of ['show-kings', 'show-shares', 'show-passed', 'show-outposts']) $(id).addEventListener('change', drawOverlay);
for (const button of $('promotion').querySelectorAll('button'))
  button.addEventListener('click', () => {
    $('promotion').hidden = true;
    const move = state.pendingPromotion;
    state.pendingPromotion = null;
    if (move) userMove({ ...move, promotion: button.dataset.piece });
  });

// --- review a game: a clicked move's position on this board ---------------------------------

/// Shows a position of a reviewed game on the board, for the explanation panel to explain; the
/// user may go on from it in analysis mode. A position the board's move logic cannot take (a
/// Chess960 castling right) is shown and explained without being playable.
function showReviewPosition(fen, lastMoveUci) {
  cancelSearch();
  showMessage('');
  let game = null;
  try {
    game = new Chess(fen);
  } catch (_) { /* shown below as a picture only */ }
  const lastMove = lastMoveUci ? [lastMoveUci.slice(0, 2), lastMoveUci.slice(2, 4)] : undefined;
  if (!game) {
    board.set({ fen, lastMove, movable: { color: undefined, dests: new Map() } });
    explainer.explain(fen).then((data) => {
      if (data.error) return;
      state.explanation = data;
      renderTermTable($('eval-terms'), data);
      $('verdict').textContent = data.verdict;
      drawOverlay();
    });
    return;
  }
  state.startFen = fen;
  state.game = game;
  state.moves = [];
  state.mode = 'both';
  $('mode').value = 'both';
  positionChanged({ startEngine: false });
  board.set({ lastMove });
}

const train = initTrain();
initReview({ showPosition: showReviewPosition, trainOnGame: train.trainOnGame });
initReport({ onPuzzles: train.load });

// --- start: the address contract, or a new game ---------------------------------------------

async function start() {
  setThinking(false);
  const params = new URLSearchParams(location.search);
  if (!params.has('fen')) return positionChanged();
  let ms = DefaultMovetime;
  if (params.has('movetime')) {
    const text = params.get('movetime');
    if (/^\d+$/.test(text) && +text >= 1 && +text <= 600000) ms = +text;
    else showMessage(`Ignoring movetime=${text}: it must be a whole number of milliseconds from 1 to 600000; using ${DefaultMovetime}.`);
  }
  if (!(await loadFen(params.get('fen'), 'The FEN in the address cannot be used'))) {
    $('bestmove').textContent = '';
    return positionChanged({ startEngine: false });
  }
  state.mode = 'both';
  $('mode').value = 'both';
  positionChanged({ startEngine: false });
  await analyse(`movetime ${ms}`);  // with no legal move the engine answers bestmove (none)
}

start();
