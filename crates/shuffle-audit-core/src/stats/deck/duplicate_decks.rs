//! Duplicate decks: how many of the first M decks of a run repeat an earlier one, against the exact null of a
//! uniform shuffle, and the seed space such a count implies.
//!
//! A shuffle that is fair deck by deck can still come from a small set of decks: a dealer that reseeds
//! `srand(seed)` before every hand from a space of S seeds deals one of at most S decks (2^31 for MSVC, whose
//! seeds s and s + 2^31 give the same stream), and M such decks contain about C(M, 2)/S repeated pairs (the
//! birthday problem), against C(M, 2)/n! ≈ 10^-56 for 10^6 uniform decks of 52 cards. No statistic of a deck's
//! positions, pairs or cycles can see it; counting repeats can.
//!
//! **What is counted.** The first [`window`]`(n)` decks of the run, in the run's order: for a built-in run the
//! decks at positions `0..M` of its chunks (the runner tells each chunk where it starts,
//! [`DuplicateDecks::begin_chunk`]), so the window is the same whatever the thread count; for decks read from
//! a file or a program, the first M valid decks read. M is 2^20 = 1,048,576 for decks of up to 64 cards; above
//! that, as many decks as fit in 48 MiB. Each deck is kept as its cards packed in ⌈log2 n⌉ bits each (the last
//! card follows from the others): 40 bytes for 52 or 54 cards, so the window holds 40 MiB at most, and a state
//! file carries it. At evaluation every kept deck gets a strong 64-bit hash (a multiply-fold mix of its packed
//! words); decks with equal hashes are then compared card for card, so the counts are exact: a hash collision
//! between different decks is never counted as a repeat.
//!
//! **The statistic** is R = M − D, the number of decks equal to an earlier one (D distinct decks among M):
//! Knuth's collision count (TAOCP vol. 2, §3.3.2 I). The report also gives the repeated pairs
//! P = Σ C(c, 2) over the decks seen c times.
//!
//! **The null.** Under a uniform shuffle the M decks are M independent draws from N = n! equally likely orders.
//! Whatever N, `P(R ≥ r) ≤ λ^r / r!` with `λ = C(M, 2)/N`: R ≥ r needs r draws j₁ < … < j_r that each land on
//! an order already drawn, which (given the draws before it) has probability at most (j − 1)/N, so the union
//! over the sets of r draws is bounded by the elementary symmetric sum e_r(0, 1, …, M−1)/N^r ≤
//! (Σ_j (j−1))^r / (r!·N^r) = λ^r/r!. The bound is the p-value (kept in log space: `r·ln λ − ln r!`, never 0):
//! provably conservative, and within a factor 1 + O(λ) of the exact tail when λ ≪ 1 (for r = 1 the exact
//! tail is 1 − Π(1 − j/N) ≈ λ). The test applies to decks of at least [`MIN_CARDS`] = 16 cards, where
//! λ ≤ C(2^20, 2)/16! ≈ 0.026: for smaller decks n! is not much larger than M² (15! ≈ 1.3·10^12 ≈ M²), repeats
//! are expected from the deck itself, the bound says nothing, and the exact occupancy law would be needed; the
//! full-permutation test (n ≤ 8) counts every order there instead.
//!
//! **The implied seed space.** Decks dealt from S equally likely seeds (twins counted once) repeat in about
//! Poisson(C(M, 2)/S) pairs, so P pairs imply S ≈ C(M, 2)/P, with the exact Poisson (Garwood) 95% interval
//! for the mean turned into an interval for S; no pair gives a lower bound only.

use crate::cards::Card;
use crate::stats::distributions::special::chi2_upper_quantile;
use crate::stats::finding::{Finding, SeedSpaceEstimate, within_chance};
use crate::stats::{LnP, TestId, TestResult};

/// Decks of at least this many cards: below it n! is not ≫ M² (see the module documentation).
pub use crate::stats::test_id::DUPLICATE_DECKS_MIN_N as MIN_CARDS;
/// The most decks the window holds.
pub const MAX_WINDOW: u64 = 1 << 20;
/// The window's budget in 64-bit words (48 MiB): decks of more than 64 cards keep fewer than 2^20 decks.
pub const WINDOW_WORDS: u64 = 6 << 20;

