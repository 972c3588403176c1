#!/usr/bin/env bash
# Throughput figures for the book's Performance page, measured side by side in one run (a few minutes):
# audited shuffles/s per core with the default battery (run --threads 1), the bare loops with no statistics,
# their ratios to rand's bare SliceRandom::shuffle with ChaCha8, the 2-thread speed-up, and the wall time of
# progressive mode to detect the msvc modulo bias of fisher-yates, the cost of checkpoints and the time to merge
# 1000 state files.
#
# Usage: scripts/bench.sh [SHUFFLES]   (default 2e7 per audited run)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-20000000}
# Two builds: an example brings in the dev-dependencies, whose features would change the binary's code; the
# binary measured must be the one `cargo run --release` builds.
cargo build --release --quiet --example bare_shuffles
cargo build --release --quiet --bin shuffle-audit
BIN=${CARGO_TARGET_DIR:-target}/release/shuffle-audit
BARE=${CARGO_TARGET_DIR:-target}/release/examples/bare_shuffles
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Audited throughput (shuffles_per_second from run.json) for one configuration.
audited() { # threads, then run flags
  local t=$1; shift
  "$BIN" run "$@" --deck 52 --shuffles "$N" --threads "$t" --out "$TMP/run" >/dev/null 2>&1 || true
  python3 -c 'import json,sys; print(round(json.load(open(sys.argv[1]))["shuffles_per_second"]))' "$TMP/run/run.json"
}

bare=$("$BARE" 1.5)
rand_rate=$(awk '$1=="rand-slice-shuffle/chacha8"{print $2}' <<<"$bare")
echo "52 cards, one thread unless stated; M = 10^6 shuffles/s; ratio = throughput / rand bare SliceRandom::shuffle+ChaCha8"
printf '%-44s %10s %8s\n' "loop" "M/s" "ratio"
row() { printf '%-44s %10.2f %8.2f\n' "$1" "$(echo "$2/1000000" | bc -l)" "$(echo "$2/$rand_rate" | bc -l)"; }
while read -r name r; do row "bare $name" "$r"; done <<<"$bare"
fy=$(audited 1 --algorithm fisher-yates --rng chacha8)
row "audited fisher-yates/chacha8 (target 1.2)" "$fy"
row "audited fisher-yates/msvc (target 1.5)" "$(audited 1 --algorithm fisher-yates --rng msvc)"
row "audited fisher-yates --draw batched/chacha8 (3)" "$(audited 1 --algorithm fisher-yates --draw batched --rng chacha8)"
fy2=$(audited 2 --algorithm fisher-yates --rng chacha8)
row "audited fisher-yates/chacha8, 2 threads" "$fy2"
printf '2-thread speed-up (target 1.8): %.2f\n' "$(echo "$fy2/$fy" | bc -l)"
# A fixed seed, so that the sample size at which the bias is detected (and so the time) is reproducible.
start=$(date +%s.%N)
"$BIN" run --algorithm fisher-yates --rng msvc --deck 52 --progressive --threads 2 --seed 1 \
  --out "$TMP/progressive" > "$TMP/progressive.txt" 2>&1 || true
printf 'progressive fisher-yates/msvc, 2 threads, seed 1: %.1f s wall (target 30 s); %s\n' \
  "$(echo "$(date +%s.%N) - $start" | bc -l)" "$(grep -o 'detected at 2^[0-9]* shuffles' "$TMP/progressive.txt" || echo 'not detected')"

# Checkpoints: the same 2-thread run with and without a checkpoint every second, alternated three times; the
# cost is one minus the ratio of the median throughputs (target: under 2%).
# Runs of 5N shuffles (about 7 s each), so that each sees several checkpoints.
with=(); without=()
N0=$N; N=$((N * 5))
for _ in 1 2 3; do
  without+=("$(audited 2 --algorithm fisher-yates --rng chacha8 --seed 3)")
  with+=("$(audited 2 --algorithm fisher-yates --rng chacha8 --seed 3 --state-out "$TMP/c.state" --checkpoint-every 1s)")
done
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
N=$N0
w=$(median "${with[@]}"); wo=$(median "${without[@]}")
printf 'checkpoint every 1s, 2 threads: %.2f M/s against %.2f M/s without: cost %.1f%% (target under 2%%)\n' \
  "$(echo "$w/1000000" | bc -l)" "$(echo "$wo/1000000" | bc -l)" "$(echo "(1-$w/$wo)*100" | bc -l)"

# Merge: the states of a 1000-shard run of 52 cards (one chunk each), then `merge` on the 1000 files
# (target: under 10 s).
mkdir -p "$TMP/states"
for i in $(seq 1 1000); do
  "$BIN" run --algorithm fisher-yates --rng chacha8 --seed 5 --shuffles $((1000 * 16384)) --threads 1 \
    --shard "$i/1000" --state-out "$TMP/states/$i.state" --out "$TMP/shard" >/dev/null 2>&1
done
start=$(date +%s.%N)
"$BIN" merge "$TMP"/states/*.state --out "$TMP/merged" >/dev/null
printf 'merge of 1000 state files (52 cards, %s MB): %.2f s wall (target under 10 s)\n' \
  "$(du -sm "$TMP/states" | cut -f1)" "$(echo "$(date +%s.%N) - $start" | bc -l)"

# crack: wall time of the whole 2^32 MSVC search (2 threads) for one 斗牛 hand (backward fisher-yates: the seat is
# dealt last), for the first 斗地主 seat (fisher-yates-forward: decided first), with each instruction set; and
# a one-day glibc window. Targets: 60 s, 15 s, 2 s (an independent C brute force: 6.3 s for the 2^32 seeds).
crack_wall() { # flags
  local start; start=$(date +%s.%N)
  "$BIN" crack --threads 2 "$@" > /dev/null 2>&1 || true
  echo "$(date +%s.%N) - $start" | bc -l
}
hand=$("$BIN" shuffle --algorithm fisher-yates --rng msvc --deck 52 --seed 1796127634 | cut -d' ' -f1-5)
ddz=$("$BIN" shuffle --algorithm fisher-yates-forward --rng msvc --deck 54 --seed 1796127634 | cut -d' ' -f1-17)
for simd in avx512 avx2 portable; do
  printf 'crack msvc 2^32, 斗牛 hand, fisher-yates, %s: %.1f s wall (target 60 s)\n' "$simd" \
    "$(crack_wall --algorithm fisher-yates --rng msvc --game douniu --seat 1 --cards "$hand" --all-seeds --simd "$simd")"
  printf 'crack msvc 2^32, 斗地主 seat 1, fisher-yates-forward, %s: %.1f s wall (target 15 s)\n' "$simd" \
    "$(crack_wall --algorithm fisher-yates-forward --rng msvc --game doudizhu --seat 1 --cards "$ddz" --all-seeds --simd "$simd")"
done
ghand=$("$BIN" shuffle --algorithm fisher-yates --rng glibc --deck 52 --seed 1796127634 | cut -d' ' -f1-5)
printf 'crack glibc one day (86,400 seeds), 斗牛 hand: %.2f s wall (target 2 s)\n' \
  "$(crack_wall --algorithm fisher-yates --rng glibc --game douniu --seat 1 --cards "$ghand" --time 2026-12-01T00:00:00Z..2026-12-01T23:59:59Z)"
