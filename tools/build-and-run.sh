#!/bin/sh
# Installs what is missing, builds Parity, its tools and man pages (Release,
# what cmake --install installs) and starts it with any
# arguments given: tools/build-and-run.sh [parity arguments...]
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/tools/setup-debian.sh"
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build" -j"$(nproc)" --target programs >&2
exec "$root/build/src/app/parity" "$@"
