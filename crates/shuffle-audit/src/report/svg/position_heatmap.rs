//! The position-by-card matrix of a run as a heatmap: cards (in their starting order) across, positions down,
//! observed/expected in each cell, written to `position-card.svg` and drawn in `report.html`.
//!
//! A run's own picture gets a clamp that shows its spread but is never finer than [`NOISE_SIGMAS`] standard
//! deviations of one cell's sampling noise, `√((n−1)/N)` in ratio units (a cell is Binomial(N, 1/n)), so that
//! a fair shuffle looks pale instead of speckled; comparisons put every run on one fixed clamp ([`COMPARE_CLAMP`]).

use super::heatmap::{Heatmap, auto_clamp, ratio_label};
use crate::report::RunReport;
use crate::report::i18n::LangWords;
use crate::report::i18n::{Lang, noise_note, verdict_word};

/// A run's clamp covers at least this many noise standard deviations.
pub const NOISE_SIGMAS: f64 = 8.0;

/// The common clamp of the small multiples in `compare`.
pub const COMPARE_CLAMP: f64 = 2.0;

/// The clamp ladder of [`auto_clamp`], starting at the noise floor.
pub const LADDER: [f64; 9] = [1.01, 1.02, 1.05, 1.1, 1.2, 1.5, 2.0, 4.0, 8.0];

/// Observed/expected of every cell, row-major by position.
pub fn ratios(r: &RunReport) -> Vec<f64> {
    let n = r.counts.n();
    let e = r.counts.shuffles() as f64 / n as f64;
    r.counts.matrix().iter().map(|&o| o as f64 / e).collect()
}

/// The clamp for a run's own heatmap: the spread of the ratios, at least [`NOISE_SIGMAS`] noise deviations.
pub fn own_clamp(ratios: &[f64], shuffles: u64, n: usize) -> f64 {
    let noise = 1.0 + NOISE_SIGMAS * ((n as f64 - 1.0) / shuffles as f64).sqrt();
    let spread = auto_clamp(ratios);
    LADDER.into_iter().find(|&c| c >= noise && c >= spread).unwrap_or(spread.max(noise))
}

/// The first clamp of the ladder that covers a spread (an exact matrix has no noise floor).
pub fn ladder_clamp(spread: f64) -> f64 {
    LADDER.into_iter().find(|&c| c >= spread).unwrap_or(spread)
}

/// The heatmap of a run, or None when it counted no shuffle (a broken run). `clamp` None picks the run's own.
pub fn heatmap(r: &RunReport, lang: Lang, clamp: Option<f64>) -> Option<Heatmap> {
    let n = r.counts.n();
    let shuffles = r.counts.shuffles();
    // A shoe written by face numbers its copies in order of appearance: a heatmap of those ids would show that
    // numbering, not the shuffle (counts.csv and face-by-position hold the faces).
    if shuffles == 0 || !r.cards.ids_known {
        return None;
    }
    let w = lang.words();
    let ratios = ratios(r);
    let clamp = clamp.unwrap_or_else(|| own_clamp(&ratios, shuffles, n));
    let one_sd = 100.0 * ((n as f64 - 1.0) / shuffles as f64).sqrt();
    let clamp_label = format!("{} … {}", ratio_label(1.0 / clamp), ratio_label(clamp));
    Some(Heatmap {
        title: w.heatmap_title.to_string(),
        subtitle: Some(format!("{} / {}: {}", r.algorithm_label(), r.rng_label(), verdict_word(lang, r.verdict))),
        row_title: w.axis_position.to_string(),
        col_title: w.axis_card.to_string(),
        row_labels: (0..n).map(|p| p.to_string()).collect(),
        col_labels: (0..n).map(|c| crate::report::i18n::card_in(lang, r.cards, c, n)).collect(),
        ratios,
        clamp,
        legend_title: w.legend_title.to_string(),
        no_data_label: w.no_data.to_string(),
        notes: vec![noise_note(lang, shuffles, one_sd, &clamp_label)],
    })
}

/// The panel of a run in the small multiples: its label as the title, generator and verdict under it.
pub fn panel(r: &RunReport, lang: Lang) -> Option<Heatmap> {
    heatmap(r, lang, Some(COMPARE_CLAMP)).map(|h| Heatmap {
        title: r.algorithm_label(),
        subtitle: Some(format!("{} · {}", r.rng_label(), verdict_word(lang, r.verdict))),
        ..h
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_own_clamp_never_goes_below_the_noise() {
        // 52 cards, 4·10^6 shuffles: E ≈ 80,000, one s.d. ≈ 0.35%, 8 s.d. ≈ 2.8%: ×1.05 even for a flat matrix.
        assert_eq!(own_clamp(&[1.0, 1.01, 0.99], 4_000_000, 52), 1.05);
        // A large bias sets the clamp by its spread.
        assert_eq!(own_clamp(&[1.0, 1.36, 0.74], 4_000_000, 52), 1.5);
        // Few shuffles: noise alone is large.
        assert_eq!(own_clamp(&[1.0], 5200, 52), 2.0);
    }
}
