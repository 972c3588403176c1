//! A stream audit's report ([`crate::streams::StreamReport`]): its console summary, `stream.json` and
//! `stream.csv`, with every sentence in English and Chinese here, beside the numbers they carry.

use serde::Serialize;

use crate::audit::StopReason;
use crate::audit::verdict::Verdict;
use crate::cards::{Card, Lang, NameStyle, card_name};
use crate::game::dealer::DealerRule;
use crate::game::scoreboard::ScoreboardGame;
use crate::report::csv::test_columns;
use crate::report::group_digits;
use crate::stats::stream::Found;
use crate::stats::{LnP, format_ln_p};
use crate::streams::{StreamKind, StreamReport, StreamRow};

/// The files a stream audit writes, in order: `stream.json` (everything) and `stream.csv` (a test a row).
pub const STREAM_FILES: [&str; 2] = ["stream.json", "stream.csv"];

/// A test as `stream.json` writes it.
#[derive(Clone, Debug, Serialize)]
pub struct TestRow {
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
    line: u64,
    why: &'a str,
}

#[derive(Serialize)]
struct NotAppliedRow<'a> {
    test: &'static str,
    why: &'a str,
}

/// `stream.json`.
#[derive(Serialize)]
struct Json<'a> {
    verdict: Verdict,
    ln_p_family: LnP,
    #[serde(skip_serializing_if = "Option::is_none")]
    broken: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'static str>,
    kind: &'static str,
    /// A scoreboard's game (`baccarat`, `blackjack`), its shoe's decks and, for blackjack, whether the dealer hits
    /// soft 17.
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    decks: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hits_soft_17: Option<bool>,
    source: &'a str,
    faces: usize,
    copies: usize,
    events: u64,
    dealt: u64,
    returned: u64,
    invalid: u64,
    invalid_examples: Vec<InvalidRow<'a>>,
    tests: Vec<TestRow>,
    not_applied: Vec<NotAppliedRow<'a>>,
}

fn card(report: &StreamReport, c: Card, zh: bool) -> String {
    card_name(c, report.faces, if zh { NameStyle::Chinese } else { NameStyle::Symbol })
}

