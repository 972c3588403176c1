#!/usr/bin/env python3
"""Checks that the code's imports point one way, crate by crate.

    scripts/check-architecture.py [SRC_DIR ...]

Without an argument it checks every `src` folder of the workspace that exists: `src` (the root package) and
`crates/*/src`. Paths between crates need no check (the compiler's dependency graph orders the crates); this
checks the paths inside each crate:

- **Layers.** Every top-level module of a crate sits in a layer of that crate's table (`LAYERS` below, keyed by
  the crate's folder relative to the workspace, "." for the root package). A module may use modules of its own
  layer or below, never one above. The crate root (`lib.rs`, `main.rs`) is every module's parent and in no
  layer: what it re-exports counts as a use of the module that defines it, an item it defines itself is not
  checked. A top-level module that the table does not know is an error: a new module is placed in a layer,
  never skipped.
- **No circles.** For every pair of sibling modules (two files of one folder, two folders, or inline `mod`
  blocks), at most one uses the other, counting uses from anywhere inside each; and no longer circle of siblings
  (a uses b, b uses c, c uses a) exists: the strongly connected components of each folder's graph of sibling
  uses are single modules. So no statistic imports the battery that holds it. A parent and its own child may
  use each other.
- **Folders apart.** The modules of some folders use none of each other, even one way (`APART` below, per crate
  folder; a fixture's `apart.json` beside its `src`, a JSON list of dotted folder names, takes precedence): the
  binary's `commands/`, one file per subcommand, so that no command imports another. What two of them share is
  in their parent (`commands/mod.rs`), which each may use, or in a folder of its own under one of them.

What counts as a use: every path outside the unit tests, after a lexer-level strip of comments (line, block,
nested, doc), string literals (escapes, backslash-newline continuations, raw `r#".."#`, byte and C strings) and
char literals (told from lifetimes and labels). Paths start at `crate`, `$crate`, `self`, `super` (repeated), the
crate's own library name (a binary beside its library names it so), or a name a `use` brings into scope (in the
module or in a function body). Paths are resolved as the compiler does, through `use` and `pub use`
re-exports, groups (`use a::{b, c::D}`, `self` included) and `as` renames, to the module that defines the item:
`crate::audit::RunReport` counts as a use of `audit::result` if `audit` only re-exports it. A glob import
(`use x::*`) is a use of `x`, and each bare name it brings in is a use of the module that defines that name.
`#[macro_export]` macros are resolved to the module that defines them. Unit tests are left out by brace matching:
any item under `#[cfg(test)]` (a `mod tests { ... }` anywhere in the file, a `use`, a function), and the files of
test-only modules (`#[cfg(test)] mod testing;`).

A crate folder (the one holding `src`) may carry its own table as `layers.json`, a JSON object from top-level
module name to layer number (`{"low": 0, "high": 1}`); it takes precedence over `LAYERS` and is how the test
fixtures under `tests/architecture/` declare theirs.

Without SRC_DIR, the architecture page (docs/src/developers/architecture.md, or the file `--page PAGE` names, the
workspace's sources being checked as without it) must also name every folder of sources as `` `FOLDER/` ``: a new
folder gets a row saying what it holds.

Output: one line per violation, `FILE: uses MODULE (why)`. Exit status 0 when the layering holds, 1 on a
violation, 2 on input it cannot check (a missing folder, a Rust file it cannot read or lex, a crate without a
table, a top-level module in no layer).
"""

import json
import os
import re
import sys

# Top-level module -> layer, per crate folder (relative to the workspace root). Higher layers may use lower ones.
LAYERS = {
    # The root package's src/: the binary (its command line, one file per subcommand, progress bars, signals).
    ".": {
        "progress": 0,
        "signals": 0,
        "cli": 1,
        "commands": 2,
    },
    # The pure core: cards, generators, shuffles, statistics, games.
    "crates/shuffle-audit-core": {
        "cards": 0,
        "error": 0,
        "names": 0,
        "isa": 0,
        "rng": 1,
        "shuffle": 1,
        "stats": 2,
        "bits": 2,
        "crack": 2,
        "game": 3,
    },
    # The library a user depends on: the run model and engine (a run's exact model with it), the modes on it, the
    # reports, the exact analysis, the seed search and the teaching page (each with its own renderers), and the
    # API on top.
    "crates/shuffle-audit": {
        "audit": 4,
        "modes": 5,
        "logs": 5,
        "fair": 5,
        "streams": 5,
        "report": 6,
        "exact": 7,
        "crack": 7,
        "teach": 7,
        "export": 7,
        "lab": 7,
        "api": 8,
    },
    # The Python binding: the conversions, the two audits, and the Python module that exports them.
    "crates/shuffle-audit-python": {
        "ids": 0,
        "options": 0,
        "report": 1,
        "decks": 2,
        "function": 2,
        "module": 3,
    },
}

