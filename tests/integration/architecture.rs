//! The architecture check (`scripts/check-architecture.py`) is a guard, and a guard is tested: it is fed the
//! small crates under `tests/architecture/` (never compiled), one for each way a circle or an upward use can
//! hide from a careless reading of the source, and must fail on each with the right line; uses that only
//! look like uses (in comments, in strings, in the unit tests) must not count. Then it must pass on the real
//! tree.
//!
//! It needs `python3` (CI has it); without it these tests fail with a message saying so.

use std::path::PathBuf;
use std::process::{Command, Output};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The check run from the repository's root on `args`.
fn check(args: &[&str]) -> Output {
    Command::new("python3").arg("scripts/check-architecture.py").args(args).current_dir(repo()).output().unwrap_or_else(
        |e| panic!("python3 is required by this test (CI has it): install it, it is not optional ({e})"),
    )
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs the check on fixture `case` and compares its exit status and its whole standard output with `lines`
/// (each with the fixture's `src` folder in front of its file name, and in place of `SRC`).
fn case(case: &str, status: i32, lines: &[&str]) {
    let src = format!("tests/architecture/{case}/src");
    let o = check(&[&src]);
    let out = text(&o.stdout);
    let context = format!("case {case}\nstdout:\n{out}stderr:\n{}", text(&o.stderr));
    assert_eq!(o.status.code(), Some(status), "{context}");
    let expected: Vec<String> = lines.iter().map(|l| format!("{src}/{}", l.replace("SRC", &src))).collect();
    let got: Vec<&str> = out.lines().filter(|l| !l.starts_with("architecture check:")).collect();
    assert_eq!(got, expected, "{context}");
}

/// A circle that a two-case pattern for strings misses: the backslash-newline of a continued string.
#[test]
fn a_circle_after_a_continued_string_is_found() {
    case("continued_string", 1, &["a.rs: uses b (line 5; SRC/b.rs uses a at line 1: a and b import each other)"]);
}

/// Quotes inside a raw string and a byte raw string, a quote as a char, lifetimes and a label.
#[test]
fn a_circle_after_raw_strings_chars_and_lifetimes_is_found() {
    case("raw_string", 1, &["a.rs: uses b (line 14; SRC/b.rs uses a at line 1: a and b import each other)"]);
}

/// `crate::a::Thing` is the parent's name, but `a` only re-exports `a::x`'s item: `a::y` uses `a::x`.
#[test]
fn a_circle_through_a_re_export_of_the_parent_is_found() {
    case(
        "reexport",
        1,
        &["a/x.rs: uses a::y (line 1; SRC/a/y.rs uses a::x at line 1: a::x and a::y import \
           each other)"],
    );
}

/// `super::super::` from an inline module, and a `super::` path in a signature.
#[test]
fn a_circle_through_super_paths_is_found() {
    case("super_path", 1, &["a.rs: uses b (line 6; SRC/b.rs uses a at line 3: a and b import each other)"]);
}

/// A `use ... as` inside a function body, used through its new name.
#[test]
fn a_circle_through_a_use_in_a_function_body_is_found() {
    case("fn_body", 1, &["a.rs: uses b (line 7; SRC/b.rs uses a at line 1: a and b import each other)"]);
}

/// Three modules in a circle, no two of them importing each other: a → b → c → a (a check of pairs passed it).
#[test]
fn a_circle_of_three_is_found() {
    case(
        "three_circle",
        1,
        &["a.rs: uses b (line 3; a → b → c → a import in a circle: SRC/b.rs uses c at line 1; SRC/c.rs uses a at \
           line 4)"],
    );
}

/// A circle of three closed through a re-export: `y` names `super::Zed`, which is `z`'s item.
#[test]
fn a_circle_of_three_closed_through_a_re_export_is_found() {
    case(
        "three_circle_reexport",
        1,
        &["m/x.rs: uses m::y (line 1; m::x → m::y → m::z → m::x import in a circle: SRC/m/y.rs uses m::z at line \
           3; SRC/m/z.rs uses m::x at line 4)"],
    );
}

/// A folder whose modules are apart (the binary's `commands/`): one command using another is refused even one
/// way, while both may use their parent.
#[test]
fn a_command_using_another_is_found() {
    case(
        "apart",
        1,
        &["commands/a.rs: uses commands::b (line 2: commands::a and commands::b are modules of commands/, which use \
           none of each other; what they share belongs in commands)"],
    );
}

/// A nested group: the use of `b` comes after an inner `{...}`.
#[test]
fn a_circle_through_a_nested_group_import_is_found() {
    case("group", 1, &["a.rs: uses b (line 5; SRC/b.rs uses a at line 1: a and b import each other)"]);
}

/// A glob brings a name that its module re-exports from another: the bare name is the use. The glob of `hub` is
/// a use of `hub` too, which closes a circle of three (a → hub → b → a) beside the pair.
#[test]
fn a_circle_through_a_glob_import_is_found() {
    case(
        "glob",
        1,
        &[
            "a.rs: uses b (line 7; SRC/b.rs uses a at line 1: a and b import each other)",
            "a.rs: uses hub (line 3; a → hub → b → a import in a circle: SRC/hub.rs uses b at line 3; SRC/b.rs uses \
             a at line 1)",
        ],
    );
}

/// A lower layer names a higher one through the crate root's re-export.
#[test]
fn an_upward_use_through_the_crate_root_is_found() {
    case("upward", 1, &["low.rs: uses high (line 3: high is above low in the layering)"]);
}

/// The file is not cut at its first test module: code after it counts.
#[test]
fn an_upward_use_after_the_unit_tests_is_found() {
    case("after_test_module", 1, &["low.rs: uses high (line 9: high is above low in the layering)"]);
}

/// Uses inside line, doc and nested block comments are not uses.
#[test]
fn uses_in_comments_do_not_count() {
    case("block_comment", 0, &[]);
}

/// Uses inside plain, escaped, continued, raw, byte and C strings are not uses.
#[test]
fn uses_in_strings_do_not_count() {
    case("string", 0, &[]);
}

/// A test module, a test-only module file and a test-only `use` may use any layer.
#[test]
fn the_unit_tests_may_use_any_layer() {
    case("cfg_test", 0, &[]);
}

/// A top-level module in no layer is an error (exit 2), not a module skipped.
#[test]
fn a_module_in_no_layer_is_an_error() {
    case(
        "unknown_module",
        2,
        &["extra.rs: module extra is in no layer of the table for tests/architecture/unknown_module/layers.json \
           (place it in a layer in scripts/check-architecture.py or the crate's layers.json)"],
    );
}

/// Input it cannot check is an error that names it.
#[test]
fn a_missing_folder_is_an_error() {
    let o = check(&["tests/architecture/no-such-case/src"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stdout));
    assert_eq!(text(&o.stdout), "tests/architecture/no-such-case/src: no such folder\n");
}

/// The real tree: every crate of the workspace, with no violation.
#[test]
fn the_tree_keeps_its_layers() {
    let o = check(&[]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert!(out.starts_with("architecture check: ") && out.ends_with(", the layering holds\n"), "{out}");
}

/// The architecture page names every folder of sources: a page without one of its rows fails, naming the folder.
#[test]
fn a_folder_the_architecture_page_does_not_list_is_found() {
    let page = std::fs::read_to_string(repo().join("docs/src/developers/architecture.md")).unwrap();
    let without: String =
        page.lines().filter(|l| !l.contains("`crates/shuffle-audit/src/export/`")).map(|l| format!("{l}\n")).collect();
    assert_ne!(without.len(), page.len(), "the page has a row for export/");
    let dir = tempfile::tempdir().unwrap();
    let edited = dir.path().join("architecture.md");
    std::fs::write(&edited, without).unwrap();
    let o = check(&["--page", edited.to_str().unwrap()]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert_eq!(
        out,
        format!(
            "{}: the folder crates/shuffle-audit/src/export/ is not listed (add a row saying what it holds)\n",
            edited.display()
        )
    );
}
