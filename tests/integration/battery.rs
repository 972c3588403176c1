//! The test battery through the binary: `--tests`, progressive mode and `calibrate`, on small inputs.

use crate::common;
use common::{csv_rows, run, text};

#[test]
fn bad_test_selections_exit_2_with_one_line_naming_the_flag() {
    for (args, needle) in [
        (vec!["run", "-a", "fisher-yates", "--tests", "parity,nope"], "'nope'"),
        (vec!["run", "-a", "fisher-yates", "--tests", "full-permutation"], "at most 8 cards"),
        (
            vec!["run", "-a", "fisher-yates", "--deck", "8", "--shuffles", "1000", "--tests", "full-permutation"],
            "403200",
        ),
        (vec!["run", "-a", "fisher-yates", "--deck", "20", "--tests", "suit-by-position"], "52- or 54-card"),
        (vec!["run", "-a", "fisher-yates", "--progressive", "--shuffles", "1000"], "--progressive"),
        (vec!["run", "-a", "fisher-yates", "--max-shuffles", "1000"], "--max-shuffles"),
        (vec!["calibrate", "-a", "fisher-yates", "--replicates", "0"], "--replicates"),
        (vec!["calibrate", "-a", "fisher-yates", "--tests", "x"], "--tests"),
    ] {
        assert_refused(&args, needle);
    }
}

/// `args` exit 2 with one line on standard error that contains `needle`.
fn assert_refused(args: &[&str], needle: &str) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    let err = text(&o.stderr);
    assert!(err.contains(needle), "{args:?}: {err}");
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
}

