//! The riffle table: total variation and separation distance from uniform after 1..=12 ideal (GSR) riffles of
//! a fresh deck, from the rising-sequence law ([`crate::stats::exact::riffle`], Bayer–Diaconis 1992), printed
//! as text and written as `riffle.csv`.

use super::request::RiffleTablePlan;
use crate::report::csv;
use crate::stats::exact::riffle::{self, RiffleDistance, TABLE_RIFFLES};

/// The computed table of a deck.
#[derive(Clone, Debug, PartialEq)]
pub struct RiffleTable {
    pub n: usize,
    /// One row per number of riffles, from 1.
    pub rows: Vec<RiffleDistance>,
}

/// Computes the table of a validated plan.
pub fn riffle_table(plan: &RiffleTablePlan) -> RiffleTable {
    RiffleTable { n: plan.n, rows: riffle::distance_table(plan.n, TABLE_RIFFLES) }
}

impl RiffleTablePlan {
    /// The folder name when no `--out` is given: `exact-riffle-<deck>`.
    pub fn dir_name(&self) -> String {
        format!("exact-riffle-{}", self.n)
    }
}

impl RiffleTable {
    /// The table `exact --algorithm riffle --table` prints.
    pub fn text(&self) -> String {
        csv::riffle::render_text(self.n, &self.rows)
    }

    /// `riffle.csv`.
    pub fn csv(&self) -> Vec<u8> {
        csv::riffle::render(&self.rows)
    }

    /// The files `exact --algorithm riffle --table` writes: `riffle.csv`.
    pub fn files(&self) -> [(&'static str, Vec<u8>); 1] {
        [("riffle.csv", self.csv())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_a_row_per_riffle_and_fades_towards_uniform() {
        let table = riffle_table(&RiffleTablePlan { n: 52, out: None });
        assert_eq!(table.rows.len(), TABLE_RIFFLES as usize);
        let first = table.rows.first().unwrap();
        let last = table.rows.last().unwrap();
        // Bayer–Diaconis's table for 52 cards: total variation 1.000 after one riffle, 0.334 after seven, 0.011
        // after twelve; every riffle brings the deck closer (to rounding, while it is still at 1).
        assert!(first.total_variation > 0.999 && last.total_variation < 0.02, "{first:?} {last:?}");
        assert!((table.rows[6].total_variation - 0.334).abs() < 5e-4, "{:?}", table.rows[6]);
        assert!(table.rows.windows(2).all(|w| w[1].total_variation <= w[0].total_variation + 1e-12));
        assert_eq!(String::from_utf8(table.csv()).unwrap().lines().count(), TABLE_RIFFLES as usize + 1);
        assert_eq!(RiffleTablePlan { n: 8, out: None }.dir_name(), "exact-riffle-8");
    }
}
