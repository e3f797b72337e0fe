// SPDX-License-Identifier: GPL-3.0-or-later
// "Train": the puzzles of a report (or of one side of a reviewed game) played on a board of
// their own. Each puzzle is the position before one of the player's mistakes where one move
// clearly keeps the better result (review/report_puzzles.cpp). The player moves; the solution's move is
// answered by its forced reply until the solution ends; any other move is judged by the engine
// as the review judges a move (taper_judge_move: the review's class, chances and reason), shown
// with that explanation, and taken back. A checkmate is always right, as in lichess's puzzles.
//
// For the page's test the section carries data-state ('empty', 'ready', 'reply', 'judging',
// 'wrong', 'solved', 'shown'), data-fen (the board's position), data-puzzle and data-solution (UCI).

import { Chessground } from '../vendor/chessground.js';
import { Chess } from '../vendor/chess.js';
import { MoveJudge, Reporter } from './engine.js';
import { clockText } from './review.js';
import { sanLine } from './uci_info.js';

const $ = (id) => document.getElementById(id);
const ReplyDelayMs = 350;  // the reply follows a right move after a moment, so the player sees both

function uciOf(move) { return move.from + move.to + (move.promotion || ''); }

export function initTrain() {
  const judge = new MoveJudge();
  const reporter = new Reporter();
  const state = {
    puzzles: [],
    limits: { movetime: 500, nodes: 0 },
    index: -1,
    game: null,   // chess.js at the board's position
    step: 0,      // the next move of the solution
    failed: false,
    token: 0,     // a newer puzzle or try makes a pending judgement or reply stale
  };
  const section = $('train');
  const board = Chessground($('train-board'), {
    fen: '8/8/8/8/8/8/8/8 w - - 0 1',
    coordinates: true,
    highlight: { lastMove: true, check: true },
    animation: { enabled: true, duration: 150 },
    movable: { free: false, showDests: true, events: { after: onBoardMove } },
    premovable: { enabled: false },
    drawable: { enabled: true },
  });

  function puzzle() { return state.puzzles[state.index]; }

  function setState(name) {
    section.dataset.state = name;
    section.dataset.fen = state.game ? state.game.fen() : '';
  }

  function feedback(text, tone = '') {
    $('train-feedback').textContent = text;
    $('train-feedback').className = tone;
  }

  function setWhy(text) {
    $('train-why-text').textContent = text || '';
    $('train-why').hidden = !text;
    $('train-why').open = false;
  }

  function turnColour() { return state.game.turn() === 'w' ? 'white' : 'black'; }

  function legalDests() {
    const dests = new Map();
    for (const m of state.game.moves({ verbose: true })) {
      if (!dests.has(m.from)) dests.set(m.from, []);
      dests.get(m.from).push(m.to);
    }
    return dests;
  }

  /// The board at the game's position; the solver may move when `playable`.
  function drawBoard(playable, lastMove) {
    const turn = turnColour();
    board.set({
      fen: state.game.fen(),
      turnColor: turn,
      check: state.game.inCheck() ? turn : false,
      lastMove,
      movable: { color: playable ? puzzle().colour : undefined, dests: playable ? legalDests() : new Map() },
    });
    board.setAutoShapes([]);
    section.dataset.fen = state.game.fen();
  }

  function updateButtons() {
    const n = state.puzzles.length;
    $('train-prev').disabled = state.index <= 0;
    $('train-next').disabled = state.index < 0 || state.index >= n - 1;
    $('train-retry').disabled = state.index < 0;
    $('train-solution').disabled = state.index < 0;
  }

  function show(index) {
    if (index < 0 || index >= state.puzzles.length) return;
    state.token++;
    state.index = index;
    const p = puzzle();
    state.game = new Chess(p.fen);
    state.step = 0;
    state.failed = false;
    board.set({ orientation: p.colour });
    drawBoard(true, undefined);
    section.dataset.puzzle = String(index);
    section.dataset.solution = p.solution.join(' ');
    const side = p.colour === 'white' ? 'White' : 'Black';
    $('train-title').textContent = `Puzzle ${index + 1} of ${state.puzzles.length} \u00b7 ${p.theme}` + (p.game ? ` \u00b7 ${p.game}` : '');
    $('train-prompt').textContent = (p.played ? `${p.played} was played here. ` : '') +
      `${side} to play: find the move that keeps the better result.`;
    $('train-line').textContent = '';
    feedback('');
    setWhy('');
    setState('ready');
    updateButtons();
  }

  /// Puzzles to train on: {fen, solution (UCI), theme, played, why, game, colour} each, found with
  /// `limits` (the judge searches a wrong try with the same).
  function load(puzzles, limits, source) {
    state.token++;
    state.puzzles = puzzles || [];
    state.limits = limits && (limits.nodes || limits.movetime) ? limits : state.limits;
    state.index = -1;
    $('train-source').textContent = state.puzzles.length
      ? `${state.puzzles.length} puzzle(s) from ${source}.`
      : `No puzzle in ${source}: no mistake there left one move that clearly kept the better result.`;
    if (state.puzzles.length) return show(0);
    state.game = null;
    board.set({ fen: '8/8/8/8/8/8/8/8 w - - 0 1', lastMove: undefined, movable: { color: undefined, dests: new Map() } });
    for (const id of ['train-title', 'train-prompt', 'train-line']) $(id).textContent = '';
    feedback('');
    setWhy('');
    section.dataset.puzzle = '';
    section.dataset.solution = '';
    setState('empty');
    updateButtons();
  }

  function solved() {
    const p = puzzle();
    drawBoard(false, undefined);
    const history = state.game.history({ verbose: true });
    const last = history[history.length - 1];
    if (last) board.set({ lastMove: [last.from, last.to] });
    feedback(state.failed ? 'Solved, after a wrong try.' : 'Solved!', 'good');
    $('train-line').textContent = `The solution: ${sanLine(p.fen, p.solution)}.`;
    setWhy(p.why ? `In the game: ${p.why}` : '');
    setState('solved');
  }

  function onBoardMove(orig, dest) {
    const p = puzzle();
    if (!p || !state.game) return;
    const expected = p.solution[state.step] || '';
    const piece = state.game.get(orig);
    const promotes = piece && piece.type === 'p' && (dest[1] === '8' || dest[1] === '1');
    // A promotion takes the solution's piece when it is the solution's move, else a queen.
    const promotion = promotes ? (expected.slice(0, 4) === orig + dest && expected[4]) || 'q' : undefined;
    const fenBefore = state.game.fen();
    let move;
    try {
      move = state.game.move({ from: orig, to: dest, promotion });
    } catch (_) {
      return drawBoard(true, undefined);  // the board offers legal moves only; a stale one lands here
    }
    if (uciOf(move) === expected || state.game.isCheckmate()) return rightMove(move);
    wrongMove(move, fenBefore);
  }

  function rightMove(move) {
    const p = puzzle();
    state.step++;
    if (state.step >= p.solution.length || state.game.isCheckmate()) return solved();
    feedback(`${move.san}: right. The reply comes\u2026`, 'good');
    drawBoard(false, [move.from, move.to]);
    setState('reply');
    const token = ++state.token;
    setTimeout(() => {
      if (token !== state.token) return;
      const reply = p.solution[state.step];
      let played;
      try {
        played = state.game.move({ from: reply.slice(0, 2), to: reply.slice(2, 4), promotion: reply[4] });
      } catch (_) {
        return solved();  // a reply the board cannot play (never for a report's puzzle): the line ends here
      }
      state.step++;
      drawBoard(true, [played.from, played.to]);
      feedback(`${move.san}: right. After ${played.san}, find the next move.`, 'good');
      setState('ready');
    }, ReplyDelayMs);
  }

  async function wrongMove(move, fenBefore) {
    state.failed = true;
    const token = ++state.token;
    drawBoard(false, [move.from, move.to]);
    feedback(`${move.san}? Taper looks at it\u2026`);
    setWhy('');
    setState('judging');
    let verdict;
    try {
      verdict = await judge.judge(fenBefore, uciOf(move), state.limits);
    } catch (e) {
      verdict = { error: e.message };
    }
    if (token !== state.token) return;
    state.game.undo();
    drawBoard(true, undefined);
    if (verdict.error) {
      feedback(`${move.san} is not the move; try again. (The engine could not judge it: ${verdict.error}.)`, 'bad');
    } else {
      const before = Math.round(verdict.chancesBefore), after = Math.round(verdict.chancesAfter);
      const what = verdict.mark ? `${verdict.numbered}${verdict.mark} is ${verdict.class === 'inaccuracy' ? 'an' : 'a'} ${verdict.class}`
        : `${verdict.numbered} is not the move`;
      const cost = after < before ? `: your chances drop from ${before}% to ${after}%`
        : `: by this search it keeps about the same chances (${after}%), but the puzzle has one clearly better move`;
      feedback(`${what}${cost}` + (verdict.playedLine ? `. After it: ${verdict.playedLine}` : '') + '. Taken back: try again.', 'bad');
      setWhy(verdict.reason);
    }
    setState('wrong');
  }

  function showSolution() {
    const p = puzzle();
    if (!p) return;
    state.token++;
    state.game = new Chess(p.fen);
    let last = null;
    for (const uci of p.solution) last = state.game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    state.step = p.solution.length;
    drawBoard(false, last ? [last.from, last.to] : undefined);
    const first = p.solution[0];
    board.setAutoShapes([{ orig: first.slice(0, 2), dest: first.slice(2, 4), brush: 'green' }]);
    $('train-line').textContent = `The solution: ${sanLine(p.fen, p.solution)}.`;
    feedback('');
    setWhy(p.why ? `In the game: ${p.why}` : '');
    setState('shown');
  }

  /// Puzzles from one side's mistakes in a reviewed game: the report's session over that game.
  async function trainOnGame(pgn, side, movetime) {
    const name = side === 'white' ? "White's" : "Black's";
    $('train-progress').hidden = false;
    $('train-progress').value = 0;
    $('train-source').textContent = `Looking for puzzles in ${name} moves\u2026`;
    section.scrollIntoView({ behavior: 'smooth', block: 'start' });
    const limits = { movetime, nodes: 0 };
    let result = null, error = '';
    try {
      result = await reporter.report(pgn, { side, ...limits }, {
        onBegin: (begin) => {
          if (begin.error) error = begin.error;
          else $('train-progress').max = Math.max(1, begin.positions);
        },
        onProgress: (p) => {
          $('train-progress').value = p.positions;
          $('train-progress').title = p.leftMs > 0 ? `about ${clockText(p.leftMs)} left` : '';
        },
      });
    } catch (e) {
      error = e.message;
    }
    $('train-progress').hidden = true;
    if (result) load(result.puzzles, limits, `${name} mistakes in this game`);
    else if (error) $('train-source').textContent = `No puzzles: ${error}.`;
  }

  $('train-prev').addEventListener('click', () => show(state.index - 1));
  $('train-next').addEventListener('click', () => show(state.index + 1));
  $('train-retry').addEventListener('click', () => show(state.index));
  $('train-solution').addEventListener('click', showSolution);
  setState('empty');
  updateButtons();
  return { load, trainOnGame };
}
