#!/usr/bin/env bash
# How much each dieharder test reads from standard input (`-g 200`, its default options): the table of the book's
# export page ("How much a battery reads"). Each test reads a ChaCha8 stream that `export raw` writes until
# dieharder closes the pipe; the bytes are the manifest's count of what the pipe accepted (what dieharder read,
# plus at most the pipe's buffer and one of export's 1 MiB blocks), printed rounded to the MB.
#
#   scripts/dieharder-appetite.sh              every test dieharder 3.31.1 lists (about 25 minutes on 2 cores)
#   scripts/dieharder-appetite.sh 0 1 2        the tests named (`-d` numbers)
#
# The binary is $SHUFFLE_AUDIT_BIN when set, else the release binary, built first.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v dieharder > /dev/null || { echo "dieharder-appetite: dieharder not found (apt-get install dieharder)" >&2; exit 1; }
# shellcheck source=scripts/lib/binary.sh
source scripts/lib/binary.sh
tests=("$@")
if ((${#tests[@]} == 0)); then
    # Every test of `dieharder -l` but "Do Not Use" ones.
    mapfile -t tests < <(dieharder -l | awk '/-d [0-9]+/ && !/Do Not Use/ { print $2 }')
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
printf '| `-d` | test | MB read |\n|---:|---|---:|\n'
for d in "${tests[@]}"; do
    name="$(dieharder -l | awk -F '\t' -v d="$d" '$1 ~ "-d " d " *$" { gsub(/^ +| +$/, "", $2); print $2 }')"
    "$bin" export raw --rng chacha8 --seed 1 --manifest "$tmp/manifest.json" 2> /dev/null |
        dieharder -g 200 -d "$d" > "$tmp/out.txt" 2>&1
    bytes="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["files"][0]["bytes"])' "$tmp/manifest.json")"
    printf '| %s | %s | %s |\n' "$d" "$name" "$(python3 -c "print(f'{$bytes / 1e6:,.0f}')")"
done
