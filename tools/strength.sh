#!/bin/sh
# The strength harness: Parity against outside engines on XOT openings, each
# opening played twice with colours swapped, two games at once, Elo with a
# 95% error bar from parity-match.
#
#   tools/strength.sh [--budget quick|full] [--games N] [--tc SECONDS+INC]
#                     [--pairings LIST] [--parity PROGRAM] [--out DIR] [--seed N]
#
# Pairings (comma separated, default edax,egaroucid,grhino,depth):
#   edax       Edax 4.6 over GTP, both engines on the same clock (--tc)
#   egaroucid  Egaroucid for Web at a fixed level (EGAROUCID_LEVEL, default
#              12), which ignores clocks: two calibration games measure the
#              time it takes a game, and Parity gets that clock
#   grhino     GRhino (Debian's grhino package) at level GRHINO_LEVEL
#              (default 5, its strongest), which plays by level and is
#              given no clock; Parity plays on --tc
#   depth      Parity at level DEPTH against Edax at level DEPTH (default
#              10), no clocks: the evaluation without the search's speed
#              (up to level 10 both search full width to depth DEPTH and
#              solve from 2 x DEPTH empties)
#   egaroucid-depth
#              Parity at level DEPTH against Egaroucid for Web at level
#              DEPTH, no clocks (not in the default list)
#   self       Parity (--parity) against another Parity (BASELINE): an A/B
#              test of a change, on the clock
#   threads    Parity with Threads 2 against itself with Threads 1, on the
#              clock, one game at a time so that two threads have two cores
#              (not in the default list: it takes twice as long)
# --budget quick plays 20 games a pairing (about 10 minutes for the four
# default pairings at 10+0.1 on two cores), full 100 (about an hour);
# --games overrides it. The opponents are built from ../shared/opponents
# (OPPONENTS names their folder, default /tmp/parity-opponents) when
# missing. Every game goes to DIR/<pairing>.ggf and each summary to
# DIR/<pairing>.json; the command lines are printed before each match, and
# each engine's time a game by stage and its share of the clock used after it.
# --seed N draws the openings in another order (default 0: the same
# openings every run), so that a second match adds games on new openings.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
budget=quick
games=
tc=10+0.1
pairings=edax,egaroucid,grhino,depth
parity="$root/build/src/app/parity"
out=
seed=0
while [ $# -gt 0 ]; do
  case "$1" in
    --budget) budget=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --pairings) pairings=$2; shift 2 ;;
    --parity) parity=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    -h|--help) sed -n '2,37p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "strength: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$budget" in
  quick) : "${games:=20}" ;;
  full) : "${games:=100}" ;;
  *) echo "strength: --budget is quick or full" >&2; exit 2 ;;
esac
case "$games" in ''|*[!0-9]*) echo "strength: --games takes a whole number" >&2; exit 2 ;; esac
case "$seed" in ''|*[!0-9]*) echo "strength: --seed takes a whole number" >&2; exit 2 ;; esac
[ $((games % 2)) -eq 0 ] || games=$((games + 1))

match="$root/build/tools/match/parity-match"
[ -x "$parity" ] && [ -x "$match" ] || {
  echo "strength: build first (tools/build-and-run.sh builds parity; cmake --build build builds parity-match)" >&2
  exit 2
}
opponents="${OPPONENTS:-/tmp/parity-opponents}"
shared="$root/../shared"
openings="$shared/data/xot/xot-large.txt"
[ -r "$openings" ] || { echo "strength: no XOT openings at $openings" >&2; exit 2; }
out="${out:-$root/build/strength-$(date -u +%Y%m%d-%H%M%S)}"
mkdir -p "$out"
edax="$opponents/edax/edax-run"
egaroucid="$opponents/egaroucid-web/egaroucid-gtp"
need_opponents() {
  [ -x "$edax" ] && [ -x "$egaroucid" ] && return 0
  "$shared/opponents/build-all.sh" "$opponents" >&2
}
grhino=/usr/games/gtp-rhino

