//! Decks from real programs, and the gate: Python's `random.shuffle` passes, JavaScript's
//! `array.sort(() => Math.random() - 0.5)` fails, the repository's own gate passes, and the gate's exit
//! statuses, JUnit XML and JSON say which checks met their expectation.
//!
//! These tests need `python3` and `node` (CI has both). When one is missing they fail with a message saying
//! so, rather than being skipped silently.

use std::path::Path;
use std::process::Output;

use assert_cmd::Command;

use crate::common;
use common::{repo, text};

fn require(program: &str) {
    let ok = std::process::Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(ok, "{program} is required by this test (CI has it): install it, it is not optional");
}

/// The binary, run from the repository's root.
fn bin() -> Command {
    let mut c = common::bin();
    c.current_dir(repo());
    c
}

fn run_exec(cmd: &str, out: &Path) -> (Output, serde_json::Value) {
    let o = bin().args(["run", "--exec", cmd, "--out"]).arg(out).output().unwrap();
    let j = serde_json::from_str(&std::fs::read_to_string(out.join("run.json")).unwrap()).unwrap();
    (o, j)
}

#[test]
fn python_random_shuffle_passes() {
    // 100000 decks from random.Random(7).shuffle. A fair shuffle gets SUSPICIOUS with probability at most 1e-3
    // and FAIL at most 1e-9 (the Holm family-wise thresholds); the seed is fixed, so the outcome is
    // deterministic for a given Python (the Mersenne Twister and shuffle have been stable since Python 3.2).
    require("python3");
    let tmp = tempfile::tempdir().unwrap();
    let (o, j) = run_exec("python3 scripts/python_shuffle.py 100000 7", tmp.path());
    assert_eq!(o.status.code(), Some(0), "{}{}", text(&o.stdout), text(&o.stderr));
    assert_eq!(j["verdict"], "PASS", "{}", text(&o.stdout));
    assert_eq!(j["input"]["valid_decks"], 100_000);
    assert_eq!(j["input"]["producer"]["exit_code"], 0);
    assert_eq!(j["algorithm_label"], "exec:python3 scripts/python_shuffle.py 100000 7");
}

#[test]
fn javascript_sort_with_a_random_comparator_fails() {
    // 5000 decks from deck.sort(() => Math.random() - 0.5). Math.random cannot be seeded, so the decks differ
    // on every run; the bias is so large (at 20000 decks the global statistic is near 29600 against 2601,
    // p ≈ 10^-4483) that at 5000 decks the statistic is expected near 9300, hundreds of standard deviations
    // (√(2·2601) ≈ 72) above the FAIL critical value ≈ 3071: a false negative has no practical probability.
    require("node");
    let tmp = tempfile::tempdir().unwrap();
    let (o, j) = run_exec("node scripts/js_sort_shuffle.js 5000", tmp.path());
    assert_eq!(o.status.code(), Some(1), "{}{}", text(&o.stdout), text(&o.stderr));
    assert_eq!(j["verdict"], "FAIL", "{}", text(&o.stdout));
    assert_eq!(j["input"]["valid_decks"], 5000);
}

#[test]
fn the_repository_gate_passes_with_junit_and_json() {
    require("python3");
    require("node");
    let tmp = tempfile::tempdir().unwrap();
    let (junit, json) = (tmp.path().join("gate.xml"), tmp.path().join("gate.json"));
    let o = bin()
        .args(["gate", "--config", "shuffle-audit.toml", "--junit"])
        .arg(&junit)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    let stdout = text(&o.stdout);
    // The fixed-seed fair checks (fisher-yates / chacha8 seed 1, Python seed 1) expect PASS: each misses it with
    // probability at most 1e-3 (SUSPICIOUS) under the null; the biased ones FAIL by hundreds of orders of
    // magnitude. Node's Math.random cannot be seeded; its check FAILs at about p = 10^-751 at 5000 decks.
    assert_eq!(o.status.code(), Some(0), "{stdout}{}", text(&o.stderr));
    assert!(stdout.contains("4 of 4 checks met their expectation"), "{stdout}");
    assert!(stdout.contains("any cell off by"), "the power statement is printed: {stdout}");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), 4, "{xml}");
    assert!(xml.contains("failures=\"0\" errors=\"0\"") && !xml.contains("<failure"), "{xml}");
    let j: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(j["passed"], true);
    let names: Vec<&str> = j["checks"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["fisher-yates is fair", "naive-swap is caught", "python random.shuffle", "javascript sort(random) is caught"]
    );
    let verdicts: Vec<&str> = j["checks"].as_array().unwrap().iter().map(|c| c["verdict"].as_str().unwrap()).collect();
    assert_eq!(verdicts, ["PASS", "FAIL", "PASS", "FAIL"]);
    assert!(j["checks"][0]["power"]["any_cell"].as_f64().unwrap() > 0.0);
}

