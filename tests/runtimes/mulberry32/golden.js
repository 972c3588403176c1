// Golden outputs of mulberry32 and xmur3, as JavaScript games copy them, for shuffle-audit's `--rng mulberry32`:
// raw 32-bit words, Math.floor(rand() * bound), the fisher-yates loop with Math.floor(rand() * (i + 1)), a stable
// sort by rand() keys, and xmur3's first value for a few strings. Every deck starts from 0..n-1. Run by
// scripts/runtime-golden.sh with node; the output is expected.txt.
'use strict';

function mulberry32(a) {
  return function () {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function xmur3(str) {
  let h = 1779033703 ^ str.length;
  for (let i = 0; i < str.length; i++) {
    h = Math.imul(h ^ str.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return function () {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^= h >>> 16) >>> 0;
  };
}

const STRINGS = ['apples', 'table-7', '', '斗地主-room-42', 'deal\u{1F0A1}2026'];
const SEEDS = [0, 1, 42, 20261130, 4294967295, 1796126400000].concat(STRINGS.map((s) => xmur3(s)()));
const SIZES = [2, 10, 52, 54, 1024];
const BOUNDS = [1, 2, 3, 52, 64, 1000, 1 << 30, (1 << 30) + 1, 2147483647, 4294967295];

const lines = [];
for (const s of STRINGS) lines.push(`xmur3 ${xmur3(s)()} ${s}`);
for (const seed of SEEDS) {
  let r = mulberry32(seed);
  const raw = [];
  for (let k = 0; k < 8; k++) raw.push(r() * 4294967296);
  lines.push(`raw ${seed} ${raw.join(' ')}`);
  r = mulberry32(seed);
  lines.push(`below ${seed} ${BOUNDS.map((b) => `${b}:${Math.floor(r() * b)}`).join(' ')}`);
  for (const n of SIZES) {
    const d = [...Array(n).keys()];
    const g = mulberry32(seed);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(g() * (i + 1));
      [d[i], d[j]] = [d[j], d[i]];
    }
    lines.push(`fisher-yates ${seed} ${n} ${d.join(' ')}`);
    const h = mulberry32(seed);
    const keyed = [...Array(n).keys()].map((c) => [h(), c]);
    keyed.sort((a, b) => a[0] - b[0]);
    lines.push(`sort-random-key ${seed} ${n} ${keyed.map((p) => p[1]).join(' ')}`);
  }
}
process.stdout.write(lines.join('\n') + '\n');
