//! The battery's one pass over a deck (of at most [`MAX_CARDS`] cards): every streaming statistic that reads the deck in
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
//! - the inverse permutation `inverse[c] = p`, and from the previous deck's (a separate buffer)
//!   `from = previous_inverse[c]`, where c was in the previous deck: serial correlation counts
//!   `serial[from·n + p] += 1`.
//!
//! Which of these run is fixed per battery by the const parameters of [`pass`], chosen once when the battery is
//! built ([`kernel`]), so an unselected statistic costs nothing per card. On x86-64 the kernel is compiled a
//! second time with the `popcnt` instruction and that copy is chosen at run time where the processor has it
//! (the default target must run on any x86-64, whose software popcount is about ten instructions).
//!
//! Decks of up to 64 cards take [`lean_pass`]: its indices are checked once per deck (every card, and every
//! position of the previous deck's inverse, below n) instead of at every increment, so that a card costs its
//! increments and little else; larger decks take [`count_cards`], whose sets of cards seen span several words.
//!
//! Cycles need a walk, not a pass: see [`crate::stats::deck::cycles::count_cycles_with_inverse`], which uses the inverse
//! written here.
//!
//! On the `avx512` path ([`crate::isa`]) [`kernel`] hands out the [`avx512`] pass instead, which computes fixed
//! points, inversions, descents and the cycle count in registers and leaves only the counter increments to a
//! scalar loop; on the `avx2` path, the [`avx2`] pass: this scalar loop (with BMI2 and POPCNT), and the fixed
//! points and the cycle count in 256-bit registers. Every pass gives the same counts (tested on every deck size
//! with every path the processor has).

/// The sixteen compilations of a vector kernel's unsafe `pass` (adjacency, order statistics, serial
/// transitions and cycles each on or off) as safe functions, and `pick`, which hands one out for a selection once
/// `$available` holds: the one check that makes the calls sound.
#[cfg(target_arch = "x86_64")]
macro_rules! vector_kernels {
    ($available:expr) => {
        vector_kernels!(@entries $available;
            k0000: false false false false, k0001: false false false true, k0010: false false true false,
            k0011: false false true true, k0100: false true false false, k0101: false true false true,
            k0110: false true true false, k0111: false true true true, k1000: true false false false,
            k1001: true false false true, k1010: true false true false, k1011: true false true true,
            k1100: true true false false, k1101: true true false true, k1110: true true true false,
            k1111: true true true true);
    };
    (@entries $available:expr; $($name:ident: $adj:literal $order:literal $ser:literal $cyc:literal),*) => {
        $(
            fn $name<T: Counter>(deck: &[Card], sinks: &mut Sinks<'_, T>) -> PassTotals {
                // SAFETY: `pick` hands out these entries only once the path's instructions are known present.
                unsafe { pass::<T, $adj, $order, $ser, $cyc>(deck, sinks) }
            }
        )*

        /// The compiled pass for a selection (the processor must have the path: checked here).
        pub(in crate::stats) fn kernel<T: Counter>(
            adjacency: bool,
            order: bool,
            serial: bool,
            cycles: bool,
        ) -> super::Kernel<T> {
            assert!($available, "a vector kernel on a processor without its instructions");
            let table: [super::Kernel<T>; 16] = [$($name::<T>),*];
            table[usize::from(adjacency) << 3 | usize::from(order) << 2 | usize::from(serial) << 1 | usize::from(cycles)]
        }
    };
}

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;

use crate::cards::Card;
pub(in crate::stats) use crate::isa::Isa;

/// A counter of the tables a pass updates: the battery's 64-bit totals, or the runner's 16-bit tables for one
/// chunk (three 52 × 52 tables of 64-bit counters, 65 KB, overflow a 48 KB L1 cache; three 16-bit ones in rows
/// of 64, 24 KB, leave room for the shuffle).
pub(in crate::stats) trait Counter: Copy + std::ops::AddAssign + 'static {
    /// Adds one. A wrapping add, which is the exact one here: a deck adds at most one to any cell, the 16-bit
    /// tables are flushed every [`u16::MAX`] decks and a 64-bit count cannot reach 2^64; the test build's overflow
    /// check per card is left out of the hot loop.
    fn bump(&mut self);
    /// The row length of the tables of these counters, when fixed: cell (row, column) of an n × n table is at
    /// `row · stride + column`, with `stride = n` when this is `None`.
    const STRIDE: Option<usize>;
}

