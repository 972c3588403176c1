//! The battery's one pass over a deck of at most 64 cards: every streaming statistic that reads the deck in
//! order is updated in the same loop, with no allocation.
//!
//! For position p holding card c the loop does:
//! - position-by-card: `position[p·n + c] += 1`;
//! - adjacency: `adjacency[deck[p−1]·n + c] += 1`;
//! - fixed points: `c == p`;
//! - inversions and rising sequences from one 64-bit mask `seen` of the cards already passed: with
//!   `above = seen >> (c + 1)`, the larger cards seen before c are `popcount(above)` (c's inversions), and card
//!   c + 1 lies before card c iff `above & 1` (a descent of the inverse permutation; rising sequences are
//!   `1 + descents`, Bayer & Diaconis 1992);
//! - the inverse permutation, written in place over the previous deck's: `from = inverse[c]` is where c was
//!   in the previous deck, so serial correlation counts `serial[from·n + p] += 1` before `inverse[c] = p`.
//!
//! Which of these run is fixed per battery by the const parameters of [`pass`], chosen once when the battery is
//! built ([`kernel`]), so an unselected statistic costs nothing per card. On x86-64 the kernel is compiled a
//! second time with the `popcnt` instruction and that copy is chosen at run time where the processor has it
//! (the default target must run on any x86-64, whose software popcount is about ten instructions).
//!
//! Cycles need a walk, not a pass: see [`super::cycles::count_cycles_with_inverse`], which uses the inverse
//! written here.

use crate::cards::Card;

/// Where one deck is counted. Slices of the statistics that are off are empty and never touched.
pub(super) struct Sinks<'a> {
    pub position: &'a mut [u64],
    pub adjacency: &'a mut [u64],
    pub serial: &'a mut [u64],
    /// The previous deck's inverse on entry (when `pair`), this deck's on exit.
    pub inverse: &'a mut [Card],
    /// Count serial transitions from the previous deck (`inverse` holds its inverse).
    pub pair: bool,
}

/// The per-deck totals of the pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct PassTotals {
    pub fixed_points: usize,
    pub inversions: u64,
    /// `#{c : card c + 1 lies before card c}`; rising sequences are one more.
    pub descents: usize,
}

/// A compiled pass, chosen once per battery.
pub(super) type Kernel = fn(&[Card], &mut Sinks<'_>) -> PassTotals;

/// The pass over one deck (a permutation of `0..n`, n ≤ 64). `ADJ`: adjacency; `ORDER`: inversions and descents;
/// `INV`: write the inverse (and count serial transitions when `sinks.pair`). Position-by-card counts and fixed
/// points are always done.
#[inline(always)]
fn pass<const ADJ: bool, const ORDER: bool, const INV: bool>(deck: &[Card], sinks: &mut Sinks<'_>) -> PassTotals {
    let n = deck.len();
    debug_assert!(n <= 64);
    let mut totals = PassTotals::default();
    let mut seen = 0u64;
    let mut previous_card = 0usize;
    let pair = INV && sinks.pair;
    for (p, (row, &card)) in sinks.position.chunks_exact_mut(n).zip(deck).enumerate() {
        let c = usize::from(card);
        row[c] += 1;
        totals.fixed_points += usize::from(c == p);
        if ADJ && p > 0 {
            sinks.adjacency[previous_card * n + c] += 1;
        }
        previous_card = c;
        if ORDER {
            // Two shifts, because c + 1 may be 64.
            let above = seen >> c >> 1;
            totals.inversions += u64::from(above.count_ones());
            totals.descents += (above & 1) as usize;
            seen |= 1u64 << c;
        }
        if INV {
            let slot = &mut sinks.inverse[c];
            if pair {
                sinks.serial[usize::from(*slot) * n + p] += 1;
            }
            *slot = p as Card;
        }
    }
    totals
}

/// The pass compiled with the `popcnt` instruction; only called where the processor has it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn pass_popcnt<const ADJ: bool, const ORDER: bool, const INV: bool>(
    deck: &[Card],
    sinks: &mut Sinks<'_>,
) -> PassTotals {
    pass::<ADJ, ORDER, INV>(deck, sinks)
}

#[cfg(target_arch = "x86_64")]
fn pass_with_popcnt<const ADJ: bool, const ORDER: bool, const INV: bool>(
    deck: &[Card],
    sinks: &mut Sinks<'_>,
) -> PassTotals {
    // SAFETY: `kernel` selects this function only when the processor reports `popcnt`.
    unsafe { pass_popcnt::<ADJ, ORDER, INV>(deck, sinks) }
}