# Folders whose modules use none of each other, per crate folder: the subcommands of the binary.
APART = {
    ".": [("commands",)],
}

WORKSPACE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

KEYWORDS = frozenset(
    "as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod "
    "move mut pub ref return self Self static struct super trait true type union unsafe use where while".split()
)
ITEM_KINDS = frozenset("fn struct enum union trait impl mod macro_rules".split())
SEMI_KINDS = frozenset("use const static type let".split())
DEFINING = frozenset("fn struct enum union trait type const static mod".split())
MARKS = DEFINING | {"::", "#", "{", "}", "use", "macro_rules"}
ROOT_WORDS = ("crate", "$crate")


class CheckError(Exception):
    """Input the check cannot read: the message names the file, and the line where there is one."""


# ---- the lexer: comments, strings and chars out, line numbers kept ----

LEX = re.compile(r"""/[/*]|["']""")
# What may stand before a `"`: `r`, `br`, `cr` and hashes for a raw string, `b` or `c` for a byte or C string.
PREFIX = re.compile(r"""(?<!\w)(?:([bc]?r)(#*)|[bc])\Z""")
STRING_REST = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"', re.S)
CHAR = re.compile(r"""'(?:[^'\\\n]|\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F_]{1,8}\}|[^\n]))'""")
LIFETIME = re.compile(r"'[^\W\d]\w*")
NESTING = re.compile(r"/\*|\*/")


def strip(text, where="<text>"):
    """The code with every comment blanked and every string or char literal turned into `0`; lines are kept."""
    out = []
    pos = 0
    while True:
        m = LEX.search(text, pos)
        if m is None:
            out.append(text[pos:])
            return "".join(out)
        start = m.start()
        token = m.group()
        out.append(text[pos:start])
        if token == "//":
            end = text.find("\n", start)
            pos = len(text) if end < 0 else end
            out.append(" ")
            continue
        if token == "/*":
            depth, end = 1, start + 2
            while depth:
                c = NESTING.search(text, end)
                if c is None:
                    raise CheckError(f"{where}:{line_at(text, start)}: unterminated block comment")
                depth += 1 if c.group() == "/*" else -1
                end = c.end()
        elif token == "'":
            c = CHAR.match(text, start)
            if c is None:
                # A lifetime or a label (`'a`, `'static`, `'outer:`): code, kept as it is.
                life = LIFETIME.match(text, start)
                end = life.end() if life else start + 1
                out.append(text[start:end])
                pos = end
                continue
            end = c.end()
        else:
            # A string: raw (`r"`, `r#"`, `br"`, `cr"`: no escapes, ends at `"` and as many `#`) or with escapes
            # (`"`, `b"`, `c"`: a backslash escapes the next character, a newline included).
            p = PREFIX.search(text, max(pos, start - 300), start) if text[start - 1 : start] in "r#bc" else None
            if p:
                out[-1] = text[pos : p.start()]
            if p and p.group(1):
                close = '"' + p.group(2)
                found = text.find(close, start + 1)
                if found < 0:
                    raise CheckError(f"{where}:{line_at(text, start)}: unterminated raw string")
                end = found + len(close)
            else:
                s = STRING_REST.match(text, start + 1)
                if s is None:
                    raise CheckError(f"{where}:{line_at(text, start)}: unterminated string")
                end = s.end()
        # A comment or a literal: one blank token, and its newlines so that the lines below keep their numbers.
        out.append(" " if token == "/*" else " 0 ")
        out.append("\n" * text.count("\n", start, end))
        pos = end


def line_at(text, offset):
    return text.count("\n", 0, offset) + 1


TOKEN = re.compile(r"'[^\W\d]\w*|r#[^\W\d]\w*|[^\W\d]\w*|\$crate|\d\w*|::|\S")


