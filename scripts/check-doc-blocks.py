#!/usr/bin/env python3
"""Every block of the README and the book that shows shuffle-audit's output is generated, not pasted.

    python3 scripts/check-doc-blocks.py [PATH ...]   (default: README.md and docs/src, SUMMARY.md left out)

A block shows the tool's output when it is a ``` block with no language, `text`, `console` or `output`, and either
a line of it runs the tool (a `$ ` line with `shuffle-audit` as a command: `$ shuffle-audit run ...`,
`$ head -n 1 f && shuffle-audit crack ...`) or a line of it is what only the tool prints: a verdict line
(`PASS:`, `FAIL:`, `SUSPICIOUS:`, `BROKEN:`, `PARTIAL`, `NOT MET:`) or a Holm-adjusted p. Such a block must have,
on the line directly above it, one of:

    <!-- make-readme -->            scripts/make-readme.sh reruns its `$ ` lines with the binary (and --check,
                                    run by CI, fails when the block differs from what they print now)
    <!-- fresh-crate: output -->    scripts/fresh-crate.sh writes it from the failing test of the README's crate
    <!-- fresh-python: output -->   scripts/fresh-python.sh writes it from the Python guide's failing pytest
    <!-- pasted: REASON -->         it cannot be regenerated, and REASON (at least three words) says why

Blocks of code (```sh, ```toml, ```rust, ...) are commands and sources, not output, and are not checked.

A file named README.md may hold at most README_MAX_LINES (400) lines: the README says what the tool does, the two
commands and a short tour, and the book holds the rest.

Exits 1 naming each unmarked block and each README over its length (file and line, and its first line), 2 on a path that does not exist, else 0.
"""
import glob
import os
import re
import sys

OUTPUT_LANGS = {"", "text", "console", "output"}
README_MAX_LINES = 400
RUNS_TOOL = re.compile(r"^\$ (?:.*(?:&&|\||;|\bdo|\bthen)\s*)?shuffle-audit(?:\s|$)")
PRINTED = re.compile(r"^\s*(?:PASS:|FAIL:|SUSPICIOUS:|BROKEN:|PARTIAL\b|NOT MET:)|Holm-adjusted")
MARKS = (
    re.compile(r"^<!-- make-readme -->$"),
    re.compile(r"^<!-- fresh-(crate|python): output -->$"),
    re.compile(r"^<!-- pasted: (\S+\s+){2,}\S.*-->$"),
)


def files_of(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            out += sorted(
                f for f in glob.glob(os.path.join(p, "**", "*.md"), recursive=True) if os.path.basename(f) != "SUMMARY.md"
            )
        elif os.path.isfile(p):
            out.append(p)
        else:
            print(f"{p}: no such file or folder")
            sys.exit(2)
    return out


def blocks(lines):
    """(index of the opening fence, its language, the lines inside) for each fenced block."""
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)(```+)\s*([\w-]*)", lines[i])
        if m:
            fence = m.group(2)
            j = i + 1
            while j < len(lines) and not lines[j].lstrip().startswith(fence):
                j += 1
            yield i, m.group(3), lines[i + 1 : j]
            i = j + 1
        else:
            i += 1


def shows_output(body):
    return any(RUNS_TOOL.match(line) or PRINTED.search(line) for line in body)


def main(argv):
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if argv:
        paths = argv
    else:
        os.chdir(root)
        paths = ["README.md", "docs/src"]
    bad, long, counts = [], [], {"make-readme": 0, "fresh-crate": 0, "fresh-python": 0, "pasted": 0}
    files = files_of(paths)
    for path in files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        lines = text.split("\n")
        length = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        if os.path.basename(path) == "README.md" and length > README_MAX_LINES:
            long.append(
                f"{path}: {length} lines, more than the {README_MAX_LINES} a README may have: move the detail into "
                "the book (docs/src) and link to it"
            )
        for i, lang, body in blocks(lines):
            if lang not in OUTPUT_LANGS or not shows_output(body):
                continue
            above = lines[i - 1].strip() if i > 0 else ""
            if any(m.match(above) for m in MARKS):
                counts[above[5:].split(":")[0].split(" ")[0].strip()] += 1
                continue
            first = next((line for line in body if line.strip()), "")
            why = (
                "its pasted-marker gives no reason (at least three words)"
                if above.startswith("<!-- pasted")
                else "it is not marked"
            )
            bad.append(
                f"{path}:{i + 1}: a block showing shuffle-audit's output ({first.strip()[:60]}) is pasted: {why}; "
                "put <!-- make-readme --> directly above it (scripts/make-readme.sh reruns its `$ ` lines) or "
                "<!-- pasted: why it cannot be regenerated -->"
            )
    for line in long + bad:
        print(line)
    total = sum(counts.values())
    print(
        f"doc blocks check: {total + len(bad)} output blocks in {len(files)} files, {len(bad)} unmarked; "
        f"{counts['make-readme']} regenerated by make-readme, {counts['fresh-crate']} by fresh-crate, "
        f"{counts['fresh-python']} by fresh-python, "
        f"{counts['pasted']} pasted with a reason" + (f"; {len(long)} README(s) too long" if long else "")
    )
    return 1 if bad or long else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
