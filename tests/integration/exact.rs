//! `exact --algorithm` and `run --against-exact` through the binary: the files and figures of the exact engine,
//! its refusals (exit status 2, one line naming the flag), and simulated runs agreeing with their exact models.

use std::path::Path;

use crate::common;
use common::{assert_usage_error, bin, read, stdout};

fn exact(args: &[&str], out: &Path) -> std::process::Output {
    bin().arg("exact").args(args).arg("--out").arg(out).output().unwrap()
}

#[test]
fn exact_writes_the_matrix_in_the_counts_layout_and_the_detection_table() {
    let dir = tempfile::tempdir().unwrap();
    let out = exact(&["--algorithm", "fisher-yates", "--rng", "glibc"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let text = stdout(&out);
    for needle in ["position-card", "suit-by-position", "rank-by-position", "largest cell", "3.81e17"] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
    let csv = read(&dir.path().join("exact.csv"));
    let mut lines = csv.lines();
    let header = lines.next().unwrap();
    assert_eq!(header, format!("position,{}", (0..52).map(|c| c.to_string()).collect::<Vec<_>>().join(",")));
    let rows: Vec<Vec<f64>> =
        lines.map(|l| l.split(',').skip(1).map(|x| x.parse::<f64>().unwrap()).collect()).collect();
    assert_eq!(rows.len(), 52);
    // Each position's row sums to 1; every cell is within 1e-7 of 1/52.
    for row in &rows {
        assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(row.iter().all(|p| (p * 52.0 - 1.0).abs() < 1e-7));
    }
    assert!(read(&dir.path().join("exact.svg")).contains("<svg"));
}

#[test]
fn exact_says_what_a_card_guesser_gets_after_one_riffle_and_writes_the_best_guess_per_position() {
    let dir = tempfile::tempdir().unwrap();
    let out = exact(&["--algorithm", "riffle", "--riffles", "1"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let text = stdout(&out);
    // 52 cards: 7.21 right with no feedback, 31.17 with complete feedback (Liu: 26 + 5.75 + O(1)), against a
    // uniform deck's 1 and H_52 = 4.54; a single-shelf pass gives 3n/4 = 39.
    for needle in [
        "no feedback (all 52 guesses named before any card is shown): 7.213994 (uniform: 1)",
        "complete feedback (each card shown after its guess): 31.169506 (uniform: H_52 = 4.538044)",
        "single-shelf machine, complete feedback: 39.000000",
        "(exact.csv, exact.svg, guess.csv)",
    ] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
    let csv = read(&dir.path().join("guess.csv"));
    let rows: Vec<Vec<&str>> = csv.lines().skip(1).map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 52);
    // The top card is the top card of the left packet with probability 1/2; the column sums to the figure.
    assert_eq!(&rows[0][..2], ["0", "0"]);
    let sum: f64 = rows.iter().map(|r| r[3].parse::<f64>().unwrap()).sum();
    assert!((sum - 7.213994).abs() < 1e-6, "{sum}");
    let two = exact(&["--algorithm", "riffle", "--riffles", "2", "--deck", "8"], dir.path());
    assert!(
        stdout(&two)
            .contains("complete feedback (each card shown after its guess): computed for one riffle only (here 2)")
    );
}

#[test]
fn small_decks_get_the_law_over_orders() {
    let dir = tempfile::tempdir().unwrap();
    let out = exact(&["--algorithm", "wash", "--swaps", "5", "--deck", "6"], dir.path());
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0));
    // Five transpositions: only odd orders, half of the 720 impossible, separation exactly 1.
    assert!(text.contains("360 orders impossible") && text.contains("separation 1.000000000e0"), "{text}");
    assert!(text.contains("fixed-points") && text.contains("adjacency"), "{text}");
}

#[test]
fn intractable_requests_are_refused_with_the_reason_and_the_nearest_thing() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str); 7] = [
        (&["--algorithm", "reject-retry"], "--algorithm"),
        (&["--algorithm", "direct-draw", "--rng", "msvc"], "--algorithm"),
        (&["--algorithm", "wash", "--game", "doudizhu"], "--game"),
        (&["--algorithm", "fisher-yates", "--swaps", "3"], "--swaps"),
        (&["--algorithm", "fisher-yates", "--riffles", "3"], "--riffles"),
        (&["--algorithm", "wash", "--swaps", "100000000000"], "--algorithm"),
        (&["--algorithm", "wash", "--order", "rank", "--deck", "20"], "--order"),
    ];
    for (args, flag) in cases {
        let out = exact(args, dir.path());
        assert_usage_error(&out, flag, &args.join(" "));
    }
    let out = exact(&["--algorithm", "reject-retry"], dir.path());
    let err = common::stderr(&out);
    assert!(err.contains("never terminates") && err.contains("reject-retry-fixed"), "{err}");
    let out = exact(&["--algorithm", "direct-draw"], dir.path());
    let err = common::stderr(&out);
    assert!(err.contains("not produce a permutation") && err.contains("mark-array"), "{err}");
    let out = bin().args(["exact", "--game", "douniu", "--rng", "msvc"]).output().unwrap();
    assert_usage_error(&out, "--rng", "--rng with --game");
}

