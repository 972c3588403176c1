//! The swap-count sweep's results and their renderers: `sweep.csv`, `sweep.svg` and the sweep's `report.html`.
//!
//! Each point is one run of k random transpositions (`wash` or `pair-swap --swaps K`). The mean number of
//! fixed points comes exactly from the diagonal of the position-by-card matrix (`Σ_c O[c][c] / N`), and both
//! it and the global statistic are drawn against k with their exact expectations
//! ([`crate::stats::exact::transpositions`]), the Diaconis–Shahshahani cutoff (1/2)·n·ln n, and the fair values
//! (1 fixed point; statistic (n−1)²).

use crate::report::i18n::LangWords;
use std::fmt::Write;

use super::html::{badge, page};
use super::i18n::{Lang, group_digits};
use super::svg::line_plot::{LinePlot, Marker, Scale, Series, Style};
use super::svg::{Picture, Target, escape};
use crate::audit::verdict::{Thresholds, Verdict};
use crate::rng::RngKind;
use crate::shuffle::{Algorithm, AlgorithmKind};
use crate::stats::exact::transpositions::{TranspositionWalk, mixing_cutoff};
use crate::stats::power::detection::chi2_critical_value;

/// One swap count of a sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepPoint {
    pub swaps: u64,
    pub shuffles: u64,
    pub mean_fixed_points: f64,
    pub expected_fixed_points: f64,
    /// The scaled global statistic `X²·(n−1)/n` and its exact expectation.
    pub statistic: f64,
    pub expected_statistic: f64,
    pub df: f64,
    pub log10_p: f64,
    pub verdict: Verdict,
}

/// A whole sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepReport {
    pub algorithm: AlgorithmKind,
    pub rng: RngKind,
    pub deck: usize,
    pub seed: u64,
    /// Shuffles per point.
    pub shuffles: u64,
    /// Tests per run (for the FAIL line: the threshold divided by their number).
    pub tests: usize,
    pub thresholds: Thresholds,
    pub points: Vec<SweepPoint>,
}

/// The walk an algorithm performs: forced-distinct for `wash`, independent for `pair-swap`.
pub fn walk_of(kind: AlgorithmKind) -> Option<TranspositionWalk> {
    // Only these two are walks of transpositions; every other algorithm is refused by `sweep`.
    if kind == AlgorithmKind::Wash {
        Some(TranspositionWalk::ForcedDistinct)
    } else if kind == AlgorithmKind::PairSwap {
        Some(TranspositionWalk::Independent)
    } else {
        None
    }
}

/// `sweep.csv` header.
pub const CSV_HEADER: [&str; 13] = [
    "algorithm",
    "rng",
    "deck",
    "shuffles",
    "seed",
    "swaps",
    "mean_fixed_points",
    "expected_fixed_points",
    "statistic",
    "expected_statistic",
    "df",
    "log10_p",
    "verdict",
];

impl SweepReport {
    /// The files `sweep` writes: `sweep.csv`, `sweep.svg` and `report.html`.
    pub fn files(&self, lang: Lang) -> [(&'static str, Vec<u8>); 3] {
        [("sweep.csv", self.csv()), ("sweep.svg", self.svg(lang)), ("report.html", self.html(lang))]
    }

    fn walk(&self) -> TranspositionWalk {
        walk_of(self.algorithm).unwrap_or(TranspositionWalk::Independent)
    }

    /// `sweep.csv`: one row per swap count.
    pub fn csv(&self) -> Vec<u8> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(CSV_HEADER).expect("writing to memory");
        for p in &self.points {
            w.write_record([
                self.algorithm.name().to_string(),
                self.rng.to_string(),
                self.deck.to_string(),
                p.shuffles.to_string(),
                self.seed.to_string(),
                p.swaps.to_string(),
                format!("{:.6}", p.mean_fixed_points),
                format!("{:.6}", p.expected_fixed_points),
                format!("{:.6}", p.statistic),
                format!("{:.6}", p.expected_statistic),
                format!("{}", p.df),
                format!("{:.6}", p.log10_p),
                p.verdict.to_string(),
            ])
            .expect("writing to memory");
        }
        w.into_inner().expect("writing to memory")
    }

