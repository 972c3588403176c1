//! Runs that survive and scale: an output folder always holds exactly one complete run, whatever kills or
//! fails a run into it (SIGKILL, a full disk, a second run at the same time); a folder that cannot be written
//! fails before any work; a full stdout is an error on stderr with exit status 2 and never a panic, after the
//! report files; and each limit on the work (threads, swaps, replicates) is an error naming its flag.
//!
//! Every run has a fixed seed; the runs that must pass are fair shuffles at their default thresholds, which a
//! fair shuffle misses with nominal probability 2e-3 (the SUSPICIOUS threshold 1e-3, for each of the two tails),
//! and the seeds fix the outcome.

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common;
use common::{assert_usage_error, bin, run_json, stderr, stdout};

/// Every file under `dir`, by path relative to it, with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(dir: &Path, rel: &Path, files: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let entry = entry.unwrap();
            let rel = rel.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                walk(&entry.path(), &rel, files);
            } else {
                files.insert(rel, fs::read(entry.path()).unwrap());
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(dir, Path::new(""), &mut files);
    files
}

/// The hidden temporary folders of runs into `dir`, beside it.
fn temporaries(dir: &Path) -> Vec<String> {
    let prefix = format!(".{}.tmp-", dir.file_name().unwrap().to_string_lossy());
    fs::read_dir(dir.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&prefix))
        .collect()
}

/// A fisher-yates run of 20000 shuffles into `out` with `seed`, without timings (its files are its inputs'
/// bytes); it must PASS.
fn fair_run(out: &Path, seed: u64) -> Output {
    let o = bin()
        .args(["run", "-a", "fisher-yates", "--shuffles", "20000", "--no-timings", "--seed", &seed.to_string()])
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    o
}

/// The binary as a process of its own (to kill it, or to limit it before it starts).
fn process(args: &[&str]) -> std::process::Command {
    let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin("shuffle-audit"));
    c.args(args);
    c
}

/// Standard output on a device that is always full.
fn dev_full() -> Stdio {
    Stdio::from(fs::File::options().write(true).open("/dev/full").unwrap())
}

/// Runs `args` with stdout on /dev/full and checks the error: exit status 2, the message on stderr, no panic.
fn assert_full_stdout(args: &[&str], what: &str) -> Output {
    let o = process(args).stdout(dev_full()).stderr(Stdio::piped()).output().unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{what}: {err}");
    assert!(err.contains("Error: cannot write to standard output: No space left on device"), "{what}: {err}");
    assert!(!err.contains("panicked"), "{what}: {err}");
    o
}

fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(120), "gave up waiting for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_killed_run_leaves_the_earlier_run_whole_and_the_next_run_cleans_up() {
    let root = tempfile::tempdir().unwrap();
    let d = root.path().join("d");
    fair_run(&d, 1);
    let before = snapshot(&d);
    // 3·10^8 shuffles take far longer than the wait: the run is killed while it computes, its folder prepared.
    let mut child: Child = process(&["run", "-a", "fisher-yates", "--shuffles", "3e8", "--seed", "2", "--out"])
        .arg(&d)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for("the run's temporary folder", || !temporaries(&d).is_empty());
    common::wait_for_cpu(child.id(), 0.3, "the run");
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    assert_eq!(snapshot(&d), before, "the earlier run's files, byte for byte");
    assert!(temporaries(&d).len() <= 1, "{:?}", temporaries(&d));
    let o = fair_run(&d, 3);
    assert_eq!(temporaries(&d), Vec::<String>::new(), "{}", stdout(&o));
    assert_eq!(run_json(&d)["config"]["seed"], 3);
}

