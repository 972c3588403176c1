//! The references generated from the argument definitions: shell completions, the man pages committed under
//! docs/man/ (regenerated and compared byte for byte, so they cannot go stale), and the book's Markdown CLI
//! reference.

use std::path::Path;
use std::process::Command as Process;

use crate::common;
use common::{repo, run, stderr, stdout};

/// The subcommands the tool's own `--help` lists (clap's `help` aside): what every reference must cover.
fn subcommands() -> Vec<String> {
    let names = commands_of(&[]);
    assert!(names.len() >= 13 && names.iter().any(|n| n == "man"), "{names:?}");
    names
}

/// The subcommands the `--help` of `command` (the tool's when empty) lists, clap's `help` aside.
fn commands_of(command: &[&str]) -> Vec<String> {
    let help = stdout(&run(&[command, &["--help"]].concat()));
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// Whether `program` runs on this machine.
fn exists(program: &str) -> bool {
    Process::new(program).arg("--version").output().is_ok()
}

#[test]
fn completions_name_every_subcommand_in_every_shell() {
    let commands = subcommands();
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = run(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(!script.trim().is_empty(), "{shell}: empty script");
        for c in &commands {
            assert!(script.contains(c.as_str()), "{shell}: the script never names `{c}`");
        }
        // Every flag of a subcommand is offered too, e.g. run's --seed-space.
        assert!(script.contains("seed-space"), "{shell}: no --seed-space");
    }
}

#[test]
fn completion_scripts_are_valid_shell() {
    let dir = tempfile::tempdir().unwrap();
    // bash is everywhere the tool builds; zsh and fish are checked where they are installed.
    for (shell, program, check) in [("bash", "bash", "-n"), ("zsh", "zsh", "-n"), ("fish", "fish", "--no-execute")] {
        if shell != "bash" && !exists(program) {
            eprintln!("{program} is not installed: its completion script's syntax is not checked here");
            continue;
        }
        let path = dir.path().join(format!("shuffle-audit.{shell}"));
        std::fs::write(&path, run(&["completions", shell]).stdout).unwrap();
        let out = Process::new(program).arg(check).arg(&path).output().unwrap();
        assert!(out.status.success(), "{program} {check}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn a_bad_shell_is_a_usage_error() {
    let out = run(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("tcsh") && err.contains("bash, zsh, fish, powershell"), "{err}");
    assert_eq!(run(&["completions"]).status.code(), Some(2));
}

/// The command that rewrites docs/man/, said when the committed pages differ.
const REGENERATE: &str = "rm -f docs/man/*.1 && cargo run -- man --out docs/man";

#[test]
fn the_committed_man_pages_are_the_generated_ones() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(&["man", "--out", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let names = |d: &Path| -> Vec<String> {
        let mut v: Vec<String> =
            std::fs::read_dir(d).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        v.sort();
        v
    };
    let generated = names(dir.path());
    // One page per subcommand, and one per subcommand of a subcommand (`export raw`: shuffle-audit-export-raw.1).
    let mut expected: Vec<String> = subcommands()
        .iter()
        .flat_map(|c| {
            let nested = commands_of(&[c.as_str()]).into_iter().map(move |n| format!("shuffle-audit-{c}-{n}.1"));
            std::iter::once(format!("shuffle-audit-{c}.1")).chain(nested.collect::<Vec<_>>())
        })
        .collect();
    expected.push("shuffle-audit.1".to_string());
    expected.sort();
    assert_eq!(generated, expected, "one page for the tool and one per subcommand");
    let committed_dir = repo().join("docs/man");
    let committed: Vec<String> = names(&committed_dir).into_iter().filter(|n| n.ends_with(".1")).collect();
    assert_eq!(committed, generated, "docs/man/ holds other pages than the tool makes; regenerate: {REGENERATE}");
    for name in &generated {
        let new = std::fs::read(dir.path().join(name)).unwrap();
        let old = std::fs::read(committed_dir.join(name)).unwrap();
        assert!(new == old, "docs/man/{name} is not the generated page; regenerate: {REGENERATE}");
    }
    // `man` alone prints the tool's page, `man run` the subcommand's, byte for byte the files.
    assert_eq!(run(&["man"]).stdout, std::fs::read(dir.path().join("shuffle-audit.1")).unwrap());
    assert_eq!(run(&["man", "run"]).stdout, std::fs::read(dir.path().join("shuffle-audit-run.1")).unwrap());
}

#[test]
fn man_pages_render_without_warnings() {
    let dir = tempfile::tempdir().unwrap();
    assert!(run(&["man", "--out", dir.path().to_str().unwrap()]).status.success());
    let mut pages: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).collect();
    pages.sort();
    let groff = exists("groff");
    let man = !groff && exists("man");
    if !groff && !man {
        eprintln!("neither groff nor man is installed: the pages' roff is checked by its structure only");
    }
    for page in &pages {
        let roff = std::fs::read_to_string(page).unwrap();
        let name = page.file_stem().unwrap().to_string_lossy().into_owned();
        // The structure of a section-1 page, whatever renders it.
        assert!(roff.starts_with(".ie \\n(.g .ds Aq \\(aq") || roff.starts_with(".TH"), "{name}: no preamble");
        assert!(roff.contains(&format!(".TH {name} 1 ")), "{name}: no .TH title line");
        for section in [".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH OPTIONS"] {
            assert!(roff.contains(section), "{name}: no {section}");
        }
        let rendered = if groff {
            // -k: UTF-8 input (through preconv, as man does); -ww: every warning; -z: only the diagnostics.
            Process::new("groff").args(["-k", "-man", "-Tutf8", "-ww", "-z"]).arg(page).output().unwrap()
        } else if man {
            Process::new("man").args(["--warnings", "-l"]).arg(page).env("MANPAGER", "cat").output().unwrap()
        } else {
            continue;
        };
        let diagnostics = String::from_utf8_lossy(&rendered.stderr);
        assert!(rendered.status.success() && diagnostics.trim().is_empty(), "{name}: {diagnostics}");
    }
    let tool = std::fs::read_to_string(dir.path().join("shuffle-audit.1")).unwrap();
    assert!(tool.contains(".SH SUBCOMMANDS"), "the tool's page lists its subcommands");
    for c in subcommands() {
        assert!(tool.contains(&format!("shuffle\\-audit\\-{c}(1)")), "the tool's page does not name {c}'s page");
    }
}

#[test]
fn man_of_an_unknown_subcommand_is_an_error() {
    let out = run(&["man", "nonsense"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("'nonsense' is not a subcommand") && err.contains("run, compare"), "{err}");
    assert_eq!(run(&["man", "run", "--out", "x"]).status.code(), Some(2), "a page and --out conflict");
}

#[test]
fn the_markdown_reference_covers_every_subcommand_and_flag() {
    let out = run(&["man", "--markdown"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let md = stdout(&out);
    assert!(md.starts_with("# Command-line reference\n"), "{md}");
    for c in subcommands() {
        assert!(md.contains(&format!("\n## `shuffle-audit {c}`\n")), "no section for {c}");
    }
    // A flag's help, its possible values and its clap default, read from the tree.
    let sweep = md.split("## `shuffle-audit sweep`").nth(1).unwrap().split("\n## ").next().unwrap();
    assert!(sweep.contains("- `--deck <N>`: Number of cards, 2..=1024. Default: `52`."), "{sweep}");
    assert!(md.contains("Possible values: `bash`, `zsh`, `fish`, `powershell`."), "{md}");
    // The hidden option is not in its own reference, and markup in help texts is escaped.
    assert!(!md.contains("`--markdown`"), "the hidden --markdown is listed");
    assert!(md.contains("reports/run-&lt;algorithm&gt;"), "an unescaped <algorithm> would be an HTML tag");
}

#[test]
fn the_book_holds_the_generated_cli_reference() {
    // The book's command-line reference (docs/src/reference/cli.md includes it) is `man --markdown`, byte for byte.
    let out = run(&["man", "--markdown"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let committed = std::fs::read(repo().join("docs/src/reference/cli-flags.md")).unwrap();
    assert!(
        out.stdout == committed,
        "docs/src/reference/cli-flags.md is not `shuffle-audit man --markdown`; regenerate: \
         cargo run -- man --markdown > docs/src/reference/cli-flags.md"
    );
}
