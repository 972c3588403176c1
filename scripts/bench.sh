#!/usr/bin/env bash
# Throughput figures for the book's Performance page, measured side by side in one run (several minutes).
#
# First, 52 cards on each kernel path this processor has (avx512, avx2, portable: `--isa`, and SHUFFLE_AUDIT_ISA
# for the bare loops), in rounds that alternate every figure (BENCH_ROUNDS, default 3): audited shuffles/s per
# core (run --threads 1: the default battery with chacha8 and msvc, `--draw batched`, position-card only), the
# 2-thread speed-up, and three peers measured in the same round: rand's bare SliceRandom::shuffle with ChaCha8,
# the same shuffle with one position-by-card histogram (the harness a user would write instead,
# examples/bare_shuffles.rs), and NumPy (argsort of uniform floats and bincount, scripts/numpy_harness.py, in a
# virtual environment this script makes). Each ratio is taken within a round; the table gives the median of the
# rounds and their range. Then audited against bare for deck sizes from 2 to 1024 on each path; shoes; then the
# wall time of progressive mode to detect the msvc modulo bias of fisher-yates, the cost of checkpoints, the time
# to merge 1000 state files and the seed search's times.
#
# Usage: scripts/bench.sh [SHUFFLES]   (default 2e7 per audited run of 52 cards)
#        BENCH_ONLY=paths|sizes|shoes|export|logs|stream scripts/bench.sh [SHUFFLES]   (only that part)
#        BENCH_ROUNDS=5 scripts/bench.sh   (more rounds of the paths part)
# The export part: export raw in GB/s (chacha8 raw, msvc packed; target 1 GB/s for chacha8), and export bits of
# fisher-yates/chacha8 52 cards in decks/s against run's audited rate on one thread (target: at least half).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-20000000}
ONLY=${BENCH_ONLY:-}
ROUNDS=${BENCH_ROUNDS:-3}
# Two builds: an example brings in the dev-dependencies, whose features would change the binary's code; the
# binary measured must be the one `cargo run --release` builds.
cargo build --release --quiet --example bare_shuffles
cargo build --release --quiet --bin shuffle-audit
BIN=${CARGO_TARGET_DIR:-target}/release/shuffle-audit
BARE=${CARGO_TARGET_DIR:-target}/release/examples/bare_shuffles
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# The middle of three figures.
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }

# Audited throughput (shuffles_per_second from run.json) for one configuration.
audited() { # threads, then run flags
  local t=$1; shift
  "$BIN" run "$@" --shuffles "$N" --threads "$t" --out "$TMP/run" >/dev/null 2>&1 || true
  python3 -c 'import json,sys; print(round(json.load(open(sys.argv[1]))["shuffles_per_second"]))' "$TMP/run/run.json"
}

# The paths this processor runs, fastest first (a path it lacks is refused by --isa: named, not measured).
PATHS=()
for isa in avx512 avx2 portable; do
  if "$BIN" run --algorithm fisher-yates --shuffles 10 --isa "$isa" --out "$TMP/probe" >/dev/null 2>&1; then
    PATHS+=("$isa")
  else
    echo "path $isa: not measured (this processor lacks its instructions)"
  fi
done

# NumPy in a virtual environment of its own (made once, beside the build); without it the NumPy column is
# missing, and the script says so loudly rather than leaving it out in silence.
VENV=${BENCH_VENV:-${CARGO_TARGET_DIR:-target}/bench-venv}
NUMPY=""
if [[ -z "$ONLY" || "$ONLY" == paths ]]; then
  if [[ -x "$VENV/bin/python" ]] && "$VENV/bin/python" -c 'import numpy' 2>/dev/null; then
    NUMPY="$VENV/bin/python"
  elif python3 -m venv "$VENV" >"$TMP/venv.log" 2>&1 && "$VENV/bin/pip" install --quiet numpy >>"$TMP/venv.log" 2>&1; then
    NUMPY="$VENV/bin/python"
  else
    echo "########################################################################################" >&2
    echo "# NUMPY NOT MEASURED: could not make a virtual environment with numpy in $VENV:" >&2
    sed 's/^/#   /' "$TMP/venv.log" | tail -5 >&2
    echo "########################################################################################" >&2
  fi
