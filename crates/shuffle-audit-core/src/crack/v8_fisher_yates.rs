//! V8's `Math.random` state from shown Fisher–Yates deals: the loop `j = Math.floor(Math.random() * (i + 1))`,
//! `swap(d[i], d[j])` for i = n − 1 down to 1, each deck starting as `0..n`.
//!
//! **What a card says.** A shown deck gives back every `j` of its loop (replaying the loop forward, `j` is where
//! the card that ended at position i sat when step i came). `j = floor(x · (i + 1))` bounds `x` to the doubles
//! whose product floors to j: an interval of 52-bit mantissas `[lo, hi]` (computed with the same double product
//! as JavaScript, so a product rounded up to the next integer is accounted for). Every mantissa in it shares the
//! leading bits where `lo` and `hi` agree: `log2(i + 1)` bits when `i + 1` is a power of two, and in general
//! the common prefix of the interval's ends (zero bits when it straddles a boundary of a dyadic block). Each
//! known bit is a bit of `state0` after some xorshift128+ step, which is a linear function over GF(2) of the
//! 128 bits of the state the refill started from ([`crate::rng::xorshift128_step`] is shifts and xors only):
//! one equation per bit.
//!
//! **The cache.** Values are generated 64 at a time and served in reverse, so the k-th value served after a
//! refill is the (64 − k)-th generated. Where the first shown value sits in its block of 64 is not known (the
//! program may have called `Math.random` before the first deal shown): every one of the 64 alignments is tried
//! as its own system of equations, the unknown being the state at the refill before the first shown value. A
//! wrong alignment ties the bits to the wrong steps and contradicts itself once the deals cross a refill; the
//! state is determined when exactly one alignment is left and its equations have rank 128.
//!
//! Once an alignment's equations fix the state, the state is replayed against every shown card with the exact
//! `Math.floor(x * k)` (which uses all of a card's information, not only the shared leading bits): one card it
//! deals differently rules the alignment out. Wrong alignments agree with the right one except on the draws next
//! to a refill, so the cards needed depend on where the shown deals cross one. The next deal is dealt from the
//! one state left. The computation is exact and deterministic.

use super::gf2::{Added, Gf2System};
use crate::cards::Card;
use crate::rng::{V8_CACHE_SIZE, V8MathRandom, scale};

/// Mantissa bits of a `Math.random()` value.
const MANTISSA_BITS: u32 = 52;

/// One draw of the loop as a shown deck reveals it: `j = floor(x · k)` with `k = i + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShownDraw {
    /// The deal it belongs to, 0-based.
    pub deal: usize,
    /// The position the step settled (`i`): the deck's last position first.
    pub position: usize,
    pub k: u32,
    pub j: u32,
}

/// The draws `(k, j)` of one Fisher–Yates deck, in the loop's order (i = n − 1 down to 1). `deck` must be a
/// permutation of `0..n` (the deck parser checks it); the loop can deal every permutation, each in one way.
pub fn fisher_yates_draws(deck: &[Card], deal: usize) -> Vec<ShownDraw> {
    let n = deck.len();
    let mut current: Vec<Card> = (0..n as Card).collect();
    let mut position_of: Vec<usize> = (0..n).collect();
    let mut out = Vec::with_capacity(n.saturating_sub(1));
    for i in (1..n).rev() {
        let card = deck[i];
        let j = position_of[usize::from(card)];
        debug_assert!(j <= i, "the cards above i are settled");
        let other = current[i];
        current.swap(i, j);
        position_of[usize::from(other)] = j;
        position_of[usize::from(card)] = i;
        out.push(ShownDraw { deal, position: i, k: (i + 1) as u32, j: j as u32 });
    }
    out
}

/// The smallest mantissa `m` whose value `m / 2^52` scales to at least `j` (`2^52` when none does).
fn first_mantissa_scaling_to(j: u32, k: u32) -> u64 {
    let top = 1u64 << MANTISSA_BITS;
    if j == 0 {
        return 0;
    }
    if j >= k {
        return top;
    }
    let f = |m: u64| scale(m as f64 / top as f64, k);
    // The exact quotient's ceiling, then a few steps either way for the product's rounding.
    let mut m = ((u128::from(j) << MANTISSA_BITS).div_ceil(u128::from(k))) as u64;
    while m > 0 && f(m - 1) >= j {
        m -= 1;
    }
    while m < top && f(m) < j {
        m += 1;
    }
    m
}

