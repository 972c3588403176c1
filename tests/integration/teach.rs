//! `teach`: the teaching page through the binary (one self-contained file, both languages, the same bytes every
//! time, bad flags refused with exit status 2), the exact matrices it carries against the library's, and the
//! counts fixture that ties the page's statistics to the Rust tool's.
//!
//! `tests/teach/position-card-cases.json` holds count matrices with the statistic and p-values the Rust tool
//! computes for them; this test recomputes them (so the file cannot drift from the Rust code), and the browser
//! test (scripts/teach-check.js, run by CI) feeds the same counts to the page's JavaScript and requires agreement
//! to 1e-9 relative. `SHUFFLE_AUDIT_BLESS=1 cargo test --test integration teach::` rewrites the file after a deliberate change.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::common;
use common::{assert_usage_error, bin, read, stdout};
use shuffle_audit::cards::Card;
use shuffle_audit::rng::{GlibcRand, SeededRng};
use shuffle_audit::shuffle::{Algorithm, AlgorithmKind, FisherYates, NaiveSwap, Riffle, Scratch, Shuffle};
use shuffle_audit::stats::PositionCardCounts;
use shuffle_audit::stats::exact::detect::default_family_size;
use shuffle_audit::stats::exact::model::{ExactRequest, exact_marginals};

fn teach(args: &[&str], out: &Path) -> std::process::Output {
    bin().arg("teach").args(args).arg("--out").arg(out).output().unwrap()
}

