#!/usr/bin/env bash
# The teaching page in a real browser (scripts/teach-check.js): writes teach.html in English and Chinese with
# the binary, installs playwright-core from the npm registry into the build folder if it is not there, and drives
# the system's Chromium (Debian's /usr/bin/chromium, or $CHROMIUM). Screenshots go to target/teach-check/.
#
#   scripts/teach-check.sh                  check the pages written by the release binary
#   SHUFFLE_AUDIT_BIN=path scripts/teach-check.sh   … by another binary
#   scripts/teach-check.sh --update-docs    also copy the lab's screenshot (naive swap) to docs/src/teach.png, the picture of the book's teach page
set -euo pipefail
cd "$(dirname "$0")/.."

playwright_version="1.65.1"
target="${CARGO_TARGET_DIR:-target}"
out="$target/teach-check"
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [[ -z "${SHUFFLE_AUDIT_BIN:-}" ]]; then
    cargo build --release --quiet
    SHUFFLE_AUDIT_BIN="$target/release/shuffle-audit"
fi
command -v node > /dev/null || { echo "teach-check: node not found (apt-get install nodejs npm)" >&2; exit 1; }
command -v npm > /dev/null || { echo "teach-check: npm not found (apt-get install npm)" >&2; exit 1; }
[[ -x "$chromium" ]] || { echo "teach-check: $chromium not found (apt-get install chromium)" >&2; exit 1; }

modules="$out/npm/node_modules"
if [[ "$(node -p "require('./$modules/playwright-core/package.json').version" 2> /dev/null)" != "$playwright_version" ]]; then
    mkdir -p "$out/npm"
    npm install --silent --no-audit --no-fund --no-save --prefix "$out/npm" "playwright-core@$playwright_version"
fi

"$SHUFFLE_AUDIT_BIN" teach --out "$out/en" > /dev/null
"$SHUFFLE_AUDIT_BIN" teach --lang zh --out "$out/zh" > /dev/null
CHROMIUM="$chromium" NODE_PATH="$modules" node scripts/teach-check.js "$out/en/teach.html" "$out/zh/teach.html" \
    tests/teach/position-card-cases.json "$out"
if [[ "${1:-}" == "--update-docs" ]]; then
    mkdir -p docs/src
    cp "$out/teach-lab.png" docs/src/teach.png
    echo "docs/src/teach.png updated"
fi
