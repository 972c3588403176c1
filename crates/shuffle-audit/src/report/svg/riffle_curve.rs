//! The "how many riffles" curve of a `riffle` run's report: total variation and separation distance from
//! uniform after k = 1..12 Gilbert–Shannon–Reeds riffles of the run's deck (exact, from the rising-sequence law),
//! with the run's own k marked. A pure renderer: the plot and its words, in English or Chinese.

use crate::report::i18n::Lang;
use crate::report::svg::line_plot::{LinePlot, Marker, Scale, Series, Style};
use crate::stats::exact::riffle::{TABLE_RIFFLES, distance_table};

/// The curve with its heading, caption and accessible name.
pub struct RiffleCurve {
    pub heading: String,
    pub caption: String,
    pub alt: String,
    pub plot: LinePlot,
}

/// The curve for `n` cards riffled `k` times.
pub fn curve(lang: Lang, n: usize, k: usize) -> RiffleCurve {
    let table = distance_table(n, TABLE_RIFFLES.max(k.min(64) as u32));
    let at_k = table.iter().find(|r| r.riffles as usize == k);
    let (tv, sep) = at_k.map_or((f64::NAN, f64::NAN), |r| (r.total_variation, r.separation));
    let zh = lang == Lang::Zh;
    let heading = if zh { "洗几次才够？".to_string() } else { "How many riffles?".to_string() };
    let caption = if zh {
        format!(
            "{n} 张牌经过 k 次鸽尾式洗牌（Gilbert–Shannon–Reeds 模型）后与均匀分布的距离，由上升序列的精确分布算出 \
             （Bayer & Diaconis 1992），不是抽样。总变差距离是任何一个事件的概率最多能偏差多少；分离距离是最不可能出现的\
             顺序比均匀少多少。本次运行洗了 {k} 次：总变差 {tv:.3}，分离距离 {sep:.3}。"
        )
    } else {
        format!(
            "Distance from uniform after k Gilbert–Shannon–Reeds riffles of {n} cards, exact from the rising-sequence \
             law (Bayer & Diaconis 1992), not sampled. Total variation is the most any event's probability can be \
             off; separation is how far the least likely order falls short of uniform. This run riffles {k} times: \
             total variation {tv:.3}, separation {sep:.3}."
        )
    };
    let plot = LinePlot {
        title: if zh {
            format!("{n} 张牌：距离均匀还有多远")
        } else {
            format!("{n} cards: how far from uniform")
        },
        x_label: if zh { "洗牌次数 k".to_string() } else { "riffles k".to_string() },
        y_label: if zh { "距离".to_string() } else { "distance".to_string() },
        x_scale: Scale::Linear,
        y_scale: Scale::Linear,
        series: vec![
            Series {
                name: if zh { "总变差距离".to_string() } else { "total variation".to_string() },
                points: table.iter().map(|r| (f64::from(r.riffles), r.total_variation)).collect(),
                style: Style::LineDots,
                colour: 0,
            },
            Series {
                name: if zh { "分离距离".to_string() } else { "separation".to_string() },
                points: table.iter().map(|r| (f64::from(r.riffles), r.separation)).collect(),
                style: Style::Dashed,
                colour: 1,
            },
        ],
        x_markers: vec![Marker {
            value: k as f64,
            label: if zh { format!("本次运行：{k} 次") } else { format!("this run: {k}") },
        }],
        y_markers: vec![],
        width: 560.0,
        height: 240.0,
    };
    let alt = plot.title.clone();
    RiffleCurve { heading, caption, alt, plot }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::svg::Target;

    #[test]
    fn the_curve_marks_the_run_and_speaks_both_languages() {
        let en = curve(Lang::En, 52, 7);
        assert!(en.caption.contains("total variation 0.334"), "{}", en.caption);
        assert_eq!(en.plot.series[0].points.len(), 12);
        assert_eq!(en.plot.x_markers[0].value, 7.0);
        let svg = en.plot.render().to_svg(&en.alt, Target::Inline);
        assert!(svg.contains("this run: 7") && svg.contains("separation"));
        let zh = curve(Lang::Zh, 52, 7);
        assert!(zh.caption.contains("总变差 0.334") && zh.heading.contains("洗几次"));
        assert_eq!(curve(Lang::En, 52, 20).plot.series[0].points.len(), 20, "a run past 12 riffles extends the curve");
    }
}
