//! `guess`: the player's test. A guesser names each next card of a deck from the cards already shown (complete
//! feedback) and the count of right guesses is compared with its exact null.
//!
//! Whatever a guesser knows, if it only ever names a card not yet shown, step j (1-based, of n) is right with
//! probability exactly `1/(n − j + 1)` under a uniform shuffle, whatever was shown before: the card at step j is
//! uniform over the `n − j + 1` unseen ones and independent of the guess. So a deck's count of right guesses is
//! Poisson-binomial with `p = 1/n, 1/(n−1), …, 1`: the law of the number of cycles of a uniform permutation
//! (`|s(n,k)|/n!`), mean `H_n` and variance `H_n − Σ 1/j²` (4.53804 and 2.91216 for 52 cards). The same holds
//! for a guesser *trained on other decks of the run*, as long as it is trained only on decks before the one it
//! guesses: a deck's count, given every deck before it, has that law, so the counts of a run are independent
//! copies of it and their total is a sum of N copies, whose upper tail is the saddlepoint tail of
//! [`crate::stats::distributions::saddlepoint::sum_ln_sf`].
//!
//! Each guesser is trained prequentially: it guesses a deck, then learns it. Its knowledge starts empty at every
//! chunk of the run ([`GuessCounts::begin_chunk`]) and after every [`BLOCK`] decks of a stream of external
//! decks, so that the results are the same for any number of threads and its memory is bounded whatever the
//! number of shuffles: `(n + 1) × n` 32-bit counters per learning guesser (11 KB for 52 cards, 4.2 MB for
//! 1024).
//!
//! The built-in guessers ([`Guesser`]):
//! - `marginal`: the unseen card most often seen at this position (learned position-by-card counts);
//! - `successor`: the unseen card that most often followed the card just shown (learned transitions; at the
//!   first position, the card most often first);
//! - `above-last`: the smallest unseen card above the last card shown, else the smallest unseen card. It needs
//!   no training and wins against riffles and shelf machines, whose decks are interleavings of rising runs.
//!
//! Ties go to the smallest card. With several guessers (`--guesser all`, the default), the test's p is
//! Bonferroni's `min(1, G·p_min)` over the G guessers, one p in the run's family.

use crate::cards::Card;
use crate::stats::finding::{Finding, GuessFinding, within_chance};
pub use crate::stats::finding::{GuessOutcome, GuessTotals, Guesser};
use crate::stats::{TestId, TestResult};

/// Decks after which a guesser on a stream of external decks starts again with empty knowledge: the runner's
/// chunk size, so that external decks and built-in runs are guessed alike.
pub const BLOCK: u64 = 1 << 14;

/// A set of guessers (`--guesser NAME|all`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Guessers(u8);

impl Default for Guessers {
    /// Every built-in guesser.
    fn default() -> Self {
        Guessers::all()
    }
}

impl Guessers {
    pub fn all() -> Self {
        Guessers(Guesser::ALL.iter().fold(0, |m, g| m | g.bit()))
    }

    pub fn one(g: Guesser) -> Self {
        Guessers(g.bit())
    }

    pub fn contains(self, g: Guesser) -> bool {
        self.0 & g.bit() != 0
    }

    pub fn iter(self) -> impl Iterator<Item = Guesser> {
        Guesser::ALL.into_iter().filter(move |g| self.contains(*g))
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Parses `--guesser NAME|all`.
    pub fn parse(text: &str) -> Result<Self, String> {
        if text.eq_ignore_ascii_case("all") {
            return Ok(Guessers::all());
        }
        Guesser::from_name(&text.to_ascii_lowercase()).map(Guessers::one).ok_or_else(|| {
            format!("unknown guesser '{text}' (expected all or one of: {})", Guesser::ALL.map(Guesser::name).join(", "))
        })
    }
}

impl std::str::FromStr for Guessers {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Guessers::parse(s)
    }
}