impl Counter for u64 {
    #[inline(always)]
    fn bump(&mut self) {
        *self = self.wrapping_add(1);
    }
    const STRIDE: Option<usize> = None;
}

/// The chunk tables have rows of 64 counters whatever the deck (4096 counters, 8 KB a table): a row's offset is
/// then a shift, not a multiply, and the pass's dozens of multiplies per deck no longer queue on the one port
/// that multiplies.
impl Counter for u16 {
    #[inline(always)]
    fn bump(&mut self) {
        *self = self.wrapping_add(1);
    }
    const STRIDE: Option<usize> = Some(64);
}

/// The row length of an n-card table of `T` counters: the fixed stride for decks that fit it, else n.
#[inline(always)]
pub(in crate::stats) const fn stride<T: Counter>(n: usize) -> usize {
    match T::STRIDE {
        Some(s) if n <= s => s,
        _ => n,
    }
}

/// The largest deck the pass takes: the tool's largest ([`crate::cards::MAX_DECK`]), whose set of cards seen
/// is 16 words. Above 64 cards only the scalar pass runs (the vector kernels' registers hold 64 positions).
pub(in crate::stats) const MAX_CARDS: usize = crate::cards::MAX_DECK;

/// Words of the set of cards seen, for [`MAX_CARDS`] cards.
const SEEN_WORDS: usize = MAX_CARDS.div_ceil(64);

/// Where one deck is counted. Slices of the statistics that are off are empty and never touched.
pub(in crate::stats) struct Sinks<'a, T: Counter> {
    pub position: &'a mut [T],
    pub adjacency: &'a mut [T],
    pub serial: &'a mut [T],
    /// The previous deck's inverse (read when `pair`).
    pub previous_inverse: &'a [Card],
    /// Where this deck's inverse is written.
    pub inverse: &'a mut [Card],
    /// Count serial transitions from the previous deck (`previous_inverse` holds its inverse).
    pub pair: bool,
}

/// The per-deck totals of the pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(in crate::stats) struct PassTotals {
    pub fixed_points: usize,
    pub inversions: u64,
    /// `#{c : card c + 1 lies before card c}`; rising sequences are one more.
    pub descents: usize,
    /// The number of cycles, when the pass counted them (otherwise the caller walks them).
    pub cycles: Option<usize>,
}

/// A compiled pass, chosen once per battery.
pub(in crate::stats) type Kernel<T> = fn(&[Card], &mut Sinks<'_, T>) -> PassTotals;

/// One of the pass's counter tables: cell (row, column) of its n × n counts.
trait Cells<T: Counter> {
    fn bump(&mut self, row: usize, column: usize);
}

/// A battery's own table: n rows of n counters.
struct Strided<'a, T> {
    cells: &'a mut [T],
    n: usize,
}

impl<T: Counter> Cells<T> for Strided<'_, T> {
    #[inline(always)]
    fn bump(&mut self, row: usize, column: usize) {
        self.cells[row.wrapping_mul(self.n).wrapping_add(column)].bump();
    }
}

/// The pass over one deck (a permutation of `0..n`, n ≤ 64). `ADJ`: adjacency; `ORDER`: inversions and descents;
/// `INV`: write the inverse (and count serial transitions when `sinks.pair`); `FIXED`: count the fixed points
/// (the vector kernels count them in registers instead). Position-by-card counts are always done.
#[inline(always)]
fn pass<T: Counter, const ADJ: bool, const ORDER: bool, const INV: bool>(
    deck: &[Card],
    sinks: &mut Sinks<'_, T>,
) -> PassTotals {
    scalar_pass::<T, ADJ, ORDER, INV, true>(deck, sinks)
}

