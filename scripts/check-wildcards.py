#!/usr/bin/env python3
"""No catalogue entry falls through a wildcard: outside its own file, every `match` on a generator
(`RngKind`), a shuffle (`AlgorithmKind`) or a test (`TestId`) names each variant it handles, so that a new entry
makes the compiler list every place to fill instead of passing silently through `_ =>`.

    scripts/check-wildcards.py                    clippy's wildcard_enum_match_arm over the default members'
                                                  libraries and binary (their tests may use wildcards)
    scripts/check-wildcards.py --messages FILE    clippy's JSON messages read from FILE instead (the guard's tests)

Clippy names each wildcard arm that stands for enum variants and suggests the variants it stands for; an arm is
this check's when every suggested variant is one of a watched enum's (read from the enum's definition, so a new
variant is watched at once) and the arm is outside the enum's file (its home, where the catalogue's own macros
dispatch on it). Output: one line per arm, `FILE:LINE: a wildcard arm on ENUM stands for VARIANTS`. Exit status 0
when there is none, 1 when there is one, 2 on input it cannot read.
"""

import json
import os
import re
import subprocess
import sys

WORKSPACE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Each watched enum and its home: the file that defines it.
WATCHED = {
    "AlgorithmKind": "crates/shuffle-audit-core/src/shuffle/mod.rs",
    "RngKind": "crates/shuffle-audit-core/src/rng/mod.rs",
    "TestId": "crates/shuffle-audit-core/src/stats/test_id.rs",
}

LINT = "clippy::wildcard_enum_match_arm"


class CheckError(Exception):
    pass


def variants(name, home):
    """The variants of enum `name`, from its `named_enum!` definition in `home`: `Variant => "name",` lines."""
    path = os.path.join(WORKSPACE, home)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise CheckError(f"{home}: cannot read: {e}") from None
    m = re.search(r"pub enum " + name + r'\("[^"]*"\) \{(.*?)\n    \}', text, re.S)
    if m is None:
        raise CheckError(f"{home}: no `pub enum {name}(\"...\") {{ ... }}` definition")
    found = re.findall(r"^\s*([A-Z]\w*) =>", m.group(1), re.M)
    if not found:
        raise CheckError(f"{home}: enum {name} has no variant")
    return set(found)


def alternatives(suggestion):
    """`A::B | C(..) | D { .. }` -> [("A", "B"), ("", "C"), ("", "D")]: each alternative's qualifier and name."""
    out = []
    for alt in suggestion.split("|"):
        alt = re.sub(r"\s*(\(.*\)|\{.*\})\s*$", "", alt.strip())
        *path, last = alt.split("::")
        out.append(("::".join(path), last))
    return out


def watched_enum(suggestion, known):
    """The watched enum whose variants the suggestion lists, or None."""
    alts = alternatives(suggestion)
    for name, names in known.items():
        if alts and all(v in names and (not q or q == name or q.endswith("::" + name)) for q, v in alts):
            return name
    return None


def findings(messages, known):
    """One line per wildcard arm on a watched enum outside its home, from clippy's JSON messages."""
    out = set()
    for number, line in enumerate(messages, 1):
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            m = json.loads(line)
        except ValueError as e:
            raise CheckError(f"message {number}: not JSON: {e}") from None
        if m.get("reason") != "compiler-message":
            continue
        msg = m.get("message") or {}
        if (msg.get("code") or {}).get("code") != LINT:
            continue
        spans = [s for s in msg.get("spans", []) if s.get("is_primary")] or msg.get("spans", [])
        if not spans:
            continue
        span = spans[0]
        suggestions = [
            s["suggested_replacement"]
            for child in msg.get("children", [])
            for s in child.get("spans", [])
            if s.get("suggested_replacement")
        ]
        for suggestion in suggestions:
            name = watched_enum(suggestion, known)
            if name is None:
                continue
            file = os.path.relpath(os.path.join(WORKSPACE, span["file_name"]), WORKSPACE).replace(os.sep, "/")
            if file == WATCHED[name]:
                continue
            out.add((file, span["line_start"], name, suggestion))
    return [f"{f}:{l}: a wildcard arm on {n} stands for {s}" for f, l, n, s in sorted(out)]


def clippy_messages():
    cmd = [
        "cargo", "clippy", "--quiet", "--message-format=json", "--lib", "--bins", "--",
        "-A", "clippy::all", "-W", LINT,
    ]
    done = subprocess.run(cmd, cwd=WORKSPACE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise CheckError(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr[-4000:]}")
    return done.stdout.splitlines()


def main(argv):
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if argv and (argv[0] != "--messages" or len(argv) != 2):
        print("usage: scripts/check-wildcards.py [--messages FILE]", file=sys.stderr)
        return 2
    try:
        known = {name: variants(name, home) for name, home in WATCHED.items()}
        if argv:
            try:
                with open(argv[1], encoding="utf-8") as f:
                    messages = f.read().splitlines()
            except OSError as e:
                raise CheckError(f"--messages: cannot read {argv[1]}: {e}") from None
        else:
            messages = clippy_messages()
        lines = findings(messages, known)
    except CheckError as e:
        print(f"check-wildcards: {e}", file=sys.stderr)
        return 2
    for line in lines:
        print(line)
    if lines:
        print(f"check-wildcards: {len(lines)} wildcard arm(s) on the catalogues' enums", file=sys.stderr)
        return 1
    watched = ", ".join(f"{n} ({len(v)} variants)" for n, v in known.items())
    print(f"check-wildcards: no wildcard arm on {watched} outside their homes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
