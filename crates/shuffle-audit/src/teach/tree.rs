//! The 3-card trees of the teaching page as inline SVG: every path of draws from the starting deck 123 to its
//! final order, the leaves coloured by order, and beside them how many paths reach each of the 6 orders against
//! the fair share (27/6 = 4.5 for the naive swap, 1 for Fisher–Yates). Text is drawn in `currentColor`, so the
//! page's light and dark themes both read.

use std::fmt::Write;

use crate::cards::{Card, Lang};
use crate::report::svg::escape;
use crate::stats::exact::lehmer_unrank;
use crate::teach::lesson::{TreePath, order_counts};

/// One colour per order (Okabe–Ito), in lexicographic order 123, 132, 213, 231, 312, 321.
const ORDER_COLOURS: [&str; 6] = ["#e69f00", "#56b4e9", "#009e73", "#cc79a7", "#0072b2", "#d55e00"];

const ROW: f64 = 16.0;
const TOP: f64 = 40.0;
const BAR: f64 = 18.0;
const LEFT: f64 = 24.0;
const STEP: f64 = 112.0;

fn cards(deck: &[Card; 3]) -> String {
    deck.iter().map(|&c| char::from(b'1' + c as u8)).collect()
}

fn order_index(deck: &[Card; 3]) -> usize {
    crate::stats::exact::lehmer_rank(&deck.map(|c| c as u8))
}

