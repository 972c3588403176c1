/* An emulation of Microsoft's C runtime rand(), the generator the MSVC golden files were made with.
 *
 * A linear congruential generator modulo 2^32:
 *     state = state * 214013 + 2531011   (unsigned 32-bit arithmetic, so mod 2^32 for free)
 *     rand() = (state >> 16) & 0x7fff    (bits 16..30: 15 bits, RAND_MAX = 32767)
 * srand(s) sets the state to s; before any srand() the state is 1, as in the real runtime.
 *
 * Only rng.c includes this header. */
#ifndef GOLDEN_MSVC_RAND_H
#define GOLDEN_MSVC_RAND_H

#include <stdint.h>

#define MSVC_RAND_MAX 0x7fff

static uint32_t msvc_state = 1;

static inline void msvc_srand(unsigned seed) { msvc_state = (uint32_t)seed; }

static inline int msvc_rand(void)
{
    msvc_state = (uint32_t)(msvc_state * 214013u + 2531011u);
    return (int)((msvc_state >> 16) & MSVC_RAND_MAX);
}

#endif