fi

if [[ -z "$ONLY" || "$ONLY" == paths ]]; then
  # Every figure as "round|path|name value" lines, in the order measured: each round measures every figure of
  # every path once, so that a slow spell of the machine falls on all of them alike.
  : > "$TMP/figures"
  for round in $(seq 1 "$ROUNDS"); do
    for isa in "${PATHS[@]}"; do
      while read -r name r; do
        echo "$round|$isa|bare $name $r" >> "$TMP/figures"
      done < <(SHUFFLE_AUDIT_ISA=$isa "$BARE" 1.5)
      if [[ -n "$NUMPY" ]]; then
        echo "$round|$isa|$("$NUMPY" scripts/numpy_harness.py 1.5)" >> "$TMP/figures"
      fi
      for config in "chacha8|fisher-yates --rng chacha8" "msvc|fisher-yates --rng msvc" \
        "batched|fisher-yates --draw batched --rng chacha8" "position|fisher-yates --rng chacha8 --tests position"; do
        # shellcheck disable=SC2086
        echo "$round|$isa|audited-${config%%|*} $(audited 1 --deck 52 --algorithm ${config#*|} --isa "$isa")" >> "$TMP/figures"
      done
      echo "$round|$isa|audited-2threads $(audited 2 --deck 52 --algorithm fisher-yates --rng chacha8 --isa "$isa")" >> "$TMP/figures"
    done
  done
  python3 - "$TMP/figures" "$ROUNDS" "${PATHS[@]}" <<'PY'
import statistics, sys
from collections import defaultdict
path_figures, rounds, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
value = defaultdict(dict)  # (path, name) -> {round: rate}
for line in open(path_figures):
    key, rate = line.rsplit(" ", 1)
    r, path, name = key.split("|", 2)
    value[(path, name)][int(r)] = float(rate)
def within(path, name, peer):
    """The ratio name/peer of each round, where both were measured."""
    a, b = value.get((path, name), {}), value.get((path, peer), {})
    return [a[r] / b[r] for r in sorted(a) if r in b]
def fmt(xs, scale=1.0, digits=2):
    if not xs:
        return "—"
    xs = [x * scale for x in xs]
    return f"{statistics.median(xs):.{digits}f} ({min(xs):.{digits}f}–{max(xs):.{digits}f})"
rand, hist, numpy = "bare rand-slice-shuffle/chacha8", "bare rand-slice-shuffle+histogram/chacha8", "numpy-argsort+bincount"
rows = [
    ("rand bare SliceRandom::shuffle", rand), ("rand + one position-by-card histogram", hist),
    ("numpy argsort + bincount", numpy), ("bare fisher-yates/chacha8", "bare fisher-yates/chacha8"),
    ("bare fisher-yates/msvc", "bare fisher-yates/msvc"), ("bare fisher-yates-batched/chacha8", "bare fisher-yates-batched/chacha8"),
    ("audited, default, chacha8 (targets 0.55, 0.75)", "audited-chacha8"), ("audited, default, msvc (target 0.62)", "audited-msvc"),
    ("audited, --draw batched, chacha8", "audited-batched"), ("audited, position-card only (target 1.25)", "audited-position"),
    ("audited, chacha8, 2 threads", "audited-2threads"),
]
print(f"52 cards, one thread unless stated; M/s = 10^6 shuffles/s; medians of {rounds} alternated rounds (range);")
print("each ratio divides by its peer measured in the same round on the same path")
for path in paths:
    print()
    print(f"{path:48} {'M/s':>18} {'× rand bare':>18} {'× rand + histogram':>19} {'× numpy':>18}")
    for label, name in rows:
        rates = list(value.get((path, name), {}).values())
        print(f"{label:48} {fmt(rates, 1e-6):>18} {fmt(within(path, name, rand)):>18} "
              f"{fmt(within(path, name, hist)):>19} {fmt(within(path, name, numpy)):>18}")
    print(f"{'2-thread speed-up (target 1.8)':48} {fmt(within(path, 'audited-2threads', 'audited-chacha8')):>18}")
