// SPDX-License-Identifier: GPL-3.0-or-later
// Prepended to taper.js (cmake/web.cmake): what Emscripten 3.1.6 (Debian 12's) gets wrong under
// Node.js 18 and later. Browsers are not affected.
// - It loads the .wasm with fetch() whenever fetch exists; Node's fetch cannot open a file path,
//   so the binary is read from beside this script instead.
// - Its stdin reader passes position -1 to fs.readSync, which Node now rejects, so the UCI loop
//   saw end of input at once; this reader asks for the current position (null) and waits out
//   EAGAIN on a non-blocking terminal.
if (typeof process === 'object' && process.versions && process.versions.node) {
  const fs = require('fs');
  if (!Module['wasmBinary']) Module['wasmBinary'] = fs.readFileSync(require('path').join(__dirname, 'taper.wasm'));
  if (!Module['stdin']) {
    const chunk = Buffer.alloc(4096);
    const pause = new Int32Array(new SharedArrayBuffer(4));
    let have = 0, next = 0;
    Module['stdin'] = () => {
      while (next === have) {
        try {
          have = fs.readSync(0, chunk, 0, chunk.length, null);
        } catch (e) {
          if (e.code === 'EAGAIN') { Atomics.wait(pause, 0, 0, 20); continue; }
          if (e.code === 'EOF') have = 0;
          else throw e;
        }
        next = 0;
        if (have <= 0) { have = 0; return null; }
      }
      return chunk[next++];
    };
  }
}
