#!/usr/bin/env python3
"""The deck-size plot of the README and of the book's Performance page, from `scripts/bench.sh`'s size table.

    BENCH_ONLY=sizes scripts/bench.sh > sizes.txt
    python3 scripts/plot-sizes.py sizes.txt docs/src/developers/sizes.svg

The table's lines are `cards rand-bare [audited ratio]...` (thousands of shuffles per second), with a header line
naming the paths (`avx2 audited ratio`). The plot: cards (log scale) against thousands of shuffles per second (log
scale), rand's bare shuffle and the audited run on each path. A plain SVG with no script, readable in any browser
and on GitHub.
"""
import math
import sys


def read(path):
    paths, rows = [], []
    for line in open(path, encoding="utf-8"):
        words = line.split()
        if len(words) >= 2 and words[0] == "cards":
            paths = [w for w in words[3:] if w not in ("audited", "ratio")]
        elif words and words[0].isdigit() and paths:
            values = [float(w) for w in words[1:]]
            if len(values) != 1 + 2 * len(paths):
                sys.exit(f"plot-sizes: a line of {len(values)} figures for {len(paths)} paths: {line.strip()}")
            rows.append((int(words[0]), values[0], values[1::2]))
    if not rows:
        sys.exit(f"plot-sizes: no size table in {path} (run BENCH_ONLY=sizes scripts/bench.sh)")
    return paths, rows


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: scripts/plot-sizes.py SIZES.txt OUT.svg")
    paths, rows = read(sys.argv[1])
    width, height, left, right, top, bottom = 720, 420, 70, 150, 40, 50
    xs = [math.log2(n) for n, _, _ in rows]
    ys = [math.log10(v) for _, bare, audited in rows for v in [bare, *audited] if v > 0]
    x0, x1 = min(xs), max(xs)
    y0, y1 = math.floor(min(ys)), math.ceil(max(ys))

    def px(n):
        return left + (math.log2(n) - x0) / (x1 - x0) * (width - left - right)

    def py(v):
        return height - bottom - (math.log10(v) - y0) / (y1 - y0) * (height - top - bottom)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
        f'font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="22" font-size="14">Shuffles per second against deck size, one thread '
        f"(fisher-yates/chacha8, default battery)</text>",
    ]
    for e in range(y0, y1 + 1):
        y = py(10**e)
        label = {0: "1k", 1: "10k", 2: "100k", 3: "1M", 4: "10M", 5: "100M"}.get(e, f"10^{e + 3}")
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end">{label}</text>')
    last = [-1e9, -1e9]
    for n, _, _ in rows:
        x = px(n)
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{height - bottom}" stroke="#f0f0f0"/>')
        # A label too close to the last one of its line (52, 64 and 65) goes on the next line, or is left out.
        free = [k for k in (0, 1) if x - last[k] > 24]
        if free:
            last[free[0]] = x
            y = height - bottom + 16 + 14 * free[0]
            out.append(f'<text x="{x:.1f}" y="{y}" text-anchor="middle">{n}</text>')
    out.append(f'<text x="{width - right}" y="{height - 4}" text-anchor="end">cards</text>')
    colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]
    series = [("rand bare", "#000", "6 4", [bare for _, bare, _ in rows])]
    series += [(f"audited, {p}", colours[i % 4], "", [a[i] for _, _, a in rows]) for i, p in enumerate(paths)]
    for k, (name, colour, dash, values) in enumerate(series):
        points = " ".join(f"{px(n):.1f},{py(v):.1f}" for (n, _, _), v in zip(rows, values) if v > 0)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"{dashes}/>')
        y = top + 20 + 20 * k
        out.append(f'<line x1="{width - right + 10}" x2="{width - right + 34}" y1="{y}" y2="{y}" '
                   f'stroke="{colour}" stroke-width="2"{dashes}/>')
        out.append(f'<text x="{width - right + 40}" y="{y + 4}">{name}</text>')
    out.append("</svg>")
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