/// The leading mantissa bits every `x` with `floor(x · k) = j` shares: `(count, bits)`, the bits as the top
/// `count` bits of the 52 (right-aligned in `bits`). `None` when no double gives `j`.
pub fn known_bits(j: u32, k: u32) -> Option<(u32, u64)> {
    let lo = first_mantissa_scaling_to(j, k);
    let end = first_mantissa_scaling_to(j + 1, k);
    if end <= lo {
        return None;
    }
    let hi = end - 1;
    let differ = 64 - (lo ^ hi).leading_zeros();
    let count = MANTISSA_BITS - differ;
    Some((count, lo >> differ))
}

/// The `state0` words after each xorshift128+ step, as linear forms of the 128 bits of the starting state:
/// bit t of the word is `forms[t] · (state0 bits 0..64, state1 bits 64..128)`.
struct SymbolicSteps {
    s0: [u128; 64],
    s1: [u128; 64],
    /// `words[g]`: the forms of `state0` after step g + 1.
    words: Vec<[u128; 64]>,
}

impl SymbolicSteps {
    fn new() -> Self {
        SymbolicSteps {
            s0: std::array::from_fn(|t| 1u128 << t),
            s1: std::array::from_fn(|t| 1u128 << (64 + t)),
            words: Vec::new(),
        }
    }

    /// The word of step `g` (1-based), stepping on as far as needed.
    fn word(&mut self, g: usize) -> &[u128; 64] {
        while self.words.len() < g {
            // V8's step on forms: x = old state0, y = old state1; x ^= x << 23; x ^= x >> 17; x ^= y;
            // x ^= y >> 26; then (state0, state1) = (y, x).
            let mut x = self.s0;
            let y = self.s1;
            for t in (23..64).rev() {
                x[t] ^= x[t - 23];
            }
            for t in 0..64 - 17 {
                x[t] ^= x[t + 17];
            }
            for t in 0..64 {
                x[t] ^= y[t];
                if t + 26 < 64 {
                    x[t] ^= y[t + 26];
                }
            }
            self.s0 = y;
            self.s1 = x;
            self.words.push(y);
        }
        &self.words[g - 1]
    }
}

/// The xorshift128+ step (1-based, counted from the refill the unknown state starts) that produced the value
/// served `served` values after the first shown one, when the first shown one is value `offset` of its block.
fn step_of(offset: usize, served: usize) -> usize {
    let u = offset + served;
    V8_CACHE_SIZE * (u / V8_CACHE_SIZE) + (V8_CACHE_SIZE - u % V8_CACHE_SIZE)
}

/// One alignment of the cache and what the shown draws did to it.
#[derive(Clone, Debug)]
struct Alignment {
    offset: usize,
    system: Gf2System,
    /// The draws after which the rank first reached 128, and the state the equations then fixed.
    determined: Option<(usize, u128)>,
    /// The draws after which this alignment was ruled out: its equations contradicted each other, or the state
    /// they fixed deals a shown card differently.
    ruled_out_after: Option<usize>,
}

impl Alignment {
    /// Adds the known bits of the draws in order until the state is fixed (then every later equation is implied
    /// or contradicts, which the exact replay decides with all of the draw's information) or they contradict.
    fn solve(&mut self, known: &[Option<(u32, u64)>], steps: &mut SymbolicSteps) {
        for (served, bits) in known.iter().enumerate() {
            let Some((count, value)) = *bits else {
                self.ruled_out_after = Some(served + 1);
                return;
            };
            let word = steps.word(step_of(self.offset, served));
            // Mantissa bit b (of 52, from the bottom) is bit b + 12 of state0; the known ones are the top `count`.
            for t in 0..count {
                let b = MANTISSA_BITS - 1 - t;
                let rhs = (value >> (count - 1 - t)) & 1 == 1;
                if self.system.add(word[(b + 12) as usize], rhs) == Added::Contradiction {
                    self.ruled_out_after = Some(served + 1);
                    return;
                }
            }
            if let Some(x) = self.system.solution() {
                self.determined = Some((served + 1, x));
                return;
            }
        }
    }
}

/// The generator at the unknown state `x` (`state0` the low 64 bits), moved past the `offset` values served
/// before the first shown one.
fn generator_at(x: u128, offset: usize) -> V8MathRandom {
    let mut rng = V8MathRandom::from_state(x as u64, (x >> 64) as u64);
    for _ in 0..offset {
        rng.next_f64();
    }
    rng
}

