// SPDX-License-Identifier: GPL-3.0-or-later
// The page's side of the engine workers (engine-worker.js): a searching engine that can be
// stopped at any moment, and an explainer that answers evaluation requests while the other one
// thinks. Both are the same WebAssembly build.

import { parseInfo } from './uci_info.js';

const WorkerUrl = 'engine-worker.js';

/// A UCI engine in a worker. search() resolves with the bestmove; stop() ends a search at once by
/// terminating the worker (the search cannot be interrupted from outside: it runs on the worker's
/// only thread) and resolves it with the first move of the last line the engine reported.
export class Engine {
  constructor({ onInfo, onCrash, options }) {
    this.onInfo = onInfo;
    this.onCrash = onCrash;
    this.options = options;  // [name, value] pairs sent to every new worker
    this.current = null;     // {resolve, lastInfo} of the running search
    this.start();
  }

  start() {
    this.worker = new Worker(WorkerUrl);
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => this.crashed(e.message || 'the engine worker failed to load');
    for (const [name, value] of this.options) this.send(`setoption name ${name} value ${value}`);
  }

  send(line) { this.worker.postMessage({ uci: line }); }

  setOption(name, value) {
    const kept = this.options.find(([n]) => n === name);
    if (kept) kept[1] = value;
    else this.options.push([name, value]);
    // During a search the worker reads it once the search is over, before the next `go`.
    this.send(`setoption name ${name} value ${value}`);
  }

  get searching() { return this.current !== null; }

  /// Searches `position` (a UCI `position ...` argument string) with `go` arguments `limits`.
  search(position, limits) {
    if (this.current) this.stop();
    return new Promise((resolve) => {
      this.current = { resolve, lastInfo: null };
      this.send(`position ${position}`);
      this.send(`go ${limits}`);
    });
  }

  /// Ends the running search now; the promise of search() gets the best move found so far (null
  /// if no line was reported yet). A fresh worker takes over, with the same options.
  stop() {
    if (!this.current) return;
    const { resolve, lastInfo } = this.current;
    this.current = null;
    this.worker.terminate();
    this.start();
    resolve({ bestmove: lastInfo && lastInfo.pv.length ? lastInfo.pv[0] : null, stopped: true });
  }

  newGame() {
    if (this.current) this.stop();
    this.send('ucinewgame');
  }

  receive(msg) {
    if (msg.type === 'crash') return this.crashed(msg.message);
    if (msg.type !== 'line') return;
    const line = msg.line;
    if (line.startsWith('info string')) console.info('taper:', line);
    if (!this.current) return;
    if (line.startsWith('info ') && line.includes(' pv ')) {
      const info = parseInfo(line);
      if (info.multipv === 1) {
        this.current.lastInfo = info;
        this.onInfo(info);
      }
    } else if (line.startsWith('bestmove')) {
      const { resolve } = this.current;
      this.current = null;
      const move = line.split(/\s+/)[1];
      resolve({ bestmove: move === '(none)' ? null : move, stopped: false });
    }
  }

  crashed(message) {
    const pending = this.current;
    this.current = null;
    try { this.worker.terminate(); } catch (_) { /* already gone */ }
    this.start();
    this.onCrash(message);
    if (pending) pending.resolve({ bestmove: null, stopped: true });
  }
}

/// The evaluation explained (`taper eval --json`, from the same build) in its own worker, so a
/// position is explained at once even while the engine searches.
export class Explainer {
  constructor() {
    this.worker = new Worker(WorkerUrl);
    this.pending = new Map();
    this.nextId = 1;
    this.worker.onmessage = (e) => {
      const msg = e.data;
      if (msg.type === 'eval' && this.pending.has(msg.id)) {
        this.pending.get(msg.id).resolve(JSON.parse(msg.json));
        this.pending.delete(msg.id);
      } else if (msg.type === 'crash') {
        for (const p of this.pending.values()) p.reject(new Error(msg.message));
        this.pending.clear();
      }
    };
    this.worker.onerror = (e) => {
      for (const p of this.pending.values()) p.reject(new Error(e.message || 'the explainer failed to load'));
      this.pending.clear();
    };
  }

  explain(fen) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, evalFen: fen });
    });
  }
}

