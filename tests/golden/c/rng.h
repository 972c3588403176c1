/* The generator the shuffles draw from, chosen when the programs are compiled (see rng.c):
 *     -DGOLDEN_RNG_GLIBC   the C library's own srand()/rand(), which must be glibc's
 *     -DGOLDEN_RNG_MSVC    the MSVC rand() emulation of msvc_rand.h
 *
 * Every loop draws through r(): one raw generator output, exactly what rand() returns. r() also counts its
 * calls in rand_calls, which the golden files record per shuffle. */
#ifndef GOLDEN_RNG_H
#define GOLDEN_RNG_H

extern const char *const rng_name;  /* "glibc" or "msvc", as in the golden file names */
extern const char *const rng_title; /* how the rand.*.first20.txt header names it */
extern const unsigned long rng_max; /* RAND_MAX */
extern unsigned long rand_calls;    /* calls to r() since it was last set to 0 */

void seed(unsigned s); /* srand(s) */
unsigned r(void);      /* rand(), counted */

#endif