if not any(name == numpy for (_, name) in value):
    print("\nNUMPY NOT MEASURED (no virtual environment with numpy: see the message above)")
PY
fi

if [[ -z "$ONLY" || "$ONLY" == sizes ]]; then
  # Deck sizes: fisher-yates/chacha8 audited (one thread, default battery) against rand's bare shuffle of the
  # same size, on each path; two to four seconds of shuffles per run (a shorter run is dominated by the evaluation). Target: ratio ≥ 1.0 at every size.
  echo "deck sizes: audited fisher-yates/chacha8 (one thread) against rand's bare shuffle of the same size, k/s"
  printf '%6s %12s' "cards" "rand bare"
  for isa in "${PATHS[@]}"; do printf ' %18s' "$isa audited ratio"; done
  echo
  for n in 2 4 8 16 32 52 64 65 96 128 256 416 512 1024; do
    rand=$("$BARE" 0.5 "$n" | awk '$1=="rand-slice-shuffle/chacha8"{print $2}')
    printf '%6d %12.1f' "$n" "$(echo "$rand/1000" | bc -l)"
    shuffles=$(( 60000000 / n ))
    for isa in "${PATHS[@]}"; do
      r=$(N=$shuffles audited 1 --deck "$n" --algorithm fisher-yates --rng chacha8 --isa "$isa")
      printf ' %10.1f %7.2f' "$(echo "$r/1000" | bc -l)" "$(echo "$r/$rand" | bc -l)"
    done
    echo
  done
fi
if [[ -z "$ONLY" || "$ONLY" == shoes ]]; then
  # Shoes: fisher-yates/chacha8 of a 6- and an 8-deck shoe audited (one thread) against rand's bare shuffle of
  # the same number of cards, on each path, with a shoe's default battery (no --tests: the shoe's, the tests of
  # its faces, counted by face; target: ratio ≥ 0.5). 1.5 million shoes, so that the first ones, which
  # duplicate-decks keeps whole, are a small part of the run.
  echo "shoes: audited fisher-yates/chacha8 --deck 52 --copies K (one thread, default battery) against rand's bare shuffle of K·52 cards, k/s"
  printf '%6s %12s' "decks" "rand bare"
  for isa in "${PATHS[@]}"; do printf ' %18s' "$isa audited ratio"; done
  echo
  for k in 6 8; do
    n=$((52 * k))
    rand=$("$BARE" 0.5 "$n" | awk '$1=="rand-slice-shuffle/chacha8"{print $2}')
    printf '%6d %12.1f' "$k" "$(echo "$rand/1000" | bc -l)"
    for isa in "${PATHS[@]}"; do
      r=$(N=1500000 audited 1 --deck 52 --copies "$k" --algorithm fisher-yates --rng chacha8 --isa "$isa")
      printf ' %10.1f %7.2f' "$(echo "$r/1000" | bc -l)" "$(echo "$r/$rand" | bc -l)"
    done
    echo
  done
