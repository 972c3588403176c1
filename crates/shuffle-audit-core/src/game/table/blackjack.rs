//! Blackjack at the table: which seats are dealt naturals, in the first round of every shoe against the exact
//! odds of the full shoe, and in every round until the cut card against the exact odds of the cards left
//! ([`crate::game::blackjack`]).
//!
//! - `natural-seat`: the first round of each shoe. Over N independent fair shoes a seat's count of naturals is
//!   exactly Binomial(N, 2·a·t / (T(T − 1))) (192/4043 for 6 decks); two-sided, the worst seat with Bonferroni
//!   over the players and the dealer.
//! - `natural-rounds`: every round a shoe deals before its cut card. Given the cards already out, the rest of a
//!   fair shoe is in uniform order, so a seat's natural in round r has the exact conditional probability
//!   q_r = 2·a_r·t_r / (R_r(R_r − 1)) of the R_r cards left. For each seat, Σ (natural_r − q_r) is then a
//!   martingale with predictable variance Σ q_r(1 − q_r), and z = Σ (natural_r − q_r) / √Σ q_r(1 − q_r) is
//!   standard normal for many rounds (the martingale central limit theorem): two-sided, worst seat with
//!   Bonferroni. It is reported once every seat expects at least [`MIN_EXPECTED_NATURALS`] naturals. Every seat
//!   shares q_r, so the sums are kept once, in fixed point (2^-30 of a natural, exact integer sums that any
//!   order of merging gives bit for bit).
//!
//! Cards are read by face (`id mod 52`), so a shoe named by faces and one named by ids count the same.

use super::doudizhu::{bonferroni, seat_rate_test};
use crate::cards::Card;
use crate::game::blackjack::{ACES_PER_DECK, TENS_PER_DECK, natural_odds, points, rounds};
use crate::game::deal::DealConfig;
use crate::game::fraction::Fraction;
use crate::stats::distributions::special::normal_ln_sf;
use crate::stats::finding::Finding;
use crate::stats::{TestId, TestResult};

/// The expected naturals per seat below which `natural-rounds` is not reported (its normal law is then too
/// rough in the tails).
pub const MIN_EXPECTED_NATURALS: f64 = 20.0;
/// The fixed point of the conditional odds' sums: 2^30 units per natural.
const UNIT: u128 = 1 << 30;

/// The naturals of a shoe's rounds, per seat (the players, then the dealer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlackjackStats {
    players: usize,
    cut: usize,
    cards: u64,
    aces: u64,
    tens: u64,
    /// Shoes, and each seat's naturals in their first round.
    shoes: u64,
    first: Vec<u64>,
    /// Rounds before the cut card, each seat's naturals in them, and Σ q, Σ q(1 − q) in units of 2^-30.
    rounds: u64,
    naturals: Vec<u64>,
    odds_sum: u64,
    variance_sum: u64,
}

impl BlackjackStats {
    /// For the deal's table (`players` seats counting the dealer) and its shoe of `copies` decks.
    pub fn new(deal: &DealConfig) -> Self {
        let seats = deal.players;
        let d = deal.copies as u64;
        BlackjackStats {
            players: seats - 1,
            cut: deal.cut_card,
            cards: deal.deck as u64,
            aces: ACES_PER_DECK * d,
            tens: TENS_PER_DECK * d,
            shoes: 0,
            first: vec![0; seats],
            rounds: 0,
            naturals: vec![0; seats],
            odds_sum: 0,
            variance_sum: 0,
        }
    }

    /// The exact odds of a seat's natural in a shoe's first round.
    pub fn first_round_odds(&self) -> Fraction {
        natural_odds(self.cards, self.aces, self.tens)
    }

