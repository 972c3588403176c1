#!/usr/bin/env bash
# Checks the lab's evidence pack (`run --lab`) end to end: a fair shuffle in English and in Chinese and a biased one
# (naive-swap), each run with --samples 20 --lab; each lab.pdf must exist, start with %PDF and have pages
# (pdfinfo from poppler-utils when installed, else the PDF's page objects), and each lab.html must render in
# headless Chromium with text, a non-blank screenshot, no console message, and the Chinese words on the Chinese
# page. Keeps the pages, PDFs and PNG screenshots under target/lab-check/. Under 60 s with a release binary.
#
#   scripts/lab-check.sh        SHUFFLE_AUDIT_BIN names an already built binary (CI reuses the test build);
#                               otherwise one is built. CHROMIUM names the browser (default /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

chromium="${CHROMIUM:-/usr/bin/chromium}"
target="${CARGO_TARGET_DIR:-target}"
out="$target/lab-check"
rm -rf "$out"
mkdir -p "$out"
[[ -x "$chromium" ]] || { echo "lab-check: $chromium not found (apt-get install chromium)" >&2; exit 1; }
export CHROMIUM="$chromium"

bin="${SHUFFLE_AUDIT_BIN:-}"
if [[ -z "$bin" ]]; then
    cargo build --release --quiet
    bin="$target/release/shuffle-audit"
fi

# shellcheck source=scripts/lib/render-page.sh
source scripts/lib/render-page.sh

# check NAME LANG ALGORITHM EXIT: runs the lab, prints what is wrong and returns 1, or a one-line summary.
check() {
    local name="$1" lang="$2" algorithm="$3" want="$4" dir="$out/$1" problems=() status=0
    "$bin" run -a "$algorithm" --shuffles 200000 --samples 20 --seed 1 --lab --lang "$lang" --no-timings \
        --out "$dir" > "$out/$name.stdout" 2> "$out/$name.stderr" || status=$?
    [[ "$status" == "$want" ]] || problems+=("exit status $status, not $want: $(tail -n 2 "$out/$name.stderr" | tr '\n' ' ')")
    local pdf="$dir/lab.pdf" html="$dir/lab.html" pages=0
    if [[ ! -s "$pdf" ]]; then
        problems+=("no lab.pdf")
    else
        [[ "$(head -c 4 "$pdf")" == "%PDF" ]] || problems+=("lab.pdf does not start with %PDF")
        if command -v pdfinfo > /dev/null; then
            pages="$(pdfinfo "$pdf" 2> /dev/null | awk '/^Pages:/ {print $2}')"
        else
            pages="$(grep -a -c '/Type */Page[^s]' "$pdf" || true)"
        fi
        (( ${pages:-0} >= 1 )) || problems+=("lab.pdf has no page")
    fi
    [[ -s "$html" ]] || problems+=("no lab.html")

    local dom png text_chars png_bytes
    render_page "$html" "$name" 1800 2000
    grep -q 'id="not-a-certification"' "$dom" || problems+=("no 'not a certification' notice")
    grep -q '<table class="tests"' "$dom" || problems+=("no table of tests")
    grep -q '<td class="sha">[0-9a-f]\{64\}</td>' "$dom" || problems+=("no SHA-256 fingerprint")
    if [[ "$lang" == zh ]]; then
        grep -q '洗牌的统计证据' "$dom" || problems+=("no Chinese title on the Chinese page")
        grep -q '本页没有任何内容声称获得认证' "$dom" || problems+=("no Chinese notice on the Chinese page")
    else
        grep -q 'Nothing on it claims a certification' "$dom" || problems+=("no notice on the English page")
    fi

    if (( ${#problems[@]} > 0 )); then
        printf 'lab-check %s: FAILED\n' "$name" >&2
        printf '  - %s\n' "${problems[@]}" >&2
        return 1
    fi
    printf 'lab-check %s: ok (lab.pdf %s bytes, %s pages; %s characters of text; screenshot %s, %s bytes)\n' \
        "$name" "$(stat -c %s "$pdf")" "$pages" "$text_chars" "$png" "$png_bytes"
}

status=0
check fisher-yates-en en fisher-yates 0 || status=1
check fisher-yates-zh zh fisher-yates 0 || status=1
# The biased shuffle FAILs (exit status 1), and its lab files are written all the same.
check naive-swap-en en naive-swap 1 || status=1
exit "$status"
