//! `lab.html`: the pure renderer of the lab page, from a finished run, the chosen level and the fingerprints.
//! One self-contained file (inline CSS, no script, no external resource) that prints on A4: `@page` margins,
//! page breaks between its parts, table rows that never split, table heads repeated on every page.

use crate::audit::source::Seeding;
use crate::audit::{DeckSource, ExternalSource, RunReport};
use crate::cards::Lang;
use crate::report::escape::markup;
use crate::report::i18n::template::render_in;
use crate::report::i18n::{Message, group_digits};
use crate::report::verdict_word;
use crate::stats::{Finding, TestId, format_ln_p};

use super::fingerprint::{Fingerprints, InputPrint};
use super::names::regulator_name;
use super::predict::Predictability;
use super::{Level, words};

/// The tool's name and version, as the page prints them.
const TOOL: &str = "shuffle-audit";
const VERSION: &str = env!("CARGO_PKG_VERSION");

const CSS: &str = "\
@page { size: A4; margin: 16mm 14mm; }
* { box-sizing: border-box; }
body { font-family: 'Helvetica Neue', Arial, 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', sans-serif; color: #111;
  background: #fff; font-size: 10.5pt; line-height: 1.4; max-width: 190mm; margin: 0 auto; padding: 8mm 0; }
h1 { font-size: 19pt; margin: 0 0 4pt; }
h2 { font-size: 13.5pt; border-bottom: 1.5pt solid #333; padding-bottom: 2pt; margin: 14pt 0 6pt; }
.notice { border: 1.5pt solid #8a5a00; background: #fff6e0; padding: 6pt 8pt; font-weight: 600; }
section.page { break-before: page; page-break-before: always; }
table { border-collapse: collapse; width: 100%; margin: 4pt 0 8pt; font-size: 9pt; }
thead { display: table-header-group; }
tr, td, th { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 0.75pt solid #999; padding: 2.5pt 4pt; text-align: left; vertical-align: top; }
th { background: #e8e8e8; }
table.facts th { width: 30%; }
table.tests { font-size: 8pt; }
table.tests td:first-child { width: 30%; }
td code, th code { white-space: nowrap; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.sha { font-family: 'DejaVu Sans Mono', monospace; font-size: 7.5pt; word-break: break-all; }
.chosen { background: #dde8ff; font-weight: 700; }
th.chosen { background: #b9cdf7; }
.fail { color: #a00000; font-weight: 700; }
.verdict { font-size: 12pt; font-weight: 700; }
.summary { font-size: 11pt; font-weight: 700; }
footer { margin-top: 14pt; font-size: 8.5pt; color: #444; border-top: 0.75pt solid #999; padding-top: 4pt; }
";

/// The page's words: templates of [`words`] filled with the given values, escaped for HTML.
struct Words {
    lang: Lang,
}

impl Words {
    fn say(&self, key: &'static str, args: &[(&'static str, String)]) -> String {
        let m = args.iter().fold(Message::new(key), |m, (name, value)| m.text(name, value));
        markup(&render_in(self.lang, words::catalogue(self.lang), &m))
    }

    fn word(&self, key: &'static str) -> String {
        self.say(key, &[])
    }
}

/// A number of bits as the page prints it: `32`, `225.6`.
fn bits(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 { format!("{x:.0}") } else { format!("{x:.1}") }
}

/// A count too large for digits, as a power of two or ten: `2^35.2`; small ones in digits.
fn approx(x: f64) -> String {
    if x < 1e6 { group_digits(x.round() as u64) } else { format!("2^{:.1}", x.log2()) }
}

/// The lab page of `report` at `level`, with the fingerprints of the files beside it, in `lang`.
pub fn render(report: &RunReport, level: Level, prints: &Fingerprints, lang: Lang) -> Vec<u8> {
    let w = Words { lang };
    let mut out = String::with_capacity(32 * 1024);
    let html_lang = match lang {
        Lang::En => "en",
        Lang::Zh => "zh-CN",
    };
    out.push_str(&format!(
        "<!DOCTYPE html>\n<html lang=\"{html_lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n\
         <style>\n{CSS}</style>\n</head>\n<body>\n<header>\n<h1>{}</h1>\n<p class=\"notice\" id=\"not-a-certification\">{}</p>\n</header>\n",
        w.word("title"),
        w.word("title"),
        w.word("not_cert")
    ));
    // The decision goes on the first page, beside what was tested; the tests' table starts the second.
    tested(&mut out, &w, report, level);
    decision(&mut out, &w, report, level);
    tests(&mut out, &w, report, level);
    predictability(&mut out, &w, report);
    fingerprints(&mut out, &w, prints);
    out.push_str(&format!(
        "<footer>{}</footer>\n</body>\n</html>\n",
        w.say("footer", &[("tool", TOOL.into()), ("version", VERSION.into())])
    ));
    out.into_bytes()
}

fn row(out: &mut String, head: &str, value: &str) {
    out.push_str(&format!("<tr><th scope=\"row\">{head}</th><td>{value}</td></tr>\n"));
}

/// 2. What was tested: the source, the deck, the decks and samples, the tool and the level.
fn tested(out: &mut String, w: &Words, report: &RunReport, level: Level) {
    let config = &report.config;
    out.push_str(&format!("<section id=\"tested\">\n<h2>{}</h2>\n<table class=\"facts\">\n", w.word("h_tested")));
    match &config.source {
        DeckSource::Builtin(b) => {
            row(out, &w.word("row.shuffle"), &markup(&report.algorithm_label()));
            row(out, &w.word("row.generator"), &markup(&b.rng.to_string()));
            row(out, &w.word("row.seed"), &b.seed.to_string());
            let seeding = match b.seeding {
                Seeding::Once => w.say("seeding.once", &[("chunk", group_digits(crate::audit::CHUNK_SHUFFLES))]),
                Seeding::PerDeal { .. } => {
                    let space = b.seeding.space(b.rng).unwrap_or_default();
                    let space = if space.is_power_of_two() {
                        format!("2^{}", space.trailing_zeros())
                    } else {
                        group_digits(space as u64)
                    };
                    w.say("seeding.per_deal", &[("space", space)])
                }
            };
            row(out, &w.word("row.seeding"), &seeding);
        }
        DeckSource::External(ExternalSource::Decks(p)) if p.as_os_str() == "-" => {
            row(out, &w.word("row.source"), &w.word("source.stdin"));
        }
        DeckSource::External(ExternalSource::Decks(p)) => {
            row(out, &w.word("row.source"), &w.say("source.decks", &[("file", p.display().to_string())]));
        }
        DeckSource::External(ExternalSource::Exec(c)) => {
            row(out, &w.word("row.source"), &w.say("source.exec", &[("command", c.clone())]));
        }
        DeckSource::Function(f) => {
            row(out, &w.word("row.source"), &w.say("source.function", &[("name", f.name.clone())]));
        }
    }
    let n = config.deck;
    let deck = if config.copies > 1 {
        let args =
            [("n", n.to_string()), ("copies", config.copies.to_string()), ("base", (n / config.copies).to_string())];
        w.say("deck.shoe", &args)
    } else {
        w.say("deck.one", &[("n", n.to_string())])
    };
    row(out, &w.word("row.deck"), &deck);
    if let Some(deal) = &config.deal {
        row(out, &w.word("row.deal"), &markup(&deal.label()));
    }
    row(out, &w.word("row.decks_tested"), &group_digits(report.shuffles_done));
    let samples = match &report.samples {
        Some(s) => {
            w.say("samples.many", &[("count", group_digits(s.samples.len() as u64)), ("size", group_digits(s.size))])
        }
        None => w.say("samples.one", &[("n", group_digits(report.shuffles_done))]),
    };
    row(out, &w.word("row.samples"), &samples);
    row(out, &w.word("row.tool"), &format!("{TOOL} {VERSION}"));
    row(
        out,
        &w.word("row.level"),
        &w.word(match level {
            Level::P95 => "level.95",
            Level::P99 => "level.99",
        }),
    );
    out.push_str("</table>\n</section>\n");
}

/// A test's own p passes `alpha` as the rules read it: p ≥ α.
fn passes(ln_p: f64, alpha: f64) -> bool {
    ln_p >= alpha.ln()
}

fn pass_cell(w: &Words, pass: bool, chosen: bool) -> String {
    let class = match (pass, chosen) {
        (true, true) => " class=\"chosen\"",
        (true, false) => "",
        (false, true) => " class=\"chosen fail\"",
        (false, false) => " class=\"fail\"",
    };
    format!("<td{class}>{}</td>", w.word(if pass { "pass" } else { "fail" }))
}

/// 3. Every test: its names, statistic, df, own p, pass or fail at both levels, and the samples.
fn tests(out: &mut String, w: &Words, report: &RunReport, level: Level) {
    let samples = report.samples.as_ref().filter(|s| !s.samples.is_empty());
    let second = report.assessment.get(TestId::SecondLevel).and_then(|t| match &t.result.finding {
        Finding::SecondLevel(f) => Some(f),
        _ => None,
    });
    out.push_str(&format!(
        "<section id=\"tests\" class=\"page\">\n<h2>{}</h2>\n<p>{}</p>\n",
        w.word("h_tests"),
        w.word("tests.intro")
    ));
    if let Some(s) = samples {
        out.push_str(&format!("<p>{}</p>\n", w.say("tests.samples", &[("count", s.samples.len().to_string())])));
    }
    let chosen = |l: Level| if l == level { " class=\"chosen\"" } else { "" };
    out.push_str(&format!(
        "<table class=\"tests\">\n<thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th>\
         <th{}>{}</th><th{}>{}</th>",
        w.word("col.name"),
        w.word("col.id"),
        w.word("col.statistic"),
        w.word("col.df"),
        w.word("col.p"),
        chosen(Level::P95),
        w.word("col.at95"),
        chosen(Level::P99),
        w.word("col.at99")
    ));
    if samples.is_some() {
        out.push_str(&format!(
            "<th{}>{}</th><th{}>{}</th><th>{}</th><th>{}</th>",
            chosen(Level::P95),
            w.word("col.samples95"),
            chosen(Level::P99),
            w.word("col.samples99"),
            w.word("col.ks"),
            w.word("col.ad")
        ));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for t in &report.assessment.tests {
        let r = &t.result;
        let df = if r.df > 0.0 { format!("{}", r.df) } else { "—".to_string() };
        out.push_str(&format!(
            "<tr id=\"test-{id}\"><td>{}</td><td><code>{id}</code></td><td class=\"num\">{:.3}</td>\
             <td class=\"num\">{df}</td><td class=\"num\">{}</td>{}{}",
            markup(regulator_name(r.test, w.lang)),
            r.statistic,
            format_ln_p(t.ln_p_test),
            pass_cell(w, passes(t.ln_p_test, 0.05), level == Level::P95),
            pass_cell(w, passes(t.ln_p_test, 0.01), level == Level::P99),
            id = r.test,
        ));
        if let Some(s) = samples {
            for l in [Level::P95, Level::P99] {
                let (pass, of) = s.passing(r.test, l.alpha());
                let cell = if of == 0 { "—".to_string() } else { format!("{pass}/{of}") };
                out.push_str(&format!("<td class=\"num{}\">{cell}</td>", if l == level { " chosen" } else { "" }));
            }
            let groups: Vec<_> =
                second.map(|f| f.groups.iter().filter(|g| g.test == r.test).collect()).unwrap_or_default();
            let cell = |ln_p: fn(&crate::stats::finding::SecondLevelGroup) -> f64| {
                if groups.is_empty() {
                    return "—".to_string();
                }
                let label = groups.len() > 1;
                groups
                    .iter()
                    .map(|g| {
                        let value = format_ln_p(ln_p(g));
                        // The tails are named in the page's language; other forms are names (Sidak, mid-p, a guesser).
                        let form = match g.form {
                            "upper" => w.word("form.upper"),
                            "lower" => w.word("form.lower"),
                            other => markup(other),
                        };
                        if label { format!("{form}: {value}") } else { value }
                    })
                    .collect::<Vec<_>>()
                    .join("<br>")
            };
            out.push_str(&format!(
                "<td class=\"num\">{}</td><td class=\"num\">{}</td>",
                cell(|g| g.ks_ln_p),
                cell(|g| g.ad_ln_p)
            ));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
}

/// 4. The chosen level's summary, the other level's, and the harness's family verdict, which decides.
fn decision(out: &mut String, w: &Words, report: &RunReport, level: Level) {
    let tests = &report.assessment.tests;
    let total = tests.len();
    let count = |l: Level| tests.iter().filter(|t| passes(t.ln_p_test, l.alpha())).count();
    let args = |l: Level| {
        [
            ("level", l.percent().to_string()),
            ("pass", count(l).to_string()),
            ("total", total.to_string()),
            ("alpha", format!("{}", l.alpha())),
        ]
    };
    let other = if level == Level::P99 { Level::P95 } else { Level::P99 };
    let m = report.assessment.family_size();
    let share = 100.0 * (1.0 - 0.99f64.powi(m as i32));
    out.push_str(&format!(
        "<section id=\"decision\">\n<h2>{}</h2>\n<p class=\"summary\" id=\"chosen-level\">{}</p>\n<p>{}</p>\n\
         <p class=\"verdict\" id=\"family-verdict\">{}</p>\n<p>{}</p>\n</section>\n",
        w.word("h_level"),
        w.say("level.summary", &args(level)),
        w.say("level.other", &args(other)),
        w.say(
            "family.verdict",
            &[
                ("verdict", verdict_word(w.lang, report.verdict)),
                ("m", m.to_string()),
                ("p", format_ln_p(report.assessment.ln_p_family)),
            ]
        ),
        w.say("family.why", &[("m", m.to_string()), ("share", format!("{share:.0}"))]),
    ));
}

/// 5. The seed space against the deck's orders, and the repeated decks.
fn predictability(out: &mut String, w: &Words, report: &RunReport) {
    let p = Predictability::of(report);
    out.push_str(&format!(
        "<section id=\"predictability\" class=\"page\">\n<h2>{}</h2>\n<table class=\"facts\">\n",
        w.word("h_predict")
    ));
    let space = match &p.seed {
        Some(s) if (s.bits - s.stream_bits).abs() > 1e-9 => w.say(
            "space.streams",
            &[("bits", bits(s.bits)), ("how", s.how.to_string()), ("streams", bits(s.stream_bits))],
        ),
        Some(s) => w.say("space.bits", &[("bits", bits(s.bits)), ("how", s.how.to_string())]),
        None => w.word("space.unknown"),
    };
    row(out, &w.word("row.seed_space"), &space);
    let orders = if report.config.copies > 1 {
        w.say("orders.shoe", &[("bits", bits(p.order_bits))])
    } else {
        w.say("orders.deck", &[("n", report.config.deck.to_string()), ("bits", bits(p.order_bits))])
    };
    row(out, &w.word("row.orders"), &orders);
    let reach = match &p.seed {
        Some(s) if s.stream_bits < p.order_bits => {
            w.say("reach.small", &[("seed", bits(s.stream_bits)), ("orders", bits(p.order_bits))])
        }
        Some(_) => w.word("reach.all"),
        None => w.word("reach.unknown"),
    };
    row(out, &w.word("row.reach"), &reach);
    match &p.repeats {
        None => row(out, &w.word("row.duplicates"), &w.word("dup.not_tested")),
        Some(r) => {
            let fair =
                if r.fair_pairs < 0.01 { format!("{:.1e}", r.fair_pairs) } else { format!("{:.2}", r.fair_pairs) };
            let value = w.say(
                "dup.value",
                &[
                    ("repeats", group_digits(r.repeats)),
                    ("decks", group_digits(r.decks)),
                    ("pairs", group_digits(r.pairs)),
                    ("fair", fair),
                ],
            );
            row(out, &w.word("row.duplicates"), &value);
            let implies = match (r.repeats, r.fair, r.space.estimate) {
                (0, _, _) => w.say("implies.none", &[("decks", group_digits(r.decks)), ("low", approx(r.space.low))]),
                (_, true, _) => w.word("implies.fair"),
                (_, false, Some(estimate)) => w.say("implies.small", &[("estimate", approx(estimate))]),
                (_, false, None) => w.say("implies.small", &[("estimate", approx(r.space.low))]),
            };
            row(out, &w.word("row.implies"), &implies);
        }
    }
    out.push_str("</table>\n</section>\n");
}

/// 6. SHA-256 of the program, of each file beside the page and of the input.
fn fingerprints(out: &mut String, w: &Words, prints: &Fingerprints) {
    out.push_str(&format!(
        "<section id=\"fingerprints\">\n<h2>{}</h2>\n<p>{}</p>\n<table class=\"fingerprints\">\n\
         <thead><tr><th>{}</th><th>{}</th></tr></thead>\n<tbody>\n",
        w.word("h_fingerprints"),
        w.word("fp.intro"),
        w.word("col.file"),
        w.word("col.sha")
    ));
    let sha = |r: &Result<String, String>| match r {
        Ok(h) => format!("<td class=\"sha\">{h}</td>"),
        Err(why) => format!("<td>{}</td>", w.say("fp.unavailable", &[("why", why.clone())])),
    };
    let binary = w.say("fp.binary", &[("tool", TOOL.into()), ("version", VERSION.into())]);
    out.push_str(&format!("<tr><td>{binary}</td>{}</tr>\n", sha(&prints.binary)));
    for (name, hash) in &prints.files {
        out.push_str(&format!("<tr><td><code>{}</code></td>{}</tr>\n", markup(name), sha(hash)));
    }
    match &prints.input {
        None => {}
        Some(InputPrint::Decks { file, sha256 }) => {
            out.push_str(&format!(
                "<tr><td>{}</td>{}</tr>\n",
                w.say("fp.decks", &[("file", file.clone())]),
                sha(sha256)
            ));
        }
        Some(InputPrint::Stdin) => out.push_str(&format!("<tr><td colspan=\"2\">{}</td></tr>\n", w.word("fp.stdin"))),
        Some(InputPrint::Exec { command, sha256 }) => {
            let head = w.say("fp.exec", &[("command", command.clone())]);
            out.push_str(&format!("<tr><td>{head}</td><td class=\"sha\">{sha256}</td></tr>\n"));
        }
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::{Progress, RunRequest, Verdict};
    use crate::shuffle::AlgorithmKind;

    /// A small real run: `shuffles` decks of 8 cards, in `samples` samples when given.
    fn run(algorithm: AlgorithmKind, samples: Option<u64>) -> RunReport {
        let request = RunRequest {
            algorithm: Some(algorithm),
            rng: Some(crate::rng::RngKind::Msvc),
            deck: Some(8),
            shuffles: Some(20_000),
            seed: Some(1),
            samples,
            ..Default::default()
        };
        let settings = request.validate(|_| 0).unwrap();
        let config = settings.builtin().unwrap().clone();
        match samples {
            None => crate::audit::execute(config, settings.thresholds, Progress::Hidden).unwrap(),
            Some(count) => {
                let t = settings.thresholds;
                let sampled = crate::audit::run_samples(&config, count, &t, |_| Progress::Hidden, None, None).unwrap();
                RunReport::with_samples(config, sampled.outcome, sampled.samples, t)
            }
        }
    }

    fn prints() -> Fingerprints {
        Fingerprints {
            binary: Ok("a".repeat(64)),
            files: vec![("summary.csv".into(), Ok("b".repeat(64))), ("run.json".into(), Err("gone".into()))],
            input: None,
        }
    }

    fn page(report: &RunReport, level: Level, lang: Lang) -> String {
        String::from_utf8(render(report, level, &prints(), lang)).unwrap()
    }

    #[test]
    fn the_page_holds_every_part_in_english() {
        let report = run(AlgorithmKind::FisherYates, None);
        let html = page(&report, Level::P99, Lang::En);
        assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<html lang=\"en\">"));
        assert!(html.contains("<h1>Statistical evidence of a card shuffle</h1>"));
        assert!(html.contains("Nothing on it claims a certification."));
        for id in ["tested", "tests", "decision", "predictability", "fingerprints", "not-a-certification"] {
            assert!(html.contains(&format!("id=\"{id}\"")), "no part {id}");
        }
        // What was tested: the shuffle, generator, seed, deck, decks, one sample, tool.
        assert!(html.contains("<td>fisher-yates</td>") && html.contains("<td>msvc</td>"), "{html}");
        assert!(html.contains("one sample of 20000 decks") || html.contains("one sample of 20,000 decks"));
        assert!(html.contains(&format!("shuffle-audit {VERSION}")));
        // Every test, with its regulator name, own p, and the level's columns.
        for t in &report.assessment.tests {
            let id = t.result.test;
            assert!(html.contains(&format!("<tr id=\"test-{id}\">")), "no row of {id}");
            assert!(html.contains(&markup(regulator_name(id, Lang::En))), "no name of {id}");
            assert!(html.contains(&format_ln_p(t.ln_p_test)), "no p of {id}");
        }
        assert!(html.contains("Chi-square test of card by position (each card equally likely at each position)"));
        assert!(html.contains("<th class=\"chosen\">99%</th>") && !html.contains("<th class=\"chosen\">95%</th>"));
        let m = report.assessment.tests.len();
        let pass99 = report.assessment.tests.iter().filter(|t| t.ln_p_test >= 0.01f64.ln()).count();
        assert!(html.contains(&format!("At the chosen level (99%): {pass99} of {m} tests pass (p ≥ 0.01).")), "{html}");
        let verdict = format!("own family verdict: {}", verdict_word(Lang::En, report.verdict));
        assert!(html.contains(&verdict), "{verdict}");
        // Predictability: msvc's 32-bit srand, 31 bits of streams, and log2 8! = 15.3 bits (the seed covers it).
        assert!(html.contains("32 bits of seed (srand(unsigned int)); 31 bits of distinct streams"), "{html}");
        assert!(html.contains("log2(8!) = 15.3 bits"));
        assert!(html.contains("the seed space is as large as the deck&#39;s orders"), "{html}");
        // Fingerprints, and a file that could not be read.
        assert!(html.contains(&"b".repeat(64)) && html.contains("not available: gone"));
        // No script, no external resource, no time.
        assert!(!html.contains("<script") && !html.contains("http://") && !html.contains("https://"));
        assert!(!html.contains("seconds") && !html.contains("shuffles/s"));
    }

    #[test]
    fn the_level_picks_the_highlighted_column_and_the_summary() {
        let report = run(AlgorithmKind::NaiveSwap, None);
        assert_eq!(report.verdict, Verdict::Fail);
        let html = page(&report, Level::P95, Lang::En);
        assert!(html.contains("<th class=\"chosen\">95%</th>") && !html.contains("<th class=\"chosen\">99%</th>"));
        assert!(html.contains("At the chosen level (95%):") && html.contains("At 99%:"));
        assert!(html.contains("class=\"chosen fail\""), "a failed test at the chosen level is marked");
        assert!(html.contains("FAIL"));
        assert_ne!(html, page(&report, Level::P99, Lang::En));
    }

    #[test]
    fn samples_add_their_counts_and_the_second_level() {
        let report = run(AlgorithmKind::FisherYates, Some(10));
        let html = page(&report, Level::P99, Lang::En);
        assert!(html.contains("10 samples of 2000 decks") || html.contains("10 samples of 2,000 decks"), "{html}");
        assert!(html.contains("Samples passing at 99%") && html.contains("KS p") && html.contains("AD p"));
        let samples = report.samples.as_ref().unwrap();
        let (pass, of) = samples.passing(TestId::PositionCard, 0.01);
        assert_eq!(of, 10);
        assert!(html.contains(&format!("{pass}/10")));
        assert!(html.contains("Second-level uniformity of sample p-values (Kolmogorov–Smirnov, Anderson–Darling)"));
        // Without samples, none of those columns.
        let plain = page(&run(AlgorithmKind::FisherYates, None), Level::P99, Lang::En);
        assert!(!plain.contains("KS p") && !plain.contains("Samples passing"));
    }

    #[test]
    fn the_chinese_page_says_everything_in_chinese() {
        let report = run(AlgorithmKind::FisherYates, Some(10));
        let html = page(&report, Level::P95, Lang::Zh);
        assert!(html.contains("<html lang=\"zh-CN\">") && html.contains("<h1>洗牌的统计证据</h1>"));
        assert!(html.contains("本页没有任何内容声称获得认证"));
        assert!(html.contains("逐位置牌面卡方检验") && html.contains("在所选水平（95%）下"));
        assert!(html.contains("上侧: ") && !html.contains("upper: "), "the tails are named in Chinese");
        assert!(html.contains("本工具自身的整体判定") && html.contains("指纹（SHA-256）"));
        let english = page(&report, Level::P95, Lang::En);
        for phrase in ["Statistical evidence", "What was tested", "Predictability", "Fingerprints", "pass</td>"] {
            assert!(english.contains(phrase), "{phrase}");
            assert!(!html.contains(phrase), "English left on the Chinese page: {phrase}");
        }
    }

    #[test]
    fn two_renders_are_identical() {
        let report = run(AlgorithmKind::FisherYates, Some(10));
        assert_eq!(render(&report, Level::P99, &prints(), Lang::En), render(&report, Level::P99, &prints(), Lang::En));
        assert_eq!(render(&report, Level::P95, &prints(), Lang::Zh), render(&report, Level::P95, &prints(), Lang::Zh));
    }

    #[test]
    fn decks_made_elsewhere_have_no_known_seed_and_their_input_is_fingerprinted() {
        let mut report = run(AlgorithmKind::FisherYates, None);
        report.config.source = DeckSource::External(ExternalSource::Exec("python3 deal.py".into()));
        let mut p = prints();
        p.input = Some(InputPrint::Exec { command: "python3 deal.py".into(), sha256: "c".repeat(64) });
        let html = String::from_utf8(render(&report, Level::P99, &p, Lang::En)).unwrap();
        assert!(html.contains("printed by the command python3 deal.py"));
        assert!(html.contains("not known: the decks were made elsewhere"));
        assert!(html.contains("input: the command line python3 deal.py") && html.contains(&"c".repeat(64)));
    }
}
