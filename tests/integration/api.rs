//! The library's API for a project's own tests: `Audit::run` on a shuffle function, `Audit::run_decks` on decks
//! made elsewhere, and the assertions. Fixed seeds; each assertion's false-positive rate is stated.

use rand::seq::SliceRandom;
use shuffle_audit::{Audit, AuditRng, Verdict};

fn naive_swap(deck: &mut [u16], rng: &mut AuditRng) {
    use rand::RngExt;
    let n = deck.len();
    for i in 0..n {
        let j = rng.random_range(0..n);
        deck.swap(i, j);
    }
}

#[test]
fn rand_shuffle_passes_and_a_naive_swap_fails() {
    // A fair shuffle is not PASS with nominal probability 2e-3 (the SUSPICIOUS threshold, two tails): seed 7 is
    // fixed, so this is deterministic.
    let fair = Audit::new(52).shuffles(1 << 18).seed(7).run(|d: &mut [u16], rng: &mut AuditRng| d.shuffle(rng));
    fair.assert_fair();
    assert_eq!(fair.shuffles(), 1 << 18);
    assert_eq!(fair.seed(), Some(7));
    assert!(fair.power().unwrap().contains("262144 shuffles of 52 cards"));
    // The naive swap's bias is gross: it FAILs at any seed (its p is below 10^-1000 at this size).
    let naive = Audit::new(52).shuffles(1 << 18).seed(7).run(naive_swap);
    assert_eq!(naive.verdict(), Verdict::Fail);
    let message = naive.failure_message(Verdict::Pass).unwrap();
    assert!(message.starts_with("shuffle-audit: expected PASS, got FAIL: "), "{message}");
    assert!(message.contains("position-card FAIL (Holm-adjusted p = "), "{message}");
    assert!(message.contains("reproduce with Audit::new(52).shuffles(262144).seed(7)"), "{message}");
    assert!(message.contains("false-positive rate of this assertion: nominally 1e-3"), "{message}");
    let panic = std::panic::catch_unwind(|| naive.assert_fair()).unwrap_err();
    assert_eq!(panic.downcast_ref::<String>(), Some(&message));
    naive.assert_verdict(Verdict::Fail);
}

#[test]
fn a_project_can_ask_how_many_cards_a_player_gains() {
    // A shuffle that only cuts the deck: the above-last guesser names all but the card after the cut, so the
    // player gains about n − 1 − H_n ≈ 46 cards per deck; FAIL at any seed (p below 10^-1000 at 2000 decks).
    let cut = |d: &mut [u16], r: &mut AuditRng| {
        use rand::RngExt;
        let k = r.random_range(0..d.len());
        d.rotate_left(k);
    };
    let report = Audit::new(52).shuffles(2000).seed(1).tests("guess=above-last").run(cut);
    assert_eq!(report.verdict(), Verdict::Fail);
    let guess = report.tests().into_iter().find(|t| t.name == "guess").expect("the guess test ran");
    assert!((44.0..48.0).contains(&guess.statistic), "{}", guess.statistic);
}

#[test]
fn the_report_does_not_depend_on_the_thread_count() {
    // Every test, the guessers (trained within each chunk) included.
    let run = |threads| {
        Audit::new(13)
            .shuffles(100_000)
            .seed(3)
            .threads(threads)
            .tests("all")
            .run(|d: &mut [u16], r: &mut AuditRng| d.shuffle(r))
    };
    let (one, two) = (run(1), run(2));
    assert!(
        one.tests().iter().any(|t| t.name == "guess") && one.tests().iter().any(|t| t.name == "longest-increasing")
    );
    assert_eq!(one.tests(), two.tests());
    assert_eq!(one.run_report().counts, two.run_report().counts);
}

#[test]
fn a_function_that_breaks_the_deck_is_broken() {
    let report = Audit::new(10).shuffles(1000).seed(1).run(|d: &mut [u16], _: &mut AuditRng| d[0] = d[1]);
    assert_eq!(report.verdict(), Verdict::Broken);
    assert!(
        report.explanation().contains("not-a-permutation: 1000 of 1000 decks were not permutations"),
        "{}",
        report.explanation()
    );
}

#[test]
fn a_function_that_writes_an_id_past_the_deck_is_told_which_and_where() {
    let report = Audit::new(10).shuffles(100).seed(1).run(|d: &mut [u16], _: &mut AuditRng| d[3] = u16::MAX);
    assert_eq!(report.verdict(), Verdict::Broken);
    let fault = report.run_report().fault.as_ref().unwrap();
    assert!(
        fault.description.contains("id 65535 at position 3 is out of range for a 10-card deck (ids 0..=9)"),
        "{}",
        fault.description
    );
    assert!(!fault.description.contains("repeats none"), "{}", fault.description);
}

