#!/bin/sh
# Where a match was won or lost: every game of a GGF file (as parity-match
# --ggf writes it, from the initial position) is cut where EMPTIES squares
# are left, that position is solved exactly, and its proven result is set
# against the game's. Prints, from NAME's side, how many games went from
# each proven result to each final one, and the score perfect play from
# EMPTIES empties would have given beside the score the games gave.
#   tools/endgame-audit.sh GAMES.ggf NAME [EMPTIES]     (EMPTIES default 24)
# NAME is an engine's name as the file's PB[] and PW[] give it. PARITY
# names the program (default build/src/app/parity); the solves take one
# thread each, THREADS to change it.
set -eu
[ $# -ge 2 ] || { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
games=$1
name=$2
empties=${3:-24}
root="$(cd "$(dirname "$0")/.." && pwd)"
parity="${PARITY:-$root/build/src/app/parity}"
threads="${THREADS:-1}"
[ -r "$games" ] || { echo "endgame-audit: cannot read $games" >&2; exit 2; }
case "$empties" in ''|*[!0-9]*) echo "endgame-audit: EMPTIES is a whole number" >&2; exit 2 ;; esac
[ -x "$parity" ] || { echo "endgame-audit: no program at $parity (build first)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One line a game long enough: NAME's colour (X black, O white), the final
# disc margin from NAME's side, the transcript to EMPTIES empties.
tr -d '\r' <"$games" | awk -v name="$name" -v cut=$((60 - empties)) '
  function field(key) {
    if (!match($0, key "\\[[^]]*\\]")) return ""
    return substr($0, RSTART + length(key) + 1, RLENGTH - length(key) - 2)
  }
  /^\(;/ {
    colour = field("PB") == name ? "X" : field("PW") == name ? "O" : ""
    if (colour == "") next
    if (field("BO") != "8 ---------------------------O*------*O--------------------------- *") next
    margin = field("RE") + 0
    if (colour == "O") margin = -margin
    rest = substr($0, index($0, "BO[") + 3)
    rest = substr(rest, index(rest, "]") + 1)
    line = ""; n = 0
    while (n < cut && match(rest, /[BW]\[[a-hA-H][1-8]/)) {
      line = line tolower(substr(rest, RSTART + 2, 2)); n++
      rest = substr(rest, RSTART + RLENGTH)
    }
    if (n == cut) print colour, margin, line
  }' >"$work/games"
[ -s "$work/games" ] || { echo "endgame-audit: no game of $name from the initial position reaches $empties empties" >&2; exit 1; }

# The boards (a 1-ply search only reads the position back), then the proofs.
cut -d' ' -f3 "$work/games" | "$parity" analyze - --depth 1 --json >"$work/boards" 2>"$work/log" ||
  { cat "$work/log" >&2; exit 1; }
sed 's/.*"board":"\([^"]*\)","side":"\([XO]\)".*/\1 \2/' "$work/boards" >"$work/positions"
"$parity" solve "$work/positions" --threads "$threads" --json >"$work/solved" 2>"$work/log" ||
  { cat "$work/log" >&2; exit 1; }
sed 's/.*"side":"\([XO]\)".*"score":\(-\{0,1\}[0-9]*\),.*/\1 \2/' "$work/solved" >"$work/scores"

paste -d' ' "$work/games" "$work/scores" | awk -v name="$name" -v e="$empties" '
  function sign(v) { return v > 0 ? 1 : v < 0 ? -1 : 0 }
  function word(s) { return s > 0 ? "won" : s < 0 ? "lost" : "drawn" }
  {
    proven = $4 == $1 ? $5 : -$5
    p = sign(proven); f = sign($2)
    count[p "," f]++
    perfect += (p + 1) / 2; actual += (f + 1) / 2; games++
    if (f < p) spoiled++; else if (f > p) gained++
  }
  END {
    printf "%d games of %s, each solved at %d empties\n", games, name, e
    for (p = 1; p >= -1; p--) for (f = 1; f >= -1; f--)
      if (count[p "," f]) printf "  %-5s at %d empties, %-5s at the end: %d\n", word(p), e, word(f), count[p "," f]
    printf "perfect play from %d empties: %.1f%%; the games: %.1f%%\n", e, 100 * perfect / games, 100 * actual / games
    printf "games %s made worse after %d empties: %d; better (the opponent erred): %d\n", name, e, spoiled + 0, gained + 0
  }'