/// Bits per card of an n-card deck: enough for the largest id, n − 1.
fn bits(n: usize) -> u32 {
    u64::BITS - ((n.max(2) - 1) as u64).leading_zeros()
}

/// 64-bit words per packed deck: n − 1 cards of ⌈log2 n⌉ bits each.
pub fn words(n: usize) -> usize {
    ((n.max(2) - 1) * bits(n) as usize).div_ceil(64)
}

/// M: the number of decks the window of an n-card deck holds (2^20 up to 64 cards).
pub fn window(n: usize) -> u64 {
    MAX_WINDOW.min(WINDOW_WORDS / words(n) as u64)
}

/// The first M decks of a run, packed.
#[derive(Clone)]
pub struct DuplicateDecks {
    n: usize,
    bits: u32,
    words: usize,
    window: u64,
    /// How many more decks the current chunk (or stream) may keep: positions below M only.
    left: u64,
    /// The kept decks, `words` per deck, in no particular order (sorted when visited, and as soon as the window
    /// is full). Shared between clones: a checkpoint's copy of a full window (40 MiB for 52 cards) costs nothing.
    packed: std::sync::Arc<Vec<u64>>,
    /// `packed` is sorted: once the window is full, neither a checkpoint nor a state file sorts it again.
    sorted: bool,
    /// Copies of each face that cannot be told apart (decks of a shoe written by face, whose ids are numbered
    /// copy by copy in order of appearance): 1 for distinct cards. The decks then take n!/(k!)^(n/k) orders.
    identical: usize,
}

impl std::fmt::Debug for DuplicateDecks {
    /// The deck count and a digest, not 40 MiB of words.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digest = self.canonical().iter().fold(0u64, |h, &w| mix(h ^ w, K1));
        f.debug_struct("DuplicateDecks")
            .field("n", &self.n)
            .field("window", &self.window)
            .field("decks", &self.decks())
            .field("digest", &format_args!("{digest:016x}"))
            .finish()
    }
}

impl PartialEq for DuplicateDecks {
    /// The same decks kept (as a multiset: the order of merging does not matter).
    fn eq(&self, other: &Self) -> bool {
        self.n == other.n && self.packed.len() == other.packed.len() && self.canonical() == other.canonical()
    }
}

const K1: u64 = 0x9E37_79B9_7F4A_7C15;
const K2: u64 = 0xA076_1D64_78BD_642F;
const K3: u64 = 0xE703_7ED1_A0B4_28DB;

/// The 128-bit product of `a` and `b`, folded to 64 bits (wyhash's mum).
#[inline(always)]
fn mix(a: u64, b: u64) -> u64 {
    let r = u128::from(a) * u128::from(b);
    (r as u64) ^ ((r >> 64) as u64)
}

/// A strong 64-bit hash of a packed deck.
fn hash(words: &[u64]) -> u64 {
    let h = words.iter().fold(K3 ^ words.len() as u64, |h, &w| mix(w ^ K1, h ^ K2));
    mix(h ^ K1, K3)
}

/// The indices `0..m` with their hashes, equal hashes next to each other: placed by the top bits of the hash
/// into about m/4 buckets (one counting pass and one scatter, where sorting a million keys took four times as
/// long), then each bucket sorted. Hashes are uniform, so buckets hold a few keys; uneven ones only cost time.
fn by_hash(m: usize, hash_of: impl Fn(usize) -> u64) -> Vec<(u64, u32)> {
    let bits = (m / 4).max(1).ilog2().clamp(1, 20);
    let bucket = |h: u64| (h >> (64 - bits)) as usize;
    let hashes: Vec<u64> = (0..m).map(&hash_of).collect();
    let mut starts = vec![0usize; (1 << bits) + 1];
    for &h in &hashes {
        starts[bucket(h) + 1] += 1;
    }
    for b in 1..starts.len() {
        starts[b] += starts[b - 1];
    }
    let mut next = starts.clone();
    let mut keyed = vec![(0u64, 0u32); m];
    for (i, &h) in hashes.iter().enumerate() {
        let slot = &mut next[bucket(h)];
        keyed[*slot] = (h, i as u32);
        *slot += 1;
    }
    for b in starts.windows(2) {
        keyed[b[0]..b[1]].sort_unstable();
    }
    keyed
}

