/* The driver: runs one source loop (s1_niuniu.c .. s5_doudizhu.c) and prints one golden file on stdout,
 * header included, in the format tests/integration/golden.rs reads. It is compiled twice, once per generator (rng.c),
 * and scripts/golden.sh calls it once per file.
 *
 * Usage:
 *     golden rand                                       rand.<rng>.first20.txt
 *     golden ALGORITHM DECK COUNT [--swaps K] [--carry]  ALGORITHM.<rng>[.carry].txt
 *     golden niuniu-deal SEED PLAYERS                    s1-deal.<rng>.txt (S1's dealer, one deal)
 * For every seed (1, then 42): srand(seed) once, then COUNT shuffles back to back, the deck reset to 0..n-1
 * before each one unless --carry. Two algorithms have their own format:
 *     direct-draw    COUNT deals of 20 consecutive ids (the draws of successive direct-draw decks)
 *     reject-retry   COUNT must be 1: the one attempt, and where it gets stuck */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "shuffles.h"

static const unsigned seeds[] = {1, 42};
#define NSEEDS (sizeof seeds / sizeof seeds[0])

#define DEAL 20 /* ids per direct-draw deal */

static const struct {
    const char *name;
    shuffle_fn *fn;
} algorithms[] = {
    {"fisher-yates", fisher_yates},
    {"fisher-yates-forward", fisher_yates_forward},
    {"pair-swap", pair_swap},
    {"wash", wash},
    {"vec-erase", vec_erase},
    {"reject-retry", reject_retry},
    {"reject-retry-fixed", reject_retry_fixed},
    {"mark-array", mark_array},
    {"direct-draw", direct_draw},
};

static void die(const char *msg)
{
    fprintf(stderr, "golden: %s\n", msg);
    exit(1);
}

static void usage(void)
{
    fprintf(stderr, "usage: golden rand\n"
                    "       golden ALGORITHM DECK COUNT [--swaps K] [--carry]\n"
                    "       golden niuniu-deal SEED PLAYERS\n"
                    "algorithms:");
    for (size_t a = 0; a < sizeof algorithms / sizeof algorithms[0]; a++)
        fprintf(stderr, " %s", algorithms[a].name);
    fprintf(stderr, "\n");
    exit(2);
}

static unsigned long number(const char *s, unsigned long lo, unsigned long hi)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || end == s || *end || *s == '-' || v < lo || v > hi) {
        fprintf(stderr, "golden: '%s' is not a number in %lu..%lu\n", s, lo, hi);
        exit(2);
    }
    return v;
}

static void reset(card *d, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        d[i] = (card)i;
}

static const char *ordinal(unsigned k)
{
    if (k % 100 >= 11 && k % 100 <= 13)
        return "th";
    return k % 10 == 1 ? "st" : k % 10 == 2 ? "nd" : k % 10 == 3 ? "rd" : "th";
}

/* The smallest power of two p with (rand() & 1) repeating every p outputs, over a window of 2^22 outputs
 * after srand(1). An LCG modulo 2^32 has a power-of-two period in each bit, so this finds it exactly. */
#define WINDOW_BITS 22
static unsigned low_bit_period_log2(void)
{
    static unsigned char bit[1ul << WINDOW_BITS];
    const unsigned long w = 1ul << WINDOW_BITS;
    seed(1);
    for (unsigned long i = 0; i < w; i++)
        bit[i] = r() & 1;
    for (unsigned e = 0; e < WINDOW_BITS; e++) {
        unsigned long p = 1ul << e, i = 0;
        while (i + p < w && bit[i] == bit[i + p])
            i++;
        if (i + p == w)
            return e;
    }
    die("no power-of-two period of rand() & 1 within the window");
    return 0;
}

/* rand.<rng>.first20.txt: the first 20 outputs after srand(1) and after srand(42). */
static void print_first20(void)
{
    printf("# %s, RAND_MAX=%lu\n", rng_title, rng_max);
    if (strcmp(rng_name, "msvc") == 0) { /* the LCG's weak low bit; glibc's has no such short period */
        unsigned e = low_bit_period_log2();
        printf("# period of (rand() & 1) found by search over powers of two: %lu (2^%u = %lu)\n", 1ul << e, e,
               1ul << e);
    }
    for (size_t s = 0; s < NSEEDS; s++) {
        seed(seeds[s]);
        printf("srand(%u):", seeds[s]);
        for (int i = 0; i < 20; i++)
            printf(" %u", r());
        printf("\n");
    }
}

static void print_ids(const card *d, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (d[i] == EMPTY)
            printf(" -");
        else
            printf(" %d", d[i]);
    }
    printf("\n");
}

/* ALGORITHM.<rng>[.carry].txt: one row per shuffle, "seed shuffle rand_calls | deck". */
static void print_shuffles(const char *name, shuffle_fn *fn, unsigned n, unsigned long count, long swaps,
                           bool carry)
{
    printf("# algorithm: %s   deck: %u   rng: %s", name, n, rng_name);
    if (swaps >= 0)
        printf("   --swaps %ld", swaps);
    printf("\n# srand(seed) once, then %lu shuffle%s back to back; %s\n", count, count == 1 ? "" : "s",
           carry ? "each shuffle permutes the previous result (--carry)"
                 : "the deck is reset to 0..n-1 before each shuffle");
    printf("# card ids are 0-based: deck[0] deck[1] ... deck[n-1]\n");
    printf("# seed shuffle rand_calls | deck\n");
    for (size_t s = 0; s < NSEEDS; s++) {
        card d[MAX_DECK];
        struct stuck st;
        seed(seeds[s]);
        reset(d, n);
        for (unsigned long t = 1; t <= count; t++) {
            if (!carry)
                reset(d, n);
            rand_calls = 0;
            if (fn(d, n, swaps, &st) != 0)
                die("a retry loop gave up (RETRY_CAP draws for one card)");
            printf("%u %lu %lu |", seeds[s], t, rand_calls);
            print_ids(d, n);
        }
    }
}

