//! `crack` and `seeds` through the binary: the seed of S1's dealer recovered from one player's hand of a deal
//! printed by the C program itself (tests/golden/s1-deal.*.txt), the JSON contract, bad input, and `--trials`
//! bounded, stopped by signals and printed as JSON.

use crate::common;

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;

fn bin() -> Command {
    Command::cargo_bin("shuffle-audit").unwrap()
}

/// The hands of a golden S1 deal, and the seed in its header.
fn s1_deal(rng: &str) -> (u64, Vec<Vec<u16>>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/s1-deal.{rng}.txt"));
    let text = std::fs::read_to_string(path).unwrap();
    let seed = text.split("srand(").nth(1).unwrap().split(')').next().unwrap().parse().unwrap();
    let hands = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_once('|').unwrap().1.split_whitespace().map(|x| x.parse().unwrap()).collect())
        .collect();
    (seed, hands)
}

fn crack_json(args: &[&str]) -> serde_json::Value {
    let out = bin().arg("crack").args(args).arg("--json").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_seed_of_s1s_c_dealer_is_recovered_from_one_hand() {
    for rng in ["glibc", "msvc"] {
        let (seed, hands) = s1_deal(rng);
        let cards: Vec<String> = hands[0].iter().map(u16::to_string).collect();
        // The deal happened within an hour of 12:00 UTC; the true time is 12:20:34.
        let json = crack_json(&[
            "--algorithm",
            "fisher-yates",
            "--rng",
            rng,
            "--game",
            "douniu",
            "--players",
            "5",
            "--seat",
            "1",
            "--cards",
            &cards.join(" "),
            "--time",
            "2026-12-01T12:00:00Z",
            "--window",
            "1h",
        ]);
        assert_eq!(json["space"], 7201);
        assert_eq!(json["searched"], 7201);
        let candidates = json["candidates"].as_array().unwrap();
        assert_eq!(candidates.len(), 1, "{rng}: {json}");
        assert_eq!(candidates[0]["seed"], seed);
        let seats: Vec<Vec<u16>> = serde_json::from_value(candidates[0]["deal"]["seats"].clone()).unwrap();
        assert_eq!(seats, hands, "{rng}: every hand predicted");
        assert_eq!(candidates[0]["deal"]["bottom"], serde_json::json!([]));
        let bits = json["information_bits"].as_f64().unwrap();
        assert!((bits - 21.31).abs() < 0.01, "{bits}");
    }
}

#[test]
fn an_msvc_seed_and_its_twin_deal_alike() {
    // srand(s) and srand(s + 2^31) give one stream: the deal of seed s is found at s + 2^31.
    let (seed, hands) = s1_deal("msvc");
    let cards: Vec<String> = hands[2].iter().map(u16::to_string).collect();
    let twin = seed + (1 << 31);
    let range = format!("{}..{}", twin - 1000, twin + 1000);
    let json = crack_json(&[
        "--algorithm",
        "fisher-yates",
        "--rng",
        "msvc",
        "--game",
        "douniu",
        "--seat",
        "3",
        "--cards",
        &cards.join(","),
        "--seeds",
        &range,
    ]);
    let c = &json["candidates"].as_array().unwrap()[0];
    assert_eq!(c["seed"], twin);
    assert_eq!(c["equivalent_seeds"], serde_json::json!([twin]));
}

#[test]
fn text_output_leads_with_the_budget_and_names_the_hands() {
    let (_, hands) = s1_deal("glibc");
    let names = ["♠", "♥", "♣", "♦"];
    let rank = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
    let cards: Vec<String> =
        hands[0].iter().map(|&c| format!("{}{}", names[c as usize / 13], rank[c as usize % 13])).collect();
    let out = bin()
        .args(["crack", "--algorithm", "fisher-yates", "--rng", "glibc", "--game", "douniu", "--seat", "1"])
        .args(["--cards", &cards.join(" "), "--time", "1796127600", "--window", "30m"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[2].starts_with("seed space: srand(seed) with seed = time(NULL)"), "{text}");
    assert!(lines[4].starts_with("information: the view gives 21.3 bits against 11.8 bits"), "{text}");
    assert!(text.contains("1 candidate:\n  seed 1796127634 (time(NULL) = 2026-12-01T12:20:34Z)"), "{text}");
    assert!(text.contains("searched 3,601 seeds in "), "{text}");
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    let base = ["crack", "--algorithm", "fisher-yates", "--rng", "glibc", "--game", "douniu"];
    let cases: &[(&[&str], &str)] = &[
        (&["--seat", "1", "--cards", "0 1 52", "--all-seeds"], "--cards: card id 52 is not in a 52-card deck"),
        (&["--seat", "1", "--cards", "SA 2 sa", "--all-seeds"], "--cards: unknown card name '2'"),
        (&["--seat", "1", "--cards", "SA HA sa", "--all-seeds"], "--cards: ♠A (id 0) is given twice"),
        (&["--seat", "1", "--cards", "0 1 2 3 4 5", "--all-seeds"], "--cards: 6 cards given, but a seat holds 5"),
        (&["--seat", "6", "--cards", "0", "--all-seeds"], "--seat: seat 6 is beyond the 5 players"),
        (&["--seat", "1", "--cards", "0", "--seeds", "10..5"], "--seeds: the range 10..5 ends before it starts"),
        (
            &["--seat", "1", "--cards", "0", "--time", "2026-12-01T12:00:00Z..2026-12-01T11:00:00Z"],
            "--window: the window ends (2026-12-01T11:00:00Z) before it starts (2026-12-01T12:00:00Z)",
        ),
        (&["--seat", "1", "--cards", "0"], "--seeds: no seed space given"),
        (
            &["--seat", "1", "--cards", "0", "--all-seeds", "--seeds", "1..2"],
            "--all-seeds: cannot be used with --seeds",
        ),
        (&["--seat", "1", "--cards", "0", "--time", "1796127600"], "--window: --time T needs --window W"),
        (
            &["--seat", "1", "--cards", "0", "--window", "1h", "--all-seeds"],
            "--window: applies to --time, not --all-seeds",
        ),
    ];
    for (args, want) in cases {
        let out = bin().args(base).args(*args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn an_os_seeded_or_64_bit_space_is_refused_with_its_size() {
    for (flag, size) in [("--os-seeded", "2^256"), ("--all-seeds", "2^64")] {
        let out = bin()
            .args(["crack", "--algorithm", "fisher-yates", "--rng", "chacha20", "--game", "douniu", "--seat", "1"])
            .args(["--cards", "0 1 2 3 4", flag, "--threads", "1"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("{flag}: not searchable:")) && err.contains(size) && err.contains("years"),
            "{err}"
        );
    }
}

#[test]
fn seeds_states_the_budget_of_a_clock_seeded_chacha() {
    let out = bin()
        .args(["seeds", "--rng", "chacha20", "--clock", "ms-since-midnight", "--game", "douniu"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("seeds: 86,400,000"), "{text}");
    assert!(text.contains("5787.03 repeated pairs expected"), "{text}");
    assert!(text.contains("no more distinct decks than rand()"), "{text}");
    let out = bin().args(["seeds", "--rng", "msvc", "--game", "doudizhu"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("distinct streams: 2,147,483,648"), "{text}");
    let hand = text.lines().find(|l| l.starts_with("斗地主 hand: 17 of 54 as a set")).unwrap();
    assert!(hand.contains("45.4") && hand.ends_with("yes"), "{hand}");
}

#[test]
fn seeds_counts_a_shoes_orders_by_face() {
    // log2(312!/(6!)^52) = 1646.8 and log2(416!/(8!)^52) for baccarat's default shoe, against 2^31 MSVC streams.
    let out = bin().args(["seeds", "--rng", "msvc", "--deck", "52", "--copies", "6"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.starts_with("msvc with a shoe of 6 × 52 cards (312)"), "{text}");
    assert!(text.contains("(N!/K!^faces, K = 6) = 1646.8: only a 2^-1615.8 share"), "{text}");
    assert!(text.contains("no views listed"), "{text}");
    let out = bin().args(["seeds", "--rng", "msvc", "--game", "baccarat", "--json"]).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["copies"], 8);
    assert!(json["log2_orders"].as_f64().unwrap() > 2000.0, "{json}");
    common::assert_usage_error(
        &bin().args(["seeds", "--rng", "msvc", "--copies", "30"]).output().unwrap(),
        "--copies",
        "seeds --copies 30",
    );
    common::assert_usage_error(
        &bin().args(["seeds", "--rng", "msvc", "--game", "blackjack", "--cut-card", "100"]).output().unwrap(),
        "--cut-card",
        "seeds --cut-card 100",
    );
}

/// The trials of a 斗牛 seat over `space` (glibc, Fisher–Yates), as a child whose stdout and stderr are piped.
fn spawn_trials(trials: &str, space: &[&str], extra: &[&str]) -> Child {
    std::process::Command::new(common::bin_path())
        .args(["crack", "--trials", trials, "--algorithm", "fisher-yates", "--rng", "glibc", "--game", "douniu"])
        .args(space)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The first line the child writes on stderr, within 20 s (the child is killed and the test fails otherwise);
/// the rest of stderr is read by a thread and returned by the handle.
fn first_stderr_line(child: &mut Child) -> (String, std::thread::JoinHandle<String>) {
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    let rest = std::thread::spawn(move || {
        let mut line = String::new();
        err.read_line(&mut line).unwrap();
        tx.send(line).unwrap();
        let mut rest = String::new();
        err.read_to_string(&mut rest).unwrap();
        rest
    });
    match rx.recv_timeout(Duration::from_secs(20)) {
        Ok(line) => (line, rest),
        Err(_) => {
            let _ = child.kill();
            let _ = child.wait();
            panic!("no progress line on stderr within 20 s");
        }
    }
}

/// The resident memory of a running process, in KiB (`VmRSS` of /proc/PID/status).
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Sends `sig` to the child, then waits at most `limit` for it to end: its status, stdout, and the time taken.
fn stop_within(mut child: Child, sig: libc::c_int, limit: Duration) -> (std::process::ExitStatus, String, Duration) {
    let sent = Instant::now();
    // SAFETY: a signal to our own child process.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, sig) }, 0);
    let status = common::wait_or_kill(&mut child, limit, "crack --trials after a signal");
    let took = sent.elapsed();
    let mut out = String::new();
    child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    (status, out, took)
}

/// `(cards, trials, unique, median, unseen right)` of each row of a trials table.
fn table_rows(text: &str) -> Vec<Vec<String>> {
    let header = text.lines().position(|l| l.trim_start().starts_with("cards")).expect("a table header");
    text.lines()
        .skip(header + 1)
        .take_while(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

#[test]
fn trials_above_the_limit_are_refused_at_once() {
    let mut child = spawn_trials("2^41", &["--seeds", "1..100"], &[]);
    let status = common::wait_or_kill(&mut child, Duration::from_secs(10), "crack --trials 2^41");
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert_eq!(status.code(), Some(2), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("--trials: 2199023255552 is above the limit of 2^40 = 1099511627776 trials"), "{err}");
}

#[test]
fn trials_at_the_limit_stream_in_bounded_memory_and_stop_on_sigint_with_a_partial_table() {
    // 2^40 trials used to ask for 8.8 TB up front; now they stream. A hundred-seed space makes each trial short.
    let mut child = spawn_trials("2^40", &["--seeds", "1..100"], &["--threads", "1"]);
    let (line, rest) = first_stderr_line(&mut child);
    assert!(line.starts_with("1099511627776 hidden seeds drawn"), "{line}");
    let rss = resident_kib(child.id());
    assert!(rss < 100 * 1024, "{rss} KiB resident while running 2^40 trials");
    // A stop takes well under a second on an idle machine; 20 s leaves room for a loaded 2-core runner, and a
    // run that ignored the signal would go on for days.
    let (status, out, took) = stop_within(child, libc::SIGINT, Duration::from_secs(20));
    let err = rest.join().unwrap();
    eprintln!("stopped {took:?} after SIGINT, {rss} KiB resident");
    assert_eq!(status.code(), Some(130), "{out}{err}");
    let partial = out.lines().find(|l| l.starts_with("PARTIAL: ")).unwrap_or_else(|| panic!("no PARTIAL line:\n{out}"));
    let done: u64 = partial["PARTIAL: ".len()..].split(' ').next().unwrap().replace(',', "").parse().unwrap();
    assert!(partial.contains(" of 1,099,511,627,776 trials done (interrupted by SIGINT)"), "{partial}");
    let rows = table_rows(&out);
    assert_eq!(rows.len(), 5, "{out}");
    for row in &rows {
        assert_eq!(row[2], done.to_string(), "every view is over the trials done: {out}");
    }
}

#[test]
fn a_signal_stops_the_trials_inside_a_long_search() {
    // Every 32-bit glibc seed: one search takes about half an hour, so only a stop inside it ends the run soon.
    for (sig, code, name) in [(libc::SIGINT, 130, "SIGINT"), (libc::SIGTERM, 143, "SIGTERM")] {
        let mut child = spawn_trials("10", &["--all-seeds"], &[]);
        let (line, rest) = first_stderr_line(&mut child);
        assert!(line.starts_with("10 hidden seeds drawn"), "{line}");
        // As above: 20 s for a loaded runner, against half an hour for a search the signal did not stop.
        let (status, out, took) = stop_within(child, sig, Duration::from_secs(20));
        let _ = rest.join().unwrap();
        eprintln!("{name}: stopped {took:?} after the signal");
        assert_eq!(status.code(), Some(code), "{name}: {out}");
        assert!(out.contains(&format!("PARTIAL: 0 of 10 trials done (interrupted by {name}); no figures")), "{out}");
        let rows = table_rows(&out);
        assert_eq!(rows.len(), 5, "{out}");
        assert!(rows.iter().all(|r| r[2] == "0" && r[3..] == ["-", "-", "-", "-"]), "{out}");
    }
}

#[test]
fn trials_json_gives_the_figures_of_the_table() {
    let args = [
        "crack",
        "--trials",
        "30",
        "--seed",
        "7",
        "--algorithm",
        "fisher-yates",
        "--rng",
        "glibc",
        "--game",
        "douniu",
        "--seat",
        "2",
        "--time",
        "2026-12-01T12:00:00Z",
        "--window",
        "30m",
    ];
    let table = bin().args(args).output().unwrap();
    let text = String::from_utf8(table.stdout).unwrap();
    assert!(table.status.success(), "{text}");
    assert!(!text.contains("PARTIAL"), "{text}");
    let json = crack_json(&args[1..]);
    assert_eq!(json["trials"], 30);
    assert_eq!(json["done"], 30);
    assert_eq!(json["stopped"], serde_json::Value::Null);
    assert_eq!((json["space"].clone(), json["seat"].clone(), json["seed"].clone()), (3601.into(), 2.into(), 7.into()));
    let views = json["views"].as_array().unwrap();
    let rows = table_rows(&text);
    assert_eq!(views.len(), rows.len());
    let percent = |x: &serde_json::Value| format!("{:.1}%", 100.0 * x.as_f64().unwrap());
    for (v, row) in views.iter().zip(&rows) {
        assert_eq!(row[0], v["cards"].to_string());
        assert_eq!(row[1], format!("{:.1}", v["bits"].as_f64().unwrap()));
        assert_eq!(row[2], v["trials"].to_string());
        assert_eq!(row[3], percent(&v["unique_share"]));
        // serde_json reads floats to within an ulp or so.
        assert!((v["unique_share"].as_f64().unwrap() - v["unique"].as_f64().unwrap() / 30.0).abs() < 1e-12);
        assert_eq!(row[4], v["median_candidates"].as_f64().unwrap().to_string());
        assert_eq!(row[5], percent(&v["unseen_right"]));
        assert!(v["seeds_per_second"].as_f64().unwrap() > 0.0);
    }
    // Five cards of a one-hour window pin the seed of every trial.
    assert_eq!(views[4]["unique"], 30, "{json}");
}

#[test]
fn flags_that_do_not_apply_with_or_without_trials_are_refused() {
    let base = ["crack", "--algorithm", "fisher-yates", "--rng", "glibc", "--game", "douniu", "--seeds", "1..100"];
    let cases: &[(&[&str], &str)] = &[
        (&["--trials", "5", "--cards", "0 1 2"], "--cards: does not apply to --trials"),
        (&["--seat", "1", "--cards", "0 1 2", "--seed", "3"], "--seed: applies only to --trials"),
        (&["--trials", "0"], "--trials: invalid value '0'"),
    ];
    for (args, want) in cases {
        let out = bin().args(base).args(*args).output().unwrap();
        common::assert_usage_error(&out, want, &format!("{args:?}"));
    }
}

/// `crack --exec`: a dealer the tool does not know, an awk program seeded by its argument (awk's own srand and
/// rand, a Fisher-Yates over 54 cards), run once per seed of a 10-minute clock window. Seat 1's 17 cards give
/// the one seed, and every other hand; a program that fails is named by its seed (exit 2); flags that do not apply
/// are refused.
#[test]
fn a_program_the_tool_does_not_know_is_cracked_by_running_it_per_seed() {
    let dir = tempfile::tempdir().unwrap();
    let dealer = dir.path().join("dealer.sh");
    std::fs::write(
        &dealer,
        "awk -v s=\"$1\" 'BEGIN { srand(s); for (i = 0; i < 54; i++) d[i] = i; \
         for (i = 53; i > 0; i--) { j = int(rand() * (i + 1)); t = d[i]; d[i] = d[j]; d[j] = t } \
         for (i = 0; i < 54; i++) printf \"%d \", d[i]; print \"\" }'\n",
    )
    .unwrap();
    let command = format!("sh {} {{seed}}", dealer.display());
    let truth = std::process::Command::new("sh").arg(&dealer).arg("1764950123").output().unwrap();
    let deck: Vec<&str> = std::str::from_utf8(&truth.stdout).unwrap().split_whitespace().collect();
    assert_eq!(deck.len(), 54);
    let seat1 = deck[..17].join(" ");
    let out = common::run(&[
        "crack",
        "--exec",
        &command,
        "--game",
        "doudizhu",
        "--seat",
        "1",
        "--cards",
        &seat1,
        "--time",
        "1764950000",
        "--window",
        "5m",
        "--threads",
        "2",
    ]);
    let said = common::stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{said}{}", common::stderr(&out));
    assert!(said.starts_with("601 of 601 seeds run in "), "{said}");
    assert!(said.contains(": 1 candidate\nseed 1764950123:\n"), "{said}");
    assert!(said.contains("(the seat seen)") && said.contains("  bottom: "), "{said}");
    assert!(
        common::stderr(&out).contains("1764949700..=1764950300, the clock's Unix seconds"),
        "{}",
        common::stderr(&out)
    );
    // A dealer that fails at one seed ends the search, named.
    let failing = format!("test {{seed}} -ne 1764949750 && sh {} {{seed}} || exit 4", dealer.display());
    let out = common::run(&[
        "crack",
        "--exec",
        &failing,
        "--game",
        "doudizhu",
        "--seat",
        "1",
        "--cards",
        &seat1,
        "--seeds",
        "1764949700..1764949800",
        "--threads",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", common::stderr(&out));
    assert!(common::stderr(&out).contains("--exec: seed 1764949750: `test 1764949750"), "{}", common::stderr(&out));
    for (extra, flag) in [
        (vec!["--rng", "msvc"], "--rng"),
        (vec!["--trials", "3"], "--trials"),
        (vec!["--all-seeds"], "--all-seeds"),
        (vec!["--clock", "tick-count", "--window", "1h"], "--clock"),
    ] {
        let mut args = vec!["crack", "--exec", &command, "--seat", "1", "--cards", "0 1"];
        if !extra.contains(&"--all-seeds") && !extra.contains(&"--clock") {
            args.extend(["--seeds", "0..9"]);
        }
        args.extend(extra);
        let out = common::run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(common::stderr(&out).contains(flag), "{args:?}: {}", common::stderr(&out));
    }
    let out = common::run(&["crack", "--exec", "echo 1 2", "--seat", "1", "--cards", "0 1", "--seeds", "0..9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out).contains("{seed}"), "{}", common::stderr(&out));
}
