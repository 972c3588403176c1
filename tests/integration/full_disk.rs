//! A disk that fills part-way: no file is left under its final name half-written, and a run's reports are
//! written even when its `--save-decks` file or its final state cannot be. The full disk is a file-size limit
//! (RLIMIT_FSIZE, with SIGXFSZ ignored so that a write past it fails with EFBIG as a full disk's with ENOSPC):
//! the same failed write, on any machine, without a disk to fill.

use crate::common;

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Output;

/// The binary run with files limited to `limit` bytes.
fn run_limited(limit: u64, args: &[&str]) -> Output {
    let mut cmd = std::process::Command::new(common::bin_path());
    cmd.args(args);
    // SAFETY: async-signal-safe calls only (setrlimit, signal) between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit { rlim_cur: limit, rlim_max: limit };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            Ok(())
        });
    }
    cmd.output().unwrap()
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    v.sort();
    v
}

const LIMIT: u64 = 2 << 20;

/// `run -a fisher-yates --shuffles N FLAG FILE --out OUT` under [`LIMIT`]: it must exit 2; its output and stderr.
fn limited_run(shuffles: &str, (flag, file): (&str, &Path), out: &Path) -> (Output, String) {
    let args = ["run", "-a", "fisher-yates", "--shuffles", shuffles, flag, file.to_str().unwrap()];
    let o = run_limited(LIMIT, &[&args[..], &["--out", out.to_str().unwrap()]].concat());
    let err = common::stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    (o, err)
}

#[test]
fn an_export_cut_short_leaves_no_file_under_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("raw.bin");
    // An earlier export of the same name: it stays whole when the new one fails.
    let o = common::run(&[
        "export",
        "raw",
        "--rng",
        "msvc",
        "--seed",
        "1",
        "--bytes",
        "64",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    let before = std::fs::read(&file).unwrap();
    for args in [
        vec!["export", "raw", "--rng", "chacha8", "--seed", "2", "--bytes", "8e6", "--force"],
        vec!["export", "bits", "-a", "fisher-yates", "--seed", "2", "--shuffles", "1e6", "--force"],
    ] {
        let mut args = args.clone();
        args.extend(["--out", file.to_str().unwrap()]);
        let o = run_limited(LIMIT, &args);
        let err = common::stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("raw.bin"), "{args:?}: the error names the file: {err}");
        assert_eq!(std::fs::read(&file).unwrap(), before, "{args:?}: the earlier file is whole");
        // Only the file and its manifest: no hidden partial file; and the manifest still vouches for the file.
        assert_eq!(names(dir.path()), ["manifest.json", "raw.bin"], "{args:?}");
        let v = common::run(&["verify", dir.path().join("manifest.json").to_str().unwrap()]);
        assert_eq!(v.status.code(), Some(0), "{args:?}: {}{}", common::stdout(&v), common::stderr(&v));
    }
}

#[test]
fn a_run_whose_saved_decks_cannot_be_written_still_writes_its_reports() {
    let dir = tempfile::tempdir().unwrap();
    let decks = dir.path().join("decks.txt");
    let out = dir.path().join("reports");
    // 10^5 decks of 52 cards are about 15 MB of lines: the limit stops them part-way; the reports are smaller.
    let (o, err) = limited_run("1e5", ("--save-decks", &decks), &out);
    assert!(err.contains("--save-decks") && err.contains("the reports are written"), "{err}");
    assert_eq!(common::run_json(&out)["shuffles_done"], 100_000);
    assert!(common::stdout(&o).contains("PASS"), "the verdict is still printed: {}", common::stdout(&o));
    assert_eq!(names(dir.path()), ["reports"], "no decks file, whole or partial, and no manifest claiming one");
}

#[test]
fn a_run_whose_state_cannot_be_written_still_writes_its_reports() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("keep").join("run.state");
    std::fs::create_dir(dir.path().join("keep")).unwrap();
    let out = dir.path().join("reports");
    // The state of 2·10^5 decks holds their duplicate-deck window (more than the limit); the reports do not.
    let (_, err) = limited_run("2e5", ("--state-out", &state), &out);
    assert!(err.contains("--state-out") && err.contains("could not be kept beside its reports"), "{err}");
    assert_eq!(common::run_json(&out)["shuffles_done"], 200_000);
    assert!(!names(&out).contains(&"run.state".to_string()), "no half-written state beside the reports");
    assert!(
        names(&dir.path().join("keep")).is_empty(),
        "no state, whole or partial: {:?}",
        names(&dir.path().join("keep"))
    );
}
