//! A small line plot: several series, linear or log axes with ticks, labels, and marker lines, for the swap
//! sweep and the p-value-against-sample-size plot.
//!
//! Axes span the data and the markers; log axes are drawn in decades (with 2 and 5 when the range is short),
//! linear ones with steps of 1, 2 or 5 × 10^k. Colours are the Okabe–Ito palette, distinguishable with the
//! common colour-vision deficiencies. Nothing is clipped: every value is inside the range by construction,
//! which keeps the SVG free of element ids (ids would collide when several plots share one HTML page).

use std::fmt::Write;

use super::{Picture, num, text, text_width};

/// Okabe & Ito (2008), without the yellow that vanishes on white.
pub const PALETTE: [&str; 6] = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"];

/// An axis scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    Linear,
    /// Base-10 log; non-positive values are left out.
    Log10,
}

/// How a series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Connected line.
    Line,
    /// Dashed connected line (expectations, theory).
    Dashed,
    /// Dots only (observations).
    Dots,
    /// Line with dots.
    LineDots,
}

/// One named series of (x, y) points.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
    pub style: Style,
    /// Index into [`PALETTE`].
    pub colour: usize,
}

/// A vertical (x) or horizontal (y) reference line with a label.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    pub value: f64,
    pub label: String,
}

/// A plot, ready to render.
#[derive(Clone, Debug, PartialEq)]
pub struct LinePlot {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub x_scale: Scale,
    pub y_scale: Scale,
    pub series: Vec<Series>,
    pub x_markers: Vec<Marker>,
    pub y_markers: Vec<Marker>,
    /// Size of the plotting area in pixels (axes, labels and legend come on top).
    pub width: f64,
    pub height: f64,
}

const LEFT: f64 = 62.0;
const TOP: f64 = 28.0;
const RIGHT: f64 = 16.0;
const BOTTOM: f64 = 40.0;

/// A range of an axis in scale units (log10 for log axes).
#[derive(Clone, Copy, Debug)]
struct Axis {
    scale: Scale,
    lo: f64,
    hi: f64,
}

impl Axis {
    fn unit(&self, v: f64) -> Option<f64> {
        match self.scale {
            Scale::Linear => v.is_finite().then_some(v),
            Scale::Log10 => (v > 0.0 && v.is_finite()).then(|| v.log10()),
        }
    }

    /// Fraction 0..1 along the axis.
    fn frac(&self, v: f64) -> Option<f64> {
        self.unit(v).map(|u| if self.hi > self.lo { (u - self.lo) / (self.hi - self.lo) } else { 0.5 })
    }

    fn fit(scale: Scale, values: impl Iterator<Item = f64>) -> Axis {
        let probe = Axis { scale, lo: 0.0, hi: 0.0 };
        let units: Vec<f64> = values.filter_map(|v| probe.unit(v)).collect();
        let (mut lo, mut hi) = units.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &u| (a.min(u), b.max(u)));
        if !lo.is_finite() {
            (lo, hi) = (0.0, 1.0);
        }
        if hi - lo < 1e-12 {
            let pad = if lo == 0.0 { 1.0 } else { lo.abs() * 0.1 };
            (lo, hi) = (lo - pad, hi + pad);
        }
        match scale {
            Scale::Linear => {
                let step = nice_step((hi - lo) / 5.0);
                Axis { scale, lo: (lo / step).floor() * step, hi: (hi / step).ceil() * step }
            }
            Scale::Log10 => {
                if hi - lo >= 1.0 {
                    Axis { scale, lo: lo.floor(), hi: hi.ceil() }
                } else {
                    Axis { scale, lo: lo - 0.05, hi: hi + 0.05 }
                }
            }
        }
    }

    /// Tick positions in data units, with labels.
    fn ticks(&self) -> Vec<(f64, String)> {
        match self.scale {
            Scale::Linear => {
                let step = nice_step((self.hi - self.lo) / 5.0);
                let first = (self.lo / step).ceil() as i64;
                let last = (self.hi / step).floor() as i64;
                (first..=last).map(|i| i as f64 * step).map(|v| (v, linear_label(v, step))).collect()
            }
            Scale::Log10 => {
                let decades = self.hi - self.lo;
                let stride = ((decades / 8.0).ceil() as i64).max(1);
                let mut out = Vec::new();
                for k in (self.lo.floor() as i64)..=(self.hi.ceil() as i64) {
                    let mults: &[f64] = if decades < 1.0 {
                        &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]
                    } else if decades <= 2.5 {
                        &[1.0, 2.0, 5.0]
                    } else {
                        &[1.0]
                    };
                    for &m in mults {
                        let u = k as f64 + m.log10();
                        if u >= self.lo - 1e-9 && u <= self.hi + 1e-9 && (m != 1.0 || k.rem_euclid(stride) == 0) {
                            out.push((10f64.powf(u), log_label(k, m)));
                        }
                    }
                }
                out
            }
        }
    }
}