/// Counts of the kept decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Repeats {
    /// Decks kept (M, or fewer in a shorter run).
    pub decks: u64,
    /// Decks equal to an earlier one: M − distinct.
    pub repeats: u64,
    /// Pairs of equal decks: Σ C(c, 2).
    pub pairs: u64,
    /// The most times one deck was seen.
    pub most: u64,
    /// Pairs of different decks with equal hashes (found and told apart when comparing the decks).
    pub hash_collisions: u64,
}

impl DuplicateDecks {
    pub fn new(n: usize) -> Self {
        let window = window(n);
        DuplicateDecks {
            n,
            bits: bits(n),
            words: words(n),
            window,
            left: window,
            packed: Default::default(),
            sorted: true,
            identical: 1,
        }
    }

    /// The accumulator for decks of a shoe written by face: `copies` copies of each of its `n / copies` faces,
    /// numbered copy by copy in order of appearance, so that equal sequences of faces are equal decks. The fair
    /// rate of repeats is that of the n!/(copies!)^(n/copies) distinct orders of the faces.
    pub fn of_faces(n: usize, copies: usize) -> Self {
        DuplicateDecks { identical: copies.max(1), ..Self::new(n) }
    }

    /// ln of the number of distinct orders a fair shuffle chooses among: ln n!, less (n/k)·ln k! for k copies of
    /// each face that cannot be told apart.
    fn ln_orders(&self) -> f64 {
        ln_orders_of_faces(self.n, self.identical)
    }

    /// M: the decks this accumulator keeps at most.
    pub fn window(&self) -> u64 {
        self.window
    }

    /// Decks kept.
    pub fn decks(&self) -> u64 {
        (self.packed.len() / self.words) as u64
    }

    /// Starts a chunk of `count` decks whose first deck is deck `first` of the run (0-based): only the decks at
    /// positions below M are kept. Room for them is made here, so that [`Self::add`] never allocates.
    pub fn begin_chunk(&mut self, first: u64, count: u64) {
        self.left = self.window.saturating_sub(first).min(count);
        std::sync::Arc::make_mut(&mut self.packed).reserve(self.left as usize * self.words);
    }

    /// Whether the next deck is kept (the window is not full yet).
    pub fn keeping(&self) -> bool {
        self.left > 0
    }

    /// Keeps the deck if it is within the window.
    #[inline(always)]
    pub fn add(&mut self, deck: &[Card]) {
        if self.left == 0 {
            return;
        }
        self.left -= 1;
        self.sorted = false;
        self.pack(deck);
    }

    /// Appends the deck's first n − 1 cards, `bits` each, low bits first.
    #[inline(always)]
    fn pack(&mut self, deck: &[Card]) {
        let b = self.bits;
        let packed = std::sync::Arc::make_mut(&mut self.packed);
        let (mut acc, mut used) = (0u64, 0u32);
        for &c in &deck[..deck.len().saturating_sub(1)] {
            let c = u64::from(c);
            acc |= c << used;
            used += b;
            if used >= 64 {
                packed.push(acc);
                used -= 64;
                acc = if used == 0 { 0 } else { c >> (b - used) };
            }
        }
        if used > 0 {
            packed.push(acc);
        }
    }

