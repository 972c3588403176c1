//! `report.html`: one self-contained page per `run`, `compare` or `sweep`, readable offline.
//!
//! Everything is inline (SVG pictures and CSS): no script, no font, no image file, nothing fetched. Colours
//! come from CSS variables switched by `prefers-color-scheme`, and the pictures draw their text in
//! `currentColor`, so the page reads in light and dark mode. The page declares UTF-8 and a font list with
//! common Chinese fonts, for 黑桃A and 小王. Each shuffle gets a card: where it comes from and its loop, its
//! verdict, its heatmaps, what the statistics say, and how many shuffles it takes to see its bias
//! ([`crate::stats::power::detection`]). The renderers are pure: bytes in memory, written by `super::writer`.

use crate::report::i18n::LangWords;
use crate::stats::TestId;
use std::fmt::Write;

use super::RunReport;
use super::i18n::{self, Lang};
use super::svg::heatmap::{Layout, small_multiples};
use super::svg::{FONT_FAMILY, Picture, Target, escape};
use super::svg::{adjacency_heatmap, exact_heatmap, position_heatmap, riffle_curve};
use crate::audit::exact::ReportExact;
use crate::audit::verdict::Verdict;
use crate::stats::format_ln_p;
use crate::stats::power::detection::shuffles_to_detect;

/// A picture with its heading and caption, for a run's card.
#[derive(Clone, Debug)]
pub struct Figure {
    pub heading: String,
    pub caption: String,
    /// Accessible name of the picture.
    pub alt: String,
    pub picture: Picture,
}

/// One run on a page, with the verdict a comparison expects of it and any extra figures (adjacency, progress).
#[derive(Clone, Debug)]
pub struct RunSection<'a> {
    pub report: &'a RunReport,
    pub expected: Option<Verdict>,
    pub extra_figures: Vec<Figure>,
}

impl<'a> RunSection<'a> {
    pub fn new(report: &'a RunReport) -> Self {
        RunSection { report, expected: None, extra_figures: Vec::new() }
    }
}

/// Side of one small-multiple panel: 4-pixel cells for 52 and 54 cards alike.
const PANEL_SIDE: f64 = 216.0;

/// Which page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageKind {
    Run,
    Compare,
}

const CSS: &str = "\
:root{color-scheme:light dark;--bg:#ffffff;--fg:#1f2328;--muted:#59636e;--card:#f6f8fa;--border:#d1d9e0;\
--code:#eaeef2;--pass:#1a7f37;--suspicious:#9a6700;--fail:#cf222e;--broken:#8250df}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--card:#151b23;\
--border:#3d444d;--code:#212830;--pass:#238636;--suspicious:#9e6a03;--fail:#da3633;--broken:#8957e5}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1120px;padding:24px;background:var(--bg);color:var(--fg);font-size:15px;\
line-height:1.55}
h1{font-size:26px;margin:0 0 8px}h2{font-size:21px;margin:32px 0 8px;border-bottom:1px solid var(--border)}
h3{font-size:18px;margin:0 0 4px}h4{font-size:15px;margin:18px 0 4px}
p{margin:6px 0}.muted,figcaption{color:var(--muted);font-size:13px}
a{color:inherit}
table{border-collapse:collapse;font-size:13px;margin:8px 0}
th,td{border-bottom:1px solid var(--border);padding:4px 8px;text-align:left;vertical-align:top}
th{white-space:nowrap}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.scroll{overflow-x:auto}
table.summary td:first-child{min-width:9em}table.summary td:last-child{min-width:18em}
.card{background:var(--card);border:1px solid var(--border);border-radius:8px;padding:16px 20px;margin:20px 0}
.verdict{display:inline-block;font-weight:700;font-size:12px;padding:1px 8px;border-radius:4px;color:#ffffff;\
white-space:nowrap;vertical-align:middle}
.v-pass{background:var(--pass)}.v-suspicious{background:var(--suspicious)}.v-fail{background:var(--fail)}\
.v-broken{background:var(--broken)}
.miss{color:var(--fail);font-weight:700}
pre{background:var(--code);padding:8px 12px;border-radius:6px;overflow-x:auto;font-size:13px;margin:6px 0}
figure{margin:10px 0}figure svg{max-width:100%;height:auto;display:block}
dl{margin:0}dt{font-weight:700;float:left;width:3em}dd{margin:0 0 6px 3em}
footer{margin-top:32px;color:var(--muted);font-size:13px}
";