/// [`pass`], with the fixed points counted or not.
#[inline(always)]
pub(super) fn scalar_pass<T: Counter, const ADJ: bool, const ORDER: bool, const INV: bool, const FIXED: bool>(
    deck: &[Card],
    sinks: &mut Sinks<'_, T>,
) -> PassTotals {
    let n = deck.len();
    let stride = stride::<T>(n);
    assert!(n <= MAX_CARDS && sinks.position.len() == stride * stride, "a deck of {n} cards for this pass");
    let pair = INV && sinks.pair;
    let Sinks { position, adjacency, serial, previous_inverse, inverse, .. } = sinks;
    if n <= 64 {
        let (position, adjacency, serial) = (&mut **position, &mut **adjacency, &mut **serial);
        return lean_pass::<T, ADJ, ORDER, INV, FIXED>(
            deck,
            stride,
            position,
            adjacency,
            serial,
            previous_inverse,
            inverse,
            pair,
            all_below(deck, n),
            all_below,
            true,
        );
    }
    let table = |cells| Strided { cells, n: stride };
    let (position, adjacency, serial) = (table(position), ADJ.then(|| table(adjacency)), pair.then(|| table(serial)));
    // Direct calls, so that each loop is inlined into the kernel and compiled with its instructions
    // (through a function pointer the loop lost the kernel's POPCNT: 4× slower at 1024 cards).
    macro_rules! count {
        ($seen:expr) => {
            count_cards::<T, _, ADJ, ORDER, INV, FIXED, $seen>(
                deck,
                position,
                adjacency,
                serial,
                previous_inverse,
                inverse,
            )
        };
    }
    match n {
        65..=128 => count!(2),
        _ => count!(SEEN_WORDS),
    }
}

/// Whether every entry of `v` is below `n` (a reduction the compiler vectorises).
#[inline(always)]
pub(super) fn all_below(v: &[Card], n: usize) -> bool {
    v.iter().fold(0, |m: Card, &x| m.max(x)) < n as Card || v.is_empty()
}

/// The pass over a deck of at most 64 cards, one card a step with no check of its indices: they are checked once
/// per deck instead (every card and every previous position below n, the tables of `stride`² cells, the inverses
/// of n), so that a card costs its increments and little else (on the `avx2` path the default battery's loop
/// went from 37 instructions a card to 19, with the descents taken from the inverse: callgrind). Tables of rows
/// of `stride` counters (64 for the chunk tables, n for the battery's own). `cards_below_n`: the caller's check
/// that every card of the deck is below n; `below(v, n)` tells whether every entry of v is below n
/// ([`all_below`], or a vector kernel's own), for the previous inverse. Inversions and descents from
/// `above = seen >> c`, the cards seen before c that are larger than it (bit c of `seen` is clear: a card comes
/// once), as in [`count_cards`]; without `descents` they are left at 0 (the caller takes them from the inverse).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn lean_pass<T: Counter, const ADJ: bool, const ORDER: bool, const INV: bool, const FIXED: bool>(
    deck: &[Card],
    stride: usize,
    position: &mut [T],
    adjacency: &mut [T],
    serial: &mut [T],
    previous_inverse: &[Card],
    inverse: &mut [Card],
    pair: bool,
    cards_below_n: bool,
    below: impl Fn(&[Card], usize) -> bool,
    descents: bool,
) -> PassTotals {
    let n = deck.len();
    let cells = stride * stride;
    assert!(n <= 64 && n <= stride && position.len() == cells, "a deck of {n} cards for this pass");
    assert!(!ADJ || adjacency.len() == cells, "the adjacency table of a {n}-card deck");
    assert!(!INV || inverse.len() == n, "the inverse of a {n}-card deck");
    let pair = INV && pair;
    assert!(
        !pair || (serial.len() == cells && previous_inverse.len() == n && below(previous_inverse, n)),
        "the previous inverse of a {n}-card deck"
    );
    assert!(cards_below_n, "a deck of {n} cards holds a card outside 0..{n}");
    // The loop compiled for each case rather than a branch a card: with and without the serial transitions, and
    // with and without the descents (which a vector kernel may take from the inverse instead).
    let tables = (position.as_mut_ptr(), adjacency.as_mut_ptr(), serial.as_mut_ptr());
    let inverses = (inverse.as_mut_ptr(), previous_inverse.as_ptr());
    // SAFETY: the checks above.
    unsafe {
        match (pair, descents) {
            (true, true) => lean_loop::<T, ADJ, ORDER, INV, FIXED, true, true>(deck, stride, tables, inverses),
            (true, false) => lean_loop::<T, ADJ, ORDER, INV, FIXED, true, false>(deck, stride, tables, inverses),
            (false, true) => lean_loop::<T, ADJ, ORDER, INV, FIXED, false, true>(deck, stride, tables, inverses),
            (false, false) => lean_loop::<T, ADJ, ORDER, INV, FIXED, false, false>(deck, stride, tables, inverses),
        }
    }
}