# run NAME ENGINE-ARGS...: one match, its command line echoed first, two
# games at a time unless CONCURRENCY says otherwise.
run() {
  name=$1
  shift
  concurrency=${CONCURRENCY:-2}
  echo "== $name: $games games"
  echo "$match $* --openings $openings --seed $seed --games $games --concurrency $concurrency --ggf $out/$name.ggf --json $out/$name.json"
  rm -f "$out/$name.ggf"
  "$match" "$@" --openings "$openings" --seed "$seed" --games "$games" --concurrency "$concurrency" --ggf "$out/$name.ggf" \
    --json "$out/$name.json" | grep -E "^(Score|Elo|Games $games of)|forfeit" || true
  phase_times "$out/$name.ggf"
  clock_shares "$out/$name.ggf"
}

# phase_times GGF: each engine's mean seconds a game by stage (empties when
# it moved: 59-41, 40-25, 24-0) and in all, from the move times of GGF
# (B[F5/score/seconds]), the opening's moves left out.
phase_times() {
  awk '
    {
      pb = $0; sub(/.*PB\[/, "", pb); sub(/\].*/, "", pb)
      pw = $0; sub(/.*PW\[/, "", pw); sub(/\].*/, "", pw)
      games[pb]++; games[pw]++
      s = $0; sub(/.*BO\[[^]]*\]/, "", s)
      empties = 60; ply = 0
      while (match(s, /[BW]\[[^]]*\]/)) {
        m = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
        who = substr(m, 1, 1) == "B" ? pb : pw
        n = split(substr(m, 3, length(m) - 3), f, "/")
        if (ply >= 8 && n >= 3) {
          stage = empties > 40 ? 1 : empties > 24 ? 2 : 3
          t[who, stage] += f[3]; t[who, 0] += f[3]
        }
        if (toupper(f[1]) != "PA") empties--
        ply++
      }
    }
    END {
      for (w in games)
        printf "  %s: %.2f s a game (59-41 empties %.2f, 40-25 %.2f, 24-0 %.2f)\n", w, t[w, 0] / games[w],
          t[w, 1] / games[w], t[w, 2] / games[w], t[w, 3] / games[w]
    }' "$1"
}

# clock_shares GGF: for each engine on a clock (TI[base/increment/...] for
# both sides, TB and TW for one), its share of the clock used in the median
# game (the lower of two middle ones) and the range: the seconds its moves
# took over its base time plus the increments of its moves.
clock_shares() {
  LC_ALL=C awk '
    function seconds(t,   n, f, k, v) {
      n = split(t, f, ":"); v = 0
      for (k = 1; k <= n; k++) v = v * 60 + f[k]
      return v
    }
    # clock(TAG): sets base and inc from TAG[...] on this line; 0 without it.
    function clock(tag,   t, c) {
      if (!match($0, tag "\\[[^]]*\\]")) return 0
      t = substr($0, RSTART + 3, RLENGTH - 4)
      split(t, c, "/"); base = seconds(c[1]); inc = seconds(c[2])
      return base > 0
    }
    {
      pb = $0; sub(/.*PB\[/, "", pb); sub(/\].*/, "", pb)
      pw = $0; sub(/.*PW\[/, "", pw); sub(/\].*/, "", pw)
      timed[pb] = timed[pw] = 0
      if (clock("TI")) { timed[pb] = timed[pw] = 1; bb = bw = base; ib = iw = inc }
      else {
        if (clock("TB")) { timed[pb] = 1; bb = base; ib = inc }
        if (clock("TW")) { timed[pw] = 1; bw = base; iw = inc }
      }
      used[pb] = used[pw] = moves[pb] = moves[pw] = 0
      s = $0; sub(/.*BO\[[^]]*\]/, "", s)
      while (match(s, /[BW]\[[^]]*\]/)) {
        m = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
        who = substr(m, 1, 1) == "B" ? pb : pw
        if (split(substr(m, 3, length(m) - 3), f, "/") >= 3) { used[who] += f[3]; moves[who]++ }
      }
      if (timed[pb] && moves[pb]) printf "%s %.4f\n", pb, 100 * used[pb] / (bb + ib * moves[pb])
      if (timed[pw] && moves[pw]) printf "%s %.4f\n", pw, 100 * used[pw] / (bw + iw * moves[pw])
    }' "$1" | LC_ALL=C sort -k1,1 -k2,2n | LC_ALL=C awk '
    function show() { if (n) printf "  %s: %.1f%% of its clock used (median game; %.1f-%.1f%%)\n", who, v[int((n + 1) / 2)], v[1], v[n] }
    $1 != who { show(); who = $1; n = 0 }
    { v[++n] = $2 }
    END { show() }'
}