/// The page frame: head with charset, colour scheme and style, then `body`.
pub fn page(lang: Lang, title: &str, body: &str) -> String {
    page_with_footer(lang, title, body, lang.words().footer)
}

/// [`page`] with its own footer line.
pub fn page_with_footer(lang: Lang, title: &str, body: &str, footer: &str) -> String {
    let mut s = String::with_capacity(body.len() + 4096);
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n<title>{}</title>\n<style>\n{CSS}\
         body{{font-family:{FONT_FAMILY}}}\n</style>\n</head>\n<body>\n",
        lang.html_code(),
        escape(title)
    );
    s.push_str(body);
    let _ = write!(s, "<footer>{}</footer>\n</body>\n</html>\n", escape(footer));
    s
}

/// A verdict badge.
pub fn badge(lang: Lang, v: Verdict) -> String {
    format!(
        "<span class=\"verdict v-{}\">{}</span>",
        v.as_str().to_ascii_lowercase(),
        escape(&i18n::verdict_word(lang, v))
    )
}

/// The anchor of a run's card.
fn card_id(r: &RunReport) -> String {
    r.dir_name()
}

/// The command that reproduces a run.
pub fn command_line(r: &RunReport, lang: Lang) -> String {
    let mut s = r.config.reproduce_command();
    if lang != Lang::En {
        let _ = write!(s, " --lang {lang}");
    }
    s
}

fn summary_table(lang: Lang, runs: &[RunSection], s: &mut String) {
    let w = lang.words();
    let with_expected = runs.iter().any(|r| r.expected.is_some());
    s.push_str("<div class=\"scroll\"><table class=\"summary\">\n<thead><tr>");
    let mut heads = vec![w.col_algorithm, w.col_rng, w.col_deck, w.col_shuffles, w.col_verdict];
    if with_expected {
        heads.push(w.col_expected);
    }
    heads.extend([w.col_global_p, w.col_worst, w.col_why]);
    for h in heads {
        let _ = write!(s, "<th>{}</th>", escape(h));
    }
    s.push_str("</tr></thead>\n<tbody>\n");
    for run in runs {
        let r = run.report;
        let ok = r.fault.is_none();
        let _ = write!(
            s,
            "<tr><td><a href=\"#{}\">{}</a></td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td>",
            escape(&card_id(r)),
            escape(&r.algorithm_label()),
            escape(&r.rng_label()),
            r.config.deck,
            i18n::group_digits(r.shuffles_done),
            badge(lang, r.verdict)
        );
        if with_expected {
            match run.expected {
                Some(e) if e != r.verdict => {
                    let _ = write!(s, "<td>{} <span class=\"miss\">{}</span></td>", e, escape(w.not_reproduced));
                }
                Some(e) => {
                    let _ = write!(s, "<td>{e}</td>");
                }
                None => s.push_str("<td></td>"),
            }
        }
        let global = r.global_ln_p().filter(|_| ok).map_or("-".to_string(), format_ln_p);
        let worst = if ok { super::markdown::fmt_ratio(r.worst_ratio()) } else { "-".to_string() };
        let _ = writeln!(
            s,
            "<td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>",
            escape(&global),
            escape(&worst),
            escape(&i18n::headline(lang, r))
        );
    }
    s.push_str("</tbody></table></div>\n");
}