fn percent(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

/// A list of names: `a, b, c and d` (`a、b、c 和 d` in Chinese).
fn list(names: &[String], zh: bool) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] if zh => format!("{} 和 {last}", init.join("、")),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The finding of a test in words: what was dealt (drawn) against what the null gives, and what it means.
pub fn finding(report: &StreamReport, row: &StreamRow, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match &row.test.found {
        Found::Latency { dealt, hits, expected, round, copies } => {
            let (d, h, e) = (*dealt as f64, *hits as f64, *expected);
            let share = percent(e / d);
            let seen = percent(h / d);
            match (zh, *hits == 0 && *copies == 1, h < e) {
                (false, true, _) => format!(
                    "no card returned after a round was dealt in the next {round} cards (an ideal machine deals \
                     {share} of them): returned cards wait inside, so the next rounds' cards depend on the last \
                     round's discards"
                ),
                (true, true, _) => format!(
                    "一轮收回的牌在接下来的 {round} 张牌中一张也没有发出（理想的机器有 {share} 来自它们）：收回的牌在机器里等待，下一轮的牌取决于上一轮的弃牌"
                ),
                (false, false, later) => {
                    let what = if *copies == 1 { "a card just returned" } else { "a face just returned" };
                    let way = if later { "later" } else { "sooner" };
                    format!(
                        "{seen} of the {} cards dealt in the round after a return ({round} cards a round) were {what}, \
                         where an ideal machine deals {share}: returned cards come out {way} than an ideal \
                         machine's, so the next rounds' cards depend on the last round's discards",
                        group_digits(*dealt)
                    )
                }
                (true, false, later) => format!(
                    "收回后的一轮（每轮 {round} 张）发出的 {} 张牌中 {seen} 是刚收回的{}，理想的机器为 {share}：收回的牌比理想的机器{}发出，下一轮的牌取决于上一轮的弃牌",
                    group_digits(*dealt),
                    if *copies == 1 { "牌" } else { "牌面" },
                    if later { "更晚" } else { "更早" }
                ),
            }
        }
        Found::Count { lag, slope, correlation, spread, edge, rounds } => {
            let later = if *lag == 1 { "the next round".to_string() } else { format!("{lag} rounds later") };
            if zh {
                format!(
                    "一轮弃牌的 Hi-Lo 计数与 {lag} 轮后发出的牌相关（相关系数 {correlation:.3}，每点每张牌 {slope:+.4}，{} 轮）：看见一轮典型的弃牌（±{spread:.1}）的算牌者在那一轮约有 {edge:.2}% 的优势（每个真数 0.5%），理想的机器为零",
                    group_digits(*rounds)
                )
            } else {
                format!(
                    "the Hi-Lo count of a round's discards moves the cards dealt {later} (correlation \
                     {correlation:.3}, {slope:+.4} a card per count point, over {} rounds): a counter who sees a \
                     typical round's discards (±{spread:.1}) gains about {edge:.2}% on that round (0.5% a true-count \
                     point), where an ideal machine gives none",
                    group_digits(*rounds)
                )
            }
        }
        Found::Guess { guesses, hits, expected } => {
            if zh {
                format!(
                    "猜机器里未刚收回的张数最多的牌面，{} 次猜中 {} 次，理想的机器约 {expected:.1} 次",
                    group_digits(*guesses),
                    group_digits(*hits)
                )
            } else {
                format!(
                    "a player guessing the face with the most copies inside not just returned is right {} times in \
                     {} guesses, where an ideal machine gives {expected:.1}",
                    group_digits(*hits),
                    group_digits(*guesses)
                )
            }
        }
        Found::Face { face, observed, expected } => {
            let name = card(report, *face, zh);
            match (zh, report.kind) {
                (false, StreamKind::Machine) => {
                    format!("{name} is dealt {observed:.0} times where an ideal machine gives {expected:.1}")
                }
                (false, StreamKind::Draws | StreamKind::Outcomes) => {
                    format!("{name} is drawn {observed:.0} times where fair draws give {expected:.1}")
                }
                (true, _) => format!("{name} 出现 {observed:.0} 次，公平约 {expected:.1} 次"),
            }
        }
        Found::FaceExact { face, observed, expected, draws, bound } => {
            let name = card(report, *face, zh);
            let draws = group_digits(*draws);
            match (zh, bound) {
                (false, false) => format!(
                    "{name} is drawn {observed:.0} times where fair draws give {expected:.1}; with {expected:.1} \
                     draws a face expected the p is the exact multinomial law's over {draws} draws, not χ²'s"
                ),
                (false, true) => format!(
                    "{name} is drawn {observed:.0} times where fair draws give {expected:.1}; the p is an upper bound \
                     from the exact multinomial law over {draws} draws (the counts are further out than it was walked)"
                ),
                (true, false) => format!(
                    "{name} 出现 {observed:.0} 次，公平约 {expected:.1} 次；每种牌面期望不足 5 次，p 值取 {draws} \
                     次抽取的精确多项分布，而非 χ² 近似"
                ),
                (true, true) => format!(
                    "{name} 出现 {observed:.0} 次，公平约 {expected:.1} 次；p 值是 {draws} 次抽取精确多项分布给出的上界"
                ),
            }
        }
        Found::Pair { first, second, observed, expected } => {
            let (a, b) = (card(report, *first, zh), card(report, *second, zh));
            if zh {
                format!("{a} 之后紧接 {b} {observed:.0} 次，应约 {expected:.1} 次")
            } else {
                format!("{b} comes right after {a} {observed:.0} times where {expected:.1} are expected")
            }
        }
        Found::Gap { from, to, observed, expected } => {
            let span = match to {
                Some(t) if t == from => format!("{from}"),
                Some(t) => format!("{from}–{t}"),
                None => format!("{from} or more"),
            };
            if zh {
                format!("同一牌面两次抽出之间隔 {span} 次的情形 {observed:.0} 次，独立均匀的抽取约 {expected:.1} 次")
            } else {
                format!(
                    "{observed:.0} gaps of {span} draws between two draws of one face, where independent uniform \
                     draws give {expected:.1}"
                )
            }
        }
        Found::Resolution { bits, scaled, short, observed, mapping, fair, draws, explained } => {
            let m = 1u64 << bits;
            let q = m / report.faces as u64;
            let names: Vec<String> = short.iter().map(|&c| card(report, c, zh)).collect();
            let each = |x: f64| percent(x / short.len() as f64);
            let how = if *scaled {
                format!("a {bits}-bit number scaled to {} (⌊u·{}/{m}⌋)", report.faces, report.faces)
            } else {
                format!("a {bits}-bit number reduced mod {}", report.faces)
            };
            if !explained {
                let faces = list(&names, zh);
                return if zh {
                    format!(
                        "{} 个牌面 {faces} 各被抽中 {}（{} 次抽取），公平为 {}，连最接近的粗映射（{bits} 位数）也给它们各 {}：\
                         不是粗映射所致，而是这些牌面本身抽得不均（见 draw-faces）",
                        short.len(),
                        each(*observed),
                        group_digits(*draws),
                        each(*fair),
                        each(*mapping)
                    )
                } else {
                    format!(
                        "the {} faces {faces} are drawn {} of the time each over {} draws, where fair draws give {}: \
                         fewer than even {how} gives them ({}), so no coarse mapping explains it: the faces \
                         themselves are drawn unevenly (see draw-faces)",
                        short.len(),
                        each(*observed),
                        group_digits(*draws),
                        each(*fair),
                        each(*mapping)
                    )
                };
            }
            if zh {
                format!(
                    "{} 个牌面 {} 各被抽中 {}（{} 次抽取），公平为 {}，而{}给它们各 {q}/{m} = {}：其余牌面各得 {}/{m}，多出的份额在它们",
                    short.len(),
                    list(&names, true),
                    each(*observed),
                    group_digits(*draws),
                    each(*fair),
                    if *scaled {
                        format!("{bits} 位数按比例映射到 {} 张", report.faces)
                    } else {
                        format!("{bits} 位数取模 {}", report.faces)
                    },
                    each(*mapping),
                    q + 1
                )
            } else {
                format!(
                    "the {} faces {} are drawn {} of the time each over {} draws, where fair draws give {} and {how} \
                     gives {q}/{m} = {}: the other {} faces take the excess, {}/{m} each",
                    short.len(),
                    list(&names, false),
                    each(*observed),
                    group_digits(*draws),
                    each(*fair),
                    each(*mapping),
                    report.faces - short.len(),
                    q + 1
                )
            }
        }
        Found::Outcome { outcome, observed, expected } => {
            let seen = group_digits(*observed as u64);
            match (blackjack(report), zh) {
                (false, true) => format!("{} 赢 {seen} 次，按精确赔率应约 {expected:.1} 次", zh_outcome(outcome)),
                (false, false) => format!("the {outcome} wins {seen} coups where the exact odds give {expected:.1}"),
                (true, true) => {
                    format!("庄家的牌以{}结束 {seen} 局，按新洗牌靴的精确概率应约 {expected:.1} 局", zh_dealer(outcome))
                }
                (true, false) => format!(
                    "the dealer's hand ends {} in {seen} rounds where the exact odds of a fresh shoe give {expected:.1}",
                    en_dealer(outcome)
                ),
            }
        }
        Found::Runs { runs, expected, decided } if blackjack(report) => {
            let streaky = (*runs as f64) < *expected;
            if zh {
                format!(
                    "{} 局中庄家爆牌与未爆牌交替成 {} 段，独立的牌局约 {expected:.1} 段：{}",
                    group_digits(*decided),
                    group_digits(*runs),
                    if streaky {
                        "爆牌（或未爆牌）连续出现太多"
                    } else {
                        "爆牌与未爆牌交替太频繁"
                    }
                )
            } else {
                format!(
                    "{} runs of dealer busts and hands not bust over {} rounds, where independent rounds give \
                     {expected:.1}: {}",
                    group_digits(*runs),
                    group_digits(*decided),
                    if streaky { "busts (or hands not bust) come in streaks" } else { "busts alternate too often" }
                )
            }
        }
        Found::Runs { runs, expected, decided } => {
            let streaky = (*runs as f64) < *expected;
            if zh {
                format!(
                    "{} 局分出庄闲的牌局中庄闲连胜段 {} 段，独立的牌局约 {expected:.1} 段：{}",
                    group_digits(*decided),
                    group_digits(*runs),
                    if streaky { "连胜太长" } else { "交替太频繁" }
                )
            } else {
                format!(
                    "{} runs of banker or player wins over {} decided coups, where independent coups give \
                     {expected:.1}: {}",
                    group_digits(*runs),
                    group_digits(*decided),
                    if streaky { "the streaks are too long" } else { "the winners alternate too often" }
                )
            }
        }
        Found::OutcomePair { first, second, observed, expected } if blackjack(report) => {
            if zh {
                format!(
                    "庄家{}之后紧接{} {observed:.0} 次，独立时约 {expected:.1} 次",
                    zh_dealer(first),
                    zh_dealer(second)
                )
            } else {
                format!(
                    "a dealer hand {} follows one {} {observed:.0} times where independence gives {expected:.1}",
                    en_dealer(second),
                    en_dealer(first)
                )
            }
        }
        Found::OutcomePair { first, second, observed, expected } => {
            if zh {
                format!(
                    "{} 之后紧接 {} {observed:.0} 次，独立时约 {expected:.1} 次",
                    zh_outcome(first),
                    zh_outcome(second)
                )
            } else {
                format!(
                    "a {second} win follows a {first} win {observed:.0} times where independence gives {expected:.1}"
                )
            }
        }
    }
}