# seconds_per_game GGF NAME: the mean time NAME took a game.
seconds_per_game() {
  phase_times "$1" | awk -v who="$2:" '$1 == who { print $2 }'
}

parity_engine="name=parity cmd=$parity"
for pairing in $(echo "$pairings" | tr ',' ' '); do
  case "$pairing" in
    edax)
      need_opponents
      run edax --engine $parity_engine tc="$tc" \
        --engine name=edax cmd="$edax" arg=-gtp arg=-n arg=1 arg=-book-usage arg=off proto=gtp tc="$tc" ;;
    egaroucid)
      need_opponents
      level="${EGAROUCID_LEVEL:-12}"
      rm -f "$out/egaroucid-calibration.ggf"
      "$match" --engine $parity_engine tc="$tc" \
        --engine name=egaroucid cmd="$egaroucid" arg=-l arg="$level" arg=-n proto=gtp tc=inf \
        --openings "$openings" --games 2 --ggf "$out/egaroucid-calibration.ggf" >/dev/null
      seconds=$(seconds_per_game "$out/egaroucid-calibration.ggf" egaroucid)
      echo "egaroucid level $level takes $seconds s a game (2 calibration games): Parity gets tc=$seconds"
      run egaroucid --engine $parity_engine tc="$seconds" \
        --engine name=egaroucid cmd="$egaroucid" arg=-l arg="$level" arg=-n proto=gtp tc=inf ;;
    grhino)
      [ -x "$grhino" ] || { echo "strength: no $grhino (apt-get install grhino)" >&2; exit 2; }
      run grhino --engine $parity_engine tc="$tc" \
        --engine name=grhino cmd="$grhino" arg=-l arg="${GRHINO_LEVEL:-5}" proto=gtp tc=inf ;;
    depth)
      need_opponents
      depth="${DEPTH:-10}"
      run depth --engine name=parity-level"$depth" cmd="$parity" option.Level="$depth" option.OwnBook=false tc=inf \
        --engine name=edax-level"$depth" cmd="$edax" arg=-gtp arg=-n arg=1 arg=-book-usage arg=off arg=-l \
        arg="$depth" proto=gtp tc=inf ;;
    egaroucid-depth)
      need_opponents
      depth="${DEPTH:-10}"
      run egaroucid-depth"$depth" --engine name=parity-level"$depth" cmd="$parity" option.Level="$depth" option.OwnBook=false tc=inf \
        --engine name=egaroucid-level"$depth" cmd="$egaroucid" arg=-l arg="$depth" arg=-n proto=gtp tc=inf ;;
    self)
      [ -n "${BASELINE:-}" ] || { echo "strength: the self pairing needs BASELINE=<other parity program>" >&2; exit 2; }
      run self --engine $parity_engine tc="$tc" --engine name=baseline cmd="$BASELINE" tc="$tc" ;;
    threads)
      CONCURRENCY=1 run threads --engine name=parity-threads2 cmd="$parity" option.Threads=2 tc="$tc" \
        --engine name=parity-threads1 cmd="$parity" option.Threads=1 tc="$tc" ;;
    *) echo "strength: unknown pairing '$pairing'" >&2; exit 2 ;;
  esac
done
echo "games and summaries in $out"
