//! `run --lab`: the lab page and its PDF, driven through the binary on small runs: the refusals of `--lab` and
//! `--level`, the page's parts, its SHA-256 lines against the files beside it and the input, the same page for the
//! same run, and lab.pdf printed by Chromium (or, without a browser, an error that keeps every other file).

use std::path::Path;
use std::process::Output;

use sha2::{Digest, Sha256};

use crate::common;
use common::{assert_usage_error, bin, read, stderr, stdout};

/// A small built-in run (8 cards, 20000 shuffles in 4 samples) with `--lab` and `extra`, into `out`, with the
/// browser named `browser` (`None`: the environment's).
fn lab_run(extra: &[&str], out: &Path, browser: Option<&str>) -> Output {
    let mut cmd = bin();
    cmd.args(["run", "-a", "fisher-yates", "--deck", "8", "--shuffles", "20000", "--seed", "3", "--lab"])
        .args(extra)
        .arg("--out")
        .arg(out);
    if let Some(b) = browser {
        cmd.env("CHROMIUM", b);
    }
    cmd.output().unwrap()
}

fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The (name, SHA-256) rows of the page's fingerprint table whose first cell is a `<code>` file name.
fn file_rows(html: &str) -> Vec<(String, String)> {
    html.lines()
        .filter_map(|l| {
            let name = l.strip_prefix("<tr><td><code>")?.split("</code>").next()?;
            let sha = l.split("<td class=\"sha\">").nth(1)?.split("</td>").next()?;
            Some((name.to_string(), sha.to_string()))
        })
        .collect()
}

/// The browser the tests print with, when this machine has one.
fn browser() -> Option<String> {
    if let Some(b) = std::env::var_os("CHROMIUM").filter(|b| !b.is_empty()) {
        return Some(b.to_string_lossy().into_owned());
    }
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"].iter().find_map(|name| {
        std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file()).map(|p| p.display().to_string())
    })
}

#[test]
fn level_and_lab_are_refused_where_they_do_not_apply() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let o = out.to_str().unwrap();
    let base = ["run", "-a", "fisher-yates", "--deck", "8", "--shuffles", "20000", "--seed", "1", "--out", o];
    let with = |extra: &[&str]| bin().args(base).args(extra).output().unwrap();
    assert_usage_error(&with(&["--level", "95"]), "--level", "--level without --lab");
    assert_usage_error(&with(&["--lab", "--level", "90"]), "--level", "--level 90");
    assert_usage_error(&with(&["--lab", "--level", "high"]), "--level", "--level high");
    assert_usage_error(&with(&["--lab", "--progressive"]), "--lab", "--lab --progressive");
    assert_usage_error(&with(&["--lab", "--shard", "1/2"]), "--lab", "--lab --shard");
    assert_usage_error(&with(&["--lab", "--against-exact"]), "--lab", "--lab --against-exact");
    let state = dir.path().join("run.state");
    let resume = bin().args(["run", "--resume", state.to_str().unwrap(), "--lab", "--out", o]).output().unwrap();
    assert_usage_error(&resume, "--lab", "--lab --resume");
    for message in [&with(&["--lab", "--progressive"]), &with(&["--level", "99"])] {
        assert!(!stderr(message).contains("panicked"), "{}", stderr(message));
    }
    assert!(!out.exists(), "a refused run wrote nothing");
}

#[test]
fn the_page_lists_every_part_and_fingerprints_the_files_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("lab");
    // No browser: the page and every report are written, lab.pdf is not, and the error says what to install.
    let o = lab_run(&["--samples", "4", "--level", "95"], &out, Some("/nonexistent/chromium"));
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--lab: lab.pdf was not written") && err.contains("apt-get install chromium"), "{err}");
    assert!(err.contains("/nonexistent/chromium"), "{err}");
    assert!(!out.join("lab.pdf").exists());
    for name in ["summary.csv", "run.json", "report.html", "samples.csv", "second_level.csv", "lab.html"] {
        assert!(out.join(name).is_file(), "{name} is missing");
    }
    assert!(stdout(&o).contains("lab.html"), "{}", stdout(&o));
    let html = read(&out.join("lab.html"));
    assert!(html.contains("<h1>Statistical evidence of a card shuffle</h1>"));
    assert!(html.contains("Nothing on it claims a certification."));
    for id in ["tested", "decision", "tests", "predictability", "fingerprints"] {
        assert!(html.contains(&format!("<section id=\"{id}\"")), "no section {id}");
    }
    assert!(html.contains("4 samples of 5,000 decks") || html.contains("4 samples of 5000 decks"), "{html}");
    assert!(html.contains("At the chosen level (95%):") && html.contains("<th class=\"chosen\">95%</th>"));
    assert!(html.contains("Chi-square test of card by position (each card equally likely at each position)"));
    assert!(html.contains("Second-level uniformity of sample p-values"));
    assert!(html.contains("64 bits (seed_from_u64)") && html.contains("log2(8!) = 15.3 bits"), "{html}");
    // Every report file beside the page is listed with the SHA-256 of its bytes on disk, and nothing else is.
    let rows = file_rows(&html);
    let mut names: Vec<&str> = rows.iter().map(|(n, _)| n.as_str()).collect();
    names.sort_unstable();
    let mut on_disk: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "lab.html")
        .collect();
    on_disk.sort_unstable();
    assert_eq!(names, on_disk, "the page lists the files beside it");
    for (name, sha) in &rows {
        assert_eq!(sha, &sha256(&std::fs::read(out.join(name)).unwrap()), "{name}'s SHA-256");
    }
    // The program's own fingerprint is the binary's.
    let binary = sha256(&std::fs::read(common::bin_path()).unwrap());
    assert!(html.contains(&binary), "the program's SHA-256 {binary} is not on the page");
}