/// True for a blackjack scoreboard, whose outcomes are the dealer's results.
fn blackjack(report: &StreamReport) -> bool {
    match report.scoreboard {
        Some(ScoreboardGame::Blackjack { .. }) => true,
        Some(ScoreboardGame::Baccarat { .. }) | None => false,
    }
}

/// A dealer result or class as the English sentences say it: `bust`, `in a blackjack`, `on 19`, `standing`.
fn en_dealer(name: &str) -> String {
    match name {
        "bust" => "bust".to_string(),
        "blackjack" => "in a blackjack (a natural)".to_string(),
        "stood" => "standing on 17 to 21".to_string(),
        total => format!("on {total}"),
    }
}

/// 爆牌, 黑杰克, 19 点, 停在 17–21 点.
fn zh_dealer(name: &str) -> String {
    match name {
        "bust" => "爆牌".to_string(),
        "blackjack" => "黑杰克（天生 21 点）".to_string(),
        "stood" => "停在 17–21 点".to_string(),
        total => format!(" {total} 点"),
    }
}

/// 庄, 闲, 和.
fn zh_outcome(name: &str) -> &'static str {
    match name {
        "banker" => "庄",
        "player" => "闲",
        _ => "和",
    }
}

/// The tests as rows, with each one's finding in words.
pub fn rows(report: &StreamReport, lang: Lang) -> Vec<TestRow> {
    report
        .tests
        .iter()
        .map(|t| TestRow {
            test: t.test.id.name(),
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

fn kind(report: &StreamReport) -> &'static str {
    match report.kind {
        StreamKind::Machine => "machine",
        StreamKind::Draws => "draws",
        StreamKind::Outcomes => "outcomes",
    }
}

/// `stream.json`'s text; `source` says where the stream came from.
pub fn json(report: &StreamReport, source: &str, lang: Lang) -> String {
    let doc = Json {
        verdict: report.verdict,
        ln_p_family: report.ln_p_family,
        broken: report.broken.as_deref(),
        stopped: report.stopped.map(StopReason::label),
        kind: kind(report),
        game: report.scoreboard.map(ScoreboardGame::name),
        decks: report.scoreboard.map(ScoreboardGame::decks),
        hits_soft_17: match report.scoreboard {
            Some(ScoreboardGame::Blackjack { rule, .. }) => Some(rule == DealerRule::HitsSoft17),
            Some(ScoreboardGame::Baccarat { .. }) | None => None,
        },
        source,
        faces: report.faces,
        copies: report.copies,
        events: report.events,
        dealt: report.dealt,
        returned: report.returned,
        invalid: report.invalid,
        invalid_examples: report.examples.iter().map(|(line, why)| InvalidRow { line: *line, why }).collect(),
        tests: rows(report, lang),
        not_applied: report.not_applied.iter().map(|n| NotAppliedRow { test: n.id.name(), why: &n.why }).collect(),
    };
    let mut text = serde_json::to_string_pretty(&doc).expect("plain data serialises");
    text.push('\n');
    text
}

/// `stream.csv`: `test,statistic,df,p,p_adjusted,verdict,finding,game`, p-values as the console prints them;
/// `game` is a scoreboard's game (`baccarat`, `blackjack`), empty for a machine's stream and for draws.
pub fn csv(report: &StreamReport, lang: Lang) -> String {
    let game = report.scoreboard.map_or("", ScoreboardGame::name);
    let mut out = String::from("test,statistic,df,p,p_adjusted,verdict,finding,game\n");
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
        out.push_str(&format!("{columns},{game}\n"));
    }
    out
}

/// The files of a stream audit, by name.
pub fn files(report: &StreamReport, source: &str, lang: Lang) -> Vec<(&'static str, Vec<u8>)> {
    vec![(STREAM_FILES[0], json(report, source, lang).into_bytes()), (STREAM_FILES[1], csv(report, lang).into_bytes())]
}

/// The console summary: what was read, the tests, and the verdict with its cause.
pub fn console(report: &StreamReport, source: &str, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let mut out = String::new();
    let read = group_digits(report.events);
    out.push_str(&match (report.kind, zh) {
        (StreamKind::Machine, false) => format!(
            "{source}: {read} events read ({} dealt, {} returned, {} invalid); {} faces × {} copies\n",
            group_digits(report.dealt),
            group_digits(report.returned),
            group_digits(report.invalid),
            report.faces,
            report.copies
        ),
        (StreamKind::Machine, true) => format!(
            "{source}：读入 {read} 个事件（发出 {}，收回 {}，无效 {}）；{} 种牌面 × {} 副\n",
            group_digits(report.dealt),
            group_digits(report.returned),
            group_digits(report.invalid),
            report.faces,
            report.copies
        ),
        (StreamKind::Draws, false) => format!("{source}: {read} draws of {} faces\n", report.faces),
        (StreamKind::Draws, true) => format!("{source}：读入 {read} 次抽取，{} 种牌面\n", report.faces),
        (StreamKind::Outcomes, false) => {
            format!("{source}: {read} {} read\n", report.scoreboard.map_or("coups", ScoreboardGame::units))
        }
        (StreamKind::Outcomes, true) => format!("{source}：读入 {read} 局\n"),
    });
    for (line, why) in &report.examples {
        out.push_str(&if zh {
            format!("  无效事件（第 {line} 行）：{why}\n")
        } else {
            format!("  invalid event (line {line}): {why}\n")
        });
    }
    if !report.tests.is_empty() {
        out.push_str(&format!(
            "\n  {:<16} {:>11} {:>6} {:>11} {:>11}  {}\n",
            "test", "statistic", "df", "p", "adjusted", "verdict"
        ));
        for t in &report.tests {
            out.push_str(&format!(
                "  {:<16} {:>11.2} {:>6} {:>11} {:>11}  {}\n",
                t.test.id.name(),
                t.test.statistic,
                t.test.df,
                format_ln_p(t.test.family_ln_p()),
                format_ln_p(t.ln_p_adjusted),
                t.verdict
            ));
        }
    }
    for n in &report.not_applied {
        out.push_str(&if zh {
            format!("  {} 未适用：{}\n", n.id.name(), n.why)
        } else {
            format!("  {} not applied: {}\n", n.id.name(), n.why)
        });
    }
    out.push('\n');
    let what = match report.kind {
        StreamKind::Machine => "events",
        StreamKind::Draws => "draws",
        StreamKind::Outcomes => report.scoreboard.map_or("coups", ScoreboardGame::units),
    };
    let partial = match (report.stopped, zh) {
        (Some(r), false) => format!("PARTIAL ({} after {read} {what}): ", r.stopped_by()),
        (Some(r), true) => format!("不完整（{}，读入 {read} 个后）：", r.stopped_by()),
        (None, _) => String::new(),
    };
    let verdict = report.verdict;
    let line = match (&report.broken, report.decisive(), zh) {
        (Some(why), _, false) => format!("{verdict}: {partial}{why}"),
        (Some(why), _, true) => format!("{verdict}：{partial}{why}"),
        (None, None, false) => format!("{verdict}: {partial}no test applies: too few {what}"),
        (None, None, true) => format!("{verdict}：{partial}太少，没有可用的检验"),
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
            "{verdict}: {partial}{} (adjusted p {}): {}",
            t.test.id.name(),
            format_ln_p(t.ln_p_adjusted),
            finding(report, t, lang)
        ),
        (None, Some(t), true) => format!(
            "{verdict}：{partial}{}（校正 p {}）：{}",
            t.test.id.name(),
            format_ln_p(t.ln_p_adjusted),
            finding(report, t, lang)
        ),
    };
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::verdict::Thresholds;
    use crate::game::dealer::DealerResult;
    use crate::game::scoreboard::Scoreboard;
    use crate::streams::StreamAudit;

    /// A blackjack scoreboard says its findings as dealer results, in English and Chinese, and its reports name
    /// the game: a dealer who alternates bust, 20 (or a natural), bust… (1,000 rounds) stands on 20 and busts far
    /// too often, and chops.
    #[test]
    fn a_blackjack_scoreboard_says_dealer_results_in_both_languages() {
        let mut audit = StreamAudit::outcomes(Scoreboard::blackjack(6, DealerRule::HitsSoft17));
        for i in 0..1_000 {
            // Every tenth round (an odd one) a natural in place of the 20.
            let r = match (i % 2, i % 10) {
                (0, _) => DealerResult::Bust,
                (_, 9) => DealerResult::Blackjack,
                _ => DealerResult::Twenty,
            };
            audit.outcome(r as usize);
        }
        let report = audit.report(&Thresholds::DEFAULT, None);
        assert_eq!(report.verdict, Verdict::Fail);
        let says = |id: &str, lang: Lang| {
            let row = report.tests.iter().find(|t| t.test.id.name() == id).expect(id);
            finding(&report, row, lang)
        };
        let en = says("outcome-odds", Lang::En);
        assert!(en.starts_with("the dealer's hand ends on 20 in 400 rounds where the exact odds"), "{en}");
        let zh = says("outcome-odds", Lang::Zh);
        assert!(zh.starts_with("庄家的牌以 20 点结束 400 局"), "{zh}");
        let en = says("outcome-runs", Lang::En);
        assert!(en.ends_with("busts alternate too often"), "{en}");
        assert!(says("outcome-runs", Lang::Zh).ends_with("爆牌与未爆牌交替太频繁"));
        let en = says("outcome-pairs", Lang::En);
        assert!(en.starts_with("a dealer hand ") && en.contains(" follows one "), "{en}");
        assert!(says("outcome-pairs", Lang::Zh).starts_with("庄家"));
        let console = console(&report, "board.txt (blackjack)", Lang::En);
        assert!(console.starts_with("board.txt (blackjack): 1,000 rounds read\n"), "{console}");
        let json = json(&report, "board.txt", Lang::En);
        assert!(json.contains("\"game\": \"blackjack\"") && json.contains("\"hits_soft_17\": true"), "{json}");
        assert!(csv(&report, Lang::En).lines().skip(1).all(|l| l.ends_with(",blackjack")));
    }
}
