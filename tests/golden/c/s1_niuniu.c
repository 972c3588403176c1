/* Source S1: a C tutorial on a Niu-Niu (斗牛) dealer for 52 cards, in three successive versions.
 *     v1  direct-draw    each position takes the card r() % n; nothing stops a card coming up twice
 *     v2  mark-array     draw a card r() % n, draw again while it is already dealt
 *     v3  fisher-yates   Durstenfeld's backward Fisher-Yates (S2 writes the same loop with randint(0, i))
 * All three index the deck they are given, so card "c" below means the c-th card of the incoming deck. */
#include <string.h>

#include "rng.h"
#include "shuffles.h"

/* v1: for i in 0..n { d[i] = r() % n }. Not a permutation: repeats and missing cards. */
int direct_draw(card *d, unsigned n, long swaps, struct stuck *st)
{
    (void)swaps;
    (void)st;
    card src[MAX_DECK];
    memcpy(src, d, n * sizeof *d);
    for (unsigned i = 0; i < n; i++)
        d[i] = src[r() % n];
    return 0;
}

/* v2: for i in 0..n { loop { c = r() % n; if !used[c] break } used[c] = true; d[i] = c }. */
int mark_array(card *d, unsigned n, long swaps, struct stuck *st)
{
    (void)swaps;
    card src[MAX_DECK];
    bool used[MAX_DECK] = {false};
    unsigned long calls = 0;
    memcpy(src, d, n * sizeof *d);
    for (unsigned i = 0; i < n; i++) {
        unsigned long tries = 0;
        unsigned c;
        for (;;) {
            if (tries == RETRY_CAP) {
                for (unsigned p = i; p < n; p++)
                    d[p] = EMPTY;
                return give_up(st, i, calls);
            }
            c = r() % n;
            tries++;
            if (!used[c])
                break;
        }
        calls += tries;
        used[c] = true;
        d[i] = src[c];
    }
    return 0;
}

/* v3: for i in (1..n).rev() { j = r() % (i+1); swap(d[i], d[j]) }: n-1 calls. */
int fisher_yates(card *d, unsigned n, long swaps, struct stuck *st)
{
    (void)swaps;
    (void)st;
    for (unsigned i = n - 1; i > 0; i--) {
        unsigned j = r() % (i + 1);
        swap_cards(d, i, j);
    }
    return 0;
}

/* The dealer itself: srand(seed) once (the tutorial calls srand(time(NULL))), a fresh deck d[i] = i, v3's
 * Fisher-Yates, then 5 cards to each player in blocks: player p gets d[5p .. 5p+5). */
void niuniu_deal(unsigned s, unsigned players, card hands[][5])
{
    card d[52];
    struct stuck st;
    seed(s);
    for (unsigned i = 0; i < 52; i++)
        d[i] = (card)i;
    fisher_yates(d, 52, -1, &st);
    for (unsigned p = 0; p < players; p++)
        for (unsigned k = 0; k < 5; k++)
            hands[p][k] = d[5 * p + k];
}
