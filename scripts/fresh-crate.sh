#!/usr/bin/env bash
# The README's Rust example, from its own words: builds a new crate from the two blocks marked
# `<!-- fresh-crate: FILE -->` (its Cargo.toml and src/lib.rs), with the dependency pointed at this checkout, and
# runs its tests: rand's shuffle must pass `assert_fair` and the naive swap must fail it. The book's page
# (docs/src/guides/rust.md) shows the same two blocks, marked the same way, and they must be equal.
#
# The page also shows the message the naive swap's test fails with when its `should_panic` is taken away: the
# block marked `<!-- fresh-crate: output -->` is that test's panic message, as the crate prints it now. By default
# (CI) the script fails when the block differs; `scripts/fresh-crate.sh --write` rewrites it.
set -euo pipefail
mode="${1:-check}"
case "$mode" in
check | --write) ;;
*)
    echo "usage: scripts/fresh-crate.sh [--write]" >&2
    exit 2
    ;;
esac
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
    blocks.pop("output", None)
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
# workspace's target folder with its test profile (optimised): the dependencies are reused, and the new crate is
# tested against the same code. The library itself is compiled again (about 4 minutes of CI's 2 cores): a path
# package outside its own workspace does not hash the same, even with the same features, which `cargo tree`
# shows it has. (A new user's first build compiles it once.)
cp "$root/Cargo.lock" .
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}" CARGO_PROFILE_TEST_OPT_LEVEL=3 \
    cargo test --quiet 2>&1 | tee "$tmp/out.txt"
grep -q "test result: ok. 2 passed" "$tmp/out.txt"
echo "fresh crate: rand's shuffle passes assert_fair, the naive swap fails it"

# The naive swap's test without its should_panic: it must fail, and its panic message is the page's block.
grep -q '#\[should_panic(expected = "expected PASS, got FAIL")\]' src/lib.rs
sed -i '/#\[should_panic(expected = "expected PASS, got FAIL")\]/d' src/lib.rs
if CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}" CARGO_PROFILE_TEST_OPT_LEVEL=3 \
    cargo test --quiet -- --exact tests::the_naive_shuffle_is_caught > "$tmp/fail.txt" 2>&1; then
    cat "$tmp/fail.txt"
    echo "fresh crate: the naive swap's test passed without its should_panic" >&2
    exit 1
fi
python3 - "$tmp/fail.txt" "$root/docs/src/guides/rust.md" "$mode" <<'PY'
import re, sys
out, page, mode = sys.argv[1:]
lines = open(out, encoding="utf-8").read().split("\n")
# The panic message: from the library's first line to the line before the blank line (or the backtrace note)
# that ends it; the `thread '...' panicked at` line above it names a thread id that changes from run to run.
start = next(i for i, l in enumerate(lines) if l.startswith("shuffle-audit: expected PASS, got FAIL"))
end = next(i for i in range(start, len(lines)) if not lines[i].strip() or lines[i].startswith("note: "))
message = "\n".join(lines[start:end]) + "\n"
text = open(page, encoding="utf-8").read()
pattern = re.compile(r"(<!-- fresh-crate: output -->\n```text\n)(.*?)(```)", re.S)
found = pattern.search(text)
assert found, f"{page}: no block marked <!-- fresh-crate: output -->"
if found.group(2) == message:
    print(f"fresh crate: {page}'s failure message is the one the test prints")
elif mode == "--write":
    open(page, "w", encoding="utf-8").write(text[: found.start(2)] + message + text[found.end(2) :])
    print(f"fresh crate: {page}'s failure message rewritten")
else:
    import difflib
    print("\n".join(difflib.unified_diff(found.group(2).split("\n"), message.split("\n"), page, "printed", lineterm="")))
    sys.exit(f"{page}: the block marked fresh-crate: output differs from what the test prints now "
             "(scripts/fresh-crate.sh --write rewrites it)")
PY