#[test]
fn decks_made_elsewhere_are_audited_and_checked() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let decks: Vec<Vec<u16>> = (0..20_000)
        .map(|_| {
            let mut d: Vec<u16> = (0..8).collect();
            d.shuffle(&mut rng);
            d
        })
        .collect();
    // A fair shuffle: not PASS with nominal probability 2e-3; the seed is fixed.
    let report = Audit::new(8).run_decks(&decks);
    report.assert_fair();
    assert_eq!(report.shuffles(), 20_000);
    assert_eq!(report.seed(), None);
    let repeated = Audit::new(8).try_run_decks([[0u16, 1, 2, 3, 4, 5, 6, 7], [0, 0, 2, 3, 4, 5, 6, 7]]);
    assert_eq!(repeated.unwrap_err().message(), "deck 1: not a permutation: repeats ♠A ×2; missing ♠2");
    let outside = Audit::new(8).try_run_decks([[0u16, 1, 2, 3, 4, 5, 6, 9]]).unwrap_err();
    assert_eq!(outside.message(), "deck 0: id 9 at position 7 is out of range for a 8-card deck (ids 0..=7)");
    let short = Audit::new(8).try_run_decks([vec![0u16, 1]]).unwrap_err();
    assert_eq!(short.message(), "deck 0: 2 cards instead of 8");
    assert_eq!(Audit::new(8).try_run_decks(Vec::<Vec<u16>>::new()).unwrap_err().message(), "no decks to audit");
}

#[test]
fn bad_settings_are_errors_that_name_the_setting() {
    let f = |d: &mut [u16], r: &mut AuditRng| d.shuffle(r);
    assert!(Audit::new(1).try_run(f).unwrap_err().message().starts_with("--deck:"));
    assert!(Audit::new(52).shuffles(0).try_run(f).unwrap_err().message().starts_with("--shuffles:"));
    assert!(Audit::new(52).tests("no-such-test").try_run(f).unwrap_err().message().starts_with("--tests:"));
    assert!(Audit::new(52).thresholds(0.1, 0.01).try_run(f).unwrap_err().message().starts_with("--fail-below:"));
    // The command line's limits on the work, for a function and for decks alike.
    let long = Audit::new(52).shuffles((1 << 50) + 1).try_run(f).unwrap_err();
    assert!(long.message().starts_with("--shuffles:") && long.message().contains("limit of 2^50"), "{long}");
    let crowd = Audit::new(52).threads(10_000).try_run(f).unwrap_err();
    assert!(crowd.message().starts_with("--threads: 10000 is above the limit of"), "{crowd}");
    let crowd = Audit::new(8).threads(10_000).try_run_decks([[0u16, 1, 2, 3, 4, 5, 6, 7]]).unwrap_err();
    assert!(crowd.message().starts_with("--threads:"), "{crowd}");
    assert!(
        Audit::new(52)
            .game(shuffle_audit::game::Game::Doudizhu)
            .try_run(f)
            .unwrap_err()
            .message()
            .starts_with("--deck:")
    );
    // The field itself, for bindings that name it their own way; a bad deck is no setting's fault.
    let setting = Audit::new(52).thresholds(0.1, 0.01).try_run(f).unwrap_err().setting().cloned().unwrap();
    assert_eq!(
        (setting.field.key(), setting.message.as_str()),
        ("fail_below".into(), "0.1 is above the SUSPICIOUS threshold 0.01")
    );
    let tests = Audit::new(52).tests("no-such-test").try_run(f).unwrap_err();
    assert_eq!(tests.setting().map(|s| s.field), Some(shuffle_audit::Field::Tests));
    assert_eq!(Audit::new(8).try_run_decks([vec![0u16, 1]]).unwrap_err().setting(), None);
}

#[test]
fn a_blackjack_table_takes_its_players_and_cut_card() {
    use shuffle_audit::game::Game;
    let f = |d: &mut [u16], r: &mut AuditRng| d.shuffle(r);
    let table = Audit::new(52).game(Game::Blackjack).copies(2).players(3).cut_card(78).shuffles(2000).seed(3);
    let report = table.try_run(f).unwrap();
    let deal = report.run_report().config.deal.expect("a blackjack deal");
    // The deal's seats are the players and the dealer.
    assert_eq!((deal.players, deal.cut_card, deal.copies), (4, 78, 2));
    // The same table dealt with the game's defaults is another run: five players, the cut card at 3/4 of the shoe.
    let default = Audit::new(52).game(Game::Blackjack).copies(2).shuffles(2000).seed(3).try_run(f).unwrap();
    let deal = default.run_report().config.deal.unwrap();
    assert_eq!((deal.players, deal.cut_card), (6, 78));
    assert_ne!(report.tests(), default.tests());
    // The deal's settings without a game, or for a game they do not describe, are refused by name.
    let refused = |a: Audit| a.try_run(f).unwrap_err().message().to_string();
    assert!(refused(Audit::new(52).players(3)).starts_with("--players: describes a deal"));
    assert!(refused(Audit::new(52).cut_card(40)).starts_with("--cut-card: describes a deal"));
    assert!(refused(Audit::new(54).game(Game::Doudizhu).cut_card(40)).starts_with("--cut-card: does not apply"));
    assert!(refused(Audit::new(52).game(Game::Blackjack).players(8)).starts_with("--players:"));
}

