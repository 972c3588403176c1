//! A log audit's report ([`crate::logs::LogReport`]): its console summary, `logs.json` and `logs.csv`, with every
//! sentence in English and Chinese here, beside the numbers they carry.

use serde::Serialize;

use crate::audit::StopReason;
use crate::audit::verdict::Verdict;
use crate::cards::{Card, Lang, NameStyle, card_name};
use crate::logs::plan::CanShow;
use crate::logs::{LogReport, LogTest};
use crate::report::csv::test_columns;
use crate::report::group_digits;
use crate::stats::views::CellLabel;
use crate::stats::{LnP, format_ln_p};

/// The files a log audit writes, in order: `logs.json` (everything) and `logs.csv` (a test a row).
pub const LOG_FILES: [&str; 2] = ["logs.json", "logs.csv"];

/// A view test as `logs.json` and `logs.csv` write it.
#[derive(Clone, Debug, Serialize)]
pub struct TestRow {
    pub view: String,
    pub test: &'static str,
    pub statistic: f64,
    pub df: f64,
    pub ln_p: LnP,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ln_p_low: Option<LnP>,
    pub ln_p_adjusted: LnP,
    pub verdict: Verdict,
    pub finding: String,
}

#[derive(Serialize)]
struct InvalidRow<'a> {
    id: Option<&'a str>,
    line: u64,
    why: &'a str,
}

#[derive(Serialize)]
struct NotAppliedRow<'a> {
    view: String,
    test: &'static str,
    why: &'a str,
}

/// `logs.json`.
#[derive(Serialize)]
struct Json<'a> {
    verdict: Verdict,
    ln_p_family: LnP,
    #[serde(skip_serializing_if = "Option::is_none")]
    broken: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'static str>,
    deck: usize,
    /// Each face's copies in a deal (a shoe of K decks: K).
    copies: usize,
    complete: bool,
    deals: u64,
    invalid: u64,
    invalid_examples: Vec<InvalidRow<'a>>,
    duplicate_ids: u64,
    id_gaps: u64,
    views: Vec<(String, u64)>,
    seen_on_play_not_tested: Vec<(String, u64)>,
    tests: Vec<TestRow>,
    not_applied: Vec<NotAppliedRow<'a>>,
    /// With `--deal`: each known flaw's deals needed for each tested view, and whether the log has them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    can_show: Vec<CanShowRow>,
}

#[derive(Serialize)]
struct CanShowRow {
    view: String,
    flaw: String,
    deals_needed: Option<f64>,
    deals: u64,
    reached: bool,
}

fn card(report: &LogReport, c: Card) -> String {
    card_name(c, report.deck, NameStyle::Symbol)
}