fi
if [[ -z "$ONLY" || "$ONLY" == export ]]; then
  echo
  seconds() { local start; start=$(date +%s.%N); "$@" >/dev/null 2>&1; echo "$(date +%s.%N) - $start" | bc -l; }
  for rng in chacha8 msvc; do
    t=$(seconds "$BIN" export raw --rng "$rng" --seed 1 --bytes 4e9)
    printf 'export raw --rng %-8s (packed): %6.2f GB/s\n' "$rng" "$(echo "4/$t" | bc -l)"
  done
  t=$(seconds "$BIN" export bits -a fisher-yates --rng chacha8 --seed 1 --shuffles "$N")
  bits=$(echo "$N/$t" | bc -l)
  run1=$(audited 1 --deck 52 --algorithm fisher-yates --rng chacha8)
  printf 'export bits fisher-yates/chacha8 52 cards: %6.2f M decks/s; run (1 thread) %6.2f M/s; ratio %.2f (target 0.5)\n' \
    "$(echo "$bits/1000000" | bc -l)" "$(echo "$run1/1000000" | bc -l)" "$(echo "$bits/$run1" | bc -l)"
fi
# logs: 10^6 PokerStars hold'em hands (about 500 MB, scripts/holdem_history.py), read and tested by `logs`,
# three times; the median wall time and the peak memory (target: under 60 s on 2 cores).
if [[ -z "$ONLY" || "$ONLY" == logs ]]; then
  python3 scripts/holdem_history.py "$BIN" fisher-yates 1000000 5 "$TMP/hands.txt"
  walls=()
  for _ in 1 2 3; do
    /usr/bin/time -f '%e %M' -o "$TMP/time" "$BIN" logs "$TMP/hands.txt" --out "$TMP/logs" >/dev/null
    # A failing verdict makes time write "Command exited with non-zero status 1" first: the figures are the last line.
    read -r wall rss < <(tail -1 "$TMP/time")
    walls+=("$wall")
  done
  printf 'logs, 10^6 PokerStars hands (%s MB): %s s wall (median of 3; target 60 s), %s MB peak memory\n' \
    "$(($(stat -c %s "$TMP/hands.txt") / 1000000))" "$(median "${walls[@]}")" "$((rss / 1024))"
fi

# stream: 10^8 events of the compartment machine (3,125,000 rounds of 16 cards dealt and returned, about 480 MB,
# printed by `shuffle -a csm`), read and tested by `run --stream`, three times; the median wall time and the peak
# memory (target: under 60 s on 2 cores).
if [[ -z "$ONLY" || "$ONLY" == stream ]]; then
  "$BIN" shuffle -a csm --count 3125000 --seed 1 > "$TMP/stream.txt"
  walls=()
  for _ in 1 2 3; do
    /usr/bin/time -f '%e %M' -o "$TMP/time" "$BIN" run --stream "$TMP/stream.txt" --copies 4 --out "$TMP/stream" >/dev/null || true
    # A failing verdict makes time write "Command exited with non-zero status 1" first: the figures are the last line.
    read -r wall rss < <(tail -1 "$TMP/time")
    walls+=("$wall")
  done
  printf 'run --stream, 10^8 events (%s MB): %s s wall (median of 3; target 60 s), %s MB peak memory\n' \
    "$(($(stat -c %s "$TMP/stream.txt") / 1000000))" "$(median "${walls[@]}")" "$((rss / 1024))"
  rm -f "$TMP/stream.txt"
fi

[[ -n "$ONLY" ]] && exit 0

# A fixed seed, so that the sample size at which the bias is detected (and so the time) is reproducible.
start=$(date +%s.%N)
"$BIN" run --algorithm fisher-yates --rng msvc --deck 52 --progressive --threads 2 --seed 1 \
  --out "$TMP/progressive" > "$TMP/progressive.txt" 2>&1 || true
printf 'progressive fisher-yates/msvc, 2 threads, seed 1: %.1f s wall (target 30 s); %s\n' \
  "$(echo "$(date +%s.%N) - $start" | bc -l)" "$(grep -o 'detected at 2^[0-9]* shuffles' "$TMP/progressive.txt" || echo 'not detected')"

