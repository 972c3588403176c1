#!/usr/bin/env python3
"""Writes PokerStars hold'em hand histories of a 9-max table from the tool's decks, for the logs benchmark.

Usage: holdem_history.py BINARY ALGORITHM HANDS SEED OUT

The decks come from `BINARY shuffle -a ALGORITHM --deck 52 --count HANDS --seed SEED --rng msvc`. The button
moves a seat a hand; the cards are dealt two rounds from the small blind, then the flop, turn and river each
after a burn. The hero sits in seat 5 and plays on only with a pair or two suited cards (else the hand ends
before the flop); at the showdown seat 7 shows only two cards ten or better. Hand numbers go up by 3, as a site
numbering every table's hands writes them.
"""
import subprocess
import sys

binary, algorithm, hands, seed, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
decks = subprocess.run(
    [binary, "shuffle", "-a", algorithm, "--deck", "52", "--count", str(hands), "--seed", seed, "--rng", "msvc"],
    capture_output=True, text=True, check=True).stdout.split("\n")
RANKS, SUITS, SEATS = "A23456789TJQK", "shcd", 9


def name(card):
    return RANKS[card % 13] + SUITS[card // 13]


def names(cards):
    return " ".join(name(c) for c in cards)


with open(out, "w", encoding="ascii") as f:
    for k, line in enumerate(decks[:hands]):
        deck = [int(c) for c in line.split()]
        button = k % SEATS + 1
        small = button % SEATS + 1

        def hole(seat):
            first = (seat + SEATS - small) % SEATS
            return [deck[first], deck[first + SEATS]]

        player = lambda seat: "me" if seat == 5 else f"v{seat}"
        hero = hole(5)
        f.write(f"PokerStars Hand #{31000000 + 3 * k}:  Hold'em No Limit ($0.05/$0.10 USD) - 2025/02/01 20:00:00 ET\n"
                f"Table 'Zeta' 9-max Seat #{button} is the button\n")
        f.writelines(f"Seat {s}: {player(s)} ($10 in chips)\n" for s in range(1, SEATS + 1))
        f.write(f"{player(small)}: posts small blind $0.05\n*** HOLE CARDS ***\nDealt to me [{names(hero)}]\n")
        if not (hero[0] % 13 == hero[1] % 13 or hero[0] // 13 == hero[1] // 13):
            f.write("me: folds\n*** SUMMARY ***\nTotal pot $0.15\n\n")
            continue
        burn = 2 * SEATS
        board = [deck[burn + 1], deck[burn + 2], deck[burn + 3], deck[burn + 5], deck[burn + 7]]
        f.write(f"*** FLOP *** [{names(board[:3])}]\n*** TURN *** [{names(board[:3])}] [{name(board[3])}]\n"
                f"*** RIVER *** [{names(board[:4])}] [{name(board[4])}]\n*** SHOW DOWN ***\n")
        villain = hole(7)
        if all(c % 13 >= 9 for c in villain):
            f.write(f"v7: shows [{names(villain)}] (two high cards)\n")
        f.write(f"*** SUMMARY ***\nTotal pot $1\nBoard [{names(board)}]\n\n")