def tokens(code):
    """The tokens of stripped code and the line of each."""
    toks, lines = [], []
    for number, line in enumerate(code.split("\n"), 1):
        found = TOKEN.findall(line)
        if found:
            toks.extend(found)
            lines.extend([number] * len(found))
    return toks, lines


def name_of(token):
    return token[2:] if token.startswith("r#") else token


def is_ident(token):
    return token.isidentifier() or token[:2] == "r#"


# ---- the parser: modules, `use` items, definitions and paths of one file ----


class Module:
    """What one module declares: the names its `use` items bind, its globs, the names it defines."""

    def __init__(self, path, file):
        self.path = path
        self.file = file
        self.bindings = {}  # name -> [(segments, line)], the module-level `use` items
        self.globs = []  # [(segments, line)]
        self.local_bindings = {}  # the same for `use` items inside function bodies: seen by this module only
        self.local_globs = []
        self.defined = set()
        self.tokens = []  # (tokens, lines) of the files it is in: the bare names a glob may bring
        self.uses = []  # (segments, line): each `use` leaf and each path, to resolve


def matching(toks, i, where, lines):
    """The index of the bracket that closes the one at `i`."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    stack = [pairs[toks[i]]]
    j = i + 1
    while j < len(toks):
        t = toks[j]
        if t in pairs:
            stack.append(pairs[t])
        elif t in (")", "]", "}"):
            if t != stack.pop():
                raise CheckError(f"{where}:{lines[j]}: unbalanced `{t}`")
            if not stack:
                return j
        j += 1
    raise CheckError(f"{where}:{lines[i]}: `{toks[i]}` is never closed")


def implies_test(pred):
    """Whether a `cfg(...)` predicate (its tokens) holds only in unit-test builds."""
    if pred == ["test"]:
        return True
    if len(pred) >= 3 and pred[0] in ("all", "any") and pred[1] == "(" and pred[-1] == ")":
        args, depth, cur = [], 0, []
        for t in pred[2:-1]:
            if t == "," and depth == 0:
                args.append(cur)
                cur = []
                continue
            depth += t in "([{"
            depth -= t in ")]}"
            cur.append(t)
        if cur:
            args.append(cur)
        results = [implies_test(a) for a in args]
        return any(results) if pred[0] == "all" else bool(results) and all(results)
    return False


class FileParser:
    def __init__(self, crate, path, module):
        self.crate = crate
        self.where = path
        code = strip(read(path), path)
        self.toks, self.lines = tokens(code)
        self.module = module
        self.test_only = []  # child file modules declared `#[cfg(test)] mod name;`

    def parse(self):
        toks, lines, n = self.toks, self.lines, len(self.toks)
        stack = [self.crate.module(self.module, self.where)]  # the enclosing inline module of each open brace
        braces = []  # per open brace: whether it is an inline module's
        pending_mod = None
        macro_export = False
        inline = []  # the inline modules of the file
        # Only these tokens start something to read; the loop jumps from one to the next.
        marks = [k for k, t in enumerate(toks) if t in MARKS]
        i = 0
        for k in marks:
            if k < i:
                continue
            i = k
            t = toks[i]
            mod = stack[-1]
            if t == "::":
                start = i - 1
                if start < 0 or not is_path_part(toks[start]) or (start > 0 and toks[start - 1] == "::"):
                    i += 1
                    continue
                segs = [name_of(toks[start])]
                j = i
                while j + 1 < n and toks[j] == "::" and is_path_part(toks[j + 1]):
                    segs.append(name_of(toks[j + 1]))
                    j += 2
                if len(segs) > 1 and segs[0] != "Self":
                    mod.uses.append((segs, lines[start]))
                i = j
            elif t == "#" and i + 1 < n and toks[i + 1] in ("[", "!"):
                inner = toks[i + 1] == "!"
                j = i + 2 if inner else i + 1
                if j >= n or toks[j] != "[":
                    i += 1
                    continue
                close = matching(toks, j, self.where, lines)
                attr = toks[j + 1 : close]
                i = close + 1
                if attr[:2] == ["cfg", "("] and attr[-1] == ")" and implies_test(attr[2:-1]):
                    if inner:
                        # `#![cfg(test)]`: the whole file, or the rest of the block, is test code.
                        if not braces:
                            self.test_only.append(self.module)
                            return
                        i = self.enclosing_end(i)
                    else:
                        i = self.skip_item(i, mod)
                elif attr == ["macro_export"]:
                    macro_export = True
            elif t == "{":
                braces.append(pending_mod is not None)
                if pending_mod is not None:
                    stack.append(self.crate.module(mod.path + (pending_mod,), self.where))
                    inline.append(stack[-1])
                    pending_mod = None
                i += 1
            elif t == "}":
                if not braces:
                    raise CheckError(f"{self.where}:{lines[i]}: unbalanced `}}`")
                if braces.pop():
                    stack.pop()
                i += 1
            elif t == "use":
                if i + 1 < n and toks[i + 1] == "<":
                    i += 1  # `impl Trait + use<'a>`, not a `use` item
                    continue
                i = self.parse_use(i + 1, mod, not braces or braces[-1])
            elif t == "macro_rules":
                if i + 2 < n and toks[i + 1] == "!" and is_ident(toks[i + 2]):
                    name = name_of(toks[i + 2])
                    mod.defined.add(name)
                    if macro_export:
                        self.crate.exported_macros.setdefault(name, mod.path)
                    macro_export = False
                i += 1
            else:  # a keyword that defines a name
                if i + 1 < n and is_ident(toks[i + 1]) and toks[i + 1] not in KEYWORDS:
                    name = name_of(toks[i + 1])
                    mod.defined.add(name)
                    if t == "mod" and i + 2 < n and toks[i + 2] == "{":
                        pending_mod = name
                    i += 2
                else:
                    i += 1
        for m in [stack[0]] + inline:
            m.tokens.append((toks, lines))

    def enclosing_end(self, i):
        """The index of the `}` that closes the block holding token `i`."""
        depth = 0
        while i < len(self.toks):
            t = self.toks[i]
            if t in "([{":
                depth += 1
            elif t in ")]}":
                if depth == 0:
                    return i
                depth -= 1
            i += 1
        return i

    def skip_item(self, i, mod):
        """The index just past the item (or statement, field, arm) that starts at `i`, under `#[cfg(test)]`."""
        toks, n = self.toks, len(self.toks)
        while i + 1 < n and toks[i] == "#" and toks[i + 1] == "[":
            i = matching(toks, i + 1, self.where, self.lines) + 1
        j = i
        while j < n and toks[j] in ("pub", "unsafe", "async", "extern", "0", "default"):
            if toks[j] == "pub" and j + 1 < n and toks[j + 1] == "(":
                j = matching(toks, j + 1, self.where, self.lines)
            j += 1
        kind = toks[j] if j < n else ""
        if kind == "const" and j + 1 < n and toks[j + 1] in ("fn", "unsafe", "async", "extern"):
            kind = "fn"
        if kind == "mod" and j + 2 < n and is_ident(toks[j + 1]) and toks[j + 2] == ";":
            self.test_only.append(mod.path + (name_of(toks[j + 1]),))
            return j + 3
        depth = 0
        k = i
        while k < n:
            t = toks[k]
            if t in "([{":
                depth += 1
            elif t in ")]}":
                if depth == 0:
                    return k  # the enclosing block ends: the item ended before it
                depth -= 1
                if depth == 0 and t == "}" and kind not in SEMI_KINDS:
                    return k + 1
            elif depth == 0 and (t == ";" or (t == "," and kind not in ITEM_KINDS)):
                return k + 1
            k += 1
        return k

    def parse_use(self, i, mod, at_module_level):
        """Reads the use tree after `use`; returns the index past its `;`."""
        leaves = []
        i = self.use_tree(i, [], leaves)
        if i >= len(self.toks) or self.toks[i] != ";":
            raise CheckError(f"{self.where}:{self.lines[min(i, len(self.lines) - 1)]}: cannot read this `use` item")
        bindings = mod.bindings if at_module_level else mod.local_bindings
        globs = mod.globs if at_module_level else mod.local_globs
        for segs, name, line in leaves:
            if not segs:
                continue
            mod.uses.append((segs, line))
            if name is None:
                globs.append((segs, line))
            elif name != "_":
                bindings.setdefault(name, []).append((segs, line))
        return i + 1

    def use_tree(self, i, prefix, leaves):
        toks, n = self.toks, len(self.toks)
        segs = list(prefix)
        if i < n and toks[i] == "::":
            segs.append("::")  # a path from the extern prelude: outside the crate
            i += 1
        while i < n:
            t = toks[i]
            if t == "*":
                leaves.append((segs, None, self.lines[i]))
                return i + 1
            if t == "{":
                i += 1
                while i < n and toks[i] != "}":
                    i = self.use_tree(i, segs, leaves)
                    if i < n and toks[i] == ",":
                        i += 1
                    elif i < n and toks[i] != "}":
                        break
                if i >= n or toks[i] != "}":
                    raise CheckError(f"{self.where}:{self.lines[min(i, n - 1)]}: cannot read this `use` group")
                return i + 1
            if not (is_ident(t) or t == "$crate"):
                raise CheckError(f"{self.where}:{self.lines[i]}: cannot read this `use` item at `{t}`")
            line = self.lines[i]
            segs = segs + [name_of(t)]
            i += 1
            if i < n and toks[i] == "::":
                i += 1
                continue
            name = segs[-1]
            if name == "self":
                segs = segs[:-1]
                name = segs[-1] if segs else None
            if i + 1 < n and toks[i] == "as":
                name = name_of(toks[i + 1])
                i += 2
            if name is not None and name not in ROOT_WORDS and name not in ("self", "super"):
                leaves.append((segs, name, line))
            elif segs:
                leaves.append((segs, "_", line))
            return i
        return i


def is_path_part(token):
    return is_ident(token) or token == "$crate"


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise CheckError(f"{path}: cannot read: {e}") from None


# ---- one crate: its modules, the resolution of paths, the edges ----


class Crate:
    def __init__(self, src, layers, table_name, root_names, apart=()):
        self.src = src
        self.layers = layers
        self.apart = set(apart)
        self.table_name = table_name
        self.roots = set(ROOT_WORDS) | set(root_names)
        self.modules = {}
        self.exported_macros = {}
        self.memo = {}

    def module(self, path, file):
        if path not in self.modules:
            self.modules[path] = Module(path, file)
        return self.modules[path]

    def load(self):
        files = {}
        for dirpath, dirnames, names in os.walk(self.src):
            dirnames.sort()
            for name in sorted(names):
                if name.endswith(".rs"):
                    path = os.path.join(dirpath, name)
                    files.setdefault(module_of(self.src, path), []).append(path)
        if not files:
            raise CheckError(f"{shown(self.src)}: no Rust file in this folder")
        parsed = []
        for path, paths in sorted(files.items()):
            for file in paths:
                self.module(path, file)
                p = FileParser(self, file, path)
                p.parse()
                parsed.append(p)
        # Modules that exist only for the unit tests (`#[cfg(test)] mod testing;`) are test code too, with
        # everything below them.
        test_only = {m for p in parsed for m in p.test_only}
        for path in list(self.modules):
            if any(path[: len(t)] == t for t in test_only):
                del self.modules[path]

    def lookup(self, here, name, own):
        """What `name` is in module `here`: ("mod", module), ("item", the module that defines it), or None."""
        key = (here, name, own)
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = None  # a cycle of re-exports (which the compiler refuses) resolves to nothing
        result = self._lookup(here, name, own)
        self.memo[key] = result
        return result

    def _lookup(self, here, name, own):
        if here + (name,) in self.modules:
            return ("mod", here + (name,))
        mod = self.modules.get(here)
        if mod is None:
            return None
        found = list(mod.bindings.get(name, ()))
        if own:
            found += mod.local_bindings.get(name, ())
        for segs, _ in found:
            r = self.resolve(here, segs, own)
            # A name bound to something outside the crate is, to the crate, an item of the module that binds it.
            return r if r is not None else ("item", here)
        if name in mod.defined:
            return ("item", here)
        if here == () and name in self.exported_macros:
            return ("item", self.exported_macros[name])
        for segs, _ in mod.globs + (mod.local_globs if own else []):
            g = self.resolve(here, segs, own)
            if g is not None and g[0] == "mod" and g[1] != here:
                r = self.lookup(g[1], name, False)
                if r is not None:
                    return r
        return None

    def resolve(self, here, segs, own=True):
        """What the path `segs`, written in module `here`, names: ("mod", m), ("item", m), or None (another
        crate, the prelude, a generic parameter)."""
        first = segs[0]
        if first in self.roots:
            cur, rest = (), segs[1:]
        elif first == "self":
            cur, rest = here, segs[1:]
        elif first == "super":
            k = 0
            while k < len(segs) and segs[k] == "super":
                k += 1
            if k > len(here):
                return None
            cur, rest = here[: len(here) - k], segs[k:]
        else:
            step = self.lookup(here, first, own)
            if step is None:
                return None
            if step[0] == "item":
                return step
            cur, rest = step[1], segs[1:]
        kind = "mod"
        for name in rest:
            step = self.lookup(cur, name, False)
            if step is None:
                return ("item", cur)  # a name not seen there (a variant, an associated item): the module's
            kind, cur = step
            if kind == "item":
                break
        return (kind, cur)

    def edges(self):
        """{(from, to): (file, line)} for every use of one module by another."""
        edges = {}
        for here, mod in self.modules.items():
            found = []
            for segs, line in mod.uses:
                r = self.resolve(here, segs)
                if r is not None:
                    found.append((r[1], line))
            if any(self.resolve(here, segs) for segs, _ in mod.globs + mod.local_globs):
                for name, line in idents(mod):
                    if name in KEYWORDS or name in mod.defined or name in mod.bindings:
                        continue
                    if name in mod.local_bindings or here + (name,) in self.modules:
                        continue
                    r = self.lookup(here, name, True)
                    if r is not None:
                        found.append((r[1], line))
            for target, line in found:
                if target != here and target in self.modules:
                    key = (here, target)
                    if key not in edges or line < edges[key][1]:
                        edges[key] = (mod.file, line)
        return edges

    def check(self):
        """(errors, violations, the number of edges): the lines of the report, and a count for its summary."""
        errors, problems = [], []
        for path, mod in sorted(self.modules.items()):
            if len(path) == 1 and path[0] not in self.layers:
                errors.append(
                    f"{shown(mod.file)}: module {path[0]} is in no layer of the table for {self.table_name} "
                    f"(place it in a layer in scripts/check-architecture.py or the crate's layers.json)"
                )
        edges = self.edges()
        for (a, b), (file, line) in sorted(edges.items()):
            if not a or not b or a[0] not in self.layers or b[0] not in self.layers:
                continue  # the crate root: every module's parent, in no layer
            if b and self.layers[b[0]] > self.layers[a[0]]:
                problems.append(
                    f"{shown(file)}: uses {dotted(b)} (line {line}: {b[0]} is above {a[0]} in the layering)"
                )
        first = {}
        for (a, b), where in sorted(edges.items()):
            k = 0
            while k < min(len(a), len(b)) and a[k] == b[k]:
                k += 1
            if k == len(a) or k == len(b):
                continue  # a parent and its child
            first.setdefault((a[: k + 1], b[: k + 1]), (a, b, where))
        for (pa, pb), (a, b, (file, line)) in sorted(first.items()):
            if pa < pb and (pb, pa) in first:
                back_a, back_b, (back_file, back_line) = first[(pb, pa)]
                problems.append(
                    f"{shown(file)}: uses {dotted(b)} (line {line}; {shown(back_file)} uses {dotted(back_b)} "
                    f"at line {back_line}: {dotted(pa)} and {dotted(pb)} import each other)"
                )
        problems.extend(longer_circles(first))
        for (pa, pb), (a, b, (file, line)) in sorted(first.items()):
            if pa[:-1] in self.apart:
                folder = dotted(pa[:-1])
                problems.append(
                    f"{shown(file)}: uses {dotted(b)} (line {line}: {dotted(pa)} and {dotted(pb)} are modules of "
                    f"{folder}/, which use none of each other; what they share belongs in {folder})"
                )
        return errors, problems, len(edges)


def longer_circles(first):
    """The circles of three siblings or more, one line each: the strongly connected components (Tarjan's
    algorithm) of each folder's graph of sibling uses, `first` mapping (sibling, sibling) to the first use
    found. A component of two is the pair's own line above; a larger one is reported with its shortest circle
    through its first module."""
    graph = {}
    for pa, pb in first:
        graph.setdefault(pa, set()).add(pb)
        graph.setdefault(pb, set())
    lines = []
    for component in strongly_connected(graph):
        if len(component) < 3:
            continue
        start = min(component)
        circle = shortest_circle(graph, start, component)
        steps = []
        for x, y in zip(circle, circle[1:] + circle[:1]):
            _, used, (file, line) = first[(x, y)]
            steps.append(f"{shown(file)} uses {dotted(used)} at line {line}")
        _, used, (file, line) = first[(circle[0], circle[1])]
        names = " → ".join(dotted(m) for m in circle + circle[:1])
        lines.append(
            f"{shown(file)}: uses {dotted(used)} (line {line}; {names} import in a circle: " + "; ".join(steps[1:]) + ")"
        )
    return sorted(lines)


def strongly_connected(graph):
    """The strongly connected components of `graph` (node -> set of nodes), by Tarjan's algorithm, iteratively."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                out.append(sorted(component))
    return out


