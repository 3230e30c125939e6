#!/bin/sh
# if_available.sh grhino|parity PROGRAM TEST_COMMAND...
# Runs the test command when the engine is there, else exits 77, which
# ctest reports as skipped. GRhino missing under CI=true is a failure: CI
# must install it (apt-get install grhino).
set -u
kind=$1
program=$2
shift 2
case $kind in
  grhino)
    if [ ! -x "$program" ]; then
      echo "skipped: $program not found (apt-get install grhino)"
      [ "${CI:-}" = true ] && exit 1
      exit 77
    fi ;;
  parity)
    # Parity speaks its protocols only once the protocol layer is merged.
    if ! printf 'uci\nquit\n' | timeout 10 "$program" 2>/dev/null | grep -q '^uciok'; then
      echo "skipped: $program does not answer 'uci' with 'uciok' yet"
      exit 77
    fi ;;
esac
exec "$@"
