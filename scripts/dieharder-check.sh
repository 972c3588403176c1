#!/usr/bin/env bash
# Feeds what `export` writes to a real battery, dieharder (Debian's package, `-g 200`: raw 32-bit words on standard
# input), and checks each case's outcome: ChaCha20's raw output passes; MSVC's rand() written as raw 32-bit words
# (15 valid bits in 32) fails, for the wrong reason the packing avoids; packed MSVC output gets the figures the
# README shows; the Lehmer bits of Fisher-Yates/ChaCha20 decks pass and those of naive-swap decks fail.
#
#   scripts/dieharder-check.sh          every case (about 40 s on 2 cores)
#
# dieharder reads what it needs and closes the pipe: `export` then ends quietly (exit 0), which is checked too.
# The binary is $SHUFFLE_AUDIT_BIN when set, else the release binary, built first. Every stream has a fixed seed
# and dieharder's tests of a given input are deterministic, so each outcome below is the same on every run.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v dieharder > /dev/null || { echo "dieharder-check: dieharder not found (apt-get install dieharder)" >&2; exit 1; }
# shellcheck source=scripts/lib/binary.sh
source scripts/lib/binary.sh
out="${CARGO_TARGET_DIR:-target}/dieharder-check"
mkdir -p "$out"

failures=0
# case NAME EXPECT TESTS -- EXPORT-ARGS...: runs each dieharder test (-d T) on the stream `export EXPORT-ARGS`
# writes, and checks the outcome: EXPECT is `pass` (no test FAILED) or `fail` (at least one FAILED).
case_() {
    local name="$1" expect="$2" tests="$3"
    shift 4
    local d failed=0 lines=()
    for d in $tests; do
        local log="$out/$name.d$d.txt" status
        set +e
        "$bin" export "$@" 2> "$out/$name.d$d.stderr" | dieharder -g 200 -d "$d" > "$log" 2>&1
        local codes=("${PIPESTATUS[@]}")
        set -e
        if [[ "${codes[0]}" != 0 ]]; then
            echo "dieharder-check: $name: export exited ${codes[0]} when dieharder closed the pipe:" >&2
            cat "$out/$name.d$d.stderr" >&2
            failures=$((failures + 1))
        fi
        # The result lines: `   diehard_birthdays|   0|       100|     100|0.63011816|  PASSED  `.
        while IFS= read -r line; do
            lines+=("$line")
            [[ "$line" == *FAILED* ]] && failed=$((failed + 1))
        done < <(grep -E '\|\s*(PASSED|WEAK|FAILED)\s*$' "$log" || true)
        grep -qE '\|\s*(PASSED|WEAK|FAILED)\s*$' "$log" || {
            echo "dieharder-check: $name: dieharder -d $d printed no result:" >&2
            cat "$log" >&2
            failures=$((failures + 1))
        }
    done
    local outcome="pass"
    ((failed == 0)) || outcome="fail"
    printf '%s: export %s | dieharder -g 200 -d %s: %s (%d of %d results FAILED)\n' "$name" "$*" "${tests// /,}" \
        "$outcome" "$failed" "${#lines[@]}"
    printf '    %s\n' "${lines[@]}"
    if [[ "$outcome" != "$expect" ]]; then
        echo "dieharder-check: $name: expected $expect, got $outcome" >&2
        failures=$((failures + 1))
    fi
}

case_ chacha20-raw pass "0 15 100" -- raw --rng chacha20 --seed 1
case_ msvc-raw32 fail "100" -- raw --rng msvc --seed 1 --words raw32
# Packed MSVC passes these four and fails DAB's byte distribution as too even (p = 1.00000000): the README's figures.
case_ msvc-packed pass "0 3 15 100" -- raw --rng msvc --seed 1
case_ msvc-packed-bytes fail "205" -- raw --rng msvc --seed 1
case_ fisher-yates-bits pass "0 100" -- bits -a fisher-yates --rng chacha20 --seed 1 --shuffles 1e9
case_ naive-swap-bits fail "100" -- bits -a naive-swap --rng chacha20 --seed 1 --shuffles 1e9

if ((failures)); then
    echo "dieharder-check: $failures problem(s)" >&2
    exit 1
fi
echo "dieharder-check: every case as expected"