    /// Adds the decks `other` kept. An empty accumulator shares other's decks instead of copying them (the
    /// runner's totals start empty, and the part it merges is dropped right after); one that grows makes room
    /// for its whole window at once, so that the window is copied once, not at every doubling.
    pub fn merge(&mut self, other: &Self) {
        if other.packed.is_empty() {
            return;
        }
        if self.packed.is_empty() {
            self.packed = std::sync::Arc::clone(&other.packed);
            self.sorted = other.sorted;
            return;
        }
        let packed = std::sync::Arc::make_mut(&mut self.packed);
        if packed.capacity() - packed.len() < other.packed.len() {
            let whole = (self.window as usize * self.words).max(packed.len() + other.packed.len());
            packed.reserve_exact(whole - packed.len());
        }
        packed.extend_from_slice(&other.packed);
        self.sorted = false;
    }

    /// Sorts a full window, which does not change any more, in place: copies of it (a checkpoint's) then share
    /// the sorted decks and never sort or copy them again. A run calls it before its first checkpoint, so that
    /// a run without checkpoints does not pay for it while it counts.
    pub fn settle(&mut self) {
        if self.decks() >= self.window {
            self.sort();
        }
    }

    fn deck(&self, i: usize) -> &[u64] {
        &self.packed[i * self.words..(i + 1) * self.words]
    }

    /// The kept decks sorted (as packed words): the form a state file stores, whatever the merge order.
    fn canonical(&self) -> Vec<u64> {
        let mut sorted = self.clone();
        sorted.sort();
        std::sync::Arc::unwrap_or_clone(sorted.packed)
    }

    /// Sorts the kept decks lexicographically: by their first word, then (on a tie) by the whole deck.
    fn sort(&mut self) {
        if self.sorted {
            return;
        }
        let w = self.words;
        let mut keys: Vec<(u64, u32)> = (0..self.decks() as usize).map(|i| (self.packed[i * w], i as u32)).collect();
        keys.sort_unstable();
        for tie in keys.chunk_by_mut(|a, b| a.0 == b.0).filter(|t| t.len() > 1) {
            tie.sort_unstable_by(|a, b| self.deck(a.1 as usize).cmp(self.deck(b.1 as usize)));
        }
        self.packed =
            std::sync::Arc::new(keys.iter().flat_map(|&(_, i)| self.deck(i as usize).iter().copied()).collect());
        self.sorted = true;
    }

    /// Counts the repeats: decks sorted by their hash, equal hashes confirmed by comparing the decks.
    pub fn repeats(&self) -> Repeats {
        let m = self.decks() as usize;
        let keyed = by_hash(m, |i| hash(self.deck(i)));
        let mut r = Repeats { decks: m as u64, most: u64::from(m > 0), ..Repeats::default() };
        let mut group: Vec<u32> = Vec::new();
        for run in keyed.chunk_by(|a, b| a.0 == b.0).filter(|run| run.len() > 1) {
            // Equal hashes: sort the decks themselves and count the runs of equal decks.
            group.clear();
            group.extend(run.iter().map(|&(_, i)| i));
            group.sort_unstable_by(|&a, &b| self.deck(a as usize).cmp(self.deck(b as usize)));
            let equal = group.chunk_by(|&a, &b| self.deck(a as usize) == self.deck(b as usize));
            let mut distinct = 0u64;
            for same in equal {
                let c = same.len() as u64;
                distinct += 1;
                r.repeats += c - 1;
                r.pairs += c * (c - 1) / 2;
                r.most = r.most.max(c);
            }
            r.hash_collisions += distinct * (distinct - 1) / 2;
        }
        r
    }