fn page(lang: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = teach(&["--lang", lang], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    assert!(stdout(&out).contains("teach.html"), "{}", stdout(&out));
    read(&dir.path().join("teach.html"))
}

/// The page's data block.
fn page_data(page: &str) -> Value {
    let start = page.find("<script type=\"application/json\" id=\"teach-data\">").unwrap();
    let body = &page[start..];
    let body = &body[body.find('>').unwrap() + 1..body.find("</script>").unwrap()];
    serde_json::from_str(&body.replace("<\\/", "</")).unwrap()
}

#[test]
fn the_page_is_one_file_that_needs_no_network() {
    let en = page("en");
    assert!(en.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    for needle in [
        "id=\"verdict\"",
        "id=\"algorithm\"",
        "id=\"code\"",
        "id=\"heatmap\"",
        "id=\"progress\"",
        "id=\"stop\"",
        "id=\"teach-worker\"",
        "new Worker(",
        "prefers-color-scheme:dark",
        "Three cards, 27 paths, 6 orders",
        "How many riffles?",
    ] {
        assert!(en.contains(needle), "{needle} missing");
    }
    // No asset or script from elsewhere: no src or href to a URL, no stylesheet link, no fetch or import.
    for forbidden in ["src=\"http", "href=\"http", "<link", "fetch(", "import(", "importScripts(", "@import"] {
        assert!(!en.contains(forbidden), "the page loads something: {forbidden}");
    }
    // Nothing ends a script early: the JSON escapes "</".
    let data_start = en.find("id=\"teach-data\">").unwrap();
    let data_end = data_start + en[data_start..].find("</script>").unwrap();
    assert!(!en[data_start..data_end].contains("</"));

    let zh = page("zh");
    assert!(zh.starts_with("<!DOCTYPE html>\n<html lang=\"zh-CN\">"));
    for needle in ["亲眼看洗牌的偏差出现", "三张牌，27 条路径，6 种顺序", "朴素交换", "黑桃A", "id=\"verdict\""]
    {
        assert!(zh.contains(needle), "{needle} missing from the Chinese page");
    }
    // The battery's size is counted from the battery, not written into the words: the statistics note names the
    // default Holm family for 52 cards in both languages, and no hole is left unfilled.
    let m = default_family_size(52);
    assert!(en.contains(&format!("one Holm family: {m} tests for 52 cards")), "the note does not say {m} tests");
    assert!(zh.contains(&format!("52 张牌时是 {m} 个检验")), "the Chinese note does not say {m} tests");
    assert!(!en.contains("{tests}") && !zh.contains("{tests}"));
    // The same page twice: the same bytes (scripts/make-reports.sh relies on it).
    assert_eq!(page("en"), en);
}

#[test]
fn bad_flags_are_refused_with_exit_status_2() {
    let dir = tempfile::tempdir().unwrap();
    assert_usage_error(&teach(&["--lang", "fr"], dir.path()), "--lang", "an unknown language");
    assert_usage_error(&teach(&["--shuffles", "10"], dir.path()), "--shuffles", "a flag teach does not take");
    assert!(!dir.path().join("teach.html").exists());
}

#[test]
fn the_exact_matrices_on_the_page_are_the_libraries() {
    let data = page_data(&page("en"));
    let unit = data["deviation_unit"].as_f64().unwrap();
    assert_eq!(unit, 1e-5);
    for (name, param, n) in [("naive-swap", None, 52usize), ("wash", Some(20usize), 8), ("riffle", Some(7), 52)] {
        let key = format!("{name}/{}/{n}", param.map_or(String::new(), |p| p.to_string()));
        let dev: Vec<i64> =
            data["exact"][&key]["dev"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
        let kind: AlgorithmKind = name.parse().unwrap();
        let m = exact_marginals(&ExactRequest::new(Algorithm::with_swaps(kind, param), None, n)).unwrap();
        assert_eq!(dev.len(), n * n);
        for card in 0..n {
            for pos in 0..n {
                let want = m.get(card, pos).to_f64() * n as f64 - 1.0;
                let got = dev[card * n + pos] as f64 * unit;
                assert!((want - got).abs() <= unit / 2.0 + 1e-12, "{key} card {card} pos {pos}: {want} vs {got}");
            }
        }
    }
    // Fisher–Yates is exactly uniform; the off-by-one naive swap can never leave the last card last (an
    // impossible cell, exactly −10^5 units), and no possible cell is encoded as impossible.
    let fy = &data["exact"]["fisher-yates//52"];
    assert!(fy["dev"].as_array().unwrap().iter().all(|v| v.as_i64() == Some(0)));
    assert!(fy["shuffles_50"].is_null());
    let off = data["exact"]["naive-swap-off-by-one//13"]["dev"].as_array().unwrap();
    assert_eq!(off[12 * 13 + 12].as_i64(), Some(-100_000));
    assert_eq!(off.iter().filter(|v| v.as_i64() == Some(-100_000)).count(), 1);
    // The detection figures of the naive swap on 52 cards: FAIL half the time between 10^2 and 10^4 shuffles.
    let s50 = data["exact"]["naive-swap//52"]["shuffles_50"].as_f64().unwrap();
    assert!((100.0..1e4).contains(&s50), "{s50}");
    // The thresholds are the tool's.
    assert_eq!(data["thresholds"], json!({"fail": 1e-9, "suspicious": 1e-3}));
}

// ---------------------------------------------------------------------------------------------------------------
// The counts fixture.

fn fixture_path() -> PathBuf {
    common::repo().join("tests/teach/position-card-cases.json")
}

/// Counts of `shuffles` decks of `n` cards shuffled by `shuffle` with glibc `rand()` seeded `seed`.
fn counts_of<S: Shuffle>(shuffle: &S, n: usize, shuffles: u64, seed: u64) -> Vec<u64> {
    let mut rng = GlibcRand::from_seed_u64(seed);
    let mut counts = PositionCardCounts::new(n);
    let mut scratch = Scratch::new(n);
    let mut deck: Vec<Card> = Vec::with_capacity(n);
    for _ in 0..shuffles {
        deck.clear();
        deck.extend(0..n as Card);
        shuffle.shuffle(&mut deck, &mut rng, &mut scratch).unwrap();
        counts.add(&deck);
    }
    counts.matrix().to_vec()
}

/// A matrix too even to be chance: every rotation of the deck the same number of times, plus a few shuffles.
fn too_even(n: usize, rounds: u64, extra: u64) -> Vec<u64> {
    let mut counts = PositionCardCounts::new(n);
    let mut deck: Vec<Card> = (0..n as Card).collect();
    for _ in 0..rounds {
        for _ in 0..n {
            deck.rotate_left(1);
            counts.add(&deck);
        }
    }
    let mut m = counts.matrix().to_vec();
    for (a, b) in m.iter_mut().zip(counts_of(&FisherYates, n, extra, 7)) {
        *a += b;
    }
    m
}

fn cases() -> Vec<(&'static str, usize, Vec<u64>)> {
    vec![
        ("fisher-yates, 52 cards, 10^4 shuffles", 52, counts_of(&FisherYates, 52, 10_000, 1)),
        ("naive-swap, 52 cards, 10^5 shuffles", 52, counts_of(&NaiveSwap, 52, 100_000, 2)),
        ("naive-swap, 8 cards, 2000 shuffles", 8, counts_of(&NaiveSwap, 8, 2_000, 3)),
        ("riffle once, 13 cards, 5000 shuffles", 13, counts_of(&Riffle { riffles: 1 }, 13, 5_000, 4)),
        ("fisher-yates, 3 cards, 1000 shuffles", 3, counts_of(&FisherYates, 3, 1_000, 5)),
        ("fisher-yates, 4 cards, 1000 shuffles", 4, counts_of(&FisherYates, 4, 1_000, 6)),
        ("rotations and a few shuffles, 52 cards (too even)", 52, too_even(52, 100, 52)),
    ]
}

fn case_json(name: &str, n: usize, counts: Vec<u64>) -> Value {
    let r = PositionCardCounts::from_matrix(n, counts.clone()).global_test();
    let (ln_p, tail) = r.family_ln_p();
    json!({
        "name": name,
        "n": n,
        "counts": counts,
        "statistic": r.statistic,
        "df": r.df,
        "ln_p_upper": r.ln_p,
        "ln_p_lower": r.ln_p_low.unwrap(),
        "ln_p": ln_p,
        "tail": if tail == shuffle_audit::stats::Tail::Lower { "lower" } else { "upper" },
    })
}

fn close(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0)
}

#[test]
fn the_counts_fixture_is_what_the_rust_tool_computes() {
    let fresh: Vec<Value> = cases().into_iter().map(|(name, n, counts)| case_json(name, n, counts)).collect();
    let path = fixture_path();
    if std::env::var_os("SHUFFLE_AUDIT_BLESS").is_some() {
        // One case per line: the counts are long.
        let lines: Vec<String> = fresh.iter().map(|c| serde_json::to_string(c).unwrap()).collect();
        let text = format!("{{\"cases\": [\n{}\n]}}\n", lines.join(",\n"));
        std::fs::write(&path, text).unwrap();
    }
    let stored: Value = serde_json::from_str(&read(&path)).unwrap();
    let stored = stored["cases"].as_array().unwrap();
    assert_eq!(stored.len(), fresh.len(), "cases differ: rerun with SHUFFLE_AUDIT_BLESS=1");
    for (s, f) in stored.iter().zip(&fresh) {
        assert_eq!(s["name"], f["name"]);
        assert_eq!(s["counts"], f["counts"], "{}: counts differ", f["name"]);
        assert_eq!(s["tail"], f["tail"], "{}", f["name"]);
        for key in ["statistic", "df", "ln_p_upper", "ln_p_lower", "ln_p"] {
            let (a, b) = (s[key].as_f64().unwrap(), f[key].as_f64().unwrap());
            assert!(close(a, b), "{}: {key} is {b} in Rust, {a} in the fixture", f["name"]);
        }
    }
    // The cases span the branches of the page's statistics: a small and a large df, a p-value below the
    // smallest double, and a lower-tail decision.
    let ln_p: Vec<f64> = fresh.iter().map(|c| c["ln_p"].as_f64().unwrap()).collect();
    assert!(ln_p.iter().any(|&p| p < -1000.0), "{ln_p:?}");
    assert!(ln_p.iter().any(|&p| p > -2.0), "{ln_p:?}");
    assert!(fresh.iter().any(|c| c["tail"] == "lower" && c["ln_p"].as_f64().unwrap() < -10.0));
}
