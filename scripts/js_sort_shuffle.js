#!/usr/bin/env node
// Prints N decks "shuffled" by array.sort(() => Math.random() - 0.5), one per line as 0-based card ids.
//
// Usage: node js_sort_shuffle.js N [DECK]   (DECK defaults to 52)
//
// A comparator that answers at random is not a shuffle: the sort algorithm (V8's TimSort: binary insertion on
// short runs, then merges) decides how far a card can travel, so cards stay near their starting positions far
// more often than chance allows. shuffle-audit must FAIL it. Math.random cannot be seeded, so the output
// differs on every run; the bias is large enough that a few thousand decks always show it.
"use strict";

const args = process.argv.slice(2);
if (args.length < 1 || args.length > 2) {
  process.stderr.write("usage: js_sort_shuffle.js N [DECK]\n");
  process.exit(2);
}
const count = Number.parseInt(args[0], 10);
const size = args.length === 2 ? Number.parseInt(args[1], 10) : 52;
const lines = [];
for (let k = 0; k < count; k++) {
  const deck = Array.from({ length: size }, (_, i) => i);
  deck.sort(() => Math.random() - 0.5);
  lines.push(deck.join(" "));
  if (lines.length === 4096) {
    process.stdout.write(lines.join("\n") + "\n");
    lines.length = 0;
  }
}
if (lines.length > 0) {
  process.stdout.write(lines.join("\n") + "\n");
}
