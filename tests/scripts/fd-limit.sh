#!/bin/sh
# A file-descriptor limit: with one descriptor left, held by the log, the
# weights and book files cannot be opened. Each refusal is one error line
# naming the file and the reason, the engine keeps its weights and plays
# without a book, answers isready and gives one bestmove, and the log
# holds the whole conversation.
#   PARITY=path/to/parity SOURCE=path/to/source fd-limit.sh
set -u
parity=${PARITY:?set PARITY to the parity binary}
source=${SOURCE:?set SOURCE to the source tree}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
weights="$source/data/eval/weights.bin"
book="$source/book/book.bin"
printf 'uci\nsetoption name LogFile value %s\nsetoption name EvalFile value %s\nsetoption name OwnBook value true\nsetoption name BookFile value %s\nposition startpos moves f5\ngo depth 6\nisready\nquit\n' \
  "$tmp/parity.log" "$weights" "$book" > "$tmp/in"
# Standard input, output and error take three descriptors; the loader needs
# the fourth while it starts the program, and the log takes it after.
sh -c "exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-; ulimit -n 4; exec \"$parity\"" < "$tmp/in" > "$tmp/out" 2>&1
rc=$?
fail() { echo "FAIL $1"; grep -v '^option\|^id\|^info depth' "$tmp/out"; exit 1; }
[ "$rc" -eq 0 ] || fail "exit status $rc"
grep -qx "info string error: EvalFile: cannot open weights file '$weights': Too many open files" "$tmp/out" ||
  fail "no error line for the weights file"
grep -qx "info string error: cannot open book file '$book': Too many open files; playing without a book" "$tmp/out" ||
  fail "no error line for the book file"
[ "$(grep -c '^info string error' "$tmp/out")" -eq 2 ] || fail "expected exactly two error lines"
[ "$(grep -c '^readyok$' "$tmp/out")" -eq 1 ] || fail "expected one readyok"
[ "$(grep -c '^bestmove [a-h][1-8]$' "$tmp/out")" -eq 1 ] || fail "expected one bestmove"
grep -q '> readyok' "$tmp/parity.log" || fail "the log lacks the readyok sent"
grep -q '< quit' "$tmp/parity.log" || fail "the log lacks the quit received"
echo "two error lines, one bestmove, the log complete"
