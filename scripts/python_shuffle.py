#!/usr/bin/env python3
"""Prints N decks shuffled by Python's random.shuffle, one per line as 0-based card ids.

Usage: python_shuffle.py N SEED [DECK]   (DECK defaults to 52)

random.shuffle is Fisher-Yates driven by the Mersenne Twister through randbelow (rejection sampling, so no
modulo bias): a fair shuffle that shuffle-audit must pass. random.seed(SEED) makes the output reproducible.
"""
import random
import sys


def main() -> int:
    if len(sys.argv) not in (3, 4):
        print("usage: python_shuffle.py N SEED [DECK]", file=sys.stderr)
        return 2
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    deck_size = int(sys.argv[3]) if len(sys.argv) == 4 else 52
    rng = random.Random(seed)
    ids = [str(i) for i in range(deck_size)]
    out = sys.stdout
    batch = []
    for _ in range(count):
        deck = ids[:]
        rng.shuffle(deck)
        batch.append(" ".join(deck))
        if len(batch) == 4096:
            out.write("\n".join(batch) + "\n")
            batch.clear()
    if batch:
        out.write("\n".join(batch) + "\n")
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