impl std::fmt::Display for Guessers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if *self == Guessers::all() {
            f.write_str("all")
        } else {
            f.write_str(&self.iter().map(Guesser::name).collect::<Vec<_>>().join("+"))
        }
    }
}

/// One guesser's knowledge and its scratch for one deck.
#[derive(Clone, Debug)]
pub struct GuessModel {
    kind: Guesser,
    n: usize,
    /// `marginal`: `counts[position·n + card]`; `successor`: `counts[previous·n + card]`, with row n for the first
    /// position. Empty for `above-last`.
    counts: Vec<u32>,
    /// The cards not yet shown, in no order (`marginal`, `successor`).
    unseen: Vec<Card>,
    /// The cards not yet shown, one bit each (`above-last`).
    unseen_bits: Vec<u64>,
}

impl GuessModel {
    pub fn new(n: usize, kind: Guesser) -> Self {
        GuessModel {
            kind,
            n,
            counts: if kind.learns() { vec![0; (n + 1) * n] } else { Vec::new() },
            unseen: Vec::with_capacity(n),
            unseen_bits: vec![0; n.div_ceil(64)],
        }
    }

    /// Forgets everything learned.
    pub fn reset(&mut self) {
        self.counts.fill(0);
    }

    /// The number of right guesses on `deck`, each guess made from the cards before it and what was learned.
    #[inline]
    pub fn score(&mut self, deck: &[Card]) -> u32 {
        match self.kind {
            Guesser::Marginal => self.score_by_rows(deck, |position, _| position),
            Guesser::Successor => {
                let n = self.n;
                self.score_by_rows(deck, move |position, last| if position == 0 { n } else { last as usize })
            }
            Guesser::AboveLast => self.score_above_last(deck),
        }
    }

    /// Learns `deck` (after scoring it).
    #[inline]
    pub fn learn(&mut self, deck: &[Card]) {
        let n = self.n;
        match self.kind {
            Guesser::Marginal => {
                for (position, &card) in deck.iter().enumerate() {
                    self.counts[position * n + card as usize] += 1;
                }
            }
            Guesser::Successor => {
                let mut row = n;
                for &card in deck {
                    self.counts[row * n + card as usize] += 1;
                    row = card as usize;
                }
            }
            Guesser::AboveLast => {}
        }
    }

    /// The learning guessers: at each position, the unseen card with the largest count in the row that
    /// `row(position, last card shown)` names, the smallest such card on ties.
    #[inline]
    fn score_by_rows(&mut self, deck: &[Card], row: impl Fn(usize, Card) -> usize) -> u32 {
        let n = self.n;
        self.unseen.clear();
        self.unseen.extend(0..n as Card);
        let mut right = 0;
        let mut last: Card = 0;
        for (position, &card) in deck.iter().enumerate() {
            let counts = &self.counts[row(position, last) * n..][..n];
            let (mut best, mut best_count) = (Card::MAX, 0u32);
            let mut at = 0;
            for (i, &c) in self.unseen.iter().enumerate() {
                let k = counts[c as usize];
                if best == Card::MAX || k > best_count || (k == best_count && c < best) {
                    (best, best_count) = (c, k);
                }
                if c == card {
                    at = i;
                }
            }
            right += u32::from(best == card);
            self.unseen.swap_remove(at);
            last = card;
        }
        right
    }

