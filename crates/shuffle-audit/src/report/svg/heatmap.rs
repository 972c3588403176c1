//! Heatmaps of observed/expected ratios: the position-by-card matrix (Bostock's "Will It Shuffle?" picture),
//! the adjacency matrix, or any rows × columns matrix of ratios.
//!
//! The colour scale diverges from a neutral centre at ratio 1 and is symmetric in log ratio, so that ×2 and
//! ×½ are equally strong: a ratio r maps to `t = clamp(ln r / ln c, −1, 1)` with the clamp c > 1 stated in the
//! legend (`≤×1/c`, `≥×c`). Blue is too rare, red too common (ColorBrewer's RdBu, readable with the common
//! colour-vision deficiencies). `t` is quantised to [`LEVELS`] steps each side, and the cells of one step are
//! drawn as one path, which keeps a 54 × 54 map near 50 kB; a matrix whose paths would be longer than an image
//! of a pixel a cell is drawn as that image (a fair 312-card shoe's map: 130 kB instead of 1.3 MB). Cells without data (NaN, e.g. a card following
//! itself) are grey and get their own legend entry.

use std::fmt::Write;

use super::{Picture, escape, num, text, text_width};

/// Colour steps on each side of the neutral centre.
pub const LEVELS: i32 = 16;

/// ColorBrewer RdBu (11 classes), from too rare (blue) to too common (red).
const ANCHORS: [[u8; 3]; 11] = [
    [0x05, 0x30, 0x61],
    [0x21, 0x66, 0xac],
    [0x43, 0x93, 0xc3],
    [0x92, 0xc5, 0xde],
    [0xd1, 0xe5, 0xf0],
    [0xf7, 0xf7, 0xf7],
    [0xfd, 0xdb, 0xc7],
    [0xf4, 0xa5, 0x82],
    [0xd6, 0x60, 0x4d],
    [0xb2, 0x18, 0x2b],
    [0x67, 0x00, 0x1f],
];

/// Colour of cells without data.
pub const NO_DATA: &str = "#9e9e9e";

/// `#rrggbb` as its three bytes.
fn rgb(hex: &str) -> [u8; 3] {
    let byte = |k: usize| u8::from_str_radix(&hex[1 + 2 * k..3 + 2 * k], 16).expect("a #rrggbb colour");
    [byte(0), byte(1), byte(2)]
}

/// A matrix of observed/expected ratios with what is needed to read it.
#[derive(Clone, Debug, PartialEq)]
pub struct Heatmap {
    pub title: String,
    /// A second, smaller title line (generator, shuffles, verdict), if any.
    pub subtitle: Option<String>,
    /// What the rows and columns are (`position`, `card`).
    pub row_title: String,
    pub col_title: String,
    pub row_labels: Vec<String>,
    pub col_labels: Vec<String>,
    /// Row-major ratios, `row_labels.len() × col_labels.len()`; NaN where there is no data.
    pub ratios: Vec<f64>,
    /// Ratios beyond ×c or below ×1/c get the end colours (c > 1).
    pub clamp: f64,
    /// Legend caption, e.g. `observed / expected (log scale)`.
    pub legend_title: String,
    /// Legend text for NaN cells, shown only when some cell has no data.
    pub no_data_label: String,
    /// Lines under the legend (sample size, noise level).
    pub notes: Vec<String>,
}

/// How large to draw a heatmap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Side of one cell in pixels.
    pub cell: f64,
    /// Draw row and column labels and axis titles (off for small multiples).
    pub labels: bool,
    /// Draw the legend and notes (off for the panels of small multiples, which share one).
    pub legend: bool,
}

impl Layout {
    /// Full size: cells of about 480 px in all, at least 4 and at most 24 px each.
    pub fn full(rows: usize, cols: usize) -> Layout {
        let cell = (480.0 / rows.max(cols).max(1) as f64).floor().clamp(4.0, 24.0);
        Layout { cell, labels: true, legend: true }
    }