#[test]
fn a_full_disk_leaves_the_earlier_pass_in_place() {
    let root = tempfile::tempdir().unwrap();
    let d = root.path().join("d");
    fair_run(&d, 1);
    let before = snapshot(&d);
    // Files of at most 4 KiB, and the write fails with EFBIG instead of SIGXFSZ: summary.csv fits, report.html
    // does not. naive-swap FAILs: its summary must not end up beside the PASS run's page.
    let mut c = process(&["run", "-a", "naive-swap", "--shuffles", "20000", "--seed", "1", "--out"]);
    c.arg(&d);
    // SAFETY: the closure calls only setrlimit and signal, which are async-signal-safe, between fork and exec.
    unsafe {
        c.pre_exec(|| {
            let limit = libc::rlimit { rlim_cur: 4096, rlim_max: 4096 };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            Ok(())
        });
    }
    let o = c.output().unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.starts_with(&format!("Error: cannot write the reports to {}", d.display())), "{err}");
    assert!(err.contains("File too large"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(snapshot(&d), before, "the PASS run, complete and alone");
    assert_eq!(temporaries(&d), Vec::<String>::new());
}

#[test]
fn two_runs_at_once_leave_the_files_of_one() {
    let root = tempfile::tempdir().unwrap();
    let d = root.path().join("d");
    let mut reference = BTreeMap::new();
    for trial in 0..5u64 {
        let seeds = [10 + 2 * trial, 11 + 2 * trial];
        for seed in seeds {
            let alone = root.path().join(format!("alone-{seed}"));
            fair_run(&alone, seed);
            reference.insert(seed, snapshot(&alone));
        }
        let children: Vec<Child> = seeds
            .iter()
            .map(|seed| {
                let seed = seed.to_string();
                process(&["run", "-a", "fisher-yates", "--shuffles", "20000", "--no-timings", "--seed", &seed])
                    .arg("--out")
                    .arg(&d)
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let o = child.wait_with_output().unwrap();
            assert_eq!(o.status.code(), Some(0), "trial {trial}: {}", stderr(&o));
        }
        let seed = run_json(&d)["config"]["seed"].as_u64().unwrap();
        assert!(seeds.contains(&seed), "trial {trial}: seed {seed}");
        assert!(snapshot(&d) == reference[&seed], "trial {trial}: the folder is not exactly the run of seed {seed}");
        assert_eq!(temporaries(&d), Vec::<String>::new(), "trial {trial}");
    }
}

#[test]
fn files_of_an_earlier_run_do_not_stay() {
    let root = tempfile::tempdir().unwrap();
    let d = root.path().join("d");
    let o = bin()
        .args(["run", "-a", "wash", "--game", "doudizhu", "--shuffles", "20000", "--seed", "1", "--out"])
        .arg(&d)
        .output()
        .unwrap();
    assert!(o.status.code().is_some_and(|c| c < 2), "{}", stderr(&o));
    assert!(d.join("seat_counts.csv").exists());
    fair_run(&d, 1);
    assert!(!d.join("seat_counts.csv").exists());
    let alone = root.path().join("alone");
    fair_run(&alone, 1);
    assert!(snapshot(&d) == snapshot(&alone), "the folder holds the second run only");
}

#[test]
fn an_output_folder_that_cannot_be_made_fails_before_any_work() {
    let root = tempfile::tempdir().unwrap();
    let file = root.path().join("file");
    fs::write(&file, "not a folder").unwrap();
    // 5·10^7 shuffles would take seconds, and print a summary: nothing runs and nothing is printed.
    let o = bin()
        .args(["run", "-a", "fisher-yates", "--shuffles", "5e7", "--seed", "1", "--out"])
        .arg(file.join("sub"))
        .output()
        .unwrap();
    assert_usage_error(&o, "--out", "--out under a file");
    assert!(stderr(&o).contains("is not a folder"), "{}", stderr(&o));
    // A folder with files this tool did not write is never replaced, and says which.
    let mine = root.path().join("mine");
    fs::create_dir(&mine).unwrap();
    fs::write(mine.join("notes.txt"), "keep").unwrap();
    let o = bin()
        .args(["run", "-a", "fisher-yates", "--shuffles", "5e7", "--seed", "1", "--out"])
        .arg(&mine)
        .output()
        .unwrap();
    assert_usage_error(&o, "--out", "--out on a folder of other files");
    assert!(stderr(&o).contains("notes.txt"), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(mine.join("notes.txt")).unwrap(), "keep");
    assert_eq!(temporaries(&mine), Vec::<String>::new());
}

#[test]
fn a_full_stdout_is_an_error_after_the_files_in_every_command() {
    let root = tempfile::tempdir().unwrap();
    let out = |name: &str| root.path().join(name).to_string_lossy().into_owned();
    assert_full_stdout(&["exact", "--game", "doudizhu"], "exact");
    assert_full_stdout(&["list"], "list");
    assert_full_stdout(&["shuffle", "-a", "fisher-yates", "--count", "3", "--seed", "1"], "shuffle");
    assert_full_stdout(&["--help"], "--help");
    let run = out("run");
    assert_full_stdout(&["run", "-a", "fisher-yates", "--shuffles", "20000", "--seed", "1", "--out", &run], "run");
    assert!(Path::new(&run).join("report.html").exists());
    let cal = out("calibrate");
    assert_full_stdout(
        &["calibrate", "-a", "fisher-yates", "--deck", "8", "--replicates", "20", "--shuffles", "5000"]
            .into_iter()
            .chain(["--seed", "1", "--out", &cal])
            .collect::<Vec<_>>(),
        "calibrate",
    );
    assert!(Path::new(&cal).join("p_values.csv").exists());
    let sweep = out("sweep");
    assert_full_stdout(
        &["sweep", "-a", "wash", "--deck", "8", "--swaps", "0..4:2", "--shuffles", "2000", "--seed", "1"]
            .into_iter()
            .chain(["--out", &sweep])
            .collect::<Vec<_>>(),
        "sweep",
    );
    assert!(Path::new(&sweep).join("sweep.csv").exists());
    let compare = out("compare");
    assert_full_stdout(&["compare", "--scale-down", "1000", "--out", &compare], "compare");
    assert!(Path::new(&compare).join("report.html").exists());
    assert!(fs::read_dir(&compare).unwrap().any(|e| e.unwrap().file_name().to_string_lossy().starts_with("run-")));
    // The gate met every check: its status is the output's failure, 2.
    let config = root.path().join("gate.toml");
    fs::write(&config, gate_check("fair", "fisher-yates", "pass")).unwrap();
    let (gate_out, junit) = (out("gate"), out("junit.xml"));
    let args = ["gate", "--config", &config.to_string_lossy(), "--junit", &junit, "--out", &gate_out].map(String::from);
    assert_full_stdout(&args.each_ref().map(String::as_str), "gate");
    assert!(Path::new(&junit).exists());
    assert!(Path::new(&gate_out).join("fair").join("run.json").exists());
    for (_, tmp) in [("run", &run), ("calibrate", &cal), ("sweep", &sweep), ("compare", &compare), ("gate", &gate_out)]
    {
        assert_eq!(temporaries(Path::new(tmp)), Vec::<String>::new());
    }
}

fn gate_check(name: &str, algorithm: &str, expect: &str) -> String {
    format!(
        "[[check]]\nname = \"{name}\"\nalgorithm = \"{algorithm}\"\nrng = \"chacha8\"\ndeck = 8\nshuffles = 20000\nseed = 1\n\
         expect = \"{expect}\"\n"
    )
}

#[test]
fn the_gate_says_not_met_even_when_a_file_fails() {
    let root = tempfile::tempdir().unwrap();
    let file = root.path().join("file");
    fs::write(&file, "").unwrap();
    let junit = file.join("junit.xml");
    for (algorithm, code) in [("naive-swap", 1), ("fisher-yates", 2)] {
        let config = root.path().join(format!("{algorithm}.toml"));
        fs::write(&config, gate_check(algorithm, algorithm, "pass")).unwrap();
        let o = bin().args(["gate", "--config"]).arg(&config).arg("--junit").arg(&junit).output().unwrap();
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(code), "{algorithm}: {err}");
        assert!(err.starts_with("Error: ") && err.contains(&file.display().to_string()), "{algorithm}: {err}");
        assert_eq!(stdout(&o).contains("NOT MET"), code == 1, "{}", stdout(&o));
    }
}

#[test]
fn each_limit_on_the_work_names_its_flag_and_the_limit() {
    let max_threads = 4 * std::thread::available_parallelism().map_or(1, |n| n.get());
    for (args, flag, limit) in [
        (
            vec!["run", "-a", "fisher-yates", "--threads", "10000"],
            "--threads",
            format!("limit of {max_threads} threads"),
        ),
        (vec!["run", "-a", "wash", "--swaps", "1099511627776"], "--swaps", "limit of 2^20 = 1048576".into()),
        (
            vec!["calibrate", "-a", "fisher-yates", "--replicates", "1099511627776", "--shuffles", "1"],
            "--replicates",
            "limit of 2^18 = 262144".into(),
        ),
        (
            vec!["calibrate", "-a", "fisher-yates", "--replicates", "4611686018427387904", "--shuffles", "1"],
            "--replicates",
            "limit of 2^18 = 262144".into(),
        ),
        (
            vec!["calibrate", "-a", "fisher-yates", "--replicates", "1000", "--shuffles", "2^45"],
            "--replicates",
            "limit of 2^50".into(),
        ),
        (vec!["run", "-a", "fisher-yates", "--shuffles", "2^51"], "--shuffles", "limit of 2^50".into()),
        (vec!["sweep", "-a", "wash", "--swaps", "0..2000000:10000"], "--swaps", "limit of 2^20 = 1048576".into()),
    ] {
        let o = bin().args(&args).args(["--seed", "1"]).output().unwrap();
        let what = args.join(" ");
        assert_usage_error(&o, flag, &what);
        assert!(stderr(&o).contains(&limit), "{what}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{what}: {}", stderr(&o));
    }
}

/// Whether `s` holds a control character a terminal or a parser would act on: C0 but tab and newline, DEL, C1.
fn has_control(s: &str) -> bool {
    s.chars().any(|c| matches!(c as u32, 0x00..=0x08 | 0x0B..=0x1F | 0x7F..=0x9F))
}

/// Every report of `dir`, and the console, show a hostile name or producer's words escaped for their medium.
fn assert_reports_escaped(dir: &Path, o: &Output, what: &str) {
    assert!(matches!(o.status.code(), Some(0 | 1)), "{what}: {}", stderr(o));
    for file in ["summary.md", "summary.csv", "report.html"] {
        let s = fs::read_to_string(dir.join(file)).unwrap();
        assert!(!has_control(&s), "{what}: {file} holds a control character: {s:?}");
        // A CSV cell is no markup: only Markdown and HTML must not hold a tag.
        assert!(file == "summary.csv" || !s.contains("<script>"), "{what}: {file} holds a raw <script>: {s}");
    }
    for (name, s) in [("stdout", stdout(o)), ("stderr", stderr(o))] {
        assert!(!has_control(&s), "{what}: {name} holds a control character: {s:?}");
        assert!(!s.contains('\u{1b}'), "{what}: {name}: {s:?}");
    }
    // The escape is visible.
    assert!(stdout(o).contains("\\x1b[31m"), "{what}: {}", stdout(o));
    assert!(fs::read_to_string(dir.join("summary.md")).unwrap().contains("&lt;script&gt;"), "{what}");
}

#[test]
fn a_producers_stderr_and_a_file_name_reach_every_report_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let decks: String = (0..200)
        .map(|k| format!("{}\n", (0..52).map(|i| ((i * 7 + k) % 52).to_string()).collect::<Vec<_>>().join(" ")))
        .collect();
    // A producer whose stderr holds a script tag, a colour sequence, a title sequence and a C1 CSI.
    let producer = format!(
        "printf '<script>alert(1)</script>\\033[31mred\\033]0;owned\\007 \\302\\233 2J\\n' >&2; printf '{}'",
        decks.replace('\n', "\\n")
    );
    let out = tmp.path().join("exec");
    let o = bin()
        .args(["run", "--exec", &producer, "--deck", "52", "--no-timings"])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_reports_escaped(&out, &o, "--exec");
    // A file whose name holds the same.
    let file = tmp.path().join("<script>x\u{1b}[31m\u{9b}2J.txt");
    fs::write(&file, &decks).unwrap();
    let out = tmp.path().join("decks");
    let o = bin().args(["run", "--no-timings", "--decks"]).arg(&file).arg("--out").arg(&out).output().unwrap();
    assert_reports_escaped(&out, &o, "--decks");
}