    /// Swap counts at which to draw the expectation curves: every count from the first to the last point, or
    /// about 300 evenly spread ones for long sweeps.
    fn curve_ks(&self) -> Vec<u64> {
        let (Some(first), Some(last)) = (self.points.first(), self.points.last()) else {
            return Vec::new();
        };
        let step = ((last.swaps - first.swaps) / 300).max(1);
        let mut ks: Vec<u64> = (first.swaps..=last.swaps).step_by(step as usize).collect();
        if ks.last() != Some(&last.swaps) {
            ks.push(last.swaps);
        }
        ks
    }

    /// The two plots: mean fixed points, and the global statistic (log scale), against the swap count.
    pub fn plots(&self, lang: Lang) -> (LinePlot, LinePlot) {
        let w = lang.words();
        let n = self.deck;
        let walk = self.walk();
        let ks = self.curve_ks();
        let cutoff = Marker { value: mixing_cutoff(n), label: format!("½·n·ln n ≈ {:.0}", mixing_cutoff(n)) };
        let fixed = LinePlot {
            title: w.sweep_fixed_title.to_string(),
            x_label: w.axis_swaps.to_string(),
            y_label: w.axis_fixed_points.to_string(),
            x_scale: Scale::Linear,
            y_scale: Scale::Linear,
            series: vec![
                Series {
                    name: format!("{}: {}", w.series_expected, expectation_formula(self.algorithm)),
                    points: ks.iter().map(|&k| (k as f64, walk.expected_fixed_points(n, k))).collect(),
                    style: Style::Dashed,
                    colour: 1,
                },
                Series {
                    name: w.series_observed.to_string(),
                    points: self.points.iter().map(|p| (p.swaps as f64, p.mean_fixed_points)).collect(),
                    style: Style::Dots,
                    colour: 0,
                },
            ],
            x_markers: vec![cutoff.clone()],
            y_markers: vec![Marker { value: 1.0, label: fair_label(lang, "1") }],
            width: 560.0,
            height: 240.0,
        };
        let df = ((n - 1) * (n - 1)) as f64;
        let fail = chi2_critical_value(self.thresholds.fail / self.tests.max(1) as f64, df);
        let statistic = LinePlot {
            title: w.sweep_statistic_title.to_string(),
            x_label: w.axis_swaps.to_string(),
            y_label: w.axis_statistic.to_string(),
            x_scale: Scale::Linear,
            y_scale: Scale::Log10,
            series: vec![
                Series {
                    name: w.series_expected.to_string(),
                    points: ks
                        .iter()
                        .map(|&k| (k as f64, walk.expected_scaled_statistic(n, k, self.shuffles)))
                        .collect(),
                    style: Style::Dashed,
                    colour: 1,
                },
                Series {
                    name: w.series_observed.to_string(),
                    points: self.points.iter().map(|p| (p.swaps as f64, p.statistic)).collect(),
                    style: Style::Dots,
                    colour: 0,
                },
            ],
            x_markers: vec![cutoff],
            y_markers: vec![
                Marker { value: df, label: fair_label(lang, &format!("(n−1)² = {df}")) },
                Marker { value: fail, label: format!("FAIL ({})", group_digits(self.shuffles)) },
            ],
            width: 560.0,
            height: 240.0,
        };
        (fixed, statistic)
    }

    /// Both plots, one under the other.
    pub fn picture(&self, lang: Lang) -> Picture {
        let (a, b) = self.plots(lang);
        Picture::stack(&[a.render(), b.render()], 24.0)
    }

    /// `sweep.svg`.
    pub fn svg(&self, lang: Lang) -> Vec<u8> {
        self.picture(lang).to_svg(&self.title(), Target::File).into_bytes()
    }

    fn title(&self) -> String {
        format!("{} / {}, {} cards", self.algorithm, self.rng, self.deck)
    }

