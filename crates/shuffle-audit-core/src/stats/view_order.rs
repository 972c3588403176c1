//! `view-order`: the order of a view's cards, where the log lists them as they were dealt (a shoe's first cards,
//! or any view once a dealing rule is declared). Given which cards a view holds, a fair shuffle puts them at its
//! places in a uniformly random order, so each face is as likely at the view's first place as at its last.
//!
//! With K places, F faces of T = K_copies·F cards, and n deals of that view, `O_pf` the deals with face f at
//! place p and `R_f = Σ_p O_pf`: one deal's indicators have covariance `(1/F)(I − J/F)` at one place and
//! `−1/(T−1)` times that between two places (they cannot hold the same card), so on the contrasts between places
//! (`O_pf − R_f/K`, the part the view's set does not fix) the covariance is `T/(T−1)·(n/F)` times a projection of
//! rank (K−1)(F−1), and
//!
//! `W = (T−1)/T · F/n · Σ_{p,f} (O_pf − R_f/K)²` is χ² with (K − 1)(F − 1) df.
//!
//! It is independent of the view's set (`view-cards` tests that), so the two join one family without counting a
//! flaw twice. Views of different sizes (a shoe's cards up to a cut card that moves) are cut to the places nine
//! deals in ten reach, the shorter ones left out; the test needs [`MIN_EXPECTED`] deals a cell (n/F). A log whose views are listed sorted (a client that sorts a hand by rank)
//! would fail it whatever the shuffle: such a log is named as sorted and the test is not applied.

use std::collections::BTreeMap;

use crate::cards::Card;
use crate::stats::distributions::special::chi2_ln_sf;
use crate::stats::views::{Cell, CellLabel, MIN_EXPECTED, NotApplied, ViewTest};

/// The share of a log's views in one rank order (rising or falling) above which its order is the client's, not
/// the deal's. A dealt order puts two cards in a given order about half the time, three or more far less often;
/// 90% of 20 two-card views in one order happens by chance with probability 2·10^-4.
pub const SORTED_SHARE: f64 = 0.9;

/// The fewest views of two cards or more before a log is called sorted.
pub const SORTED_MIN_VIEWS: u64 = 20;

/// The rank orders a client may sort a hand by, as a key of a card id: the deck's own order (aces low, suit by
/// suit), by rank with aces low, aces high (poker), and 斗地主's (3 low, then A, 2 and the jokers).
const ORDERS: usize = 4;

fn sort_key(order: usize, c: Card) -> u32 {
    let c = u32::from(c);
    if c >= 52 {
        return 100 + c;
    }
    let rank = c % 13; // 0 = ace, 1 = two, …, 12 = king
    match order {
        0 => c,
        1 => rank,
        2 => (rank + 12) % 13,
        _ => (rank + 11) % 13,
    }
}

/// The counts of one view's order over a log's deals.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderCounts {
    faces: usize,
    copies: usize,
    /// By the view's size K: its deals, and the K × F table of faces at each place, place by place (the sizes a
    /// log holds are few: a table's hands have one, a shoe's prefixes the few dozen the cut card allows).
    strata: BTreeMap<usize, (u64, Vec<u64>)>,
    /// Views of two cards or more, and those in rising (then falling) order of each [`sort_key`].
    multi: u64,
    sorted: [[u64; 2]; ORDERS],
}

impl OrderCounts {
    /// Nothing counted yet, for views of a shoe of `copies` decks of `faces` faces (one deck: copies 1).
    pub fn new(faces: usize, copies: usize) -> Self {
        OrderCounts { faces, copies: copies.max(1), strata: BTreeMap::new(), multi: 0, sorted: [[0; 2]; ORDERS] }
    }

