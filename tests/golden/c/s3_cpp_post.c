/* Source S3: a C++ post with three shuffles (written here in C; the draws and their order are the post's).
 *     method 1  reject-retry   each card draws a destination r() % (n-1) until it finds an empty one.
 *                              As written it never terminates: slot n-1 can never come up, so once n-1
 *                              cards fill slots 0..n-2 the last card retries forever. Here the retry loop
 *                              stops after RETRY_CAP draws and reports where it stuck.
 *     method 2  pair-swap      r() % 1023 random pair swaps
 *     method 3  vec-erase      draw r() % len, erase that card from a vector and deal it
 * (The corrected method 1, r() % n, is reject_retry_fixed in s5_doudizhu.c, where S5 writes it.) */
#include <string.h>

#include "rng.h"
#include "shuffles.h"

/* Method 1 as written: for card in 0..n { loop { pos = r() % (n-1); if d[pos] is empty break }
 * d[pos] = card }, from an all-empty d. Always returns -1 with d holding the n-1 placed cards. */
int reject_retry(card *d, unsigned n, long swaps, struct stuck *st)
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
            pos = r() % (n - 1); /* the bug: n-1 is out of reach */
            tries++;
            if (d[pos] == EMPTY)
                break;
        }
        calls += tries;
        d[pos] = src[k];
    }
    return 0;
}

/* Method 2: cnt = r() % 1023; repeat cnt times { p1 = r() % n; p2 = r() % n; swap(d[p1], d[p2]) }.
 * swaps >= 0 replaces the drawn count by a fixed one (then the count costs no call). */
int pair_swap(card *d, unsigned n, long swaps, struct stuck *st)
{
    (void)st;
    long cnt = swaps >= 0 ? swaps : (long)(r() % 1023);
    for (long s = 0; s < cnt; s++) {
        unsigned p1 = r() % n;
        unsigned p2 = r() % n;
        swap_cards(d, p1, p2);
    }
    return 0;
}

/* Method 3: v = the deck; while v is not empty { t = r() % len(v); deal v[t]; erase v[t] }.
 * The remainder takes the length before the erase: n calls, the last one % 1. */
int vec_erase(card *d, unsigned n, long swaps, struct stuck *st)
{
    (void)swaps;
    (void)st;
    card v[MAX_DECK];
    unsigned len = n;
    memcpy(v, d, n * sizeof *d);
    for (unsigned k = 0; len > 0; k++) {
        unsigned t = r() % len;
        len--;
        d[k] = v[t];
        memmove(&v[t], &v[t + 1], (len - t) * sizeof *v); /* v.erase(v.begin() + t) */
    }
    return 0;
}
