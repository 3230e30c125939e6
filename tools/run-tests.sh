#!/bin/sh
# Installs what is missing, builds everything (Release) and runs every test.
# Extra arguments go to ctest, e.g. tools/run-tests.sh -L fast
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/tools/setup-debian.sh"
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build" -j"$(nproc)"
cd "$root/build"
ctest --output-on-failure -j"$(nproc)" "$@"
