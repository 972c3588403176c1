# Sourced by the scripts that run the tool (dieharder-check.sh, dieharder-appetite.sh, make-readme.sh): sets `bin`
# to the binary they run, $SHUFFLE_AUDIT_BIN when set (CI passes the test build's), else the release binary, built
# first. Run from the repository's root.
if [[ -n "${SHUFFLE_AUDIT_BIN:-}" ]]; then
    bin="$(realpath "$SHUFFLE_AUDIT_BIN")"
else
    cargo build --release --quiet
    bin="$(realpath "${CARGO_TARGET_DIR:-target}/release/shuffle-audit")"
fi