/// The loop of [`lean_pass`]. `PAIR`: count the serial transitions; `DESC`: count the descents (with `ORDER`).
///
/// # Safety
/// The checks of [`lean_pass`]: n ≤ stride, tables of stride² cells (the serial one when `PAIR`), every card
/// below n, an inverse of n (when `INV`) and a previous inverse of n whose positions are below n (when `PAIR`).
#[inline(always)]
unsafe fn lean_loop<
    T: Counter,
    const ADJ: bool,
    const ORDER: bool,
    const INV: bool,
    const FIXED: bool,
    const PAIR: bool,
    const DESC: bool,
>(
    deck: &[Card],
    stride: usize,
    (position, adjacency, serial): (*mut T, *mut T, *mut T),
    (inverse, previous_inverse): (*mut Card, *const Card),
) -> PassTotals {
    let mut totals = PassTotals::default();
    let Some(&first) = deck.first() else { return totals };
    let (mut seen, mut inversions, mut descents) = (0u64, 0u64, 0u64);
    let mut fixed = 0usize;
    // One card: p < n ≤ stride, c < n, and, when paired, the previous position of c below n.
    let mut count = |p: usize, c: usize| {
        // SAFETY: p·stride + c and from·stride + p are below stride² (the tables' length), c below n (the
        // inverses' length): the caller's contract.
        unsafe {
            (*position.add(p * stride + c)).bump();
            if INV {
                if PAIR {
                    (*serial.add(usize::from(*previous_inverse.add(c)) * stride + p)).bump();
                }
                *inverse.add(c) = p as Card;
            }
        }
        if FIXED {
            fixed += usize::from(c == p);
        }
        if ORDER {
            // SAFETY: c < n ≤ 64.
            let above = unsafe { seen.unchecked_shr(c as u32) };
            inversions += u64::from(above.count_ones());
            if DESC {
                descents += (above >> 1) & 1;
            }
            // SAFETY: c < n ≤ 64.
            seen |= unsafe { 1u64.unchecked_shl(c as u32) };
        }
    };
    let mut previous = usize::from(first);
    count(0, previous);
    for (p, &card) in deck.iter().enumerate().skip(1) {
        let c = usize::from(card);
        if ADJ {
            // SAFETY: previous and c are cards, below n ≤ stride.
            unsafe { (*adjacency.add(previous * stride + c)).bump() };
        }
        count(p, c);
        previous = c;
    }
    totals.fixed_points = fixed;
    totals.inversions = inversions;
    totals.descents = descents as usize;
    totals
}

/// The loop of [`scalar_pass`] for decks of more than 64 cards (those of up to 64 take [`lean_pass`]): one card a
/// step, written as plain index arithmetic so that the loop keeps its state in registers (measured 2–3× faster
/// than the same work through iterator adaptors over the rows). `SEEN`: the words of the set of cards seen: 2
/// (up to 128: one 128-bit integer), or [`SEEN_WORDS`], where a card's inversions are the cards above it in its
/// own word and every card of the words above.
#[inline(always)]
fn count_cards<
    T: Counter,
    C: Cells<T>,
    const ADJ: bool,
    const ORDER: bool,
    const INV: bool,
    const FIXED: bool,
    const SEEN: usize,