/// The tree of `paths` (all of one shuffle, in lexicographic order of their draws) with its order counts.
pub(super) fn tree_svg(paths: &[TreePath], lang: Lang, name: &str) -> String {
    let depth = paths.first().map_or(0, |p| p.draws.len());
    let leaves = paths.len();
    let zh = lang == Lang::Zh;
    let height = (TOP + leaves as f64 * ROW).max(TOP + 6.0 * (BAR + 6.0) + 20.0) + 12.0;
    let bars_x = LEFT + STEP * depth as f64 + 90.0;
    let width = bars_x + 250.0;
    let mut s = String::new();
    let title = if zh {
        format!("{name}：3 张牌的 {leaves} 条路径")
    } else {
        format!("{name}: the {leaves} paths on 3 cards")
    };
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" \
         role=\"img\" aria-label=\"{t}\" font-size=\"12\" class=\"tree\"><title>{t}</title>",
        t = escape(&title)
    );
    // Column headings: the start, then each step's swap and draw, on two lines.
    let head = |k: usize| -> (String, String) {
        if k == 0 {
            return (if zh { "开始" } else { "start" }.to_string(), String::new());
        }
        let (i, m) = if name == "naive-swap" { (k - 1, 3) } else { (3 - k, 3 + 1 - k) };
        (format!("i = {i}"), format!("j = random({m})"))
    };
    for k in 0..=depth {
        let (first, second) = head(k);
        let x = LEFT + STEP * k as f64 - 8.0;
        let _ = write!(
            s,
            "<text x=\"{x}\" y=\"13\" fill=\"currentColor\" opacity=\"0.7\">{}</text><text x=\"{x}\" y=\"27\" \
             fill=\"currentColor\" opacity=\"0.7\">{}</text>",
            escape(&first),
            escape(&second)
        );
    }
    // Node y: leaves in rows, an inner node at the middle of its leaves.
    let leaf_y = |i: usize| TOP + (i as f64 + 0.5) * ROW;
    let mut edges = String::new();
    let mut labels = String::new();
    // Paths are in lexicographic order of their draws, so the nodes of a level (the distinct prefixes of its
    // length) each cover a run of consecutive leaves.
    let nodes = |level: usize| {
        let mut count = 0;
        for (i, p) in paths.iter().enumerate() {
            if i == 0 || paths[i - 1].draws[..level] != p.draws[..level] {
                count += 1;
            }
        }
        count
    };
    for level in 0..=depth {
        let group = nodes(level);
        let size = leaves / group;
        let children = if level < depth { nodes(level + 1) / group } else { 0 };
        for g in 0..group {
            let y = (leaf_y(g * size) + leaf_y(g * size + size - 1)) / 2.0;
            let x = LEFT + STEP * level as f64;
            let deck = if level == 0 { [0, 1, 2] } else { paths[g * size].steps[level - 1] };
            if level == depth {
                let colour = ORDER_COLOURS[order_index(&deck)];
                let _ = write!(
                    labels,
                    "<circle cx=\"{}\" cy=\"{y}\" r=\"4\" fill=\"{colour}\"/><text x=\"{x}\" y=\"{}\" fill=\"currentColor\">{}</text>",
                    x - 8.0,
                    y + 4.0,
                    cards(&deck)
                );
                continue;
            }
            let _ = write!(labels, "<text x=\"{x}\" y=\"{}\" fill=\"currentColor\">{}</text>", y + 4.0, cards(&deck));
            let per = size / children;
            for c in 0..children {
                let first = g * size + c * per;
                let cy = (leaf_y(first) + leaf_y(first + per - 1)) / 2.0;
                let _ = write!(edges, "<path d=\"M{} {y}L{} {cy}\"/>", x + 28.0, x + STEP - 12.0);
            }
        }
    }
    let _ = write!(s, "<g stroke=\"currentColor\" stroke-opacity=\"0.35\" fill=\"none\">{edges}</g>{labels}");
    // How many paths reach each order, against the fair share.
    let counts = order_counts(paths);
    let fair = leaves as f64 / 6.0;
    let most = *counts.iter().max().unwrap_or(&1) as f64;
    let unit = 150.0 / most.max(fair);
    let heading = if zh { "每种顺序的路径数" } else { "paths per order" };
    let _ = write!(s, "<text x=\"{bars_x}\" y=\"14\" fill=\"currentColor\" opacity=\"0.7\">{heading}</text>");
    let bar_h = BAR;
    for (rank, &count) in counts.iter().enumerate() {
        let unranked = lehmer_unrank(rank, 3);
        let y = TOP + rank as f64 * (bar_h + 6.0);
        let label = cards(&[0, 1, 2].map(|i| Card::from(unranked[i])));
        let _ = write!(
            s,
            "<text x=\"{bars_x}\" y=\"{}\" fill=\"currentColor\">{label}</text><rect x=\"{}\" y=\"{y}\" width=\"{:.1}\" height=\"{bar_h}\" fill=\"{}\"/>\
             <text x=\"{:.1}\" y=\"{}\" fill=\"currentColor\">{count}</text>",
            y + bar_h * 0.7,
            bars_x + 32.0,
            count as f64 * unit,
            ORDER_COLOURS[rank],
            bars_x + 36.0 + count as f64 * unit,
            y + bar_h * 0.7
        );
    }
    let fx = bars_x + 32.0 + fair * unit;
    let bottom = TOP + 6.0 * (bar_h + 6.0);
    let fair_label = if zh { format!("公平：{}", trim(fair)) } else { format!("fair: {}", trim(fair)) };
    let _ = write!(
        s,
        "<path d=\"M{fx:.1} {}L{fx:.1} {bottom}\" stroke=\"currentColor\" stroke-dasharray=\"4 3\"/><text x=\"{fx:.1}\" y=\"{}\" \
         fill=\"currentColor\" text-anchor=\"middle\">{fair_label}</text></svg>",
        TOP - 4.0,
        bottom + 14.0
    );
    s
}

fn trim(x: f64) -> String {
    let s = format!("{x:.1}");
    s.strip_suffix(".0").map_or(s.clone(), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shuffle::AlgorithmKind;
    use crate::teach::lesson::three_card_paths;

    #[test]
    fn the_naive_tree_has_27_leaves_and_the_counts_of_its_orders() {
        let svg = tree_svg(&three_card_paths(AlgorithmKind::NaiveSwap), Lang::En, "naive-swap");
        assert_eq!(svg.matches("<circle").count(), 27);
        // 1 + 3 + 9 inner nodes, each with 3 edges.
        assert_eq!(svg.matches("<path d=\"M").count(), 39 + 1);
        assert!(svg.contains(">fair: 4.5<"));
        for (order, count) in [("123", 4), ("132", 5), ("213", 5), ("231", 5), ("312", 4), ("321", 4)] {
            assert!(svg.contains(&format!(">{order}</text><rect")), "{order}");
            assert!(svg.contains(&format!("\">{count}</text>")), "{count}");
        }
        let fy = tree_svg(&three_card_paths(AlgorithmKind::FisherYates), Lang::Zh, "fisher-yates");
        assert_eq!(fy.matches("<circle").count(), 6);
        assert!(fy.contains("公平：1<"));
    }
}