/// A test's finding in words: what stands out, observed against fair, and what it means. The pairs' sentence
/// says "neighbours" only of cards next to each other in a fresh deck; the card and pair counts are of deals,
/// so deals in another order give the same sentence, and the pairs' expected count is the one each card's own
/// frequency gives, so views with the same cards' frequencies do not blame pairs.
pub fn finding(report: &LogReport, t: &LogTest, lang: Lang) -> String {
    let view = t.view.label();
    let Some(cell) = &t.test.worst else { return String::new() };
    let (o, e) = (cell.observed, cell.expected);
    let zh = lang == Lang::Zh;
    match &cell.label {
        CellLabel::Card(c) if report.copies > 1 && zh => format!(
            "{} 在 {view} 中出现 {o:.0} 次，{} 副牌的公平牌靴约 {e:.1} 次：这张牌{}进入这个视图",
            card(report, *c),
            report.copies,
            if o > e { "更常" } else { "更少" }
        ),
        CellLabel::Card(c) if report.copies > 1 => format!(
            "{} is dealt in {view} {o:.0} times where a fair shoe of {} decks gives {e:.1}: it reaches this view {} \
             often than other cards",
            card(report, *c),
            report.copies,
            if o > e { "more" } else { "less" }
        ),
        CellLabel::Card(c) if zh => format!(
            "{} 在 {view} 中出现 {o:.0} 局，公平洗牌约 {e:.1} 局：这张牌{}进入这个视图，牌没有被均匀地发到各个位置",
            card(report, *c),
            if o > e { "更常" } else { "更少" }
        ),
        CellLabel::Card(c) => format!(
            "{} is in {view} in {o:.0} deals where a fair shuffle gives {e:.1}: it reaches this view {} often than \
             others, so cards do not land evenly over the positions",
            card(report, *c),
            if o > e { "more" } else { "less" }
        ),
        CellLabel::Pair(a, b) => {
            let neighbours = usize::from(*b) == usize::from(*a) + 1;
            let (x, y) = (card(report, *a), card(report, *b));
            match (zh, o > e, neighbours) {
                (true, true, true) => format!(
                    "{x} 和 {y} 同在 {view} 中 {o:.0} 局，按各自频率应为 {e:.1} 局：新牌中相邻的牌留在一起，洗牌没有把它们分开"
                ),
                (true, true, false) => {
                    format!(
                        "{x} 和 {y} 同在 {view} 中 {o:.0} 局，按各自频率应为 {e:.1} 局：有些牌对比各自频率所示更常一起出现"
                    )
                }
                (true, false, _) => {
                    format!(
                        "{x} 和 {y} 同在 {view} 中 {o:.0} 局，按各自频率应为 {e:.1} 局：有些牌对比各自频率所示更少一起出现"
                    )
                }
                (false, true, true) => format!(
                    "{x} and {y} are in {view} together in {o:.0} deals, {e:.1} expected from each card's own \
                     frequency: neighbours in a fresh deck stay together, the shuffle does not separate them"
                ),
                (false, true, false) => format!(
                    "{x} and {y} are in {view} together in {o:.0} deals, {e:.1} expected from each card's own \
                     frequency: some pairs reach this view together more often than their own frequencies explain"
                ),
                (false, false, _) => format!(
                    "{x} and {y} are in {view} together in {o:.0} deals, {e:.1} expected from each card's own \
                     frequency: some pairs reach this view together less often than their own frequencies explain"
                ),
            }
        }
        CellLabel::Outcome { zh: what, .. } if zh => {
            format!("{view} 中{what}出现 {o:.0} 局，公平洗牌约 {e:.1} 局")
        }
        CellLabel::Outcome { en: what, .. } => {
            format!("{view} holds {what} in {o:.0} deals where a fair shuffle gives {e:.1}")
        }
        CellLabel::Placed { card: c, place, of } if zh => format!(
            "{} 在 {view} 的第 {place} 张（检验前 {of} 张）出现 {o:.0} 局，按它在这些位置的局数应为 {e:.1} 局：\
             牌在视图内的顺序与发牌位置有关，洗牌没有把它们的位置打乱",
            card(report, *c)
        ),
        CellLabel::Placed { card: c, place, of } => format!(
            "{} is at place {place} of {view} (of the {of} places tested) in {o:.0} deals, {e:.1} expected from its \
             deals in those places: the order of the view's cards depends on the place, the shuffle does not mix \
             their positions",
            card(report, *c)
        ),
        CellLabel::Hand(h) if zh => format!("{view} 拿到 {h} {o:.0} 次，公平洗牌约 {e:.1} 次"),
        CellLabel::Hand(h) => format!("{h} is dealt as {view} {o:.0} times where a fair shuffle gives {e:.1}"),
        CellLabel::Total => {
            let suits = t.test.name == "view-suits";
            match (zh, suits, o > e) {
                (true, true, together) => format!(
                    "{view} 中同花色的牌对 {o:.0} 个，按各张牌自身的频率应为 {e:.1} 个：同花色的牌{}",
                    if together { "聚在一起" } else { "被分散" }
                ),
                (true, false, together) => format!(
                    "{view} 中同点数的牌对 {o:.0} 个，按各张牌自身的频率应为 {e:.1} 个：同点数的牌{}",
                    if together { "聚在一起" } else { "被分散" }
                ),
                (false, _, together) => {
                    let what = if suits { "suit" } else { "rank" };
                    let way = if together { "kept together" } else { "spread apart" };
                    format!(
                        "{view} holds {o:.0} pairs of one {what}, {e:.1} expected from each card's own frequency: \
                         cards of one {what} are {way}"
                    )
                }
            }
        }
    }
}

