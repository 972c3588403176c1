"""Shuffles written in Python, shared by the tests."""


def python_shuffle(deck, rng):
    """The standard library's shuffle (Fisher–Yates over the Mersenne Twister): fair."""
    rng.shuffle(deck)


def naive_swap(deck, rng):
    """Swap each position with any position: n^n equally likely paths over n! orders, so not uniform."""
    n = len(deck)
    for i in range(n):
        j = rng.randrange(n)
        deck[i], deck[j] = deck[j], deck[i]