>(
    deck: &[Card],
    mut position: C,
    mut adjacency: Option<C>,
    mut serial: Option<C>,
    previous_inverse: &[Card],
    inverse: &mut [Card],
) -> PassTotals {
    let mut totals = PassTotals::default();
    let mut seen_128 = 0u128;
    let mut seen_wide = [0u64; SEEN_WORDS];
    let words = deck.len().div_ceil(64);
    let Some(&first) = deck.first() else { return totals };
    let mut previous_card = usize::from(first);
    for (p, &card) in deck.iter().enumerate() {
        let c = usize::from(card);
        position.bump(p, c);
        if FIXED {
            totals.fixed_points += usize::from(c == p);
        }
        if let (true, Some(a)) = (ADJ && p > 0, &mut adjacency) {
            a.bump(previous_card, c);
        }
        previous_card = c;
        if ORDER && SEEN == 2 {
            let above = seen_128 >> c >> 1;
            totals.inversions += u64::from(above.count_ones());
            totals.descents += (above & 1) as usize;
            seen_128 |= 1u128 << (c & 127);
        }
        if ORDER && SEEN > 2 {
            let (word, bit) = (c >> 6, c & 63);
            let above = seen_wide[word] >> bit >> 1;
            let higher: u32 = seen_wide[word + 1..words].iter().map(|w| w.count_ones()).sum();
            totals.inversions += u64::from(above.count_ones() + higher);
            // Card c + 1 before card c: its bit, in this word or at the start of the next.
            let next = if bit == 63 { seen_wide.get(word + 1).copied().unwrap_or(0) } else { above };
            totals.descents += (next & 1) as usize;
            seen_wide[word] |= 1u64 << bit;
        }
        if INV {
            if let Some(s) = &mut serial {
                s.bump(usize::from(previous_inverse[c]), p);
            }
            inverse[c] = p as Card;
        }
    }
    totals
}

/// The pass compiled with the `popcnt` instruction; only called where the processor has it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn pass_popcnt<T: Counter, const ADJ: bool, const ORDER: bool, const INV: bool>(
    deck: &[Card],
    sinks: &mut Sinks<'_, T>,
) -> PassTotals {
    pass::<T, ADJ, ORDER, INV>(deck, sinks)
}

#[cfg(target_arch = "x86_64")]
fn pass_with_popcnt<T: Counter, const ADJ: bool, const ORDER: bool, const INV: bool>(
    deck: &[Card],
    sinks: &mut Sinks<'_, T>,
) -> PassTotals {
    // SAFETY: `kernel` selects this function only when the processor reports `popcnt`.
    unsafe { pass_popcnt::<T, ADJ, ORDER, INV>(deck, sinks) }
}

