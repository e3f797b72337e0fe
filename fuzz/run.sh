#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets (clang) and runs each for SECONDS (default 60) on a copy of its seed
# corpus in fuzz/corpus/. Exit 0: no crash, leak, timeout or sanitizer report; 1: a target failed
# (reproducer and log kept in $FUZZ_OUT); 2: build or usage error.
#
#   fuzz/run.sh 45                       # CI: 45 s per target
#   FUZZ_TARGETS="uci" fuzz/run.sh 1200  # one target, 20 minutes
#
# Environment: FUZZ_BUILD (build dir, default build/fuzz), FUZZ_OUT (artifacts, default
# $FUZZ_BUILD/runs), FUZZ_TARGETS (default "fen move uci pgn"), CXX (default clang++),
# FUZZ_TIMEOUT (seconds one input may take, default 25; raise it on a loaded machine),
# FUZZ_NO_BUILD=1 to use an existing build, FUZZ_KEEP_CORPUS=1 to keep the grown corpus in
# $FUZZ_OUT/corpus-<target> (merged back nowhere: the committed seeds stay small), FUZZ_SEED
# (libFuzzer's -seed; unset: a new random seed each run, which is what long runs want).
set -u
seconds=${1:-60}
case $seconds in '' | *[!0-9]*) echo "usage: fuzz/run.sh [SECONDS]" >&2; exit 2 ;; esac

root=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD:-$root/build/fuzz}
out=${FUZZ_OUT:-$build/runs}
targets=${FUZZ_TARGETS:-"fen move uci pgn"}

if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="${CXX:-clang++}" -DTAPER_FUZZ=ON \
    -DTAPER_TESTS=OFF -DTAPER_BENCHMARKS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null || exit 2
  targets_to_build=""
  for t in $targets; do targets_to_build="$targets_to_build fuzz_$t"; done
  # shellcheck disable=SC2086
  cmake --build "$build" --target $targets_to_build || exit 2
fi

mkdir -p "$out"
status=0
for t in $targets; do
  bin=$build/fuzz/fuzz_$t
  [ -x "$bin" ] || { echo "fuzz/run.sh: $bin not built" >&2; exit 2; }
  work=$out/corpus-$t
  rm -rf "$work"
  mkdir -p "$work"
  cp "$root/fuzz/corpus/$t/"* "$work/"
  log=$out/fuzz_$t.log
  # -timeout: one input may take at most FUZZ_TIMEOUT s (a wedged search is a failure, not a slow
  # input; the harness itself gives a search 30 s after `stop`).
  # -rss_limit_mb: the engine with a 16 MB hash and 3 threads stays far below this.
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
    "$bin" ${FUZZ_SEED:+-seed="$FUZZ_SEED"} -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-25}" -rss_limit_mb=2560 -max_len=8192 -print_final_stats=1 \
    -artifact_prefix="$out/$t-" "$work" >"$log" 2>&1
  rc=$?
  stats=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1)
  [ -n "$stats" ] || stats=$(grep -E '^#[0-9]+' "$log" | tail -1)
  if [ $rc -ne 0 ]; then
    status=1
    echo "fuzz_$t: FAILED (exit $rc); log $log; reproducer:"
    ls "$out/$t-"* 2>/dev/null
    grep -E 'ERROR|fuzzer: |SUMMARY|runtime error' "$log" | head -5
  else
    echo "fuzz_$t: ok, ${seconds}s: $stats"
  fi
  [ "${FUZZ_KEEP_CORPUS:-0}" = 1 ] || rm -rf "$work"
done
exit $status