    /// A small panel of about `side` pixels, without labels or legend.
    pub fn panel(rows: usize, cols: usize, side: f64) -> Layout {
        let cell = (side / rows.max(cols).max(1) as f64).floor().max(1.0);
        Layout { cell, labels: false, legend: false }
    }
}

/// `t = clamp(ln r / ln c, −1, 1)`: where a ratio sits on the colour scale (NaN stays NaN; 0 is −1).
pub fn scale_position(ratio: f64, clamp: f64) -> f64 {
    if ratio.is_nan() {
        return f64::NAN;
    }
    if ratio <= 0.0 {
        return -1.0;
    }
    (ratio.ln() / clamp.ln()).clamp(-1.0, 1.0)
}

/// The quantised step of a ratio, −LEVELS..=LEVELS, or None without data.
pub fn level(ratio: f64, clamp: f64) -> Option<i32> {
    let t = scale_position(ratio, clamp);
    (!t.is_nan()).then(|| (t * LEVELS as f64).round() as i32)
}

/// The colour of a step, `#rrggbb`, interpolated linearly between the RdBu anchors.
pub fn level_colour(level: i32) -> String {
    let t = level.clamp(-LEVELS, LEVELS) as f64 / LEVELS as f64;
    let pos = (t + 1.0) / 2.0 * (ANCHORS.len() - 1) as f64;
    let i = (pos.floor() as usize).min(ANCHORS.len() - 2);
    let f = pos - i as f64;
    let channel = |k: usize| (ANCHORS[i][k] as f64 * (1.0 - f) + ANCHORS[i + 1][k] as f64 * f).round() as u8;
    format!("#{:02x}{:02x}{:02x}", channel(0), channel(1), channel(2))
}

/// A clamp that shows a matrix's spread: the smallest of ×1.01, ×1.02, ×1.05, ×1.1, ×1.2, ×1.5, ×2, ×4, ×8
/// that covers the 97.5th percentile of |ln r|, so that a few extreme cells (a diagonal of cards that stay in
/// place is 1/n of the cells) saturate instead of washing out the structure of the rest.
pub fn auto_clamp(ratios: &[f64]) -> f64 {
    let mut logs: Vec<f64> =
        ratios.iter().filter(|r| !r.is_nan()).map(|&r| if r <= 0.0 { f64::INFINITY } else { r.ln().abs() }).collect();
    if logs.is_empty() {
        return 2.0;
    }
    logs.sort_by(f64::total_cmp);
    let q = logs[((logs.len() - 1) as f64 * 0.975).round() as usize];
    const LADDER: [f64; 9] = [1.01, 1.02, 1.05, 1.1, 1.2, 1.5, 2.0, 4.0, 8.0];
    LADDER.into_iter().find(|c| c.ln() >= q).unwrap_or(8.0)
}

/// `×2`, `×1.05`, `×0.5`, `×0.952`: a ratio for the legend.
pub fn ratio_label(r: f64) -> String {
    let s = if r >= 10.0 {
        format!("{r:.0}")
    } else if (r * 100.0).round() == r * 100.0 || r >= 1.0 {
        num(r)
    } else {
        format!("{r:.3}").trim_end_matches('0').to_string()
    };
    format!("×{s}")
}

const TITLE_SIZE: f64 = 13.0;
const SUBTITLE_SIZE: f64 = 10.5;

impl Heatmap {
    fn rows(&self) -> usize {
        self.row_labels.len()
    }

    fn cols(&self) -> usize {
        self.col_labels.len()
    }

