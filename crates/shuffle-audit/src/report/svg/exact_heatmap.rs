//! The exact position-by-card matrix as a heatmap: exact probability over 1/n in each cell, cards (in their
//! starting order) across and positions down, on the colour scale of the run heatmaps
//! ([`super::position_heatmap`]): `exact.svg`, and beside the sampled heatmap in a run's `report.html`.

use super::heatmap::{Heatmap, auto_clamp, ratio_label};
use crate::cards::{Card, card_name};
use crate::report::i18n::{Lang, LangWords, exact_heatmap_words};
use crate::stats::exact::model::ExactMatrix;

/// `n·p` of every cell, row-major by position (columns by card id).
pub fn ratios(m: &ExactMatrix) -> Vec<f64> {
    let n = m.n();
    (0..n).flat_map(|p| (0..n).map(move |c| 1.0 + m.deviation(c, p).mul_f64(n as f64).to_f64())).collect()
}

/// The heatmap. `clamp` None takes the run heatmaps' ladder over the matrix's own spread (there is no noise to
/// cover); a run's report passes its sampled heatmap's clamp so that the two pictures share one scale.
pub fn heatmap(m: &ExactMatrix, label: &str, draws: &str, clamp: Option<f64>, lang: Lang) -> Heatmap {
    let n = m.n();
    let ratios = ratios(m);
    let clamp = clamp.unwrap_or_else(|| super::position_heatmap::ladder_clamp(auto_clamp(&ratios)));
    let [title, legend, note, _] = exact_heatmap_words(lang, draws);
    let w = lang.words();
    Heatmap {
        title,
        subtitle: Some(label.to_string()),
        row_title: w.axis_position.to_string(),
        col_title: w.axis_card.to_string(),
        row_labels: (0..n).map(|p| p.to_string()).collect(),
        col_labels: (0..n).map(|c| card_name(c as Card, n, lang.name_style())).collect(),
        ratios,
        clamp,
        legend_title: legend,
        no_data_label: w.no_data.to_string(),
        notes: vec![format!("{note}; {} … {}", ratio_label(1.0 / clamp), ratio_label(clamp))],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::exact::dd::Dd;

    #[test]
    fn ratios_are_by_position_then_card() {
        let m = ExactMatrix::from_cells(
            2,
            vec![Dd::from_f64(0.75), Dd::from_f64(0.25), Dd::from_f64(0.25), Dd::from_f64(0.75)],
        );
        assert_eq!(ratios(&m), vec![1.5, 0.5, 0.5, 1.5]);
        let h = heatmap(&m, "x", "ideal draws", None, Lang::En);
        assert_eq!(h.clamp, 2.0);
        assert!(h.notes[0].contains("without sampling"));
    }
}
