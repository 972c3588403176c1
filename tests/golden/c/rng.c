/* srand()/rand() for the golden programs: the real glibc ones or the MSVC emulation (see rng.h).
 * No source loop lives here; this file only picks the generator and counts its calls. */
#include "rng.h"

#if defined(GOLDEN_RNG_MSVC)

#include "msvc_rand.h"
const char *const rng_name = "msvc";
const char *const rng_title = "MSVC rand() (emulated)";
const unsigned long rng_max = MSVC_RAND_MAX;
void seed(unsigned s) { msvc_srand(s); }
static unsigned raw(void) { return (unsigned)msvc_rand(); }

#elif defined(GOLDEN_RNG_GLIBC)

#include <stdlib.h>
/* The glibc files pin glibc's TYPE_3 generator (additive feedback, 31-bit output); another C library's
 * rand() would silently give other numbers. */
#if !defined(__GLIBC__)
#error "the glibc golden files need glibc's rand(); this C library is not glibc"
#endif
const char *const rng_name = "glibc";
const char *const rng_title = "glibc rand()";
const unsigned long rng_max = RAND_MAX;
void seed(unsigned s) { srand(s); }
static unsigned raw(void) { return (unsigned)rand(); }

#else
#error "compile with -DGOLDEN_RNG_GLIBC or -DGOLDEN_RNG_MSVC"
#endif

unsigned long rand_calls;

unsigned r(void)
{
    rand_calls++;
    return raw();
}
