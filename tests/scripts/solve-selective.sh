#!/bin/sh
# parity solve --selectivity on FFO #40-#47 at the lowest confidence (t = 1.1):
# each selective answer's move, score, nodes and how it fares against the
# file's exact move scores, and the summary, all exact (one thread, so the
# node counts are the same on every run). Times are left out.
# Usage: PARITY=path/to/parity SOURCE=path/to/project solve-selective.sh
set -eu
: "${PARITY:?}" "${SOURCE:?}"
head -n 8 "$SOURCE/tests/data/ffo-40-59.obf" | "$PARITY" solve - --selectivity 1 |
  awk '$1 == "total:" { next }
       $1 ~ /^[0-9]+$/ { line = $1 " " $2 " " $3 " " $4 " " $5; for (i = 8; i <= NF; ++i) line = line " " $i; print line; next }
       { print }' |
  diff - "$SOURCE/tests/data/ffo-40-47-selective.expected"