    /// Counts one deal's view, its cards in dealing order.
    pub fn add(&mut self, cards: &[Card]) {
        let (k, f) = (cards.len(), self.faces);
        let (deals, table) = self.strata.entry(k).or_insert_with(|| (0, vec![0; k * f]));
        *deals += 1;
        for (place, &c) in cards.iter().enumerate() {
            table[place * f + usize::from(c)] += 1;
        }
        if k >= 2 {
            self.multi += 1;
            for (order, counts) in self.sorted.iter_mut().enumerate() {
                let keys: Vec<u32> = cards.iter().map(|&c| sort_key(order, c)).collect();
                counts[0] += u64::from(keys.windows(2).all(|w| w[0] <= w[1]));
                counts[1] += u64::from(keys.windows(2).all(|w| w[0] >= w[1]));
            }
        }
    }

    /// The share of the views of two cards or more listed in the commonest of the rank orders, when they are
    /// enough to tell.
    pub fn sorted_share(&self) -> Option<f64> {
        let most = self.sorted.iter().flatten().copied().max().unwrap_or(0);
        (self.multi >= SORTED_MIN_VIEWS).then(|| most as f64 / self.multi as f64)
    }

    /// `view-order`, or why it does not apply.
    pub fn test(&self) -> Result<ViewTest, NotApplied> {
        let name = "view-order";
        if let Some(share) = self.sorted_share().filter(|&s| s >= SORTED_SHARE) {
            return Err(NotApplied {
                name,
                why: format!(
                    "the log lists {:.0}% of these views sorted by rank: their order is the client's, not the deal's",
                    100.0 * share
                ),
            });
        }
        let f = self.faces;
        let (ff, tf) = (f as f64, (f * self.copies) as f64);
        // The places every view of nine deals in ten reaches: views of another size (a shoe cut elsewhere) are
        // cut to them, and the shorter ones are left out of this test. Sizes do not depend on the cards, so the
        // views kept are a sample of the deals, and their first places are in dealing order.
        let all: u64 = self.strata.values().map(|(d, _)| d).sum();
        let mut reach = 0u64;
        let mut k = 0usize;
        for (&size, (deals, _)) in self.strata.iter().rev() {
            reach += deals;
            if reach as f64 >= 0.9 * all as f64 {
                k = size;
                break;
            }
        }
        if k < 2 {
            return Err(NotApplied { name, why: "the view holds one card: it has no order".to_string() });
        }
        let mut table = vec![0u64; k * f];
        let mut deals = 0u64;
        for (_, (d, t)) in self.strata.range(k..) {
            deals += d;
            for (sum, x) in table.iter_mut().zip(&t[..k * f]) {
                *sum += x;
            }
        }
        let n = deals as f64;
        if n / ff < MIN_EXPECTED {
            return Err(NotApplied {
                name,
                why: format!("{:.1} deals a face at each place expected, {MIN_EXPECTED} needed", n / ff),
            });
        }
        let scale = (tf - 1.0) / tf * ff / n;
        // A cell's standard deviation, √(n/F·T/(T−1)), for the most telling cell.
        let sd = (n / ff * tf / (tf - 1.0)).sqrt();
        let mut w = 0.0;
        let mut worst: Option<(f64, Cell)> = None;
        for face in 0..f {
            let row: f64 = (0..k).map(|p| table[p * f + face] as f64).sum::<f64>() / k as f64;
            for p in 0..k {
                let o = table[p * f + face] as f64;
                let dev = o - row;
                w += scale * dev * dev;
                if worst.as_ref().is_none_or(|(best, _)| dev.abs() / sd > *best) {
                    let label = CellLabel::Placed { card: face as Card, place: p + 1, of: k };
                    worst = Some((dev.abs() / sd, Cell { label, observed: o, expected: row }));
                }
            }
        }
        let df = (k as f64 - 1.0) * (ff - 1.0);
        Ok(ViewTest { name, statistic: w, df, ln_p: chi2_ln_sf(w, df), ln_p_low: None, worst: worst.map(|(_, c)| c) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::testing::fair_view;
    use rand::SeedableRng;
    use rand::seq::SliceRandom;

    /// Fair orders keep the stated rate: views of 17 of 54 cards over 600 deals, 3 of 54 over 600, the first 40
    /// to 80 cards of a 6-deck shoe (the cut card moves) over 3,000 deals, and 2 of 52 over 3,000 (PCG64, seed
    /// 7), 300 runs each. At α = 0.01
    /// at most 10 of 300 may reject (a test at its level exceeds that with probability 3·10^-4), at α = 0.05 at
    /// most 27 (5·10^-4); the 99% interval is printed.
    #[test]
    fn fair_orders_keep_the_stated_rate() {
        let mut g = rand_pcg::Pcg64::seed_from_u64(7);
        let cases = [
            (54usize, 1usize, 17usize, 17usize, 600u64),
            (54, 1, 3, 3, 600),
            (52, 6, 40, 80, 3000),
            (52, 1, 2, 2, 3000),
        ];
        for (faces, copies, m, most, deals) in cases {
            let (mut at1, mut at5) = (0u64, 0u64);
            let runs = 300u64;
            for _ in 0..runs {
                let mut o = OrderCounts::new(faces, copies);
                for _ in 0..deals {
                    if copies == 1 {
                        o.add(&fair_view(&mut g, faces, m));
                    } else {
                        let mut shoe: Vec<Card> = (0..faces * copies).map(|c| (c % faces) as Card).collect();
                        shoe.shuffle(&mut g);
                        o.add(&shoe[..rand::RngExt::random_range(&mut g, m..=most)]);
                    }
                }
                let p = o.test().unwrap().ln_p;
                at1 += u64::from(p < 0.01f64.ln());
                at5 += u64::from(p < 0.05f64.ln());
            }
            let (lo, hi) = crate::stats::distributions::special::clopper_pearson(at1, runs, 0.99);
            eprintln!(
                "{faces}x{copies}, views of {m}, {deals} deals: {at1}/{runs} at 0.01 (99% {lo:.4}..{hi:.4}), {at5} at 0.05"
            );
            assert!(at1 <= 10 && at5 <= 27, "{faces}x{copies} views of {m}: {at1} and {at5} of {runs}");
        }
    }

    /// A view whose first card is more often low (a dealer that deals the top of a fresh deck's first quarter
    /// first) fails, naming a card at its place; the same cards in a random order pass.
    #[test]
    fn an_order_that_depends_on_the_place_fails_and_the_same_sets_shuffled_pass() {
        let mut g = rand_pcg::Pcg64::seed_from_u64(3);
        let (mut biased, mut control) = (OrderCounts::new(52, 1), OrderCounts::new(52, 1));
        for _ in 0..2000 {
            let mut view = fair_view(&mut g, 52, 5);
            // Half the time the smallest card of the view is put first.
            if rand::RngExt::random_bool(&mut g, 0.5) {
                let i = (0..5).min_by_key(|&i| view[i]).unwrap();
                view.swap(0, i);
            }
            biased.add(&view);
            view.shuffle(&mut g);
            control.add(&view);
        }
        let t = biased.test().unwrap();
        assert!(t.ln_p < 1e-9f64.ln(), "{t:?}");
        assert!(matches!(t.worst.unwrap().label, CellLabel::Placed { place: 1, of: 5, .. }));
        // The control is a fair order: it rejects at 1e-3 with probability 1e-3.
        assert!(control.test().unwrap().ln_p > 1e-3f64.ln());
    }

    /// A sorted log is named, not tested: hands sorted by rank (aces high), and two-card views high card first.
    #[test]
    fn a_log_of_sorted_hands_is_named_and_not_tested() {
        let mut g = rand_pcg::Pcg64::seed_from_u64(9);
        let (mut hands, mut holes) = (OrderCounts::new(54, 1), OrderCounts::new(52, 1));
        for _ in 0..400 {
            let mut view = fair_view(&mut g, 54, 17);
            view.sort_by_key(|&c| sort_key(3, c));
            hands.add(&view);
            let mut hole = fair_view(&mut g, 52, 2);
            hole.sort_by_key(|&c| std::cmp::Reverse(sort_key(2, c)));
            holes.add(&hole);
        }
        for o in [hands, holes] {
            let why = o.test().unwrap_err().why;
            assert!(why.contains("sorted by rank"), "{why}");
        }
    }
}
