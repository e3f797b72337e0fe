#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# `make test-web`: builds the page (web/build.sh) and the native engine, then drives the page in
# Debian's headless Chromium (web/test/page.test.mjs). Without chromium, Node.js 20+ or emscripten
# it skips with a message, unless WEB_TEST_STRICT=1 (CI), where a skip is a failure.
#   web/test/run.sh [--screenshots DIR]   also writes DIR/web-game.png, DIR/web-eval.png and DIR/web-review.png
set -euo pipefail
cd "$(dirname "$0")/../.."
shots=""
[ "${1:-}" = "--screenshots" ] && shots=$(realpath "${2:?--screenshots needs a folder}")

skip() {
  if [ "${WEB_TEST_STRICT:-0}" = 1 ]; then echo "test-web: FAILED: $1 (WEB_TEST_STRICT=1)" >&2; exit 1; fi
  echo "test-web: skipped: $1"
  exit 0
}
. scripts/lib/find_binary.sh  # find_binary: chromium
chromium=$(find_binary chromium) || skip "no Chromium (\$CHROMIUM, /usr/bin/chromium, PATH; apt-get install chromium)"
command -v node >/dev/null || skip "no Node.js (apt-get install nodejs npm)"
[ "$(node -p 'process.versions.node.split(".")[0]')" -ge 20 ] || skip "Node.js $(node --version) is older than 20 (playwright-core needs 20)"
command -v emcmake >/dev/null || skip "no Emscripten (apt-get install emscripten)"

web/build.sh
# The native engine the page is checked against: TAPER_NATIVE, or the Release test build's (as
# `make test` has it just before this step).
if [ -z "${TAPER_NATIVE:-}" ]; then
  cmake -S . -B build/test-release $(command -v ninja >/dev/null && echo -G Ninja) -DCMAKE_BUILD_TYPE=Release -DTAPER_WERROR=ON >/dev/null
  cmake --build build/test-release -j "${JOBS:-2}" --target taper
  TAPER_NATIVE=$PWD/build/test-release/taper
fi

export TAPER_WEB_SITE=$PWD/build/web/site TAPER_NATIVE CHROMIUM=$chromium
[ -n "$shots" ] && export SCREENSHOTS=$shots
cd web && node --test --test-reporter=spec test/page.test.mjs test/pgn_readback.test.mjs