    pub fn evaluate(&self) -> Vec<TestResult> {
        let r = self.repeats();
        let ln_n_factorial = self.ln_orders();
        let ln_pairs = ln_choose2(r.decks);
        let ln_p = collision_ln_sf(r.repeats, ln_pairs - ln_n_factorial);
        vec![TestResult {
            test: TestId::DuplicateDecks,
            statistic: r.repeats as f64,
            df: 0.0,
            ln_p,
            ln_p_low: None,
            effect: if r.decks == 0 { 0.0 } else { r.repeats as f64 / r.decks as f64 },
            finding: Finding::DuplicateDecks {
                decks: r.decks,
                window: self.window,
                repeats: r.repeats,
                pairs: r.pairs,
                most: r.most,
                fair_pairs: (ln_pairs - ln_n_factorial).exp(),
                seed_space: seed_space(r.decks, r.pairs),
                fair: within_chance(ln_p, None),
            },
        }]
    }

    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]): the number of
    /// decks kept, then the kept decks, sorted. The second array's length is the first's value times the words
    /// per deck: a reader sizes it from the first.
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        self.sort();
        let mut decks = [self.decks()];
        visitor.visit("duplicate-decks.decks", &mut decks);
        if visitor.only_reads() {
            // Handed over as it is: a state file of a full window copies nothing.
            visitor.read("duplicate-decks.window", &self.packed);
            return;
        }
        // One run keeps at most its window; the tally of a run of samples adds up the windows of its finished
        // samples (each sample keeps its own first decks), so a state of samples holds several. A count beyond
        // 4,096 windows cannot be a run's: the next section then has the wrong length.
        let kept = decks[0].min(self.window.saturating_mul(1 << 12)) as usize;
        let packed = std::sync::Arc::make_mut(&mut self.packed);
        packed.resize(kept * self.words, 0);
        visitor.visit("duplicate-decks.window", packed);
        self.left = self.window.saturating_sub(kept as u64);
        // What a state file holds was written sorted; anything else is sorted again when next visited.
        self.sorted = self.packed.chunks_exact(self.words).is_sorted();
    }
}

crate::stats::statistic::impl_statistic!(DuplicateDecks);

/// ln of the distinct orders of `n` cards made of `copies` copies of each of `n / copies` faces that cannot be
/// told apart: ln(n! / (copies!)^(n/copies)), ln n! for one copy.
pub fn ln_orders_of_faces(n: usize, copies: usize) -> f64 {
    let copies = copies.max(1);
    let faces = (n / copies) as f64;
    ln_factorial(n as u64) - faces * ln_factorial(copies as u64)
}

/// ln n!.
fn ln_factorial(n: u64) -> f64 {
    statrs::function::gamma::ln_gamma(n as f64 + 1.0)
}

/// ln C(m, 2) (−∞ for m < 2).
fn ln_choose2(m: u64) -> f64 {
    if m < 2 { f64::NEG_INFINITY } else { (m as f64).ln() + ((m - 1) as f64).ln() - std::f64::consts::LN_2 }
}

/// ln of the bound `min(1, λ^r / r!)` on `P(R ≥ r)`, R the collisions among M uniform draws from N cells and
/// `ln_lambda = ln(C(M, 2)/N)` (the module documentation proves it).
pub fn collision_ln_sf(r: u64, ln_lambda: f64) -> LnP {
    if r == 0 {
        return 0.0;
    }
    (r as f64 * ln_lambda - ln_factorial(r)).min(0.0)
}

