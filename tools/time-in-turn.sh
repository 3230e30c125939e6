#!/bin/sh
# Two commands timed in turn, A B A B ..., whole process, wall clock: each
# pair's ratio A/B and the median of the ratios. Running them in turn keeps
# the ratio meaningful on a machine whose speed drifts; quote the median.
#   tools/time-in-turn.sh PAIRS 'COMMAND A' 'COMMAND B'
# Each command is run by sh -c, its output thrown away; one warm-up run of
# each comes first and is not counted.
set -eu
if [ $# -ne 3 ] || ! [ "$1" -ge 1 ] 2>/dev/null; then
  echo "usage: tools/time-in-turn.sh PAIRS 'COMMAND A' 'COMMAND B'" >&2
  exit 2
fi
pairs=$1
a=$2
b=$3
seconds() {
  t0=$(date +%s%N)
  sh -c "$1" >/dev/null 2>&1 || { echo "time-in-turn: failed: $1" >&2; exit 1; }
  t1=$(date +%s%N)
  echo "$(( (t1 - t0) / 1000000 ))"
}
seconds "$a" >/dev/null
seconds "$b" >/dev/null
ratios=""
i=1
while [ "$i" -le "$pairs" ]; do
  ta=$(seconds "$a")
  tb=$(seconds "$b")
  r=$(awk -v x="$ta" -v y="$tb" 'BEGIN { printf "%.4f", (y > 0 ? x / y : 0) }')
  printf 'pair %d: A %.3f s, B %.3f s, A/B %s\n' "$i" "$(awk -v x="$ta" 'BEGIN { print x / 1000 }')" \
    "$(awk -v x="$tb" 'BEGIN { print x / 1000 }')" "$r"
  ratios="$ratios $r"
  i=$((i + 1))
done
echo "$ratios" | tr ' ' '\n' | grep . | sort -g |
  awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "median A/B %.4f over %d pairs (min %.4f, max %.4f)\n", m, NR, v[1], v[NR] }'