    /// Renders the heatmap.
    pub fn render(&self, layout: Layout) -> Picture {
        let (rows, cols) = (self.rows(), self.cols());
        assert_eq!(self.ratios.len(), rows * cols, "heatmap: {} ratios for {rows} × {cols}", self.ratios.len());
        assert!(self.clamp > 1.0, "heatmap clamp must exceed 1");
        let s = layout.cell;
        let label_size = (s - 1.0).clamp(5.0, 10.0);
        let row_step = label_step(s, label_size);
        let col_step = row_step;
        let max_w = |labels: &[String]| labels.iter().map(|l| text_width(l, label_size)).fold(0.0, f64::max);
        let (left, bottom_labels) = if layout.labels {
            (max_w(&self.row_labels) + 6.0 + 16.0, max_w(&self.col_labels) + 6.0 + 16.0)
        } else {
            (0.0, 0.0)
        };
        let mut top = TITLE_SIZE + 6.0;
        if self.subtitle.is_some() {
            top += SUBTITLE_SIZE + 4.0;
        }
        let grid_w = cols as f64 * s;
        let grid_h = rows as f64 * s;
        let title_w = text_width(&self.title, TITLE_SIZE)
            .max(self.subtitle.as_deref().map_or(0.0, |t| text_width(t, SUBTITLE_SIZE)));
        let mut body = String::new();
        body.push_str(&text(0.0, TITLE_SIZE, "start", "font-size=\"13\" font-weight=\"bold\"", &self.title));
        if let Some(sub) = &self.subtitle {
            body.push_str(&text(0.0, TITLE_SIZE + 4.0 + SUBTITLE_SIZE, "start", "font-size=\"10.5\"", sub));
        }
        let (gx, gy) = (left, top);
        self.cells(&mut body, gx, gy, s);
        let _ = writeln!(
            body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"currentColor\" \
             stroke-width=\"0.5\"/>",
            num(gx),
            num(gy),
            num(grid_w),
            num(grid_h)
        );
        let mut height = gy + grid_h;
        let mut width = (gx + grid_w).max(title_w);
        if layout.labels {
            let fs = num(label_size);
            for (i, l) in self.row_labels.iter().enumerate().filter(|(i, _)| i % row_step == 0) {
                let y = gy + (i as f64 + 0.5) * s;
                body.push_str(&text(gx - 3.0, y, "end", &format!("font-size=\"{fs}\" dy=\"0.35em\""), l));
            }
            for (j, l) in self.col_labels.iter().enumerate().filter(|(j, _)| j % col_step == 0) {
                let x = gx + (j as f64 + 0.5) * s;
                let y = gy + grid_h + 3.0;
                let _ = writeln!(
                    body,
                    "<text transform=\"translate({},{}) rotate(-90)\" text-anchor=\"end\" font-size=\"{fs}\" \
                     dy=\"0.35em\">{}</text>",
                    num(x),
                    num(y),
                    escape(l)
                );
            }
            // Axis titles: rows on the left, rotated; columns under the labels.
            let _ = writeln!(
                body,
                "<text transform=\"translate(10,{}) rotate(-90)\" text-anchor=\"middle\" font-size=\"11\">{}</text>",
                num(gy + grid_h / 2.0),
                escape(&self.row_title)
            );
            height = gy + grid_h + bottom_labels;
            body.push_str(&text(gx + grid_w / 2.0, height - 3.0, "middle", "font-size=\"11\"", &self.col_title));
        }
        if layout.legend {
            let legend = self.legend(grid_w.max(240.0));
            let _ =
                writeln!(body, "<g transform=\"translate({},{})\">\n{}</g>", num(gx), num(height + 8.0), legend.body);
            height += 8.0 + legend.height;
            width = width.max(gx + legend.width);
        }
        Picture { width: width.ceil(), height: height.ceil(), body }
    }