    /// `above-last`: the smallest unseen card above the last shown (the smallest unseen card first, and when no
    /// unseen card is above the last).
    #[inline]
    fn score_above_last(&mut self, deck: &[Card]) -> u32 {
        let n = self.n;
        let bits = &mut self.unseen_bits;
        for (w, word) in bits.iter_mut().enumerate() {
            let left = n - 64 * w;
            *word = if left >= 64 { u64::MAX } else { (1u64 << left) - 1 };
        }
        let first_at_or_after = |bits: &[u64], from: usize| -> Option<usize> {
            let mut w = from / 64;
            if w >= bits.len() {
                return None;
            }
            let mut word = bits[w] & (u64::MAX << (from % 64));
            loop {
                if word != 0 {
                    return Some(64 * w + word.trailing_zeros() as usize);
                }
                w += 1;
                if w == bits.len() {
                    return None;
                }
                word = bits[w];
            }
        };
        let mut right = 0;
        let mut from = 0;
        for &card in deck {
            let guess = first_at_or_after(bits, from).or_else(|| first_at_or_after(bits, 0));
            right += u32::from(guess == Some(card as usize));
            bits[card as usize / 64] &= !(1u64 << (card % 64));
            from = card as usize + 1;
        }
        right
    }
}

/// The 0.995 normal quantile: a two-sided 99% interval is ±2.5758 standard errors.
const Z_99: f64 = 2.575_829_303_548_901;

/// The mean number of right guesses per deck under a uniform shuffle, `H_n`.
pub fn chance_mean(n: usize) -> f64 {
    (1..=n).map(|j| 1.0 / j as f64).sum()
}

/// Its variance, `H_n − Σ 1/j²`.
pub fn chance_variance(n: usize) -> f64 {
    (1..=n).map(|j| 1.0 / j as f64 - 1.0 / (j * j) as f64).sum()
}

/// The outcome of one guesser's totals on n-card decks; `pmf` is the law of one deck's count
/// ([`crate::stats::exact::laws::cycles_pmf`]).
pub fn outcome(guesser: Guesser, totals: GuessTotals, n: usize, pmf: &[f64]) -> GuessOutcome {
    let d = totals.decks.max(1) as f64;
    let mean = totals.right as f64 / d;
    let variance =
        if totals.decks > 1 { ((totals.right_squared as f64 - d * mean * mean) / (d - 1.0)).max(0.0) } else { 0.0 };
    // With a handful of decks the decks' own spread can be 0 by chance: the interval then uses the null's.
    let sd = if variance > 0.0 { variance.sqrt() } else { chance_variance(n).sqrt() };
    let half = Z_99 * sd / d.sqrt();
    let extra = mean - chance_mean(n);
    let ln_p = if totals.decks == 0 {
        0.0
    } else {
        crate::stats::distributions::saddlepoint::sum_ln_sf(pmf, totals.decks, totals.right)
    };
    GuessOutcome { guesser, totals, ln_p, extra, low: extra - half, high: extra + half }
}

/// The `guess` test's accumulator: each chosen guesser, trained prequentially, and its totals.
#[derive(Clone, Debug)]
pub struct GuessCounts {
    n: usize,
    guessers: Guessers,
    models: Vec<GuessModel>,
    totals: Vec<GuessTotals>,
    /// Decks since the guessers last started again.
    since_reset: u64,
}

impl PartialEq for GuessCounts {
    /// Equal totals (what the guessers have learned is scratch).
    fn eq(&self, other: &Self) -> bool {
        self.n == other.n && self.guessers == other.guessers && self.totals == other.totals
    }
}

impl GuessCounts {
    pub fn new(n: usize, guessers: Guessers) -> Self {
        GuessCounts {
            n,
            guessers,
            models: guessers.iter().map(|g| GuessModel::new(n, g)).collect(),
            totals: vec![GuessTotals::default(); guessers.len()],
            since_reset: 0,
        }
    }

    pub fn guessers(&self) -> Guessers {
        self.guessers
    }

    /// Each guesser's totals, in the order of [`Guessers::iter`].
    pub fn totals(&self) -> &[GuessTotals] {
        &self.totals
    }

    pub fn shuffles(&self) -> u64 {
        self.totals.first().map_or(0, |t| t.decks)
    }

    /// A new chunk of the run: every guesser starts again with empty knowledge.
    pub fn begin_chunk(&mut self) {
        for m in &mut self.models {
            m.reset();
        }
        self.since_reset = 0;
    }