/// The compiled pass for a selection: adjacency, order statistics (inversions, rising sequences), serial
/// transitions (with the inverse) and cycles, with the instructions of `isa` (which must be available). The
/// scalar passes write the inverse when cycles are asked for and leave `cycles` empty for the caller's walk.
pub(in crate::stats) fn kernel<T: Counter>(
    n: usize,
    adjacency: bool,
    order: bool,
    serial: bool,
    cycles: bool,
    isa: Isa,
) -> Kernel<T> {
    assert!(isa.available(), "the {} kernels on a processor without their instructions", isa.label());
    #[cfg(target_arch = "x86_64")]
    match isa {
        _ if n > 64 => {}
        Isa::Avx512 => return avx512::kernel::<T>(adjacency, order, serial, cycles),
        Isa::Avx2 => return avx2::kernel::<T>(adjacency, order, serial, cycles),
        Isa::Portable => {}
    }
    let inverse = serial || cycles;
    #[cfg(target_arch = "x86_64")]
    let popcnt = std::arch::is_x86_feature_detected!("popcnt");
    #[cfg(not(target_arch = "x86_64"))]
    let popcnt = false;
    macro_rules! pick {
        ($f:ident) => {
            match (adjacency, order, inverse) {
                (false, false, false) => $f::<T, false, false, false>,
                (false, false, true) => $f::<T, false, false, true>,
                (false, true, false) => $f::<T, false, true, false>,
                (false, true, true) => $f::<T, false, true, true>,
                (true, false, false) => $f::<T, true, false, false>,
                (true, false, true) => $f::<T, true, false, true>,
                (true, true, false) => $f::<T, true, true, false>,
                (true, true, true) => $f::<T, true, true, true>,
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
    use crate::stats::deck::inversions::InversionCounter;
    use crate::stats::deck::rising_sequences::{invert, rising_sequences};

    /// Every path this processor runs; the ones it lacks are named on stderr (`cargo test -- --nocapture` shows
    /// it), so that a comparison that could not include them says so instead of passing in silence.
    fn paths() -> Vec<Isa> {
        let run = Isa::all_available();
        for isa in Isa::ALL.into_iter().filter(|i| !run.contains(i)) {
            eprintln!(
                "skipped: the {} kernels (this processor lacks their instructions); compared: {run:?}",
                isa.label()
            );
        }
        run
    }

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
        // Random decks of every size up to 64 and of wide sizes up to 1024, through every compiled pass of every
        // instruction set this processor has, into 64-bit and 16-bit tables, against the straightforward
        // definitions.
        every_pass_counts::<u64>();
        every_pass_counts::<u16>();
    }

    fn every_pass_counts<T: Counter + Default + Into<u64> + PartialEq + std::fmt::Debug>() {
        use crate::stats::deck::cycles::{count_cycles, count_cycles_with_inverse};
        use rand::SeedableRng;
        // The n × n table in a table of rows of `stride` counters, whose other cells must stay 0.
        let wide = |t: &[T], n: usize| {
            let stride = stride::<T>(n);
            let outside = t.iter().enumerate().filter(|&(i, _)| i / stride >= n || i % stride >= n);
            assert!(outside.into_iter().all(|(_, &x)| x.into() == 0), "a count outside the n × n cells, n = {n}");
            (0..n * n).map(|i| t[i / n * stride + i % n].into()).collect::<Vec<u64>>()
        };
        let mut g = rand_pcg::Pcg64::seed_from_u64(11);
        for isa in paths() {
            for n in (1..=64).chain([65, 100, 127, 128, 129, 300, 1024]) {
                for variant in 0..16u32 {
                    let (adj, order, ser, cyc) =
                        (variant & 1 != 0, variant & 2 != 0, variant & 4 != 0, variant & 8 != 0);
                    let k = kernel::<T>(n, adj, order, ser, cyc, isa);
                    let zero = T::default();
                    let cells = stride::<T>(n).pow(2);
                    let (mut position, mut adjacency, mut serial) =
                        (vec![zero; cells], vec![zero; cells], vec![zero; cells]);
                    let mut inverse: Vec<Card> = vec![0; if ser || cyc { n } else { 0 }];
                    let mut previous: Option<Vec<Card>> = None;
                    let (mut want_position, mut want_adjacency, mut want_serial) =
                        (vec![0u64; n * n], vec![0u64; n * n], vec![0u64; n * n]);
                    for _ in 0..8 {
                        let deck = random_deck(n, &mut g);
                        let mut sinks = Sinks {
                            position: &mut position,
                            adjacency: if adj { &mut adjacency } else { &mut [] },
                            serial: if ser { &mut serial } else { &mut [] },
                            previous_inverse: previous.as_deref().unwrap_or(&[]),
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
                        let what = format!("{isa:?}, n = {n}, variant {variant}");
                        assert_eq!(got.fixed_points, fixed, "{what}");
                        if order {
                            assert_eq!(got.inversions, InversionCounter::new(n).count(&deck), "{what}");
                            assert_eq!(got.descents + 1, rising_sequences(&want_inverse), "{what}");
                        }
                        if cyc {
                            let want = count_cycles(&deck, &mut vec![false; n]);
                            match got.cycles {
                                Some(k) => assert_eq!(k, want, "{what}"),
                                // The caller walks them: with the inverse the pass wrote, up to 64 cards.
                                None if n <= 64 => {
                                    assert_eq!(count_cycles_with_inverse(&deck, &inverse), want, "{what}")
                                }
                                None => {}
                            }
                        } else {
                            assert_eq!(got.cycles, None, "{what}");
                        }
                        if ser {
                            assert_eq!(inverse, want_inverse, "{what}");
                            previous = Some(want_inverse);
                        }
                    }
                    let what = format!("{isa:?}, n = {n}, variant {variant}");
                    assert_eq!(wide(&position, n), want_position, "{what}");
                    assert_eq!(wide(&adjacency, n), if adj { want_adjacency } else { vec![0; n * n] }, "{what}");
                    assert_eq!(wide(&serial, n), if ser { want_serial } else { vec![0; n * n] }, "{what}");
                }
            }
        }
    }

    #[test]
    fn a_card_outside_the_deck_is_refused_not_counted() {
        // The passes index their tables unchecked once a deck's cards are known below n: a card at n, at 255, at
        // 256 and at 40,000 (which a signed 16-bit pack would turn into 0) must stop every pass of every path, as
        // must a previous inverse holding such a position.
        for isa in paths() {
            for n in [5usize, 52, 64] {
                for bad in [n as Card, 255, 256, 40_000] {
                    for in_previous in [false, true] {
                        let refused = std::panic::catch_unwind(|| {
                            let k = kernel::<u16>(n, true, true, true, true, isa);
                            let cells = stride::<u16>(n).pow(2);
                            let (mut position, mut adjacency, mut serial) =
                                (vec![0u16; cells], vec![0u16; cells], vec![0u16; cells]);
                            let mut deck: Vec<Card> = (0..n as Card).collect();
                            let mut previous = deck.clone();
                            if in_previous {
                                previous[n / 2] = bad
                            } else {
                                deck[n / 2] = bad
                            }
                            let mut inverse = vec![0; n];
                            let mut sinks = Sinks {
                                position: &mut position,
                                adjacency: &mut adjacency,
                                serial: &mut serial,
                                previous_inverse: &previous,
                                inverse: &mut inverse,
                                pair: true,
                            };
                            k(&deck, &mut sinks)
                        })
                        .is_err();
                        assert!(refused, "{isa:?}, n = {n}, card {bad}, in the previous inverse: {in_previous}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_pass_counts_the_extreme_decks() {
        // The identity (n fixed points and cycles, no inversion, one rising sequence) and the reversal (the most
        // inversions, n rising sequences), where the register passes' padding and shifts are at their edges.
        use crate::stats::deck::cycles::count_cycles_with_inverse;
        for isa in paths() {
            for n in [1usize, 2, 7, 8, 9, 52, 63, 64, 65, 128, 1024] {
                let k = kernel::<u64>(n, true, true, true, true, isa);
                let identity: Vec<Card> = (0..n as Card).collect();
                let reversed: Vec<Card> = identity.iter().rev().copied().collect();
                for (deck, fixed, inversions, descents, cycles) in
                    [(&identity, n, 0, 0, n), (&reversed, n % 2, (n * (n - 1) / 2) as u64, n - 1, n.div_ceil(2))]
                {
                    let (mut position, mut adjacency, mut serial) = (vec![0; n * n], vec![0; n * n], vec![0; n * n]);
                    let mut inverse = vec![0; n];
                    let mut sinks = Sinks {
                        position: &mut position,
                        adjacency: &mut adjacency,
                        serial: &mut serial,
                        previous_inverse: &[],
                        inverse: &mut inverse,
                        pair: false,
                    };
                    let got = k(deck, &mut sinks);
                    let what = format!("{isa:?}, n = {n}, {deck:?}");
                    assert_eq!(
                        (got.fixed_points, got.inversions, got.descents),
                        (fixed, inversions, descents),
                        "{what}"
                    );
                    assert_eq!(
                        got.cycles.unwrap_or_else(|| if n <= 64 {
                            count_cycles_with_inverse(deck, &inverse)
                        } else {
                            crate::stats::deck::cycles::count_cycles(deck, &mut vec![false; n])
                        }),
                        cycles,
                        "{what}"
                    );
                }
            }
        }
    }
}
