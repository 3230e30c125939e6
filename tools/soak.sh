#!/bin/sh
# Soak test: many short games of Parity against itself and against GRhino
# with parity-match, then a report of every game that did not end on the
# board (crash, illegal move, time loss, ...) and of the engines' resident
# memory at the start and at the end of the run (growth means a leak).
#
#   tools/soak.sh [--self N] [--grhino N] [--tc SECONDS+INC] [--concurrency C]
#                 [--seed S] [--out DIR] [--build DIR]
#
# Defaults: 1000 self-play games at tc=2+0.05, 100 against GRhino level 1
# (untimed; Parity on the same clock), 2 games at once, XOT openings
# (../shared/data/xot/xot-small.txt, else book/openings.txt). Longer runs
# split into chunks with different seeds (docs/hardening.md). The exit
# status is 1 when any game ended otherwise than on the board.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
self=1000
grhino=100
tc=2+0.05
concurrency=2
seed=1
out=""
build="$root/build"
while [ $# -gt 0 ]; do
  case "$1" in
    --self) self="$2"; shift 2 ;;
    --grhino) grhino="$2"; shift 2 ;;
    --tc) tc="$2"; shift 2 ;;
    --concurrency) concurrency="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    *) sed -n '2,14p' "$0" >&2; exit 2 ;;
  esac
done
parity="$build/src/app/parity"
match="$build/tools/match/parity-match"
rhino=/usr/games/gtp-rhino
for f in "$parity" "$match"; do
  [ -x "$f" ] || { echo "soak: $f is missing (build first: tools/run-tests.sh or cmake --build build)" >&2; exit 2; }
done
if [ "$grhino" -gt 0 ] && [ ! -x "$rhino" ]; then
  echo "soak: $rhino is missing (apt-get install grhino), or pass --grhino 0" >&2
  exit 2
fi
openings="$root/../shared/data/xot/xot-small.txt"
[ -f "$openings" ] || openings="$root/book/openings.txt"
[ -n "$out" ] || out="$(mktemp -d "${TMPDIR:-/tmp}/parity-soak.XXXXXX")"
mkdir -p "$out"
echo "soak: results in $out, openings $openings, tc=$tc, concurrency $concurrency, seed $seed"

# Samples VmRSS and VmHWM (kB) of every engine process parity-match runs,
# every 2 seconds: "<seconds> <pid> <name> <rss> <hwm>".
sample() {
  match_pid=$1 log=$2 t=0
  while kill -0 "$match_pid" 2>/dev/null; do
    for pid in $(pgrep -P "$match_pid" 2>/dev/null); do
      [ -r "/proc/$pid/status" ] || continue
      awk -v t="$t" -v pid="$pid" '/^Name:/ {n = $2} /^VmRSS:/ {r = $2} /^VmHWM:/ {h = $2}
        END {if (r != "") print t, pid, n, r, h}' "/proc/$pid/status" 2>/dev/null >>"$log" || true
    done
    sleep 2
    t=$((t + 2))
  done
}

# One run: name, games, engine words...; prints its report.
run() {
  name=$1 games=$2
  shift 2
  [ "$games" -gt 0 ] || return 0
  rm -f "$out/$name.ggf" "$out/$name.json" "$out/$name.rss"
  start=$(date +%s)
  "$match" "$@" --openings "$openings" --seed "$seed" --games "$games" --concurrency "$concurrency" \
    --ggf "$out/$name.ggf" --json "$out/$name.json" >"$out/$name.log" 2>"$out/$name.err" &
  match_pid=$!
  sample "$match_pid" "$out/$name.rss" &
  sampler=$!
  status=0
  wait "$match_pid" || status=$?
  wait "$sampler" || true
  echo "== $name: $games games in $(( $(date +%s) - start )) s, parity-match exit status $status"
  grep -A6 '"terminations"' "$out/$name.json" | tr -d '\n' | sed 's/.*"terminations": *{\([^}]*\)}.*/terminations: \1/'
  echo
  # Per Parity process: resident memory 10 s after it started (its table
  # and weights loaded, a few games played) and at its last sample.
  awk '$3 == "parity" {
         if (!($2 in seen)) {seen[$2] = $1; n++}
         if (!($2 in first) && $1 - seen[$2] >= 10) {first[$2] = $4; firsthwm[$2] = $5}
         last[$2] = $4; lasthwm[$2] = $5
       }
       END {
         if (!n) {print "no Parity process sampled"; exit}
         for (p in first) {
           if (first[p] > maxfirst) maxfirst = first[p]
           if (lasthwm[p] > maxhwm) maxhwm = lasthwm[p]
           if (firsthwm[p] > maxfirsthwm) maxfirsthwm = firsthwm[p]
           g = last[p] - first[p]; if (g > growth) growth = g
         }
         printf "parity processes: %d; RSS at start %.1f MB (peak %.1f MB), at end peak %.1f MB; largest RSS growth of one process %.1f MB\n",
                n, maxfirst / 1024, maxfirsthwm / 1024, maxhwm / 1024, growth / 1024
       }' "$out/$name.rss"
  bad=$(grep -A6 '"terminations"' "$out/$name.json" | tr -d '\n' |
        sed 's/.*"terminations": *{\([^}]*\)}.*/\1/' | tr ',' '\n' | grep -v '"board"' | awk -F: '{s += $2} END {print s + 0}')
  if [ "$status" -ne 0 ] || [ "$bad" -ne 0 ]; then
    echo "$name: $bad games did not end on the board; see $out/$name.err and the C[forfeit ...] lines of $out/$name.ggf"
    failed=1
  fi
}

failed=0
run self "$self" \
  --engine name=parity-a cmd="$parity" proto=uci tc="$tc" \
  --engine name=parity-b cmd="$parity" proto=uci tc="$tc"
run grhino "$grhino" \
  --engine name=parity cmd="$parity" proto=uci tc="$tc" \
  --engine name=grhino cmd="$rhino" arg=-l arg=1 proto=gtp tc=inf
exit "$failed"
