#!/usr/bin/env node
// Deals K decks of N cards (default 52) by the loop a JavaScript dealer writes, printing one deck a line as
// card ids: j = Math.floor(Math.random() * (i + 1)), swap(d[i], d[j]) for i = n - 1 down to 1, from 0..n-1.
// With --skip M the program first draws M values of Math.random for something else, so that the first deal
// starts in the middle of V8's 64-value cache.
//
// Usage: node [--random_seed=S] deals.js K [N] [--skip M]
// The fixtures of tests/integration/crack_v8.rs were written with it: the first K - 1 lines are what a player saw, the
// last line the deal the recovered state must predict.
"use strict";

const args = process.argv.slice(2);
let skip = 0;
const at = args.indexOf("--skip");
if (at >= 0) {
  skip = Number.parseInt(args[at + 1], 10);
  args.splice(at, 2);
}
const k = Number.parseInt(args[0], 10);
const n = args[1] === undefined ? 52 : Number.parseInt(args[1], 10);
if (!(k >= 1) || !(n >= 2) || !(skip >= 0)) {
  process.stderr.write("usage: node [--random_seed=S] deals.js K [N] [--skip M]\n");
  process.exit(2);
}
for (let s = 0; s < skip; s++) Math.random();
const out = [];
for (let deal = 0; deal < k; deal++) {
  const d = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [d[i], d[j]] = [d[j], d[i]];
  }
  out.push(d.join(" "));
}
process.stdout.write(out.join("\n") + "\n");
