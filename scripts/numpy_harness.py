#!/usr/bin/env python3
"""The harness a NumPy user would write to test a shuffle by hand, timed for scripts/bench.sh: decks of N cards
in batches of 10,000, each deck the argsort of N uniform floats (NumPy's default generator, PCG64), and one
position-by-card histogram of every batch with bincount. Prints `numpy-argsort+bincount DECKS_PER_SECOND`.

python3 scripts/numpy_harness.py [SECONDS] [N]
"""

import sys
import time

import numpy as np


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 52
    batch = 10_000
    rng = np.random.default_rng(1)
    counts = np.zeros(n * n, dtype=np.int64)
    # Cell of position p and card c: p·n + c.
    row = (np.arange(n, dtype=np.int64) * n)[None, :]
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        decks = rng.random((batch, n)).argsort(axis=1)
        counts += np.bincount((decks + row).ravel(), minlength=n * n)
        done += batch
    elapsed = time.perf_counter() - start
    # Every deck put each card somewhere: a harness that lost cards would be no harness.
    assert counts.sum() == done * n
    print(f"numpy-argsort+bincount {done / elapsed:.0f}")


if __name__ == "__main__":
    main()