#[test]
fn the_defaults_are_the_builders() {
    use shuffle_audit::api::{DEFAULT_DECK, DEFAULT_SEED, DEFAULT_SHUFFLES, DEFAULT_TESTS};
    let f = |d: &mut [u16], r: &mut AuditRng| d.shuffle(r);
    let given = Audit::new(DEFAULT_DECK).shuffles(1000).seed(DEFAULT_SEED).tests(DEFAULT_TESTS);
    let t = shuffle_audit::Thresholds::DEFAULT;
    let given = given.thresholds(t.fail, t.suspicious).try_run(f).unwrap();
    let default = Audit::new(52).shuffles(1000).try_run(f).unwrap();
    assert_eq!(given.tests(), default.tests());
    assert_eq!(given.run_report().thresholds, shuffle_audit::Thresholds::default());
    assert_eq!(DEFAULT_SHUFFLES, 1_000_000);
}

#[test]
fn a_report_writes_the_files_run_writes() {
    let dir = tempfile::TempDir::new().unwrap();
    let report = Audit::new(52)
        .shuffles(20_000)
        .seed(2)
        .name("my_game::shuffle")
        .run(|d: &mut [u16], r: &mut AuditRng| d.shuffle(r));
    let out = dir.path().join("audit");
    let written = report.write_to(&out).unwrap();
    assert!(written.contains(&"summary.csv") && written.contains(&"report.html"));
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(summary.lines().nth(1).unwrap().starts_with("function:my_game::shuffle,chacha8,52,20000,2,"), "{summary}");
    assert!(
        report.summary().contains("function:my_game::shuffle / chacha8, 52 cards, 20000 shuffles, seed 2"),
        "{}",
        report.summary()
    );
}

#[test]
fn a_binding_says_how_its_decks_were_made() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let mut auditor =
        Audit::new(8).seed(4).name("py").made_by("python-random", "audit(py, seed=4)").deck_auditor().unwrap();
    for _ in 0..200 {
        let mut d: Vec<u16> = (0..8).collect();
        d.shuffle(&mut rng);
        auditor.add(&d).unwrap();
    }
    auditor.add_flat(&[0u16, 0, 0, 0, 0, 0, 0, 0]).unwrap_err();
    let report = auditor.finish().unwrap();
    assert_eq!(report.seed(), Some(4));
    let r = report.run_report();
    assert_eq!(
        (r.algorithm_label(), r.rng_label(), r.seed_label()),
        ("function:py".into(), "python-random".into(), "4".into())
    );
    assert_eq!(r.config.reproduce_command(), "audit(py, seed=4)");
    // The binding makes `shuffles` decks, so a count of none is its setting's error, as `run`'s is.
    let none = Audit::new(8).shuffles(0).made_by("python-random", "audit(py)").deck_auditor().unwrap_err();
    assert!(none.message().starts_with("--shuffles: must be at least 1"), "{none}");
}

/// The files of a report that hold no timings, by name.
fn report_files(report: &shuffle_audit::Report) -> Vec<(String, Vec<u8>)> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r");
    report.write_to(&out).unwrap();
    ["summary.csv", "counts.csv", "summary.md"]
        .iter()
        .map(|name| (name.to_string(), std::fs::read(out.join(name)).unwrap()))
        .collect()
}

