#!/usr/bin/env python3
"""Checks the relative links of the built book (docs/book/, after `mdbook build docs`) and of README.md.

Every relative link and image must lead somewhere: a page of the book, or a file or folder of the repository that
git tracks (so that a clean clone has it; outside a git checkout, one that exists). A link with an anchor must
name an id of the page it points to: for the book's HTML pages the ids mdBook wrote, for a Markdown file the
anchors GitHub derives from its headings. Links with a scheme (https:, mailto:) are not followed.

    scripts/check-links.py [BOOK_DIR]

Exit status 0 when every link holds, 1 with one line per broken link otherwise, 2 when the book is not built.
"""

import html.parser
import os
import re
import subprocess
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def tracked_paths():
    """The files git tracks and the folders that hold them, or None outside a git checkout."""
    try:
        out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], check=True, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL).stdout.decode("utf-8")
    except (OSError, subprocess.CalledProcessError):
        return None
    paths = set()
    for f in filter(None, out.split("\0")):
        paths.add(f)
        parent = os.path.dirname(f)
        while parent:
            paths.add(parent)
            parent = os.path.dirname(parent)
    paths.add("")
    return paths


class Page(html.parser.HTMLParser):
    """The ids of an HTML page and its links (href of <a>, src of <img>), with their line numbers."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.links = set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.ids.add(attrs["name"])
        target = attrs.get("href") if tag == "a" else attrs.get("src") if tag == "img" else None
        if target is not None:
            self.links.append((self.getpos()[0], target))


def html_page(path, cache={}):
    if path not in cache:
        page = Page()
        with open(path, encoding="utf-8") as f:
            page.feed(f.read())
        cache[path] = page
    return cache[path]


FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
MD_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")


def markdown_lines(path):
    """The lines of a Markdown file outside fenced code, with inline code blanked out."""
    fenced = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if FENCE.match(line):
                fenced = not fenced
                continue
            if not fenced:
                yield number, INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line.rstrip("\n"))


def github_anchor(text):
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("`", "").strip().lower()
    return "".join(c if c.isalnum() or c in "-_" else "-" if c == " " else "" for c in text)


def markdown_anchors(path, cache={}):
    if path not in cache:
        anchors, seen = set(), {}
        fenced = False
        with open(path, encoding="utf-8") as f:
            for line in f:
                if FENCE.match(line):
                    fenced = not fenced
                    continue
                m = None if fenced else HEADING.match(line.rstrip("\n"))
                if m:
                    slug = github_anchor(m.group(2))
                    n = seen.get(slug, 0)
                    seen[slug] = n + 1
                    anchors.add(slug if n == 0 else f"{slug}-{n}")
        cache[path] = anchors
    return cache[path]


def check(source, line, target, base_dir, tracked, book_dir, errors):
    """One link from `source` (a file) at `line`: its target resolved against `base_dir`."""
    if SCHEME.match(target) or target.startswith("//"):
        return
    where = f"{os.path.relpath(source, ROOT)}:{line}: {target}"
    url = urllib.parse.urlsplit(target)
    path, fragment = urllib.parse.unquote(url.path), urllib.parse.unquote(url.fragment)
    resolved = os.path.normpath(os.path.join(base_dir, path)) if path else source
    rel = os.path.relpath(resolved, ROOT)
    if rel.startswith(".."):
        errors.append(f"{where}: leads outside the repository")
        return
    inside_book = book_dir is not None and os.path.commonpath([resolved, book_dir]) == book_dir
    if inside_book or tracked is None:
        exists = os.path.exists(resolved)
    else:
        exists = rel.replace(os.sep, "/") in tracked or rel == "."
    if not exists:
        errors.append(f"{where}: no such {'page' if inside_book else 'file in the repository'} ({rel})")
        return
    if not fragment:
        return
    if resolved.endswith(".html") and inside_book:
        ids = html_page(resolved).ids
    elif resolved.endswith(".md"):
        ids = markdown_anchors(resolved)
    else:
        return
    if fragment not in ids:
        errors.append(f"{where}: no anchor #{fragment} in {rel}")


def main():
    book_dir = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "book"))
    if not os.path.isfile(os.path.join(book_dir, "index.html")):
        print(f"check-links: {os.path.relpath(book_dir, ROOT)}/index.html not found: run `mdbook build docs` first",
              file=sys.stderr)
        return 2
    tracked = tracked_paths()
    errors, pages, links = [], 0, 0
    for folder, dirs, files in os.walk(book_dir):
        dirs.sort()
        for name in sorted(files):
            # 404.html links by the site's root URL, which only a web server gives.
            if not name.endswith(".html") or name == "404.html":
                continue
            path = os.path.join(folder, name)
            pages += 1
            for line, target in html_page(path).links:
                links += 1
                check(path, line, target, folder, tracked, book_dir, errors)
    readme = os.path.join(ROOT, "README.md")
    for line, text in markdown_lines(readme):
        for m in MD_LINK.finditer(text):
            links += 1
            check(readme, line, m.group(1), ROOT, tracked, None, errors)
    for e in errors:
        print(e)
    if errors:
        print(f"check-links: {len(errors)} broken of {links} links ({pages} book pages and README.md)",
              file=sys.stderr)
        return 1
    print(f"check-links: {links} links hold ({pages} book pages and README.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
