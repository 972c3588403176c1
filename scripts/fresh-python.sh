#!/usr/bin/env bash
# The Python guide's pytest example, from its own words: writes the block marked
# `<!-- fresh-python: test_shuffle.py -->` of docs/src/guides/python.md to a new folder and runs pytest on it with
# the installed package: `random.shuffle` must pass `assert_fair` and the naive swap must fail it. The assertion's
# message, as Python prints it, is the page's block marked `<!-- fresh-python: output -->`: by default (CI) the
# script fails when that block differs from what the test prints now; `--write` rewrites it.
#
#   PYTHON=venv/bin/python scripts/fresh-python.sh [--write]   (PYTHON: a Python with shuffle_audit and pytest;
#                                                               default python3)
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-check}"
case "$mode" in
check | --write) ;;
*)
    echo "usage: scripts/fresh-python.sh [--write]" >&2
    exit 2
    ;;
esac
python="${PYTHON:-python3}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$python" - docs/src/guides/python.md "$tmp" "$mode" << 'PY'
import difflib, os, re, subprocess, sys

page, tmp, mode = sys.argv[1:]
text = open(page, encoding="utf-8").read()
test = re.search(r"<!-- fresh-python: test_shuffle.py -->\n```python\n(.*?)```", text, re.S)
assert test, f"{page}: no block marked <!-- fresh-python: test_shuffle.py -->"
with open(os.path.join(tmp, "test_shuffle.py"), "w", encoding="utf-8") as f:
    f.write(test.group(1))
run = subprocess.run(
    [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_shuffle.py"],
    cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=dict(os.environ, COLUMNS="120"))
out = run.stdout.decode("utf-8")
if not re.search(r"^1 failed, 1 passed", out, re.M):
    print(out)
    sys.exit(f"fresh python: expected random.shuffle to pass and the naive swap to fail ({page})")
# pytest prints the exception's lines after `E` and an indent (deeper for a deeper frame), the first one starting
# with the exception's type; the message ends at the first line that is not one of them.
lines = out.split("\n")
first = next(
    (i for i, l in enumerate(lines) if re.match(r"E\s+AssertionError: shuffle-audit: expected PASS", l)), None)
if first is None:
    print(out)
    sys.exit(f"fresh python: no AssertionError from shuffle_audit in pytest's output ({page})")
indent = lines[first].index("AssertionError")
message = []
for l in lines[first:]:
    if not l.startswith("E") or l[1:indent].strip():
        break
    message.append(l[indent:])
message = "\n".join(message) + "\n"
pattern = re.compile(r"(<!-- fresh-python: output -->\n```text\n)(.*?)(```)", re.S)
found = pattern.search(text)
assert found, f"{page}: no block marked <!-- fresh-python: output -->"
if found.group(2) == message:
    print(f"fresh python: random.shuffle passes, the naive swap fails, and {page}'s message is the one printed")
elif mode == "--write":
    with open(page, "w", encoding="utf-8") as f:
        f.write(text[: found.start(2)] + message + text[found.end(2) :])
    print(f"fresh python: {page}'s failure message rewritten")
else:
    print("\n".join(difflib.unified_diff(found.group(2).split("\n"), message.split("\n"), page, "printed", lineterm="")))
    sys.exit(f"{page}: the block marked fresh-python: output differs from what the test prints now "
             "(scripts/fresh-python.sh --write rewrites it)")
PY
