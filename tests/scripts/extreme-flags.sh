#!/bin/sh
# Every numeric flag of the parity command line gets numbers at and past
# the ends of every integer type, in every spelling a user or a script may
# produce. Each run must end by itself with status 0, 1 or 2 (no signal,
# no hang), and a refusal must be one line on stderr. Run under the
# sanitizer build, an overflow or other undefined behaviour aborts the run.
# Usage: PARITY=path/to/parity extreme-flags.sh
set -u
: "${PARITY:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failures=0
runs=0

values='0 -1 9223372036854775807 9223372036854775808 -9223372036854775809 99999999999999999999999999
1e309 1e-308 nan -inf 0x10 +5 --3 4294967296 0.5 2/1'

# try ARGS...: one run, judged. Empty standard input: a session exits at once.
try() {
  runs=$((runs + 1))
  timeout 20 "$PARITY" "$@" </dev/null >out 2>err
  rc=$?
  lines=$(wc -l <err)
  if [ "$rc" -gt 2 ]; then
    echo "extreme-flags: parity $* ended with status $rc: $(head -3 err)" >&2
    failures=$((failures + 1))
  elif [ "$rc" -ne 0 ] && [ "$lines" -ne 1 ]; then
    echo "extreme-flags: parity $* refused with $lines lines on stderr, not one:" >&2
    head -5 err >&2
    failures=$((failures + 1))
  fi
}

for v in $values; do
  for flag in --hash --threads --multipv --moveoverhead --level --bookvariety; do
    try "$flag" "$v"
  done
  try solve - --threads "$v"
  try solve - --hash "$v"
  try solve - --shard "$v"
  try solve - --selectivity "$v"
  try analyze - --depth "$v"
  try analyze - --time "$v"
  try analyze - --shard "$v"
  try analyze - --hash "$v"
  try perft "$v" --board "XO$(printf '%062d' 0 | tr 0 -)" X
  for flag in --plies --min-seen --depth --budget --checkpoint --deviation --threads --hash; do
    try book build --output book.bin --games missing.txt "$flag" "$v"
  done
  try book openings missing.bin openings.txt --plies "$v"
  try book openings missing.bin openings.txt --margin "$v"
done
echo "extreme-flags: $runs runs, $failures failures"
[ "$failures" -eq 0 ]
