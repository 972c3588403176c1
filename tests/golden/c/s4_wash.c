/* Source S4: a C++ class for 54 cards that "washes" the deck with random pair swaps, 54 by default
 * ("108 if unsure"). A pair that comes up equal is forced apart by taking the next slot, wrapping at the
 * end, so every swap really exchanges two cards: the parity of the result is fixed by the swap count. */
#include "rng.h"
#include "shuffles.h"

/* repeat k times { a = r() % n; b = r() % n; if a == b { b = a + 1; if b >= n { b = 0 } } swap(d[a], d[b]) }
 * with k = swaps, or k = n when swaps < 0. */
int wash(card *d, unsigned n, long swaps, struct stuck *st)
{
    (void)st;
    long k = swaps >= 0 ? swaps : (long)n;
    for (long s = 0; s < k; s++) {
        unsigned a = r() % n;
        unsigned b = r() % n;
        if (a == b) {
            b = a + 1;
            if (b >= n)
                b = 0;
        }
        swap_cards(d, a, b);
    }
    return 0;
}
