#!/usr/bin/env bash
# No regression: the wall times of `compare`, the crack searches and the 1024-card runs, for two builds of the
# binary side by side (an earlier commit's and this one's), in rounds that alternate them (BENCH_ROUNDS, default
# 3), so that a slow spell of the machine falls on both alike. Prints each figure's median and range for each
# build and the ratio of the medians (after ÷ before: above 1 is slower). Run it on an idle machine.
#
# Usage: scripts/regression.sh BEFORE_BIN [AFTER_BIN]   (AFTER_BIN: this tree's release build by default)
#   e.g. git worktree add /tmp/before <commit> && (cd /tmp/before && cargo build --release) &&
#        scripts/regression.sh /tmp/before/target/release/shuffle-audit
set -euo pipefail
cd "$(dirname "$0")/.."
BEFORE=${1:?usage: scripts/regression.sh BEFORE_BIN [AFTER_BIN]}
if [[ $# -ge 2 ]]; then
  AFTER=$2
else
  cargo build --release --quiet --bin shuffle-audit
  AFTER=${CARGO_TARGET_DIR:-target}/release/shuffle-audit
fi
ROUNDS=${BENCH_ROUNDS:-3}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Seconds of wall time a command takes (its output dropped; a failing command is a figure too, said on stderr).
wall() {
  local start; start=$(date +%s.%N)
  "$@" >"$TMP/out" 2>"$TMP/err" || echo "(exit $? from: $*)" >&2
  echo "$(date +%s.%N) - $start" | bc -l
}

# The hands the searches look for, dealt by the build being measured (both deal the same).
hand=$("$AFTER" shuffle --algorithm fisher-yates --rng msvc --deck 52 --seed 1796127634 | cut -d' ' -f1-5)
ddz=$("$AFTER" shuffle --algorithm fisher-yates-forward --rng msvc --deck 54 --seed 1796127634 | cut -d' ' -f1-17)
py=$("$AFTER" shuffle --algorithm library-shuffle --rng python --deck 54 --seed 1796126412345 | cut -d' ' -f1-17)

# One figure of one build: "name seconds".
figures() { # bin
  local b=$1
  echo "compare $(wall "$b" compare --out "$TMP/compare")"
  # What each build's compare holds (a later build may have more sections): its summary line, once.
  grep -o '[0-9]* of [0-9]* findings reproduced' "$TMP/out" | sed "s|^|# $b: |" >&2 || true
  echo "crack-msvc-douniu $(wall "$b" crack --threads 2 --algorithm fisher-yates --rng msvc --game douniu --seat 1 \
    --cards "$hand" --all-seeds)"
  echo "crack-msvc-doudizhu $(wall "$b" crack --threads 2 --algorithm fisher-yates-forward --rng msvc --game doudizhu \
    --seat 1 --cards "$ddz" --all-seeds)"
  echo "crack-python-1h $(wall "$b" crack --threads 2 --algorithm library-shuffle --rng python --game doudizhu --seat 1 \
    --cards "$py" --clock unix-ms --time 2026-12-01T12:00:00Z --window 1h)"
  echo "run-1024-reports $(wall "$b" run --algorithm fisher-yates --deck 1024 --shuffles 10 --seed 1 --out "$TMP/big")"
  echo "run-1024-2e5 $(wall "$b" run --algorithm fisher-yates --deck 1024 --shuffles 2e5 --seed 1 --threads 2 \
    --out "$TMP/big")"
}

: > "$TMP/figures"
for round in $(seq 1 "$ROUNDS"); do
  for build in before after; do
    bin=$BEFORE; [[ $build == after ]] && bin=$AFTER
    while read -r name s; do echo "$build $name $s" >> "$TMP/figures"; done < <(figures "$bin" 2>>"$TMP/notes")
  done
done
python3 - "$TMP/figures" "$ROUNDS" <<'PY'
import statistics, sys
from collections import defaultdict
value = defaultdict(list)
order = []
for line in open(sys.argv[1]):
    build, name, s = line.split()
    value[(build, name)].append(float(s))
    if name not in order:
        order.append(name)
def fmt(xs):
    return f"{statistics.median(xs):.2f} ({min(xs):.2f}–{max(xs):.2f})"
print(f"wall seconds, medians of {sys.argv[2]} alternated rounds (range); ratio = after ÷ before (above 1: slower)")
print(f"{'figure':22} {'before':>22} {'after':>22} {'ratio':>7}")
for name in order:
    b, a = value[("before", name)], value[("after", name)]
    print(f"{name:22} {fmt(b):>22} {fmt(a):>22} {statistics.median(a) / statistics.median(b):>7.2f}")
PY
sort -u "$TMP/notes"