    /// Guesses one deck with every guesser, then lets each learn it.
    #[inline]
    pub fn add(&mut self, deck: &[Card]) {
        if self.since_reset == BLOCK {
            self.begin_chunk();
        }
        self.since_reset += 1;
        for (m, t) in self.models.iter_mut().zip(&mut self.totals) {
            let right = u64::from(m.score(deck));
            t.decks += 1;
            t.right += right;
            t.right_squared += right * right;
            m.learn(deck);
        }
    }

    pub fn merge(&mut self, other: &Self) {
        debug_assert_eq!((self.n, self.guessers), (other.n, other.guessers));
        for (a, b) in self.totals.iter_mut().zip(&other.totals) {
            a.decks += b.decks;
            a.right += b.right;
            a.right_squared += b.right_squared;
        }
    }

    /// Its counters, for state files: three per guesser (decks, right guesses, their squares).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        let mut flat: Vec<u64> = self.totals.iter().flat_map(|t| [t.decks, t.right, t.right_squared]).collect();
        visitor.visit("guess.totals", &mut flat);
        for (t, v) in self.totals.iter_mut().zip(flat.chunks_exact(3)) {
            *t = GuessTotals { decks: v[0], right: v[1], right_squared: v[2] };
        }
    }

    /// Each guesser's outcome, in the order of [`Guessers::iter`].
    pub fn outcomes(&self) -> Vec<GuessOutcome> {
        let pmf = crate::stats::exact::laws::cycles_pmf(self.n);
        self.guessers.iter().zip(&self.totals).map(|(g, t)| outcome(g, *t, self.n, &pmf)).collect()
    }

    /// The test: the guesser with the smallest p decides, its p multiplied by the number of guessers
    /// (Bonferroni); the effect size is its extra cards per deck.
    pub fn evaluate(&self) -> TestResult {
        let outcomes = self.outcomes();
        let best = outcomes
            .iter()
            .copied()
            .min_by(|a, b| a.ln_p.total_cmp(&b.ln_p))
            .expect("a guess test has at least one guesser");
        let ln_p = (best.ln_p + (outcomes.len() as f64).ln()).min(0.0);
        TestResult {
            test: TestId::Guess,
            statistic: best.extra,
            df: 0.0,
            ln_p,
            ln_p_low: None,
            effect: best.extra,
            finding: Finding::Guess(GuessFinding {
                n: self.n,
                chance: chance_mean(self.n),
                best,
                outcomes,
                fair: within_chance(ln_p, None),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::exact::laws::cycles_pmf;
    use crate::stats::testing::all_permutations;

    /// The law of right guesses over every permutation of n cards, each guessed by a model that has learned
    /// `trained` first.
    fn count_law(n: usize, kind: Guesser, trained: &[Vec<Card>]) -> Vec<f64> {
        let mut m = GuessModel::new(n, kind);
        for d in trained {
            m.learn(d);
        }
        let perms = all_permutations(n);
        let mut law = vec![0.0; n + 1];
        for p in &perms {
            law[m.score(p) as usize] += 1.0 / perms.len() as f64;
        }
        law
    }

    #[test]
    fn every_guesser_gets_the_cycle_law_over_every_permutation_whatever_it_learned() {
        // Over the n! equally likely decks (n ≤ 9), any guesser that names unseen cards is right a number of
        // times with the law of cycles, exactly, trained or not (here on a few fixed decks, so that its counts
        // are uneven).
        for n in 1..=9 {
            let trained: Vec<Vec<Card>> = all_permutations(n).into_iter().step_by(3).take(11).collect();
            for kind in Guesser::ALL {
                // Nine cards (362,880 decks) once, trained; fewer both ways.
                let both = [&[][..], &trained[..]];
                for learned in if n < 9 { &both[..] } else { &both[1..] } {
                    let law = count_law(n, kind, learned);
                    for (k, (a, b)) in law.iter().zip(cycles_pmf(n)).enumerate() {
                        assert!((a - b).abs() < 1e-12, "n = {n}, {kind}, {k} right: {a} vs {b}");
                    }
                }
            }
        }
    }

    #[test]
    fn guessers_follow_their_rules() {
        // above-last on 0 1 2 3: every guess right. On 3 2 1 0: 0 (wrong), then nothing above 3 so 0 (wrong),
        // then 0 (wrong), then 0 (right).
        let mut a = GuessModel::new(4, Guesser::AboveLast);
        assert_eq!(a.score(&[0, 1, 2, 3]), 4);
        assert_eq!(a.score(&[3, 2, 1, 0]), 1);
        // Across a word boundary: 70 cards in order.
        let mut wide = GuessModel::new(70, Guesser::AboveLast);
        assert_eq!(wide.score(&(0..70).collect::<Vec<Card>>()), 70);
        // marginal, having learned one deck, gets it all right; successor too.
        for kind in [Guesser::Marginal, Guesser::Successor] {
            let mut m = GuessModel::new(5, kind);
            let d = [2, 4, 0, 3, 1];
            m.learn(&d);
            assert_eq!(m.score(&d), 5, "{kind}");
            m.reset();
            // Untrained, ties go to the smallest unseen card: 0 1 2 3 4 is then guessed entirely.
            assert_eq!(m.score(&[0, 1, 2, 3, 4]), 5, "{kind}");
        }
    }

    #[test]
    fn on_a_fair_shuffle_the_p_values_and_the_intervals_keep_their_rates() {
        // 400 replicates of 500 decks of 20 cards (Fisher–Yates with PCG64, seed 21), every guesser trained
        // prequentially. Each guesser's p must fall below 0.05 in about 5% of the replicates and its 99% interval
        // miss 0 in about 1%: the asserted bands, [6, 38] false alarms and at most 12 misses, fail a correct
        // harness with probability below 1e-4 each (binomial tails of Bin(400, 0.05) and Bin(400, 0.01)); so does
        // the Bonferroni p of the three together, at most 5% (asserted at most 38).
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let (n, decks, replicates) = (20usize, 500u64, 400);
        let mut g = rand_pcg::Pcg64::seed_from_u64(21);
        let mut alarms = [0usize; 3];
        let mut misses = [0usize; 3];
        let mut family_alarms = 0;
        let mut deck: Vec<Card> = (0..n as Card).collect();
        for _ in 0..replicates {
            let mut c = GuessCounts::new(n, Guessers::all());
            for _ in 0..decks {
                deck.shuffle(&mut g);
                c.add(&deck);
            }
            for (i, o) in c.outcomes().iter().enumerate() {
                alarms[i] += usize::from(o.ln_p < 0.05f64.ln());
                misses[i] += usize::from(o.low > 0.0 || o.high < 0.0);
            }
            family_alarms += usize::from(c.evaluate().ln_p < 0.05f64.ln());
        }
        for i in 0..3 {
            assert!((6..=38).contains(&alarms[i]), "{}: {} false alarms of 400 at 0.05", Guesser::ALL[i], alarms[i]);
            assert!(misses[i] <= 12, "{}: the 99% interval missed 0 {} times of 400", Guesser::ALL[i], misses[i]);
        }
        assert!(family_alarms <= 38, "{family_alarms} family false alarms of 400 at 0.05");
    }

    #[test]
    fn a_deck_that_barely_moves_is_guessed_and_fails() {
        // The identity with one random pair of neighbours swapped: above-last guesses n − 2 or so of each deck
        // and the learning guessers learn it; p far below 1e-10 after 200 decks (a fair shuffle: 1e-10).
        use rand::{RngExt, SeedableRng};
        let mut g = rand_pcg::Pcg64::seed_from_u64(4);
        let n = 52;
        let mut c = GuessCounts::new(n, Guessers::all());
        for _ in 0..200 {
            let mut deck: Vec<Card> = (0..n as Card).collect();
            let i = g.random_range(0..n - 1);
            deck.swap(i, i + 1);
            c.add(&deck);
        }
        let r = c.evaluate();
        assert!(r.ln_p < -1e3, "ln p = {}", r.ln_p);
        let Finding::Guess(f) = &r.finding else { panic!("a guess finding") };
        assert!(f.best.extra > 40.0 && f.best.low < f.best.extra && f.best.extra < f.best.high, "{:?}", f.best);
        assert!(!f.fair);
    }

    #[test]
    fn knowledge_starts_again_at_each_block_and_chunk() {
        // One deck repeated: after the reset at BLOCK decks the learning guesser starts from nothing, so deck
        // BLOCK + 1 is guessed as an untrained guesser would (ties: smallest card first), as after begin_chunk.
        let d: Vec<Card> = vec![3, 1, 4, 0, 2];
        let mut untrained = GuessModel::new(5, Guesser::Marginal);
        let first = untrained.score(&d);
        let mut c = GuessCounts::new(5, Guessers::one(Guesser::Marginal));
        for _ in 0..BLOCK {
            c.add(&d);
        }
        let before = c.totals()[0].right;
        assert_eq!(before, u64::from(first) + 5 * (BLOCK - 1));
        c.add(&d);
        assert_eq!(c.totals()[0].right - before, u64::from(first));
        c.begin_chunk();
        c.add(&d);
        assert_eq!(c.totals()[0].right - before, 2 * u64::from(first));
    }

    #[test]
    fn the_saddlepoint_tail_of_the_total_matches_the_exact_convolution() {
        // 60 decks of 10 cards: P(total ≥ t) by convolving the cycle law 60 times, from the mean (p ≈ 0.5) to
        // p ≈ 1e-40: the saddlepoint tail is within 1% (relative; ln within 0.01) throughout.
        let (n, decks) = (10usize, 60usize);
        let one = cycles_pmf(n);
        let mut total = vec![1.0f64];
        for _ in 0..decks {
            let mut next = vec![0.0; total.len() + n];
            for (a, &pa) in total.iter().enumerate() {
                for (k, &pk) in one.iter().enumerate() {
                    next[a + k] += pa * pk;
                }
            }
            total = next;
        }
        let mean = decks as f64 * chance_mean(n);
        for t in [mean.ceil() as usize, 200, 230, 260, 300, 360] {
            let exact: f64 = total[t..].iter().sum();
            let got = crate::stats::distributions::saddlepoint::sum_ln_sf(&one, decks as u64, t as u64);
            assert!((got - exact.ln()).abs() < 0.01, "P(S >= {t}): ln {got} vs exact {}", exact.ln());
        }
    }

    #[test]
    fn the_null_moments_are_the_published_ones() {
        // For 52 cards: H_52 = 4.53804 and H_52 − Σ1/j² = 2.91216.
        assert!((chance_mean(52) - 4.538_04).abs() < 5e-6);
        assert!((chance_variance(52) - 2.912_16).abs() < 5e-6);
        let pmf = cycles_pmf(52);
        let mean: f64 = pmf.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
        assert!((mean - chance_mean(52)).abs() < 1e-12);
    }

    #[test]
    fn parsing_and_printing() {
        assert_eq!(Guessers::parse("all").unwrap(), Guessers::all());
        assert_eq!(Guessers::parse("Above-Last").unwrap(), Guessers::one(Guesser::AboveLast));
        assert_eq!(Guessers::all().len(), 3);
        assert_eq!(Guessers::one(Guesser::Successor).to_string(), "successor");
        let err = Guessers::parse("psychic").unwrap_err();
        assert!(err.contains("'psychic'") && err.contains("above-last"), "{err}");
    }
}