fn tests_table(lang: Lang, r: &RunReport, s: &mut String) {
    let w = lang.words();
    s.push_str("<div class=\"scroll\"><table class=\"tests\">\n<thead><tr>");
    for h in [w.col_test, w.col_statistic, w.col_df, w.col_sides, w.col_p, w.col_adjusted_p, w.col_verdict] {
        let _ = write!(s, "<th>{}</th>", escape(h));
    }
    s.push_str("</tr></thead>\n<tbody>\n");
    for t in &r.assessment.tests {
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}{}</td></tr>",
            escape(t.result.test.name()),
            crate::report::console::statistic_text(&t.result),
            t.result.df,
            escape(i18n::sides(lang, t)),
            escape(&format_ln_p(t.ln_p_test)),
            escape(&format_ln_p(t.ln_p_adjusted)),
            badge(lang, t.verdict),
            if t.too_uniform { format!(" {}", escape(lang.words().too_uniform)) } else { String::new() }
        );
    }
    s.push_str("</tbody></table></div>\n");
}

fn figure(s: &mut String, f: &Figure) {
    let _ = write!(
        s,
        "<h4>{}</h4>\n<figure>\n{}<figcaption>{}</figcaption>\n</figure>\n",
        escape(&f.heading),
        f.picture.to_svg(&f.alt, Target::Inline),
        escape(&f.caption)
    );
}

/// The card of one run.
fn run_card(lang: Lang, run: &RunSection, s: &mut String) {
    let w = lang.words();
    let r = run.report;
    let _ = writeln!(
        s,
        "<article class=\"card\" id=\"{}\">\n<h3>{} {}</h3>\n<p class=\"muted\">{}</p>\n<pre><code>{}</code></pre>",
        escape(&card_id(r)),
        escape(&r.algorithm_label()),
        badge(lang, r.verdict),
        escape(&i18n::run_meta(lang, r)),
        escape(&command_line(r, lang))
    );
    let _ = write!(
        s,
        "<h4>{}</h4>\n<p><strong>{}</strong> {}</p>\n",
        escape(w.h_verdict),
        escape(i18n::verdict_meaning(lang, r.verdict)),
        escape(&i18n::reason(lang, r))
    );
    if let Some(rules_out) = i18n::rules_out(lang, r) {
        let _ = writeln!(s, "<p class=\"muted\">{}</p>", escape(&rules_out));
    }
    if let Some(like) = i18n::looks_like(lang, r) {
        let _ = writeln!(s, "<p class=\"looks-like\">{}</p>", escape(&like));
    }
    if let Some(e) = run.expected.filter(|e| *e != r.verdict) {
        let _ = writeln!(s, "<p class=\"miss\">{}: {} {}</p>", escape(w.not_reproduced), escape(w.col_expected), e);
    }
    match r.config.builtin() {
        Some(b) => {
            let info = b.algorithm.kind.info();
            let _ = write!(
                s,
                "<h4>{}</h4>\n<p><a href=\"#sources\">{}</a>: {}</p>\n<pre><code>{}</code></pre>\n",
                escape(w.h_where_from),
                escape(info.source),
                escape(i18n::algorithm_summary(lang, info.kind)),
                escape(b.algorithm.pseudocode())
            );
        }
        None => {
            let _ = write!(
                s,
                "<h4>{}</h4>\n<p>{}</p>\n",
                escape(w.h_where_from),
                escape(&i18n::external_origin(lang, &r.algorithm_label()))
            );
        }
    }
    if let Some(map) = position_heatmap::heatmap(r, lang, None) {
        let layout = Layout::full(r.counts.n(), r.counts.n());
        let clamp = map.clamp;
        figure(
            s,
            &Figure {
                heading: w.h_heatmap.to_string(),
                caption: w.heatmap_caption.to_string(),
                alt: format!("{} — {}", w.heatmap_title, r.algorithm_label()),
                picture: map.render(layout),
            },
        );
        // Beside it, the same matrix computed exactly, on the same scale, when the source has an exact model
        // that is cheap to compute; an expensive one is named with the command that computes it.
        let exact = if r.fault.is_none() { Some(crate::audit::exact::report_model(&r.config)) } else { None };
        match exact {
            Some(ReportExact::Matrix(exact)) => {
                let draws = match r.config.source.builtin() {
                    Some(b) if b.rng.is_runtime() => "ideal draws".to_string(),
                    b => format!("{}-bit r() % m", b.map_or(32, |b| b.rng.bits())),
                };
                let map = exact_heatmap::heatmap(&exact, &r.algorithm_label(), &draws, Some(clamp), lang);
                let [title, _, _, caption] = i18n::exact_heatmap_words(lang, &draws);
                figure(
                    s,
                    &Figure {
                        heading: title.clone(),
                        caption,
                        alt: format!("{title} — {}", r.algorithm_label()),
                        picture: map.render(layout),
                    },
                );
            }
            Some(ReportExact::Skipped(skipped)) => {
                let note = i18n::exact_skipped_note(lang, &r.algorithm_label(), r.counts.n(), &skipped);
                let _ = writeln!(s, "<p class=\"muted\">{}</p>", escape(&note));
            }
            Some(ReportExact::Unavailable(_)) | None => {}
        }
    }
    if let Some(map) = adjacency_heatmap::heatmap(r, lang) {
        let n = r.counts.n();
        figure(
            s,
            &Figure {
                heading: w.adjacency_title.to_string(),
                caption: w.adjacency_caption.to_string(),
                alt: format!("{} — {}", w.adjacency_title, r.algorithm_label()),
                picture: map.render(Layout::full(n, n)),
            },
        );
    }
    if let Some(b) = r.config.builtin().filter(|b| b.algorithm.kind == crate::shuffle::AlgorithmKind::Riffle) {
        let n = r.counts.n();
        let c = riffle_curve::curve(lang, n, b.algorithm.repetitions(n));
        figure(s, &Figure { heading: c.heading, caption: c.caption, alt: c.alt, picture: c.plot.render() });
    }
    for f in &run.extra_figures {
        figure(s, f);
    }
    let _ = writeln!(s, "<h4>{}</h4>", escape(w.h_statistics));
    match &r.fault {
        Some(f) => {
            let _ = writeln!(s, "<p>{}</p>", escape(&f.description));
        }
        None => {
            let paragraph: Vec<String> =
                r.assessment.tests.iter().map(|t| i18n::explanation_in(lang, r.cards, &t.result)).collect();
            let _ = writeln!(s, "<p>{}</p>", escape(&paragraph.join(" ")));
            tests_table(lang, r, s);
        }
    }
    let _ = writeln!(s, "<h4>{}</h4>", escape(w.h_detect));
    let detect = match (&r.fault, r.assessment.tests.iter().find(|t| t.result.test == TestId::PositionCard)) {
        (Some(f), _) => i18n::detection_broken(lang, f.first_shuffle),
        (None, Some(t)) => i18n::detection(
            lang,
            shuffles_to_detect(
                t.result.statistic,
                t.result.df,
                r.shuffles_done,
                r.assessment.tests.len(),
                r.thresholds.fail,
            ),
            r.shuffles_done,
        ),
        (None, None) => "-".to_string(),
    };
    let _ = writeln!(s, "<p>{}</p>\n</article>", escape(&detect));
}

