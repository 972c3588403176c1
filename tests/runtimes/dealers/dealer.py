# A 斗地主 dealer as Python tutorials write it: seeded from the clock in whole seconds, shuffled with the
# randint(0, i) loop, dealt in blocks of 17 with 3 bottom cards. Prints the hands as card ids 0..53.
import random
import time

random.seed(int(time.time()))
deck = list(range(54))
for i in range(53, 0, -1):
    j = random.randint(0, i)
    deck[i], deck[j] = deck[j], deck[i]
for seat in range(3):
    print(f"seat {seat + 1}:", " ".join(str(c) for c in deck[17 * seat : 17 * seat + 17]))
print("bottom:", " ".join(str(c) for c in deck[51:]))