/// The tests as rows, with each one's finding in words.
pub fn rows(report: &LogReport, lang: Lang) -> Vec<TestRow> {
    report
        .tests
        .iter()
        .map(|t| TestRow {
            view: t.view.label(),
            test: t.test.name,
            statistic: t.test.statistic,
            df: t.test.df,
            ln_p: t.test.ln_p,
            ln_p_low: t.test.ln_p_low,
            ln_p_adjusted: t.ln_p_adjusted,
            verdict: t.verdict,
            finding: finding(report, t, lang),
        })
        .collect()
}

/// `logs.json`'s text.
pub fn json(report: &LogReport, can_show: &[CanShow], lang: Lang) -> String {
    let doc = Json {
        verdict: report.verdict,
        ln_p_family: report.ln_p_family,
        broken: report.broken.as_deref(),
        stopped: report.stopped.map(StopReason::label),
        deck: report.deck,
        copies: report.copies,
        complete: report.complete,
        deals: report.deals,
        invalid: report.invalid,
        invalid_examples: report
            .examples
            .iter()
            .map(|d| InvalidRow { id: d.id.as_deref(), line: d.line, why: &d.why })
            .collect(),
        duplicate_ids: report.duplicate_ids,
        id_gaps: report.gaps,
        views: report.views.clone(),
        seen_on_play_not_tested: report.on_play.clone(),
        tests: rows(report, lang),
        not_applied: report
            .not_applied
            .iter()
            .map(|(v, n)| NotAppliedRow { view: v.label(), test: n.name, why: &n.why })
            .collect(),
        can_show: can_show
            .iter()
            .flat_map(|c| {
                c.rows.iter().map(|r| CanShowRow {
                    view: c.view.clone(),
                    flaw: r.flaw.clone(),
                    deals_needed: r.deals,
                    deals: c.deals,
                    reached: r.deals.is_some_and(|d| d <= c.deals as f64),
                })
            })
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&doc).expect("plain data serialises");
    text.push('\n');
    text
}

/// `logs.csv`: `view,test,statistic,df,p,p_adjusted,verdict,finding`, p-values as the console prints them (in
/// logs below 10^-300, never 0).
pub fn csv(report: &LogReport, lang: Lang) -> String {
    let mut out = String::from("view,test,statistic,df,p,p_adjusted,verdict,finding\n");
    for (t, row) in report.tests.iter().zip(rows(report, lang)) {
        let columns = test_columns(
            row.test,
            row.statistic,
            row.df,
            t.test.family_ln_p(),
            row.ln_p_adjusted,
            row.verdict,
            &row.finding,
        );
        out.push_str(&format!("{},{columns}\n", row.view));
    }
    out
}

/// The files of a log audit, by name.
pub fn files(report: &LogReport, can_show: &[CanShow], lang: Lang) -> Vec<(&'static str, Vec<u8>)> {
    vec![(LOG_FILES[0], json(report, can_show, lang).into_bytes()), (LOG_FILES[1], csv(report, lang).into_bytes())]
}

/// A count as people read it: digits grouped up to 10^7, then a power of ten.
pub fn big_count(x: f64) -> String {
    if x < 1e7 {
        group_digits(x as u64)
    } else {
        let e = x.log10().floor();
        format!("{:.1}·10^{e}", x / 10f64.powf(e))
    }
}

