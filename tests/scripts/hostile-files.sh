#!/bin/sh
# Files given by mistake to the command line: a directory, a device, a full
# disk (a file-size limit). Each is one error line and a non-zero exit, and a
# book that was there stays byte for byte.
# Usage: PARITY=path/to/parity BOOK=path/to/book.bin [MATCH=path/to/parity-match] hostile-files.sh
set -u
parity=${PARITY:?set PARITY to the parity binary}
book=${BOOK:?set BOOK to a book file}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 2
failures=0
check() {  # check NAME EXPECTED ACTUAL
  if [ "$2" != "$3" ]; then
    echo "FAIL $1"
    echo "  expected: $2"
    echo "  got:      $3"
    failures=$((failures + 1))
  fi
}

mkdir folder
out=$("$parity" solve folder 2>&1); rc=$?
check "solve a directory" "2 parity solve: positions file 'folder' is a directory" "$rc $out"
out=$("$parity" analyze folder 2>&1); rc=$?
check "analyze a directory" "1 parity analyze: positions file 'folder' is a directory" "$rc $out"
out=$("$parity" solve /dev/zero 2>&1); rc=$?
check "solve a device" "2 parity solve: positions file '/dev/zero' is not a regular file" "$rc $out"

cp "$book" book.bin
before=$(cksum < book.bin)
out=$("$parity" book load folder book.bin 2>&1); rc=$?
check "book load from a directory" "1 parity book: book dump 'folder' is a directory" "$rc $out"
check "book kept after a directory" "$before" "$(cksum < book.bin)"
"$parity" book dump book.bin dump.txt || { echo "FAIL book dump"; exit 1; }
# One block of 512 bytes is less than the book: the write fails midway.
out=$(ulimit -f 1; "$parity" book load dump.txt book.bin 2>&1); rc=$?
check "book write over the file-size limit" "1 parity book: cannot write 'book.bin': File too large (the old file is unchanged)" "$rc $out"
check "book kept after a failed write" "$before" "$(cksum < book.bin)"
out=$("$parity" book dump book.bin folder 2>&1); rc=$?
check "dump onto a directory" "1 parity book: cannot write 'folder': it is a directory" "$rc $out"
check "no file left behind" "book.bin dump.txt folder" "$(ls | tr '\n' ' ' | sed 's/ $//')"

out=$(printf 'setoption name EvalFile value folder\nsetoption name EvalFile value /dev/zero\nquit\n' | "$parity" 2>&1)
check "EvalFile a directory and a device" "info string error: EvalFile: weights file 'folder' is a directory
info string error: EvalFile: weights file '/dev/zero' is not a regular file" "$out"

# parity-match's games file over the file-size limit: the run stops with
# one error line, and the file holds whole games only (what --resume reads).
# Four blocks of 512 bytes: one game line (1,124 bytes at depth 1 from the
# start) fits, the second does not.
if [ -n "${MATCH:-}" ]; then
  out=$(ulimit -f 4; "$MATCH" --engine cmd="$parity" name=a depth=1 --engine cmd="$parity" name=b depth=1 \
    --openings none --games 6 --ggf games.ggf 2>&1 >/dev/null); rc=$?
  check "match games over the file-size limit" "1 parity-match: cannot append to 'games.ggf' (the games before this one are kept)" "$rc $out"
  # One line, a whole game, and nothing after its newline.
  check "only whole games kept" "1 1 0a" \
    "$(wc -l < games.ggf | tr -d ' ') $(grep -c ';)$' games.ggf) $(tail -c 1 games.ggf | od -An -tx1 | tr -d ' ')"
  rm -f games.ggf
fi

[ "$failures" -eq 0 ] && echo "hostile files: all checks passed"
[ "$failures" -eq 0 ]
