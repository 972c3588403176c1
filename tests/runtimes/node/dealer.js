#!/usr/bin/env node
// Prints what Math.random gives in a fresh process, for the golden file tests/runtimes/node/expected.txt.
//
// Usage: node --random_seed=S dealer.js raw COUNT
//        node --random_seed=S dealer.js fisher-yates N [N ...]
//        node --random_seed=S dealer.js sort-random-comparator N [N ...]
//
// raw prints COUNT values, one a line as "S raw K BITS": K counts from 0, BITS is the double's IEEE 754 bit
// pattern in 16 hex digits (exact, unlike a decimal). fisher-yates deals one deck per size, in order from the
// same generator, by the loop `j = Math.floor(Math.random() * (i + 1))` from i = n - 1 down to 1 with d[i] and
// d[j] swapped, the deck starting as 0..n-1; sort-random-comparator sorts 0..n-1 with
// `deck.sort(() => Math.random() - 0.5)`. Each deck is one line "S ALGORITHM N ids...". S is the seed as
// node was given it (read from process.execArgv), so that every line says where it came from.
"use strict";

const seedArg = process.execArgv.find((a) => a.startsWith("--random_seed=") || a.startsWith("--random-seed="));
if (!seedArg) {
  process.stderr.write("dealer.js: run it as node --random_seed=S dealer.js ... (Math.random is unseeded otherwise)\n");
  process.exit(2);
}
const seed = seedArg.split("=")[1];
const [what, ...rest] = process.argv.slice(2);
const sizes = rest.map((s) => Number.parseInt(s, 10));
if (!what || sizes.length === 0 || sizes.some((n) => !(n >= 1))) {
  process.stderr.write("usage: node --random_seed=S dealer.js raw COUNT | fisher-yates N... | sort-random-comparator N...\n");
  process.exit(2);
}

const bits = (x) => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return view.getBigUint64(0).toString(16).padStart(16, "0");
};
const fresh = (n) => Array.from({ length: n }, (_, i) => i);

const out = [];
if (what === "raw") {
  for (let k = 0; k < sizes[0]; k++) out.push(`${seed} raw ${k} ${bits(Math.random())}`);
} else if (what === "fisher-yates") {
  for (const n of sizes) {
    const d = fresh(n);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [d[i], d[j]] = [d[j], d[i]];
    }
    out.push(`${seed} fisher-yates ${n} ${d.join(" ")}`);
  }
} else if (what === "sort-random-comparator") {
  for (const n of sizes) {
    const d = fresh(n).sort(() => Math.random() - 0.5);
    out.push(`${seed} sort-random-comparator ${n} ${d.join(" ")}`);
  }
} else {
  process.stderr.write(`dealer.js: unknown '${what}' (raw, fisher-yates or sort-random-comparator)\n`);
  process.exit(2);
}
process.stdout.write(out.join("\n") + "\n");
