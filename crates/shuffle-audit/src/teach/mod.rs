//! The teaching page (`shuffle-audit teach`): one self-contained HTML file, no external asset and no network,
//! that lets a student edit a shuffle loop, run it in a Web Worker, and read the position-by-card heatmap next to
//! the tool's own statistic, p-value and verdict. A pure renderer: [`page`] turns a computed
//! `Lesson` into the page's bytes.
//!
//! The page is plain JavaScript in three parts, kept as files beside this one and embedded verbatim:
//! `stats.js` (the statistics, step for step as [`crate::stats::distributions::special`] computes them), `worker.js` (the
//! worker's runtime, appended to the student's code) and `page.js` (the interface). The computed numbers travel
//! in one JSON block: the colour steps of [`crate::report::svg::heatmap`], the clamp ladder and noise floor of
//! [`crate::report::svg::position_heatmap`], the thresholds, and for each loop, deck and slider stop its exact matrix
//! (as n·p − 1 in units of 10⁻⁵, far below the noise of a million shuffles) with its detection curve. The 3-card
//! trees and the riffle curve are drawn here as SVG, so they show without script.

pub(crate) mod lesson;
mod loops;
mod tree;
mod words;

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::Serialize;

use crate::cards::{Card, Lang, card_name};
use crate::report::html;
use crate::report::i18n;
use crate::report::svg::heatmap::{LEVELS, level_colour};
use crate::report::svg::position_heatmap::{LADDER, NOISE_SIGMAS};
use crate::report::svg::riffle_curve;
use crate::report::svg::{Target, escape};
use crate::stats::exact::detect::default_family_size;
use crate::teach::lesson::{LESSON_DECKS, LESSON_LOOPS, Lesson, LessonCase, LoopParam, curve_shuffles};

pub use lesson::lesson;
pub use loops::source as loop_source;

const STATS_JS: &str = include_str!("stats.js");
const WORKER_JS: &str = include_str!("worker.js");
const PAGE_JS: &str = include_str!("page.js");
const TEACH_CSS: &str = include_str!("teach.css");

/// The deck the page opens with.
pub const DEFAULT_DECK: usize = 52;
/// The shuffle counts of the menu (10³ to 10⁶) and the one it opens with.
pub const SHUFFLE_CHOICES: [u64; 4] = [1_000, 10_000, 100_000, 1_000_000];
pub const DEFAULT_SHUFFLES: u64 = 100_000;
/// A shuffle that has not finished after this long is taken for a loop that never ends.
pub const STALL_SECONDS: f64 = 3.0;
/// A whole run is stopped after this long (and judged on what it counted).
pub const TIME_LIMIT_SECONDS: f64 = 180.0;
/// Units of the embedded exact deviations n·p − 1.
const DEVIATION_UNIT: f64 = 1e-5;

/// The page's name for a loop in the menu.
fn loop_label(lang: Lang, name: &str) -> &'static str {
    let zh = lang == Lang::Zh;
    match name {
        "naive-swap" => {
            if zh {
                "朴素交换"
            } else {
                "naive swap"
            }
        }
        "naive-swap-off-by-one" => {
            if zh {
                "朴素交换（少一个位置）"
            } else {
                "naive swap, off by one"
            }
        }
        "fisher-yates" => "Fisher–Yates",
        "wash" => {
            if zh {
                "洗牌（固定次数的交换）"
            } else {
                "wash (a fixed number of swaps)"
            }
        }
        "pair-swap" => {
            if zh {
                "随机次数的成对交换"
            } else {
                "pair swap (a random number of swaps)"
            }
        }
        "sort-random-comparator" => {
            if zh {
                "随机比较函数排序"
            } else {
                "sort with a random comparator"
            }
        }
        "riffle" => {
            if zh {
                "鸽尾式洗牌"
            } else {
                "riffle"
            }
        }
        "sattolo" => {
            if zh {
                "Sattolo 算法（少一个位置的 Fisher–Yates）"
            } else {
                "Sattolo (Fisher–Yates one place short)"
            }
        }
        _ => "",
    }
}

#[derive(Serialize)]
struct Scale {
    /// `#rrggbb` of the steps −LEVELS..=LEVELS.
    colours: Vec<String>,
    levels: i32,
    ladder: [f64; 9],
    noise_sigmas: f64,
}

#[derive(Serialize)]
struct Limits {
    stall_seconds: f64,
    time_limit_seconds: f64,
    min_shuffles: u64,
    max_shuffles: u64,
}

#[derive(Serialize)]
struct LoopData {
    name: &'static str,
    label: &'static str,
    code: &'static str,
    param: Option<LoopParam>,
}

