#!/bin/sh
# Builds the libFuzzer targets (tests/fuzz) with clang in build-fuzz (or
# $PARITY_FUZZ_BUILD), then runs each for SECONDS from its committed corpus
# (tests/fuzz/corpus/<target>).
# Exit status 1 on any finding: a crash, a failed invariant, a leak, a
# sanitizer report, an input slower than 30 s or above 2 GB.
#
#   tools/fuzz.sh [SECONDS [TARGET...]]     default: 15 seconds, every target
#
# New inputs go to build-fuzz/fuzz-runs/<target>/corpus, never into the
# committed corpus; docs/testing.md ("Fuzzing") says how to merge them in. Crashing
# inputs land in build-fuzz/fuzz-runs/<target>/ as crash-*, leak-*, timeout-*.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-15}"
[ $# -gt 0 ] && shift
targets="${*:-uci nboard gtp notation obf ggf book weights match}"
build="${PARITY_FUZZ_BUILD:-$root/build-fuzz}"

"$root/tools/setup-debian.sh"
cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPARITY_FUZZ=ON \
  -DPARITY_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target fuzz

status=0
for target in $targets; do
  work="$build/fuzz-runs/$target"
  mkdir -p "$work/corpus"
  if "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 \
      -artifact_prefix="$work/" -print_final_stats=1 "$work/corpus" "$root/tests/fuzz/corpus/$target" \
      >"$work/log" 2>&1; then
    echo "fuzz_$target: $(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE|INITED)' "$work/log" | tail -1 | sed 's/^#//')"
  else
    status=1
    echo "fuzz_$target: FINDING (log: $work/log)"
    tail -40 "$work/log"
  fi
done
exit $status
