//! The gate's configuration file (`shuffle-audit.toml`): a list of `[[check]]` tables, validated into plain
//! [`Check`]s. Every error names the file and the TOML line at fault.
//!
//! ```toml
//! [[check]]
//! name = "our shuffle is fair"
//! algorithm = "fisher-yates"        # one source: algorithm (+ rng), exec, or decks
//! rng = "chacha8"
//! deck = 52
//! shuffles = 200000
//! seed = 1
//! tests = ["position-card"]         # optional: a subset of the battery's tests
//! expect = "pass"                   # pass | pass-or-suspicious | suspicious | fail | broken
//! ```
//!
//! `exec` commands may use `{shuffles}`, `{seed}` and `{deck}`, replaced by the check's values. Relative
//! `decks` paths and `exec` commands are taken from the configuration file's directory.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::cards::{MAX_DECK, MIN_DECK};
use crate::input::{ExternalSource, FormatChoice, StreamOptions};
use crate::rng::RngKind;
use crate::runner::PostProcess;
use crate::shuffle::{Algorithm, AlgorithmKind};
use crate::stats::test_names;
use crate::verdict::{Thresholds, Verdict};

/// Shuffles of a built-in check when the configuration does not say.
pub const DEFAULT_SHUFFLES: u64 = 1_000_000;
/// Seed of a check when the configuration does not say: fixed, so the gate is reproducible.
pub const DEFAULT_SEED: u64 = 1;

/// A configuration error: the file, the line (0 when the file cannot be read at all), and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {message}", if *.line > 0 { format!(" line {}", .line) } else { String::new() })]
pub struct ConfigError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

/// The verdicts a check accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expectation {
    /// PASS only.
    Pass,
    /// PASS or SUSPICIOUS.
    PassOrSuspicious,
    Suspicious,
    Fail,
    Broken,
}

impl Expectation {
    pub fn accepts(self, v: Verdict) -> bool {
        match self {
            Expectation::Pass => v == Verdict::Pass,
            Expectation::PassOrSuspicious => matches!(v, Verdict::Pass | Verdict::Suspicious),
            Expectation::Suspicious => v == Verdict::Suspicious,
            Expectation::Fail => v == Verdict::Fail,
            Expectation::Broken => v == Verdict::Broken,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Expectation::Pass => "pass",
            Expectation::PassOrSuspicious => "pass-or-suspicious",
            Expectation::Suspicious => "suspicious",
            Expectation::Fail => "fail",
            Expectation::Broken => "broken",
        }
    }
}

impl std::str::FromStr for Expectation {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "pass" => Expectation::Pass,
            "pass-or-suspicious" => Expectation::PassOrSuspicious,
            "suspicious" => Expectation::Suspicious,
            "fail" => Expectation::Fail,
            "broken" => Expectation::Broken,
            _ => {
                return Err(format!(
                    "unknown expectation '{s}' (expected pass, pass-or-suspicious, suspicious, fail or broken)"
                ));
            }
        })
    }
}

impl std::fmt::Display for Expectation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a check's decks come from.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckSource {
    /// A built-in algorithm and generator, run by the parallel runner.
    Builtin { algorithm: Algorithm, rng: RngKind, post: PostProcess },
    /// A program's output or a file of decks, streamed.
    External { source: ExternalSource, options: StreamOptions },
}

/// One validated check.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Check {
    pub name: String,
    /// The line of its `[[check]]` header.
    pub line: usize,
    pub source: CheckSource,
    /// Deck size; `None` for an external source that infers it.
    pub deck: Option<usize>,
    pub shuffles: u64,
    pub seed: u64,
    /// A subset of the battery's tests, or all of them.
    pub tests: Option<Vec<String>>,
    pub expect: Expectation,
    pub thresholds: Thresholds,
}

impl Check {
    /// `fisher-yates / chacha8`, `exec: python3 …`, `decks: deals.txt`.
    pub fn source_label(&self) -> String {
        match &self.source {
            CheckSource::Builtin { algorithm, rng, post } => {
                let mut s = algorithm.kind.name().to_string();
                if let Some(k) = algorithm.swaps {
                    s.push_str(&format!(" --swaps {k}"));
                }
                if !post.is_none() {
                    s.push(' ');
                    s.push_str(&post.label());
                }
                format!("{s} / {rng}")
            }
            CheckSource::External { source, .. } => source.label(),
        }
    }
}

