/* The source loops, one function per algorithm, grouped by the source they come from:
 *     s1_niuniu.c     S1 (v1 direct-draw, v2 mark-array, v3 fisher-yates; S2's Fisher-Yates is the same loop)
 *     s3_cpp_post.c   S3 (method 1 reject-retry as written, method 2 pair-swap, method 3 vec-erase)
 *     s4_wash.c       S4 (wash)
 *     s5_doudizhu.c   S5 (fisher-yates-forward, reject-retry-fixed)
 *
 * Every function shuffles d[0..n) in place: the cards it starts with are the cards it deals out, so a run
 * from the identity deck 0..n-1 and a run that permutes the previous result (--carry) use the same code.
 * Draws are r() % k with C's remainder, exactly as the sources write them: modulo bias included. */
#ifndef GOLDEN_SHUFFLES_H
#define GOLDEN_SHUFFLES_H

#include <stdbool.h>

typedef int card; /* a card id 0..n-1 */
#define EMPTY (-1) /* a slot no card has been put in yet (retry loops) */
#define MAX_DECK 1024

/* The retry loops (mark-array, reject-retry, reject-retry-fixed) give up after this many draws for one
 * card, so that reject-retry's endless loop can be recorded instead of hanging. */
#define RETRY_CAP (1ul << 20)

/* Where a retry loop gave up. */
struct stuck {
    unsigned placed;              /* cards already placed */
    unsigned card_index;          /* 0-based index of the card that found no slot */
    unsigned long calls_to_place; /* r() calls spent placing the cards before it */
};

/* Returns 0, or -1 when a retry loop hit RETRY_CAP (then *st says where, and d holds the partial deal with
 * EMPTY in the unfilled slots). swaps < 0 means the source's own count (pair-swap and wash only). */
typedef int shuffle_fn(card *d, unsigned n, long swaps, struct stuck *st);

shuffle_fn direct_draw, mark_array, fisher_yates;       /* S1 */
void niuniu_deal(unsigned s, unsigned players, card hands[][5]); /* S1's dealer */
shuffle_fn reject_retry, pair_swap, vec_erase;          /* S3 */
shuffle_fn wash;                                        /* S4 */
shuffle_fn fisher_yates_forward, reject_retry_fixed;    /* S5 */

static inline void swap_cards(card *d, unsigned a, unsigned b)
{
    card t = d[a];
    d[a] = d[b];
    d[b] = t;
}

static inline int give_up(struct stuck *st, unsigned k, unsigned long calls)
{
    st->placed = k;
    st->card_index = k;
    st->calls_to_place = calls;
    return -1;
}

#endif
