#!/bin/sh
# The solver benchmark: FFO positions through `parity solve`, per-position and
# total time, nodes and nodes/s.
#   tools/bench-ffo.sh [FIRST [LAST]] [parity solve flags, e.g. --threads 2]
# FIRST and LAST are FFO numbers (default 40 and 59); PARITY names the
# program (default build/src/app/parity). Line k of the output is FFO #FIRST+k-1.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
parity="${PARITY:-$root/build/src/app/parity}"
first=40
last=59
case "${1:-}" in [0-9]*) first=$1; shift ;; esac
case "${1:-}" in [0-9]*) last=$1; shift ;; esac
file() {
  if [ "$1" -le 19 ]; then echo "$root/tests/data/ffo-1-19.obf 1"
  elif [ "$1" -le 39 ]; then echo "$root/tests/data/ffo-20-39.obf 20"
  else echo "$root/tests/data/ffo-40-59.obf 40"; fi
}
if [ "$first" -lt 1 ] || [ "$last" -gt 59 ] || [ "$first" -gt "$last" ]; then
  echo "bench-ffo: FFO numbers are 1..59, FIRST <= LAST" >&2
  exit 2
fi
echo "FFO #$first-#$last (line k is FFO #$first+k-1): $parity solve - $*"
n=$first
while [ "$n" -le "$last" ]; do
  set -- "$@"
  f=$(file "$n")
  sed -n "$((n - ${f#* } + 1))p" "${f% *}"
  n=$((n + 1))
done | "$parity" solve - "$@"