fn gate(config: &str) -> (Output, String, serde_json::Value) {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("gate.toml");
    std::fs::write(&path, config).unwrap();
    let (junit, json) = (tmp.path().join("g.xml"), tmp.path().join("g.json"));
    let o = bin()
        .args(["gate", "--config"])
        .arg(&path)
        .arg("--junit")
        .arg(&junit)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    let xml = std::fs::read_to_string(&junit).unwrap_or_default();
    let j = std::fs::read_to_string(&json).map_or(serde_json::Value::Null, |t| serde_json::from_str(&t).unwrap());
    (o, xml, j)
}

#[test]
fn an_unmet_expectation_exits_1_with_a_junit_failure() {
    // naive-swap at 20000 shuffles FAILs by a wide margin (it is caught at about 550); expecting PASS is unmet.
    let (o, xml, j) = gate(
        "[[check]]\nname = \"ok\"\nalgorithm = \"fisher-yates\"\nshuffles = 20000\n\n\
         [[check]]\nname = \"wrong expectation\"\nalgorithm = \"naive-swap\"\nshuffles = 20000\nexpect = \"pass\"\n",
    );
    let stdout = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("NOT MET: wrong expectation (line 6): FAIL expected pass"), "{stdout}");
    assert!(stdout.contains("1 of 2 checks met their expectation"), "{stdout}");
    assert!(xml.contains("failures=\"1\" errors=\"0\""), "{xml}");
    assert!(xml.contains("<failure message=\"FAIL (expected pass): "), "{xml}");
    assert_eq!(j["passed"], false);
    assert_eq!(j["checks"][1]["met"], false);
}

#[test]
fn a_check_without_decks_is_a_junit_error() {
    let (o, xml, j) = gate("[[check]]\nname = \"silent\"\nexec = \"echo broken >&2; exit 4\"\n");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stdout));
    assert!(xml.contains("<error message=\"ERROR (expected pass): the output of `echo broken"), "{xml}");
    assert!(j["checks"][0]["error"].as_str().unwrap().contains("exited with status 4"), "{j}");
}

#[test]
fn selected_tests_form_the_family_and_decks_files_are_read() {
    let tmp = tempfile::tempdir().unwrap();
    let decks: String = (0..3000).map(|k| if k % 2 == 0 { "0 1 2\n" } else { "2 1 0\n" }).collect();
    std::fs::write(tmp.path().join("deals.txt"), decks).unwrap();
    let config = "[[check]]\nname = \"dealt\"\ndecks = \"deals.txt\"\ntests = [\"position-card\"]\nexpect = \"fail\"\n";
    std::fs::write(tmp.path().join("gate.toml"), config).unwrap();
    let json = tmp.path().join("g.json");
    let o =
        bin().args(["gate", "--config"]).arg(tmp.path().join("gate.toml")).arg("--json").arg(&json).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}{}", text(&o.stdout), text(&o.stderr));
    let j: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let tests = j["checks"][0]["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 1);
    assert_eq!(tests[0]["test"], "position-card");
    assert_eq!(j["checks"][0]["source"], "decks:deals.txt");
    assert_eq!(j["checks"][0]["power"]["tests"], 1);
}