#[test]
fn a_selected_test_is_the_only_one_reported_and_wash_never_goes_odd() {
    // wash with an even number of swaps only reaches even permutations: parity fails at any seed (p = 2^(1−N)).
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    let o = run(&[
        "run",
        "-a",
        "wash",
        "--swaps",
        "100",
        "--deck",
        "54",
        "--shuffles",
        "2000",
        "--seed",
        "1",
        "--tests",
        "parity",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    assert!(stdout.contains("never produced an odd permutation") || stdout.contains("were even"), "{stdout}");
    let (_, rows) = csv_rows(&out.join("summary.csv"));
    let tests: Vec<&str> = rows.iter().map(|r| r[5].as_str()).collect();
    assert_eq!(tests, ["parity", "overall"]);
    let log10: f64 = rows[0][9].parse().unwrap();
    assert!((log10 - (1.0 - 2000.0) * 2f64.log10()).abs() < 1e-3, "{log10}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("run.json")).unwrap()).unwrap();
    assert_eq!(json["config"]["tests"], "parity");
}

#[test]
fn progressive_mode_catches_naive_swap_by_2_to_the_12() {
    // docs/src/reference.md#sample-sizes: naive-swap needs about 550 shuffles at 5σ; each look is judged at 1e-9 divided by the number
    // of looks, so a fair shuffle would reach FAIL anywhere in this run with probability below 1e-9.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p");
    let o = run(&[
        "run",
        "-a",
        "naive-swap",
        "--seed",
        "1",
        "--progressive",
        "--max-shuffles",
        "2^20",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    let at = stdout.split("detected at 2^").nth(1).and_then(|s| s.split_whitespace().next()).expect(&stdout);
    assert!(at.parse::<u32>().unwrap() <= 12, "{stdout}");
    assert!(stdout.contains("multiplied by 11, the number of looks"), "{stdout}");
    let (header, rows) = csv_rows(&out.join("progressive.csv"));
    assert_eq!(header.join(","), "shuffles,test,statistic,df,log10_p,log10_p_holm,verdict,sides");
    assert!(rows.iter().any(|r| r[1] == "family" && r[6] == "FAIL"));
    assert!(out.join("summary.csv").exists() && out.join("counts.csv").exists());
}

#[test]
fn progressive_mode_on_a_fair_shuffle_runs_every_look_and_passes() {
    // fisher-yates / chacha8 (the default generator), seed 2: each look is judged at the thresholds divided by
    // the 10 looks, so a fair shuffle reaches FAIL anywhere in the run with probability at most 1e-9 and
    // SUSPICIOUS at most 1e-3; the seed is fixed, so the outcome is deterministic.
    let dir = tempfile::tempdir().unwrap();
    let o = run(&[
        "run",
        "-a",
        "fisher-yates",
        "--deck",
        "8",
        "--seed",
        "2",
        "--progressive",
        "--max-shuffles",
        "2^19",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    // 10 looks from 2^10 to 2^19; full-permutation (needs 403200) appears only at the last one.
    let rows: Vec<&str> = stdout.lines().filter(|l| l.trim_start().starts_with("2^")).collect();
    assert_eq!(rows.len(), 10, "{stdout}");
    assert!(rows[8].contains(" - ") && !rows[9].contains(" - "), "{stdout}");
    assert!(stdout.contains("not detected up to 2^19"), "{stdout}");
}

#[test]
fn a_progressive_run_suspicious_at_one_look_is_suspicious_even_when_its_last_look_passes() {
    // fisher-yates / pcg64, seed 44, up to 2^16 (7 looks) at --suspicious-below 0.05: a look in the middle
    // is SUSPICIOUS (its family p below 0.05/7) and the last one PASSes. The stated rate (a fair run is flagged
    // at some look with probability at most 0.05, tests/integration/family.rs) is the rate of "flagged at any look", so that
    // is the verdict; the seed is fixed, so the outcome is deterministic.
    let dir = tempfile::tempdir().unwrap();
    let o = run(&[
        "run",
        "-a",
        "fisher-yates",
        "--rng",
        "pcg64",
        "--seed",
        "44",
        "--progressive",
        "--max-shuffles",
        "2^16",
        "--suspicious-below",
        "0.05",
        "--out",
        dir.path().join("p").to_str().unwrap(),
    ]);
    // SUSPICIOUS exits 0, as a plain run's does.
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    let rows: Vec<&str> = stdout.lines().filter(|l| l.trim_start().starts_with("2^")).collect();
    assert_eq!(rows.len(), 7, "{stdout}");
    assert!(rows.iter().any(|r| r.ends_with("SUSPICIOUS")) && rows[6].ends_with("PASS"), "{stdout}");
    assert!(
        stdout.contains("\nSUSPICIOUS: not detected up to 2^16 shuffles (65536), but SUSPICIOUS at 2^"),
        "{stdout}"
    );
    assert!(stdout.contains("the smallest family-wise p over the looks is "), "{stdout}");
}

#[test]
fn calibrate_writes_its_table_and_p_values() {
    // 30 replicates of 2000 shuffles of 8 cards: a calibrated harness flags a statistic (KS or AD p < 0.001)
    // with probability about 2% here; the seed is fixed, so the outcome is deterministic.
    let dir = tempfile::tempdir().unwrap();
    let o = run(&[
        "calibrate",
        "-a",
        "fisher-yates",
        "--deck",
        "8",
        "--replicates",
        "30",
        "--shuffles",
        "2000",
        "--seed",
        "1",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}{}", text(&o.stdout), text(&o.stderr));
    let stdout = text(&o.stdout);
    assert!(stdout.contains("30 replicates x 2000 shuffles"), "{stdout}");
    let (header, rows) = csv_rows(&dir.path().join("calibration.csv"));
    assert_eq!(header.join(","), "test,p_kind,replicates,shuffles,ks_d,ks_p,ad_a2,ad_p,rejected_at_0.01,verdict");
    assert!(rows.len() >= 10 && rows.iter().all(|r| r[2] == "30" && r[9] == "uniform"), "{rows:?}");
    assert!(rows.iter().any(|r| r[0] == "parity" && r[1] == "mid-p"));
    assert!(rows.iter().any(|r| r[0] == "position-worst" && r[1] == "Sidak"));
    // Both tails of a two-sided statistic.
    assert!(rows.iter().any(|r| r[0] == "cycles" && r[1] == "lower"));
    let (_, p_values) = csv_rows(&dir.path().join("p_values.csv"));
    assert_eq!(p_values.len(), 30 * rows.len());
    // The family rule at three levels: 30 replicates, a rate, an interval that holds it, a verdict.
    let (header, family) = csv_rows(&dir.path().join("family.csv"));
    assert_eq!(header.join(","), "alpha,replicates,fired,rate,ci_low,ci_high,verdict");
    assert_eq!(family.iter().map(|r| r[0].as_str()).collect::<Vec<_>>(), ["0.01", "0.05", "0.1"]);
    for r in &family {
        let (rate, lo, hi): (f64, f64, f64) = (r[3].parse().unwrap(), r[4].parse().unwrap(), r[5].parse().unwrap());
        assert!(r[1] == "30" && lo <= rate && rate <= hi, "{r:?}");
        assert_ne!(r[6], "TOO MANY", "{r:?}");
    }
    assert!(stdout.contains("The verdict's family rule"), "{stdout}");
}

#[test]
fn the_guess_test_reports_extra_cards_per_deck_with_its_interval() {
    // One pass of the 10-shelf machine, 20,000 decks (seed 5): a guesser trained on earlier decks gets about 2.7
    // cards per deck more than the 4.538 chance gives (measured: successor +2.77, 99% +2.75..+2.78 at 10^5
    // decks, seed 5); p is far below the FAIL threshold (1e-9), which a fair shuffle reaches with probability 1e-9.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("guess");
    let args = ["run", "-a", "shelf", "--passes", "1", "--tests", "guess", "--shuffles", "20000", "--seed", "5"];
    let out = run(&[&args[..], &["--out", dir.to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let console = text(&out.stdout);
    assert!(console.contains("guesses") && console.contains("more cards per deck than chance (99%: "), "{console}");
    let (header, rows) = csv_rows(&dir.join("summary.csv"));
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let row = rows.iter().find(|r| r[col("test")] == "guess").expect("a guess row");
    let extra: f64 = row[col("statistic")].parse().unwrap();
    assert!((2.0..3.5).contains(&extra), "{extra}");
    assert!(row[col("detail")].contains("successor +") && row[col("detail")].contains("Bonferroni over 3"));
    let json = common::run_json(&dir);
    let g = &json["assessment"]["tests"][0]["result"]["guess"];
    let (low, high) = (g["extra_99_low"].as_f64().unwrap(), g["extra_99_high"].as_f64().unwrap());
    assert!(low < extra && extra < high && high - low < 0.2, "{low} {extra} {high}");
    assert_eq!(g["guessers"].as_array().unwrap().len(), 3);
    assert!((g["chance_per_deck"].as_f64().unwrap() - 4.53804).abs() < 1e-5);
}

#[test]
fn opt_in_tests_pass_a_fair_shuffle_and_the_guesser_flag_needs_guess() {
    // Fisher–Yates with ChaCha8, 5,000 decks: guess and longest-increasing PASS unless the family p falls below
    // the SUSPICIOUS threshold (1e-3), which a fair shuffle does with probability about 1e-3 (Holm over the two
    // tests keeps the family at that level); the seed is fixed, so the outcome is deterministic.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("fair");
    let out = run(&[
        "run",
        "-a",
        "fisher-yates",
        "--tests",
        "longest-increasing,guess=above-last",
        "--shuffles",
        "5000",
        "--seed",
        "3",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let (header, rows) = csv_rows(&dir.join("summary.csv"));
    let test = header.iter().position(|h| h == "test").unwrap();
    let tests: Vec<&str> = rows.iter().map(|r| r[test].as_str()).collect();
    assert!(tests.contains(&"guess") && tests.contains(&"longest-increasing"), "{tests:?}");
    assert_eq!(common::run_json(&dir)["config"]["tests"], "longest-increasing,guess=above-last");
    for (args, flag, needle) in [
        (vec!["run", "-a", "fisher-yates", "--guesser", "marginal"], "--guesser", "guess test only"),
        (vec!["run", "-a", "fisher-yates", "--tests", "guess", "--guesser", "psychic"], "--guesser", "'psychic'"),
        (vec!["run", "-a", "fisher-yates", "--deck", "65", "--tests", "longest-increasing"], "--tests", "at most 64"),
    ] {
        let out = run(&args);
        common::assert_usage_error(&out, flag, needle);
        assert!(common::stderr(&out).contains(needle), "{}", common::stderr(&out));
    }
}

/// `count` 8-deck shoes written by face (`SA S2 … DK` eight times each), shuffled by Fisher–Yates with PCG64 from
/// `seed`: how, `kind` says.
/// How `shoes_by_face` shuffles: every shoe afresh, only its top half, or each shoe the previous one with 100 random
/// swaps (the first one shuffled whole, so every shoe on its own is uniform and only the sequence remembers).
#[derive(Clone, Copy, PartialEq)]
enum Shoes {
    Fair,
    Half,
    Sticky,
}

fn shoes_by_face(count: usize, seed: u64, kind: Shoes) -> String {
    shoes_of_copies_by_face(8, count, seed, kind)
}

/// The same with `copies` decks to the shoe.
fn shoes_of_copies_by_face(copies: usize, count: usize, seed: u64, kind: Shoes) -> String {
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
    let faces: Vec<String> = "SHCD".chars().flat_map(|s| ranks.iter().map(move |r| format!("{s}{r}"))).collect();
    let shoe: Vec<&str> = (0..copies).flat_map(|_| faces.iter().map(String::as_str)).collect();
    let mut g = rand_pcg::Pcg64::seed_from_u64(seed);
    let mut out = String::new();
    let mut last = shoe.clone();
    if kind == Shoes::Sticky {
        last.shuffle(&mut g);
    }
    for i in 0..count {
        let mut d = shoe.clone();
        match kind {
            Shoes::Fair => d.shuffle(&mut g),
            Shoes::Half => d[..shoe.len() / 2].shuffle(&mut g),
            Shoes::Sticky => {
                for _ in 0..if i == 0 { 0 } else { 100 } {
                    last.swap(g.random_range(0..shoe.len()), g.random_range(0..shoe.len()));
                }
                d.clone_from(&last);
            }
        }
        out.push_str(&d.join(" "));
        out.push('\n');
    }
    out
}

#[test]
fn the_guess_test_names_a_shoes_faces() {
    // A built-in 6-deck shoe, 20,000 shoes (seed 1): the guessers name faces, each step right with probability the
    // copies left of the face named over the cards left, and a fair shuffle PASSes unless its p falls below the
    // SUSPICIOUS threshold (1e-3), which it does with probability about 1e-3; the seed is fixed, so the outcome is
    // deterministic (measured: p 0.305, successor +0.026 cards per shoe, 99% -0.027 to +0.079, over a realised
    // chance of 10.29 per shoe).
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("shoe");
    let args =
        ["run", "-a", "fisher-yates", "--deck", "52", "--copies", "6", "--shuffles", "20000", "--seed", "1", "--tests"];
    let out = run(&[&args[..], &["guess", "--out", dir.to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let json = common::run_json(&dir);
    let result = &json["assessment"]["tests"][0]["result"];
    let g = &result["guess"];
    let chance = g["chance_per_deck"].as_f64().unwrap();
    let (right, extra) = (g["right_per_deck"].as_f64().unwrap(), g["extra_cards_per_deck"].as_f64().unwrap());
    // Chance per shoe is the realised Σ c/m: above a deck's H_312 = 6.32 (the face named has up to 6 copies
    // left), below 6·H_52 = 27.2.
    assert!((6.32..27.2).contains(&chance), "{chance}");
    assert!((right - extra - chance).abs() < 1e-9, "{right} {extra} {chance}");
    assert_eq!((g["decks"].as_u64(), g["guessers"].as_array().unwrap().len()), (Some(20000), 3));
    let detail = result["detail"].as_str().unwrap();
    assert!(detail.contains("extra right faces per shoe") && detail.contains("6 copies of 52 faces"), "{detail}");
    // Fair 2-deck shoes written by face: guess applies to them, the faces being what they say, and PASSes (fixed
    // seed; a fair run fails to with probability about 1e-3; measured +0.005 per shoe, p 1). The same shoes with
    // their second half left in a new shoe's order FAIL: the guessers name the unshuffled half (measured: marginal,
    // +47.5 cards per shoe, p 10^-93263).
    let shoes = |name: &str, kind: Shoes| {
        let (file, out) = (tmp.path().join(format!("{name}.txt")), tmp.path().join(name));
        std::fs::write(&file, shoes_of_copies_by_face(2, 2000, 21, kind)).unwrap();
        let args = ["run", "--decks", file.to_str().unwrap(), "--deck", "52", "--copies", "2", "--tests", "guess"];
        (run(&[&args[..], &["--out", out.to_str().unwrap()]].concat()), out)
    };
    let (o, out) = shoes("fair", Shoes::Fair);
    let console = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{console}");
    let (header, rows) = csv_rows(&out.join("summary.csv"));
    let col = header.iter().position(|h| h == "test").unwrap();
    assert_eq!(rows.iter().map(|r| r[col].as_str()).collect::<Vec<_>>(), ["guess", "overall"]);
    let (o, _) = shoes("half", Shoes::Half);
    let console = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{console}");
    assert!(console.contains("FAIL") && console.contains("more cards per shoe than chance"), "{console}");
}

#[test]
fn a_shoe_is_audited_by_face_and_its_copies_are_refused_where_they_do_not_apply() {
    let dir = tempfile::tempdir().unwrap();
    // A built-in 6-deck shoe: its default battery is the shoe's (`--tests shoe`), the tests of faces only, counted
    // by face, so counts.csv holds faces and no heatmap of ids is drawn. The tests of its 312 ids run when named
    // (or with `all`), and the same seed gives the same face-by-position statistic with them.
    // A fair shoe fails to PASS with probability below 0.008 (eight tests at the SUSPICIOUS threshold 1e-3).
    let shoe_run = ["run", "-a", "fisher-yates", "--deck", "52", "--copies", "6", "--shuffles", "4000", "--seed", "3"];
    let by_face = dir.path().join("by-face");
    let o = run(&[&shoe_run[..], &["--out", by_face.to_str().unwrap()]].concat());
    let console = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{console}");
    assert!(console.contains("6 × 52 cards (312)"), "{console}");
    assert!(!console.contains("not applicable"), "{console}");
    assert_eq!(common::run_json(&by_face)["config"]["copies"], 6);
    assert_eq!(common::run_json(&by_face)["config"]["tests"], "shoe");
    let (header, face_rows) = csv_rows(&by_face.join("summary.csv"));
    let (col, stat) =
        (header.iter().position(|h| h == "test").unwrap(), header.iter().position(|h| h == "statistic").unwrap());
    let names: Vec<&str> = face_rows.iter().map(|r| r[col].as_str()).collect();
    assert_eq!(names.len(), 9, "{names:?}");
    let counts = std::fs::read_to_string(by_face.join("counts.csv")).unwrap();
    assert_eq!(counts.lines().next().unwrap().split(',').count(), 53);
    assert!(!by_face.join("position-card.svg").exists());
    // `--tests shoe` is the same run, file for file.
    let named = dir.path().join("named");
    let o = run(&[&shoe_run[..], &["--tests", "shoe", "--out", named.to_str().unwrap()]].concat());
    assert_eq!(o.status.code(), Some(0));
    for f in ["summary.csv", "counts.csv"] {
        assert_eq!(std::fs::read(by_face.join(f)).unwrap(), std::fs::read(named.join(f)).unwrap(), "{f}");
    }
    let out = dir.path().join("builtin");
    let ids = "position-card,cycles,face-by-position,value-by-position,suit-by-position,rank-by-position,clumping";
    let o = run(&[&shoe_run[..], &["--tests", ids, "--out", out.to_str().unwrap()]].concat());
    let console = text(&o.stdout);
    assert!(console.contains("6 × 52 cards (312)"), "{console}");
    let (header, rows) = csv_rows(&out.join("summary.csv"));
    let col = header.iter().position(|h| h == "test").unwrap();
    let tests: Vec<&str> = rows.iter().map(|r| r[col].as_str()).collect();
    for t in ["face-by-position", "value-by-position", "suit-by-position", "rank-by-position", "clumping", "cycles"] {
        assert!(tests.contains(&t), "{t}: {tests:?}");
    }
    let face_stat = |rows: &[Vec<String>]| rows.iter().find(|r| r[col] == "face-by-position").unwrap()[stat].clone();
    assert_eq!(face_stat(&face_rows), face_stat(&rows));
    assert!(out.join("position-card.svg").exists());
    assert_refused(&["run", "-a", "fisher-yates", "--tests", "shoe"], "needs --copies 2 or more");
    // Fair 8-deck shoes written by face PASS, with only the tests of faces applied. Fixed seed; a fair shoe fails
    // to PASS with probability below 0.008 (eight tests, the SUSPICIOUS threshold 1e-3 on Holm-adjusted p).
    let audit_shoes = |name: &str, decks: String| {
        let (file, out) = (dir.path().join(format!("{name}.txt")), dir.path().join(name));
        std::fs::write(&file, decks).unwrap();
        let (file_arg, out_arg) = (file.to_str().unwrap(), out.to_str().unwrap());
        (
            file.clone(),
            out.clone(),
            run(&["run", "--decks", file_arg, "--deck", "52", "--copies", "8", "--out", out_arg]),
        )
    };
    let (fair, out, o) = audit_shoes("fair", shoes_by_face(3000, 11, Shoes::Fair));
    let console = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{console}");
    assert!(console.contains("PASS") && console.contains("not applicable: cards repeat"), "{console}");
    let (header, rows) = csv_rows(&out.join("summary.csv"));
    let col = header.iter().position(|h| h == "test").unwrap();
    let tests: Vec<&str> = rows.iter().map(|r| r[col].as_str()).collect();
    assert_eq!(
        tests,
        [
            "suit-by-position",
            "rank-by-position",
            "face-by-position",
            "value-by-position",
            "clumping",
            "face-adjacency",
            "face-serial",
            "duplicate-decks",
            "overall"
        ]
    );
    // counts.csv holds the faces: 52 columns, and every position's row counts each of the 3000 shoes once.
    let counts = std::fs::read_to_string(out.join("counts.csv")).unwrap();
    assert_eq!(counts.lines().next().unwrap().split(',').count(), 53);
    let row: u64 = counts.lines().nth(1).unwrap().split(',').skip(1).map(|x| x.parse::<u64>().unwrap()).sum();
    assert_eq!((counts.lines().count(), row), (417, 3000));
    assert!(!out.join("position-card.svg").exists());
    // The same fair shoes dealt as blackjack: the table tests read faces and PASS; the seat tests, which need to
    // tell the copies of a card apart, are not applied (they counted faces as ids and FAILed a fair shoe at p
    // below 10^-600). Fixed seed; a fair run fails to PASS with probability below 0.008 (eight tests).
    let bj = dir.path().join("blackjack");
    let dealt = ["run", "--decks", fair.to_str().unwrap(), "--deck", "52", "--copies", "8", "--game", "blackjack"];
    let o = run(&[&dealt[..], &["--out", bj.to_str().unwrap()]].concat());
    let console = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{console}");
    assert!(console.contains("natural-rounds") && !console.contains("seat-card"), "{console}");
    // seat_counts.csv counts faces, the copies of each together: 52 columns, and each seat's 2 cards a shoe.
    let seats = std::fs::read_to_string(bj.join("seat_counts.csv")).unwrap();
    assert_eq!(seats.lines().next().unwrap().split(',').count(), 53);
    let seat1: u64 = seats.lines().nth(1).unwrap().split(',').skip(1).map(|x| x.parse::<u64>().unwrap()).sum();
    assert_eq!(seat1, 2 * 3000);
    assert_refused(&[&dealt[..], &["--tests", "seat-card"]].concat(), "cards repeat");
    // Half-shuffled shoes FAIL by the faces' positions.
    let (_, _, o) = audit_shoes("half", shoes_by_face(3000, 12, Shoes::Half));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("FAIL"));
    // Shoes each made from the last by 100 swaps: every shoe on its own is a uniform shoe, but about 38% of the
    // positions keep their face from one shoe to the next (against 1/52). face-serial, which pairs each shoe with
    // the next, FAILs and leads the verdict; the tests of one shoe, which add the shoes up as independent ones,
    // FAIL too (their counts vary about twice as much as independent shoes'), except clumping.
    let (_, out, o) = audit_shoes("sticky", shoes_by_face(3000, 13, Shoes::Sticky));
    let console = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{console}");
    assert!(console.contains("FAIL: Consecutive shoes are related"), "{console}");
    let (header, rows) = csv_rows(&out.join("summary.csv"));
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (test, verdict) = (col("test"), col("verdict"));
    assert!(rows.iter().any(|r| r[test] == "face-serial" && r[verdict] == "FAIL"));
    // A face nine times in an 8-deck shoe is an invalid deck that says so.
    let mut bad = shoes_by_face(1, 1, Shoes::Fair);
    bad = bad.replacen("SK", "SA", 1);
    let o =
        bin_run_stdin(&["run", "--decks", "-", "--deck", "52", "--copies", "8", "--strict", "--out"], dir.path(), bad);
    assert!(
        text(&o.stdout).contains("♠A appears 9 times (it holds 8 of each card); too few of ♠K (7 of 8)"),
        "{}",
        text(&o.stdout)
    );
    // The shoe's tests are calibrated: 200 fair 6-deck shoes × 2000 shuffles, each tail's p-values uniform by KS
    // and AD at 0.001 (28 checks: a correct statistic fails one with probability about 3%; seed fixed) and the
    // family rule within its 99% intervals.
    let out = dir.path().join("calibrate");
    let o = run(&[
        "calibrate",
        "-a",
        "fisher-yates",
        "--deck",
        "52",
        "--copies",
        "6",
        "--replicates",
        "200",
        "--shuffles",
        "2000",
        "--seed",
        "4",
        "--tests",
        "face-by-position,value-by-position,suit-by-position,rank-by-position,clumping,face-adjacency,face-serial",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    for t in ["face-by-position", "clumping", "face-adjacency", "face-serial"] {
        assert!(text(&o.stdout).contains(t), "{t}: {}", text(&o.stdout));
    }
    // Refused, exit 2, naming the flag: too many cards, a deal, copies of an unknown deck size, a test of
    // distinct cards for decks written by face.
    for (args, needle) in [
        (vec!["run", "-a", "fisher-yates", "--copies", "20"], "--copies: 20 copies of 52 cards"),
        (vec!["run", "-a", "fisher-yates", "--copies", "2", "--game", "doudizhu"], "--copies"),
        (vec!["run", "--decks", fair.to_str().unwrap(), "--copies", "8"], "needs --deck"),
        (
            vec!["run", "--decks", fair.to_str().unwrap(), "--deck", "52", "--copies", "8", "--tests", "cycles"],
            "cards repeat",
        ),
        (vec!["run", "-a", "fisher-yates", "--tests", "face-by-position"], "--copies 2 or more"),
    ] {
        assert_refused(&args, needle);
    }
}

fn bin_run_stdin(args: &[&str], dir: &std::path::Path, input: String) -> std::process::Output {
    common::bin().args(args).arg(dir.join("stdin-run")).write_stdin(input).output().unwrap()
}
