import random, sys
# A dealer that reseeds Python's generator before every hand from a seed in 0..10^8.
pick = random.Random(1)
out = sys.stdout
for _ in range(200_000):
    r = random.Random(pick.randrange(10**8))
    deck = list(range(52))
    r.shuffle(deck)
    out.write(" ".join(map(str, deck)) + "\n")