/// A run of one of the engine's stepping sessions ("review" or "report", app/web_api.cpp) in a
/// worker of its own, so that the board, the engine and the explainer stay free while it searches
/// position after position. start() resolves with the finished result, or null when the session
/// refused to begin (onBegin has its error) or the run was cancelled; cancel() ends it at once by
/// terminating the worker (a search cannot be interrupted from outside).
class SessionRun {
  constructor(kind) {
    this.kind = kind;
    this.worker = null;
    this.pending = null;
  }

  start(message, { onBegin, onProgress }) {
    this.cancel();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker = new Worker(WorkerUrl);
      this.worker.onmessage = (e) => {
        const msg = e.data;
        if (msg.type === `${this.kind}-begin`) {
          onBegin(msg.begin);
          if (msg.begin.error) this.finish(null);
        } else if (msg.type === `${this.kind}-progress`) {
          onProgress(msg);
        } else if (msg.type === this.kind) {
          this.finish(JSON.parse(msg.json));
        } else if (msg.type === 'crash') {
          this.fail(new Error(msg.message));
        }
      };
      this.worker.onerror = (e) => this.fail(new Error(e.message || `the ${this.kind} worker failed to load`));
      this.worker.postMessage({ id: 1, [this.kind]: message });
    });
  }

  get running() { return this.pending !== null; }

  cancel() { this.finish(null); }

  finish(value) {
    const pending = this.pending;
    this.pending = null;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    if (pending) pending.resolve(value);
  }

  fail(error) {
    const pending = this.pending;
    this.pending = null;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    if (pending) pending.reject(error);
  }
}

/// "Review a game": review() resolves with the finished review ({review, pgn, svg}) or null.
export class Reviewer extends SessionRun {
  constructor() { super('review'); }

  review(pgn, { number = 0, movetime = 500, nodes = 0 }, { onBegin, onProgress }) {
    return this.start({ pgn, number, movetime, nodes }, { onBegin, onProgress: (msg) => onProgress(msg.done, msg.total) });
  }
}

/// "Report": a player's games reviewed and summed up (review/report_session.hpp). report()
/// resolves with {report, html, gamesPgn, puzzlesPgn, puzzles, skipped} or null; `side`
/// ('white' or 'black') takes that side of every game whatever its name. onProgress gets
/// {positions, total, gamesDone, games, game, leftMs, finished} after every position.
export class Reporter extends SessionRun {
  constructor() { super('report'); }

  report(pgn, { player = '', side = null, movetime = 500, nodes = 0 }, { onBegin, onProgress }) {
    return this.start({ pgn, player, side, movetime, nodes }, { onBegin, onProgress: (msg) => onProgress(msg.progress) });
  }
}

/// The players named in a PGN text, most games first (the report session's answer to no player).
export async function playersIn(pgn) {
  let names = [];
  await new Reporter().report(pgn, {}, { onBegin: (begin) => { names = begin.names || []; }, onProgress: () => {} });
  return names;
}

/// A puzzle's try judged as the review judges a move (taper_judge_move), in a worker started on
/// the first request and kept: judge() resolves with {numbered, class, mark, chancesBefore,
/// chancesAfter, best, bestLine, playedLine, label, reason} or {error}.
export class MoveJudge {
  constructor() {
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
  }

  startWorker() {
    this.worker = new Worker(WorkerUrl);
    const failAll = (message) => {
      for (const p of this.pending.values()) p.reject(new Error(message));
      this.pending.clear();
      if (this.worker) this.worker.terminate();
      this.worker = null;  // the next request starts a fresh one
    };
    this.worker.onmessage = (e) => {
      const msg = e.data;
      if (msg.type === 'judge' && this.pending.has(msg.id)) {
        this.pending.get(msg.id).resolve(JSON.parse(msg.json));
        this.pending.delete(msg.id);
      } else if (msg.type === 'crash') {
        failAll(msg.message);
      }
    };
    this.worker.onerror = (e) => failAll(e.message || 'the judging worker failed to load');
  }

  judge(fen, uci, { movetime = 500, nodes = 0 }) {
    if (!this.worker) this.startWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, judge: { fen, uci, movetime, nodes } });
    });
  }
}