/// Why passing the statistics does not make a deal unpredictable, in plain words.
fn predictability_section(lang: Lang, s: &mut String) {
    let w = lang.words();
    let _ = writeln!(s, "<section id=\"predictability\">\n<h2>{}</h2>", escape(w.h_predictability));
    for p in w.predictability {
        let _ = writeln!(s, "<p>{}</p>", escape(p));
    }
    s.push_str("</section>\n");
}

fn sources_section(lang: Lang, s: &mut String) {
    let _ = writeln!(s, "<section id=\"sources\">\n<h2>{}</h2>\n<dl>", escape(lang.words().h_sources));
    for (key, text) in i18n::sources(lang) {
        let _ = writeln!(s, "<dt>{key}</dt><dd>{}</dd>", escape(text));
    }
    s.push_str("</dl>\n</section>\n");
}

/// The page of a `run` (one section) or a `compare` (many, with small multiples on one scale).
pub fn render(kind: PageKind, runs: &[RunSection], lang: Lang) -> Vec<u8> {
    let w = lang.words();
    let (title, intro) = match kind {
        PageKind::Run => (w.run_title, w.run_intro),
        PageKind::Compare => (w.compare_title, w.compare_intro),
    };
    let mut s = String::new();
    let _ = writeln!(s, "<header>\n<h1>{}</h1>\n<p>{}</p>\n</header>\n<main>", escape(title), escape(intro));
    let _ = writeln!(s, "<section id=\"summary\">\n<h2>{}</h2>", escape(w.h_summary));
    summary_table(lang, runs, &mut s);
    let _ = writeln!(
        s,
        "<p class=\"muted\">{}</p>\n<p class=\"muted\">{}</p>\n</section>",
        escape(w.how_to_read),
        escape(w.detect_method)
    );
    if kind == PageKind::Compare {
        let panels: Vec<_> = runs.iter().filter_map(|r| position_heatmap::panel(r.report, lang)).collect();
        if !panels.is_empty() {
            let _ = writeln!(s, "<section id=\"same-scale\">\n<h2>{}</h2>\n<figure>", escape(w.h_same_scale));
            s.push_str(&small_multiples(&panels, 4, PANEL_SIDE).to_svg(w.h_same_scale, Target::Inline));
            let _ = writeln!(s, "<figcaption>{}</figcaption>\n</figure>\n</section>", escape(w.same_scale_caption));
        }
    }
    let _ = writeln!(s, "<section id=\"algorithms\">\n<h2>{}</h2>", escape(w.h_algorithms));
    for run in runs {
        run_card(lang, run, &mut s);
    }
    s.push_str("</section>\n");
    predictability_section(lang, &mut s);
    sources_section(lang, &mut s);
    s.push_str("</main>\n");
    page(lang, title, &s).into_bytes()
}

