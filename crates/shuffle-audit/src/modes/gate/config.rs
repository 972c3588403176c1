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
//! timeout = "5m"                    # optional: a check that runs out of time is not met
//! seeding = "per-deal"              # optional, built-in sources: once (default) or per-deal
//! seed_space = 86400000             # optional, with per-deal: the number of seeds (default: all)
//! ```
//!
//! `exec` commands may use `{shuffles}`, `{seed}` and `{deck}`, replaced by the check's values. Relative
//! `decks` paths and `exec` commands are taken from the configuration file's directory.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::audit::settings::{Plan, RunRequest, RunSettings};
use crate::audit::verdict::Verdict;
use crate::cards::{MAX_DECK, MIN_DECK};
use crate::error::Field;
use crate::shuffle::AlgorithmKind;
use crate::stats::TestSelection;

/// Seed of a check when the configuration does not say: fixed, so the gate is reproducible.
pub(crate) const DEFAULT_SEED: u64 = 1;

/// A configuration error: the file, the line (0 when the file cannot be read at all), and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {message}", if *.line > 0 { format!(" line {}", .line) } else { String::new() })]
pub struct ConfigError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

crate::names::named_enum! {
    /// The verdicts a check accepts.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum Expectation("expectation") {
        /// PASS only.
        Pass => "pass",
        /// PASS or SUSPICIOUS.
        PassOrSuspicious => "pass-or-suspicious",
        Suspicious => "suspicious",
        Fail => "fail",
        Broken => "broken",
    }
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
        self.name()
    }
}

/// The folder of a check's run files under `gate --out`: its name's letters, digits, `-` and `_`, the rest as
/// `_`. Configurations whose checks would share a folder are refused (`parse`), so it names one check.
pub fn folder_name(check_name: &str) -> String {
    check_name.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect()
}

/// One validated check.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub name: String,
    /// The line of its `[[check]]` header.
    pub line: usize,
    /// The run, validated by the same code as `run`'s flags.
    pub settings: RunSettings,
    /// The seed given to an `exec` command's `{seed}` or to a built-in run.
    pub seed: u64,
    /// The line of the `tests` key (the check's line when absent): a selection that turns out to apply to
    /// no test of the decks a source produced is reported there.
    pub tests_line: usize,
    pub expect: Expectation,
}

impl Check {
    /// The folder of the check's run files under `gate --out` ([`folder_name`]).
    pub fn folder_name(&self) -> String {
        folder_name(&self.name)
    }

    /// `fisher-yates / chacha8`, `wash --swaps 54 / msvc`, `exec:python3 …`, `decks:deals.txt`.
    pub fn source_label(&self) -> String {
        match &self.settings.plan {
            Plan::Builtin(c) => format!("{} / {}", c.label(), c.source.rng_label()),
            Plan::External(e) => e.source.label(),
        }
    }

    /// The deck size, when it is known before the check runs.
    pub fn deck(&self) -> Option<usize> {
        match &self.settings.plan {
            Plan::Builtin(c) => Some(c.deck),
            Plan::External(e) => e.options.deck,
        }
    }

    /// Shuffles of a built-in check (0 for decks made elsewhere: every deck they give is read).
    pub fn shuffles(&self) -> u64 {
        self.settings.builtin().map_or(0, |c| c.shuffles)
    }
}

/// A validated configuration.
#[derive(Clone, Debug, PartialEq)]
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
    riffles: Option<Spanned<i64>>,
    passes: Option<Spanned<i64>>,
    moves: Option<Spanned<i64>>,
    shelves: Option<Spanned<i64>>,
    piles: Option<Spanned<i64>>,
    pile_order: Option<Spanned<String>>,
    faro: Option<Spanned<String>>,
    cut: Option<Spanned<bool>>,
    burn: Option<Spanned<i64>>,
    exec: Option<Spanned<String>>,
    decks: Option<Spanned<String>>,
    format: Option<Spanned<String>>,
    base: Option<Spanned<i64>>,
    strict: Option<Spanned<bool>>,
    deck: Option<Spanned<i64>>,
    copies: Option<Spanned<i64>>,
    shuffles: Option<Spanned<i64>>,
    seed: Option<Spanned<i64>>,
    tests: Option<Spanned<Vec<String>>>,
    guesser: Option<Spanned<String>>,
    expect: Option<Spanned<String>>,
    fail_below: Option<Spanned<f64>>,
    suspicious_below: Option<Spanned<f64>>,
    timeout: Option<Spanned<String>>,
    seeding: Option<Spanned<String>>,
    seed_space: Option<Spanned<i64>>,
}