/* direct-draw.<rng>.txt: deals of DEAL consecutive draws r() % n, cut from successive direct-draw decks of
 * one stream, so the first deal is the first DEAL ids of the first direct-draw deck. */
static void print_deals(unsigned n, unsigned long deals)
{
    printf("# algorithm: direct-draw   deck: %u   rng: %s\n", n, rng_name);
    printf("# srand(seed) once; each deal is %d consecutive draws rand() %% %u (no de-duplication)\n", DEAL, n);
    printf("# so the first %d ids of a direct-draw deck are the first deal below\n", DEAL);
    printf("# seed deal | %d ids\n", DEAL);
    for (size_t s = 0; s < NSEEDS; s++) {
        card d[MAX_DECK];
        struct stuck st;
        unsigned next = n; /* ids of the current deck already dealt */
        seed(seeds[s]);
        for (unsigned long k = 1; k <= deals; k++) {
            printf("%u %lu |", seeds[s], k);
            for (int i = 0; i < DEAL; i++) {
                if (next == n) {
                    reset(d, n);
                    direct_draw(d, n, -1, &st);
                    next = 0;
                }
                printf(" %d", d[next++]);
            }
            printf("\n");
        }
    }
}

/* reject-retry.<rng>.txt: the one attempt per seed, which places n-1 cards and then loops on the last. */
static void print_stuck(unsigned n)
{
    printf("# algorithm: reject-retry (as written: pos = rand() %% (n-1))   deck: %u   rng: %s\n", n, rng_name);
    printf("# srand(seed) once, then ONE attempt: %u cards fill positions 0..%u, the draw for the %u%s card "
           "never finds a free slot\n",
           n - 1, n - 2, n, ordinal(n));
    printf("# seed cards_placed stuck_on_card(1-based) rand_calls_to_place_the_%u | dest[0..%u] as 0-based "
           "card ids, '-' = empty\n",
           n - 1, n - 1);
    for (size_t s = 0; s < NSEEDS; s++) {
        card d[MAX_DECK];
        struct stuck st;
        seed(seeds[s]);
        reset(d, n);
        if (reject_retry(d, n, -1, &st) == 0 || st.placed != n - 1 || st.card_index != n - 1)
            die("reject-retry did not get stuck on the last card, as the header says");
        printf("%u %u %u %lu |", seeds[s], st.placed, st.card_index + 1, st.calls_to_place);
        print_ids(d, n);
    }
}

/* s1-deal.<rng>.txt: one deal of S1's Niu-Niu dealer after srand(SEED), as a player would be dealt it. */
static void print_niuniu_deal(unsigned s, unsigned players)
{
    card hands[10][5];
    niuniu_deal(s, players, hands);
    printf("# S1 Niu-Niu dealer: srand(%u) once, fisher-yates on a fresh 52-card deck, 5 cards to each of %u "
           "players in blocks   rng: %s\n",
           s, players, rng_name);
    printf("# player | 0-based card ids in deal order (player p gets d[5p..5p+5))\n");
    for (unsigned p = 0; p < players; p++) {
        printf("%u |", p + 1);
        print_ids(hands[p], 5);
    }
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "rand") == 0) {
        print_first20();
    } else if (argc == 4 && strcmp(argv[1], "niuniu-deal") == 0) {
        print_niuniu_deal((unsigned)number(argv[2], 0, 4294967295ul), (unsigned)number(argv[3], 2, 10));
    } else if (argc >= 4) {
        shuffle_fn *fn = NULL;
        for (size_t a = 0; a < sizeof algorithms / sizeof algorithms[0]; a++)
            if (strcmp(argv[1], algorithms[a].name) == 0)
                fn = algorithms[a].fn;
        if (!fn)
            usage();
        unsigned n = (unsigned)number(argv[2], 2, MAX_DECK);
        unsigned long count = number(argv[3], 1, 1000000);
        long swaps = -1;
        bool carry = false;
        for (int i = 4; i < argc; i++) {
            if (strcmp(argv[i], "--carry") == 0)
                carry = true;
            else if (strcmp(argv[i], "--swaps") == 0 && i + 1 < argc)
                swaps = (long)number(argv[++i], 0, 1000000);
            else
                usage();
        }
        if (swaps >= 0 && fn != pair_swap && fn != wash)
            die("--swaps is for pair-swap and wash only");
        if (fn == direct_draw) {
            if (carry || swaps >= 0)
                die("direct-draw deals take neither --carry nor --swaps");
            print_deals(n, count);
        } else if (fn == reject_retry) {
            if (carry || count != 1)
                die("reject-retry makes ONE attempt per seed: COUNT 1, no --carry");
            print_stuck(n);
        } else {
            print_shuffles(argv[1], fn, n, count, swaps, carry);
        }
    } else {
        usage();
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("golden: stdout");
        return 1;
    }
    return 0;
}