def shortest_circle(graph, start, component):
    """The shortest circle from `start` back to it inside `component` (breadth first), as its nodes from `start`;
    of length three at least when there is one, so that a pair already reported is not the whole story."""
    inside = set(component)
    best = None
    for first_step in sorted(graph[start] & inside):
        parent = {first_step: None}
        queue = [first_step]
        while queue:
            node = queue.pop(0)
            if start in graph[node] and node != start:
                path = [node]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])
                circle = [start] + path[::-1]
                if len(circle) >= 3 and (best is None or len(circle) < len(best)):
                    best = circle
            for nxt in sorted(graph[node] & inside):
                if nxt not in parent and nxt != start:
                    parent[nxt] = node
                    queue.append(nxt)
    return best or [start] + sorted(inside - {start})


def idents(mod):
    """Each identifier of a module's files and its first line."""
    seen = {}
    for toks, lines in mod.tokens:
        for k, t in enumerate(toks):
            if t not in seen and is_ident(t):
                seen[name_of(t)] = lines[k]
    return seen.items()


def module_of(src, path):
    """The module path of a source file: src/audit/runner.rs -> ('audit', 'runner'); src/audit/mod.rs ->
    ('audit',); src/lib.rs and src/main.rs -> () (the crate root)."""
    rel = os.path.relpath(path, src)[: -len(".rs")].split(os.sep)
    if rel[-1] == "mod" or (len(rel) == 1 and rel[0] in ("lib", "main")):
        rel = rel[:-1]
    return tuple(rel)


