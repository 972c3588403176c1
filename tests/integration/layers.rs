//! The crates keep their layers: the library a project's tests depend on (`shuffle-audit`, and so the Python
//! wheel built on it) and the core compile no command-line crate. `cargo tree` lists what each compiles; the
//! same listing of the binary's package must name those crates, so the check can fail.

use std::process::Command;

/// The packages `package` compiles (normal and build dependencies, not dev ones), by name.
fn compiled_by(package: &str) -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["tree", "--offline", "-p", package, "-e", "normal,build", "--prefix", "none", "--format", "{p}"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "cargo tree -p {package}: {}", String::from_utf8_lossy(&out.stderr));
    let mut names: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .collect();
    names.sort();
    names.dedup();
    names
}

const COMMAND_LINE: [&str; 3] = ["clap", "indicatif", "anyhow"];

#[test]
fn the_library_and_the_core_compile_no_command_line_crate() {
    for package in ["shuffle-audit", "shuffle-audit-core"] {
        let names = compiled_by(package);
        assert!(names.iter().any(|n| n == package), "{package} is not in its own tree: {names:?}");
        let found: Vec<&String> = names.iter().filter(|n| COMMAND_LINE.contains(&n.as_str())).collect();
        assert!(found.is_empty(), "{package} compiles {found:?}");
    }
    // The core compiles nothing of the library above it.
    assert!(!compiled_by("shuffle-audit-core").iter().any(|n| n == "shuffle-audit"));
}

#[test]
fn the_check_sees_the_command_line_crates_where_they_are() {
    let names = compiled_by("shuffle-audit-cli");
    for crate_name in COMMAND_LINE {
        assert!(names.iter().any(|n| n == crate_name), "{crate_name} missing from the binary's tree: {names:?}");
    }
}