/// The first shown draw that state `x` deals differently (by the exact `Math.floor(x * k)`), if any.
fn first_mismatch(x: u128, offset: usize, draws: &[ShownDraw]) -> Option<usize> {
    let mut rng = generator_at(x, offset);
    draws.iter().position(|d| rng.below(d.k) != d.j)
}

/// The recovered state of `Math.random` and what it predicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct V8Recovery {
    /// The xorshift128+ state at the refill before the first shown value.
    pub state0: u64,
    pub state1: u64,
    /// Where the first shown value sat in its block of 64: 0 when it was the first of a refill.
    pub cache_offset: usize,
    /// The fewest shown draws (in the loop's order, deal by deal) after which the state was determined: one
    /// alignment left, of rank 128.
    pub draws_used: usize,
    /// The deal and position of the last draw used.
    pub last_used: (usize, usize),
    /// Draws shown in all.
    pub draws_shown: usize,
    /// The `node --random_seed` whose first refill is `(state0, state1)`, when it is one.
    pub node_seed: Option<u32>,
    /// The xorshift128+ state after the shown deals, and values left in the cache (the next one served is the
    /// last of them).
    pub state_after: (u64, u64),
    pub cached_after: usize,
    /// The next deal, of the last shown deck's size.
    pub next_deck: Vec<Card>,
}

/// Why the shown deals do not give the state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum V8RecoveryError {
    /// No alignment of the cache is consistent with the shown cards: they are not consecutive Fisher–Yates
    /// deals of one `Math.random`. `deal` (0-based) and `position` locate the draw where the last alignment
    /// standing failed.
    Inconsistent { deal: usize, position: usize },
    /// Consistent, but the state is not determined yet: `known_bits` of 128 (the most any alignment still
    /// standing has), `alignments` still standing.
    Undetermined { known_bits: u32, alignments: usize, draws: usize },
    /// No deck was shown.
    Empty,
}

