#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# ThreadSanitizer check: builds Taper and its tests with -DTAPER_SANITIZE=thread in build/tsan and
# runs the multi-threaded tests (tests/search/threads_test.cpp, repeated TAPER_THREADS_ROUNDS times), the
# UCI dialogue tests (which drive the TSan-built binary over a pipe), the search tests and the
# Syzygy probes from several threads (tests/tb/syzygy_threads_test.cpp, tests/tb/tb_search_test.cpp) and the
# protocol tests of weakened levels (ponder, infinite, think time) and of every `go`, then,
# if fastchess is available, TSAN_GAMES self-play games with Threads 4 at a fixed node count.
# Every process writes its reports to $TSAN_LOGS/report.<pid>; exit 1 if there is any.
#
#   tests/tsan.sh                 # TAPER_THREADS_ROUNDS=3, TSAN_GAMES=10
#   TSAN_GAMES=0 tests/tsan.sh    # tests only
#   TSAN_SKIP_TESTS=1 tests/tsan.sh  # games only
#
# Suppressions: tests/tsan.supp (empty on purpose; see the comment there).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TSAN_BUILD:-$root/build/tsan}
logs=${TSAN_LOGS:-$build/tsan-logs}
rounds=${TAPER_THREADS_ROUNDS:-3}
games=${TSAN_GAMES:-10}
find_binary_repo=$root
# shellcheck source=scripts/lib/find_binary.sh
. "$root/scripts/lib/find_binary.sh"

# Fathom compiled in from Debian's source package, built as Debian builds libfathom (without
# its lock, TB_NO_THREADS) but instrumented: ThreadSanitizer then sees Fathom's memory, so the
# Syzygy tests check Taper's own locking. The installed libfathom.so is not instrumented, and
# races inside it would go unseen: without the source the check says so and uses it anyway.
fathom_args=""
if fathom=$("$root/scripts/fetch_fathom.sh" "$root/build/fathom" 2>/dev/null); then
  fathom_args="-DTAPER_SYSTEM_FATHOM=OFF -DTAPER_FATHOM_SOURCE=$fathom -DTAPER_FATHOM_NO_THREADS=ON"
else
  echo "tests/tsan.sh: Fathom's source could not be fetched: the Syzygy probes run in the uninstrumented libfathom"
fi
# shellcheck disable=SC2086
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTAPER_SANITIZE=thread \
  -DTAPER_BENCHMARKS=OFF $fathom_args >/dev/null || exit 2
cmake --build "$build" --target taper taper_tests || exit 2

rm -rf "$logs"
mkdir -p "$logs"
export TSAN_OPTIONS="suppressions=$root/tests/tsan.supp log_path=$logs/report second_deadlock_stack=1 ${TSAN_EXTRA:-}"
status=0
if [ "${TSAN_SKIP_TESTS:-0}" != 1 ]; then
  TAPER_THREADS_ROUNDS=$rounds "$build/tests/taper_tests" \
    --gtest_filter='Threads.*:Uci.*:UciProtocol.*:SkillProtocol.*:Limits.*:Search.*:Regression.*:SyzygyThreads.*:TablebaseSearch.*:-*Deep*:*Slow*:Search.MateSuiteExactDistances' ||
    status=1
fi

if [ "$games" -gt 0 ] && fastchess=$(find_binary fastchess); then
  python3 "$root/scripts/match.py" -a "$build/taper" --name-a tsan-a -b "$build/taper" --name-b tsan-b \
    --option Threads=4 --nodes 20000 --games "$games" --concurrency 1 --seed 7 --no-probe -q \
    --fastchess "$fastchess" || status=1
  python3 "$root/scripts/match.py" -a "$build/taper" --name-a tsan-a -b "$build/taper" --name-b tsan-b \
    --option Threads=3 --nodes 20000 --games 2 --concurrency 1 --chess960 --seed 8 --no-probe -q \
    --fastchess "$fastchess" || status=1
fi

reports=$(ls "$logs" 2>/dev/null | wc -l)
if [ "$reports" -gt 0 ]; then
  echo "tests/tsan.sh: $reports ThreadSanitizer report file(s) in $logs:"
  grep -h "SUMMARY: ThreadSanitizer" "$logs"/* | sort | uniq -c
  status=1
else
  echo "tests/tsan.sh: no ThreadSanitizer reports"
fi
exit $status