    /// The sweep's `report.html`.
    pub fn html(&self, lang: Lang) -> Vec<u8> {
        let w = lang.words();
        let mut s = String::new();
        let _ = writeln!(
            s,
            "<header>\n<h1>{}</h1>\n<p>{}</p>\n</header>\n<main>",
            escape(w.sweep_title),
            escape(w.sweep_intro)
        );
        let (first, last) = (self.points.first().map_or(0, |p| p.swaps), self.points.last().map_or(0, |p| p.swaps));
        let step = if self.points.len() > 1 { self.points[1].swaps - first } else { 1 };
        let _ = writeln!(
            s,
            "<section class=\"card\">\n<h3>{}</h3>\n<pre><code>shuffle-audit sweep --algorithm {} --swaps {first}..{last}:{step} \
             --deck {} --rng {} --seed {} --shuffles {}{}</code></pre>\n<p>{}</p>\n<pre><code>{}</code></pre>",
            escape(&self.title()),
            self.algorithm,
            self.deck,
            self.rng,
            self.seed,
            self.shuffles,
            if lang == Lang::En { String::new() } else { format!(" --lang {lang}") },
            escape(walk_note(lang, self.algorithm)),
            // Any fixed count selects the loop the sweep runs (for pair-swap, the fixed-count variant).
            escape(Algorithm::with_swaps(self.algorithm, Some(0)).pseudocode()),
        );
        let _ = writeln!(s, "<figure>\n{}</figure>", self.picture(lang).to_svg(&self.title(), Target::Inline));
        s.push_str("<div class=\"scroll\"><table>\n<thead><tr>");
        for h in [
            w.col_swaps,
            w.col_fixed_points,
            w.col_expected_fixed_points,
            w.col_statistic,
            w.col_expected_statistic,
            w.col_p,
            w.col_verdict,
        ] {
            let _ = write!(s, "<th>{}</th>", escape(h));
        }
        s.push_str("</tr></thead>\n<tbody>\n");
        for p in &self.points {
            let _ = writeln!(
                s,
                "<tr><td class=\"num\">{}</td><td class=\"num\">{:.3}</td><td class=\"num\">{:.3}</td>\
                 <td class=\"num\">{:.1}</td><td class=\"num\">{:.1}</td><td class=\"num\">{}</td><td>{}</td></tr>",
                p.swaps,
                p.mean_fixed_points,
                p.expected_fixed_points,
                p.statistic,
                p.expected_statistic,
                escape(&crate::stats::format_ln_p(p.log10_p * std::f64::consts::LN_10)),
                badge(lang, p.verdict)
            );
        }
        s.push_str("</tbody></table></div>\n</section>\n</main>\n");
        page(lang, w.sweep_title, &s).into_bytes()
    }
}

/// The exact expected number of fixed points, as a formula for the legend.
fn expectation_formula(kind: AlgorithmKind) -> &'static str {
    match walk_of(kind) {
        Some(TranspositionWalk::ForcedDistinct) => "Σ_j μ_j^k, μ_j = 1 − 2/n − 2(1 − cos 2πj/n)/n²",
        Some(TranspositionWalk::Independent) | None => "1 + (n−1)(1 − 2/n)^k",
    }
}

fn fair_label(lang: Lang, value: &str) -> String {
    match lang {
        Lang::En => format!("fair: {value}"),
        Lang::Zh => format!("公平：{value}"),
    }
}

