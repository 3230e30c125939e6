#!/bin/sh
# Installs the Debian packages Parity needs to build and test, if missing.
set -eu
# grhino: the outside opponent of the match-runner tests (/usr/games/gtp-rhino).
# clang, libclang-rt-14-dev: the fuzz targets (tools/fuzz.sh) need clang's
# -fsanitize=fuzzer; Debian 12 ships libFuzzer's runtime
# (libclang_rt.fuzzer-x86_64.a) in libclang-rt-14-dev, which clang does not pull in.
# zlib1g-dev: parity-train reads gzipped game records. dpkg-dev, file: the
# Debian package (cpack -G DEB finds its dependencies with dpkg-shlibdeps);
# man-db: the packaging test reads the man pages.
packages="cmake g++ make libboost-program-options-dev zlib1g-dev doctest-dev gzip grhino clang libclang-rt-14-dev dpkg-dev file man-db"
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing"
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
$sudo apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
