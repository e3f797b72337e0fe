#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Compare Taper's `bench` speed (nodes per second) with Ethereal 12's `bench`.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/bench_vs_ethereal.sh [options] [TAPER_BINARY]

Runs `TAPER bench` and `ethereal-chess bench` back to back, alternating, N
times (default 3), and prints for each engine the nodes per second of every
run, the median, and the ratio taper_nps / ethereal_nps (> 1 = Taper searches
more nodes per second). Both benches are single-threaded fixed-depth searches
over each engine's own built-in position list, so the ratio compares raw
speed, not strength or search efficiency.

Summary lines understood (stdout and stderr are both read, last match wins):
  Taper:     "<N> nodes <N> nps"                      (its last line; the line must start
                                                      with the node count, so UCI "info ... nodes N nps N"
                                                      lines are not taken for it)
  Ethereal:  "Nodes : <N>" and "NPS : <N>"           (Ethereal 12's summary)
  also:      "Nodes searched : <N>" + "Nodes/second : <N>" (Stockfish style)
A run whose output has none of these counts as failed.

Options:
  -n, --runs N          runs per engine (default 3)
  -e, --ethereal P      Ethereal binary (default $ETHEREAL, /usr/games/ethereal-chess, PATH)
  --taper-args "A B"    extra arguments after `bench` for Taper (e.g. a depth)
  --ethereal-args "A B" extra arguments after `bench` for Ethereal (its bench takes
                        [depth [threads [hash]]], default 13 1 16)
  --ethereal-only       only run Ethereal (e.g. while Taper's bench does not exist yet)
  -h, --help            this help

TAPER_BINARY defaults to $TAPER_BIN or $TAPER, else ./taper, the repository's taper,
the newest build/*/taper, PATH (scripts/lib/find_binary.sh).
Exit code: 0 = both benches ran, 1 = a bench failed or printed no summary,
2 = usage. A warning is printed if an engine's node count differs between
runs (bench should be deterministic). Output ends with "RESULT key=value ...".
EOF
}

RUNS=3
ETH_GIVEN=""
TAPER_GIVEN=""
TAPER_ARGS=""
ETH_ARGS=""
ETH_ONLY=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    -n|--runs) RUNS="${2:?--runs needs a number}"; shift 2 ;;
    -e|--ethereal) ETH_GIVEN="${2:?--ethereal needs a path}"; shift 2 ;;
    --taper-args) TAPER_ARGS="${2-}"; shift 2 ;;
    --ethereal-args) ETH_ARGS="${2-}"; shift 2 ;;
    --ethereal-only) ETH_ONLY=1; shift ;;
    -*) echo "bench_vs_ethereal.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) TAPER_GIVEN="$1"; shift ;;
  esac
done
case "$RUNS" in ''|*[!0-9]*|0) echo "bench_vs_ethereal.sh: --runs must be a positive integer" >&2; exit 2 ;; esac

# shellcheck source=scripts/lib/find_binary.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/find_binary.sh"
TAPER_BIN=""
if [ "$ETH_ONLY" = 0 ] && ! TAPER_BIN=$(find_binary taper "$TAPER_GIVEN"); then
  echo "bench_vs_ethereal.sh: Taper binary not found (${TAPER_GIVEN:-none}); pass its path or use --ethereal-only" >&2
  exit 2
fi
if ! ETH=$(find_binary ethereal "$ETH_GIVEN"); then
  echo "bench_vs_ethereal.sh: Ethereal not found (${ETH_GIVEN:-\$ETHEREAL, /usr/games/ethereal-chess, PATH})" \
       "(apt-get install ethereal-chess, or --ethereal PATH)" >&2
  exit 2
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/benchcmp.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# parse FILE -> prints "NODES NPS" or nothing
parse() {
  awk '
    { gsub(/\r/, "") }
    /^ *[0-9]+ +nodes +[0-9]+ +nps/ { split($0, f, / +/); i = (f[1] == "") ? 2 : 1; nodes = f[i]; nps = f[i + 2] }
    /^ *Nodes( searched)? *: *[0-9]+/ { v = $0; sub(/.*: */, "", v); sub(/[^0-9].*/, "", v); nodes = v }
    /^ *(NPS|Nodes\/second) *: *[0-9]+/ { v = $0; sub(/.*: */, "", v); sub(/[^0-9].*/, "", v); nps = v }
    END { if (nodes != "" && nps != "") print nodes, nps }
  ' "$1"
}

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR == 0) exit; if (NR % 2) print a[(NR + 1) / 2]; else printf "%.0f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# run_bench LABEL OUTFILE CMD... -> prints one line, appends nps/nodes to $tmp/LABEL.{nps,nodes}
status=0
run_bench() {
  local label="$1" out="$2"; shift 2
  local t0 t1 rc=0 res wall
  t0=$(date +%s%N)
  "$@" >"$out" 2>&1 </dev/null || rc=$?
  t1=$(date +%s%N)
  wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.2f", (b - a) / 1e9}')
  res="$(parse "$out")"
  if [ "$rc" != 0 ] || [ -z "$res" ]; then
    echo "  $label: FAILED (exit code $rc, ${wall}s); last output line: $(tail -n1 "$out" | cut -c1-120)"
    status=1
    return 0
  fi
  set -- $res
  echo "$2" >>"$tmp/$label.nps"
  echo "$1" >>"$tmp/$label.nodes"
  printf '  %-8s %12s nodes %10s nps  (%ss wall)\n' "$label" "$1" "$2" "$wall"
}

