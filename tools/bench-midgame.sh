#!/bin/sh
# The midgame benchmark: Parity and Edax on the same 50 midgame positions
# (tools/data/xot-midgame-50.obf: XOT games at plies 20-40), each given a
# fixed time a move, one thread each, both at once on a core each. Prints
# per time the median depth reached, the mean nodes per second and the
# mean time used.
#   tools/bench-midgame.sh [SECONDS...]      (default: 0.1 1 5)
# Edax takes whole seconds only, so it has no row for 0.1 s.
# PARITY names the program (default build/src/app/parity); EDAX the Edax
# runner (default /tmp/parity-opponents/edax/edax-run, built by
# ../shared/opponents/build-all.sh). Without Edax only Parity's rows print.
# Edax reports selective depths as D@P%; the depth column keeps D.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
parity="${PARITY:-$root/build/src/app/parity}"
edax="${EDAX:-/tmp/parity-opponents/edax/edax-run}"
positions="$root/tools/data/xot-midgame-50.obf"
[ $# -gt 0 ] || set -- 0.1 1 5
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
summary() {
  # reads "depth nodes ms" lines
  sort -n | awk -v who="$1" -v s="$2" '
    { d[NR] = $1; nodes += $2; ms += $3 }
    END {
      if (!NR) { printf "%-7s %6s  no results\n", who, s; exit }
      med = NR % 2 ? d[(NR + 1) / 2] : (d[NR / 2] + d[NR / 2 + 1]) / 2
      printf "%-7s %6s s  depth %5.1f  %6.2f M nodes/s  %6.3f s a move\n", who, s, med, ms ? nodes / ms / 1000 : 0, ms / NR / 1000
    }'
}
# Both programs at once, one core each (taskset, where there are two cores),
# so that a drift in the machine's speed touches both alike.
pin() {
  cpu=$1
  shift
  if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then taskset -c "$cpu" "$@"; else "$@"; fi
}
echo "positions: $positions (50), one thread each, both programs at once"
for s in "$@"; do
  pin 0 "$parity" analyze "$positions" --time "$s" --json >"$work/parity" &
  # Edax's -move-time counts whole seconds (a fraction is read as 1 s).
  edax_here=
  case "$s" in *[!0-9]*) ;; *) [ -x "$edax" ] && edax_here=1 ;; esac
  if [ -n "$edax_here" ]; then
    pin 1 "$edax" -solve "$positions" -n 1 -l 60 -move-time "$s" -book-usage off >"$work/edax" 2>/dev/null &
  fi
  wait
  sed 's/.*"depth":\([0-9]*\).*"nodes":\([0-9]*\),"time_ms":\([0-9]*\).*/\1 \2 \3/' "$work/parity" | summary parity "$s"
  if [ -n "$edax_here" ]; then
    # Edax's solver mode prints a row a position: N|depth score time nodes speed line
    awk -F'|' 'NF == 2 && $1 ~ /^ *[0-9]+ *$/ {
        split($2, f, " ")
        depth = f[1]; sub(/@.*/, "", depth)
        n = split(f[3], hms, ":"); sec = 0
        for (i = 1; i <= n; i++) sec = sec * 60 + hms[i]
        print depth, f[4], sec * 1000
      }' "$work/edax" | summary edax "$s"
  fi
done