#[derive(Serialize)]
struct ExactData {
    /// `round((n·p[card][pos] − 1) / 10⁻⁵)`, card-major; an impossible cell is exactly −10⁵ and a possible one
    /// never is.
    dev: Vec<i64>,
    lambda: f64,
    /// None: never (no bias).
    shuffles_50: Option<f64>,
    shuffles_99: Option<f64>,
    fail: Vec<f64>,
    not_pass: Vec<f64>,
}

#[derive(Serialize)]
struct PageData {
    lang: &'static str,
    thresholds: crate::audit::verdict::Thresholds,
    scale: Scale,
    limits: Limits,
    decks: Vec<usize>,
    default_deck: usize,
    shuffle_choices: Vec<u64>,
    default_shuffles: u64,
    deviation_unit: f64,
    loops: Vec<LoopData>,
    names: BTreeMap<usize, Vec<String>>,
    /// Keyed `name/param/n` (`wash/52/52`, `naive-swap//8`).
    exact: BTreeMap<String, ExactData>,
    curve_shuffles: Vec<f64>,
    /// By deck size: the comparator sort's scripted run, replayed in the browser.
    sort_probes: BTreeMap<usize, crate::teach::lesson::SortProbe>,
    words: BTreeMap<&'static str, &'static str>,
}

/// The key of an exact case in the page's data.
fn case_key(name: &str, param: Option<usize>, n: usize) -> String {
    format!("{name}/{}/{n}", param.map_or(String::new(), |p| p.to_string()))
}

/// Three significant digits: the curves are read by eye.
fn sig3(x: f64) -> f64 {
    format!("{x:.2e}").parse().unwrap_or(x)
}

fn exact_data(c: &LessonCase) -> ExactData {
    let n = c.n;
    let mut dev = Vec::with_capacity(n * n);
    for card in 0..n {
        for pos in 0..n {
            let p = c.exact.get(card, pos).to_f64();
            let d = c.exact.deviation(card, pos).to_f64() * n as f64;
            let mut units = (d / DEVIATION_UNIT).round() as i64;
            let impossible = -(1.0 / DEVIATION_UNIT) as i64;
            if p > 0.0 && units <= impossible {
                units = impossible + 1;
            }
            dev.push(units);
        }
    }
    let d = &c.detection;
    let finite = |x: f64| x.is_finite().then_some(sig3(x));
    ExactData {
        dev,
        lambda: sig3(d.lambda),
        shuffles_50: finite(d.shuffles_50),
        shuffles_99: finite(d.shuffles_99),
        fail: d.fail.iter().map(|&p| sig3(p)).collect(),
        not_pass: d.not_pass.iter().map(|&p| sig3(p)).collect(),
    }
}

fn page_data(lang: Lang, lesson: &Lesson) -> PageData {
    let w = words::words(lang);
    PageData {
        lang: if lang == Lang::Zh { "zh" } else { "en" },
        thresholds: lesson.thresholds,
        scale: Scale {
            colours: (-LEVELS..=LEVELS).map(level_colour).collect(),
            levels: LEVELS,
            ladder: LADDER,
            noise_sigmas: NOISE_SIGMAS,
        },
        limits: Limits {
            stall_seconds: STALL_SECONDS,
            time_limit_seconds: TIME_LIMIT_SECONDS,
            min_shuffles: SHUFFLE_CHOICES[0],
            max_shuffles: SHUFFLE_CHOICES[SHUFFLE_CHOICES.len() - 1],
        },
        decks: LESSON_DECKS.to_vec(),
        default_deck: DEFAULT_DECK,
        shuffle_choices: SHUFFLE_CHOICES.to_vec(),
        default_shuffles: DEFAULT_SHUFFLES,
        deviation_unit: DEVIATION_UNIT,
        loops: LESSON_LOOPS
            .iter()
            .map(|l| LoopData {
                name: l.kind.name(),
                label: loop_label(lang, l.kind.name()),
                code: loops::source(l.kind),
                param: l.param,
            })
            .collect(),
        names: LESSON_DECKS
            .iter()
            .map(|&n| (n, (0..n).map(|c| card_name(c as Card, n, lang.name_style())).collect()))
            .collect(),
        exact: lesson.cases.iter().map(|c| (case_key(c.kind.name(), c.param, c.n), exact_data(c))).collect(),
        curve_shuffles: curve_shuffles().into_iter().map(sig3).collect(),
        sort_probes: lesson.sort_probes.iter().cloned().collect(),
        words: w.ui.iter().copied().collect(),
    }
}

/// JSON safe inside a `<script>` element.
fn script_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("the page data serialises").replace("</", "<\\/")
}

