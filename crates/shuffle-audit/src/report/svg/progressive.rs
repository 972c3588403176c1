//! The progressive-mode picture: each test's evidence against the number of shuffles, both on log scales.
//!
//! The y axis is −log10 p, so "more evidence" is up, and the SUSPICIOUS and FAIL thresholds are horizontal
//! lines. A real bias makes −log10 p grow about in proportion to N (a straight line of slope 1 on these axes,
//! once it leaves the noise); a fair shuffle wanders below the thresholds whatever N, and a false alarm does
//! not keep growing (docs/src/reference.md#false-alarms-and-growth-with-n: a real bias grows linearly with N).

use super::line_plot::{LinePlot, Marker, Scale, Series, Style};
use crate::audit::verdict::Thresholds;
use crate::report::i18n::Lang;
use crate::report::i18n::LangWords;
use crate::stats::Log10P;

/// One test's p-value at one sample size.
#[derive(Clone, Debug, PartialEq)]
pub struct PValuePoint {
    pub shuffles: u64,
    pub test: String,
    pub log10_p: Log10P,
}

/// Points with −log10 p below this are drawn on it: a p-value near 1 carries no evidence and a log axis
/// cannot reach 0.
pub const FLOOR: f64 = 0.01;

/// Builds the plot: one line per test (in order of first appearance), thresholds as marker lines.
pub fn plot(points: &[PValuePoint], thresholds: &Thresholds, lang: Lang) -> LinePlot {
    let w = lang.words();
    let mut names: Vec<&str> = Vec::new();
    for p in points {
        if !names.contains(&p.test.as_str()) {
            names.push(&p.test);
        }
    }
    let series = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let mut pts: Vec<(f64, f64)> = points
                .iter()
                .filter(|p| p.test == *name)
                .map(|p| (p.shuffles as f64, (-p.log10_p).max(FLOOR)))
                .collect();
            pts.sort_by(|a, b| a.0.total_cmp(&b.0));
            Series { name: name.to_string(), points: pts, style: Style::LineDots, colour: i }
        })
        .collect();
    LinePlot {
        title: w.progressive_title.to_string(),
        x_label: w.axis_sample_size.to_string(),
        y_label: w.axis_minus_log10_p.to_string(),
        x_scale: Scale::Log10,
        y_scale: Scale::Log10,
        series,
        x_markers: Vec::new(),
        y_markers: vec![
            Marker {
                value: -thresholds.suspicious.log10(),
                label: format!("SUSPICIOUS: p = {:e}", thresholds.suspicious),
            },
            Marker { value: -thresholds.fail.log10(), label: format!("FAIL: p = {:e}", thresholds.fail) },
        ],
        width: 520.0,
        height: 260.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_made_progression_draws_one_line_per_test_and_the_thresholds() {
        let mut points = Vec::new();
        for (i, n) in [1u64 << 16, 1 << 17, 1 << 18, 1 << 19].into_iter().enumerate() {
            // A biased test whose evidence doubles with N, and a fair one that wanders.
            points.push(PValuePoint { shuffles: n, test: "position-card".into(), log10_p: -2.0 * (1 << i) as f64 });
            points.push(PValuePoint { shuffles: n, test: "parity".into(), log10_p: [-0.3, -1.1, -0.01, 0.0][i] });
        }
        let p = plot(&points, &Thresholds::default(), Lang::En);
        assert_eq!(p.series.len(), 2);
        assert_eq!(p.series[0].points, vec![(65536.0, 2.0), (131072.0, 4.0), (262144.0, 8.0), (524288.0, 16.0)]);
        assert_eq!(p.series[1].points[3], (524288.0, FLOOR), "p = 1 sits on the floor");
        let svg = p.render().to_svg("progressive", crate::report::svg::Target::Inline);
        for needle in ["position-card", "parity", "SUSPICIOUS: p = 1e-3", "FAIL: p = 1e-9", "shuffles (log scale)"] {
            assert!(svg.contains(needle), "missing {needle}");
        }
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains(">10⁵</text>"), "log-x ticks in decades");
        let zh = plot(&points, &Thresholds::default(), Lang::Zh).render();
        assert!(zh.body.contains("洗牌次数"));
    }
}
