#!/usr/bin/env bash
# Regenerates tests/runtimes/node/expected.txt with the real Node: Math.random's raw values, Fisher-Yates decks
# (Math.floor(Math.random() * (i + 1))) and deck.sort(() => Math.random() - 0.5) decks, each from a fresh
# `node --random_seed=S` process running tests/runtimes/node/dealer.js. tests/integration/runtimes.rs reproduces every
# line bit for bit with shuffle-audit's `v8` generator.
#
# Usage: scripts/runtime-golden-node.sh            rewrite tests/runtimes/node/expected.txt
#        scripts/runtime-golden-node.sh --check    regenerate into a temporary file and compare byte for byte:
#                                                  exit 0 if identical, 1 if it differs (with a diff), 2 if
#                                                  there is no node
# The node is $NODE, or node.
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
case "${1-}" in
    "") ;;
    --check) check=true ;;
    *)
        echo "usage: scripts/runtime-golden-node.sh [--check]" >&2
        exit 2
        ;;
esac

node=${NODE:-node}
if ! command -v "$node" > /dev/null 2>&1; then
    {
        echo "=================================================================="
        echo "runtime-golden-node.sh: NO NODE ('$node' not found): cannot rebuild"
        echo "tests/runtimes/node/expected.txt. Install Node.js or set NODE."
        echo "=================================================================="
    } >&2
    exit 2
fi

dealer=tests/runtimes/node/dealer.js
golden=tests/runtimes/node/expected.txt
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
    echo "# Math.random of node --random_seed=S, written by scripts/runtime-golden-node.sh."
    echo "# Each group of lines with the same seed and kind is one fresh process of tests/runtimes/node/dealer.js:"
    echo "# 'S raw K BITS' (the K-th value's IEEE 754 bits), 'S fisher-yates N ids' and 'S sort-random-comparator N"
    echo "# ids' (decks dealt in order from one generator). Seed 0 is absent: it is node's 'no seed'."
    # 1 and 42, the largest positive int, two negative ones (node's int), and one more.
    for seed in 1 42 2147483647 -1 -2147483648 123456789; do
        # 300 values: the cache is refilled every 64, so these cross four refills.
        "$node" --random_seed="$seed" "$dealer" raw 300
        # 1 + 9 + 51 + 53 + 51 + 51 draws: decks that straddle the refills.
        "$node" --random_seed="$seed" "$dealer" fisher-yates 2 10 52 54 52 52
        "$node" --random_seed="$seed" "$dealer" sort-random-comparator 10 52 100
    done
} > "$tmp"

if ! $check; then
    cp "$tmp" "$golden"
    echo "wrote $golden ($(wc -l < "$golden") lines)"
    exit 0
fi
if ! cmp -s "$tmp" "$golden"; then
    {
        echo "=================================================================="
        echo "runtime-golden-node.sh: $golden DIFFERS from what $("$node" --version) prints:"
        diff "$golden" "$tmp" | head -40 || true
        echo "=================================================================="
    } >&2
    exit 1
fi
echo "$golden: identical to what $("$node" --version) prints ($(wc -l < "$golden") lines)"