#[test]
fn the_same_run_makes_the_same_page_in_either_language() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, zh) = (dir.path().join("a"), dir.path().join("b"), dir.path().join("zh"));
    for out in [&a, &b] {
        let o = lab_run(&["--no-timings"], out, Some("/nonexistent/chromium"));
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    }
    assert_eq!(read(&a.join("lab.html")), read(&b.join("lab.html")), "two runs, two pages");
    let o = lab_run(&["--no-timings", "--lang", "zh"], &zh, Some("/nonexistent/chromium"));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let html = read(&zh.join("lab.html"));
    assert!(html.contains("<h1>洗牌的统计证据</h1>") && html.contains("本页没有任何内容声称获得认证"), "{html}");
    assert!(html.contains("在所选水平（99%）下") && html.contains("逐位置牌面卡方检验"));
    assert!(!html.contains("What was tested"), "English left on the Chinese page");
}

#[test]
fn decks_made_elsewhere_have_their_input_fingerprinted() {
    let dir = tempfile::tempdir().unwrap();
    let decks = dir.path().join("decks.txt");
    let mut text = String::new();
    for k in 0..400u32 {
        let mut deck: Vec<u32> = (0..6).collect();
        deck.rotate_left((k % 6) as usize);
        deck.swap(0, (k / 6 % 6) as usize);
        text.push_str(&deck.iter().map(u32::to_string).collect::<Vec<_>>().join(" "));
        text.push('\n');
    }
    std::fs::write(&decks, &text).unwrap();
    let out = dir.path().join("file");
    let o = bin()
        .args(["run", "--decks", decks.to_str().unwrap(), "--lab", "--out", out.to_str().unwrap()])
        .env("CHROMIUM", "/nonexistent/chromium")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let html = read(&out.join("lab.html"));
    assert!(html.contains(&sha256(text.as_bytes())), "the decks file's SHA-256");
    assert!(html.contains("not known: the decks were made elsewhere"));
    let out = dir.path().join("exec");
    let command = format!("cat {}", decks.display());
    let o = bin()
        .args(["run", "--exec", &command, "--lab", "--out", out.to_str().unwrap()])
        .env("CHROMIUM", "/nonexistent/chromium")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let html = read(&out.join("lab.html"));
    assert!(html.contains(&sha256(command.as_bytes())), "the command line's SHA-256");
}

#[test]
fn chromium_prints_lab_pdf() {
    let Some(browser) = browser() else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI has no Chromium to print lab.pdf with (apt-get install chromium, or set CHROMIUM)"
        );
        eprintln!("no Chromium on this machine (apt-get install chromium): lab.pdf is not printed here");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("lab");
    let o = lab_run(&["--lang", "zh"], &out, Some(&browser));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let pdf = std::fs::read(out.join("lab.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF"), "lab.pdf is not a PDF");
    assert!(pdf.len() > 10_000, "lab.pdf holds {} bytes", pdf.len());
    assert!(stdout(&o).contains("lab.pdf"), "{}", stdout(&o));
    // No temporary file is left in the folder.
    let names: Vec<String> =
        std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().all(|n| !n.starts_with('.')), "{names:?}");
}

#[test]
fn a_run_stopped_early_keeps_its_reports_and_writes_no_lab_page() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("stopped");
    let o = bin()
        .args(["run", "-a", "fisher-yates", "--shuffles", "2^40", "--seed", "1", "--timeout", "300ms", "--lab"])
        .arg("--out")
        .arg(&out)
        .env("CHROMIUM", "/nonexistent/chromium")
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "the time limit's status: {err}");
    assert!(err.contains("--lab: no lab page: the run is partial"), "{err}");
    assert!(out.join("summary.csv").is_file() && out.join("run.json").is_file(), "the partial reports are written");
    assert!(!out.join("lab.html").exists() && !out.join("lab.pdf").exists());
}