/// A validated configuration.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GateConfig {
    pub path: PathBuf,
    /// The directory relative paths and commands are taken from.
    pub dir: PathBuf,
    pub checks: Vec<Check>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    #[serde(default)]
    check: Vec<Spanned<RawCheck>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCheck {
    name: Option<Spanned<String>>,
    algorithm: Option<Spanned<String>>,
    rng: Option<Spanned<String>>,
    swaps: Option<Spanned<i64>>,
    cut: Option<Spanned<bool>>,
    burn: Option<Spanned<i64>>,
    exec: Option<Spanned<String>>,
    decks: Option<Spanned<String>>,
    format: Option<Spanned<String>>,
    base: Option<Spanned<i64>>,
    strict: Option<Spanned<bool>>,
    deck: Option<Spanned<i64>>,
    shuffles: Option<Spanned<i64>>,
    seed: Option<Spanned<i64>>,
    tests: Option<Spanned<Vec<String>>>,
    expect: Option<Spanned<String>>,
    fail_below: Option<Spanned<f64>>,
    suspicious_below: Option<Spanned<f64>>,
}

/// Reads and validates a configuration file.
pub fn load(path: &Path) -> Result<GateConfig, ConfigError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| ConfigError {
        file: file.clone(),
        line: 0,
        message: format!("cannot read: {e}"),
    })?;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    parse(&text, &file, &dir)
}

/// Validates the text of a configuration file named `file`, whose relative paths start at `dir`.
pub fn parse(text: &str, file: &str, dir: &Path) -> Result<GateConfig, ConfigError> {
    let line_of = |offset: usize| text[..offset.min(text.len())].bytes().filter(|&b| b == b'\n').count() + 1;
    let err = |offset: usize, message: String| ConfigError { file: file.to_string(), line: line_of(offset), message };
    let raw: RawConfig = toml::from_str(text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        err(offset, e.message().trim().replace('\n', " "))
    })?;
    if raw.check.is_empty() {
        return Err(ConfigError {
            file: file.to_string(),
            line: 1,
            message: "no checks: add at least one [[check]] table".into(),
        });
    }
    let mut checks: Vec<Check> = Vec::new();
    for spanned in &raw.check {
        let check_offset = spanned.span().start;
        let check = validate(spanned.get_ref(), check_offset, &err, dir)?;
        if let Some(other) = checks.iter().find(|c| c.name == check.name) {
            return Err(err(
                check_offset,
                format!("check name '{}' is already used on line {}", check.name, other.line),
            ));
        }
        checks.push(check);
    }
    Ok(GateConfig { path: PathBuf::from(file), dir: dir.to_path_buf(), checks })
}

type ErrFn<'a> = dyn Fn(usize, String) -> ConfigError + 'a;

