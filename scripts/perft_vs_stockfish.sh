#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Compare Taper's perft speed with Stockfish's `go perft`.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/perft_vs_stockfish.sh [options] [TAPER_BINARY]

Runs Taper's `taper perft DEPTH FEN` and Stockfish's `go perft DEPTH` on
  startpos  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1   depth 6
  kiwipete  r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1   depth 5
takes the best (smallest) of N wall-clock runs per engine and position,
checks that both engines report the same node count (and the known one),
and prints the times and the speed ratio stockfish_time / taper_time
(> 1 means Taper is faster) per position and overall.

What is timed: each run is one whole process, start-up included. To take
start-up out (Stockfish loads its NNUE net, ~0.1-0.3 s), every engine is also
timed at depth 1 on the same position (best of N); "net" = full - depth-1
baseline, and the ratios use net times. Gross times and ratios are printed too.
Taper's own perft timer (printed to stderr as "time X s") is shown when present.

Options:
  -n, --runs N        runs per measurement, best is kept (default 3)
  -s, --stockfish P   Stockfish binary (default $STOCKFISH, /usr/games/stockfish, PATH)
  -q, --quick         depths 5 and 4 instead of 6 and 5 (smoke test)
  -h, --help          this help

TAPER_BINARY defaults to $TAPER_BIN or $TAPER, else ./taper, the repository's taper,
the newest build/*/taper, PATH (scripts/lib/find_binary.sh).
Exit code: 0 = counts agree, 1 = node-count mismatch or an engine failed, 2 = usage.
Output ends with a line "RESULT key=value ..." for scripts.
EOF
}

RUNS=3
SF_GIVEN=""
QUICK=0
TAPER_GIVEN=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    -n|--runs) RUNS="${2:?--runs needs a number}"; shift 2 ;;
    -s|--stockfish) SF_GIVEN="${2:?--stockfish needs a path}"; shift 2 ;;
    -q|--quick) QUICK=1; shift ;;
    -*) echo "perft_vs_stockfish.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) TAPER_GIVEN="$1"; shift ;;
  esac
done
case "$RUNS" in ''|*[!0-9]*|0) echo "perft_vs_stockfish.sh: --runs must be a positive integer" >&2; exit 2 ;; esac

# shellcheck source=scripts/lib/find_binary.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/find_binary.sh"
if ! TAPER_BIN=$(find_binary taper "$TAPER_GIVEN"); then
  echo "perft_vs_stockfish.sh: Taper binary not found (${TAPER_GIVEN:-none}); pass its path or build it" >&2
  exit 2
fi
if ! SF=$(find_binary stockfish "$SF_GIVEN"); then
  echo "perft_vs_stockfish.sh: Stockfish not found (${SF_GIVEN:-\$STOCKFISH, /usr/games/stockfish, PATH})" \
       "(apt-get install stockfish, or --stockfish PATH)" >&2
  exit 2
fi

NAMES=(startpos kiwipete)
FENS=("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
if [ "$QUICK" = 1 ]; then
  DEPTHS=(5 4); KNOWN=(4865609 4085603)
else
  DEPTHS=(6 5); KNOWN=(119060324 193690690)
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/perftcmp.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

now() { date +%s%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", (b - a) / 1e9 }'; }
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }

# run_taper DEPTH FEN -> sets NODES, T (wall seconds), SELF (taper's own timer or "")
run_taper() {
  local t0 t1
  t0=$(now)
  if ! "$TAPER_BIN" perft "$1" "$2" >"$tmp/out" 2>"$tmp/err"; then
    echo "perft_vs_stockfish.sh: '$TAPER_BIN perft $1 $2' failed:" >&2; cat "$tmp/err" >&2; exit 1
  fi
  t1=$(now)
  T=$(secs "$t0" "$t1")
  NODES=$(sed -n 's/^Nodes searched: *\([0-9][0-9]*\).*/\1/p' "$tmp/out" | tail -n1)
  SELF=$(sed -n 's/^time \([0-9.e+-]*\) s.*/\1/p' "$tmp/err" | tail -n1)
}

run_sf() {
  local t0 t1
  t0=$(now)
  if ! printf 'position fen %s\ngo perft %s\nquit\n' "$2" "$1" | "$SF" >"$tmp/out" 2>"$tmp/err"; then
    echo "perft_vs_stockfish.sh: stockfish failed:" >&2; cat "$tmp/err" >&2; exit 1
  fi
  t1=$(now)
  T=$(secs "$t0" "$t1")
  NODES=$(sed -n 's/^Nodes searched: *\([0-9][0-9]*\).*/\1/p' "$tmp/out" | tail -n1)
  SELF=""
}

