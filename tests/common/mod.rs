//! Helpers shared by the integration tests: the binary, its output as text, the report files, and the check that
//! a usage error is one line naming its flag with exit status 2.
#![allow(dead_code)] // each test binary uses its own part of these helpers

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

/// The repository's root (relative paths in `shuffle-audit.toml` and the scripts start there).
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The binary, ready for arguments.
pub fn bin() -> Command {
    Command::cargo_bin("shuffle-audit").unwrap()
}

/// Runs the binary with `args`.
pub fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

/// Bytes as text (invalid UTF-8 replaced).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

/// A file's text, or a panic naming the file.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A CSV file's header and rows.
pub fn csv_rows(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let mut r = csv::Reader::from_path(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let header = r.headers().unwrap().iter().map(str::to_string).collect();
    let rows = r.records().map(|rec| rec.unwrap().iter().map(str::to_string).collect()).collect();
    (header, rows)
}

/// `run.json` of a run's folder.
pub fn run_json(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&read(&dir.join("run.json"))).unwrap()
}

/// Checks a usage error: exit status 2, exactly one non-empty line on stderr that contains `needle` (the flag),
/// and nothing on stdout.
pub fn assert_usage_error(out: &Output, needle: &str, what: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{what}: {err}");
    let lines: Vec<&str> = err.trim().lines().collect();
    assert_eq!(lines.len(), 1, "{what}: stderr is not one line:\n{err}");
    assert!(!lines[0].trim().is_empty(), "{what}: empty error line");
    assert!(lines[0].contains(needle), "{what}: '{}' does not name {needle}", lines[0]);
    assert!(stdout(out).is_empty(), "{what}: printed something anyway:\n{}", stdout(out));
}
