#!/bin/sh
# Threads the system refuses: under an address-space limit that leaves room
# for only some of 64 search threads' stacks, `go` still answers one
# bestmove, after one info string that says how many threads searched.
# Not under the sanitizers (their shadow memory needs the address space).
#   PARITY=path/to/parity thread-limit.sh
set -u
parity=${PARITY:?set PARITY to the parity binary}
out=$( (ulimit -v 400000
  printf 'uci\nsetoption name Hash value 1\nsetoption name Threads value 64\nposition startpos moves f5\ngo depth 6\nisready\nquit\n' |
    "$parity") 2>&1)
rc=$?
[ "$rc" -eq 0 ] || { echo "FAIL exit status $rc"; echo "$out"; exit 1; }
said=$(echo "$out" | grep -c '^info string the system started only ')
line=$(echo "$out" | grep '^info string the system started only ')
n=$(echo "$line" | sed -n 's/^info string the system started only \([0-9]*\) of 64 search threads; searching with \([0-9]*\)$/\1 \2/p')
set -- $n
if [ "$said" -ne 1 ] || [ $# -ne 2 ] || [ "$1" != "$2" ] || [ "$1" -ge 64 ] || [ "$1" -lt 1 ]; then
  echo "FAIL expected one 'info string the system started only N of 64 search threads; searching with N', N < 64"
  echo "$out" | grep -v '^option\|^id\|^info depth'
  exit 1
fi
moves=$(echo "$out" | grep -c '^bestmove [a-h][1-8]$')
[ "$moves" -eq 1 ] || { echo "FAIL expected one bestmove, got $moves"; echo "$out" | grep -v '^option\|^id'; exit 1; }
echo "$line; one bestmove"