    /// The coloured cells: one path per colour step, horizontal runs of a step merged into one rectangle; or,
    /// when that is shorter, one image of a pixel a cell (a paletted PNG, see [`super::png`]), which is what a
    /// noisy matrix costs least as: a fair shoe's 312 × 312 cells change colour nearly every cell.
    fn cells(&self, body: &mut String, gx: f64, gy: f64, s: f64) {
        let (rows, cols) = (self.rows(), self.cols());
        let levels: Vec<Option<i32>> = self.ratios.iter().map(|&r| level(r, self.clamp)).collect();
        let mut paths: std::collections::BTreeMap<Option<i32>, String> = Default::default();
        for r in 0..rows {
            let mut c = 0;
            while c < cols {
                let lv = levels[r * cols + c];
                let mut run = 1;
                while c + run < cols && levels[r * cols + c + run] == lv {
                    run += 1;
                }
                let w = run as f64 * s;
                let _ = write!(
                    paths.entry(lv).or_default(),
                    "M{} {}h{}v{}h-{}z",
                    num(c as f64 * s),
                    num(r as f64 * s),
                    num(w),
                    num(s),
                    num(w)
                );
                c += run;
            }
        }
        let colour = |lv: Option<i32>| lv.map_or(NO_DATA.to_string(), level_colour);
        let mut group = String::new();
        for (&lv, d) in &paths {
            let _ = writeln!(group, "<path fill=\"{}\" d=\"{d}\"/>", colour(lv));
        }
        // The same cells as an image: palette index k is the k-th step present, in the paths' order.
        let steps: Vec<Option<i32>> = paths.keys().copied().collect();
        if !steps.is_empty() && steps.len() <= 256 {
            let palette: Vec<[u8; 3]> = steps.iter().map(|&lv| rgb(&colour(lv))).collect();
            let pixels: Vec<u8> =
                levels.iter().map(|lv| steps.binary_search(lv).expect("every step has a path") as u8).collect();
            let png = super::png::paletted(cols, rows, &palette, &pixels);
            let image = format!(
                "<image width=\"{}\" height=\"{}\" preserveAspectRatio=\"none\" image-rendering=\"optimizeSpeed\" \
                 style=\"image-rendering:pixelated\" href=\"data:image/png;base64,{}\"/>\n",
                num(cols as f64 * s),
                num(rows as f64 * s),
                super::png::base64(&png)
            );
            if image.len() < group.len() {
                group = image;
            }
        }
        let _ = writeln!(body, "<g transform=\"translate({},{})\" shape-rendering=\"crispEdges\">", num(gx), num(gy));
        body.push_str(&group);
        body.push_str("</g>\n");
    }

    /// The colour bar with its clamp, the no-data swatch when needed, and the notes.
    pub fn legend(&self, width: f64) -> Picture {
        let mut body = String::new();
        body.push_str(&text(0.0, 10.0, "start", "font-size=\"11\"", &self.legend_title));
        let bar_w = width.min(320.0);
        let steps = 2 * LEVELS + 1;
        let step_w = bar_w / steps as f64;
        let y0 = 16.0;
        let _ = write!(body, "<g shape-rendering=\"crispEdges\">");
        for (i, lv) in (-LEVELS..=LEVELS).enumerate() {
            let _ = write!(
                body,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"10\" fill=\"{}\"/>",
                num(i as f64 * step_w),
                num(y0),
                num(step_w + 0.05),
                level_colour(lv)
            );
        }
        body.push_str("</g>\n");
        let c = self.clamp;
        for (t, label) in [
            (-1.0, format!("≤{}", ratio_label(1.0 / c))),
            (-0.5, ratio_label(1.0 / c.sqrt())),
            (0.0, "×1".to_string()),
            (0.5, ratio_label(c.sqrt())),
            (1.0, format!("≥{}", ratio_label(c))),
        ] {
            let x = (t + 1.0) / 2.0 * (bar_w - step_w) + step_w / 2.0;
            let anchor = if t == -1.0 {
                "start"
            } else if t == 1.0 {
                "end"
            } else {
                "middle"
            };
            let lx = match anchor {
                "start" => 0.0,
                "end" => bar_w,
                _ => x,
            };
            let _ = writeln!(
                body,
                "<line x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\" stroke=\"currentColor\" stroke-width=\"0.6\"/>",
                num(x),
                num(y0 + 10.0),
                num(y0 + 13.0)
            );
            body.push_str(&text(lx, y0 + 23.0, anchor, "font-size=\"9.5\"", &label));
        }
        let mut y = y0 + 27.0;
        let mut width_used = bar_w.max(text_width(&self.legend_title, 11.0));
        if self.ratios.iter().any(|r| r.is_nan()) {
            let _ =
                writeln!(body, "<rect x=\"0\" y=\"{}\" width=\"10\" height=\"10\" fill=\"{NO_DATA}\"/>", num(y + 3.0));
            body.push_str(&text(14.0, y + 12.0, "start", "font-size=\"10\"", &self.no_data_label));
            width_used = width_used.max(14.0 + text_width(&self.no_data_label, 10.0));
            y += 15.0;
        }
        for note in &self.notes {
            y += 13.0;
            body.push_str(&text(0.0, y, "start", "font-size=\"10\"", note));
            width_used = width_used.max(text_width(note, 10.0));
        }
        Picture { width: width_used.ceil(), height: (y + 4.0).ceil(), body }
    }
}

