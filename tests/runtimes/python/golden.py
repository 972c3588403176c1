"""Golden outputs of CPython's random module for shuffle-audit's `--rng python`: raw getrandbits(32) draws,
_randbelow through randrange, random.shuffle, the fisher-yates loop with randint(0, i), and a sort by
random() keys. Every deck starts from 0..n-1. Run by scripts/runtime-golden.sh; the output is expected.txt."""
import random

SEEDS = [0, 1, 42, 20261130, 2**64 - 1]
SIZES = [2, 10, 52, 54, 1024]
BOUNDS = [1, 2, 3, 52, 64, 1000, 1 << 30, (1 << 30) + 1, 2**31 - 1]


def main():
    out = []
    for seed in SEEDS:
        r = random.Random(seed)
        out.append(f"raw {seed} " + " ".join(str(r.getrandbits(32)) for _ in range(8)))
        r = random.Random(seed)
        out.append(f"below {seed} " + " ".join(f"{b}:{r.randrange(b)}" for b in BOUNDS))
        for n in SIZES:
            d = list(range(n))
            random.Random(seed).shuffle(d)
            out.append(f"library-shuffle {seed} {n} " + " ".join(map(str, d)))
            d = list(range(n))
            g = random.Random(seed)
            for i in reversed(range(1, n)):
                j = g.randint(0, i)
                d[i], d[j] = d[j], d[i]
            out.append(f"fisher-yates {seed} {n} " + " ".join(map(str, d)))
            h = random.Random(seed)
            s = sorted(range(n), key=lambda c: h.random())
            out.append(f"sort-random-key {seed} {n} " + " ".join(map(str, s)))
    print("\n".join(out))


if __name__ == "__main__":
    main()