#[test]
fn a_deal_shape_is_refused_for_the_douniu_odds_it_does_not_change() {
    for (flag, value) in [("--bottom", "3"), ("--hand", "4")] {
        let out = bin().args(["exact", "--game", "douniu", flag, value]).output().unwrap();
        assert_usage_error(&out, flag, &format!("exact --game douniu {flag} {value}"));
        assert!(common::stderr(&out).contains("applies to doudizhu's odds only"), "{}", common::stderr(&out));
    }
    // 斗地主's odds do follow the shape.
    let out = bin().args(["exact", "--game", "doudizhu", "--bottom", "3"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
}

fn against_exact(args: &[&str], dir: &Path) -> (Option<i32>, String) {
    let out =
        bin().args(["run", "--shuffles", "1000000", "--against-exact", "--out"]).arg(dir).args(args).output().unwrap();
    (out.status.code(), stdout(&out))
}

#[test]
fn simulations_agree_with_their_exact_models_at_a_million_shuffles() {
    // Each run: 10^6 shuffles of 52 cards (under a second each in the test profile on one core). A PASS has
    // p ≥ 1e-9 (Holm over one test), so with a correct model and simulator each fails with probability 1e-9;
    // the seeds are fixed, so the outcome is deterministic.
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["--algorithm", "wash", "--rng", "msvc", "--seed", "1"][..],
        // With MSVC's rand() the source's pair-swap does NOT agree with its model at 10^6 shuffles (p = 3.85e-37,
        // seed 1), although one MSVC stream of 10^6 shuffles in a row does (p = 0.50): the run's chunks each seed
        // their own generator on MSVC's single 2^32-state cycle, pair-swap draws about 1023 numbers a shuffle,
        // and the chunks' walks overlap, so some decks are counted twice (docs/src/guides/exact.md). The test of
        // the model uses a generator with room for every chunk.
        &["--algorithm", "pair-swap", "--rng", "chacha8", "--seed", "2"],
        &["--algorithm", "naive-swap", "--rng", "chacha8", "--seed", "3"],
        &["--algorithm", "fisher-yates", "--rng", "msvc", "--seed", "4"],
    ] {
        let (code, text) = against_exact(args, dir.path());
        assert_eq!(code, Some(0), "{}:\n{text}", args.join(" "));
        assert!(text.contains("PASS") && text.contains("against the exact model"), "{text}");
    }
    // The positive controls (counts against another shuffle's law, an impossible cell hit) are the unit tests of
    // stats::exact::against.
}

#[test]
fn against_exact_is_refused_without_an_exact_model() {
    let dir = tempfile::tempdir().unwrap();
    let out = bin().args(["run", "--decks", "-", "--against-exact"]).write_stdin("").output().unwrap();
    assert_usage_error(&out, "--against-exact", "--decks");
    let out = bin().args(["run", "--exec", "true", "--against-exact"]).output().unwrap();
    assert_usage_error(&out, "--against-exact", "--exec");
    let out = bin()
        .args(["run", "--algorithm", "reject-retry", "--seed", "1", "--against-exact", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_usage_error(&out, "--against-exact", "reject-retry");
    let out = bin().args(["run", "--algorithm", "wash", "--against-exact", "--tests", "parity"]).output().unwrap();
    assert_usage_error(&out, "--tests", "--tests");
}

#[test]
fn a_1024_card_run_ends_quickly_and_its_report_names_the_exact_law_it_left_out() {
    // The exact matrix of Fisher–Yates on 1024 cards is about 4.3e9 double-double operations (a minute): the
    // report leaves it out and names the command that computes it, and the run of 10 shuffles ends in seconds.
    // Before, the report computed it: over a minute. The bound is generous for a loaded machine.
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(common::bin_path())
        .args(["run", "-a", "fisher-yates", "--deck", "1024", "--shuffles", "10", "--seed", "1", "--out"])
        .arg(dir.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status = common::wait_or_kill(&mut child, std::time::Duration::from_secs(60), "run --deck 1024");
    assert!(matches!(status.code(), Some(0 | 1)), "{status:?}");
    let html = read(&dir.path().join("report.html"));
    assert!(html.contains("Exact matrix not computed for this report"), "no note in report.html");
    assert!(html.contains("shuffle-audit exact --algorithm fisher-yates --deck 1024"), "no command in report.html");
}

#[test]
fn a_long_exact_computation_shows_its_progress_and_stops_at_sigint() {
    use std::io::BufRead;
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(common::bin_path())
        .args(["exact", "--algorithm", "fisher-yates", "--deck", "1024", "--out"])
        .arg(dir.path().join("x"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (lines, seen) = std::sync::mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    // The first tenth of the computation (a few seconds) is the slow phase: wait for its progress line.
    let start = Instant::now();
    let mut err = String::new();
    while !err.contains("exact: 10% done") {
        let left = Duration::from_secs(120).saturating_sub(start.elapsed());
        match seen.recv_timeout(left) {
            Ok(line) => err.push_str(&(line + "\n")),
            Err(e) => panic!("no progress line ({e}); stderr so far:\n{err}"),
        }
    }
    assert!(err.contains("about 4.3e9 double-double operations"), "{err}");
    // SAFETY: kill(2) on our own child's pid.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let sent = Instant::now();
    let status = common::wait_or_kill(&mut child, Duration::from_secs(30), "exact after SIGINT");
    let latency = sent.elapsed();
    while let Ok(line) = seen.recv_timeout(Duration::from_secs(5)) {
        err.push_str(&(line + "\n"));
    }
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(latency < Duration::from_secs(5), "took {latency:?} to stop");
    assert!(err.contains("interrupted by SIGINT during the exact computation"), "{err}");
    assert!(!dir.path().join("x").exists(), "an interrupted computation writes nothing");
}

#[test]
fn huge_step_counts_of_the_hand_shuffles_are_uniform_and_fast() {
    // At 10^9 riffles the powers of the one-riffle matrix used to lose mass and report a bias that is not there
    // ("50% FAIL at 4.25e11 shuffles"); now they reach uniform after a few squarings and say so, with the
    // precision of the computation (doubles) instead of ~30 digits.
    let dir = tempfile::tempdir().unwrap();
    let cases: [&[&str]; 5] = [
        &["--algorithm", "riffle", "--riffles", "1000000000"],
        &["--algorithm", "riffle", "--riffles", "1000000000", "--rng", "msvc", "--deck", "5"],
        &["--algorithm", "overhand", "--passes", "1000000000"],
        &["--algorithm", "overhand", "--passes", "1000000000000", "--deck", "7"],
        &["--algorithm", "top-to-random", "--moves", "1000000000000", "--rng", "glibc"],
    ];
    for args in cases {
        let start = std::time::Instant::now();
        let out = exact(args, dir.path());
        let text = stdout(&out);
        let what = args.join(" ");
        assert_eq!(out.status.code(), Some(0), "{what}: {}", common::stderr(&out));
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "{what}: {:?}", start.elapsed());
        assert!(text.contains("no family sees a bias"), "{what}:\n{text}");
        assert!(text.contains("computed in doubles, about 12 digits") && !text.contains("30 digits"), "{text}");
        assert!(!text.contains("first to see it") && text.matches("never").count() >= 2, "{what}:\n{text}");
        assert!(text.contains("= 1/"), "{what}:\n{text}");
        // The CSV's rows are laws: each sums to 1.
        for row in read(&dir.path().join("exact.csv")).lines().skip(1) {
            let sum: f64 = row.split(',').skip(1).map(|x| x.parse::<f64>().unwrap()).sum();
            assert!((sum - 1.0).abs() < 1e-12, "{what}: a row sums to {sum}");
        }
    }
}