    #[inline]
    pub fn add(&mut self, shoe: &[Card]) {
        let seats = self.players + 1;
        let (mut aces, mut tens) = (self.aces, self.tens);
        for r in rounds(shoe, self.players, self.cut) {
            // The round's exact odds over the cards left before it, in fixed point.
            let left = (shoe.len() - r.start) as u128;
            let (a, t) = (u128::from(aces), u128::from(tens));
            let pairs = left * (left - 1);
            let hits = 2 * a * t;
            self.odds_sum += ((hits * UNIT + pairs / 2) / pairs) as u64;
            self.variance_sum += ((hits * (pairs - hits) * UNIT + pairs * pairs / 2) / (pairs * pairs)) as u64;
            for s in 0..seats {
                let natural = u64::from(r.naturals >> s & 1);
                self.naturals[s] += natural;
                if r.start == 0 {
                    self.first[s] += natural;
                }
            }
            for &c in &shoe[r.start..r.start + r.cards] {
                match points(c) {
                    1 => aces -= 1,
                    10 => tens -= 1,
                    _ => {}
                }
            }
            self.rounds += 1;
        }
        self.shoes += 1;
    }

    pub fn merge(&mut self, other: &Self) {
        debug_assert_eq!((self.players, self.cut, self.cards), (other.players, other.cut, other.cards));
        self.shoes += other.shoes;
        self.rounds += other.rounds;
        self.odds_sum += other.odds_sum;
        self.variance_sum += other.variance_sum;
        for (a, b) in [(&mut self.first, &other.first), (&mut self.naturals, &other.naturals)] {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
    }

    /// The naturals per seat over every round, the rounds, and the naturals a fair shoe expects per seat.
    pub fn rounds(&self) -> (&[u64], u64, f64) {
        (&self.naturals, self.rounds, self.odds_sum as f64 / UNIT as f64)
    }

    /// `natural-seat`, then `natural-rounds` once every seat expects [`MIN_EXPECTED_NATURALS`].
    pub fn evaluate(&self) -> Vec<TestResult> {
        let mut out = Vec::new();
        if self.shoes == 0 {
            return out;
        }
        out.push(seat_rate_test(TestId::NaturalSeat, &self.first, self.shoes, &self.first_round_odds()));
        let expected = self.odds_sum as f64 / UNIT as f64;
        let variance = self.variance_sum as f64 / UNIT as f64;
        if expected >= MIN_EXPECTED_NATURALS && variance > 0.0 {
            let z: Vec<f64> = self.naturals.iter().map(|&k| (k as f64 - expected) / variance.sqrt()).collect();
            let ln_ps: Vec<f64> = z.iter().map(|z| (std::f64::consts::LN_2 + normal_ln_sf(z.abs())).min(0.0)).collect();
            let worst = (0..z.len()).min_by(|&a, &b| ln_ps[a].total_cmp(&ln_ps[b])).unwrap_or(0);
            out.push(TestResult {
                test: TestId::NaturalRounds,
                statistic: z[worst],
                df: 0.0,
                ln_p: bonferroni(ln_ps[worst], z.len()),
                ln_p_low: None,
                effect: self.naturals[worst] as f64 / expected - 1.0,
                finding: Finding::NaturalRounds {
                    seat: worst,
                    naturals: self.naturals.clone(),
                    rounds: self.rounds,
                    shoes: self.shoes,
                    expected,
                    z: z[worst],
                },
            });
        }
        out
    }

    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit("blackjack.shoes", std::slice::from_mut(&mut self.shoes));
        visitor.visit("blackjack.first", &mut self.first);
        visitor.visit("blackjack.rounds", std::slice::from_mut(&mut self.rounds));
        visitor.visit("blackjack.naturals", &mut self.naturals);
        visitor.visit("blackjack.odds_sum", std::slice::from_mut(&mut self.odds_sum));
        visitor.visit("blackjack.variance_sum", std::slice::from_mut(&mut self.variance_sum));
    }
}

