// SPDX-License-Identifier: GPL-3.0-or-later
// One Taper engine (the WebAssembly build, taper.js + taper.wasm) in a Web Worker, so that the
// page never waits for it. Messages in: {uci: LINE} runs a UCI command (a `go` returns once its
// bestmove is out: this build searches on this thread); {id, evalFen: FEN} asks for the
// evaluation explained. Messages out: {type: 'ready'}, {type: 'line', line} for every line the
// engine prints, {type: 'eval', id, json}, {type: 'crash', message}. The page stops a search by
// terminating the worker (nothing can reach it while it searches).
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
    }
  } catch (e) {
    postMessage({ type: 'crash', message: String(e && e.message ? e.message : e) });
  }
}

self.onmessage = (event) => (ready ? handle(event.data) : waiting.push(event.data));

importScripts('taper.js');