#[test]
fn an_audit_checkpointed_and_resumed_gives_the_uninterrupted_report() {
    // Deterministic (fixed seed, whole chunks): no false-positive rate is involved, only equality of counts.
    let shuffle = |d: &mut [u16], rng: &mut AuditRng| d.shuffle(rng);
    let audit = Audit::new(52).shuffles(5 * 16384 + 100).seed(11).threads(2);
    let whole = audit.run(shuffle);

    // Part of it, saved to a file, then the rest in a "new process" from the file's bytes.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("audit.state");
    let mut first = audit.resumable().unwrap();
    first.run_shuffles(&shuffle, 2 * 16384).unwrap();
    assert_eq!(first.shuffles_counted(), 2 * 16384);
    assert!(!first.is_complete() && first.report().is_partial());
    first.save(&path).unwrap();
    let mut rest = audit.resume(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(rest.shuffles_counted(), 2 * 16384);
    rest.run(&shuffle).unwrap();
    assert!(rest.is_complete());
    let resumed = rest.report();
    assert!(!resumed.is_partial());
    assert_eq!(resumed.tests(), whole.tests());
    assert_eq!(resumed.verdict(), whole.verdict());
    assert_eq!(report_files(&resumed), report_files(&whole));

    // A run with checkpoints (one per wave at most, and the state it ends with): the file resumes to the same
    // report, with nothing left to count.
    let checkpoint = dir.path().join("checkpoint.state");
    let mut again = audit.resumable().unwrap();
    assert!(again.run_with(&shuffle, None, Some((&checkpoint, std::time::Duration::ZERO))).unwrap());
    let mut from_checkpoint = audit.resume(&std::fs::read(&checkpoint).unwrap()).unwrap();
    assert!(from_checkpoint.is_complete());
    from_checkpoint.run(&shuffle).unwrap();
    assert_eq!(report_files(&from_checkpoint.report()), report_files(&whole));

    // A stop requested before it starts counts nothing and leaves a state of nothing counted, which goes on to
    // the same report.
    let stop = shuffle_audit::audit::StopFlag::new();
    stop.request(shuffle_audit::audit::StopReason::Interrupt);
    let stopped_at = dir.path().join("stopped.state");
    let mut stopped = audit.resumable().unwrap();
    assert!(!stopped.run_with(&shuffle, Some(&stop), Some((&stopped_at, std::time::Duration::ZERO))).unwrap());
    assert_eq!(stopped.shuffles_counted(), 0);
    let mut rest = audit.resume(&std::fs::read(&stopped_at).unwrap()).unwrap();
    assert_eq!(rest.shuffles_counted(), 0);
    rest.run(&shuffle).unwrap();
    assert_eq!(report_files(&rest.report()), report_files(&whole));

    // A checkpoint that cannot be written is the call's error, after the run: its counts stay in memory.
    let blocked = dir.path().join("not-a-folder");
    std::fs::write(&blocked, b"").unwrap();
    let mut unwritable = audit.resumable().unwrap();
    let e =
        unwritable.run_with(&shuffle, None, Some((&blocked.join("x.state"), std::time::Duration::ZERO))).unwrap_err();
    assert!(e.message().starts_with("checkpoint: cannot "), "{e}");
    assert!(unwritable.is_complete());

    // A file of the user's where the state or its window would go is refused before any shuffle, and kept.
    let mine = dir.path().join("mine.state");
    std::fs::write(mine.with_file_name("mine.state.window"), b"my notes").unwrap();
    let mut refused = audit.resumable().unwrap();
    let e = refused.run_with(&shuffle, None, Some((&mine, std::time::Duration::ZERO))).unwrap_err();
    assert!(e.message().starts_with("checkpoint: ") && e.message().contains("mine.state.window"), "{e}");
    assert_eq!(refused.shuffles_counted(), 0);
    assert_eq!(std::fs::read(mine.with_file_name("mine.state.window")).unwrap(), b"my notes");
    std::fs::write(&mine, b"my decks").unwrap();
    std::fs::remove_file(mine.with_file_name("mine.state.window")).unwrap();
    let e = refused.run_with(&shuffle, None, Some((&mine, std::time::Duration::ZERO))).unwrap_err();
    assert!(e.message().starts_with("checkpoint: "), "{e}");
    assert_eq!(std::fs::read(&mine).unwrap(), b"my decks");
}

#[test]
fn a_state_of_another_audit_or_a_damaged_one_is_refused() {
    let shuffle = |d: &mut [u16], rng: &mut AuditRng| d.shuffle(rng);
    let mut run = Audit::new(20).shuffles(40_000).seed(3).resumable().unwrap();
    run.run_shuffles(&shuffle, 1).unwrap();
    let state = run.state();
    for other in [Audit::new(20).shuffles(40_000).seed(4), Audit::new(21).shuffles(40_000).seed(3)] {
        let e = other.resume(&state).unwrap_err();
        assert!(e.message().contains("another audit"), "{e}");
    }
    let e = Audit::new(20).shuffles(40_000).seed(3).resume(&state[..state.len() - 3]).unwrap_err();
    assert!(e.message().starts_with("the state: "), "{e}");
}

#[test]
fn the_command_line_refuses_to_resume_the_state_of_a_function() {
    let shuffle = |d: &mut [u16], rng: &mut AuditRng| d.shuffle(rng);
    let mut run = Audit::new(20).shuffles(40_000).seed(3).name("my-shuffle").resumable().unwrap();
    run.run_shuffles(&shuffle, 1).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.state");
    run.save(&path).unwrap();
    let out = assert_cmd::Command::cargo_bin("shuffle-audit")
        .unwrap()
        .args(["run", "--resume", path.to_str().unwrap(), "--out", dir.path().join("r").to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--resume: the state is of the shuffle function `my-shuffle`") && err.contains("Audit::resume"),
        "{err}"
    );
}
