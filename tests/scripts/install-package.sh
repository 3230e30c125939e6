#!/bin/sh
# Installs the build into a temporary prefix and runs the installed
# programs from another folder, then makes the Debian package and checks
# its metadata and what it unpacks to: the three programs, the shipped book
# and openings (found by the installed program itself), the man pages.
#   BUILD=<build folder> SOURCE=<source folder> install-package.sh
set -eu
: "${BUILD:?}" "${SOURCE:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "install-package: $*" >&2; exit 1; }
version=$(sed -n 's/^project(parity VERSION \([0-9.]*\).*/\1/p' "$SOURCE/CMakeLists.txt")
[ -n "$version" ] || fail "no version in CMakeLists.txt"

# check ROOT: the tree under ROOT/usr (an install prefix or an unpacked package).
check() {
  root=$1
  cd "$tmp"
  [ "$("$root/usr/bin/parity" --version)" = "Parity $version" ] || fail "$root: parity --version"
  [ "$("$root/usr/bin/parity-match" --version)" = "parity-match $version" ] || fail "$root: parity-match --version"
  [ "$("$root/usr/bin/parity-train" --version)" = "parity-train $version" ] || fail "$root: parity-train --version"
  # The installed parity finds the installed book, not the source tree's.
  stats=$("$root/usr/bin/parity" book stats) || fail "$root: parity book stats"
  [ "$(echo "$stats" | head -1)" = "book $root/usr/share/parity/book.bin" ] || fail "$root: the book found is: $(echo "$stats" | head -1)"
  echo "$stats" | grep -qx 'positions 8631 (scored 8631, exact 1)' || fail "$root: the book's positions"
  cmp -s "$root/usr/share/parity/openings.txt" "$SOURCE/book/openings.txt" || fail "$root: openings.txt"
  for program in parity parity-match parity-train; do
    page="$root/usr/share/man/man6/$program.6.gz"
    [ -f "$page" ] || fail "$root: no man page $page"
    text=$(MANWIDTH=100 man -l "$page" 2>/dev/null) || fail "$root: man cannot read $page"
    echo "$text" | grep -q "^NAME" || fail "$root: $page has no NAME section"
    # The man page is the program's --help: every option it lists is there.
    for option in $("$root/usr/bin/$program" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
      echo "$text" | grep -q -- "$option" || fail "$root: $page lacks $option"
    done
  done
  [ -f "$root/usr/share/doc/parity/README.md" ] || fail "$root: no README.md in the documentation"
  grep -q "^MIT License" "$root/usr/share/doc/parity/copyright" 2>/dev/null || fail "$root: no licence in usr/share/doc/parity/copyright"
}

cmake --install "$BUILD" --prefix "$tmp/prefix/usr" >/dev/null || fail "cmake --install failed"
check "$tmp/prefix"
man -l "$tmp/prefix/usr/share/man/man6/parity.6.gz" 2>/dev/null | grep -q "^SOLVE" || fail "parity.6 has no SOLVE section"
echo "installed into a prefix: ok"

(cd "$BUILD" && cpack -G DEB -B "$tmp/package" >"$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log" >&2; fail "cpack -G DEB failed"; }
deb=$(ls "$tmp/package"/parity_"$version"_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "no parity_${version}_*.deb"
[ "$(dpkg-deb -f "$deb" Package)" = parity ] || fail "package name"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "package version"
depends=$(dpkg-deb -f "$deb" Depends)
for library in libboost-program-options libc6 libstdc++6 zlib1g; do
  echo "$depends" | grep -q "$library" || fail "Depends lacks $library: $depends"
done
dpkg-deb -x "$deb" "$tmp/unpacked" || fail "dpkg-deb -x failed"
check "$tmp/unpacked"
echo "package $(basename "$deb"): ok (Depends: $depends)"
