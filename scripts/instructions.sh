#!/usr/bin/env bash
# Instructions per deck (valgrind's callgrind), the stable figure beside bench.sh's times: a count does not move
# with the machine's load. Each figure is the difference between two runs of the same command, of D1 and D2
# decks, divided by D2 − D1, so that the fixed costs (start, evaluation, reports) cancel. The audited runs are
# both past the duplicate-deck window (the first 2^20 decks, which that test keeps: a long run's decks cost
# what these do; a deck inside the window costs about 700 instructions more, for packing it).
#
# Paths: avx2 and portable (valgrind does not run AVX-512 instructions, so the avx512 path has no count).
#
# Usage: scripts/instructions.sh   (about ten minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
cargo build --release --quiet --example bare_shuffles
cargo build --release --quiet --bin shuffle-audit
BIN=${CARGO_TARGET_DIR:-target}/release/shuffle-audit
BARE=${CARGO_TARGET_DIR:-target}/release/examples/bare_shuffles
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Instructions a program run executes.
count() {
  valgrind --tool=callgrind --callgrind-out-file="$TMP/cg" "$@" >/dev/null 2>"$TMP/err" || {
    cat "$TMP/err" >&2
    exit 1
  }
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$TMP/err"
}

# Per deck: (count at D2 − count at D1) / (D2 − D1); the command takes the deck count where "{}" stands.
per_deck() { # D1 D2 command...
  local d1=$1 d2=$2; shift 2
  local a b
  a=$(count "${@//\{\}/$d1}")
  b=$(count "${@//\{\}/$d2}")
  echo "($b - $a) / ($d2 - $d1)" | bc -l
}

printf '%-44s %10s\n' "52 cards, one thread" "per deck"
for loop in rand-slice-shuffle/chacha8 rand-slice-shuffle+histogram/chacha8 fisher-yates/chacha8 fisher-yates/msvc; do
  printf '%-44s %10.0f\n' "bare $loop" "$(per_deck 100000 300000 "$BARE" count "$loop" '{}')"
done
for isa in avx2 portable; do
  for config in "default battery, chacha8|--rng chacha8" "default battery, msvc|--rng msvc" \
    "position-card only, chacha8|--rng chacha8 --tests position"; do
    # shellcheck disable=SC2086
    printf '%-44s %10.0f\n' "$isa, ${config%%|*}" \
      "$(per_deck 1200000 1400000 "$BIN" run -a fisher-yates ${config#*|} --deck 52 --threads 1 --seed 1 --isa "$isa" \
        --shuffles '{}' --out "$TMP/run")"
  done
done
# A 6-deck shoe against rand's bare shuffle of its 312 cards.
printf '%-44s %10.0f\n' "bare rand-slice-shuffle/chacha8, 312 cards" "$(per_deck 20000 60000 "$BARE" count rand-slice-shuffle/chacha8 '{}' 312)"
printf '%-44s %10.0f\n' "avx2, 6×52 shoe, default battery (the shoe's)" \
  "$(per_deck 20000 60000 "$BIN" run -a fisher-yates --deck 52 --copies 6 --threads 1 --seed 1 \
    --isa avx2 --shuffles '{}' --out "$TMP/run")"
