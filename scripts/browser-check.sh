#!/usr/bin/env bash
# Renders report pages in headless Chromium and fails when a page is blank, logs console errors, or misses a
# picture. Keeps a PNG screenshot of each page under target/browser-check/.
#
#   scripts/browser-check.sh              two committed reference pages, fresh Chinese `run` and `compare` pages
#   scripts/browser-check.sh PAGE.html…   the given pages
#   scripts/browser-check.sh --self-test  checks that a broken page is caught (a missing image, a console error,
#                                         a blank page), then checks the default pages
set -euo pipefail
cd "$(dirname "$0")/.."

chromium="${CHROMIUM:-/usr/bin/chromium}"
target="${CARGO_TARGET_DIR:-target}"
out="$target/browser-check"
mkdir -p "$out"
[[ -x "$chromium" ]] || { echo "browser-check: $chromium not found (apt-get install chromium)" >&2; exit 1; }

# shellcheck source=scripts/lib/render-page.sh
source scripts/lib/render-page.sh

# check PAGE NAME: prints what is wrong and returns 1, or prints a one-line summary.
check() {
    local page="$1" name="$2" dom png text_chars png_bytes problems=()
    render_page "$page" "$name" 2000 200

    # Missing pictures: every <img> must point to a file that exists, and every inline <svg> of the page must be
    # in the rendered document.
    local dir src missing=0 want got
    dir="$(dirname "$(realpath "$page")")"
    while IFS= read -r src; do
        [[ -z "$src" || "$src" == data:* ]] && continue
        if [[ "$src" == http://* || "$src" == https://* || ! -e "$dir/${src#file://}" ]]; then
            problems+=("missing image: $src")
            missing=1
        fi
    done < <(grep -o '<img[^>]*src="[^"]*"' "$dom" | sed -e 's/.*src="//' -e 's/"$//')
    want="$(grep -o '<svg' "$page" | wc -l)"
    got="$(grep -o '<svg' "$dom" | wc -l)"
    (( got == want )) || problems+=("pictures: $got of $want inline SVGs rendered")
    grep -q '<table' "$dom" || problems+=("no table")

    if (( ${#problems[@]} > 0 )); then
        printf '%s: FAILED\n' "$page" >&2
        printf '  - %s\n' "${problems[@]}" >&2
        return 1
    fi
    printf '%s: ok (%s pictures, %s characters of text, screenshot %s, %s bytes)\n' \
        "$page" "$got" "$text_chars" "$png" "$png_bytes"
}

self_test() {
    local dir="$out/self-test"
    mkdir -p "$dir"
    printf '%s\n' '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><table></table>' \
        '<p>A page that looks fine but misses an image.</p><img src="missing.png"></body></html>' > "$dir/missing.html"
    printf '%s\n' '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><table></table>' \
        '<script>console.error("boom")</script></body></html>' > "$dir/console.html"
    printf '%s\n' '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body></body></html>' > "$dir/blank.html"
    local page why
    for page in missing console blank; do
        case "$page" in
            missing) why="missing image" ;;
            console) why="console messages" ;;
            blank) why="blank page" ;;
        esac
        if check "$dir/$page.html" "self-test-$page" 2> "$dir/$page.reasons"; then
            echo "browser-check self-test: the $page page was not caught" >&2
            exit 1
        fi
        if ! grep -q "$why" "$dir/$page.reasons"; then
            echo "browser-check self-test: the $page page failed, but not for '$why':" >&2
            cat "$dir/$page.reasons" >&2
            exit 1
        fi
        echo "self-test: the $page page is caught ($why)"
    done
}

pages=()
if [[ "${1:-}" == "--self-test" ]]; then
    self_test
    shift
fi
if (( $# > 0 )); then
    pages=("$@")
else
    # Fresh pages from the current code, in Chinese: a `run` page and the `compare` page (scaled down, so its
    # findings need not reproduce and it exits 1), next to committed reference pages that git keeps.
    # SHUFFLE_AUDIT_BIN names an already built binary (CI reuses the test build); otherwise build one.
    bin="${SHUFFLE_AUDIT_BIN:-}"
    if [[ -z "$bin" ]]; then
        cargo build --release --quiet
        bin="$target/release/shuffle-audit"
    fi
    "$bin" run --algorithm wash --deck 54 --shuffles 20000 --seed 1 --lang zh \
        --out "$out/run-wash-zh" > /dev/null || true
    rm -rf "$out/compare-zh"
    "$bin" compare --scale-down 1000 --lang zh --out "$out/compare-zh" > /dev/null || [[ $? == 1 ]]
    pages=("$out/run-wash-zh/report.html" "$out/compare-zh/report.html"
           reports/compare/run-naive-swap-chacha8-52/report.html reports/sweeps/wash/report.html)
fi

status=0
for page in "${pages[@]}"; do
    name="$(realpath --relative-to=. "$page" | tr '/' '_' | sed 's/\.html$//')"
    check "$page" "$name" || status=1
done
exit "$status"
