#!/usr/bin/env python3
"""Checks that the code's imports point one way.

The layers, from the top: the binary (`main`, `cli`, `commands`), then `report`, `audit`, `game`, `stats`,
`shuffle` and `rng`, and at the bottom `cards`, `error` and `names`. A module may use modules of its own layer or
below, never one above; and no two modules import each other: for every pair of sibling modules (two files of one
folder, or two folders), at most one uses the other. So no command imports another command, and no statistic
imports the battery that holds it.

Every `crate::…`, `$crate::…`, `shuffle_audit::…` and `super::…` path outside the unit tests (`#[cfg(test)]`
modules) counts as a use. Exit status 0 when the layering holds, 1 with one line per violation otherwise.

    scripts/check-architecture.py [SRC_DIR]
"""

import os
import re
import sys

LAYERS = {
    "cards": 0,
    "error": 0,
    "names": 0,
    "rng": 1,
    "shuffle": 1,
    "stats": 2,
    "game": 3,
    "audit": 4,
    "report": 5,
    "api": 6,
    "cli": 6,
    "commands": 6,
    "main": 7,
    "lib": 7,
}

PATH = re.compile(r"(?<![\w:])(\$crate|crate|shuffle_audit|super(?:::super)*)::((?:[a-z_][a-z0-9_]*::)*[A-Za-z_][A-Za-z0-9_]*)")
GROUP = re.compile(r"(?<![\w:])(\$crate|crate|shuffle_audit)::\{([^}]*)\}", re.S)


def module_of(src, path):
    """The module path of a source file: src/audit/runner.rs -> ('audit', 'runner'); src/audit/mod.rs -> ('audit',)."""
    rel = os.path.relpath(path, src)[: -len(".rs")].split(os.sep)
    if rel[-1] == "mod":
        rel = rel[:-1]
    return tuple(rel)


def strip(text):
    """The code without comments, string contents and unit-test modules."""
    cut = re.search(r"^#\[cfg\(test\)\]\s*\n\s*(pub(\(crate\))?\s+)?mod\s+\w+\s*\{", text, re.M)
    if cut:
        text = text[: cut.start()]
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(\\.|[^"\\])*"', '""', text)
    return text


def resolve(known, here, root, rest):
    """The known module a path names (the longest known prefix), or None."""
    if root in ("crate", "$crate", "shuffle_audit"):
        base = ()
    else:
        # `super` is the module's parent, whether the module is a file or a folder's mod.rs.
        base = here[: len(here) - root.count("super")]
    parts = base + tuple(rest.split("::"))
    for k in range(len(parts), 0, -1):
        if parts[:k] in known:
            return parts[:k]
    return None


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "src")
    files = {}
    for dirpath, _, names in os.walk(src):
        for name in names:
            if name.endswith(".rs"):
                path = os.path.join(dirpath, name)
                files[module_of(src, path)] = path
    # Modules that exist only for the unit tests (`#[cfg(test)] mod testing;`) are test code too.
    test_only = set()
    for here, path in files.items():
        for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", open(path, encoding="utf-8").read()):
            test_only.add(here + (m.group(1),))
    for m in list(test_only):
        files.pop(m, None)
    known = set(files)
    edges = set()
    for here, path in files.items():
        text = strip(open(path, encoding="utf-8").read())
        found = [(m.group(1), m.group(2)) for m in PATH.finditer(text)]
        for g in GROUP.finditer(text):
            for item in re.split(r"[,\s]+", g.group(2)):
                if item and item[0].islower():
                    found.append((g.group(1), item.split("::{")[0].strip(":")))
        for root, rest in found:
            target = resolve(known, here, root, rest)
            if target and target != here:
                edges.add((here, target))
    problems = []
    for a, b in sorted(edges):
        top_a, top_b = a[0], b[0]
        if top_a in ("main", "lib") or top_a not in LAYERS or top_b not in LAYERS:
            continue
        if LAYERS[top_b] > LAYERS[top_a]:
            problems.append(f"{'::'.join(a)} uses {'::'.join(b)}: {top_b} is above {top_a} in the layering")
    siblings = {}
    for a, b in edges:
        k = 0
        while k < min(len(a), len(b)) and a[k] == b[k]:
            k += 1
        if k == len(a) or k == len(b):
            continue  # a parent and its child
        pa, pb = a[: k + 1], b[: k + 1]
        siblings.setdefault((pa, pb), (a, b))
    for (pa, pb), (a, b) in sorted(siblings.items()):
        if pa < pb and (pb, pa) in siblings:
            back = siblings[(pb, pa)]
            problems.append(
                f"{'::'.join(pa)} and {'::'.join(pb)} import each other "
                f"({'::'.join(a)} uses {'::'.join(b)}; {'::'.join(back[0])} uses {'::'.join(back[1])})"
            )
    for p in problems:
        print(p)
    if problems:
        print(f"architecture check: {len(problems)} violation(s)", file=sys.stderr)
        return 1
    print(f"architecture check: {len(files)} modules, {len(edges)} imports, the layering holds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
