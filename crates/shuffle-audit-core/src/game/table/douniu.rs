//! 斗牛 at the table: the distribution of niu values each seat is dealt, against the exact distribution over
//! all C(52, 5) hands ([`crate::game::douniu::exact_pmf`]).
//!
//! Under a uniform shuffle each seat's five cards are a uniform 5-subset, so a seat's histogram of niu values
//! over N independent deals is exactly Multinomial(N, pmf): Pearson's goodness of fit
//! ([`crate::stats::distributions::gof::chi2_against_pmf`], cells pooled to an expected count of at least 5, at most 10 df). Seats of the same
//! deal share a deck and are not independent, so the worst seat is reported with a Bonferroni correction over
//! the seats.

use crate::cards::Card;
use crate::game::deal::SeatMap;
use crate::game::douniu::{VALUES, exact_pmf, niu_of_hand};
use crate::game::table::doudizhu::{argmin, bonferroni};
use crate::stats::distributions::gof::chi2_against_pmf;
use crate::stats::finding::Finding;
use crate::stats::{TestId, TestResult};

/// Per-seat histograms of niu values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DouniuSeatStats {
    seats: Vec<[usize; 5]>,
    deals: u64,
    counts: Vec<[u64; VALUES]>,
}

impl DouniuSeatStats {
    /// For a deal of five cards per seat.
    pub fn new(map: &SeatMap) -> Self {
        let seats: Vec<[usize; 5]> =
            map.seat_positions().iter().map(|p| p.as_slice().try_into().expect("斗牛 hands have five cards")).collect();
        let p = seats.len();
        DouniuSeatStats { seats, deals: 0, counts: vec![[0; VALUES]; p] }
    }

    #[inline]
    pub fn add(&mut self, deck: &[Card]) {
        for (seat, counts) in self.seats.iter().zip(self.counts.iter_mut()) {
            counts[niu_of_hand(seat.map(|p| deck[p]))] += 1;
        }
        self.deals += 1;
    }

    pub fn merge(&mut self, other: &Self) {
        debug_assert_eq!(self.seats, other.seats);
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
        self.deals += other.deals;
    }

    /// The niu histogram of one seat (0 = no niu, 1..=9, 10 = niu-niu).
    pub fn seat_counts(&self, seat: usize) -> &[u64; VALUES] {
        &self.counts[seat]
    }

    /// `niu-seat`: the seat whose niu values fit the exact law worst, Bonferroni over the seats.
    pub fn evaluate(&self) -> Vec<TestResult> {
        if self.deals == 0 {
            return Vec::new();
        }
        let pmf = exact_pmf();
        let seats = self.seats.len();
        let fits: Vec<_> = self.counts.iter().map(|c| chi2_against_pmf(c, &pmf)).collect();
        let worst = argmin(&fits.iter().map(|f| f.ln_sf).collect::<Vec<_>>());
        let fit = fits[worst];
        let n = self.deals as f64;
        // The value that strays most, in standard deviations of its own count.
        let counts = &self.counts[worst];
        let value = (0..VALUES)
            .max_by(|&a, &b| {
                let z = |v: usize| (counts[v] as f64 - n * pmf[v]).abs() / (n * pmf[v]).sqrt();
                z(a).total_cmp(&z(b))
            })
            .unwrap_or(0);
        let (rate, fair) = (counts[value] as f64 / n, pmf[value]);
        vec![TestResult {
            test: TestId::NiuSeat,
            statistic: fit.statistic,
            df: fit.df,
            ln_p: bonferroni(fit.ln_sf, seats),
            ln_p_low: None,
            effect: rate / fair - 1.0,
            finding: Finding::NiuSeat {
                seat: worst,
                seats,
                counts: counts.to_vec(),
                deals: self.deals,
                value,
                fair_rate: fair,
            },
        }]
    }
}

impl DouniuSeatStats {
    /// Its counters, for state files (see [`crate::stats::statistic::Statistic::visit_counts`]).
    pub fn visit_counts(&mut self, visitor: &mut dyn crate::stats::statistic::CountVisitor) {
        visitor.visit("douniu.deals", std::slice::from_mut(&mut self.deals));
        visitor.visit("douniu.counts", self.counts.as_flattened_mut());
    }
}

crate::stats::statistic::impl_statistic!(DouniuSeatStats);

#[cfg(test)]
mod tests {}
