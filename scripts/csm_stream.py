#!/usr/bin/env python3
"""A continuous shuffling machine written apart from shuffle-audit, to check `run --stream` against a machine it
did not build: `--compartments` stacks, each returned card dropped into a random one at a random height; when the
tray holds fewer than `--tray` cards a random non-empty compartment is emptied into it; `--round` cards are dealt
from the tray's front and returned after the round. `--ideal` deals every card uniformly from the cards inside
instead (the control). Prints one event a line, `D CARD` or `R CARD`, cards as ASCII names (SA, H10, DK).

    python3 scripts/csm_stream.py --rounds 20000 --seed 1 > csm.txt
    shuffle-audit run --stream csm.txt --copies 4
"""

import argparse
import random
import sys

SUITS = "SHCD"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def name(card):
    return SUITS[card // 13] + RANKS[card % 13]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--compartments", type=int, default=38)
    p.add_argument("--decks", type=int, default=4)
    p.add_argument("--tray", type=int, default=20)
    p.add_argument("--round", type=int, default=16)
    p.add_argument("--rounds", type=int, default=20000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--ideal", action="store_true")
    a = p.parse_args()
    rng = random.Random(a.seed)
    cards = [c for _ in range(a.decks) for c in range(52)]
    stacks = [[] for _ in range(a.compartments)]
    tray = []
    inside = []

    def put(card):
        if a.ideal:
            inside.append(card)
        else:
            stack = rng.choice(stacks)
            stack.insert(rng.randint(0, len(stack)), card)

    def deal():
        if a.ideal:
            k = rng.randrange(len(inside))
            inside[k], inside[-1] = inside[-1], inside[k]
            return inside.pop()
        while len(tray) < a.tray:
            full = [s for s in stacks if s]
            if not full:
                break
            s = rng.choice(full)
            tray.extend(s)
            s.clear()
        return tray.pop(0)

    for c in cards:
        put(c)
    out = sys.stdout
    for _ in range(a.rounds):
        hand = [deal() for _ in range(a.round)]
        for c in hand:
            out.write("D " + name(c) + "\n")
        rng.shuffle(hand)
        for c in hand:
            out.write("R " + name(c) + "\n")
            put(c)


if __name__ == "__main__":
    main()