/// What this log can show, view by view (with `--deal`): each known flaw's deals against the log's.
pub fn can_show_lines(can_show: &[CanShow], lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let mut out = String::new();
    if can_show.is_empty() {
        return out;
    }
    out.push_str(if zh {
        "\n这份日志能看出什么（仅凭 view-cards，在 FAIL 阈值下 99% 把握，来自各缺陷的精确矩阵）：\n"
    } else {
        "\nWhat this log can show (view-cards alone, 99% power at FAIL, from each flaw's exact matrix):\n"
    });
    for c in can_show {
        for r in &c.rows {
            let have = group_digits(c.deals);
            let line = match (r.deals, zh) {
                (None, false) => format!("  {}: {} leaves this view fair: no log of it can show it\n", c.view, r.flaw),
                (None, true) => format!("  {}：{} 对这个视图是公平的：这个视图的日志看不出它\n", c.view, r.flaw),
                (Some(d), false) => {
                    let verdict = if d <= c.deals as f64 { "reached" } else { "beyond this log" };
                    format!("  {}: {} needs {} deals, this log has {have}: {verdict}\n", c.view, r.flaw, big_count(d))
                }
                (Some(d), true) => {
                    let verdict = if d <= c.deals as f64 { "已达到" } else { "超出这份日志" };
                    format!("  {}：{} 需要 {} 局，这份日志有 {have} 局：{verdict}\n", c.view, r.flaw, big_count(d))
                }
            };
            out.push_str(&line);
        }
    }
    out
}

/// `deal` or `deals` (局 in Chinese).
fn deals_word(n: u64, zh: bool) -> &'static str {
    match (zh, n) {
        (true, _) => "局",
        (false, 1) => "deal",
        (false, _) => "deals",
    }
}