/// The largest configuration file read: thousands of checks.
pub(crate) const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Reads and validates a configuration file.
pub fn load(path: &Path) -> Result<GateConfig, ConfigError> {
    let file = path.display().to_string();
    let fail = |message: String| ConfigError { file: file.clone(), line: 0, message };
    // Only a regular file, and only so much of it: a FIFO or a device would be read for ever.
    let (f, len) = crate::audit::regular_file::open_regular(path).map_err(|e| fail(e.to_string()))?;
    if len > MAX_CONFIG_BYTES {
        return Err(fail(format!(
            "{len} bytes is larger than a gate configuration may be ({MAX_CONFIG_BYTES} bytes, 1 MiB)"
        )));
    }
    let mut text = String::new();
    std::io::Read::read_to_string(&mut std::io::Read::take(f, MAX_CONFIG_BYTES + 1), &mut text)
        .map_err(|e| fail(format!("cannot read: {e}")))?;
    if text.len() as u64 > MAX_CONFIG_BYTES {
        return Err(fail(format!("it grew beyond {MAX_CONFIG_BYTES} bytes while it was read")));
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf();
    parse(&text, &file, &dir)
}

/// Validates the text of a configuration file named `file`, whose relative paths start at `dir`.
pub(crate) fn parse(text: &str, file: &str, dir: &Path) -> Result<GateConfig, ConfigError> {
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
        // Two names may differ and still make one folder under `gate --out` (`x/y` and `x_y`): one would
        // overwrite the other's files.
        if let Some(other) = checks.iter().find(|c| c.folder_name() == check.folder_name()) {
            return Err(err(
                check_offset,
                format!(
                    "check '{}': name: its folder under --out, '{}', is that of check '{}' on line {}; rename one",
                    check.name,
                    check.folder_name(),
                    other.name,
                    other.line
                ),
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
    let parsed = |v: &Option<Spanned<String>>| -> Result<Option<(String, usize)>, ConfigError> {
        Ok(v.as_ref().map(|s| (s.get_ref().clone(), pos(&s.span()))))
    };
    fn parse_as<T: std::str::FromStr<Err = String>>(
        v: Option<(String, usize)>,
        ctx: &dyn Fn(usize, String) -> ConfigError,
    ) -> Result<Option<T>, ConfigError> {
        v.map(|(s, at)| s.parse().map_err(|e: String| ctx(at, e))).transpose()
    }
    let deck = integer(&raw.deck, "deck", MIN_DECK as i64, MAX_DECK as i64)?.map(|d| d as usize);
    let shuffles = integer(&raw.shuffles, "shuffles", 1, i64::MAX)?.map(|s| s as u64);
    let seed = integer(&raw.seed, "seed", 0, i64::MAX)?.map(|s| s as u64);
    let timeout = match &raw.timeout {
        Some(t) => Some(
            crate::audit::stop::parse_duration(t.get_ref())
                .map_err(|m| ctx(pos(&t.span()), format!("{}: {m}", Field::Timeout.key())))?,
        ),
        None => None,
    };

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

    let mut request = RunRequest {
        algorithm: parse_as::<AlgorithmKind>(parsed(&raw.algorithm)?, &ctx)?,
        rng: parse_as(parsed(&raw.rng)?, &ctx)?,
        seed,
        swaps: integer(&raw.swaps, "swaps", 0, i64::MAX)?.map(|k| k as u64),
        riffles: integer(&raw.riffles, "riffles", 0, i64::MAX)?.map(|k| k as u64),
        passes: integer(&raw.passes, "passes", 0, i64::MAX)?.map(|k| k as u64),
        moves: integer(&raw.moves, "moves", 0, i64::MAX)?.map(|k| k as u64),
        shelves: integer(&raw.shelves, "shelves", 0, i64::MAX)?.map(|k| k as u64),
        piles: integer(&raw.piles, "piles", 0, i64::MAX)?.map(|k| k as u64),
        pile_order: parse_as(parsed(&raw.pile_order)?, &ctx)?,
        faro: parse_as(parsed(&raw.faro)?, &ctx)?,
        guesser: parse_as(parsed(&raw.guesser)?, &ctx)?,
        cut: raw.cut.as_ref().is_some_and(|c| *c.get_ref()),
        burn: integer(&raw.burn, "burn", 0, i64::MAX)?.map(|b| b as usize),
        format: parse_as(parsed(&raw.format)?, &ctx)?,
        base: integer(&raw.base, "base", 0, 1)?.map(|b| b as u32),
        strict: raw.strict.as_ref().is_some_and(|s| *s.get_ref()),
        deck,
        copies: integer(&raw.copies, "copies", 1, 512)?.map(|k| k as usize),
        shuffles,
        fail_below: raw.fail_below.as_ref().map(|s| *s.get_ref()),
        suspicious_below: raw.suspicious_below.as_ref().map(|s| *s.get_ref()),
        timeout,
        seeding: parse_as(parsed(&raw.seeding)?, &ctx)?,
        seed_space: integer(&raw.seed_space, "seed_space", 0, i64::MAX)?.map(|n| n as u128),
        ..Default::default()
    };
    if let Some(t) = &raw.tests {
        let list = t.get_ref();
        if list.is_empty() {
            return Err(ctx(pos(&t.span()), "the list of tests is empty".into()));
        }
        request.tests = Some(TestSelection::parse(&list.join(",")).map_err(|e| ctx(pos(&t.span()), e))?);
    }
    if let Some(cmd) = &raw.exec {
        // `{shuffles}`, `{seed}` and `{deck}` are the command's: shuffles and seed given for it are used there,
        // and refused (as for `run --exec`) when the command does not take them.
        let text = cmd.get_ref();
        if text.contains("{shuffles}") && shuffles.is_none() {
            return Err(ctx(pos(&cmd.span()), "the command uses {shuffles}: give shuffles = N".into()));
        }
        if text.contains("{deck}") && deck.is_none() {
            return Err(ctx(pos(&cmd.span()), "the command uses {deck}: give deck = N".into()));
        }
        if text.contains("{shuffles}") {
            request.shuffles = None;
        }
        if text.contains("{seed}") {
            request.seed = None;
        }
        request.exec = Some(
            text.replace("{shuffles}", &shuffles.unwrap_or(0).to_string())
                .replace("{seed}", &seed.unwrap_or(DEFAULT_SEED).to_string())
                .replace("{deck}", &deck.unwrap_or(0).to_string()),
        );
    }
    if let Some(p) = &raw.decks {
        if p.get_ref() != "-" && !dir.join(p.get_ref()).is_file() {
            return Err(ctx(pos(&p.span()), format!("decks file '{}' does not exist", p.get_ref())));
        }
        request.decks = Some(PathBuf::from(p.get_ref()));
    }
    if request.algorithm.is_some() && request.seed.is_none() {
        request.seed = Some(DEFAULT_SEED);
    }
    // The key's own line for every field the settings check names.
    let key_offset = |field: Field| -> usize {
        let span = |s: Option<std::ops::Range<usize>>| s.map_or(at, |s| s.start);
        match field {
            Field::Algorithm => span(raw.algorithm.as_ref().map(|s| s.span())),
            Field::Rng => span(raw.rng.as_ref().map(|s| s.span())),
            Field::Seed => span(raw.seed.as_ref().map(|s| s.span())),
            Field::Deck => span(raw.deck.as_ref().map(|s| s.span())),
            Field::Copies => span(raw.copies.as_ref().map(|s| s.span())),
            Field::Shuffles => span(raw.shuffles.as_ref().map(|s| s.span())),
            Field::Swaps => span(raw.swaps.as_ref().map(|s| s.span())),
            Field::Riffles => span(raw.riffles.as_ref().map(|s| s.span())),
            Field::Passes => span(raw.passes.as_ref().map(|s| s.span())),
            Field::Moves => span(raw.moves.as_ref().map(|s| s.span())),
            Field::Shelves => span(raw.shelves.as_ref().map(|s| s.span())),
            Field::Piles => span(raw.piles.as_ref().map(|s| s.span())),
            Field::PileOrder => span(raw.pile_order.as_ref().map(|s| s.span())),
            Field::Faro => span(raw.faro.as_ref().map(|s| s.span())),
            Field::Guesser => span(raw.guesser.as_ref().map(|s| s.span())),
            Field::Cut => span(raw.cut.as_ref().map(|s| s.span())),
            Field::Burn => span(raw.burn.as_ref().map(|s| s.span())),
            Field::Exec => span(raw.exec.as_ref().map(|s| s.span())),
            Field::Decks => span(raw.decks.as_ref().map(|s| s.span())),
            Field::Format => span(raw.format.as_ref().map(|s| s.span())),
            Field::Base => span(raw.base.as_ref().map(|s| s.span())),
            Field::Strict => span(raw.strict.as_ref().map(|s| s.span())),
            Field::Tests => span(raw.tests.as_ref().map(|s| s.span())),
            Field::FailBelow => span(raw.fail_below.as_ref().map(|s| s.span())),
            Field::SuspiciousBelow => span(raw.suspicious_below.as_ref().map(|s| s.span())),
            Field::Timeout => span(raw.timeout.as_ref().map(|s| s.span())),
            Field::Seeding => span(raw.seeding.as_ref().map(|s| s.span())),
            Field::SeedSpace => span(raw.seed_space.as_ref().map(|s| s.span())),
            _ => at,
        }
    };
    // The settings' messages name no flag: the gate puts the TOML key before them, on the key's line.
    let settings = request
        .validate(|_| DEFAULT_SEED)
        .map_err(|e| ctx(key_offset(e.field), format!("{} {}", e.field.key(), e.message)))?;
    let expect = match &raw.expect {
        Some(e) => e.get_ref().parse().map_err(|m: String| ctx(pos(&e.span()), m))?,
        None => Expectation::Pass,
    };
    Ok(Check {
        name: name.clone(),
        line,
        settings,
        seed: seed.unwrap_or(DEFAULT_SEED),
        tests_line: err(key_offset(Field::Tests), String::new()).line,
        expect,
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
timeout = "90s"
"#,
        )
        .unwrap();
        assert_eq!(c.checks.len(), 2);
        let fy = &c.checks[0];
        assert_eq!((fy.line, fy.deck(), fy.shuffles(), fy.seed), (3, Some(52), 1000, 3));
        assert_eq!(fy.source_label(), "fisher-yates / msvc");
        assert_eq!(fy.expect, Expectation::PassOrSuspicious);
        let py = &c.checks[1];
        assert_eq!(py.source_label(), "exec:python3 x.py 500 1");
        assert_eq!((py.line, py.deck(), py.settings.thresholds.fail), (12, None, 1e-6));
        assert_eq!((fy.settings.timeout, py.settings.timeout), (None, Some(std::time::Duration::from_secs(90))));
    }

    #[test]
    fn machines_and_the_guesser_are_read() {
        let c = parse_str(
            r#"
[[check]]
name = "shelf"
algorithm = "shelf"
shelves = 20
passes = 2
tests = ["default", "guess"]
guesser = "above-last"

[[check]]
name = "piles"
algorithm = "pile"
piles = 5
pile_order = "random"

[[check]]
name = "faro"
algorithm = "faro"
faro = "in"
"#,
        )
        .unwrap();
        let labels: Vec<String> = c.checks.iter().map(|c| c.source_label()).collect();
        assert_eq!(
            labels,
            [
                "shelf --passes 2 --shelves 20 / chacha8",
                "pile --piles 5 --pile-order random / chacha8",
                "faro --passes 1 --faro in / chacha8"
            ]
        );
        let shelf = c.checks[0].settings.builtin().unwrap();
        assert_eq!(shelf.tests.to_string(), "default,guess=above-last");
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
            (
                "[[check]]\nname = \"x/y\"\nalgorithm = \"wash\"\n[[check]]\nname = \"x_y\"\nalgorithm = \"wash\"\n",
                4,
                "check 'x_y': name: its folder under --out, 'x_y', is that of check 'x/y' on line 1; rename one",
            ),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\nrng = \"msvc\"\nseed = 5000000000\n", 5, "32 bits"),
            ("[[check]]\nname = \"a\"\nshuffles = \"many\"\n", 3, "invalid type"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\ntimeout = \"0s\"\n", 4, "timeout: '0s' must be longer"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\ntimeout = \"5 parsecs\"\n", 4, "timeout: unknown unit"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\nshelves = 3\n", 4, "shelves applies to"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"pile\"\npile_order = \"up\"\n", 4, "unknown pile order 'up'"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"faro\"\nfaro = \"sideways\"\n", 4, "'sideways'"),
            (
                "[[check]]\nname = \"a\"\nalgorithm = \"wash\"\nguesser = \"marginal\"\n",
                4,
                "guesser applies to the guess",
            ),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\ntests = [\"guess\"]\nguesser = \"x\"\n", 5, "'x'"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\ncopies = 0\n", 4, "copies"),
            ("[[check]]\nname = \"a\"\nalgorithm = \"wash\"\ncopies = 30\n", 4, "30 copies of 52 cards"),
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
