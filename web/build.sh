#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `make web`: the WebAssembly build of the engine (Emscripten) and the page around it, as one
# static folder that any web server can serve (WEB_SITE, default build/web/site). Needs
# Debian's emscripten, Node.js and npm; the page's packages come from the npm registry at the
# versions of web/package-lock.json and are copied into the folder, so it works offline.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${WEB_BUILD:-build/web/cmake}
site=${WEB_SITE:-build/web/site}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}

for tool in emcmake em++ node npm; do
  command -v "$tool" >/dev/null || { echo "make web: '$tool' not found (apt-get install emscripten nodejs npm)" >&2; exit 2; }
done
# Debian's emscripten runs its JavaScript tools with `node` and finds their modules (acorn) in
# Debian's folder, which a Node.js not from Debian does not search by itself.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

# The page never turns EndgameBitbases on: leaving the built-in four-man tables out keeps
# taper.wasm at about a third of its size (1.07 MB of tables).
emcmake cmake -S . -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DTAPER_TESTS=OFF -DTAPER_BENCHMARKS=OFF \
  -DTAPER_EMBED_BITBASES=OFF >/dev/null
cmake --build "$build" -j "$jobs" --target taper

# The packages, exactly as locked; again only when the lock file changed.
if [ ! -f web/node_modules/.package-lock.json ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
  (cd web && npm ci --no-audit --no-fund)
fi

rm -rf "$site"
mkdir -p "$site/js" "$site/vendor"
cp web/index.html web/style.css web/engine-worker.js "$site/"
cp web/js/*.js "$site/js/"
cp "$build/taper.js" "$build/taper.wasm" "$site/"
modules=web/node_modules
cp "$modules/chessground/dist/chessground.min.js" "$site/vendor/chessground.js"
cp "$modules/chessground/assets/chessground.base.css" "$modules/chessground/assets/chessground.brown.css" \
   "$modules/chessground/assets/chessground.cburnett.css" "$site/vendor/"
cp "$modules/chess.js/dist/esm/chess.js" "$site/vendor/chess.js"
cp "$modules/chessground/LICENSE" "$site/vendor/LICENSE.chessground"
cp "$modules/chess.js/LICENSE" "$site/vendor/LICENSE.chess.js"

echo "make web: the page is in $site (serve it, e.g. python3 -m http.server -d $site 8000)"
(cd "$site" && find . -type f -printf '%9s  %p\n' | sort -k2)
echo "$(du -sk "$site" | cut -f1) KB in all"
