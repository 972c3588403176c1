#!/usr/bin/env node
// Prints N decks "shuffled" by array.sort(() => Math.random() - 0.5), one per line as 0-based card ids.
//
// Usage: node js_sort_shuffle.js N [DECK]   (DECK defaults to 52)
//        node js_sort_shuffle.js --replay DECK < outcomes
//
// A comparator that answers at random is not a shuffle: the sort algorithm (V8's TimSort: binary insertion on
// short runs, then merges) decides how far a card can travel, so cards stay near their starting positions far
// more often than chance allows. shuffle-audit must FAIL it. Math.random cannot be seeded from the script, so the
// output differs on every run (the bias is large enough that a few thousand decks always show it), unless V8's
// generator is fixed by node's own flag: `node --random_seed=S js_sort_shuffle.js N` prints the same decks every
// time (the book's example uses it).
//
// --replay sorts one fresh deck of DECK cards per input line, the comparator answering from the line's
// characters in order: '1' is "less" (-1, what Math.random() - 0.5 < 0 means), '0' is "not less" (+1). It
// prints the sorted deck and, after " | ", how many answers the sort used, so that shuffle-audit's own
// sort-random-comparator can be checked against the engine comparison for comparison.
"use strict";

const args = process.argv.slice(2);
if (args[0] === "--replay") {
  if (args.length !== 2) {
    process.stderr.write("usage: js_sort_shuffle.js --replay DECK < outcomes\n");
    process.exit(2);
  }
  const size = Number.parseInt(args[1], 10);
  const input = require("fs").readFileSync(0, "utf8");
  const out = [];
  for (const line of input.split("\n")) {
    if (line.trim() === "") continue;
    const answers = line.trim();
    let used = 0;
    const deck = Array.from({ length: size }, (_, i) => i);
    deck.sort(() => {
      if (used >= answers.length) {
        process.stderr.write(`js_sort_shuffle.js: the sort needed more than ${answers.length} answers\n`);
        process.exit(1);
      }
      return answers[used++] === "1" ? -1 : 1;
    });
    out.push(deck.join(" ") + " | " + used);
  }
  // No process.exit here: writes to a pipe are asynchronous, and exiting would cut the output short.
  process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));
} else {
  shuffleAtRandom();
}

function shuffleAtRandom() {
  if (args.length < 1 || args.length > 2) {
    process.stderr.write("usage: js_sort_shuffle.js N [DECK] | --replay DECK\n");
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
}
