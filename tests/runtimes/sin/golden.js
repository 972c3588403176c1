// Golden outputs of the fract(sin(seed++) * 10000) idiom with V8's Math.sin, for shuffle-audit's `--rng sin`:
// raw values scaled to 32 bits (Math.floor(random() * 2^32), exact), Math.floor(random() * bound), the
// fisher-yates loop with Math.floor(random() * (i + 1)), a stable sort by random() keys, and the distinct decks
// a 12-card Fisher-Yates deals over a million consecutive seeds (fewer than the seeds: the deck depends on the
// seed modulo 2*pi). Every deck starts from 0..n-1. Run by scripts/runtime-golden.sh with node; the output is
// expected.txt.
'use strict';

function sinRandom(start) {
  let seed = start;
  return function () {
    const x = Math.sin(seed++) * 10000;
    return x - Math.floor(x);
  };
}

function fisherYates(n, random) {
  const d = [...Array(n).keys()];
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [d[i], d[j]] = [d[j], d[i]];
  }
  return d;
}

const SEEDS = [0, 1, 42, 20261130, 9999999999, 1796126400000, 9007199254740991];
const SIZES = [2, 10, 52, 54, 1024];
const BOUNDS = [1, 2, 3, 52, 64, 1000, 1 << 30, (1 << 30) + 1, 2147483647, 4294967295];

const lines = [];
for (const seed of SEEDS) {
  let r = sinRandom(seed);
  const raw = [];
  for (let k = 0; k < 8; k++) raw.push(Math.floor(r() * 4294967296));
  lines.push(`raw ${seed} ${raw.join(' ')}`);
  r = sinRandom(seed);
  lines.push(`below ${seed} ${BOUNDS.map((b) => `${b}:${Math.floor(r() * b)}`).join(' ')}`);
  for (const n of SIZES) {
    lines.push(`fisher-yates ${seed} ${n} ${fisherYates(n, sinRandom(seed)).join(' ')}`);
    const h = sinRandom(seed);
    const keyed = [...Array(n).keys()].map((c) => [h(), c]);
    keyed.sort((a, b) => a[0] - b[0]);
    lines.push(`sort-random-key ${seed} ${n} ${keyed.map((p) => p[1]).join(' ')}`);
  }
}
// Distinct 12-card decks over seeds 0..999999.
const [from, to, n] = [0, 999999, 12];
const seen = new Set();
for (let s = from; s <= to; s++) seen.add(fisherYates(n, sinRandom(s)).join(','));
lines.push(`distinct-decks ${from} ${to} ${n} ${seen.size}`);
process.stdout.write(lines.join('\n') + '\n');
