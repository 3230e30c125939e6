#!/bin/sh
# The solver benchmark: FFO positions through `parity solve`, per-position and
# total time, nodes and nodes/s.
#   tools/bench-ffo.sh [FIRST [LAST]] [--edax] [parity solve flags, e.g. --threads 2]
# FIRST and LAST are FFO numbers (default 40 and 59); PARITY names the
# program (default build/src/app/parity). Line k of the output is FFO #FIRST+k-1.
# --edax solves the same positions with Edax 4.6 at the same time, one
# thread each and pinned to a core each where there are two, so that a
# drift in the machine's speed touches both alike; it prints both programs'
# rows, their totals and Parity's speed as a ratio of Edax's. Parity runs on
# core PARITY_CPU (default 0), Edax on EDAX_CPU (default 1): on a shared
# machine one core can be the slower for a while, so repeat with them
# swapped and quote the median ratio. EDAX names the
# Edax runner (default /tmp/parity-opponents/edax/edax-run, built by
# ../shared/opponents/build-all.sh).
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
parity="${PARITY:-$root/build/src/app/parity}"
edax="${EDAX:-/tmp/parity-opponents/edax/edax-run}"
first=40
last=59
case "${1:-}" in [0-9]*) first=$1; shift ;; esac
case "${1:-}" in [0-9]*) last=$1; shift ;; esac
with_edax=
if [ "${1:-}" = "--edax" ]; then
  with_edax=1
  shift
fi
file() {
  if [ "$1" -le 19 ]; then echo "$root/tests/data/ffo-1-19.obf 1"
  elif [ "$1" -le 39 ]; then echo "$root/tests/data/ffo-20-39.obf 20"
  else echo "$root/tests/data/ffo-40-59.obf 40"; fi
}
if [ "$first" -lt 1 ] || [ "$last" -gt 59 ] || [ "$first" -gt "$last" ]; then
  echo "bench-ffo: FFO numbers are 1..59, FIRST <= LAST" >&2
  exit 2
fi
range() {
  n=$first
  while [ "$n" -le "$last" ]; do
    f=$(file "$n")
    sed -n "$((n - ${f#* } + 1))p" "${f% *}"
    n=$((n + 1))
  done
}
if [ -z "$with_edax" ]; then
  echo "FFO #$first-#$last (line k is FFO #$first+k-1): $parity solve - $*"
  range | "$parity" solve - "$@"
  exit
fi
if [ ! -x "$edax" ]; then
  echo "bench-ffo: no Edax runner at $edax (build it with ../shared/opponents/build-all.sh, or set EDAX)" >&2
  exit 2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
range >"$work/range.obf"
pin() {
  cpu=$1
  shift
  if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then taskset -c "$cpu" "$@"; else "$@"; fi
}
echo "FFO #$first-#$last (line k is FFO #$first+k-1), both programs at once, one thread each"
echo "parity: $parity solve - --threads 1 $*"
echo "edax:   $edax -solve FILE -n 1 -l 60 -book-usage off"
pin "${PARITY_CPU:-0}" "$parity" solve - --threads 1 "$@" <"$work/range.obf" >"$work/parity" 2>&1 &
pin "${EDAX_CPU:-1}" "$edax" -solve "$work/range.obf" -n 1 -l 60 -book-usage off >"$work/edax" 2>&1 &
wait
cat "$work/parity"
grep '|' "$work/edax" || true
# Parity's total line: "total: N positions, X nodes, T s, R nodes/s, ...";
# Edax's: "FILE: X nodes in [H:]M:S.s (cpu = ...) (R nodes/s)."
p_nodes=$(sed -n 's/^total: .* positions, \([0-9]*\) nodes, \([0-9.]*\) s,.*/\1/p' "$work/parity")
p_time=$(sed -n 's/^total: .* positions, \([0-9]*\) nodes, \([0-9.]*\) s,.*/\2/p' "$work/parity")
e_nodes=$(sed -n 's/.*: \([0-9]*\) nodes in *\([0-9:.]*\) .*/\1/p' "$work/edax" | tail -1)
e_time=$(sed -n 's/.*: \([0-9]*\) nodes in *\([0-9:.]*\) .*/\2/p' "$work/edax" | tail -1 |
  awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
if [ -z "$p_nodes" ] || [ -z "$e_nodes" ]; then
  echo "bench-ffo: a program gave no total (outputs above)" >&2
  exit 1
fi
awk -v pn="$p_nodes" -v pt="$p_time" -v en="$e_nodes" -v et="$e_time" 'BEGIN {
  printf "parity  %9.2f s  %14.0f nodes  %7.2f M nodes/s\n", pt, pn, (pt > 0 ? pn / pt / 1e6 : 0)
  printf "edax    %9.2f s  %14.0f nodes  %7.2f M nodes/s\n", et, en, (et > 0 ? en / et / 1e6 : 0)
  printf "ratio   %.2fx Edax'"'"'s speed (Edax time / Parity time), %.2f of its nodes, %.2f of its nodes/s\n",
    (pt > 0 ? et / pt : 0), (en > 0 ? pn / en : 0), ((et > 0 && en > 0 && pt > 0) ? (pn / pt) / (en / et) : 0)
}'