crate::stats::statistic::impl_statistic!(BlackjackStats);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::blackjack::value_class;
    use crate::game::deal::DealShape;
    use rand::SeedableRng;
    use rand::seq::SliceRandom;

    fn deal(copies: usize, players: usize, cut: Option<usize>) -> DealConfig {
        let shape = DealShape { players: Some(players), cut_card: cut, ..Default::default() };
        DealConfig::shoe(Game::Blackjack, None, Some(copies), shape).unwrap()
    }

    #[test]
    fn counts_follow_the_rounds() {
        let d = deal(6, 5, None);
        let mut s = BlackjackStats::new(&d);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut shoe = d.start_deck();
        shoe.shuffle(&mut rng);
        s.add(&shoe);
        let played: Vec<_> = rounds(&shoe, 5, 234).collect();
        assert_eq!(s.rounds, played.len() as u64);
        for seat in 0..6 {
            let n: u64 = played.iter().map(|r| u64::from(r.naturals >> seat & 1)).sum();
            assert_eq!(s.naturals[seat], n);
            assert_eq!(s.first[seat], u64::from(played[0].naturals >> seat & 1));
        }
        // The first round's conditional odds are the full shoe's, 192/4043, in fixed point.
        let mut one = BlackjackStats::new(&deal(6, 5, Some(1)));
        one.add(&shoe);
        assert_eq!(one.rounds, 1);
        assert_eq!(one.odds_sum, ((192u128 << 30) as f64 / 4043.0).round() as u64);
        assert_eq!(value_class(shoe[0]), value_class(shoe[0] % 52));
    }

    #[test]
    fn a_fair_shoe_passes_and_a_new_shoe_fails() {
        // 3000 fair 6-deck shoes: both tests above p = 1e-4 (a false alarm below 2e-4 for the pair).
        let d = deal(6, 5, None);
        let mut fair = BlackjackStats::new(&d);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        let mut shoe = d.start_deck();
        for _ in 0..3000 {
            shoe.shuffle(&mut rng);
            fair.add(&shoe);
        }
        let results = fair.evaluate();
        let names: Vec<&str> = results.iter().map(|t| t.test.name()).collect();
        assert_eq!(names, ["natural-seat", "natural-rounds"]);
        for t in &results {
            assert!(t.ln_p > 1e-4f64.ln(), "{}: ln p = {}", t.test, t.ln_p);
        }
        // Shoes washed by 40 random swaps of a new shoe's order: the suits' runs A..K keep aces next to 2s,
        // far from the tens, and the naturals are rare.
        let mut washed = BlackjackStats::new(&d);
        for _ in 0..3000 {
            let mut shoe = d.start_deck();
            for _ in 0..40 {
                let (i, j) =
                    (rand::RngExt::random_range(&mut rng, 0..312), rand::RngExt::random_range(&mut rng, 0..312));
                shoe.swap(i, j);
            }
            washed.add(&shoe);
        }
        assert!(washed.evaluate().iter().all(|t| t.ln_p < 1e-9f64.ln()), "{:?}", washed.evaluate());
    }

    #[test]
    fn the_table_tests_reject_fair_shoes_at_most_at_their_level() {
        // 1000 runs of 200 fair 6-deck shoes at a table of 5 (about 2,800 rounds a run, 130 naturals a seat).
        // natural-seat is two-sided binomial with Bonferroni, so its level is at most α. natural-rounds rests
        // on the martingale central limit theorem: its rejections at 5% must be those of a test at most at 5%,
        // at most Binomial(1000, 0.05), whose bound 73 is missed with probability below 6.5e-4; and the test is
        // alive: Bonferroni over 6 seats keeps its level at least α/6, and fewer than 2 rejections of 1000 at
        // 0.83% happen with probability 2.3e-3 (less at the true level). Fixed seed, so the outcome is fixed:
        // 42 and 44 rejections.
        let d = deal(6, 5, None);
        let empty = BlackjackStats::new(&d);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(33);
        let mut shoe = d.start_deck();
        let mut rejected = [0usize; 2];
        for _ in 0..1000 {
            let mut s = empty.clone();
            for _ in 0..200 {
                shoe.shuffle(&mut rng);
                s.add(&shoe);
            }
            let results = s.evaluate();
            assert_eq!(results.len(), 2);
            for (r, t) in rejected.iter_mut().zip(&results) {
                *r += usize::from(t.ln_p < 0.05f64.ln());
            }
        }
        assert!(rejected[0] <= 73 && (2..=73).contains(&rejected[1]), "rejections at 5%: {rejected:?}");
    }

    #[test]
    fn halves_merge_into_the_whole() {
        use crate::stats::testing::{merging_halves_is_adding_all, random_decks};
        merging_halves_is_adding_all(&BlackjackStats::new(&deal(2, 2, None)), &random_decks(104, 101, 5));
    }
}