/// 1, 2 or 5 × 10^k, the smallest at least `raw`.
fn nice_step(raw: f64) -> f64 {
    let raw = raw.max(1e-300);
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * mag).find(|s| *s >= raw * (1.0 - 1e-9)).unwrap_or(10.0 * mag)
}

fn linear_label(v: f64, step: f64) -> String {
    let decimals = if step >= 1.0 { 0 } else { (-step.log10().floor()) as usize };
    let s = format!("{v:.decimals$}");
    if s.starts_with('-') && s.trim_start_matches(['-', '0', '.']).is_empty() { s[1..].to_string() } else { s }
}

/// `1`, `20`, `5000`, `10⁶`, `2·10⁻⁵`.
fn log_label(k: i64, m: f64) -> String {
    if (0..=4).contains(&k) {
        return format!("{}", (m * 10f64.powi(k as i32)).round() as i64);
    }
    if (-3..0).contains(&k) {
        return format!("{}", m * 10f64.powi(k as i32)).chars().take(8).collect();
    }
    let sup: String = k
        .to_string()
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            d => ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'][d.to_digit(10).unwrap_or(0) as usize],
        })
        .collect();
    if m == 1.0 { format!("10{sup}") } else { format!("{m}·10{sup}") }
}

impl LinePlot {
    /// Renders the plot with its legend under the x axis.
    pub fn render(&self) -> Picture {
        let xs =
            self.series.iter().flat_map(|s| s.points.iter().map(|p| p.0)).chain(self.x_markers.iter().map(|m| m.value));
        let ys =
            self.series.iter().flat_map(|s| s.points.iter().map(|p| p.1)).chain(self.y_markers.iter().map(|m| m.value));
        let (xa, ya) = (Axis::fit(self.x_scale, xs), Axis::fit(self.y_scale, ys));
        let (w, h) = (self.width, self.height);
        let px = |x: f64| xa.frac(x).map(|f| LEFT + f * w);
        let py = |y: f64| ya.frac(y).map(|f| TOP + (1.0 - f) * h);
        let mut b = String::new();
        b.push_str(&text(0.0, 14.0, "start", "font-size=\"13\" font-weight=\"bold\"", &self.title));
        // Grid and ticks.
        b.push_str("<g stroke=\"currentColor\" stroke-width=\"0.5\">\n");
        for (v, _) in xa.ticks() {
            if let Some(x) = px(v) {
                let _ = writeln!(
                    b,
                    "<line x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\" stroke-opacity=\"0.15\"/><line x1=\"{0}\" x2=\"{0}\" \
                     y1=\"{2}\" y2=\"{3}\"/>",
                    num(x),
                    num(TOP),
                    num(TOP + h),
                    num(TOP + h + 4.0)
                );
            }
        }
        for (v, _) in ya.ticks() {
            if let Some(y) = py(v) {
                let _ = writeln!(
                    b,
                    "<line x1=\"{1}\" x2=\"{2}\" y1=\"{0}\" y2=\"{0}\" stroke-opacity=\"0.15\"/><line x1=\"{3}\" x2=\"{1}\" \
                     y1=\"{0}\" y2=\"{0}\"/>",
                    num(y),
                    num(LEFT),
                    num(LEFT + w),
                    num(LEFT - 4.0)
                );
            }
        }
        let _ = writeln!(
            b,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\"/>\n</g>",
            num(LEFT),
            num(TOP),
            num(w),
            num(h)
        );
        for (v, label) in xa.ticks() {
            if let Some(x) = px(v) {
                b.push_str(&text(x, TOP + h + 15.0, "middle", "font-size=\"10\"", &label));
            }
        }
        for (v, label) in ya.ticks() {
            if let Some(y) = py(v) {
                b.push_str(&text(LEFT - 7.0, y, "end", "font-size=\"10\" dy=\"0.35em\"", &label));
            }
        }
        b.push_str(&text(LEFT + w / 2.0, TOP + h + 32.0, "middle", "font-size=\"11\"", &self.x_label));
        let _ = writeln!(
            b,
            "<text transform=\"translate(12,{}) rotate(-90)\" text-anchor=\"middle\" font-size=\"11\">{}</text>",
            num(TOP + h / 2.0),
            super::escape(&self.y_label)
        );
        // Marker lines.
        for m in &self.x_markers {
            if let Some(x) = px(m.value) {
                let _ = writeln!(
                    b,
                    "<line x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\" stroke=\"currentColor\" stroke-dasharray=\"2 3\"/>",
                    num(x),
                    num(TOP),
                    num(TOP + h)
                );
                b.push_str(&text(x + 3.0, TOP + 10.0, "start", "font-size=\"10\"", &m.label));
            }
        }
        // Horizontal markers are labelled at the right end, then the left, alternately, so that two close
        // lines (a fair value and a threshold) keep readable labels.
        for (i, m) in self.y_markers.iter().enumerate() {
            if let Some(y) = py(m.value) {
                let _ = writeln!(
                    b,
                    "<line x1=\"{1}\" x2=\"{2}\" y1=\"{0}\" y2=\"{0}\" stroke=\"currentColor\" stroke-dasharray=\"2 3\"/>",
                    num(y),
                    num(LEFT),
                    num(LEFT + w)
                );
                let label = if i % 2 == 0 {
                    text(LEFT + w - 3.0, y - 3.0, "end", "font-size=\"10\"", &m.label)
                } else {
                    text(LEFT + 3.0, y - 3.0, "start", "font-size=\"10\"", &m.label)
                };
                b.push_str(&label);
            }
        }
        // Series.
        for s in &self.series {
            let colour = PALETTE[s.colour % PALETTE.len()];
            let pts: Vec<(f64, f64)> = s.points.iter().filter_map(|&(x, y)| Some((px(x)?, py(y)?))).collect();
            if matches!(s.style, Style::Line | Style::Dashed | Style::LineDots) && pts.len() > 1 {
                let d: Vec<String> = pts.iter().map(|(x, y)| format!("{},{}", num(*x), num(*y))).collect();
                let dash = if s.style == Style::Dashed { " stroke-dasharray=\"6 4\"" } else { "" };
                let _ = writeln!(
                    b,
                    "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.8\"{dash} points=\"{}\"/>",
                    d.join(" ")
                );
            }
            if matches!(s.style, Style::Dots | Style::LineDots) {
                let _ = write!(b, "<g fill=\"{colour}\">");
                for (x, y) in &pts {
                    let _ = write!(b, "<circle cx=\"{}\" cy=\"{}\" r=\"2.6\"/>", num(*x), num(*y));
                }
                b.push_str("</g>\n");
            }
        }
        // Legend under the axis label, one entry per line.
        let mut y = TOP + h + 52.0;
        let mut width = LEFT + w + RIGHT;
        for s in &self.series {
            let colour = PALETTE[s.colour % PALETTE.len()];
            let dash = if s.style == Style::Dashed { " stroke-dasharray=\"6 4\"" } else { "" };
            if s.style != Style::Dots {
                let _ = writeln!(
                    b,
                    "<line x1=\"{0}\" x2=\"{1}\" y1=\"{2}\" y2=\"{2}\" stroke=\"{colour}\" stroke-width=\"1.8\"{dash}/>",
                    num(LEFT),
                    num(LEFT + 24.0),
                    num(y - 4.0)
                );
            }
            if matches!(s.style, Style::Dots | Style::LineDots) {
                let _ = writeln!(
                    b,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"2.6\" fill=\"{colour}\"/>",
                    num(LEFT + 12.0),
                    num(y - 4.0)
                );
            }
            b.push_str(&text(LEFT + 30.0, y, "start", "font-size=\"10.5\"", &s.name));
            width = width.max(LEFT + 30.0 + text_width(&s.name, 10.5));
            y += 15.0;
        }
        let height = if self.series.is_empty() { TOP + h + BOTTOM } else { y - 4.0 };
        width = width.max(text_width(&self.title, 13.0));
        Picture { width: width.ceil(), height: height.ceil(), body: b }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plot(x_scale: Scale, y_scale: Scale) -> LinePlot {
        LinePlot {
            title: "Mean fixed points".into(),
            x_label: "swaps".into(),
            y_label: "fixed points".into(),
            x_scale,
            y_scale,
            series: vec![
                Series {
                    name: "observed".into(),
                    points: vec![(0.0, 52.0), (50.0, 8.0), (100.0, 2.0)],
                    style: Style::Dots,
                    colour: 0,
                },
                Series {
                    name: "expected".into(),
                    points: vec![(0.0, 52.0), (50.0, 7.9), (100.0, 1.9)],
                    style: Style::Dashed,
                    colour: 1,
                },
            ],
            x_markers: vec![Marker { value: 102.7, label: "½·n·ln n".into() }],
            y_markers: vec![Marker { value: 1.0, label: "fair: 1".into() }],
            width: 400.0,
            height: 200.0,
        }
    }

    #[test]
    fn ticks_are_nice() {
        assert_eq!(nice_step(18.0), 20.0);
        assert_eq!(nice_step(0.3), 0.5);
        assert_eq!(nice_step(1000.0), 1000.0);
        let a = Axis::fit(Scale::Linear, [0.0, 102.7].into_iter());
        let t: Vec<String> = a.ticks().into_iter().map(|t| t.1).collect();
        assert_eq!(t, ["0", "50", "100", "150"]);
        let l = Axis::fit(Scale::Log10, [1.0, 2.0e6].into_iter());
        let t: Vec<String> = l.ticks().into_iter().map(|t| t.1).collect();
        assert_eq!(t, ["1", "10", "100", "1000", "10000", "10⁵", "10⁶", "10⁷"]);
        let two = Axis::fit(Scale::Log10, [3.0, 40.0].into_iter());
        let t: Vec<String> = two.ticks().into_iter().map(|t| t.1).collect();
        assert_eq!(t, ["1", "2", "5", "10", "20", "50", "100"]);
        let short = Axis::fit(Scale::Log10, [3.0, 8.0].into_iter());
        let t: Vec<String> = short.ticks().into_iter().map(|t| t.1).collect();
        assert_eq!(t, ["3", "4", "5", "6", "7", "8"]);
        assert_eq!(log_label(-5, 2.0), "2·10⁻⁵");
    }

    #[test]
    fn a_hand_made_plot_renders_its_parts() {
        let svg = plot(Scale::Linear, Scale::Log10).render().to_svg("plot", super::super::Target::File);
        for needle in ["Mean fixed points", "swaps", "fixed points", "observed", "expected", "½·n·ln n", "fair: 1"] {
            assert!(svg.contains(needle), "missing {needle}");
        }
        // Three dots, one dashed polyline with three points; the x axis ends at 150, the y axis spans 1..100.
        assert_eq!(svg.matches("<circle").count(), 3 + 1, "three dots and the legend's");
        assert_eq!(svg.matches("<polyline").count(), 1);
        assert!(svg.contains("stroke-dasharray=\"6 4\" points=\""));
        assert!(svg.contains(">150</text>") && svg.contains(">100</text>") && svg.contains(">1</text>"));
        // The point (0, 52) sits at the left edge, at log10(52)/2 of the height from the bottom.
        let y = 28.0 + (1.0 - 52f64.log10() / 2.0) * 200.0;
        assert!(svg.contains(&format!("<circle cx=\"62\" cy=\"{}\"", num(y))), "{svg}");
    }

    #[test]
    fn log_axes_leave_out_non_positive_values() {
        let mut p = plot(Scale::Log10, Scale::Linear);
        p.x_markers.clear();
        let pic = p.render();
        // x = 0 cannot be drawn on a log axis: two dots remain and the dashed line has two points.
        assert_eq!(pic.body.matches("<circle").count(), 2 + 1);
    }
}