/// Label every k-th row or column so that labels do not overlap.
fn label_step(cell: f64, font: f64) -> usize {
    let mut k = 1;
    while (k as f64) * cell < font * 0.95 {
        k += 1;
    }
    k
}

/// Small multiples: one panel per heatmap, all on the clamp of the first, in a grid of `columns`, with one
/// shared legend (taken from the first heatmap) under the grid.
pub fn small_multiples(maps: &[Heatmap], columns: usize, panel_side: f64) -> Picture {
    let Some(first) = maps.first() else {
        return Picture { width: 0.0, height: 0.0, body: String::new() };
    };
    let panels: Vec<Picture> = maps
        .iter()
        .map(|m| {
            let same_scale = Heatmap { clamp: first.clamp, ..m.clone() };
            same_scale.render(Layout::panel(m.rows(), m.cols(), panel_side))
        })
        .collect();
    let grid = Picture::grid(&panels, columns, 14.0);
    // The panels differ in sample size, so the first one's notes would mislead: the shared legend has none.
    let legend = Heatmap { notes: Vec::new(), ..first.clone() }.legend(grid.width.min(320.0));
    Picture::stack(&[grid, legend], 12.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny(ratios: Vec<f64>, labels: &[&str]) -> Heatmap {
        Heatmap {
            title: "Card b right after card a".into(),
            subtitle: Some("3 cards".into()),
            row_title: "card a".into(),
            col_title: "card b".into(),
            row_labels: labels.iter().map(|s| s.to_string()).collect(),
            col_labels: labels.iter().map(|s| s.to_string()).collect(),
            ratios,
            clamp: 2.0,
            legend_title: "observed / expected (log scale)".into(),
            no_data_label: "impossible".into(),
            notes: vec!["1000 shuffles".into()],
        }
    }

    #[test]
    fn the_scale_is_symmetric_in_log_ratio_and_clamped() {
        assert_eq!(scale_position(1.0, 2.0), 0.0);
        assert_eq!(scale_position(2.0, 2.0), 1.0);
        assert_eq!(scale_position(0.5, 2.0), -1.0);
        assert_eq!(scale_position(8.0, 2.0), 1.0);
        assert_eq!(scale_position(0.0, 2.0), -1.0);
        assert!((scale_position(2f64.sqrt(), 2.0) - 0.5).abs() < 1e-12);
        assert_eq!(level(1.0 / 1.3, 2.0), level(1.3, 2.0).map(|l| -l));
        assert_eq!(level(f64::NAN, 2.0), None);
        assert_eq!(level_colour(0), "#f7f7f7");
        assert_eq!(level_colour(-LEVELS), "#053061");
        assert_eq!(level_colour(LEVELS), "#67001f");
        // t = 0.5 lies halfway between the anchors #f4a582 and #d6604d.
        assert_eq!(level_colour(LEVELS / 2), "#e58368");
    }

    #[test]
    fn auto_clamp_follows_the_spread() {
        assert_eq!(auto_clamp(&[1.0, 1.004, 0.996]), 1.01);
        assert_eq!(auto_clamp(&[1.0, 1.3, 0.8]), 1.5);
        assert_eq!(auto_clamp(&[0.0, 52.0]), 8.0);
        assert_eq!(ratio_label(2.0), "×2");
        assert_eq!(ratio_label(0.5), "×0.5");
        assert_eq!(ratio_label(1.0 / 1.05), "×0.952");
        assert_eq!(ratio_label(1.0 / 2f64.sqrt()), "×0.707");
    }

    #[test]
    fn an_adjacency_like_matrix_renders_with_labels_legend_and_no_data() {
        // Card b right after card a for 3 cards: the diagonal cannot happen (NaN); one pair is twice as common.
        let nan = f64::NAN;
        let map = tiny(vec![nan, 2.0, 0.5, 1.0, nan, 1.0, 1.0, 1.0, nan], &["♠A", "黑桃2", "小王"]);
        let pic = map.render(Layout { cell: 20.0, labels: true, legend: true });
        let svg = pic.to_svg("adjacency", super::super::Target::Inline);
        // Three no-data cells (grey), one path per colour step present: red end, blue end, neutral.
        assert_eq!(svg.matches(&format!("fill=\"{NO_DATA}\"")).count(), 2, "grid path and legend swatch");
        assert!(svg.contains("<path fill=\"#67001f\" d=\"M20 0h20v20h-20z\"/>"), "{svg}");
        assert!(svg.contains("<path fill=\"#053061\" d=\"M40 0h20v20h-20z\"/>"), "{svg}");
        // The two neutral cells of the middle row are not adjacent; the bottom row's two are merged.
        assert!(
            svg.contains("<path fill=\"#f7f7f7\" d=\"M0 20h20v20h-20zM40 20h20v20h-20zM0 40h40v20h-40z\"/>"),
            "{svg}"
        );
        for needle in ["♠A", "黑桃2", "小王", "card a", "card b", "≤×0.5", "≥×2", "×1", "impossible", "1000 shuffles"]
        {
            assert!(svg.contains(needle), "missing {needle}");
        }
        assert!(svg.contains("rotate(-90)"), "column labels are vertical");
        assert!(pic.width > 60.0 && pic.height > 60.0);
        // Same input, same bytes.
        assert_eq!(
            svg,
            map.render(Layout { cell: 20.0, labels: true, legend: true })
                .to_svg("adjacency", super::super::Target::Inline)
        );
    }

    #[test]
    fn small_multiples_share_one_scale_and_one_legend() {
        let a = tiny(vec![1.0, 1.5, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], &["a", "b", "c"]);
        let mut b = tiny(vec![1.0; 9], &["a", "b", "c"]);
        b.clamp = 1.05;
        b.title = "second".into();
        let pic = small_multiples(&[a, b], 2, 30.0);
        // Panel b is drawn on a's clamp of 2: all neutral; one legend, stating ×2.
        assert_eq!(pic.body.matches("≥×2").count(), 1);
        assert!(!pic.body.contains("≥×1.05"));
        assert!(pic.body.contains("second"));
        assert!(!pic.body.contains(">card a<"), "panels carry no axis titles");
        assert!(!pic.body.contains("1000 shuffles"), "the shared legend carries no panel's notes");
        assert!(pic.body.contains("<path fill=\"#f7f7f7\" d=\"M0 0h30v10h-30zM0 10h30v10h-30zM0 20h30v10h-30z\"/>"));
    }
}