/// The console summary: what was read, the tests, and the verdict with its cause.
pub fn console(report: &LogReport, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let mut out = String::new();
    let views: Vec<String> =
        report.views.iter().map(|(v, d)| format!("{v} ({} {})", group_digits(*d), deals_word(*d, zh))).collect();
    if zh {
        out.push_str(&format!(
            "读入 {} 局，{} 局无效；检验的视图：{}\n",
            group_digits(report.deals + report.invalid),
            group_digits(report.invalid),
            if views.is_empty() { "无".to_string() } else { views.join("、") }
        ));
    } else {
        out.push_str(&format!(
            "{} {} read, {} invalid; views tested: {}\n",
            group_digits(report.deals + report.invalid),
            deals_word(report.deals + report.invalid, false),
            group_digits(report.invalid),
            if views.is_empty() { "none".to_string() } else { views.join(", ") }
        ));
    }
    for bad in &report.examples {
        let id = bad.id.as_deref().map_or(String::new(), |i| format!(" {i}"));
        if zh {
            out.push_str(&format!("  无效的局{id}（第 {} 行）：{}\n", bad.line, bad.why));
        } else {
            out.push_str(&format!("  invalid deal{id} (line {}): {}\n", bad.line, bad.why));
        }
    }
    if report.invalid > report.examples.len() as u64 {
        let more = group_digits(report.invalid - report.examples.len() as u64);
        out.push_str(&if zh {
            format!("  另有 {more} 局无效\n")
        } else {
            format!("  and {more} more invalid deals\n")
        });
    }
    let consecutive = report.gaps * 2 <= report.deals + report.invalid;
    if !consecutive {
        out.push_str(if zh {
            "  牌局编号不连续（网站给所有牌桌统一编号）：不统计跳号\n"
        } else {
            "  hand numbers are not consecutive (a site numbering every table's hands): gaps are not counted\n"
        });
    }
    if let Some((a, b)) = report.first_gap.filter(|_| consecutive) {
        let gaps = group_digits(report.gaps);
        out.push_str(&if zh {
            format!("  牌局编号有 {gaps} 处跳号（第一处在 {a} 与 {b} 之间）：缺了牌局，或中间是别的牌桌\n")
        } else {
            let times = if report.gaps == 1 { "once".to_string() } else { format!("{gaps} times") };
            format!("  hand numbers jump {times} (first from {a} to {b}): hands missing, or another table's between\n")
        });
    }
    if !report.on_play.is_empty() {
        let seen: Vec<String> = report.on_play.iter().map(|(v, d)| format!("{v} ({})", group_digits(*d))).collect();
        out.push_str(&if zh {
            format!(
                "  因牌局进程才看到的牌（{}）已计数但未检验：摊牌只摊强牌，合在一起会把玩法当成洗牌的偏差；若日志含每一张发出的牌，加 --complete\n",
                seen.join("、")
            )
        } else {
            format!(
                "  seen on play, counted but not tested: {} (showdowns show strong hands, and pooling them would blame \
                 the shuffle for play); add --complete if the log holds every dealt card\n",
                seen.join(", ")
            )
        });
    }
    if !report.tests.is_empty() {
        out.push_str(&format!(
            "\n  {:<12} {:<8} {:>11} {:>6} {:>11} {:>11}  {}\n",
            "test", "view", "statistic", "df", "p", "adjusted", "verdict"
        ));
        for t in &report.tests {
            out.push_str(&format!(
                "  {:<12} {:<8} {:>11.2} {:>6} {:>11} {:>11}  {}\n",
                t.test.name,
                t.view.label(),
                t.test.statistic,
                t.test.df,
                format_ln_p(t.test.family_ln_p()),
                format_ln_p(t.ln_p_adjusted),
                t.verdict
            ));
        }
    }
    for (view, n) in &report.not_applied {
        out.push_str(&if zh {
            format!("  {} 未用于 {}：{}\n", n.name, view.label(), n.why)
        } else {
            format!("  {} not applied to {}: {}\n", n.name, view.label(), n.why)
        });
    }
    out.push('\n');
    let partial = match (report.stopped, zh) {
        (Some(r), false) => {
            format!("PARTIAL ({} after {} deals): ", r.stopped_by(), group_digits(report.deals + report.invalid))
        }
        (Some(r), true) => {
            format!("不完整（{}，读入 {} 局后）：", r.stopped_by(), group_digits(report.deals + report.invalid))
        }
        (None, _) => String::new(),
    };
    let verdict = report.verdict;
    let line = match (&report.broken, report.decisive(), zh) {
        (Some(why), _, false) => format!("{verdict}: {partial}{why}"),
        (Some(why), _, true) => format!("{verdict}：{partial}{why}"),
        (None, None, false) => format!("{verdict}: {partial}no test applies to these views: too few deals"),
        (None, None, true) => format!("{verdict}：{partial}这些视图的局数太少，没有可用的检验"),
        (None, Some(t), false) if verdict == Verdict::Pass => format!(
            "{verdict}: {partial}no test finds a bias: the smallest Holm-adjusted p over the {} tests is {}",
            report.tests.len(),
            format_ln_p(t.ln_p_adjusted)
        ),
        (None, Some(t), true) if verdict == Verdict::Pass => format!(
            "{verdict}：{partial}没有检验发现偏差：{} 个检验中最小的 Holm 校正 p 为 {}",
            report.tests.len(),
            format_ln_p(t.ln_p_adjusted)
        ),
        (None, Some(t), false) => format!(
            "{verdict}: {partial}{} of {} (adjusted p {}): {}",
            t.test.name,
            t.view.label(),
            format_ln_p(t.ln_p_adjusted),
            finding(report, t, lang)
        ),
        (None, Some(t), true) => format!(
            "{verdict}：{partial}{}（{}，校正 p {}）：{}",
            t.test.name,
            t.view.label(),
            format_ln_p(t.ln_p_adjusted),
            finding(report, t, lang)
        ),
    };
    out.push_str(&line);
    out.push('\n');
    out
}