/// Recovers the state from `decks`, the consecutive deals of one `Math.random` (each a permutation of `0..n`).
pub fn recover_fisher_yates(decks: &[Vec<Card>]) -> Result<V8Recovery, V8RecoveryError> {
    let draws: Vec<ShownDraw> = decks.iter().enumerate().flat_map(|(d, deck)| fisher_yates_draws(deck, d)).collect();
    let next_n = decks.last().ok_or(V8RecoveryError::Empty)?.len();
    let known: Vec<Option<(u32, u64)>> = draws.iter().map(|d| known_bits(d.j, d.k)).collect();
    let mut steps = SymbolicSteps::new();
    let mut alignments: Vec<Alignment> = (0..V8_CACHE_SIZE)
        .map(|offset| Alignment { offset, system: Gf2System::new(), determined: None, ruled_out_after: None })
        .collect();
    for a in &mut alignments {
        a.solve(&known, &mut steps);
        if let Some((after, x)) = a.determined {
            // Its state is fixed from `after` draws on: ruled out from the first card it deals differently.
            a.ruled_out_after = first_mismatch(x, a.offset, &draws).map(|m| (m + 1).max(after));
        }
    }
    let standing: Vec<&Alignment> = alignments.iter().filter(|a| a.ruled_out_after.is_none()).collect();
    if standing.is_empty() {
        let last = alignments.iter().filter_map(|a| a.ruled_out_after).max().unwrap_or(1);
        let d = draws[last.clamp(1, draws.len().max(1)) - 1];
        return Err(V8RecoveryError::Inconsistent { deal: d.deal, position: d.position });
    }
    let (only, (determined_after, x)) = match standing[..] {
        [only] if only.determined.is_some() => (only, only.determined.unwrap_or_default()),
        _ => {
            return Err(V8RecoveryError::Undetermined {
                known_bits: standing.iter().map(|a| a.system.rank()).max().unwrap_or(0),
                alignments: standing.len(),
                draws: draws.len(),
            });
        }
    };
    // The state is determined once its own equations fix it and every other alignment is ruled out.
    let ruled_out = alignments.iter().filter_map(|a| a.ruled_out_after).max().unwrap_or(0);
    let draws_used = determined_after.max(ruled_out);
    let last = draws[draws_used - 1];
    let (state0, state1) = (x as u64, (x >> 64) as u64);
    let mut rng = generator_at(x, only.offset);
    for d in &draws {
        rng.below(d.k);
    }
    let (state_after, cached_after) = (rng.state(), rng.cached());
    let mut next_deck: Vec<Card> = (0..next_n as Card).collect();
    for i in (1..next_n).rev() {
        let j = rng.below((i + 1) as u32) as usize;
        next_deck.swap(i, j);
    }
    Ok(V8Recovery {
        state0,
        state1,
        cache_offset: only.offset,
        draws_used,
        last_used: (last.deal, last.position),
        draws_shown: draws.len(),
        node_seed: (only.offset == 0).then(|| crate::rng::node_seed_of_state(state0, state1)).flatten(),
        state_after,
        cached_after,
        next_deck,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{RawRng, xorshift128_step};
    use crate::shuffle::{FisherYates, Scratch, Shuffle};

    fn deal(rng: &mut V8MathRandom, n: usize) -> Vec<Card> {
        let mut deck: Vec<Card> = (0..n as Card).collect();
        FisherYates.shuffle(&mut deck, rng, &mut Scratch::new(n)).unwrap();
        deck
    }

    #[test]
    fn draws_replay_the_loop() {
        let mut rng = V8MathRandom::node_seed(9);
        let mut check = rng.clone();
        let deck = deal(&mut rng, 52);
        for d in fisher_yates_draws(&deck, 0) {
            assert_eq!(check.below(d.k), d.j);
        }
    }

    #[test]
    fn known_bits_hold_for_every_mantissa_of_the_interval() {
        for k in [2u32, 3, 7, 8, 52, 54, 1000] {
            for j in 0..k.min(60) {
                let (count, bits) = known_bits(j, k).unwrap();
                let lo = first_mantissa_scaling_to(j, k);
                let hi = first_mantissa_scaling_to(j + 1, k) - 1;
                for m in [lo, hi, lo + (hi - lo) / 2] {
                    assert_eq!(scale(m as f64 / 2f64.powi(52), k), j);
                    assert_eq!(m >> (52 - count), bits, "j {j} k {k}");
                }
                assert_ne!(scale((hi + 1) as f64 / 2f64.powi(52), k), j);
                if k.is_power_of_two() {
                    assert_eq!(count, k.trailing_zeros());
                }
            }
        }
    }

    #[test]
    fn symbolic_steps_match_the_generator() {
        let (a, b) = (0x0123_4567_89AB_CDEFu64, 0xFEDC_BA98_7654_3210u64);
        let x = u128::from(a) | (u128::from(b) << 64);
        let mut steps = SymbolicSteps::new();
        let (mut s0, mut s1) = (a, b);
        for g in 1..200 {
            (s0, s1) = xorshift128_step(s0, s1);
            let word = steps.word(g);
            for (t, form) in word.iter().enumerate() {
                assert_eq!((form & x).count_ones() & 1 == 1, (s0 >> t) & 1 == 1, "step {g} bit {t}");
            }
        }
    }

    #[test]
    fn recovers_from_the_first_refill_and_from_the_middle_of_a_cache() {
        for (seed, skip) in [(1u32, 0usize), (42, 17), (7, 63), (123_456_789, 64 * 3 + 5)] {
            let mut rng = V8MathRandom::node_seed(seed);
            for _ in 0..skip {
                rng.r();
            }
            let decks: Vec<Vec<Card>> = (0..3).map(|_| deal(&mut rng, 52)).collect();
            let next = deal(&mut rng, 52);
            let got = recover_fisher_yates(&decks).unwrap();
            assert_eq!(got.next_deck, next, "seed {seed} skip {skip}");
            assert_eq!(got.cache_offset, skip % 64);
            assert_eq!(got.node_seed, (skip == 0).then_some(seed));
            assert!(got.draws_used <= 3 * 51);
        }
    }

    #[test]
    fn few_cards_are_undetermined_and_foreign_decks_inconsistent() {
        let mut rng = V8MathRandom::node_seed(5);
        let one = vec![deal(&mut rng, 10)];
        assert!(matches!(recover_fisher_yates(&one), Err(V8RecoveryError::Undetermined { .. })));
        // Decks from another generator: r() % (i + 1) of a simple LCG.
        let mut s = 12345u64;
        let decks: Vec<Vec<Card>> = (0..4)
            .map(|_| {
                let mut d: Vec<Card> = (0..52).collect();
                for i in (1..52).rev() {
                    s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    d.swap(i, ((s >> 33) % (i as u64 + 1)) as usize);
                }
                d
            })
            .collect();
        assert!(matches!(recover_fisher_yates(&decks), Err(V8RecoveryError::Inconsistent { .. })));
    }
}
