#!/usr/bin/env python3
"""Throughput of the Python package: `audit_decks` on a NumPy (N, 52) uint16 array (counted where it lies, the
GIL released), the same decks as int64 (converted a block at a time) and as a list of lists, and `audit` with
`random.shuffle` (a Python call per deck).

    python crates/shuffle-audit-python/bench.py [DECKS]     # DECKS for the array runs, default 2_000_000

Each figure is the best of three runs, in decks per second, the array's own construction excluded.
"""

import random
import sys
import time

import numpy as np

import shuffle_audit


def best_of(runs, work):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        report = work()
        best = min(best, time.perf_counter() - start)
    return best, report


def main():
    decks = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000_000
    gen = np.random.default_rng(1)
    array = gen.permuted(np.tile(np.arange(52, dtype=np.uint16), (decks, 1)), axis=1)

    def line(label, count, seconds, report):
        rate = count / seconds / 1e6
        print(f"{label:<36} {count:>9} decks {seconds:7.3f} s {rate:7.3f} M decks/s  {report.verdict}")

    seconds, report = best_of(3, lambda: shuffle_audit.audit_decks(array))
    line("audit_decks, NumPy uint16 (N, 52)", decks, seconds, report)
    wide = array.astype(np.int64)
    seconds, report = best_of(3, lambda: shuffle_audit.audit_decks(wide))
    line("audit_decks, NumPy int64 (N, 52)", decks, seconds, report)
    listed = array[: decks // 10].tolist()
    seconds, report = best_of(3, lambda: shuffle_audit.audit_decks(listed))
    line("audit_decks, list of lists", len(listed), seconds, report)
    shuffles = 200_000
    seconds, report = best_of(
        3, lambda: shuffle_audit.audit(lambda deck, rng: rng.shuffle(deck), deck=52, shuffles=shuffles, seed=1)
    )
    line("audit, random.shuffle", shuffles, seconds, report)
    # The Python side alone: the same calls without the audit, for the share the audit adds.
    def bare():
        rng = random.Random(1)
        for _ in range(shuffles):
            deck = list(range(52))
            rng.shuffle(deck)
        return report

    seconds, _ = best_of(3, bare)
    line("random.shuffle alone (no audit)", shuffles, seconds, report)


if __name__ == "__main__":
    main()
