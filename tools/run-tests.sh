#!/bin/sh
# Installs what is missing, builds everything (Release) and runs the tests:
# every label but deep unless told otherwise.
# Extra arguments go to ctest, e.g. tools/run-tests.sh -L fast
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/tools/setup-debian.sh"
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build" -j"$(nproc)"
cd "$root/build"
# Without arguments: every label but deep (FFO #53-#54, minutes on 2 cores);
# tools/run-tests.sh -L deep runs those, tools/run-tests.sh -L . everything.
if [ $# -eq 0 ]; then set -- -LE deep; fi
ctest --output-on-failure -j"$(nproc)" "$@"