# best ENGINE DEPTH FEN -> BEST_T, BEST_SELF, NODES
best() {
  local i
  BEST_T=""; BEST_SELF=""
  for ((i = 0; i < RUNS; i++)); do
    "run_$1" "$2" "$3"
    BEST_T=$(min "$BEST_T" "$T")
    if [ -n "$SELF" ]; then BEST_SELF=$(min "$BEST_SELF" "$SELF"); fi
  done
}

sf_id="$(printf 'uci\nquit\n' | "$SF" 2>/dev/null | sed -n 's/^id name //p' | head -n1)"
echo "Perft speed: Taper ($TAPER_BIN) vs ${sf_id:-Stockfish} ($SF), best of $RUNS wall-clock runs each"
echo "Timed: one whole process per run (start-up included). 'net' = that time minus the same engine's"
echo "best depth-1 run on the same position (start-up baseline); ratios = stockfish net / taper net."
echo

status=0
sum_t_net=0; sum_s_net=0; sum_t=0; sum_s=0
printf '%-9s %5s %11s | %9s %9s %9s | %9s %9s | %8s %8s | %9s\n' \
  position depth nodes taper_s base_s net_s sf_s net_s "ratio" "gross" "taper_Mnps"
for i in "${!NAMES[@]}"; do
  fen="${FENS[$i]}"; d="${DEPTHS[$i]}"
  best taper 1 "$fen"; t_base=$BEST_T
  best sf 1 "$fen"; s_base=$BEST_T
  best taper "$d" "$fen"; t_full=$BEST_T; t_self=$BEST_SELF; t_nodes=$NODES
  best sf "$d" "$fen"; s_full=$BEST_T; s_nodes=$NODES
  note=""
  if [ -z "$t_nodes" ] || [ "$t_nodes" != "$s_nodes" ]; then
    note="MISMATCH taper=${t_nodes:-none} stockfish=${s_nodes:-none}"; status=1
  elif [ "$t_nodes" != "${KNOWN[$i]}" ]; then
    note="both differ from the known count ${KNOWN[$i]}"; status=1
  fi
  read -r t_net s_net ratio gross mnps < <(awk -v tf="$t_full" -v tb="$t_base" -v sf="$s_full" -v sb="$s_base" \
      -v n="${t_nodes:-0}" 'BEGIN {
        tn = tf - tb; if (tn < 0.0001) tn = 0.0001
        sn = sf - sb; if (sn < 0.0001) sn = 0.0001
        printf "%.4f %.4f %.3f %.3f %.1f\n", tn, sn, sn / tn, sf / tf, n / tn / 1e6 }')
  printf '%-9s %5s %11s | %9s %9s %9s | %9s %9s | %8s %8s | %9s\n' \
    "${NAMES[$i]}" "$d" "${t_nodes:-?}" "$t_full" "$t_base" "$t_net" "$s_full" "$s_net" "$ratio" "$gross" "$mnps"
  [ -n "$t_self" ] && echo "          taper's own perft timer: ${t_self}s; stockfish start-up baseline ${s_base}s"
  [ -n "$note" ] && echo "          $note"
  sum_t_net=$(awk -v a="$sum_t_net" -v b="$t_net" 'BEGIN{print a+b}')
  sum_s_net=$(awk -v a="$sum_s_net" -v b="$s_net" 'BEGIN{print a+b}')
  sum_t=$(awk -v a="$sum_t" -v b="$t_full" 'BEGIN{print a+b}')
  sum_s=$(awk -v a="$sum_s" -v b="$s_full" 'BEGIN{print a+b}')
done
overall=$(awk -v s="$sum_s_net" -v t="$sum_t_net" 'BEGIN{printf "%.3f", s / t}')
overall_gross=$(awk -v s="$sum_s" -v t="$sum_t" 'BEGIN{printf "%.3f", s / t}')
echo
echo "overall: taper net ${sum_t_net}s, stockfish net ${sum_s_net}s -> ratio stockfish/taper = $overall" \
     "(gross, start-up included: $overall_gross); > 1 means Taper is faster"
[ "$status" = 0 ] && echo "node counts: all agree" || echo "node counts: MISMATCH (see above)"
echo "RESULT counts_ok=$([ "$status" = 0 ] && echo 1 || echo 0) ratio=$overall ratio_gross=$overall_gross" \
     "taper_net_s=$sum_t_net stockfish_net_s=$sum_s_net runs=$RUNS"
exit "$status"
