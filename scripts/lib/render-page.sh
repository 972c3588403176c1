# Sourced by scripts/browser-check.sh and scripts/lab-check.sh: one page rendered by headless Chromium, and the
# checks every rendered page must pass. The caller sets `chromium` (the browser) and `out` (the folder of the
# dumps and screenshots); browser-check's --self-test shows these checks failing on broken pages.
#
# render_page HTML NAME HEIGHT MIN_TEXT: dumps HTML's document to $out/NAME.dom.html and a 1280×HEIGHT screenshot
# to $out/NAME.png, and appends to the caller's `problems` array what is wrong: Chromium failing, a console
# message or a failed load (logged on stderr as CONSOLE lines), fewer than MIN_TEXT characters of text, or a
# screenshot as small as an empty window (about 12 kB). Sets `dom`, `png`, `text_chars` and `png_bytes`.
# Headless, without a sandbox (CI runs as root), and with nothing that reaches the network.
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync)

render_page() {
    local html="$1" name="$2" height="$3" min_text="$4" url profile log
    url="file://$(realpath "$html")"
    dom="$out/$name.dom.html"
    log="$out/$name.log"
    png="$out/$name.png"
    profile="$(mktemp -d)"
    timeout 120 "$chromium" "${flags[@]}" --user-data-dir="$profile" --enable-logging=stderr --v=0 \
        --dump-dom "$url" > "$dom" 2> "$log" || problems+=("chromium failed to load $(basename "$html")")
    rm -rf "$profile"
    profile="$(mktemp -d)"
    rm -f "$png"
    timeout 120 "$chromium" "${flags[@]}" --user-data-dir="$profile" --hide-scrollbars \
        --screenshot="$png" --window-size=1280,"$height" "$url" > /dev/null 2>> "$log" \
        || problems+=("chromium failed to take a screenshot")
    rm -rf "$profile"
    if grep -E "CONSOLE|Failed to load|ERR_FILE_NOT_FOUND|Not allowed to load" "$log" > "$out/$name.console"; then
        problems+=("console messages: $(head -n 3 "$out/$name.console" | tr '\n' ' ')")
    fi
    text_chars="$(sed -e 's/<[^>]*>//g' "$dom" | tr -d '[:space:]' | wc -c)"
    (( text_chars >= min_text )) || problems+=("blank page: $text_chars characters of text")
    png_bytes="$(stat -c %s "$png" 2> /dev/null || echo 0)"
    (( png_bytes >= 30000 )) || problems+=("blank screenshot: $png_bytes bytes")
}
