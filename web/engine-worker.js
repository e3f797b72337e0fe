// SPDX-License-Identifier: GPL-3.0-or-later
// One Taper engine (the WebAssembly build, taper.js + taper.wasm) in a Web Worker, so that the
// page never waits for it. Messages in: {uci: LINE} runs a UCI command (a `go` returns once its
// bestmove is out: this build searches on this thread); {id, evalFen: FEN} asks for the
// evaluation explained; {id, review: {pgn, number, movetime, nodes}} reviews a game;
// {id, report: {pgn, player, side, movetime, nodes}} makes a player's report (an empty player
// only answers the file's names); {id, judge: {fen, uci, movetime, nodes}} judges a puzzle's try.
// Messages out: {type: 'ready'}, {type: 'line', line} for every line the engine prints,
// {type: 'eval', id, json}, {type: 'review-begin', id, begin}, {type: 'review-progress', id, done,
// total}, {type: 'review', id, json}, {type: 'report-begin', id, begin}, {type: 'report-progress',
// id, progress}, {type: 'report', id, json}, {type: 'judge', id, json}, {type: 'crash', message}.
// The page stops a search by terminating the worker (nothing can reach it while it searches).
const waiting = [];
let ready = false;

self.Module = {
  noInitialRun: true,  // no main(): the page drives the engine through app/web_api.cpp
  print: (line) => postMessage({ type: 'line', line }),
  printErr: (line) => postMessage({ type: 'line', line }),
  onAbort: (what) => postMessage({ type: 'crash', message: String(what) }),
  onRuntimeInitialized: () => {
    ready = true;
    postMessage({ type: 'ready' });
    for (const message of waiting.splice(0)) handle(message);
  },
};

function handle(message) {
  try {
    if (typeof message.uci === 'string') {
      self.Module.ccall('taper_uci', null, ['string'], [message.uci]);
    } else if (typeof message.evalFen === 'string') {
      const json = self.Module.ccall('taper_eval_json', 'string', ['string'], [message.evalFen]);
      postMessage({ type: 'eval', id: message.id, json });
    } else if (message.review) {
      review(message.id, message.review);
    } else if (message.report) {
      report(message.id, message.report);
    } else if (message.judge) {
      const { fen, uci, movetime, nodes } = message.judge;
      const json = self.Module.ccall('taper_judge_move', 'string', ['string', 'string', 'number', 'number'],
        [fen, uci, movetime || 1000, nodes || 0]);
      postMessage({ type: 'judge', id: message.id, json });
    }
  } catch (e) {
    postMessage({ type: 'crash', message: String(e && e.message ? e.message : e) });
  }
}

/// `text` as a NUL-terminated UTF-8 string on the heap for `use(pointer)`: a PGN file can be
/// megabytes, more than ccall's 'string' arguments may take on the stack.
function withHeapString(text, use) {
  const size = self.Module.lengthBytesUTF8(text) + 1;
  const pointer = self.Module._malloc(size);
  try {
    self.Module.stringToUTF8(text, pointer, size);
    return use(pointer);
  } finally {
    self.Module._free(pointer);
  }
}

/// "Review a game": every position searched in turn, the progress posted after each (the page
/// sees it at once; it cancels by terminating this worker), then the whole review.
function review(id, { pgn, number, movetime, nodes }) {
  const call = (name, ret, types, args) => self.Module.ccall(name, ret, types, args);
  const begin = JSON.parse(withHeapString(pgn, (text) => call('taper_review_begin', 'string',
    ['number', 'number', 'number', 'number'], [text, number || 0, movetime || 1000, nodes || 0])));
  postMessage({ type: 'review-begin', id, begin });
  if (begin.error) return;
  for (let done = 0; done < begin.total;) {
    done = call('taper_review_step', 'number', [], []);
    postMessage({ type: 'review-progress', id, done, total: begin.total });
  }
  postMessage({ type: 'review', id, json: call('taper_review_result', 'string', [], []) });
}

/// "Report": the player's games searched a position at a time, the progress posted after each
/// (games done, time left), then the report. With no player only the file's names are answered.
function report(id, { pgn, player, side, movetime, nodes }) {
  const call = (name, ret, types, args) => self.Module.ccall(name, ret, types, args);
  const begin = JSON.parse(withHeapString(pgn, (text) => call('taper_report_begin', 'string',
    ['number', 'string', 'number', 'number', 'number'],
    [text, player || '', side === 'white' ? 0 : side === 'black' ? 1 : -1, movetime || 1000, nodes || 0])));
  postMessage({ type: 'report-begin', id, begin });
  if (begin.error) return;
  for (let progress = { finished: false }; !progress.finished;) {
    progress = JSON.parse(call('taper_report_step', 'string', [], []));
    postMessage({ type: 'report-progress', id, progress });
  }
  postMessage({ type: 'report', id, json: call('taper_report_result', 'string', [], []) });
}

self.onmessage = (event) => (ready ? handle(event.data) : waiting.push(event.data));

importScripts('taper.js');
