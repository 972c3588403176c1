#!/usr/bin/env bash
# The README's Rust example, from its own words: builds a new crate from the two blocks marked
# `<!-- fresh-crate: FILE -->` (its Cargo.toml and src/lib.rs), with the dependency pointed at this checkout, and
# runs its tests: rand's shuffle must pass `assert_fair` and the naive swap must fail it. The book's page
# (docs/src/guides/rust.md) shows the same two blocks, marked the same way, and they must be equal.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cargo new --quiet --lib "$tmp/mygame"
python3 - "$root/README.md" "$root/docs/src/guides/rust.md" "$tmp/mygame" "$root" <<'PY'
import re, sys
readme, book, crate, root = sys.argv[1:]
def marked(path):
    text = open(path, encoding="utf-8").read()
    blocks = dict(re.findall(r"<!-- fresh-crate: (\S+) -->\n```\w*\n(.*?)```", text, re.S))
    assert set(blocks) == {"Cargo.toml", "src/lib.rs"}, (path, sorted(blocks))
    return blocks
blocks = marked(readme)
for name, block in marked(book).items():
    assert block == blocks[name], f"{book}: the block marked fresh-crate: {name} differs from the README's"
manifest = open(f"{crate}/Cargo.toml", encoding="utf-8").read().split("[dependencies]")[0]
extra = blocks["Cargo.toml"].replace('path = "../shuffle-audit/crates/shuffle-audit"', f'path = "{root}/crates/shuffle-audit"')
assert extra != blocks["Cargo.toml"], "the README's dependency line changed"
open(f"{crate}/Cargo.toml", "w", encoding="utf-8").write(manifest + extra)
open(f"{crate}/src/lib.rs", "w", encoding="utf-8").write(blocks["src/lib.rs"])
PY
cd "$tmp/mygame"
# The workspace's versions of every dependency (cargo leaves out those the new crate does not use), and the
# workspace's target folder with its test profile (optimised): the library `cargo test` has compiled is not
# compiled again, and the new crate is tested against the same code. (A new user's first build compiles it once.)
cp "$root/Cargo.lock" .
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}" CARGO_PROFILE_TEST_OPT_LEVEL=3 \
    cargo test --quiet 2>&1 | tee "$tmp/out.txt"
grep -q "test result: ok. 2 passed" "$tmp/out.txt"
echo "fresh crate: rand's shuffle passes assert_fair, the naive swap fails it"
