//! The adjacency matrix of a run as a heatmap: how often card b lies immediately after card a, observed over
//! its fair value N/n (docs/src/reference.md#adjacency: probability 1/n per deck for each ordered pair a ≠ b), written to
//! `adjacency.svg` and drawn in `report.html`. The diagonal (a card after itself) cannot happen and is drawn as
//! "no data". The clamp follows the same rule as the position-by-card picture: the spread of the ratios, but
//! never finer than eight standard deviations of one cell's noise.

use super::heatmap::{Heatmap, ratio_label};
use super::position_heatmap::own_clamp;
use crate::report::RunReport;
use crate::report::i18n::LangWords;
use crate::report::i18n::{Lang, noise_note, verdict_word};
use crate::stats::deck::adjacency::AdjacencyCounts;

/// Observed/expected of every ordered pair, row-major by the first card; NaN on the diagonal.
pub fn ratios(a: &AdjacencyCounts, n: usize) -> Vec<f64> {
    let e = a.shuffles() as f64 / n as f64;
    (0..n * n).map(|i| if i / n == i % n { f64::NAN } else { a.get(i / n, i % n) as f64 / e }).collect()
}

/// The heatmap, or None when the run kept no adjacency counts or counted no deck.
pub fn heatmap(r: &RunReport, lang: Lang) -> Option<Heatmap> {
    let a = r.adjacency.as_ref()?;
    let n = r.counts.n();
    let shuffles = a.shuffles();
    if shuffles == 0 || n < 3 {
        return None;
    }
    let w = lang.words();
    let ratios = ratios(a, n);
    let finite: Vec<f64> = ratios.iter().copied().filter(|r| r.is_finite()).collect();
    let clamp = own_clamp(&finite, shuffles, n);
    // One cell is Binomial(N, 1/n) to first order, as a position-by-card cell is.
    let one_sd = 100.0 * ((n as f64 - 1.0) / shuffles as f64).sqrt();
    let clamp_label = format!("{} … {}", ratio_label(1.0 / clamp), ratio_label(clamp));
    let names: Vec<String> = (0..n).map(|c| crate::report::i18n::card_in(lang, r.cards, c, n)).collect();
    Some(Heatmap {
        title: w.adjacency_title.to_string(),
        subtitle: Some(format!("{} / {}: {}", r.algorithm_label(), r.rng_label(), verdict_word(lang, r.verdict))),
        row_title: w.axis_first_card.to_string(),
        col_title: w.axis_next_card.to_string(),
        row_labels: names.clone(),
        col_labels: names,
        ratios,
        clamp,
        legend_title: w.legend_title.to_string(),
        no_data_label: w.no_data.to_string(),
        notes: vec![noise_note(lang, shuffles, one_sd, &clamp_label)],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_are_against_n_over_n_with_an_empty_diagonal() {
        let mut a = AdjacencyCounts::new(3);
        for d in [[0u16, 1, 2], [0, 1, 2], [2, 1, 0]] {
            a.add(&d);
        }
        let r = ratios(&a, 3);
        // E = 3/3 = 1 per ordered pair: (0,1) twice, (1,2) twice, (2,1) once, (1,0) once.
        assert!(r[0].is_nan() && r[4].is_nan() && r[8].is_nan());
        assert_eq!([r[1], r[5], r[7], r[3], r[2], r[6]], [2.0, 2.0, 1.0, 1.0, 0.0, 0.0]);
    }
}