/// What the sweep's walk is and why its expectation has the form it has.
fn walk_note(lang: Lang, kind: AlgorithmKind) -> &'static str {
    match (lang, kind) {
        (Lang::En, AlgorithmKind::Wash) => {
            "wash swaps two positions drawn with r() % n and, when they coincide, moves the second to the next \
             place. Every step is a real transposition (so the parity of the result is fixed), and neighbouring \
             places are swapped more often than others: the exact expectation is a sum over the Fourier modes of \
             the cycle, close to but not equal to 1 + (n−1)(1 − 2/(n−1))^k."
        }
        (Lang::En, _) => {
            "pair-swap with a fixed number of swaps (--swaps K): the source's inner loop run exactly K times, \
             without its first draw cnt = r() % 1023. Both positions are independent, a = b allowed, so the \
             expected number of fixed points is exactly 1 + (n−1)(1 − 2/n)^k."
        }
        (Lang::Zh, AlgorithmKind::Wash) => {
            "wash 用 r() % n 抽两个位置并交换，两者相同时把第二个挪到下一个位置。每一步都是真正的对换（所以结果的奇偶性固定），\
             相邻位置被交换的机会比其他位置多：精确期望是环上各傅里叶模态之和，接近但不等于 1 + (n−1)(1 − 2/(n−1))^k。"
        }
        (Lang::Zh, _) => {
            "固定交换次数的 pair-swap（--swaps K）：原文的内层循环恰好执行 K 次，去掉了第一次抽取 cnt = r() % 1023。\
             两个位置独立抽取，允许 a = b，所以不动点数的期望恰为 1 + (n−1)(1 − 2/n)^k。"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sweep() -> SweepReport {
        let walk = TranspositionWalk::Independent;
        SweepReport {
            algorithm: AlgorithmKind::PairSwap,
            rng: RngKind::Pcg32,
            deck: 8,
            seed: 1,
            shuffles: 1000,
            tests: 3,
            thresholds: Thresholds::default(),
            points: [0u64, 4, 8]
                .into_iter()
                .zip([8.0, 3.1, 1.6])
                .map(|(k, fp)| SweepPoint {
                    swaps: k,
                    shuffles: 1000,
                    mean_fixed_points: fp,
                    expected_fixed_points: walk.expected_fixed_points(8, k),
                    statistic: 100.0 + 1000.0 / (k + 1) as f64,
                    expected_statistic: walk.expected_scaled_statistic(8, k, 1000),
                    df: 49.0,
                    log10_p: -3.5,
                    verdict: Verdict::Fail,
                })
                .collect(),
        }
    }

    #[test]
    fn csv_has_one_row_per_point() {
        let text = String::from_utf8(sweep().csv()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], CSV_HEADER.join(","));
        assert_eq!(lines.len(), 4);
        assert!(lines[1].starts_with("pair-swap,pcg32,8,1000,1,0,8.000000,8.000000,1100.000000,"), "{}", lines[1]);
        assert!(lines[3].ends_with(",49,-3.500000,FAIL"), "{}", lines[3]);
    }

    #[test]
    fn plots_show_the_points_the_expectation_the_cutoff_and_the_fair_values() {
        let (fixed, stat) = sweep().plots(Lang::En);
        assert_eq!(fixed.series[1].points, vec![(0.0, 8.0), (4.0, 3.1), (8.0, 1.6)]);
        // The expectation is drawn at every swap count 0..=8 and starts at n fixed points.
        assert_eq!(fixed.series[0].points.len(), 9);
        assert_eq!(fixed.series[0].points[0], (0.0, 8.0));
        assert!((fixed.x_markers[0].value - 0.5 * 8.0 * 8f64.ln()).abs() < 1e-12);
        assert_eq!(fixed.y_markers[0].value, 1.0);
        assert_eq!(stat.y_markers[0].value, 49.0);
        assert!(stat.y_markers[1].value > 49.0, "the FAIL line is above the fair value");
        let svg = String::from_utf8(sweep().svg(Lang::En)).unwrap();
        for needle in ["½·n·ln n ≈ 8", "fair: 1", "fair: (n−1)² = 49", "1 + (n−1)(1 − 2/n)^k", "observed"] {
            assert!(svg.contains(needle), "missing {needle}");
        }
        let html = String::from_utf8(sweep().html(Lang::Zh)).unwrap();
        assert!(html.contains("<html lang=\"zh-CN\">") && html.contains("公平：1") && html.contains("--lang zh"));
        assert_eq!(html.matches("<tr><td class=\"num\">").count(), 3);
    }
}
