// The runtime of the page's worker. The worker's script is the student's code followed by this file, so that a
// syntax error, or an error thrown on a line of the code, is reported with the line the student typed. It runs
// `shuffle(deck, random)` on a fresh deck 0..n−1 per shuffle, checks that the result is a permutation, counts
// card by position, and posts the counts at least every PROGRESS_MS, so that the page can tell a loop that never
// ends from a slow one.
;(function () {
  "use strict";
  const PROGRESS_MS = 100;
  const userShuffle = typeof shuffle === "function" ? shuffle : null;

  // xoshiro128** (Blackman & Vigna 2018), seeded by SplitMix32 from the 53-bit seed: a small, fast generator
  // whose outputs are uniform on 32 bits; `random(m)` takes exactly uniform integers by Lemire's rejection, so the
  // page's draws are ideal and the exact matrices (computed with ideal draws) apply.
  function generator(seed) {
    let hi = Math.floor(seed / 4294967296) >>> 0;
    let lo = seed >>> 0;
    let sm = (lo ^ Math.imul(hi, 0x9e3779b9)) >>> 0;
    function splitmix() {
      sm = (sm + 0x9e3779b9) >>> 0;
      let z = sm;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    }
    let s0 = splitmix(), s1 = splitmix(), s2 = splitmix(), s3 = splitmix() ^ hi;
    if ((s0 | s1 | s2 | s3) === 0) s0 = 1;
    function next() {
      const result = Math.imul(rotl(Math.imul(s1, 5) >>> 0, 7), 9) >>> 0;
      const t = (s1 << 9) >>> 0;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = rotl(s3, 11);
      s0 >>>= 0; s1 >>>= 0; s2 >>>= 0; s3 >>>= 0;
      return result;
    }
    function rotl(x, k) {
      return ((x << k) | (x >>> (32 - k))) >>> 0;
    }
    // A uniform integer in 0..m−1 (m ≤ 2^32): x % m for an output below the largest multiple of m, so that
    // every residue has the same number of outputs (every number here is an integer below 2^53, exact).
    function below(m) {
      if (!(m >= 1 && m <= 4294967296 && m === Math.floor(m))) {
        throw new RangeError("random(" + m + "): the argument must be a whole number from 1 to 2^32");
      }
      const limit = 4294967296 - (4294967296 % m);
      for (;;) {
        const x = next();
        if (x < limit) return x % m;
      }
    }
    // A uniform double in [0, 1) with 53 random bits.
    function unit() {
      const a = next() >>> 5, b = next() >>> 6;
      return (a * 67108864 + b) / 9007199254740992;
    }
    return (m) => (m === undefined ? unit() : below(m));
  }

  // Where an error thrown by the code happened: the innermost frame of the stack on one of the student's lines
  // (the script starts with them), so that random(0) is placed on the line that called it, not in this file.
  function lineOf(err, codeLines) {
    const stack = err && err.stack ? String(err.stack) : "";
    for (const m of stack.matchAll(/blob:[^\s)]*:(\d+):(\d+)/g)) {
      const line = Number(m[1]);
      if (line <= codeLines) return { line, column: Number(m[2]) };
    }
    return null;
  }

  function describe(value) {
    if (value === undefined) return "undefined";
    if (typeof value === "string") return JSON.stringify(value);
    return String(value);
  }

  self.onmessage = (event) => {
    const { n, shuffles, seed, codeLines } = event.data;
    if (!userShuffle) {
      self.postMessage({ type: "no-function" });
      return;
    }
    const random = generator(seed);
    const counts = new Float64Array(n * n);
    const seen = new Int32Array(n);
    let last = performance.now();
    const deck = new Array(n);
    for (let s = 0; s < shuffles; s += 1) {
      deck.length = n;
      for (let i = 0; i < n; i += 1) deck[i] = i;
      let out;
      try {
        out = userShuffle(deck, random);
      } catch (err) {
        self.postMessage({ type: "threw", shuffle: s + 1, done: s, counts, message: String(err), where: lineOf(err, codeLines) });
        return;
      }
      const d = out !== undefined && out !== null && typeof out.length === "number" ? out : deck;
      const stamp = s + 1;
      let defect = null;
      if (d.length !== n) {
        defect = { kind: "length", length: d.length };
      } else {
        for (let p = 0; p < n; p += 1) {
          const c = d[p];
          if (!(Number.isInteger(c) && c >= 0 && c < n)) {
            defect = { kind: "value", position: p, value: describe(c) };
            break;
          }
          if (seen[c] === stamp) {
            defect = { kind: "repeat", position: p, card: c, first: Array.prototype.indexOf.call(d, c) };
            break;
          }
          seen[c] = stamp;
        }
      }
      if (defect) {
        self.postMessage({ type: "not-permutation", shuffle: s + 1, done: s, counts, defect });
        return;
      }
      for (let p = 0; p < n; p += 1) counts[p * n + d[p]] += 1;
      const now = performance.now();
      if (now - last >= PROGRESS_MS) {
        last = now;
        self.postMessage({ type: "progress", done: s + 1, counts });
      }
    }
    self.postMessage({ type: "done", done: shuffles, counts });
  };
  self.postMessage({ type: "ready" });
})();