/// `heatmaps.svg` of a comparison: the small multiples as a standalone file.
pub fn compare_heatmaps_svg(runs: &[&RunReport], lang: Lang) -> Option<Vec<u8>> {
    let panels: Vec<_> = runs.iter().filter_map(|r| position_heatmap::panel(r, lang)).collect();
    (!panels.is_empty())
        .then(|| small_multiples(&panels, 4, PANEL_SIDE).to_svg(lang.words().h_same_scale, Target::File).into_bytes())
}

/// `position-card.svg` of a run: its own heatmap as a standalone file.
/// The adjacency heatmap of a run as a standalone SVG file, when the run kept adjacency counts.
pub fn adjacency_svg(r: &RunReport, lang: Lang) -> Option<Vec<u8>> {
    let map = adjacency_heatmap::heatmap(r, lang)?;
    let title = format!("{} — {}", lang.words().adjacency_title, r.algorithm_label());
    Some(map.render(Layout::full(r.counts.n(), r.counts.n())).to_svg(&title, Target::File).into_bytes())
}

pub fn position_card_svg(r: &RunReport, lang: Lang) -> Option<Vec<u8>> {
    let map = position_heatmap::heatmap(r, lang, None)?;
    let title = format!("{} — {}", lang.words().heatmap_title, r.algorithm_label());
    Some(map.render(Layout::full(r.counts.n(), r.counts.n())).to_svg(&title, Target::File).into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::fault::FaultReport;
    use crate::audit::runner::{RunConfig, RunOutcome};
    use crate::audit::verdict::Thresholds;
    use crate::report::svg::heatmap::level_colour;
    use crate::rng::RngKind;
    use crate::shuffle::{Algorithm, AlgorithmKind};
    use crate::stats::Battery;

    /// A hand-made run of 4 cards: each deck counted as often as its weight. Only the position tests, so that
    /// the snapshots below depend on the renderer and not on the rest of the battery.
    fn report(kind: AlgorithmKind, decks: &[([u16; 4], usize)], fault: Option<FaultReport>) -> RunReport {
        let tests = crate::stats::TestSelection::parse("position").unwrap();
        let mut battery = Battery::with_tests(4, tests);
        for (d, weight) in decks {
            for _ in 0..*weight {
                battery.add(d);
            }
        }
        let shuffles = decks.iter().map(|d| d.1 as u64).sum::<u64>().max(1);
        let config = RunConfig { tests, ..RunConfig::new(Algorithm::new(kind), RngKind::Pcg32, 4, shuffles, 7) };
        let tally = crate::audit::tally::Tally { battery, game: None };
        let outcome = RunOutcome { tally, elapsed: std::time::Duration::from_millis(5), fault, threads: 1 };
        RunReport::new(config, outcome, Thresholds::default())
    }

    fn identity() -> RunReport {
        report(AlgorithmKind::Identity, &[([0, 1, 2, 3], 200)], None)
    }

    /// Four decks that cover every cell once, counted 110, 90, 100 and 100 times: cells at ±10% around E = 100,
    /// X²·(n−1)/n = 6 on 9 df (p ≈ 0.74, lower tail ≈ 0.26), an ordinary fair-looking sample.
    fn fair() -> RunReport {
        let decks = [([0, 1, 2, 3], 110), ([1, 0, 3, 2], 90), ([2, 3, 0, 1], 100), ([3, 2, 1, 0], 100)];
        report(AlgorithmKind::FisherYates, &decks, None)
    }

    fn broken() -> RunReport {
        let fault = FaultReport {
            kind: crate::audit::fault::FaultKind::NotAPermutation,
            first_shuffle: 1,
            decks_checked: 10,
            invalid_decks: 9,
            description: "9 of 10 decks were not permutations".into(),
            headline: "not a permutation: 90.0% of decks repeat cards".into(),
        };
        report(AlgorithmKind::DirectDraw, &[], Some(fault))
    }

    #[test]
    fn a_run_page_is_self_contained_and_complete() {
        let r = identity();
        let page = String::from_utf8(render(PageKind::Run, &[RunSection::new(&r)], Lang::En)).unwrap();
        assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"));
        assert!(page.contains("prefers-color-scheme:dark"));
        assert!(page.ends_with("</footer>\n</body>\n</html>\n"));
        // Nothing to fetch and nothing to run.
        for forbidden in ["<script", "<img", "<link", "src=", "url(", "https://", "@import"] {
            assert!(!page.contains(forbidden), "{forbidden}");
        }
        assert_eq!(page.matches("http://").count(), page.matches("xmlns=\"http://www.w3.org/2000/svg\"").count());
        // Summary table, the card with source, pseudocode, verdict, heatmap, statistics and detection.
        assert_eq!(page.matches("<table class=\"summary\">").count(), 1);
        assert_eq!(page.matches("<article class=\"card\" id=\"run-identity-pcg32-4\">").count(), 1);
        assert_eq!(page.matches("<svg ").count(), 2, "the heatmap and its exact counterpart, no small multiples");
        assert!(page.contains("exact probability / uniform"));
        for needle in [
            "<a href=\"#run-identity-pcg32-4\">identity</a>",
            "<span class=\"verdict v-fail\">FAIL</span>",
            "Where it comes from",
            "<a href=\"#sources\">control</a>",
            "<pre><code>(nothing)</code></pre>",
            "shuffle-audit run --algorithm identity --rng pcg32 --deck 4 --shuffles 200 --seed 7",
            "Where each card lands",
            "What the statistics say",
            "♠A stays",
            "How many shuffles it takes to see the bias",
            "A handful of shuffles",
            "≥×8",
            "<dt>S1</dt>",
        ] {
            assert!(page.contains(needle), "missing {needle}");
        }
        // The identity on its clamp ×8, 24-pixel cells: zeros at the blue end, the diagonal (×4) at level 11 of 16.
        assert!(page.contains("<path fill=\"#053061\" d=\"M"), "blue cells");
        let red = format!("<path fill=\"{}\" d=\"M0 0h24v24h-24zM24 24h24v24h-24z", level_colour(11));
        assert!(page.contains(&red), "red diagonal");
        // Same input, same bytes.
        assert_eq!(page.as_bytes(), render(PageKind::Run, &[RunSection::new(&r)], Lang::En));
    }

    #[test]
    fn a_fair_run_is_not_detectable_and_looks_pale() {
        let r = fair();
        assert_eq!(r.verdict, Verdict::Pass);
        let page = String::from_utf8(render(PageKind::Run, &[RunSection::new(&r)], Lang::En)).unwrap();
        assert!(page.contains("Not detectable"), "an excess within noise is not extrapolated");
        // Noise of ±10% at 400 shuffles: the clamp is ×2 (8 s.d. of √(3/400) ≈ 8.7% is ×1.69), so ×1.1 is
        // level round(16 · ln 1.1 / ln 2) = 2 and ×0.9 is level −2: pale colours only.
        assert!(page.contains("≥×2"));
        for lv in [-2, 0, 2] {
            assert!(page.contains(&format!("<path fill=\"{}\" d=\"M", level_colour(lv))), "level {lv}");
        }
        assert!(!page.contains(&format!("<path fill=\"{}\"", level_colour(3))));
    }

    #[test]
    fn a_comparison_has_small_multiples_expected_verdicts_and_broken_cards() {
        let (a, b, c) = (identity(), fair(), broken());
        let sections = vec![
            RunSection { expected: Some(Verdict::Fail), ..RunSection::new(&a) },
            RunSection { expected: Some(Verdict::Fail), ..RunSection::new(&b) },
            RunSection { expected: Some(Verdict::Broken), ..RunSection::new(&c) },
        ];
        let page = String::from_utf8(render(PageKind::Compare, &sections, Lang::En)).unwrap();
        assert_eq!(page.matches("<article class=\"card\"").count(), 3);
        // Two heatmaps with their exact counterparts and one small-multiples figure (the broken run has no counts).
        assert_eq!(page.matches("<svg ").count(), 5);
        assert!(page.contains("id=\"same-scale\""));
        assert!(page.contains("≥×2"), "small multiples use the common clamp");
        // The fair run was expected to FAIL: flagged in the table and in its card.
        assert_eq!(page.matches("<span class=\"miss\">NOT REPRODUCED</span>").count(), 1);
        assert!(page.contains("<p class=\"miss\">NOT REPRODUCED: expected FAIL</p>"));
        assert!(page.contains("One: shuffle number 1 already shows it"));
        assert!(page.contains("9 of 10 decks were not permutations"));
        let svg = String::from_utf8(compare_heatmaps_svg(&[&a, &b, &c], Lang::En).unwrap()).unwrap();
        assert!(svg.starts_with("<?xml"));
        assert_eq!(svg.matches("<path fill=\"#f7f7f7\"").count(), 1, "the fair panel, in one neutral path");
        assert!(position_card_svg(&c, Lang::En).is_none());
    }

    #[test]
    fn the_chinese_page_names_cards_in_chinese() {
        let r = identity();
        let page = String::from_utf8(render(PageKind::Run, &[RunSection::new(&r)], Lang::Zh)).unwrap();
        assert!(page.contains("<html lang=\"zh-CN\">"));
        for needle in ["概览", "出处", "黑桃A", "FAIL（失败）", "统计检验说明", "--lang zh", "WenQuanYi Micro Hei"]
        {
            assert!(page.contains(needle), "missing {needle}");
        }
        assert!(!page.contains("♠A"), "card names follow the language");
        assert!(page.contains("<td>position-card：黑桃A 在位置 0：4.00×；黑桃2 在位置 0：0.00×</td>"));
    }

    #[test]
    fn extra_figures_join_the_card() {
        let r = identity();
        let extra = Figure {
            heading: "Card b right after card a".into(),
            caption: "adjacency".into(),
            alt: "adjacency".into(),
            picture: Picture { width: 10.0, height: 10.0, body: "<circle r=\"3\"/>\n".into() },
        };
        let section = RunSection { extra_figures: vec![extra], ..RunSection::new(&r) };
        let page = String::from_utf8(render(PageKind::Run, &[section], Lang::En)).unwrap();
        assert_eq!(page.matches("<svg ").count(), 3);
        assert!(page.contains("<h4>Card b right after card a</h4>"));
    }
}
