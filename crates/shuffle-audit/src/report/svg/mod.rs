//! SVG pictures as pure renderers: each builds a [`Picture`] (a fragment in its own coordinates with a size),
//! which becomes either an inline `<svg>` for `report.html` or a standalone `.svg` file.
//!
//! Inline pictures draw text and axes in `currentColor`, so they follow the page's light or dark colours; a
//! standalone file carries its own background and a `prefers-color-scheme` style for the same effect where
//! it is shown on its own (GitHub renders SVG files as images). Numbers are written with fixed precision, so
//! the same input always gives the same bytes.

pub mod adjacency_heatmap;
pub mod exact_heatmap;
pub mod heatmap;
pub mod line_plot;
mod png;
pub mod position_heatmap;
pub mod progressive;
pub mod riffle_curve;

use std::fmt::Write;

/// Fonts for Latin text, card symbols and Chinese names, with common fallbacks on every system.
pub const FONT_FAMILY: &str = "system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'DejaVu Sans', 'Noto Sans CJK SC', \
                               'WenQuanYi Micro Hei', 'PingFang SC', 'Microsoft YaHei', sans-serif";

/// Where a picture goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Inside `report.html`: no background, colours inherited from the page.
    Inline,
    /// A standalone `.svg` file with its own background and light/dark style.
    File,
}

/// An SVG fragment with its size in CSS pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub width: f64,
    pub height: f64,
    pub body: String,
}

impl Picture {
    /// The picture as a complete `<svg>` element (a standalone document for [`Target::File`]).
    pub fn to_svg(&self, title: &str, target: Target) -> String {
        let (w, h) = (num(self.width), num(self.height));
        let mut s = String::with_capacity(self.body.len() + 1024);
        if target == Target::File {
            s.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        }
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" \
             role=\"img\" aria-label=\"{}\" font-family=\"{FONT_FAMILY}\" font-size=\"11\" fill=\"currentColor\">",
            escape(title)
        );
        let _ = writeln!(s, "<title>{}</title>", escape(title));
        if target == Target::File {
            s.push_str(
                "<style>svg{color:#1f2328}.bg{fill:#ffffff}\
                 @media (prefers-color-scheme:dark){svg{color:#e6edf3}.bg{fill:#0d1117}}</style>\n",
            );
            let _ = writeln!(s, "<rect class=\"bg\" width=\"{w}\" height=\"{h}\"/>");
        }
        s.push_str(&self.body);
        s.push_str("</svg>\n");
        s
    }

    /// Places pictures one below the other, left-aligned, with `gap` pixels between them.
    pub fn stack(parts: &[Picture], gap: f64) -> Picture {
        let mut body = String::new();
        let (mut y, mut width) = (0.0f64, 0.0f64);
        for (i, p) in parts.iter().enumerate() {
            if i > 0 {
                y += gap;
            }
            let _ = writeln!(body, "<g transform=\"translate(0,{})\">\n{}</g>", num(y), p.body);
            y += p.height;
            width = width.max(p.width);
        }
        Picture { width, height: y, body }
    }

    /// Places pictures in a grid of `columns`, each cell as large as the largest picture.
    pub fn grid(parts: &[Picture], columns: usize, gap: f64) -> Picture {
        let columns = columns.max(1);
        let cell_w = parts.iter().map(|p| p.width).fold(0.0, f64::max);
        let cell_h = parts.iter().map(|p| p.height).fold(0.0, f64::max);
        let mut body = String::new();
        for (i, p) in parts.iter().enumerate() {
            let (x, y) = ((i % columns) as f64 * (cell_w + gap), (i / columns) as f64 * (cell_h + gap));
            let _ = writeln!(body, "<g transform=\"translate({},{})\">\n{}</g>", num(x), num(y), p.body);
        }
        let used = parts.len().min(columns) as f64;
        let rows = parts.len().div_ceil(columns) as f64;
        Picture { width: (used * (cell_w + gap) - gap).max(0.0), height: (rows * (cell_h + gap) - gap).max(0.0), body }
    }
}

/// Escapes text for SVG and HTML content and attribute values (the report layer's one markup escape).
pub use super::escape::markup as escape;

/// A coordinate with at most two decimals and no trailing zeros: `12`, `3.5`, `0.25`.
pub fn num(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// The approximate width of `text` at `font_size`: CJK characters are one em wide, others about 0.62 em.
pub fn text_width(text: &str, font_size: f64) -> f64 {
    text.chars().map(|c| if is_wide(c) { 1.0 } else { 0.62 }).sum::<f64>() * font_size
}

fn is_wide(c: char) -> bool {
    matches!(c as u32, 0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6)
}

/// `<text>` at (x, y) with an anchor (`start`, `middle`, `end`) and extra attributes.
pub(crate) fn text(x: f64, y: f64, anchor: &str, extra: &str, content: &str) -> String {
    let anchor = if anchor == "start" { String::new() } else { format!(" text-anchor=\"{anchor}\"") };
    let extra = if extra.is_empty() { String::new() } else { format!(" {extra}") };
    format!("<text x=\"{}\" y=\"{}\"{anchor}{extra}>{}</text>\n", num(x), num(y), escape(content))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_escapes_are_stable() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(3.5), "3.5");
        assert_eq!(num(0.254), "0.25");
        assert_eq!(num(-0.001), "0");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert!((text_width("黑桃A", 10.0) - 26.2).abs() < 1e-9);
    }

    #[test]
    fn standalone_files_carry_their_background_and_inline_pictures_do_not() {
        let p = Picture { width: 10.0, height: 5.5, body: "<circle r=\"1\"/>\n".into() };
        let file = p.to_svg("t & u", Target::File);
        assert!(file.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns="));
        assert!(file.contains("viewBox=\"0 0 10 5.5\""));
        assert!(file.contains("<title>t &amp; u</title>"));
        assert!(file.contains("prefers-color-scheme:dark") && file.contains("class=\"bg\""));
        let inline = p.to_svg("t", Target::Inline);
        assert!(!inline.contains("<?xml") && !inline.contains("class=\"bg\""));
        assert!(inline.ends_with("<circle r=\"1\"/>\n</svg>\n"));
    }

    #[test]
    fn grids_and_stacks_add_up_sizes() {
        let p = |w, h| Picture { width: w, height: h, body: String::new() };
        let g = Picture::grid(&[p(10.0, 5.0), p(8.0, 7.0), p(10.0, 5.0)], 2, 2.0);
        assert_eq!((g.width, g.height), (22.0, 16.0));
        assert!(g.body.contains("translate(12,0)") && g.body.contains("translate(0,9)"));
        let s = Picture::stack(&[p(10.0, 5.0), p(20.0, 5.0)], 3.0);
        assert_eq!((s.width, s.height), (20.0, 13.0));
    }
}