#[test]
fn configuration_errors_exit_2_naming_the_line() {
    for (config, needle) in [
        ("[[check]]\nname = \"a\"\nalgorithm = \"fisher-yates\"\nshuffels = 10\n", "line 4: unknown field `shuffels`"),
        (
            "[[check]]\nname = \"a\"\nalgorithm = \"fisher-yates\"\nexpect = \"maybe\"\n",
            "line 4: check 'a': unknown expectation",
        ),
        ("[[check]]\nname = \"a\"\n", "line 1: check 'a': no source"),
        (
            "[[check]]\nname = \"x/y\"\nalgorithm = \"wash\"\n[[check]]\nname = \"x_y\"\nalgorithm = \"wash\"\n",
            "line 4: check 'x_y': name: its folder under --out, 'x_y', is that of check 'x/y' on line 1",
        ),
        ("name = [\n", "line 1:"),
    ] {
        let (o, xml, _) = gate(config);
        assert_eq!(o.status.code(), Some(2), "{config}");
        let err = text(&o.stderr);
        assert!(err.starts_with("Error: ") && err.contains(needle), "{config}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(xml.is_empty(), "no JUnit file on a configuration error");
    }
    let o = bin().args(["gate", "--config", "/no/such.toml"]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("/no/such.toml: cannot read"), "{}", text(&o.stderr));
}

#[test]
fn a_configuration_that_is_not_a_regular_file_is_refused_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let fifo = tmp.path().join("gate.toml");
    common::mkfifo(&fifo);
    let big = tmp.path().join("big.toml");
    std::fs::File::create(&big).unwrap().set_len(1 << 30).unwrap();
    for (file, needle) in [
        (Path::new("/dev/zero"), "it is a character device, not a regular file"),
        (fifo.as_path(), "it is a FIFO (named pipe), not a regular file"),
        (tmp.path(), "it is a folder, not a regular file"),
        (big.as_path(), "1073741824 bytes is larger than a gate configuration may be (1048576 bytes, 1 MiB)"),
    ] {
        let f = file.to_str().unwrap();
        // A hang fails the test after 20 s instead of hanging it; a refusal takes milliseconds.
        let (status, _, err, took) = common::run_within(&["gate", "--config", f], std::time::Duration::from_secs(20));
        assert_eq!(status.code(), Some(2), "{f}: {err}");
        assert!(err.contains(&format!("{f}: {needle}")), "{f}: {err}");
        assert!(took < std::time::Duration::from_secs(5), "{f}: took {took:?}");
    }
}

#[test]
fn junit_and_json_are_never_written_through_links_planted_at_their_temporary_names() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("gate.toml");
    // Fisher–Yates at a fixed seed PASSes (nominal false-alarm rate 2e-3 for an arbitrary seed; none for seed 1).
    std::fs::write(&config, "[[check]]\nname = \"ok\"\nalgorithm = \"fisher-yates\"\nshuffles = 20000\n").unwrap();
    let victim = tmp.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    let (junit, json) = (tmp.path().join("g.xml"), tmp.path().join("g.json"));
    for tried in 1.. {
        let pids = common::plant_links(&junit, &victim);
        common::plant_links(&json, &victim);
        let mut child = std::process::Command::new(common::bin_path())
            .args(["gate", "--config"])
            .arg(&config)
            .arg("--junit")
            .arg(&junit)
            .arg("--json")
            .arg(&json)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let hit = pids.contains(&child.id());
        let status = common::wait_or_kill(&mut child, std::time::Duration::from_secs(60), "gate");
        assert_eq!(status.code(), Some(0));
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious", "a planted link was followed");
        for f in [&junit, &json] {
            assert!(std::fs::symlink_metadata(f).unwrap().is_file(), "{} is a file of its own", f.display());
        }
        assert!(std::fs::read_to_string(&junit).unwrap().starts_with("<?xml"));
        if hit {
            break;
        }
        assert!(tried < 5, "the gate never got a pid planted for");
    }
}
