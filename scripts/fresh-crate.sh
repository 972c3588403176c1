#!/usr/bin/env bash
# The README's "Use it from your Rust tests", from its own words: builds a new crate from the two blocks marked
# `<!-- fresh-crate: FILE -->` (its Cargo.toml and src/lib.rs), with the dependency pointed at this checkout, and
# runs its tests: rand's shuffle must pass `assert_fair` and the naive swap must fail it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cargo new --quiet --lib "$tmp/mygame"
python3 - "$root/README.md" "$tmp/mygame" "$root" <<'PY'
import re, sys
readme, crate, root = sys.argv[1:]
text = open(readme, encoding="utf-8").read()
blocks = dict(re.findall(r"<!-- fresh-crate: (\S+) -->\n```\w*\n(.*?)```", text, re.S))
assert set(blocks) == {"Cargo.toml", "src/lib.rs"}, sorted(blocks)
manifest = open(f"{crate}/Cargo.toml", encoding="utf-8").read().split("[dependencies]")[0]
extra = blocks["Cargo.toml"].replace('path = "../shuffle-audit"', f'path = "{root}"')
assert extra != blocks["Cargo.toml"], "the README's dependency line changed"
open(f"{crate}/Cargo.toml", "w", encoding="utf-8").write(manifest + extra)
open(f"{crate}/src/lib.rs", "w", encoding="utf-8").write(blocks["src/lib.rs"])
PY
cd "$tmp/mygame"
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}/fresh-crate" cargo test --quiet 2>&1 | tee "$tmp/out.txt"
grep -q "test result: ok. 2 passed" "$tmp/out.txt"
echo "fresh crate: rand's shuffle passes assert_fair, the naive swap fails it"