fn validate(raw: &RawCheck, at: usize, err: &ErrFn, dir: &Path) -> Result<Check, ConfigError> {
    let pos = |s: &std::ops::Range<usize>| s.start;
    let name = raw.name.as_ref().ok_or_else(|| err(at, "the check has no name (name = \"...\")".into()))?;
    if name.get_ref().trim().is_empty() {
        return Err(err(pos(&name.span()), "the name is empty".into()));
    }
    let line = err(at, String::new()).line;
    let name = name.get_ref().clone();
    let ctx = |offset: usize, m: String| err(offset, format!("check '{name}': {m}"));

    let integer = |v: &Option<Spanned<i64>>, what: &str, lo: i64, hi: i64| -> Result<Option<i64>, ConfigError> {
        match v {
            None => Ok(None),
            Some(s) if (lo..=hi).contains(s.get_ref()) => Ok(Some(*s.get_ref())),
            Some(s) => Err(ctx(pos(&s.span()), format!("{what} = {} is outside {lo}..={hi}", s.get_ref()))),
        }
    };
    let deck = integer(&raw.deck, "deck", MIN_DECK as i64, MAX_DECK as i64)?.map(|d| d as usize);
    let shuffles = integer(&raw.shuffles, "shuffles", 1, i64::MAX)?.map(|s| s as u64);
    let seed = integer(&raw.seed, "seed", 0, i64::MAX)?.map(|s| s as u64).unwrap_or(DEFAULT_SEED);

    let sources: Vec<(&str, usize)> = [
        raw.algorithm.as_ref().map(|s| ("algorithm", pos(&s.span()))),
        raw.exec.as_ref().map(|s| ("exec", pos(&s.span()))),
        raw.decks.as_ref().map(|s| ("decks", pos(&s.span()))),
    ]
    .into_iter()
    .flatten()
    .collect();
    match sources.as_slice() {
        [] => return Err(ctx(at, "no source: give one of algorithm, exec or decks".into())),
        [_] => {}
        [(a, _), (b, offset), ..] => {
            return Err(ctx(*offset, format!("{a} and {b} are both given: a check has one source")));
        }
    }
    let builtin_only = [
        ("rng", raw.rng.as_ref().map(|s| pos(&s.span()))),
        ("swaps", raw.swaps.as_ref().map(|s| pos(&s.span()))),
        ("cut", raw.cut.as_ref().map(|s| pos(&s.span()))),
        ("burn", raw.burn.as_ref().map(|s| pos(&s.span()))),
    ];
    let external_only = [
        ("format", raw.format.as_ref().map(|s| pos(&s.span()))),
        ("base", raw.base.as_ref().map(|s| pos(&s.span()))),
        ("strict", raw.strict.as_ref().map(|s| pos(&s.span()))),
    ];

    let source = if let Some(alg) = &raw.algorithm {
        if let Some((key, Some(offset))) = external_only.iter().find(|(_, o)| o.is_some()) {
            return Err(ctx(*offset, format!("{key} applies to exec and decks sources, not to algorithm")));
        }
        let kind: AlgorithmKind = alg.get_ref().parse().map_err(|e: String| ctx(pos(&alg.span()), e))?;
        let rng = match &raw.rng {
            Some(r) => r.get_ref().parse().map_err(|e: String| ctx(pos(&r.span()), e))?,
            None => RngKind::Chacha8,
        };
        if let Some(s) = &raw.seed {
            rng.check_seed(seed).map_err(|e| ctx(pos(&s.span()), e.to_string().replace("--seed: ", "")))?;
        }
        let swaps = integer(&raw.swaps, "swaps", 0, i64::MAX)?.map(|k| k as usize);
        let n = deck.unwrap_or(52);
        let burn = integer(&raw.burn, "burn", 0, n as i64 - 1)?.unwrap_or(0) as usize;
        let post = PostProcess { cut: raw.cut.as_ref().is_some_and(|c| *c.get_ref()), burn };
        CheckSource::Builtin { algorithm: Algorithm { kind, swaps }, rng, post }
    } else {
        if let Some((key, Some(offset))) = builtin_only.iter().find(|(_, o)| o.is_some()) {
            return Err(ctx(*offset, format!("{key} applies to algorithm sources, not to exec or decks")));
        }
        let format = match &raw.format {
            Some(f) => f.get_ref().parse().map_err(|e: String| ctx(pos(&f.span()), e))?,
            None => FormatChoice::Auto,
        };
        let base = integer(&raw.base, "base", 0, 1)?.unwrap_or(0) as u32;
        let options = StreamOptions { deck, format, base, strict: raw.strict.as_ref().is_some_and(|s| *s.get_ref()) };
        let source = if let Some(cmd) = &raw.exec {
            if cmd.get_ref().trim().is_empty() {
                return Err(ctx(pos(&cmd.span()), "the exec command is empty".into()));
            }
            if cmd.get_ref().contains("{shuffles}") && shuffles.is_none() {
                return Err(ctx(pos(&cmd.span()), "the command uses {shuffles}: give shuffles = N".into()));
            }
            if cmd.get_ref().contains("{deck}") && deck.is_none() {
                return Err(ctx(pos(&cmd.span()), "the command uses {deck}: give deck = N".into()));
            }
            let command = cmd
                .get_ref()
                .replace("{shuffles}", &shuffles.unwrap_or(0).to_string())
                .replace("{seed}", &seed.to_string())
                .replace("{deck}", &deck.unwrap_or(0).to_string());
            ExternalSource::Exec(command)
        } else {
            let p = raw.decks.as_ref().expect("one source");
            if p.get_ref() != "-" && !dir.join(p.get_ref()).is_file() {
                return Err(ctx(pos(&p.span()), format!("decks file '{}' does not exist", p.get_ref())));
            }
            if shuffles.is_some() {
                let offset = raw.shuffles.as_ref().map_or(at, |s| pos(&s.span()));
                return Err(ctx(offset, "shuffles does not apply to a decks file (every deck in it is read)".into()));
            }
            ExternalSource::Decks(PathBuf::from(p.get_ref()))
        };
        CheckSource::External { source, options }
    };

    let tests = match &raw.tests {
        None => None,
        Some(t) => {
            // Names are checked against the battery for the deck size (52 when an external source infers it;
            // they are checked again against the inferred size when the check runs).
            test_names::check_names(t.get_ref(), deck.unwrap_or(52)).map_err(|e| ctx(pos(&t.span()), e))?;
            Some(t.get_ref().clone())
        }
    };
    let expect = match &raw.expect {
        Some(e) => e.get_ref().parse().map_err(|m: String| ctx(pos(&e.span()), m))?,
        None => Expectation::Pass,
    };
    let threshold = |v: &Option<Spanned<f64>>, key: &str, default: f64| -> Result<f64, ConfigError> {
        match v {
            None => Ok(default),
            Some(s) if *s.get_ref() > 0.0 && *s.get_ref() < 0.5 => Ok(*s.get_ref()),
            Some(s) => {
                Err(ctx(pos(&s.span()), format!("{key} = {} is not a probability between 0 and 0.5", s.get_ref())))
            }
        }
    };
    let defaults = Thresholds::default();
    let fail = threshold(&raw.fail_below, "fail_below", defaults.fail)?;
    let suspicious = threshold(&raw.suspicious_below, "suspicious_below", defaults.suspicious)?;
    if fail > suspicious {
        let offset = raw.fail_below.as_ref().or(raw.suspicious_below.as_ref()).map_or(at, |s| pos(&s.span()));
        return Err(ctx(offset, format!("fail_below {fail} is above suspicious_below {suspicious}")));
    }
    let builtin = matches!(source, CheckSource::Builtin { .. });
    Ok(Check {
        name: name.clone(),
        line,
        deck: if builtin { Some(deck.unwrap_or(52)) } else { deck },
        shuffles: shuffles.unwrap_or(if builtin { DEFAULT_SHUFFLES } else { 0 }),
        seed,
        source,
        tests,
        expect,
        thresholds: Thresholds { fail, suspicious },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(text: &str) -> Result<GateConfig, ConfigError> {
        parse(text, "gate.toml", Path::new("."))
    }

    #[test]
    fn a_full_configuration_is_read() {
        let c = parse_str(
            r#"
# comment
[[check]]
name = "fy"
algorithm = "fisher-yates"
rng = "msvc"
shuffles = 1000
seed = 3
tests = ["position-card"]
expect = "pass-or-suspicious"

[[check]]
name = "py"
exec = "python3 x.py {shuffles} {seed}"
shuffles = 500
expect = "fail"
fail_below = 1e-6
"#,
        )
        .unwrap();
        assert_eq!(c.checks.len(), 2);
        let fy = &c.checks[0];
        assert_eq!((fy.line, fy.deck, fy.shuffles, fy.seed), (3, Some(52), 1000, 3));
        assert_eq!(fy.source_label(), "fisher-yates / msvc");
        assert_eq!(fy.expect, Expectation::PassOrSuspicious);
        let py = &c.checks[1];
        assert_eq!(py.source_label(), "exec:python3 x.py 500 1");
        assert_eq!((py.line, py.deck, py.thresholds.fail), (12, None, 1e-6));
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            ("[[check]]\nname = \"a\"\nalgoritm = \"x\"\n", 3, "unknown field `algoritm`"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"nope\"\n", 3, "unknown algorithm 'nope'"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\nexec = \"x\"\n", 4, "algorithm and exec are both given"),
            ("[[check]]\nname = \"a\"\n\n", 1, "no source"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\ndeck = 1\n", 4, "deck = 1 is outside 2..=1024"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\nexpect = \"passes\"\n", 4, "unknown expectation"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\ntests = [\"nope\"]\n", 4, "unknown test 'nope'"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\nbase = 1\n", 4, "base applies to exec and decks"),
            ("[[check]]\nname = \"a\"\ndecks = \"no/such/file\"\n", 3, "does not exist"),
            ("[[check]]\nname = \"a\"\nexec = \"p {shuffles}\"\n", 3, "give shuffles = N"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\nfail_below = 0.2\nsuspicious_below = 0.1\n", 4, "above"),
            (
                "[[check]]\nname = \"a\"\nalgorithm = \"wash\"\n[[check]]\nname = \"a\"\nalgorithm = \"wash\"\n",
                4,
                "already used on line 1",
            ),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\nrng = \"msvc\"\nseed = 5000000000\n", 5, "32 bits"),
            ("[[check]]\nname = \"a\"\nshuffles = \"many\"\n", 3, "invalid type"),
            ("", 1, "no checks"),
            ("[[check]\n", 1, ""),
        ];
        for (text, line, needle) in cases {
            let e = parse_str(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.message.contains(needle), "{text:?}: {e}");
            assert!(e.to_string().starts_with(&format!("gate.toml line {line}: ")), "{e}");
            assert!(!e.to_string().contains('\n'), "one line: {e}");
        }
    }

    #[test]
    fn expectations_accept_their_verdicts() {
        assert!(Expectation::Pass.accepts(Verdict::Pass));
        assert!(!Expectation::Pass.accepts(Verdict::Suspicious));
        assert!(Expectation::PassOrSuspicious.accepts(Verdict::Suspicious));
        assert!(!Expectation::Fail.accepts(Verdict::Broken));
    }
}
