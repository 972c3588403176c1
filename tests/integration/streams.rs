//! `run --stream`, `run --draws` and `run -a csm` through the binary. The machine the done-when checks is not the
//! tool's own: `scripts/csm_stream.py` is a 38-compartment machine written apart in Python (it needs `python3`,
//! which CI has). Each verdict asserted of a fair stream is wrong with probability at most 1e-3 (SUSPICIOUS) at
//! its fixed seed, and the FAILs are at p below 10^-100.

use crate::common::*;

use std::path::{Path, PathBuf};

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The stream of `scripts/csm_stream.py` with `args`, written to `dir/name`.
fn external(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let out = std::process::Command::new("python3")
        .arg(repo().join("scripts/csm_stream.py"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("python3 is required by this test (CI has it): {e}"));
    assert!(out.status.success(), "{}", stderr(&out));
    let path = dir.join(name);
    std::fs::write(&path, &out.stdout).unwrap();
    path
}

/// A 38-compartment machine built outside the project (4 decks, 16 cards a round, tray refilled below 20, 2,000
/// rounds) FAILs by return latency; its ideal control PASSes; the same through `-a csm` and `--machine ideal`.
#[test]
fn an_outside_compartment_machine_fails_by_return_latency_and_the_ideal_one_passes() {
    let dir = tempfile::tempdir().unwrap();
    let csm = external(dir.path(), "csm.txt", &["--rounds", "2000", "--seed", "1"]);
    let out = run(&["run", "--stream", p(&csm), "--copies", "4", "--out", p(&dir.path().join("a"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}{}", stderr(&out));
    assert!(
        said.contains("64,000 events read (32,000 dealt, 32,000 returned, 0 invalid); 52 faces × 4 copies"),
        "{said}"
    );
    assert!(said.contains("FAIL: return-latency"), "{said}");
    assert!(said.contains("returned cards come out later than an ideal machine's"), "{said}");
    let json: serde_json::Value = serde_json::from_str(&read(&dir.path().join("a/stream.json"))).unwrap();
    assert_eq!(json["verdict"], "FAIL");
    assert_eq!(json["tests"][0]["test"], "return-latency");
    let ideal = external(dir.path(), "ideal.txt", &["--rounds", "2000", "--seed", "2", "--ideal"]);
    let out = run(&["run", "--stream", p(&ideal), "--copies", "4", "--out", p(&dir.path().join("b"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", stderr(&out));
    assert!(said.contains("PASS: no test finds a bias"), "{said}");
    // One deck, 8 cards a round: no card just returned comes out in the next round, said as the issue says it.
    let one = external(dir.path(), "one.txt", &["--rounds", "1500", "--decks", "1", "--round", "8"]);
    let out = run(&["run", "--stream", p(&one), "--out", p(&dir.path().join("c"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("no card returned after a round was dealt in the next 8 cards (an ideal machine deals"),
        "{said}"
    );
    // The tool's own machines, simulated.
    let out = run(&["run", "-a", "csm", "--shuffles", "2000", "--seed", "3", "--out", p(&dir.path().join("d"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}{}", stderr(&out));
    assert!(said.contains("FAIL: return-latency"), "{said}");
    let out = run(&[
        "run",
        "-a",
        "csm",
        "--machine",
        "ideal",
        "--shuffles",
        "2000",
        "--seed",
        "4",
        "--out",
        p(&dir.path().join("e")),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
}

/// `shuffle -a csm` prints the stream `run --stream` reads, and the two agree with `run -a csm` of the same seed.
#[test]
fn shuffle_prints_the_machine_stream_that_run_reads() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(&["shuffle", "-a", "csm", "--count", "300", "--seed", "8", "--names"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let events = text(&out.stdout);
    assert!(events.starts_with("# csm machine: 38 compartments, tray refilled below 20, 4 decks of 52"), "{events}");
    assert_eq!(events.lines().filter(|l| l.starts_with("D ")).count(), 4800);
    let path = dir.path().join("s.txt");
    std::fs::write(&path, &events).unwrap();
    let read = run(&["run", "--stream", p(&path), "--copies", "4", "--out", p(&dir.path().join("a"))]);
    let simulated = run(&["run", "-a", "csm", "--shuffles", "300", "--seed", "8", "--out", p(&dir.path().join("b"))]);
    let table = |o: &std::process::Output| {
        text(&o.stdout).lines().filter(|l| l.starts_with("  ")).map(String::from).collect::<Vec<_>>()
    };
    assert_eq!(table(&read), table(&simulated));
}

/// Draws with replacement: a byte scaled to 52 FAILs naming its four short faces (the four kings, which
/// `⌊b·52/256⌋` reaches from 4 bytes each); fair draws PASS.
#[test]
fn a_byte_scaled_to_52_fails_naming_the_four_short_faces() {
    let dir = tempfile::tempdir().unwrap();
    let mut x: u64 = 7;
    let mut next = || {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        x >> 33
    };
    let (mut coarse, mut fair) = (String::new(), String::new());
    for _ in 0..40_000 {
        let c: Vec<String> = (0..5).map(|_| ((next() & 255) * 52 / 256).to_string()).collect();
        coarse.push_str(&(c.join(" ") + "\n"));
        let f: Vec<String> = (0..5).map(|_| (next() % 52).to_string()).collect();
        fair.push_str(&(f.join(",") + "\n"));
    }
    let (a, b) = (dir.path().join("byte.txt"), dir.path().join("fair.txt"));
    std::fs::write(&a, coarse).unwrap();
    std::fs::write(&b, fair).unwrap();
    let out = run(&["run", "--draws", p(&a), "--out", p(&dir.path().join("a"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}{}", stderr(&out));
    assert!(said.contains("FAIL: draw-resolution"), "{said}");
    assert!(said.contains("the 4 faces ♠K, ♥K, ♣K and ♦K are drawn"), "{said}");
    assert!(said.contains("a 8-bit number scaled to 52 (⌊u·52/256⌋) gives 4/256"), "{said}");
    let out = run(&["run", "--draws", p(&b), "--out", p(&dir.path().join("b"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", stderr(&out));
    assert!(said.contains("PASS: no test finds a bias"), "{said}");
}

/// A few draws (150 of 52 faces, 2.9 a face expected): `draw-faces` takes the exact multinomial law rather than
/// being left out. Draws giving ♠A one time in three FAIL naming ♠A and the exact law; fair ones PASS (a fair
/// stream fails at 1e-3 with probability at most 1e-3).
#[test]
fn a_few_draws_are_judged_by_the_exact_multinomial_law() {
    let dir = tempfile::tempdir().unwrap();
    let mut x: u64 = 11;
    let mut next = || {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        x >> 33
    };
    let (mut heavy, mut fair) = (String::new(), String::new());
    for _ in 0..150 {
        let h = if next() % 3 == 0 { 0 } else { next() % 52 };
        heavy.push_str(&format!("{h}\n"));
        fair.push_str(&format!("{}\n", next() % 52));
    }
    let (a, b) = (dir.path().join("heavy.txt"), dir.path().join("fair.txt"));
    std::fs::write(&a, heavy).unwrap();
    std::fs::write(&b, fair).unwrap();
    let out = run(&["run", "--draws", p(&a), "--out", p(&dir.path().join("a"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}{}", stderr(&out));
    assert!(said.contains("FAIL: draw-faces"), "{said}");
    assert!(said.contains("♠A is drawn"), "{said}");
    assert!(said.contains("the p is the exact multinomial law's over 150 draws, not χ²'s"), "{said}");
    let out = run(&["run", "--draws", p(&b), "--out", p(&dir.path().join("b"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", stderr(&out));
    assert!(said.contains("\n  draw-faces "), "{said}");
    assert!(!said.contains("draw-faces not applied"), "{said}");
}

/// Bad input: a bad line is named with its number (exit 2); an event no machine could give makes the stream
/// BROKEN with its line; flags that do not apply are refused.
#[test]
fn bad_lines_impossible_events_and_foreign_flags() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "# a stream\nD SA\nR SA\nX SA\n").unwrap();
    let out = run(&["run", "--stream", p(&bad), "--out", p(&dir.path().join("a"))]);
    assert_usage_error(&out, "line 4: 'X' is not an event kind", "a bad event");
    std::fs::write(&bad, "D SA\nD ZZ\n").unwrap();
    let out = run(&["run", "--stream", p(&bad), "--out", p(&dir.path().join("a"))]);
    assert_usage_error(&out, "line 2: unknown card name 'ZZ'", "a bad card");
    let twice = dir.path().join("twice.txt");
    std::fs::write(&twice, "D SA\nD SA\nR SA\n").unwrap();
    let out = run(&["run", "--stream", p(&twice), "--out", p(&dir.path().join("b"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains(
            "BROKEN: 1 of 3 events no machine could give (the first, line 2: ♠A is dealt with none of its 1 inside)"
        ),
        "{said}"
    );
    for (args, needle) in [
        (vec!["run", "--stream", p(&twice), "--threads", "2"], "--threads"),
        (vec!["run", "--draws", p(&twice), "--copies", "2"], "--copies"),
        (vec!["run", "--stream", p(&twice), "--tray", "3"], "--tray"),
        (vec!["run", "-a", "fisher-yates", "--compartments", "3"], "--compartments"),
        (vec!["run", "-a", "csm", "--tray", "200", "--shuffles", "10"], "--tray"),
        (vec!["run", "--stream", p(&twice), "-a", "csm"], "--stream"),
        (vec!["shuffle", "-a", "fisher-yates", "--round", "3"], "--round"),
    ] {
        assert_usage_error(&run(&args), needle, &args.join(" "));
    }
}

/// SIGTERM while a long machine runs: the report of the events dealt so far is written, marked PARTIAL, with the
/// signal's exit status (143).
#[test]
fn a_signal_ends_the_stream_with_a_partial_report() {
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("r");
    let child = Command::new(bin_path())
        .args(["run", "-a", "csm", "--shuffles", "1e9", "--seed", "1", "--out", p(&out_dir)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_cpu(child.id(), 0.3, "the machine");
    // SAFETY: a signal to our own child.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) }, 0);
    let out = child.wait_with_output().unwrap();
    let (said, err) = (text(&out.stdout), stderr(&out));
    assert_eq!(out.status.code(), Some(143), "{said}{err}");
    assert!(said.contains("PARTIAL (interrupted by SIGTERM after "), "{said}");
    assert!(err.contains("the reports, marked partial, test what was read"), "{err}");
    let json: serde_json::Value = serde_json::from_str(&read(&out_dir.join("stream.json"))).unwrap();
    assert_eq!(json["stopped"], "SIGTERM");
    assert!(json["events"].as_u64().unwrap() > 0);
}

/// A baccarat scoreboard: fair coups at an 8-deck shoe's odds PASS; a scoreboard whose banker wins half the
/// coups FAILs by the odds; `--outcomes` needs `--game baccarat`.
#[test]
fn a_baccarat_scoreboard_against_its_exact_odds() {
    let dir = tempfile::tempdir().unwrap();
    let mut x: u64 = 11;
    let mut next = || {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (x >> 11) as f64 / (1u64 << 53) as f64
    };
    // An 8-deck shoe's first coup: banker 0.458597, player 0.446247 (exact odds, rounded).
    let (mut fair, mut banker) = (String::new(), String::new());
    for _ in 0..20_000 {
        let u = next();
        fair.push_str(if u < 0.458597 {
            "B\n"
        } else if u < 0.904844 {
            "P\n"
        } else {
            "T\n"
        });
        banker.push_str(if u < 0.5 {
            "B\n"
        } else if u < 0.904844 {
            "P\n"
        } else {
            "T\n"
        });
    }
    let (a, b) = (dir.path().join("fair.txt"), dir.path().join("banker.txt"));
    std::fs::write(&a, fair).unwrap();
    std::fs::write(&b, banker).unwrap();
    let out = run(&["run", "--outcomes", p(&a), "--game", "baccarat", "--out", p(&dir.path().join("a"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", stderr(&out));
    assert!(said.contains("20,000 coups read") && said.contains("PASS: no test finds a bias"), "{said}");
    let out = run(&["run", "--outcomes", p(&b), "--game", "baccarat", "--out", p(&dir.path().join("b"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("FAIL: outcome-odds") && said.contains("the banker wins"), "{said}");
    assert_usage_error(&run(&["run", "--outcomes", p(&a)]), "--game baccarat", "no game");
}

/// A blackjack scoreboard of dealer results: fair rounds at a 6-deck shoe's exact dealer law PASS, with the game
/// in `stream.json` and `stream.csv`; a dealer who busts a quarter of the time FAILs by the odds, naming the bust;
/// a bad line exits 2 naming its line; `--hits-soft-17` is refused where it does not apply.
#[test]
fn a_blackjack_scoreboard_against_the_dealer_s_exact_law() {
    let dir = tempfile::tempdir().unwrap();
    let mut x: u64 = 29;
    let mut next = || {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (x >> 11) as f64 / (1u64 << 53) as f64
    };
    // A 6-deck shoe, dealer standing on soft 17: 17, 18, 19, 20, 21, BJ, BUST (exact law, rounded to 6 places).
    let fair = [0.145245, 0.139258, 0.133685, 0.179527, 0.072874, 0.047489, 0.281922];
    let biased = [0.153245, 0.147258, 0.141685, 0.187449, 0.072874, 0.047489, 0.25];
    let names = ["17", "18", "19", "20", "21", "BJ", "BUST"];
    let pick = |u: f64, law: &[f64; 7]| {
        let mut acc = 0.0;
        for (name, p) in names.iter().zip(law) {
            acc += p;
            if u < acc {
                return *name;
            }
        }
        "BUST"
    };
    let (mut a_text, mut b_text) = (String::from("# dealer results, one round a line\n"), String::new());
    for i in 0..20_000 {
        let u = next();
        // Case does not matter, nor a comment after the result.
        let r = pick(u, &fair);
        a_text.push_str(&if i % 7 == 0 { format!("{}  # round {i}\n", r.to_lowercase()) } else { format!("{r}\n") });
        b_text.push_str(pick(u, &biased));
        b_text.push('\n');
    }
    let (a, b) = (dir.path().join("fair.txt"), dir.path().join("busts.txt"));
    std::fs::write(&a, a_text).unwrap();
    std::fs::write(&b, b_text).unwrap();
    let out_a = dir.path().join("a");
    let out = run(&["run", "--outcomes", p(&a), "--game", "blackjack", "--out", p(&out_a)]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", stderr(&out));
    assert!(said.contains("(blackjack, 6-deck shoe, dealer stands on soft 17): 20,000 rounds read"), "{said}");
    assert!(said.contains("PASS: no test finds a bias"), "{said}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out_a.join("stream.json")).unwrap()).unwrap();
    assert_eq!((json["game"].as_str(), json["decks"].as_u64()), (Some("blackjack"), Some(6)), "{json}");
    assert_eq!((json["kind"].as_str(), json["hits_soft_17"].as_bool()), (Some("outcomes"), Some(false)));
    assert_eq!(json["tests"].as_array().unwrap().len(), 3, "{json}");
    let csv = std::fs::read_to_string(out_a.join("stream.csv")).unwrap();
    assert!(csv.starts_with("test,statistic,df,p,p_adjusted,verdict,finding,game\n"), "{csv}");
    assert!(csv.lines().skip(1).all(|l| l.ends_with(",blackjack")), "{csv}");

    let out = run(&["run", "--outcomes", p(&b), "--game", "blackjack", "--out", p(&dir.path().join("b"))]);
    let said = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("FAIL: outcome-odds") && said.contains("the dealer's hand ends bust in"), "{said}");
    // The same rounds hitting soft 17 are judged against that rule's law, and the JSON says so.
    let out_h = dir.path().join("h");
    let out = run(&["run", "--outcomes", p(&a), "--game", "blackjack", "--hits-soft-17", "--out", p(&out_h)]);
    assert!(text(&out.stdout).contains("dealer hits soft 17"), "{}", text(&out.stdout));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out_h.join("stream.json")).unwrap()).unwrap();
    assert_eq!(json["hits_soft_17"].as_bool(), Some(true));

    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "17\n\n# a comment\nBUST\n16\n").unwrap();
    let out = run(&["run", "--outcomes", p(&bad), "--game", "blackjack", "--out", p(&dir.path().join("c"))]);
    assert_usage_error(&out, "line 5: '16' is not a dealer's final result", "a total below 17");
    std::fs::write(&bad, "17 18\n").unwrap();
    let out = run(&["run", "--outcomes", p(&bad), "--game", "blackjack", "--out", p(&dir.path().join("c"))]);
    assert_usage_error(&out, "line 1: '18' after the result: one round a line", "two results a line");
    let out = run(&["run", "--outcomes", p(&a), "--game", "baccarat", "--hits-soft-17", "--out", p(&out_h)]);
    assert_usage_error(&out, "--hits-soft-17", "baccarat");
    assert_usage_error(&run(&["run", "--hits-soft-17", "--shuffles", "10"]), "--hits-soft-17", "a plain run");
    assert_usage_error(&run(&["run", "--stream", p(&a), "--hits-soft-17"]), "--hits-soft-17", "a stream");
    assert_usage_error(&run(&["run", "--outcomes", p(&a)]), "--game baccarat or --game blackjack", "no game");
}