# A big deck's report in bounded time: 10 shuffles of 1024 cards, every report file written (target 5 s).
start=$(date +%s.%N)
"$BIN" run --algorithm fisher-yates --deck 1024 --shuffles 10 --seed 1 --out "$TMP/big" > /dev/null 2>&1 || true
printf 'run --deck 1024 --shuffles 10, reports written: %.2f s wall (target 5 s)\n' "$(echo "$(date +%s.%N) - $start" | bc -l)"

# Checkpoints: on each path, the same 2-thread run with and without a checkpoint every second, alternated three
# times; the cost is one minus the ratio of the median throughputs (target: under 2%).
# Runs of 5N shuffles (about 7 s each), so that each sees several checkpoints.
N0=$N; N=$((N * 5))
for isa in "${PATHS[@]}"; do
  with=(); without=()
  for _ in 1 2 3; do
    without+=("$(audited 2 --deck 52 --algorithm fisher-yates --rng chacha8 --seed 3 --isa "$isa")")
    with+=("$(audited 2 --deck 52 --algorithm fisher-yates --rng chacha8 --seed 3 --isa "$isa" --state-out "$TMP/c.state" --checkpoint-every 1s)")
  done
  w=$(median "${with[@]}"); wo=$(median "${without[@]}")
  printf 'checkpoint every 1s, 2 threads, %s: %.2f M/s against %.2f M/s without: cost %.1f%% (target under 2%%)\n' \
    "$isa" "$(echo "$w/1000000" | bc -l)" "$(echo "$wo/1000000" | bc -l)" "$(echo "(1-$w/$wo)*100" | bc -l)"
done
N=$N0

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

# The runtimes' searches (a 斗地主 hand of 17 cards, 2 threads), against the real-engines issue's targets: every
# 32-bit std::mt19937 seed with std::shuffle (5 min), every 31-bit .NET seed with the Next(i + 1) loop (10 min),
# ±1 hour of milliseconds for Python's random.shuffle and Java's Collections.shuffle (10 s each).
mt=$("$BIN" shuffle --algorithm library-shuffle --rng mt19937 --deck 54 --seed 3000000000 | cut -d' ' -f1-17)
net=$("$BIN" shuffle --algorithm fisher-yates --rng dotnet --deck 54 --seed 1000000000 | cut -d' ' -f1-17)
py=$("$BIN" shuffle --algorithm library-shuffle --rng python --deck 54 --seed 1796126412345 | cut -d' ' -f1-17)
java=$("$BIN" shuffle --algorithm library-shuffle --rng java --deck 54 --seed 1796126412345 | cut -d' ' -f1-17)
noon=2026-12-01T12:00:00Z
for simd in avx512 avx2 portable; do
  printf 'crack mt19937 2^32, 斗地主 seat 1, std::shuffle, %s: %.1f s wall (target 300 s)\n' "$simd" \
    "$(crack_wall --algorithm library-shuffle --rng mt19937 --game doudizhu --seat 1 --cards "$mt" --all-seeds --simd "$simd")"
  printf 'crack dotnet 2^31, 斗地主 seat 1, Next(i+1) loop, %s: %.1f s wall (target 600 s)\n' "$simd" \
    "$(crack_wall --algorithm fisher-yates --rng dotnet --game doudizhu --seat 1 --cards "$net" --all-seeds --simd "$simd")"
  printf 'crack python ±1 h of ms, 斗地主 seat 1, random.shuffle, %s: %.1f s wall (target 10 s)\n' "$simd" \
    "$(crack_wall --algorithm library-shuffle --rng python --game doudizhu --seat 1 --cards "$py" --clock unix-ms --time "$noon" --window 1h --simd "$simd")"
done
printf 'crack java ±1 h of ms, 斗地主 seat 1, Collections.shuffle: %.1f s wall (target 10 s)\n' \
  "$(crack_wall --algorithm library-shuffle --rng java --game doudizhu --seat 1 --cards "$java" --clock unix-ms --time "$noon" --window 1h)"
