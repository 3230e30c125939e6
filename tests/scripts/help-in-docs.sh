#!/bin/sh
# Every command that `parity --help` lists, and every option that the
# programs' --help (and each parity command's --help) names, appears in the
# README or docs/, so the manual cannot fall behind the programs.
#   PARITY=... MATCH=... TRAIN=... SOURCE=<source folder> help-in-docs.sh
set -eu
: "${PARITY:?}" "${MATCH:?}" "${TRAIN:?}" "${SOURCE:?}"
docs="$SOURCE/README.md $(ls "$SOURCE"/docs/*.md)"
missing=0
need() {
  # shellcheck disable=SC2086
  grep -q -e "$2" $docs || { echo "help-in-docs: $1 is in --help, not in the README or docs/" >&2; missing=$((missing + 1)); }
}
commands=$("$PARITY" --help | sed -n '/^commands:/,/^$/p' | sed -n 's/^  \([a-z][a-z]*\):.*/\1/p')
[ -n "$commands" ] || { echo "help-in-docs: no commands in parity --help" >&2; exit 1; }
for command in $commands; do
  need "parity $command" "parity $command"
  for option in $("$PARITY" "$command" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    need "parity $command $option" "$option"
  done
done
for program in "$PARITY" "$MATCH" "$TRAIN"; do
  for option in $("$program" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    need "$(basename "$program") $option" "$option"
  done
done
[ "$missing" -eq 0 ] || exit 1
echo "every command and option of --help is in the docs ($(echo $commands | wc -w) commands)"