def dotted(path):
    return "::".join(path) if path else "crate"


def shown(path):
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def read_json(path):
    """A fixture's table, or an error naming the file."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise CheckError(f"{shown(path)}: cannot read: {e}") from None


def crate_table(src):
    """(the layer table, its name, the names of the crate root, its folders apart) for a `src` folder."""
    table, name, root_names, key = layer_table(src)
    crate_dir = os.path.dirname(os.path.abspath(src))
    local = os.path.join(crate_dir, "apart.json")
    if os.path.isfile(local):
        folders = read_json(local)
        if not isinstance(folders, list) or not all(isinstance(v, str) and v for v in folders):
            raise CheckError(f"{shown(local)}: expected a list of dotted folder names")
        return table, name, root_names, [tuple(f.split(".")) for f in folders]
    return table, name, root_names, APART.get(key, [])


def layer_table(src):
    """(the layer table, its name, the names of the crate root, the crate's key in LAYERS or None) for a `src`
    folder."""
    crate_dir = os.path.dirname(os.path.abspath(src))
    root_names = []
    manifest = os.path.join(crate_dir, "Cargo.toml")
    if os.path.isfile(os.path.join(src, "lib.rs")) and os.path.isfile(manifest):
        # A binary beside its library names the library by its crate name.
        lib = lib_name(manifest)
        if lib:
            root_names.append(lib)
    local = os.path.join(crate_dir, "layers.json")
    if os.path.isfile(local):
        table = read_json(local)
        if not isinstance(table, dict) or not all(isinstance(v, int) for v in table.values()):
            raise CheckError(f"{shown(local)}: expected an object from module name to layer number")
        return table, shown(local), root_names, None
    key = None
    d = crate_dir
    inside = os.path.relpath(crate_dir, WORKSPACE).replace(os.sep, "/")
    if not inside.startswith(".."):
        # A crate of this repository, named by its folder (the Python binding has a [workspace] of its own).
        key = inside
    while key is None:
        m = os.path.join(d, "Cargo.toml")
        if os.path.isfile(m) and re.search(r"^\[workspace\]", read(m), re.M):
            key = os.path.relpath(crate_dir, d).replace(os.sep, "/")
            break
        parent = os.path.dirname(d)
        if parent == d:
            break
        d = parent
    if key is None and os.path.isfile(manifest):
        key = "."
    if key not in LAYERS:
        raise CheckError(
            f"{shown(src)}: no layer table for this crate (add {key!r} to LAYERS in scripts/check-architecture.py, "
            f"or a layers.json beside src)"
            if key
            else f"{shown(src)}: not a crate's src folder (no Cargo.toml beside it, no layers.json)"
        )
    return LAYERS[key], f"crate {key!r}", root_names, key


def lib_name(manifest):
    text = read(manifest)
    section, package, lib = None, None, None
    for line in text.splitlines():
        s = re.match(r"\s*\[([^\]]+)\]\s*$", line)
        if s:
            section = s.group(1).strip()
            continue
        v = re.match(r'\s*name\s*=\s*"([^"]+)"', line)
        if v and section == "package":
            package = v.group(1)
        elif v and section == "lib":
            lib = v.group(1)
    name = lib or package
    return name.replace("-", "_") if name else None


def workspace_srcs():
    """Every `src` folder of the workspace: the root package's, then each of `crates/*/src`."""
    crates = os.path.join(WORKSPACE, "crates")
    found = [os.path.join(WORKSPACE, "src")]
    if os.path.isdir(crates):
        found += [os.path.join(crates, c, "src") for c in sorted(os.listdir(crates))]
    return [shown(d) for d in found if os.path.isdir(d)]


PAGE = "docs/src/developers/architecture.md"


def unlisted_folders(page=PAGE):
    """Every folder of Rust sources of the workspace (`src` and `crates/*/src`, and the folders inside them) that the
    architecture page does not name as `` `FOLDER/` ``: each line of the result names one."""
    with open(os.path.join(WORKSPACE, page), encoding="utf-8") as f:
        text = f.read()
    missing = []
    for src in ["src"] + sorted(os.path.relpath(p, WORKSPACE) for p in glob_srcs()):
        for folder, _, files in sorted(os.walk(os.path.join(WORKSPACE, src))):
            if any(name.endswith(".rs") for name in files):
                rel = os.path.relpath(folder, WORKSPACE)
                if f"`{rel}/`" not in text:
                    missing.append(f"{page}: the folder {rel}/ is not listed (add a row saying what it holds)")
    return missing


def glob_srcs():
    import glob

    return [p for p in glob.glob(os.path.join(WORKSPACE, "crates", "*", "src")) if os.path.isdir(p)]


def main(argv):
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    page = None
    if argv[:1] == ["--page"]:
        if len(argv) != 2:
            print("--page: give one file (usage: scripts/check-architecture.py --page PAGE)", file=sys.stderr)
            return 2
        page, argv = argv[1], []
    if any(a.startswith("-") for a in argv):
        print(
            f"{argv[0]}: no such option (usage: scripts/check-architecture.py [SRC_DIR ...] | --page PAGE)",
            file=sys.stderr,
        )
        return 2
    srcs = argv or workspace_srcs()
    errors, problems, modules, imports = [], [], 0, 0
    for src in srcs:
        try:
            if not os.path.isdir(src):
                raise CheckError(f"{src}: no such folder")
            layers, table_name, root_names, apart = crate_table(src)
            crate = Crate(src, layers, table_name, root_names, apart)
            crate.load()
            e, p, n = crate.check()
        except CheckError as e:
            errors.append(str(e))
            continue
        errors += e
        problems += p
        modules += len(crate.modules)
        imports += n
    if not argv:
        # The whole workspace: its architecture page must name every folder of sources.
        if not os.path.isfile(os.path.join(WORKSPACE, page or PAGE)):
            errors.append(f"{page or PAGE}: no such file")
        else:
            problems += unlisted_folders(page or PAGE)
    for line in errors + problems:
        print(line)
    if errors:
        print(f"architecture check: {len(errors)} error(s), {len(problems)} violation(s)", file=sys.stderr)
        return 2
    if problems:
        print(f"architecture check: {len(problems)} violation(s)", file=sys.stderr)
        return 1
    print(
        f"architecture check: {len(srcs)} crate(s), {modules} modules, {imports} imports, the layering holds"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
