// SPDX-License-Identifier: GPL-3.0-or-later
// Reading the engine's `info` lines and showing them to a person: scores in pawns from White's
// point of view, win/draw/loss chances, the principal variation in algebraic notation.

import { Chess } from '../vendor/chess.js';

/// The fields of one `info ... pv ...` line.
export function parseInfo(line) {
  const words = line.trim().split(/\s+/);
  const info = { multipv: 1, pv: [], score: null, wdl: null, depth: 0, nodes: 0, nps: 0, time: 0 };
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (w === 'pv') { info.pv = words.slice(i + 1); break; }
    if (w === 'score') {
      info.score = { kind: words[i + 1], value: parseInt(words[i + 2], 10), bound: null };
      i += 2;
      if (words[i + 1] === 'lowerbound' || words[i + 1] === 'upperbound') info.score.bound = words[++i];
    } else if (w === 'wdl') {
      info.wdl = words.slice(i + 1, i + 4).map((x) => parseInt(x, 10));
      i += 3;
    } else if (['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'time', 'hashfull', 'tbhits'].includes(w)) {
      info[w] = parseInt(words[++i], 10);
    }
  }
  return info;
}

/// "+0.35", "-1.20", "#3" (White mates in 3), "#-2" (Black mates in 2), from the side to move's
/// UCI score turned to White's point of view.
export function whiteScoreText(score, sideToMove) {
  if (!score) return '';
  const sign = sideToMove === 'w' ? 1 : -1;
  if (score.kind === 'mate') return `#${sign * score.value}`;
  return pawns(sign * score.value);
}

export function pawns(cp) {
  const v = cp / 100;
  return (v > 0 ? '+' : v < 0 ? '\u2212' : '') + Math.abs(v).toFixed(2);
}

/// Win/draw/loss per mille for White, from the engine's side-to-move figures.
export function whiteWdl(wdl, sideToMove) {
  if (!wdl) return null;
  return sideToMove === 'w' ? wdl : [wdl[2], wdl[1], wdl[0]];
}

/// The PV from `fen` in numbered SAN ("12. Nf3 Nc6 13. Bb5"); stops at a move it cannot play.
export function sanLine(fen, pv) {
  const game = new Chess(fen);
  const parts = [];
  for (const uci of pv) {
    const moveNo = game.moveNumber();
    const white = game.turn() === 'w';
    let move;
    try {
      move = game.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    } catch (_) {
      break;
    }
    if (white) parts.push(`${moveNo}. ${move.san}`);
    else parts.push(parts.length === 0 ? `${moveNo}\u2026 ${move.san}` : move.san);
  }
  return parts.join(' ');
}