/// The seed space P repeated pairs among M decks imply: C(M, 2)/P, with the exact Poisson 95% interval.
pub fn seed_space(decks: u64, pairs: u64) -> SeedSpaceEstimate {
    let c2 = ln_choose2(decks).exp();
    // Garwood: the mean μ of a Poisson count k lies in [χ²(2k; 0.025)/2, χ²(2k + 2; 0.975)/2] with 95%.
    let upper_mean = 0.5 * chi2_upper_quantile(0.025f64.ln(), 2.0 * pairs as f64 + 2.0);
    let low = c2 / upper_mean;
    if pairs == 0 {
        return SeedSpaceEstimate { estimate: None, low, high: None };
    }
    let lower_mean = 0.5 * chi2_upper_quantile((-0.025f64).ln_1p(), 2.0 * pairs as f64);
    SeedSpaceEstimate { estimate: Some(c2 / pairs as f64), low, high: Some(c2 / lower_mean) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::testing::{copying_counters_restores_it, merging_halves_is_adding_all, random_decks};

    #[test]
    fn grouping_by_hash_is_sorting_by_hash() {
        // Uniform hashes, hashes that repeat, hashes that all fall in one bucket, and the smallest counts.
        let mix_of = |i: usize| mix(i as u64 ^ K1, K2);
        let hashes: [(&str, &dyn Fn(usize) -> u64); 4] = [
            ("uniform", &mix_of),
            ("repeating", &|i| mix_of(i % 97)),
            ("one bucket", &|i| mix_of(i) >> 30),
            ("all equal", &|_| 7),
        ];
        for m in [0usize, 1, 2, 3, 5, 8, 100, 4099, 70_000] {
            for (name, h) in hashes {
                let mut sorted: Vec<(u64, u32)> = (0..m).map(|i| (h(i), i as u32)).collect();
                sorted.sort_unstable();
                assert_eq!(by_hash(m, h), sorted, "{name}, {m} keys");
            }
        }
    }

    #[test]
    fn decks_are_packed_in_as_few_words_as_their_cards_need() {
        assert_eq!((bits(52), words(52)), (6, 5));
        assert_eq!((bits(54), words(54)), (6, 5));
        assert_eq!((bits(64), words(64)), (6, 6));
        assert_eq!((bits(65), words(65)), (7, 7));
        assert_eq!((bits(1024), words(1024)), (10, 160));
        assert_eq!((window(52), window(64), window(1024)), (1 << 20, 1 << 20, 39_321));
        // Packing is one to one: decks differing in any card (the last follows from the others) differ.
        for n in [16usize, 52, 54, 64, 65, 100] {
            let decks = random_decks(n, 200, n as u64);
            let mut d = DuplicateDecks::new(n);
            for deck in &decks {
                d.add(deck);
            }
            for (i, a) in decks.iter().enumerate() {
                let unpacked: Vec<u64> = (0..n - 1)
                    .map(|k| {
                        let (bit, b) = (k * bits(n) as usize, bits(n) as usize);
                        let w = d.deck(i);
                        let lo = w[bit / 64] >> (bit % 64);
                        let hi = if bit % 64 + b > 64 { w[bit / 64 + 1] << (64 - bit % 64) } else { 0 };
                        (lo | hi) & ((1 << b) - 1)
                    })
                    .collect();
                assert!(unpacked.iter().zip(a).all(|(&u, &c)| u == u64::from(c)), "n = {n}, deck {i}");
            }
        }
    }

    #[test]
    fn repeats_are_counted_exactly() {
        // 100 distinct decks, deck 7 three more times and deck 30 once more: 4 repeats, 3 + 3·... pairs.
        let decks = random_decks(52, 100, 3);
        let mut d = DuplicateDecks::new(52);
        for deck in &decks {
            d.add(deck);
        }
        assert_eq!(d.repeats(), Repeats { decks: 100, repeats: 0, pairs: 0, most: 1, hash_collisions: 0 });
        for _ in 0..3 {
            d.add(&decks[7]);
        }
        d.add(&decks[30]);
        // Deck 7 four times: C(4, 2) = 6 pairs; deck 30 twice: 1 pair.
        assert_eq!(d.repeats(), Repeats { decks: 104, repeats: 4, pairs: 7, most: 4, hash_collisions: 0 });
        let t = &d.evaluate()[0];
        assert_eq!(t.statistic, 4.0);
        assert!(t.ln_p < -500.0, "{}", t.ln_p);
    }

    #[test]
    fn the_window_keeps_the_first_decks_of_each_chunk_position() {
        let decks = random_decks(20, 10, 5);
        let mut d = DuplicateDecks::new(20);
        // A chunk starting at M − 3 keeps 3 decks, one starting past M none.
        d.begin_chunk(window(20) - 3, 10);
        for deck in &decks {
            d.add(deck);
        }
        d.begin_chunk(window(20), 10);
        for deck in &decks {
            d.add(deck);
        }
        assert_eq!(d.decks(), 3);
    }

    #[test]
    fn it_merges_and_restores_like_every_statistic() {
        for n in [16usize, 52, 54, 65] {
            let mut decks = random_decks(n, 301, 40 + n as u64);
            // Repeats inside each half and across the halves.
            decks[200] = decks[10].clone();
            decks[20] = decks[10].clone();
            decks[290] = decks[250].clone();
            merging_halves_is_adding_all(&DuplicateDecks::new(n), &decks);
            copying_counters_restores_it(&DuplicateDecks::new(n), &decks);
        }
    }

    #[test]
    fn the_bound_is_the_exact_tail_for_one_repeat_when_it_is_small() {
        // P(R ≥ 1) = 1 − Π_{j<M} (1 − j/N), against λ = C(M, 2)/N: M = 1000, N = 10^12.
        let (m, n) = (1000u64, 1e12f64);
        let exact = -(0..m).map(|j| (-(j as f64) / n).ln_1p()).sum::<f64>().exp_m1();
        let bound = collision_ln_sf(1, ln_choose2(m) - n.ln()).exp();
        assert!(bound >= exact && bound < exact * 1.001, "{bound} vs {exact}");
        assert_eq!(collision_ln_sf(0, 3.0), 0.0);
        assert_eq!(collision_ln_sf(2, 3.0), 0.0);
    }

    #[test]
    fn the_bound_holds_in_a_simulation_where_repeats_are_common() {
        // M = 300 draws from N = 2^16 cells: λ = C(300, 2)/65536 ≈ 0.684. 20,000 replicates (fixed seed): the
        // share with R ≥ r must not exceed the bound λ^r/r! beyond sampling noise (4 binomial standard
        // deviations: a false failure has probability below 10^-4 per r).
        use rand::{RngExt, SeedableRng};
        let mut g = rand_pcg::Pcg64::seed_from_u64(11);
        let (m, cells, reps) = (300usize, 1u64 << 16, 20_000u32);
        let mut at_least = [0u32; 5];
        let mut seen = vec![0u32; cells as usize];
        for rep in 1..=reps {
            let mut r = 0;
            for _ in 0..m {
                let c = g.random_range(0..cells) as usize;
                r += usize::from(seen[c] == rep);
                seen[c] = rep;
            }
            for (k, a) in at_least.iter_mut().enumerate() {
                *a += u32::from(r > k);
            }
        }
        let ln_lambda = ln_choose2(m as u64) - (cells as f64).ln();
        for (k, &a) in at_least.iter().enumerate() {
            let bound = collision_ln_sf(k as u64 + 1, ln_lambda).exp();
            let share = f64::from(a) / f64::from(reps);
            let sd = (bound * (1.0 - bound) / f64::from(reps)).sqrt();
            assert!(share <= bound + 4.0 * sd, "R ≥ {}: {share} above the bound {bound}", k + 1);
        }
    }

    #[test]
    fn a_seed_space_is_implied_with_its_interval() {
        // 2^20 decks with 256 pairs: S ≈ C(2^20, 2)/256 ≈ 2^31.
        let s = seed_space(1 << 20, 256);
        let est = s.estimate.unwrap();
        assert!((est / 2f64.powi(31) - 1.0).abs() < 1e-5, "{est}");
        assert!(s.low < est && est < s.high.unwrap());
        // Poisson 95% for k = 256: about ±12%.
        assert!(s.low > 0.85 * est && s.high.unwrap() < 1.16 * est, "{s:?}");
        let none = seed_space(1 << 20, 0);
        assert!(none.estimate.is_none() && none.high.is_none());
        // No pair: S > C(M, 2)/3.69.
        assert!((none.low / (ln_choose2(1 << 20).exp() / 3.689) - 1.0).abs() < 1e-3, "{none:?}");
    }

    #[test]
    fn a_shoe_written_by_face_has_fewer_orders() {
        // 4 ids as 2 copies of 2 faces: 4!/(2!·2!) = 6 orders of the faces; one deck of 4 distinct cards has 24.
        assert!((DuplicateDecks::of_faces(4, 2).ln_orders() - 6f64.ln()).abs() < 1e-12);
        assert!((DuplicateDecks::new(4).ln_orders() - 24f64.ln()).abs() < 1e-12);
        // A 6-deck shoe by face: log2(312!/(6!)^52) = 1646.8 bits.
        let bits = DuplicateDecks::of_faces(312, 6).ln_orders() / std::f64::consts::LN_2;
        assert!((bits - 1646.8).abs() < 0.05, "{bits}");
    }
}