/// The whole page.
pub fn page(lang: Lang, lesson: &Lesson) -> String {
    let w = words::words(lang);
    // The script's messages are a catalogue of the reports' kind: the page's own words come from it the same way.
    let messages = i18n::Catalogue { entries: w.ui, tests: &[] };
    let ui = |key: &'static str| i18n::template::render_in(lang, &messages, &i18n::Message::new(key));
    let mut b = String::with_capacity(1 << 20);
    let _ = write!(b, "<style>\n{TEACH_CSS}</style>\n<h1>{}</h1>\n", escape(w.title));
    for p in w.intro {
        let _ = writeln!(b, "<p>{}</p>", escape(p));
    }

    // The lab: controls and code on the left, the matrix and its statistics on the right.
    let _ = write!(
        b,
        "<section class=\"card\" id=\"lab\">\n<h2>{}</h2>\n<p class=\"muted\">{}</p>\n",
        escape(w.h_lab),
        escape(w.lab_intro)
    );
    b.push_str("<div class=\"lab\">\n<div class=\"controls\">\n");
    let _ = write!(b, "<label>{} <select id=\"algorithm\">", escape(w.label_loop));
    for l in LESSON_LOOPS {
        let _ = write!(
            b,
            "<option value=\"{0}\">{1} ({0})</option>",
            l.kind.name(),
            escape(loop_label(lang, l.kind.name()))
        );
    }
    b.push_str("</select></label>\n");
    b.push_str("<label id=\"param-box\" hidden><span id=\"param-name\"></span> <input type=\"range\" id=\"param\" min=\"0\" max=\"0\" step=\"1\" value=\"0\"> <output id=\"param-value\"></output></label>\n");
    let _ = write!(b, "<label>{} <select id=\"deck\">", escape(w.label_deck));
    for n in LESSON_DECKS {
        let sel = if n == DEFAULT_DECK { " selected" } else { "" };
        let _ = write!(b, "<option value=\"{n}\"{sel}>{n}</option>");
    }
    b.push_str("</select></label>\n");
    let _ = write!(
        b,
        "<label for=\"code\" class=\"block\">{}</label>\n<textarea id=\"code\" spellcheck=\"false\" autocapitalize=\"off\" autocomplete=\"off\" rows=\"18\"></textarea>\n<p id=\"edited\" class=\"muted\" hidden></p>\n",
        escape(w.label_code)
    );
    let _ = write!(b, "<div class=\"row\"><label>{} <select id=\"shuffles\">", escape(w.label_shuffles));
    for s in SHUFFLE_CHOICES {
        let sel = if s == DEFAULT_SHUFFLES { " selected" } else { "" };
        let _ = write!(b, "<option value=\"{s}\"{sel}>{}</option>", crate::report::i18n::group_digits(s));
    }
    let _ = write!(
        b,
        "</select></label>\n<label>{} <input id=\"seed\" type=\"text\" inputmode=\"numeric\" size=\"12\"></label></div>\n",
        escape(w.label_seed)
    );
    let _ = write!(
        b,
        "<div class=\"row\"><button id=\"run\" type=\"button\">{}</button> <button id=\"stop\" type=\"button\" disabled>{}</button> \
         <progress id=\"progress\" max=\"1\" value=\"0\"></progress> <span id=\"progress-text\" class=\"muted\"></span></div>\n\
         <p id=\"message\" role=\"status\"></p>\n</div>\n",
        escape(&ui("run")),
        escape(&ui("stop"))
    );
    // The matrix.
    let _ = write!(
        b,
        "<div class=\"matrix\">\n<div class=\"row\" role=\"radiogroup\" id=\"views\">{} ",
        escape(w.label_view)
    );
    for (value, key) in [("observed", "view_observed"), ("exact", "view_exact"), ("diff", "view_diff")] {
        let checked = if value == "observed" { " checked" } else { "" };
        let _ = write!(
            b,
            "<label class=\"inline\"><input type=\"radio\" name=\"view\" id=\"view-{value}\" value=\"{value}\"{checked}> {}</label> ",
            escape(&ui(key))
        );
    }
    b.push_str("</div>\n<canvas id=\"heatmap\" width=\"520\" height=\"520\"></canvas>\n<canvas id=\"legend\" width=\"520\" height=\"44\"></canvas>\n<p id=\"note\" class=\"muted\"></p>\n<p id=\"cell\" class=\"muted\">&nbsp;</p>\n");
    let _ = write!(
        b,
        "<h3>{}</h3>\n<div class=\"stats-row\"><table id=\"stats\"><tbody></tbody></table>\n<figure class=\"thumb\"><canvas \
         id=\"thumb\" width=\"208\" height=\"208\" hidden></canvas><figcaption id=\"thumb-caption\"></figcaption></figure></div>\n",
        escape(w.h_stats)
    );
    let _ = write!(
        b,
        "<p id=\"verdict\" class=\"verdict-line\"></p>\n<p id=\"against\" class=\"muted\"></p>\n<p class=\"muted\">{}</p>\n</div>\n</div>\n",
        escape(&w.stats_note.replace("{tests}", &default_family_size(52).to_string()))
    );
    let _ = write!(
        b,
        "<h3>{}</h3>\n<p class=\"muted\">{}</p>\n<svg id=\"detect-plot\" viewBox=\"0 0 600 240\" width=\"600\" height=\"240\" role=\"img\"></svg>\n<p id=\"detect-text\"></p>\n</section>\n",
        escape(w.h_detect),
        escape(w.detect_intro)
    );

    // The 3-card trees.
    let _ = write!(b, "<section class=\"card\" id=\"tree\">\n<h2>{}</h2>\n", escape(w.h_tree));
    let _ = writeln!(b, "<p>{}</p>", escape(w.tree_text[0]));
    let _ = writeln!(b, "<figure>{}</figure>", tree::tree_svg(&lesson.naive_tree, lang, "naive-swap"));
    let _ = writeln!(b, "<p>{}</p>", escape(w.tree_text[1]));
    let _ =
        writeln!(b, "<figure>{}</figure>\n</section>", tree::tree_svg(&lesson.fisher_yates_tree, lang, "fisher-yates"));

    // How many riffles.
    let curve = riffle_curve::curve(lang, 52, crate::shuffle::DEFAULT_RIFFLES);
    let mut plot = curve.plot;
    for m in &mut plot.x_markers {
        m.label = if lang == Lang::Zh {
            "菜单的默认值：7 次".to_string()
        } else {
            "the menu's default: 7".to_string()
        };
    }
    let _ = write!(
        b,
        "<section class=\"card\" id=\"riffles\">\n<h2>{}</h2>\n<p>{}</p>\n",
        escape(w.h_riffle),
        escape(w.riffle_text)
    );
    let _ = writeln!(
        b,
        "<figure>{}<figcaption>{}</figcaption></figure>",
        plot.render().to_svg(&curve.alt, Target::Inline),
        escape(&curve.caption)
    );
    let _ = write!(b, "<div class=\"scroll\"><table><thead><tr><th>{}</th>", escape(w.riffle_table[0]));
    for r in &lesson.riffles {
        let _ = write!(b, "<th class=\"num\">{}</th>", r.riffles);
    }
    let _ = write!(b, "</tr></thead><tbody><tr><td>{}</td>", escape(w.riffle_table[1]));
    for r in &lesson.riffles {
        let _ = write!(b, "<td class=\"num\">{:.3}</td>", r.total_variation);
    }
    let _ = write!(b, "</tr><tr><td>{}</td>", escape(w.riffle_table[2]));
    for r in &lesson.riffles {
        let _ = write!(b, "<td class=\"num\">{:.3}</td>", r.separation);
    }
    b.push_str("</tr></tbody></table></div>\n</section>\n");

    // What goes wrong, each mistake one click from its loop.
    let _ = write!(
        b,
        "<section class=\"card\" id=\"wrong\">\n<h2>{}</h2>\n<p>{}</p>\n<ul>\n",
        escape(w.h_wrong),
        escape(w.wrong_intro)
    );
    for (name, text) in w.wrong {
        if name.is_empty() {
            let _ = writeln!(b, "<li>{}</li>", escape(text));
        } else {
            let _ = writeln!(
                b,
                "<li>{} <button type=\"button\" class=\"link\" data-load=\"{name}\">{} {name}</button></li>",
                escape(text),
                escape(w.try_it)
            );
        }
    }
    b.push_str("</ul>\n</section>\n");

    let _ = write!(b, "<section class=\"card\" id=\"how\">\n<h2>{}</h2>\n", escape(w.h_how));
    for p in w.how {
        let _ = writeln!(b, "<p>{}</p>", escape(p));
    }
    b.push_str("</section>\n");
    let _ = write!(b, "<h2>{}</h2>\n<ul class=\"sources\">\n", escape(w.h_sources));
    for s in w.sources {
        let _ = writeln!(b, "<li>{}</li>", escape(s));
    }
    b.push_str("</ul>\n");

    // The data and the scripts. The worker's runtime is kept as text: the page appends it to the student's code.
    let _ = writeln!(
        b,
        "<script type=\"application/json\" id=\"teach-data\">{}</script>",
        script_json(&page_data(lang, lesson))
    );
    let _ = writeln!(b, "<script type=\"text/plain\" id=\"teach-worker\">{WORKER_JS}</script>");
    let _ = write!(b, "<script>\n{STATS_JS}\n{PAGE_JS}</script>\n");
    html::page_with_footer(lang, w.title, &b, w.footer)
}