/// Whether the popcount instruction is used (detected once; the result is cached by the standard library).
pub(super) fn has_popcnt() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The compiled pass for a selection: adjacency, order statistics (inversions, rising sequences) and the
/// inverse (serial correlation, cycles); `popcnt` picks the hardware-popcount copy.
pub(super) fn kernel(adjacency: bool, order: bool, inverse: bool, popcnt: bool) -> Kernel {
    macro_rules! pick {
        ($f:ident) => {
            match (adjacency, order, inverse) {
                (false, false, false) => $f::<false, false, false>,
                (false, false, true) => $f::<false, false, true>,
                (false, true, false) => $f::<false, true, false>,
                (false, true, true) => $f::<false, true, true>,
                (true, false, false) => $f::<true, false, false>,
                (true, false, true) => $f::<true, false, true>,
                (true, true, false) => $f::<true, true, false>,
                (true, true, true) => $f::<true, true, true>,
            }
        };
    }
    #[cfg(target_arch = "x86_64")]
    if popcnt && order {
        return pick!(pass_with_popcnt);
    }
    let _ = popcnt;
    pick!(pass)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::inversions::InversionCounter;
    use crate::stats::rising_sequences::{invert, rising_sequences};

    fn random_deck(n: usize, g: &mut rand_pcg::Pcg64) -> Vec<Card> {
        use rand::RngExt;
        let mut deck: Vec<Card> = (0..n as Card).collect();
        for i in (1..n).rev() {
            deck.swap(i, g.random_range(0..=i));
        }
        deck
    }

    #[test]
    fn the_pass_counts_what_each_statistic_counts_alone() {
        // Random decks of every size up to 64, through every compiled pass (with and without popcnt), against
        // the straightforward definitions.
        use rand::SeedableRng;
        let mut g = rand_pcg::Pcg64::seed_from_u64(11);
        for n in 1..=64 {
            for variant in 0..16u32 {
                let (adj, order, inv, popcnt) =
                    (variant & 1 != 0, variant & 2 != 0, variant & 4 != 0, variant & 8 != 0);
                let k = kernel(adj, order, inv, popcnt && has_popcnt());
                let (mut position, mut adjacency, mut serial) = (vec![0; n * n], vec![0; n * n], vec![0; n * n]);
                let mut inverse: Vec<Card> = vec![0; if inv { n } else { 0 }];
                let mut previous: Option<Vec<Card>> = None;
                let (mut want_position, mut want_adjacency, mut want_serial) =
                    (vec![0u64; n * n], vec![0u64; n * n], vec![0u64; n * n]);
                for _ in 0..8 {
                    let deck = random_deck(n, &mut g);
                    let mut sinks = Sinks {
                        position: &mut position,
                        adjacency: if adj { &mut adjacency } else { &mut [] },
                        serial: if inv { &mut serial } else { &mut [] },
                        inverse: &mut inverse,
                        pair: previous.is_some(),
                    };
                    let got = k(&deck, &mut sinks);
                    let mut want_inverse = vec![0; n];
                    invert(&deck, &mut want_inverse);
                    for (p, &c) in deck.iter().enumerate() {
                        want_position[p * n + usize::from(c)] += 1;
                    }
                    for w in deck.windows(2) {
                        want_adjacency[usize::from(w[0]) * n + usize::from(w[1])] += 1;
                    }
                    if let Some(prev) = &previous {
                        for (&from, &to) in prev.iter().zip(&want_inverse) {
                            want_serial[usize::from(from) * n + usize::from(to)] += 1;
                        }
                    }
                    let fixed = deck.iter().enumerate().filter(|&(p, &c)| usize::from(c) == p).count();
                    assert_eq!(got.fixed_points, fixed, "n = {n}, variant {variant}");
                    if order {
                        assert_eq!(got.inversions, InversionCounter::new(n).count(&deck), "n = {n}");
                        assert_eq!(got.descents + 1, rising_sequences(&want_inverse), "n = {n}");
                    }
                    if inv {
                        assert_eq!(inverse, want_inverse, "n = {n}");
                        previous = Some(want_inverse);
                    }
                }
                assert_eq!(position, want_position, "n = {n}, variant {variant}");
                assert_eq!(adjacency, if adj { want_adjacency } else { vec![0; n * n] }, "n = {n}, variant {variant}");
                assert_eq!(serial, if inv { want_serial } else { vec![0; n * n] }, "n = {n}, variant {variant}");
            }
        }
    }
}
