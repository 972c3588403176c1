//! .NET's `System.Random(int seed)`: the seeded legacy generator, Knuth's subtractive method (TAOCP vol. 2,
//! §3.6, `ran3` of Numerical Recipes), as .NET Framework, .NET Core's compatibility implementation for seeded
//! instances and Mono all compute it.
//!
//! State: 55 ints in `1..=55`, two cursors. Seeding with `s`: take `|s|` (`Int32.MinValue` counts as
//! `Int32.MaxValue`), put `161803398 − |s|` in slot 55, then fill the slots in the order `21·i mod 55`
//! (i = 1..54) with a Fibonacci-like sequence of differences reduced into `0..2^31−1`; then four times over,
//! subtract from every slot `i` the slot `1 + (i + 30) mod 55`, adding `2^31 − 1` when the result is negative.
//! The cursors start at 0 and 21.
//!
//! A draw (`InternalSample`) advances both cursors (wrapping 56 to 1), takes the difference of the two slots
//! (`2^31 − 1` becomes `2^31 − 2`; a negative difference gets `2^31 − 1` added), stores it in the first slot and
//! returns it: a value in `0..=2^31−2`. `Next()` returns that value; `Next(max)` scales it through a double,
//! `(int)(sample · (1/(2^31 − 1)) · max)`, which is not exactly uniform: some values get one more of the
//! 2^31 − 1 samples than others, a relative bias of order `max / 2^31`.
//!
//! The raw output `r()` of this generator is `Next()`, 31 bits wide (it never reaches 2^31 − 1).

use super::{DeckBound, Draws, Family, RawRng, RngFacts, SeedParam, SeededRng, StateInit, StreamTwins};

/// `Int32.MaxValue`, the modulus of the subtractive method.
const MBIG: i32 = i32::MAX;
/// The seed's offset: the golden ratio's first digits.
const MSEED: i32 = 161_803_398;

/// `new System.Random(seed)`.
#[derive(Clone, Debug)]
pub struct DotnetRandom {
    slots: [i32; 56],
    next: usize,
    nextp: usize,
}

impl DotnetRandom {
    /// `new Random(seed)`.
    pub fn new(seed: i32) -> Self {
        let magnitude = if seed == i32::MIN { i32::MAX } else { seed.abs() };
        let mut slots = [0i32; 56];
        let mut mj = MSEED - magnitude;
        slots[55] = mj;
        let mut mk = 1i32;
        for i in 1..55 {
            let ii = (21 * i) % 55;
            slots[ii] = mk;
            mk = mj.wrapping_sub(mk);
            if mk < 0 {
                mk = mk.wrapping_add(MBIG);
            }
            mj = slots[ii];
        }
        for _ in 1..5 {
            for i in 1..56 {
                slots[i] = slots[i].wrapping_sub(slots[1 + (i + 30) % 55]);
                if slots[i] < 0 {
                    slots[i] = slots[i].wrapping_add(MBIG);
                }
            }
        }
        DotnetRandom { slots, next: 0, nextp: 21 }
    }

    /// `InternalSample()`, which is also `Next()`: a value in `0..=2^31−2`.
    #[inline(always)]
    pub fn next_int(&mut self) -> i32 {
        self.next = if self.next + 1 >= 56 { 1 } else { self.next + 1 };
        self.nextp = if self.nextp + 1 >= 56 { 1 } else { self.nextp + 1 };
        let mut v = self.slots[self.next].wrapping_sub(self.slots[self.nextp]);
        if v == MBIG {
            v -= 1;
        }
        if v < 0 {
            v = v.wrapping_add(MBIG);
        }
        self.slots[self.next] = v;
        v
    }

    /// `Sample()`: the draw as a double in `[0, 1)`.
    #[inline(always)]
    pub fn sample(&mut self) -> f64 {
        f64::from(self.next_int()) * (1.0 / f64::from(MBIG))
    }

    /// `Next(max)` for `max ≥ 0`: `(int)(Sample() · max)`.
    #[inline(always)]
    pub fn next_below(&mut self, max: i32) -> i32 {
        dotnet_scale(self.next_int(), max)
    }
}

/// `Next(max)` of the internal sample `sample` (`0..=2^31−2`): `(int)(sample · (1/(2^31 − 1)) · max)`, in the
/// same double operations as .NET. Shared by [`DotnetRandom`] and the seed searches.
#[inline(always)]
pub fn dotnet_scale(sample: i32, max: i32) -> i32 {
    (f64::from(sample) * (1.0 / f64::from(MBIG)) * f64::from(max)) as i32
}

impl RawRng for DotnetRandom {
    const BITS: u32 = 31;
    const SCALES: bool = true;

    #[inline(always)]
    fn r(&mut self) -> u32 {
        self.next_int() as u32
    }

    #[inline(always)]
    fn below(&mut self, m: u32) -> u32 {
        self.next_below(m as i32) as u32
    }

    #[inline(always)]
    fn sort_key(&mut self) -> u64 {
        // OrderBy(x => rng.Next()): the key is Next(), a non-negative int.
        u64::from(self.next_int() as u32)
    }
}

impl SeededRng for DotnetRandom {
    const FACTS: RngFacts = RngFacts {
        description: "System.Random(int): Knuth's subtractive generator; Next(max) = (int)(Sample()*max)",
        seeding_rule: "new Random(int)",
        seeding_call: "new Random(seed)",
        max_seed: i32::MAX as u64,
        seed_param: SeedParam::AbsInt32,
        twins: StreamTwins::None,
        os_key_bits: 256,
        library_shuffle: None,
        draws: Draws::Scaled("Next(m) = (int)(Sample() * m)"),
        family: Family::Dotnet,
        state_init: StateInit::DotnetKnuth,
        deck_bound: DeckBound::Streams,
    };

    /// The constructor takes an `int`: the tool's seed is checked to be at most 2^31 − 1 where the user gives it;
    /// derived seeds (one per chunk) keep their low 31 bits.
    fn from_seed_u64(seed: u64) -> Self {
        DotnetRandom::new((seed & 0x7fff_ffff) as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_stay_in_range() {
        for seed in [0, 1, 42, i32::MAX, -5, i32::MIN] {
            let mut g = DotnetRandom::new(seed);
            for _ in 0..10_000 {
                let v = g.next_int();
                assert!((0..i32::MAX).contains(&v));
                assert!((0..52).contains(&g.next_below(52)));
            }
        }
    }

    #[test]
    fn the_sign_of_the_seed_does_not_matter() {
        let (mut a, mut b) = (DotnetRandom::new(12345), DotnetRandom::new(-12345));
        for _ in 0..100 {
            assert_eq!(a.next_int(), b.next_int());
        }
        let (mut a, mut b) = (DotnetRandom::new(i32::MIN), DotnetRandom::new(i32::MAX));
        for _ in 0..100 {
            assert_eq!(a.next_int(), b.next_int());
        }
    }
}
