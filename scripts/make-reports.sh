#!/usr/bin/env bash
# Regenerates the reference reports, all with fixed seeds: the output of `compare`, two swap sweeps and the
# teaching page. run.json is written without timings (--no-timings) and the teaching page has no seed of its own,
# so every file depends only on the inputs and the build: two runs give the same bytes.
#
# Only the pages that the README links to are kept in git (the KEPT list below, about 2.4 MB, at most 3 MB); the full gallery
# (every row of `compare`, its page in English and Chinese, the sweeps, the teaching pages) is regenerated on
# demand into reports/gallery/, which git ignores.
#
#   scripts/make-reports.sh            regenerate the kept pages in reports/ in place
#   scripts/make-reports.sh --gallery  regenerate everything into reports/gallery/ (not tracked)
#   scripts/make-reports.sh --check    regenerate the kept pages into a temporary folder and fail if one differs
#                                      byte for byte, is missing, or if git tracks a file under reports/ that
#                                      is not one of them, or if they weigh more than 3 MB
#   scripts/make-reports.sh --weigh DIR  fail if the kept pages under DIR weigh more than 3 MB (what --check does
#                                      with its fresh pages)
#
# SHUFFLE_AUDIT_BIN names an already built binary (CI reuses the test build, which is optimised and gives the
# same bytes); otherwise a release binary is built.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-}"
case "$mode" in
    "" | --gallery | --check) ;;
    --weigh) [[ $# -eq 2 && -d "$2" ]] || { echo "usage: scripts/make-reports.sh --weigh DIR" >&2; exit 2; } ;;
    *)
        echo "usage: scripts/make-reports.sh [--gallery | --check | --weigh DIR]" >&2
        exit 2
        ;;
esac

# The tracked pages, relative to reports/: a folder stands for every file that its command writes into it.
KEPT=(
    teach.html
    teach.zh.html
    compare/summary.md
    compare/summary.csv
    compare/heatmaps.svg
    compare/run-naive-swap-chacha8-52
    compare/run-fisher-yates-msvc-52
    compare/run-wash-chacha8-54-swaps54
    sweeps
)

# The kept pages' weight in bytes, at most: the repository stays light to clone, and a picture that grows with
# its matrix (a path a cell on a 312-card shoe was 1.3 MB) is caught here.
MAX_BYTES=3000000

# files DIR: every file that KEPT names under DIR, one path relative to DIR a line, sorted.
files() {
    local entry
    for entry in "${KEPT[@]}"; do
        if [[ -d "$1/$entry" ]]; then
            (cd "$1" && find "$entry" -type f)
        elif [[ -e "$1/$entry" ]]; then
            echo "$entry"
        fi
    done | LC_ALL=C sort
}

# weigh DIR: fails, naming the three heaviest files, when the kept files under DIR weigh more than MAX_BYTES.
weigh() {
    local total
    total="$(files "$1" | (cd "$1" && tr '\n' '\0' | xargs -0 -r cat) | wc -c)"
    if (( total > MAX_BYTES )); then
        echo "the kept pages weigh $total bytes, more than $MAX_BYTES; the heaviest:" >&2
        files "$1" | (cd "$1" && tr '\n' '\0' | xargs -0 -r wc -c) | grep -v ' total$' | sort -rn | head -n 3 >&2
        return 1
    fi
    echo "the kept pages weigh $total bytes (at most $MAX_BYTES)"
}

if [[ "$mode" == --weigh ]]; then
    weigh "$2"
    exit
fi

seed=20261130
bin="${SHUFFLE_AUDIT_BIN:-}"
if [[ -z "$bin" ]]; then
    cargo build --release --quiet
    bin="${CARGO_TARGET_DIR:-target}/release/shuffle-audit"
fi
[[ -x "$bin" ]] || { echo "make-reports: $bin is not an executable" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

reproduce_failed() {
    echo "make-reports: \`$bin compare\` did not reproduce every finding (see above)" >&2
    exit 1
}

# record_compare DIR: when MAKE_REPORTS_OUTPUTS names a file, writes there (as JSON, for make-readme.sh's
# MAKE_README_OUTPUTS) what the README's `shuffle-audit compare` prints, taken from the run just made into DIR:
# compare's printout does not depend on --no-timings or --out but for its last line's folder (and its timings,
# which make-readme ignores), and the seed is compare's default. CI sets both, so that the 38 runs are made once.
record_compare() {
    [[ -n "${MAKE_REPORTS_OUTPUTS:-}" ]] || return 0
    "$bin" compare --help | grep -q -F "[default: $seed]" ||
        { echo "make-reports: compare's default seed is not $seed: its printout is not the README's" >&2; exit 1; }
    python3 - "$work/compare.txt" "$1" "$MAKE_REPORTS_OUTPUTS" << 'EOF_PY'
import json, sys
printed, folder, path = sys.argv[1:]
text = open(printed, encoding="utf-8").read().rstrip("\n")
last = text.rsplit("\n", 1)[-1]
assert last.endswith(f"reports in {folder}/"), f"compare's last line names no folder: {last!r}"
text = text[: len(text) - len(folder) - 1] + "target/compare/"
json.dump({"shuffle-audit compare": text}, open(path, "w", encoding="utf-8"), ensure_ascii=False)
EOF_PY
}

# generate OUT full|kept: writes compare/, sweeps/, teach.html and teach.zh.html under OUT. `kept` keeps of
# compare's output only the files of KEPT; `full` keeps all of it and adds the Chinese page as report.zh.html.
generate() {
    local out="$1" what="$2" tmp="$work/generate" entry
    rm -rf "$tmp"
    mkdir "$tmp"
    "$bin" compare --seed "$seed" --no-timings --out "$tmp/compare" 2>&1 | tee "$work/compare.txt" ||
        reproduce_failed
    record_compare "$tmp/compare"
    mkdir -p "$out"
    rm -rf "$out/compare" "$out/sweeps"
    if [[ "$what" == full ]]; then
        mv "$tmp/compare" "$out/compare"
        # The Chinese page of the same comparison; its per-run files are the same numbers, so only the page is kept.
        "$bin" compare --seed "$seed" --no-timings --lang zh --out "$tmp/compare-zh" > /dev/null || reproduce_failed
        cp "$tmp/compare-zh/report.html" "$out/compare/report.zh.html"
    else
        mkdir -p "$out/compare"
        for entry in "${KEPT[@]}"; do
            if [[ "$entry" == compare/* ]]; then
                cp -R "$tmp/$entry" "$out/$entry"
            fi
        done
    fi
    "$bin" sweep --algorithm wash --deck 54 --swaps 0..300:10 --shuffles 100000 --seed "$seed" \
        --out "$out/sweeps/wash"
    "$bin" sweep --algorithm pair-swap --deck 52 --swaps 0..300:10 --shuffles 100000 --seed "$seed" \
        --out "$out/sweeps/pair-swap"
    "$bin" teach --out "$out"
    "$bin" teach --lang zh --out "$tmp/teach-zh" > /dev/null
    mv "$tmp/teach-zh/teach.html" "$out/teach.zh.html"
}

case "$mode" in
    "")
        generate reports kept
        echo "the kept pages are regenerated in reports/ (the full gallery: scripts/make-reports.sh --gallery)"
        ;;
    --gallery)
        generate reports/gallery full
        echo "the full gallery is in reports/gallery/ (not tracked by git)"
        ;;
    --check)
        fresh="$work/fresh"
        generate "$fresh" kept > /dev/null
        files "$fresh" > "$fresh/generated.list"
        problems=0
        # Missing or differing kept files.
        while read -r f; do
            if [[ ! -f "reports/$f" ]]; then
                echo "reports/$f is missing" >&2
                problems=1
            elif ! cmp -s "reports/$f" "$fresh/$f"; then
                echo "reports/$f differs from a fresh regeneration:" >&2
                diff "reports/$f" "$fresh/$f" | head -n 20 >&2 || true
                problems=1
            fi
        done < "$fresh/generated.list"
        # Git tracks exactly the kept files: no stale one, and nothing of the gallery.
        git ls-files reports | sed 's|^reports/||' | LC_ALL=C sort > "$fresh/tracked.list"
        if ! diff "$fresh/generated.list" "$fresh/tracked.list" > "$fresh/tracked.diff"; then
            sed -n 's|^> |tracked but not a kept page: reports/|p; s|^< |kept but not tracked: reports/|p' \
                "$fresh/tracked.diff" >&2
            problems=1
        fi
        weigh "$fresh" > /dev/null || problems=1
        if ! git check-ignore -q reports/gallery/compare/report.html; then
            echo "reports/gallery/ is not ignored by git (.gitignore)" >&2
            problems=1
        fi
        if (( problems )); then
            echo "reports/ differs from a fresh regeneration (scripts/make-reports.sh rewrites it)" >&2
            exit 1
        fi
        echo "reports/ is up to date: $(wc -l < "$fresh/generated.list") kept files regenerated byte for byte, $(weigh "$fresh" | sed 's/^the kept pages //')"
        ;;
esac
