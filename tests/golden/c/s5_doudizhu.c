/* Source S5: Dou Dizhu (斗地主) material, 54 cards numbered in rank order, with two shuffles:
 *     fisher-yates-forward  a forward swap shuffle, j = i + r() % (n-i)
 *     reject-retry-fixed    random destination with retry, r() % n (S3's method 1 with its bug fixed) */
#include <string.h>

#include "rng.h"
#include "shuffles.h"

/* for i in 0..n { j = i + r() % (n-i); swap(d[i], d[j]) }: n calls, the last one % 1. */
int fisher_yates_forward(card *d, unsigned n, long swaps, struct stuck *st)
{
    (void)swaps;
    (void)st;
    for (unsigned i = 0; i < n; i++) {
        unsigned j = i + r() % (n - i);
        swap_cards(d, i, j);
    }
    return 0;
}

/* for card in 0..n { loop { pos = r() % n; if d[pos] is empty break } d[pos] = card }, from an all-empty d.
 * Retries until every card has a slot (about n * H(n) calls). */
int reject_retry_fixed(card *d, unsigned n, long swaps, struct stuck *st)
{
    (void)swaps;
    card src[MAX_DECK];
    unsigned long calls = 0;
    memcpy(src, d, n * sizeof *d);
    for (unsigned p = 0; p < n; p++)
        d[p] = EMPTY;
    for (unsigned k = 0; k < n; k++) {
        unsigned long tries = 0;
        unsigned pos;
        for (;;) {
            if (tries == RETRY_CAP)
                return give_up(st, k, calls);
            pos = r() % n;
            tries++;
            if (d[pos] == EMPTY)
                break;
        }
        calls += tries;
        d[pos] = src[k];
    }
    return 0;
}