eth_id="$(printf 'uci\nquit\n' | "$ETH" 2>/dev/null | sed -n 's/^id name //p' | head -n1)"
if [ "$ETH_ONLY" = 0 ]; then
  echo "Bench: Taper ($TAPER_BIN bench $TAPER_ARGS) vs ${eth_id:-Ethereal} ($ETH bench $ETH_ARGS), $RUNS runs each, alternating"
else
  echo "Bench: ${eth_id:-Ethereal} ($ETH bench $ETH_ARGS), $RUNS runs (Taper skipped)"
fi
for ((i = 1; i <= RUNS; i++)); do
  echo "run $i:"
  # shellcheck disable=SC2086
  [ "$ETH_ONLY" = 0 ] && run_bench taper "$tmp/taper.$i.out" "$TAPER_BIN" bench $TAPER_ARGS
  # shellcheck disable=SC2086
  run_bench ethereal "$tmp/ethereal.$i.out" "$ETH" bench $ETH_ARGS
done

summ() {  # LABEL -> prints "median_nps nodes_first nodes_consistent(0/1)"
  local f="$tmp/$1.nps"
  [ -s "$f" ] || { echo "- - -"; return; }
  local med first distinct
  med=$(median <"$f")
  first=$(head -n1 "$tmp/$1.nodes")
  distinct=$(sort -u "$tmp/$1.nodes" | wc -l)
  echo "$med $first $([ "$distinct" = 1 ] && echo 1 || echo 0)"
}
read -r e_nps e_nodes e_same < <(summ ethereal)
t_nps="-"; t_nodes="-"; t_same="-"
[ "$ETH_ONLY" = 0 ] && read -r t_nps t_nodes t_same < <(summ taper)

echo
[ "$ETH_ONLY" = 0 ] && printf 'taper     median %10s nps   bench nodes %s\n' "$t_nps" "$t_nodes"
printf 'ethereal  median %10s nps   bench nodes %s\n' "$e_nps" "$e_nodes"
[ "$t_same" = 0 ] && echo "warning: Taper's bench node count differs between runs (non-deterministic bench?)"
[ "$e_same" = 0 ] && echo "warning: Ethereal's bench node count differs between runs"
ratio="-"
if [ "$t_nps" != "-" ] && [ "$e_nps" != "-" ]; then
  ratio=$(awk -v t="$t_nps" -v e="$e_nps" 'BEGIN{printf "%.3f", t / e}')
  echo "ratio taper/ethereal nps = $ratio  (> 1 = Taper is faster per node)"
fi
echo "RESULT taper_nps=$t_nps ethereal_nps=$e_nps ratio=$ratio taper_nodes=$t_nodes ethereal_nodes=$e_nodes runs=$RUNS ok=$([ "$status" = 0 ] && echo 1 || echo 0)"
exit "$status"
