//! The command line: clap types stop here. Each subcommand's arguments are validated into the plain
//! configuration structs the library works with.

mod flags;
pub mod reference;

use clap::{Args, Parser, Subcommand};

use shuffle_audit::audit::RunRequest;
use shuffle_audit::exact::{ExactDraws, ExactQuery};
use shuffle_audit::game::deal::{DealShape, Scheme, StartOrder};
use shuffle_audit::game::{Game, Lang};
use shuffle_audit::rng::RngKind;
use shuffle_audit::shuffle::AlgorithmKind;

/// Tells whether a card shuffle is fair, how unfair it is, and why.
#[derive(Debug, Parser)]
#[command(name = "shuffle-audit", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List every algorithm, generator and deck preset.
    List,
    /// Print shuffled decks, one per line, as 0-based card ids (or names).
    Shuffle(ShuffleArgs),
    /// Audit one algorithm (shuffle N times) or the decks of a file or program (--decks, --exec): test, print a
    /// summary and write reports.
    Run(Box<RunArgs>),
    /// Run the catalogue of findings and show which shuffles are fair, which are not, and by how much.
    Compare(CompareArgs),
    /// Run the checks of a configuration file, each with its expected verdict; exit 1 if any is not met.
    Gate(GateArgs),
    /// Shuffle and deal: print every hand sorted the game's way, the bottom cards and each 斗牛 hand's niu.
    Deal(DealArgs),
    /// Print a game's exact hand odds (斗地主 rocket, bombs, bottom jokers; 斗牛 niu values; baccarat's coup;
    /// blackjack's naturals; 掼蛋's jokers, bombs and straight flushes) as fractions.
    Exact(ExactArgs),
    /// Run R independent replicates and test each statistic's p-values for uniformity (KS and AD).
    Calibrate(CalibrateArgs),
    /// Run wash or pair-swap for a range of swap counts and plot how the bias fades.
    Sweep(SweepArgs),
    /// Add up the state files of a run's shards and write the run's reports, as one machine would have.
    Merge(MergeArgs),
    /// What a seeding policy allows: distinct decks, expected repeated decks, and the bits each common view
    /// reveals of the seed.
    Seeds(SeedsArgs),
    /// Recover the seeds consistent with what one seat sees and predict every other hand (or, with --trials,
    /// measure how often that works).
    Crack(Box<CrackArgs>),
    /// Write the teaching page, teach.html: edit a shuffle loop, run it in the browser and watch the bias appear,
    /// with the statistic, p-value and verdict beside it and the exact matrix to compare.
    Teach(TeachArgs),
    /// Write a generator's raw output, a shuffle's decks as uniform bits, or a loop's scaled draws, for a generic
    /// battery (PractRand, dieharder, TestU01), with a manifest.json beside a file written.
    Export(ExportArgs),
    /// How many deals of one view (a seat's hand, the bottom, hole cards) each known flaw needs to FAIL, from
    /// its exact matrix, before any log is collected.
    Plan(PlanArgs),
    /// Audit a shuffle from game logs: what players saw of each deal (hand histories, one seat's hands, the views
    /// file), checked whole and tested with statistics valid on what was seen.
    Logs(LogsArgs),
    /// Provably fair: replay a casino's rounds from its seeds and check each (verify).
    Fair(FairArgs),
    /// Check the files a manifest.json lists (size and SHA-256): ok, CHANGED or MISSING; exit 1 if any differs.
    Verify(VerifyArgs),
    /// Print the completion script of a shell, e.g. `shuffle-audit completions bash >
    /// ~/.local/share/bash-completion/completions/shuffle-audit`.
    Completions(CompletionsArgs),
    /// Print the man page (roff) of the tool or of one subcommand, or write every page with --out.
    Man(ManArgs),
}

/// Arguments of `completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell whose script to print.
    #[arg(value_name = "SHELL")]
    pub shell: reference::Shell,
}

/// Arguments of `man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// A subcommand whose page to print instead of the tool's.
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
    /// Write shuffle-audit.1 and one shuffle-audit-<command>.1 per subcommand to DIR instead of printing.
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub out: Option<std::path::PathBuf>,
    /// Print the command-line reference as Markdown (the book's page) instead of roff.
    #[arg(long, hide = true, conflicts_with_all = ["command", "out"])]
    pub markdown: bool,
}

pub use shuffle_audit::audit::{Draw, FaroKind, PileOrder};

/// One line for a command-line error, naming the flag: `--fail-below: invalid value '-1': -1 is not a
/// probability between 0 and 0.5`. Built from clap's error kind and context, never from its message text.
pub fn usage_error(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let context = |kind: ContextKind| -> Option<String> {
        e.get(kind).map(|v| match v {
            ContextValue::String(s) => s.clone(),
            ContextValue::Strings(v) => v.join(", "),
            ContextValue::StyledStr(s) => s.to_string(),
            ContextValue::StyledStrs(v) => v.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", "),
            ContextValue::Number(n) => n.to_string(),
            other => other.to_string(),
        })
    };
    // `--fail-below <P>` is named `--fail-below`.
    let flag = |s: String| s.split_whitespace().next().map_or(s.clone(), str::to_string);
    let arg = context(ContextKind::InvalidArg).map(flag).unwrap_or_else(|| "arguments".to_string());
    let value = context(ContextKind::InvalidValue).unwrap_or_default();
    let suggestion = context(ContextKind::SuggestedArg)
        .or_else(|| context(ContextKind::SuggestedValue))
        .or_else(|| context(ContextKind::SuggestedSubcommand))
        .map_or(String::new(), |s| format!(" (did you mean '{s}'?)"));
    match e.kind() {
        ErrorKind::ValueValidation => {
            let why = std::error::Error::source(e).map_or(String::new(), |s| format!(": {s}"));
            format!("{arg}: invalid value '{value}'{why}")
        }
        ErrorKind::InvalidValue => {
            let valid = context(ContextKind::ValidValue)
                .filter(|v| !v.is_empty())
                .map_or(String::new(), |v| format!(" (expected one of: {v})"));
            if value.is_empty() {
                format!("{arg}: a value is required{valid}")
            } else {
                format!("{arg}: invalid value '{value}'{valid}{suggestion}")
            }
        }
        ErrorKind::UnknownArgument => format!("unexpected argument '{arg}'{suggestion}"),
        ErrorKind::InvalidSubcommand => {
            format!("unknown subcommand '{}'{suggestion}", context(ContextKind::InvalidSubcommand).unwrap_or_default())
        }
        ErrorKind::MissingRequiredArgument => format!("missing required argument: {arg}"),
        ErrorKind::MissingSubcommand => "a subcommand is required (see --help)".to_string(),
        ErrorKind::ArgumentConflict => match context(ContextKind::PriorArg).map(flag) {
            Some(prior) if prior != arg => format!("{arg} cannot be used with {prior}"),
            _ => format!("{arg} is given more than once"),
        },
        ErrorKind::NoEquals => format!("{arg}: give its value as {arg}=VALUE"),
        ErrorKind::TooManyValues | ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            format!("{arg}: wrong number of values")
        }
        ErrorKind::InvalidUtf8 => format!("{arg}: the value is not valid UTF-8"),
        kind => format!("{arg}: {kind}"),
    }
}

/// A seed: an unsigned integer (`srand(seed)` for the C generators, `seed_from_u64` otherwise).
pub fn parse_seed(s: &str) -> Result<u64, String> {
    let t = s.trim();
    if t.starts_with('-') {
        return Err(format!("'{s}' is negative: a seed is an unsigned integer"));
    }
    let parsed = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => t.parse::<u64>(),
    };
    parsed.map_err(|_| format!("'{s}' is not an unsigned integer (decimal or 0x hex, at most 2^64-1)"))
}

/// `--guesser NAME|all`.
pub fn parse_guessers(s: &str) -> Result<shuffle_audit::stats::deck::guess::Guessers, String> {
    shuffle_audit::stats::deck::guess::Guessers::parse(s)
}

/// A deck size: 2..=1024.
pub fn parse_deck(s: &str) -> Result<usize, String> {
    let n: usize = s.trim().parse().map_err(|_| format!("'{s}' is not a whole number of cards"))?;
    if !(shuffle_audit::cards::MIN_DECK..=shuffle_audit::cards::MAX_DECK).contains(&n) {
        return Err(format!("{n} cards is outside the supported 2..=1024"));
    }
    Ok(n)
}

/// `--copies K`: 1..=512 copies (the shoe's every card must still fit a 1024-card deck, checked with the deck).
pub fn parse_copies(s: &str) -> Result<usize, String> {
    let k: usize = s.trim().parse().map_err(|_| format!("'{s}' is not a whole number of copies"))?;
    if !(1..=shuffle_audit::cards::MAX_DECK / shuffle_audit::cards::MIN_DECK).contains(&k) {
        return Err(format!("{k} copies is outside 1..=512 (a shoe holds at most 1024 cards)"));
    }
    Ok(k)
}

/// A strictly positive count.
pub fn parse_positive(s: &str) -> Result<u64, String> {
    let t = s.trim().replace('_', "");
    let v = parse_count_expr(&t).ok_or_else(|| format!("'{s}' is not a positive whole number"))?;
    if v == 0 {
        return Err("must be at least 1".to_string());
    }
    Ok(v)
}

/// A non-negative count (`--swaps`).
pub fn parse_count(s: &str) -> Result<u64, String> {
    let t = s.trim().replace('_', "");
    if t.starts_with('-') {
        return Err(format!("'{s}' is negative: a count is a whole number >= 0"));
    }
    parse_count_expr(&t).ok_or_else(|| format!("'{s}' is not a whole number"))
}

/// `1000000`, `1e6`, `3.4e10`, `10^8`, `2^20`.
fn parse_count_expr(t: &str) -> Option<u64> {
    if let Ok(v) = t.parse::<u64>() {
        return Some(v);
    }
    let (base, exp) = if let Some((m, e)) = t.split_once(['e', 'E']) {
        // A decimal mantissa (`3.4e10`) is exact when the exponent covers its fraction digits.
        let e: u32 = e.parse().ok()?;
        let (whole, fraction) = m.split_once('.').unwrap_or((m, ""));
        let digits = u32::try_from(fraction.len()).ok()?;
        if whole.is_empty() || !fraction.bytes().all(|b| b.is_ascii_digit()) || digits > e {
            return None;
        }
        (format!("{whole}{fraction}").parse::<u64>().ok()?, 10u64.checked_pow(e - digits)?)
    } else if let Some((b, e)) = t.split_once('^') {
        (1, b.parse::<u64>().ok()?.checked_pow(e.parse().ok()?)?)
    } else {
        return None;
    };
    base.checked_mul(exp)
}

/// The generator of a built-in shuffle and the algorithm's own options, shared by `run`, `shuffle`, `deal` and
/// `calibrate`: each becomes part of the one settings request, validated once.
#[derive(Debug, Args, Clone, Default)]
pub struct GeneratorArgs {
    #[arg(long, help = flags::RNG)]
    pub rng: Option<RngKind>,
    #[arg(long, help = flags::SEED, value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    #[arg(long, help = flags::SWAPS, value_name = "K", value_parser = parse_count, allow_hyphen_values = true)]
    pub swaps: Option<u64>,
    #[arg(long, help = flags::RIFFLES, value_name = "K", value_parser = parse_count, allow_hyphen_values = true)]
    pub riffles: Option<u64>,
    #[arg(long, help = flags::PASSES, value_name = "K", value_parser = parse_count, allow_hyphen_values = true)]
    pub passes: Option<u64>,
    #[arg(long, help = flags::MOVES, value_name = "K", value_parser = parse_count, allow_hyphen_values = true)]
    pub moves: Option<u64>,
    #[arg(long, help = flags::SHELVES, value_name = "M", value_parser = parse_count, allow_hyphen_values = true)]
    pub shelves: Option<u64>,
    #[arg(long, help = flags::PILES, value_name = "P", value_parser = parse_count, allow_hyphen_values = true)]
    pub piles: Option<u64>,
    #[arg(long, help = flags::PILE_ORDER, value_name = "ORDER")]
    pub pile_order: Option<PileOrder>,
    #[arg(long, help = flags::FARO, value_name = "KIND")]
    pub faro: Option<FaroKind>,
    /// How fisher-yates draws: `modulo` (as written) or `batched` (fast, exactly unbiased) (default: modulo).
    #[arg(long, value_name = "DRAW")]
    pub draw: Option<Draw>,
}

/// What is done to each shuffled deck before it is counted or dealt (`run`, `deal`, `calibrate`).
#[derive(Debug, Args, Clone, Default)]
pub struct PostArgs {
    #[arg(long, help = flags::CUT)]
    pub cut: bool,
    #[arg(long, help = flags::BURN, value_name = "K", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub burn: Option<usize>,
}

impl GeneratorArgs {
    /// A request for `algorithm` with these options and the post-processing `post`.
    pub fn request(&self, algorithm: Option<AlgorithmKind>, post: &PostArgs) -> RunRequest {
        RunRequest {
            algorithm,
            rng: self.rng,
            seed: self.seed,
            swaps: self.swaps,
            riffles: self.riffles,
            passes: self.passes,
            moves: self.moves,
            shelves: self.shelves,
            piles: self.piles,
            pile_order: self.pile_order,
            faro: self.faro,
            draw: self.draw,
            cut: post.cut,
            burn: post.burn,
            ..Default::default()
        }
    }
}

/// Arguments of `shuffle`.
#[derive(Debug, Args)]
pub struct ShuffleArgs {
    #[arg(long, short = 'a', help = flags::ALGORITHM, value_parser = parse_algorithm_or_machine)]
    pub algorithm: AlgorithmArg,
    #[arg(long, help = flags::DECK, value_name = "N", default_value = "52", value_parser = parse_deck, allow_hyphen_values = true)]
    pub deck: usize,
    /// Number of decks to print.
    #[arg(long, value_name = "K", default_value = "1", value_parser = parse_positive, allow_hyphen_values = true)]
    pub count: u64,
    /// Shuffle the previous result instead of a fresh deck each time.
    #[arg(long)]
    pub carry: bool,
    /// Print card names (♠A, ♥10, 小王) instead of ids.
    #[arg(long)]
    pub names: bool,
    #[command(flatten)]
    pub generator: GeneratorArgs,
    #[arg(long, help = flags::COPIES_OF_MACHINE, value_name = "K", value_parser = parse_copies, allow_hyphen_values = true)]
    pub copies: Option<usize>,
    #[command(flatten)]
    pub machine: MachineArgs,
}

/// `--algorithm` of `run` and `shuffle`: a shuffle of the catalogue, or `csm`, a continuous shuffling machine
/// whose output is a stream of events (cards dealt and returned), not decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlgorithmArg {
    Shuffle(AlgorithmKind),
    Csm,
}

impl AlgorithmArg {
    /// The catalogue's shuffle, or `None` for a machine.
    pub fn shuffle(self) -> Option<AlgorithmKind> {
        match self {
            AlgorithmArg::Shuffle(a) => Some(a),
            AlgorithmArg::Csm => None,
        }
    }
}

/// `-a NAME`: `csm` (a continuous shuffling machine) or a shuffle of the catalogue.
pub fn parse_algorithm_or_machine(s: &str) -> Result<AlgorithmArg, String> {
    if s.trim().eq_ignore_ascii_case("csm") {
        return Ok(AlgorithmArg::Csm);
    }
    s.parse::<AlgorithmKind>().map(AlgorithmArg::Shuffle).map_err(|e| format!("{e}, or csm (a shuffling machine)"))
}

/// The machine of `-a csm` (`run` and `shuffle`): its compartments, tray, round and kind; `--copies` gives its
/// decks (4 by default).
#[derive(Debug, Args, Clone, Default)]
pub struct MachineArgs {
    #[arg(long, help = flags::COMPARTMENTS, value_name = "M", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub compartments: Option<usize>,
    #[arg(long, help = flags::TRAY, value_name = "T", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub tray: Option<usize>,
    #[arg(long, help = flags::ROUND, value_name = "R", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub round: Option<usize>,
    #[arg(long, help = flags::MACHINE, value_name = "KIND", value_parser = parse_machine)]
    pub machine: Option<MachineChoice>,
}

/// `--machine`: the compartment machine (`csm`) or its control (`ideal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MachineChoice {
    Csm,
    Ideal,
}

pub fn parse_machine(s: &str) -> Result<MachineChoice, String> {
    match s.trim() {
        "csm" => Ok(MachineChoice::Csm),
        "ideal" => Ok(MachineChoice::Ideal),
        other => Err(format!("unknown machine '{other}' (expected one of: csm, ideal)")),
    }
}

impl MachineArgs {
    /// The machine flags given, by name (refused where no machine runs).
    pub fn given(&self) -> Vec<&'static str> {
        [
            (self.compartments.is_some(), "--compartments"),
            (self.tray.is_some(), "--tray"),
            (self.round.is_some(), "--round"),
            (self.machine.is_some(), "--machine"),
        ]
        .into_iter()
        .filter_map(|(given, flag)| given.then_some(flag))
        .collect()
    }
}

/// A probability threshold in (0, 0.5).
pub fn parse_threshold(s: &str) -> Result<f64, String> {
    let v: f64 = s.trim().parse().map_err(|_| format!("'{s}' is not a number"))?;
    if !(v > 0.0 && v < 0.5) {
        return Err(format!("{v} is not a probability between 0 and 0.5"));
    }
    Ok(v)
}

/// A kernel path for `--isa`: available on this processor.
pub fn parse_isa(s: &str) -> Result<shuffle_audit::isa::Isa, String> {
    shuffle_audit::isa::Isa::parse(s).map_err(|e| e.to_string())
}

/// The kernel path, shared by the commands that count shuffles.
#[derive(Debug, Args, Clone)]
pub struct IsaArgs {
    /// Kernels to count with: avx512, avx2 or portable (default: the best this processor has, or
    /// $SHUFFLE_AUDIT_ISA). Every path gives the same results bit for bit; only the speed differs. A path
    /// the processor lacks is refused.
    #[arg(long, value_name = "ISA", value_parser = parse_isa)]
    pub isa: Option<shuffle_audit::isa::Isa>,
}

/// Verdict thresholds shared by `run`, `compare` and `sweep`.
#[derive(Debug, Args, Clone)]
pub struct ThresholdArgs {
    /// FAIL when the family-wise p (either tail) is below this (default: 1e-9).
    #[arg(long, value_name = "P", value_parser = parse_threshold, allow_hyphen_values = true)]
    pub fail_below: Option<f64>,
    /// SUSPICIOUS when the family-wise p (either tail) is below this (default: 1e-3).
    #[arg(long, value_name = "P", value_parser = parse_threshold, allow_hyphen_values = true)]
    pub suspicious_below: Option<f64>,
}

impl ThresholdArgs {
    pub fn thresholds(&self) -> Result<shuffle_audit::audit::Thresholds, shuffle_audit::error::ConfigError> {
        shuffle_audit::audit::thresholds(self.fail_below, self.suspicious_below)
    }
}

/// Arguments of `run`. Which options apply to which source is decided once, by the settings validation
/// ([`shuffle_audit::audit`]): an option that does not apply is refused with exit status 2.
#[derive(Debug, Args)]
pub struct RunArgs {
    #[arg(long, short = 'a', help = flags::ALGORITHM, value_parser = parse_algorithm_or_machine)]
    pub algorithm: Option<AlgorithmArg>,
    /// Audit decks produced elsewhere: a file with one deck per line, or `-` for standard input.
    #[arg(long, value_name = "FILE|-")]
    pub decks: Option<std::path::PathBuf>,
    /// Audit the decks a program prints on stdout, one per line, as they stream (run with `sh -c`).
    #[arg(long, value_name = "CMD", allow_hyphen_values = true)]
    pub exec: Option<String>,
    /// Audit a shuffling machine's events: one a line, `D CARD` (dealt) or `R CARD` (returned to the machine),
    /// `#` comments, cards in any notation --decks reads, each face --copies times; tested against the ideal
    /// machine (stream.json, stream.csv).
    #[arg(long, value_name = "FILE")]
    pub stream: Option<std::path::PathBuf>,
    /// Audit cards drawn with replacement: one or more a line, in any notation --decks reads; tested against
    /// independent uniform faces of --deck (stream.json, stream.csv).
    #[arg(long, value_name = "FILE")]
    pub draws: Option<std::path::PathBuf>,
    /// Audit a live-dealer scoreboard: with --game baccarat each coup's winner, B, P or T (one or more a line),
    /// against the exact odds of a coup from a shoe of --copies decks (default: 8); with --game blackjack each
    /// round's dealer result, 17, 18, 19, 20, 21, BJ or BUST (one a line), against the exact law of a dealer's hand
    /// from a fresh shoe of --copies decks (default: 6); with streaks and serial pairs (stream.json, stream.csv).
    #[arg(long, value_name = "FILE")]
    pub outcomes: Option<std::path::PathBuf>,
    /// With --outcomes FILE --game blackjack: the dealer draws on a soft 17 (default: it stands on every 17).
    #[arg(long)]
    pub hits_soft_17: bool,
    #[command(flatten)]
    pub machine: MachineArgs,
    /// First card id of --decks/--exec input in the ids format: 0 or 1.
    #[arg(long, value_name = "0|1", value_parser = parse_base)]
    pub base: Option<u32>,
    /// Input format of --decks/--exec: auto (from the first deck), ids or names.
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<shuffle_audit::audit::input::FormatChoice>,
    /// Stop at the first invalid deck with exit status 2 (partial reports are still written).
    #[arg(long)]
    pub strict: bool,
    /// Read only the first N decks of --decks/--exec (deck lines, valid or not; 1e6 and 2^20 are accepted): the
    /// reports are those of these decks, not marked partial.
    #[arg(long, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub max_decks: Option<u64>,
    /// Number of cards, 2..=1024 (default: 52, or the game's deck: doudizhu, guandan and doudizhu4 54, douniu 52;
    /// for --decks and --exec, the first deck's size).
    #[arg(long, value_name = "N", value_parser = parse_deck, allow_hyphen_values = true)]
    pub deck: Option<usize>,
    #[arg(long, help = flags::COPIES, value_name = "K", value_parser = parse_copies, allow_hyphen_values = true)]
    pub copies: Option<usize>,
    /// Number of shuffles (1000000, 1e7, 2^24 are all accepted), at most 2^50 (default: 1000000).
    #[arg(long, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub shuffles: Option<u64>,
    #[arg(long, help = flags::THREADS, value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// Output directory (default: reports/run-<algorithm>-<rng>-<deck>, reports/run-decks-<file stem>-<deck>
    /// or reports/run-exec-<deck>).
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    #[arg(long, help = flags::TESTS, value_name = "LIST")]
    pub tests: Option<shuffle_audit::stats::TestSelection>,
    #[arg(long, help = flags::GUESSER, value_name = "NAME|all", value_parser = parse_guessers)]
    pub guesser: Option<shuffle_audit::stats::deck::guess::Guessers>,
    /// Double the sample from 2^10 shuffles (or decks read), print every test's p at each size, stop at the
    /// first FAIL.
    #[arg(long)]
    pub progressive: bool,
    #[arg(long, help = flags::MAX_SHUFFLES, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub max_shuffles: Option<u64>,
    /// Stop after this long (500ms, 30s, 5m, 2h): partial reports, exit status 2; a producer's process group
    /// is ended.
    #[arg(long, value_name = "DURATION", value_parser = parse_timeout, allow_hyphen_values = true)]
    pub timeout: Option<std::time::Duration>,
    #[command(flatten)]
    pub thresholds: ThresholdArgs,
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub generator: GeneratorArgs,
    #[command(flatten)]
    pub post: PostArgs,
    /// Write the run's complete state (its definition, the chunks counted, every counter) to FILE at the end;
    /// an interrupted run or a shard writes DIR/run.state when this is not given.
    #[arg(long, value_name = "FILE")]
    pub state_out: Option<std::path::PathBuf>,
    /// Rewrite the state file (--state-out) atomically this often during the run: 30s, 5m, 1h.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub checkpoint_every: Option<std::time::Duration>,
    /// Also write every deck the run counts to FILE, one per line as --decks reads them (0-based ids), in run
    /// order, with manifest.json beside it. Not with --progressive, --resume, --shard, --copies or --game.
    #[arg(long, value_name = "FILE")]
    pub save_decks: Option<std::path::PathBuf>,
    /// With --save-decks: replace FILE even if no manifest beside it lists it (a file this tool did not write),
    /// or write through a symbolic link, or to a device (then with no manifest). Never onto the run's input.
    #[arg(long)]
    pub force: bool,
    /// Continue the run a state file holds (it holds the run's definition: give no algorithm, seed or shuffles).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<std::path::PathBuf>,
    /// Run only shard I of K of the run's chunks and write its state, for `merge` (I in 1..=K).
    #[arg(long, value_name = "I/K", value_parser = parse_shard, allow_hyphen_values = true)]
    pub shard: Option<(u64, u64)>,
    /// How a built-in shuffle seeds its generator: `once` (one stream per chunk of 16384 decks) or `per-deal`
    /// (every deck from srand(seed) or seed_from_u64(seed) of its own seed, drawn uniformly from --seed-space
    /// seeds, as a server that reseeds before every hand) (default: once).
    #[arg(long, value_name = "MODE")]
    pub seeding: Option<shuffle_audit::audit::SeedingMode>,
    /// With --seeding per-deal: the number of seeds each deck's seed is drawn from (86400000, 2^32, 1e6), at most
    /// the generator's (2^32 for msvc and glibc, 2^64 for the others) (default: all of them).
    #[arg(long, value_name = "N", value_parser = parse_seed_space, allow_hyphen_values = true)]
    pub seed_space: Option<u128>,
    /// Split the run into S samples of equal size, as testing labs draw them (--shuffles, or the deck lines of
    /// --decks FILE, must be a multiple of S): test each sample on its own (samples.csv: every test's p per
    /// sample, pass or fail at 95% and 99%) and the samples' p-values for uniformity with Kolmogorov–Smirnov
    /// and Anderson–Darling (second_level.csv), which joins the run's family as the test second-level. Sample k
    /// of a built-in run is an ordinary run of its own seed (in samples.csv).
    #[arg(long, value_name = "S", value_parser = parse_positive, allow_hyphen_values = true)]
    pub samples: Option<u64>,
    /// Test the position-by-card counts against the shuffle's exact (non-uniform) matrix instead of uniformity:
    /// PASS when the simulator agrees with its model. Built-in algorithms with an exact law only.
    #[arg(long)]
    pub against_exact: bool,
    /// Also write a lab's evidence pack beside the reports: lab.html (the run as a testing lab reads it: each
    /// test by the name the rules give it, its p at 95% and 99%, the samples, the tool's family verdict,
    /// predictability and the SHA-256 of the program, the files and the input; it claims no certification) and
    /// lab.pdf, printed from it by headless Chromium ($CHROMIUM, or chromium, chromium-browser, google-chrome on
    /// PATH). Not with --progressive, --shard, --resume or --against-exact.
    #[arg(long)]
    pub lab: bool,
    /// With --lab: the level the lab page highlights and sums up, 95 (p ≥ 0.05 passes) or 99 (p ≥ 0.01)
    /// (default: 99).
    #[arg(long, value_name = "95|99", value_parser = parse_level)]
    pub level: Option<shuffle_audit::lab::Level>,
    #[command(flatten)]
    pub isa: IsaArgs,
}

impl RunArgs {
    /// `--lab` and `--level` as given, for their validation against the run.
    pub fn lab(&self) -> shuffle_audit::lab::LabRequest {
        shuffle_audit::lab::LabRequest { lab: self.lab, level: self.level }
    }
}

impl RunArgs {
    /// The request these flags make, for the one settings validation.
    pub fn request(&self) -> RunRequest {
        RunRequest {
            decks: self.decks.clone(),
            exec: self.exec.clone(),
            format: self.format,
            base: self.base,
            strict: self.strict,
            max_decks: self.max_decks,
            deck: self.deck,
            copies: self.copies,
            shuffles: self.shuffles,
            threads: self.threads,
            tests: self.tests,
            guesser: self.guesser,
            game: self.game.game,
            shape: self.game.shape.shape(),
            progressive: self.progressive,
            max_shuffles: self.max_shuffles,
            fail_below: self.thresholds.fail_below,
            suspicious_below: self.thresholds.suspicious_below,
            shard: self.shard,
            state_out: self.state_out.clone(),
            checkpoint_every: self.checkpoint_every,
            timeout: self.timeout,
            seeding: self.seeding,
            seed_space: self.seed_space,
            samples: self.samples,
            ..self.generator.request(self.algorithm.and_then(AlgorithmArg::shuffle), &self.post)
        }
    }
}

/// `--seed-space N`: a whole number of seeds up to 2^64 (`4294967296`, `2^32`, `1e6`, `2^64`); 0 is refused by
/// the settings validation, which names the flag.
pub fn parse_seed_space(s: &str) -> Result<u128, String> {
    let t = s.trim().replace('_', "");
    if t.starts_with('-') {
        return Err(format!("'{s}' is negative: a number of seeds is a whole number"));
    }
    if t == "2^64" || t == "18446744073709551616" {
        return Ok(1 << 64);
    }
    parse_count_expr(&t).map(u128::from).ok_or_else(|| format!("'{s}' is not a whole number of seeds (at most 2^64)"))
}

/// `--shard I/K`: shard I (1-based) of K.
pub fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let bad = || format!("'{s}' is not I/K (shard I of K, I in 1..=K)");
    let (i, k) = s.trim().split_once('/').ok_or_else(bad)?;
    let (i, k): (u64, u64) = (i.trim().parse().map_err(|_| bad())?, k.trim().parse().map_err(|_| bad())?);
    if k == 0 || i == 0 || i > k {
        return Err(bad());
    }
    Ok((i, k))
}

/// A duration: `500ms`, `30s`, `5m`, `2h`.
pub fn parse_duration(s: &str) -> Result<std::time::Duration, String> {
    shuffle_audit::audit::parse_duration(s)
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// State files written by `run --shard I/K` (or `--state-out`) of one run.
    #[arg(value_name = "FILE", required = true)]
    pub states: Vec<std::path::PathBuf>,
    /// Output directory (default: reports/<the run's directory name>).
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// Also write the merged state to FILE (to merge again, or resume the chunks still missing).
    #[arg(long, value_name = "FILE")]
    pub state_out: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub thresholds: ThresholdArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `--timeout`: a duration with its unit (`500ms`, `30s`, `5m`, `2h`, `1d`; a bare number is seconds).
pub fn parse_timeout(s: &str) -> Result<std::time::Duration, String> {
    shuffle_audit::audit::parse_duration(s)
}

/// `--base`: 0 or 1.
pub fn parse_base(s: &str) -> Result<u32, String> {
    match s.trim() {
        "0" => Ok(0),
        "1" => Ok(1),
        _ => Err(format!("'{s}' is not 0 or 1 (the id of the first card)")),
    }
}

/// Arguments of `gate`.
#[derive(Debug, Args)]
pub struct GateArgs {
    /// The checks to run (TOML).
    #[arg(long, value_name = "FILE", default_value = "shuffle-audit.toml")]
    pub config: std::path::PathBuf,
    /// Also write the results as JUnit XML, one test case per check.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<std::path::PathBuf>,
    /// Also write the results as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<std::path::PathBuf>,
    /// Also write every check's run files (summary.csv, counts.csv, summary.md, run.json) under DIR/<check>.
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    #[arg(long, help = flags::THREADS, value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub isa: IsaArgs,
}

/// Arguments of `compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Seed of every run (fixed by default, so the findings reproduce).
    #[arg(long, value_parser = parse_seed, default_value = "20261130", allow_hyphen_values = true)]
    pub seed: u64,
    #[arg(long, help = flags::THREADS, value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// Output directory (the reference output committed under reports/compare is regenerated by
    /// scripts/make-reports.sh; a plain `compare` writes beside the build, so the checkout stays clean).
    #[arg(long, value_name = "DIR", default_value = "target/compare")]
    pub out: std::path::PathBuf,
    /// Divide every catalogue row's shuffle count by this (for a quick look; findings may not reproduce).
    #[arg(long, value_name = "F", default_value = "1", value_parser = parse_positive, allow_hyphen_values = true)]
    pub scale_down: u64,
    #[command(flatten)]
    pub thresholds: ThresholdArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub isa: IsaArgs,
}

/// Report language and reproducibility options shared by `run` and `compare`.
#[derive(Debug, Args, Clone)]
pub struct OutputArgs {
    #[arg(long, help = flags::LANG_OF_REPORTS, value_name = "LANG", default_value = "en", value_parser = parse_lang)]
    pub lang: shuffle_audit::cards::Lang,
    /// Leave threads and timings out of run.json, so that the files depend only on the inputs.
    #[arg(long)]
    pub no_timings: bool,
}

/// `--level`: 95 or 99.
pub fn parse_level(s: &str) -> Result<shuffle_audit::lab::Level, String> {
    s.parse().map_err(|_| format!("'{s}' is not a level: 95 or 99 (percent)"))
}

/// A report language: `en` or `zh`.
pub fn parse_lang(s: &str) -> Result<shuffle_audit::cards::Lang, String> {
    s.parse()
}

/// Arguments of `sweep`.
#[derive(Debug, Args)]
pub struct SweepArgs {
    /// wash or pair-swap (pair-swap runs exactly K swaps per shuffle, without the source's r() % 1023).
    #[arg(long, short = 'a', value_parser = parse_sweep_algorithm)]
    pub algorithm: AlgorithmKind,
    /// Swap counts FROM..TO[:STEP], both ends included (e.g. 0..300:10): at most 1000 of them, TO at most 2^20.
    #[arg(long, value_name = "FROM..TO[:STEP]", value_parser = parse_swap_range, allow_hyphen_values = true)]
    pub swaps: shuffle_audit::modes::sweep::SwapRange,
    #[arg(long, help = flags::RNG)]
    pub rng: Option<RngKind>,
    #[arg(long, help = flags::SEED, value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    #[arg(long, help = flags::DECK, value_name = "N", default_value = "52", value_parser = parse_deck, allow_hyphen_values = true)]
    pub deck: usize,
    /// Shuffles per swap count, at most 2^50.
    #[arg(long, value_name = "N", default_value = "100000", value_parser = parse_positive, allow_hyphen_values = true)]
    pub shuffles: u64,
    #[arg(long, help = flags::THREADS, value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// Output directory (default: reports/sweep-<algorithm>-<rng>-<deck>).
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    #[arg(long, help = flags::LANG_OF_REPORTS, value_name = "LANG", default_value = "en", value_parser = parse_lang)]
    pub lang: shuffle_audit::cards::Lang,
    #[command(flatten)]
    pub thresholds: ThresholdArgs,
    #[command(flatten)]
    pub isa: IsaArgs,
}

/// `wash` or `pair-swap`: the two random-transposition shuffles a sweep can vary.
pub fn parse_sweep_algorithm(s: &str) -> Result<AlgorithmKind, String> {
    let kind: AlgorithmKind = s.parse()?;
    match kind {
        AlgorithmKind::Wash | AlgorithmKind::PairSwap => Ok(kind),
        other => Err(format!("'{other}' has no swap count: sweep takes wash or pair-swap")),
    }
}

/// `FROM..TO` or `FROM..TO:STEP`.
pub fn parse_swap_range(s: &str) -> Result<shuffle_audit::modes::sweep::SwapRange, String> {
    shuffle_audit::modes::sweep::SwapRange::parse(s)
}

/// The shape of a deal; every field defaults to the game's own.
#[derive(Debug, Args, Clone, Default)]
pub struct DealShapeArgs {
    /// Players (seats) (default: doudizhu 3, douniu 5 (2..=10), custom 4; blackjack 5 (1..=7) players and the
    /// dealer).
    #[arg(long, value_name = "P", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub players: Option<usize>,
    #[arg(long, help = flags::HAND, value_name = "H", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub hand: Option<usize>,
    #[arg(long, help = flags::BOTTOM, value_name = "B", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub bottom: Option<usize>,
    /// block: seat p gets cards p·H..(p+1)·H; round-robin: card i goes to seat i % P (default: block, custom
    /// round-robin).
    #[arg(long, value_name = "SCHEME")]
    pub scheme: Option<Scheme>,
    #[arg(long, help = flags::ORDER, value_name = "ORDER")]
    pub order: Option<StartOrder>,
    /// Blackjack: the cut card, K cards from the top of the shoe: rounds are dealt while fewer than K cards are
    /// out, and the round that brings it out is finished (default: three quarters of the shoe).
    #[arg(long, value_name = "K", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub cut_card: Option<usize>,
}

impl DealShapeArgs {
    pub fn shape(&self) -> DealShape {
        DealShape {
            players: self.players,
            hand: self.hand,
            bottom: self.bottom,
            scheme: self.scheme,
            order: self.order,
            cut_card: self.cut_card,
        }
    }
}

/// `--game` and the deal's shape, for `run`.
#[derive(Debug, Args, Clone, Default)]
pub struct GameArgs {
    /// Deal every shuffled deck and add the seat and game tests: doudizhu, douniu, baccarat (a shoe of
    /// --copies decks, 8 by default), blackjack (a shoe of --copies decks, 6 by default), guandan and doudizhu4
    /// (two 54-card decks) or custom.
    #[arg(long, value_name = "GAME")]
    pub game: Option<Game>,
    #[command(flatten)]
    pub shape: DealShapeArgs,
}

/// Arguments of `deal`.
#[derive(Debug, Args)]
pub struct DealArgs {
    /// The game: doudizhu (54 cards, 3 × 17 + 3 bottom), douniu (52 cards, 5 each), baccarat (the first coup of
    /// a shoe), blackjack (a shoe's first round), guandan (2 × 54 cards, 4 × 27), doudizhu4 (2 × 54 cards, 4 × 25
    /// + 8 bottom) or custom.
    #[arg(long, value_name = "GAME")]
    pub game: Game,
    #[command(flatten)]
    pub shape: DealShapeArgs,
    #[arg(long, help = flags::DECK_OF_GAME, value_name = "N", value_parser = parse_deck, allow_hyphen_values = true)]
    pub deck: Option<usize>,
    #[arg(long, help = flags::COPIES, value_name = "K", value_parser = parse_copies, allow_hyphen_values = true)]
    pub copies: Option<usize>,
    #[arg(long, short = 'a', help = flags::ALGORITHM)]
    pub algorithm: AlgorithmKind,
    /// Number of deals to print (the generator is seeded once; each deal starts from a fresh deck).
    #[arg(long, value_name = "K", default_value = "1", value_parser = parse_positive, allow_hyphen_values = true)]
    pub count: u64,
    /// Language of card names and words: en (♠A, seat 1, niu 5) or zh (黑桃A, 玩家1, 牛5).
    #[arg(long, value_name = "LANG", default_value = "en")]
    pub lang: Lang,
    #[command(flatten)]
    pub generator: GeneratorArgs,
    #[command(flatten)]
    pub post: PostArgs,
}

/// Arguments of `exact`.
#[derive(Debug, Args)]
pub struct ExactArgs {
    /// The game: doudizhu, douniu, baccarat, blackjack, guandan or doudizhu4 (its exact hand odds).
    #[arg(long, value_name = "GAME")]
    pub game: Option<Game>,
    /// A shuffle of the catalogue: its exact position-by-card law, computed without sampling (see `list`).
    #[arg(long, short = 'a')]
    pub algorithm: Option<AlgorithmKind>,
    /// The draws: ideal (exactly uniform), msvc (15-bit r() % m) or glibc (31-bit r() % m) (default: ideal).
    #[arg(long, value_name = "RNG")]
    pub rng: Option<ExactRng>,
    #[arg(long, help = flags::DECK_OF_GAME, value_name = "N", value_parser = parse_deck, allow_hyphen_values = true)]
    pub deck: Option<usize>,
    #[arg(long, help = flags::SWAPS_EXACT, value_name = "K", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub swaps: Option<usize>,
    #[arg(long, help = flags::RIFFLES_EXACT, value_name = "K", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub riffles: Option<usize>,
    #[arg(long, help = flags::MOVES_EXACT, value_name = "K", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub moves: Option<usize>,
    #[arg(long, help = flags::PASSES_EXACT, value_name = "K", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub passes: Option<usize>,
    #[arg(long, help = flags::SHELVES, value_name = "M", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub shelves: Option<usize>,
    #[arg(long, help = flags::PILES, value_name = "P", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub piles: Option<usize>,
    #[arg(long, help = flags::PILE_ORDER, value_name = "ORDER")]
    pub pile_order: Option<PileOrder>,
    #[arg(long, help = flags::FARO, value_name = "KIND")]
    pub faro: Option<FaroKind>,
    #[arg(long, help = flags::CUT)]
    pub cut: bool,
    #[arg(long, help = flags::BURN, value_name = "K", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub burn: Option<usize>,
    #[arg(long, help = flags::ORDER, value_name = "ORDER")]
    pub order: Option<StartOrder>,
    /// With `--algorithm riffle`: total variation and separation distance after 1..12 riffles (riffle.csv).
    #[arg(long)]
    pub table: bool,
    /// Output directory for exact.csv, exact.svg and guess.csv (default: reports/exact-<algorithm>-<rng>-<deck>), or riffle.csv.
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    #[arg(long, help = flags::HAND, value_name = "H", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub hand: Option<usize>,
    #[arg(long, help = flags::BOTTOM, value_name = "B", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub bottom: Option<usize>,
    #[arg(long, help = flags::COPIES, value_name = "K", value_parser = parse_copies, allow_hyphen_values = true)]
    pub copies: Option<usize>,
}

/// The draws of `exact --algorithm`: exactly uniform, or the remainder of a C library's `rand()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExactRng {
    /// Exactly uniform draws (no modulo bias).
    Ideal,
    /// MSVC's 15-bit `rand()`.
    Msvc,
    /// glibc's 31-bit `rand()`.
    Glibc,
}

impl ExactArgs {
    /// The plain query the library validates.
    pub fn query(&self) -> ExactQuery {
        ExactQuery {
            game: self.game,
            algorithm: self.algorithm,
            rng: self.rng.map(ExactRng::draws),
            deck: self.deck,
            swaps: self.swaps,
            riffles: self.riffles,
            moves: self.moves,
            passes: self.passes,
            shelves: self.shelves,
            piles: self.piles,
            pile_order: self.pile_order,
            faro: self.faro,
            table: self.table,
            cut: self.cut,
            burn: self.burn,
            order: self.order,
            out: self.out.clone(),
            hand: self.hand,
            bottom: self.bottom,
            copies: self.copies,
        }
    }
}

impl ExactRng {
    /// The library's draws.
    pub fn draws(self) -> ExactDraws {
        match self {
            ExactRng::Ideal => ExactDraws::Ideal,
            ExactRng::Msvc => ExactDraws::Msvc,
            ExactRng::Glibc => ExactDraws::Glibc,
        }
    }
}

/// Arguments of `calibrate`.
#[derive(Debug, Args)]
pub struct CalibrateArgs {
    #[arg(long, short = 'a', help = flags::ALGORITHM)]
    pub algorithm: AlgorithmKind,
    #[arg(long, help = flags::DECK, value_name = "N", default_value = "52", value_parser = parse_deck, allow_hyphen_values = true)]
    pub deck: usize,
    #[arg(long, help = flags::COPIES, value_name = "K", value_parser = parse_copies, allow_hyphen_values = true)]
    pub copies: Option<usize>,
    /// Independent replicates (each seeded from --seed), at most 2^18, and at most 2^50 shuffles in all.
    #[arg(long, value_name = "R", default_value = "200", value_parser = parse_positive, allow_hyphen_values = true)]
    pub replicates: u64,
    /// Shuffles per replicate, at most 2^50 (default: 100000).
    #[arg(long, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub shuffles: Option<u64>,
    /// Replicate progressive runs (`run --progressive`: looks at 2^10, 2^11, … up to --max-shuffles) and count
    /// how often their family p, corrected for the looks, falls below α.
    #[arg(long)]
    pub progressive: bool,
    #[arg(long, help = flags::MAX_SHUFFLES, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub max_shuffles: Option<u64>,
    #[arg(long, help = flags::THREADS, value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    #[arg(long, help = flags::TESTS, value_name = "LIST")]
    pub tests: Option<shuffle_audit::stats::TestSelection>,
    #[arg(long, help = flags::GUESSER, value_name = "NAME|all", value_parser = parse_guessers)]
    pub guesser: Option<shuffle_audit::stats::deck::guess::Guessers>,
    /// Output directory (default: reports/calibrate-<algorithm>-<rng>-<deck>).
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub generator: GeneratorArgs,
    #[command(flatten)]
    pub post: PostArgs,
    #[command(flatten)]
    pub isa: IsaArgs,
}

/// A thread count, at least 1.
pub fn parse_threads(s: &str) -> Result<usize, String> {
    let v = parse_positive(s)?;
    usize::try_from(v).map_err(|_| format!("{v} threads is too many"))
}

/// A count that fits in usize.
pub fn parse_count_usize(s: &str) -> Result<usize, String> {
    let v = parse_count(s)?;
    usize::try_from(v).map_err(|_| format!("{v} is too large"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_accept_scientific_forms() {
        assert_eq!(parse_positive("1e6"), Ok(1_000_000));
        assert_eq!(parse_positive("2^20"), Ok(1 << 20));
        assert_eq!(parse_positive("3.4e10"), Ok(34_000_000_000));
        assert_eq!(parse_positive("1.25e2"), Ok(125));
        assert!(parse_positive("1.25e1").is_err() && parse_positive(".5e3").is_err() && parse_positive("1.e3").is_ok());
        assert_eq!(parse_positive("10_000"), Ok(10_000));
        assert!(parse_positive("0").is_err());
        assert!(parse_count("-3").is_err());
        assert!(parse_seed("abc").is_err());
        assert_eq!(parse_seed("0x10"), Ok(16));
    }
}

/// Which seeds a dealer can have used: the one seed space of `seeds` and `crack`.
#[derive(Debug, Args, Clone, Default)]
pub struct SeedSpaceArgs {
    /// When the deal happened: an RFC 3339 time (2026-12-01T12:00:00Z) or Unix seconds, with --window; or a
    /// range FROM..TO of two such times.
    #[arg(long, value_name = "T|FROM..TO", allow_hyphen_values = true)]
    pub time: Option<String>,
    /// With --time T: the deal happened within W of T (30m, 1h, 2d).
    #[arg(long, value_name = "W", value_parser = parse_duration, allow_hyphen_values = true)]
    pub window: Option<std::time::Duration>,
    /// The seed values FROM..TO, both included (decimal or 0x hex).
    #[arg(long, value_name = "FROM..TO", value_parser = parse_seed_range, allow_hyphen_values = true)]
    pub seeds: Option<(u64, u64)>,
    /// Every seed the seeding takes: 2^32 for srand (MSVC twins run once), 2^64 for seed_from_u64; with
    /// --clock ms-since-midnight, the 86,400,000 milliseconds of a day.
    #[arg(long)]
    pub all_seeds: bool,
    /// The generator keyed by the operating system (from_os_rng: 2^256 ChaCha keys; srand still takes 32 bits).
    #[arg(long)]
    pub os_seeded: bool,
    /// How the seed comes from the clock: unix (srand(time(NULL)), random.seed(int(time.time()))), unix-ms
    /// (new Random(System.currentTimeMillis())), ms-since-midnight (PlanetPoker, 1999), time-xor-pid
    /// (srand(time(NULL) ^ getpid())), tick-count (.NET's new Random(): Environment.TickCount, milliseconds since
    /// boot; with --window, or --uptime and --window) or dotnet-ticks (new Random((int)DateTime.Now.Ticks), on
    /// the local clock of --time's offset) (default: unix).
    #[arg(long, value_name = "CLOCK")]
    pub clock: Option<shuffle_audit::crack::Clock>,
    /// With --clock time-xor-pid: the largest process id (default: 32768).
    #[arg(long, value_name = "N", value_parser = parse_count_u32, allow_hyphen_values = true)]
    pub max_pid: Option<u32>,
    /// With --clock tick-count: the machine had been up about U when it dealt (5h, 3d), give or take --window.
    #[arg(long, value_name = "U", value_parser = parse_duration, allow_hyphen_values = true)]
    pub uptime: Option<std::time::Duration>,
}

impl SeedSpaceArgs {
    pub fn flags(&self) -> shuffle_audit::crack::SpaceFlags {
        shuffle_audit::crack::SpaceFlags {
            time: self.time.clone(),
            window: self.window,
            seeds: self.seeds,
            all_seeds: self.all_seeds,
            os_seeded: self.os_seeded,
            clock: self.clock,
            max_pid: self.max_pid,
            uptime: self.uptime,
        }
    }
}

/// `FROM..TO` seeds.
pub fn parse_seed_range(s: &str) -> Result<(u64, u64), String> {
    shuffle_audit::crack::parse_seed_range(s)
}

/// A count that fits in 32 bits.
pub fn parse_count_u32(s: &str) -> Result<u32, String> {
    let v = parse_count(s)?;
    u32::try_from(v).map_err(|_| format!("{v} is too large"))
}

/// Arguments of `teach`.
#[derive(Debug, Args)]
pub struct TeachArgs {
    /// Output directory of teach.html (a plain `teach` writes beside the build, so the checkout stays clean).
    #[arg(long, value_name = "DIR", default_value = "target/teach")]
    pub out: std::path::PathBuf,
    /// Language of the page: en or zh.
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = parse_lang)]
    pub lang: shuffle_audit::cards::Lang,
}

/// Arguments of `seeds`.
#[derive(Debug, Args)]
pub struct SeedsArgs {
    #[arg(long, help = flags::RNG_OF_DEALER)]
    pub rng: RngKind,
    #[arg(long, help = flags::DECK_OF_GAME, value_name = "N", value_parser = parse_deck, allow_hyphen_values = true)]
    pub deck: Option<usize>,
    /// A game whose views to add (a seat's hand, hand + bottom): doudizhu, douniu, custom, or a shoe's game
    /// (baccarat, blackjack, guandan, doudizhu4).
    #[arg(long, value_name = "GAME")]
    pub game: Option<Game>,
    #[command(flatten)]
    pub shape: DealShapeArgs,
    #[arg(long, help = flags::COPIES, value_name = "K", value_parser = parse_copies, allow_hyphen_values = true)]
    pub copies: Option<usize>,
    /// Decks dealt, each from its own seed, for the expected repeats.
    #[arg(long, value_name = "N", default_value = "1000000", value_parser = parse_positive, allow_hyphen_values = true)]
    pub decks: u64,
    #[command(flatten)]
    pub space: SeedSpaceArgs,
    /// Print the figures as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `crack`.
#[derive(Debug, Args)]
pub struct CrackArgs {
    #[arg(long, short = 'a', help = flags::ALGORITHM, required_unless_present = "exec")]
    pub algorithm: Option<AlgorithmKind>,
    #[arg(long, help = flags::RNG_OF_DEALER, required_unless_present = "exec")]
    pub rng: Option<RngKind>,
    /// A dealer the tool does not know: a command run once per seed of the space, `{seed}` replaced by the seed
    /// (`--exec 'python3 dealer.py {seed}'`), printing the deck it deals in dealing order (ids or names); the
    /// seeds whose deal shows the seat its cards are the candidates. Programs run in parallel, one per thread.
    #[arg(long, value_name = "CMD", conflicts_with_all = ["algorithm", "rng"])]
    pub exec: Option<String>,
    /// With --exec: the longest one run of the command may take (default 10s).
    #[arg(long, value_name = "D", value_parser = parse_duration, requires = "exec")]
    pub exec_timeout: Option<std::time::Duration>,
    #[arg(long, help = flags::DECK_OF_GAME, value_name = "N", value_parser = parse_deck, allow_hyphen_values = true)]
    pub deck: Option<usize>,
    /// The game dealt: doudizhu, douniu or custom (default: custom, 4 seats round-robin).
    #[arg(long, value_name = "GAME")]
    pub game: Option<Game>,
    #[command(flatten)]
    pub shape: DealShapeArgs,
    /// The seat that saw the cards, 1-based.
    #[arg(long, value_name = "K", value_parser = parse_count_usize, allow_hyphen_values = true)]
    pub seat: Option<usize>,
    /// The cards the seat holds: ids (0-based) or names (♠A, SA, H10, 小王, BJ), separated by spaces or commas.
    #[arg(long, value_name = "LIST", allow_hyphen_values = true)]
    pub cards: Option<String>,
    /// The cards are the seat's first cards in deal order, not a set.
    #[arg(long)]
    pub ordered: bool,
    /// The deal seen is the D-th after the one srand (each from a fresh deck) (default: 1).
    #[arg(long, value_name = "D", value_parser = parse_positive, allow_hyphen_values = true)]
    pub deal: Option<u64>,
    #[command(flatten)]
    pub space: SeedSpaceArgs,
    /// Print the result as JSON: space, searched, seconds, information_bits, candidates (with --trials: space,
    /// seat, ordered, seed, trials, done, stopped, views).
    #[arg(long)]
    pub json: bool,
    #[arg(long, help = flags::THREADS, value_name = "T", value_parser = parse_threads, allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// Instead of cracking given cards: draw N hidden seeds from the space and crack each from the seat's
    /// first 1, 2, … cards (at most 2^40; Ctrl-C prints the figures of the trials done, marked PARTIAL).
    #[arg(long, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub trials: Option<u64>,
    /// Seed of the draw of the hidden seeds, with --trials (default: 1).
    #[arg(long, value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    /// Vector code of the MSVC search: avx512, avx2 or portable (default: the best this processor has, or
    /// $SHUFFLE_AUDIT_ISA). A path the processor lacks is refused.
    #[arg(long = "isa", value_name = "ISA", visible_alias = "simd", value_parser = parse_isa)]
    pub isa: Option<shuffle_audit::isa::Isa>,
    /// With --rng v8 -a fisher-yates: the dealer's consecutive deals, fully shown, one deck a line (ids or
    /// names, as run --decks reads them); recovers Math.random's state from them and predicts the next deal
    /// (--deck N: the decks' size, default counted on the first line).
    #[arg(long, value_name = "FILE")]
    pub shown: Option<std::path::PathBuf>,
}

/// Arguments of `export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(subcommand)]
    pub what: ExportCommand,
}

/// What `export` writes.
#[derive(Debug, Subcommand)]
pub enum ExportCommand {
    /// A generator's raw outputs, before any scaling, as little-endian 32-bit words (unlimited on stdout:
    /// `| RNG_test stdin32`, `| dieharder -g 200 -a`). Generators narrower than 32 bits (msvc 15, glibc 31) are
    /// packed into a continuous bit stream by default.
    Raw(ExportRawArgs),
    /// Decks turned into exactly uniform bits: each deck's Lehmer rank, kept as floor(log2 n!) bits when it is
    /// below 2^that (52 cards: 225 bits, 66.8% of decks kept), for a generic battery to test the shuffle.
    Bits(Box<ExportBitsArgs>),
    /// The scaled draws r() % K a generator makes (modulo bias kept), or with -a the draws of range K each
    /// shuffle of a fixed-schedule loop makes; one per line, or --words u32.
    Draws(ExportDrawsArgs),
}

/// Where an export goes, shared by `export raw`, `bits` and `draws`.
#[derive(Debug, Args, Clone, Default)]
pub struct ExportOutArgs {
    /// Write to FILE instead of standard output (an amount is then required), and manifest.json beside it
    /// (an entry added to one already there).
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// With output on standard output: write the manifest to FILE (its entry is named `-`, with the bytes and
    /// SHA-256 of what was written). Without it, an export to standard output writes no manifest.
    #[arg(long, value_name = "FILE")]
    pub manifest: Option<std::path::PathBuf>,
    /// With --out: replace the file even if no manifest beside it lists it (a file this tool did not write), or
    /// write through a symbolic link, or to a device (then with no manifest). Never onto the export's input.
    #[arg(long)]
    pub force: bool,
}

/// The tool that reads an export: all three read little-endian 32-bit words on x86, so the bytes are the same;
/// the choice only names the reader command printed on stderr.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum BatteryFormat {
    /// PractRand: `RNG_test stdin32`.
    #[default]
    Practrand,
    /// dieharder: `dieharder -g 200 -a` (raw stdin input).
    Dieharder,
    /// TestU01: a harness that reads 32-bit words from stdin (fread of uint32_t) into unif01_CreateExternGenBits.
    Testu01,
}

/// `--words` of `export raw`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum RawWords {
    /// Each output's valid bits, most significant first, in a continuous stream cut into 32-bit words.
    #[default]
    Packed,
    /// Each output as one 32-bit word, unpacked (narrow generators leave their top bits zero).
    Raw32,
}

/// `--words` of `export draws`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum DrawWords {
    /// One draw per line, in decimal.
    #[default]
    Text,
    /// Each draw as a little-endian 32-bit word.
    U32,
}

/// Arguments of `export raw`.
#[derive(Debug, Args)]
pub struct ExportRawArgs {
    #[arg(long, help = flags::RNG_OF_EXPORT)]
    pub rng: RngKind,
    #[arg(long, help = flags::SEED, value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    #[arg(long, help = flags::BYTES, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub bytes: Option<u64>,
    /// packed (each output's valid bits in one continuous stream) or raw32 (one output per word; a warning for
    /// generators narrower than 32 bits). The same bytes for 32-bit generators.
    #[arg(long, value_name = "LAYOUT", default_value = "packed")]
    pub words: RawWords,
    #[arg(long, help = flags::BATTERY_FORMAT, value_name = "TOOL", default_value = "practrand")]
    pub format: BatteryFormat,
    #[command(flatten)]
    pub output: ExportOutArgs,
}

/// Arguments of `export bits`.
#[derive(Debug, Args)]
pub struct ExportBitsArgs {
    #[arg(long, short = 'a', help = flags::ALGORITHM)]
    pub algorithm: Option<AlgorithmKind>,
    /// Read the decks from a file (one per line, as `run --decks` reads them), or `-` for standard input.
    #[arg(long, value_name = "FILE|-")]
    pub decks: Option<std::path::PathBuf>,
    /// Read the decks a program prints on stdout, one per line (run with `sh -c`).
    #[arg(long, value_name = "CMD", allow_hyphen_values = true)]
    pub exec: Option<String>,
    /// First card id of --decks/--exec input in the ids format: 0 or 1.
    #[arg(long, value_name = "0|1", value_parser = parse_base)]
    pub base: Option<u32>,
    /// Input format of --decks/--exec: auto (from the first deck), ids or names.
    #[arg(long, value_name = "FORMAT")]
    pub deck_format: Option<shuffle_audit::audit::input::FormatChoice>,
    /// Number of cards, 2..=1024 (default: 52; for --decks and --exec, the first deck's size).
    #[arg(long, value_name = "N", value_parser = parse_deck, allow_hyphen_values = true)]
    pub deck: Option<usize>,
    /// Refused above 1: a deck with repeated cards has no rank onto 0..n!.
    #[arg(long, value_name = "K", value_parser = parse_copies, allow_hyphen_values = true)]
    pub copies: Option<usize>,
    /// Number of decks of a built-in shuffle, made as `run` makes them (chunk i from chunk_seed(seed, i)), at
    /// most 2^50 (default: 1000000).
    #[arg(long, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub shuffles: Option<u64>,
    #[arg(long, help = flags::BYTES_AT_MOST, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub bytes: Option<u64>,
    #[arg(long, help = flags::BATTERY_FORMAT, value_name = "TOOL", default_value = "practrand")]
    pub format: BatteryFormat,
    #[command(flatten)]
    pub generator: GeneratorArgs,
    #[command(flatten)]
    pub post: PostArgs,
    #[command(flatten)]
    pub output: ExportOutArgs,
}

/// Arguments of `export draws`.
#[derive(Debug, Args)]
pub struct ExportDrawsArgs {
    #[arg(long, help = flags::RNG_OF_EXPORT)]
    pub rng: RngKind,
    #[arg(long, help = flags::SEED, value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    /// The range K of the draws r() % K, 1..=2^32-1.
    #[arg(long, value_name = "K", value_parser = parse_range, allow_hyphen_values = true)]
    pub range: u32,
    /// Only the draws of range K of a fixed-schedule loop (fisher-yates, fisher-yates-forward, naive-swap,
    /// naive-swap-off-by-one, sattolo, direct-draw, vec-erase), shuffle after shuffle from one seeding.
    #[arg(long, short = 'a', value_name = "ALGORITHM")]
    pub algorithm: Option<AlgorithmKind>,
    /// With -a: the deck size, 2..=1024 (default: 52).
    #[arg(long, value_name = "N", value_parser = parse_deck, allow_hyphen_values = true)]
    pub deck: Option<usize>,
    /// With -a: the number of shuffles (default: unlimited on standard output).
    #[arg(long, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub shuffles: Option<u64>,
    /// Without -a: the number of draws (default: unlimited on standard output).
    #[arg(long, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub count: Option<u64>,
    /// text (one draw per line) or u32 (little-endian 32-bit words).
    #[arg(long, value_name = "LAYOUT", default_value = "text")]
    pub words: DrawWords,
    #[command(flatten)]
    pub output: ExportOutArgs,
}

/// `--range K`: 1..=2^32-1.
pub fn parse_range(s: &str) -> Result<u32, String> {
    let v = parse_positive(s)?;
    u32::try_from(v).map_err(|_| format!("{v} is above 2^32-1, the largest range of a 32-bit draw"))
}

/// The games whose deck `logs --game` knows: its size.
pub fn parse_log_game(s: &str) -> Result<LogGame, String> {
    let game = |name, faces, copies| Ok(LogGame { name, faces, copies });
    match s.trim().to_ascii_lowercase().as_str() {
        "doudizhu" => game("doudizhu", 54, 1),
        "douniu" => game("douniu", 52, 1),
        "holdem" => game("holdem", 52, 1),
        "blackjack" => game("blackjack", 52, 6),
        "baccarat" => game("baccarat", 52, 8),
        "guandan" => game("guandan", 54, 2),
        "custom" => game("custom", 0, 1),
        other => Err(format!(
            "'{other}' is not a game logs are read for: doudizhu (54 cards), douniu, holdem (52), blackjack (6 decks \
             of 52), baccarat (8 decks), guandan (2 decks of 54) or custom (--deck N, --copies K)"
        )),
    }
}

/// A game of `logs --game`: its name, the faces of its deck (0 for `custom`, whose `--deck` gives them) and the
/// decks its shoe holds by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogGame {
    pub name: &'static str,
    pub faces: usize,
    pub copies: usize,
}

/// `--max-invalid`: a share in [0, 1).
pub fn parse_share(s: &str) -> Result<f64, String> {
    let v: f64 = s.trim().parse().map_err(|_| format!("'{s}' is not a number"))?;
    if !(0.0..1.0).contains(&v) {
        return Err(format!("{v} is not a share from 0 up to (not including) 1"));
    }
    Ok(v)
}

/// Arguments of `logs`.
#[derive(Debug, Args)]
pub struct LogsArgs {
    /// The log files: PokerStars hand histories, Open Hand History JSON, PokerKit .phh, or the views file (a TSV of
    /// deal, view and cards), read one after the other.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<std::path::PathBuf>,
    /// The files' format: auto (detected from each file's first lines), pokerstars, ohh, phh or views.
    #[arg(long, value_name = "FORMAT", default_value = "auto")]
    pub format: shuffle_audit::logs::LogFormat,
    /// The player whose hole cards the hand histories hold (needed when a file holds several players' cards).
    #[arg(long, value_name = "NAME")]
    pub hero: Option<String>,
    /// The game of a views file, for its deck: doudizhu (54 cards), douniu, holdem (52), blackjack (a shoe of 6
    /// decks of 52), baccarat (8 decks), guandan (2 decks of 54), or custom (--deck N).
    #[arg(long, value_name = "GAME", value_parser = parse_log_game)]
    pub game: Option<LogGame>,
    /// The deck of a views file, when --game is custom or absent (2..=1024 faces; default 52).
    #[arg(long, value_name = "N")]
    pub deck: Option<usize>,
    /// The decks a views file's shoe holds, each face that many times (default: blackjack 6, baccarat 8, guandan 2,
    /// else 1).
    #[arg(long, value_name = "K")]
    pub copies: Option<usize>,
    /// The log holds every dealt card (an operator's log): test the views seen on play (showdowns, boards) too.
    #[arg(long)]
    pub complete: bool,
    #[arg(long, value_name = "SCHEME", help = flags::DEAL_SCHEME)]
    pub deal: Option<String>,
    #[arg(long, value_name = "P", help = flags::PLAYERS_AT_TABLE)]
    pub players: Option<usize>,
    /// BROKEN when more than this share of the deals is invalid (default 0.01).
    #[arg(long, value_name = "SHARE", value_parser = parse_share)]
    pub max_invalid: Option<f64>,
    /// The report folder (default reports/logs).
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// Print the report as JSON on standard output instead of the summary (the files are written too).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub thresholds: ThresholdArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Arguments of `fair`.
#[derive(Debug, Args)]
pub struct FairArgs {
    #[command(subcommand)]
    pub command: FairCommand,
}

#[derive(Debug, Subcommand)]
pub enum FairCommand {
    /// Check every round of a provably-fair casino: each revealed server seed against the hash shown before play,
    /// each round's cards against what the seeds deal, and the protocol (seeds reused, nonces skipped, repeated or
    /// wrapped, client seeds changed). Exit 0 when every round verifies, 1 naming each that does not, 2 bad input.
    Verify(FairVerifyArgs),
    /// Replay the verified rounds into the battery and write `run`'s reports: each round's whole deck (schemes
    /// without replacement) or its draws (stake: the draws' battery of `run --draws`), with the mapping's own bias
    /// stated exactly.
    Audit(FairAuditArgs),
}

/// Arguments of `fair audit`.
#[derive(Debug, Args)]
pub struct FairAuditArgs {
    /// The rounds, as `fair verify` reads them (every revealed round must verify).
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
    /// How the casino turns seeds into cards: stake (draws), stake-shuffle or hmac-fisher-yates (decks).
    #[arg(long, value_name = "SCHEME")]
    pub scheme: shuffle_audit::fair::Scheme,
    /// Replay nonces 0..N of each revealed pair of seeds instead of the file's rounds.
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    pub rounds: Option<u64>,
    /// The report folder (default reports/fair).
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub thresholds: ThresholdArgs,
}

/// Arguments of `fair verify`.
#[derive(Debug, Args)]
pub struct FairVerifyArgs {
    /// The rounds: JSON Lines, one round a line, with server_seed (null until revealed), server_seed_hash,
    /// client_seed, nonce and cards (card names); `-` for standard input.
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
    /// How the casino turns seeds into cards: stake (with replacement), stake-shuffle (without), or
    /// hmac-fisher-yates.
    #[arg(long, value_name = "SCHEME")]
    pub scheme: shuffle_audit::fair::Scheme,
    /// Print the verification as JSON on standard output instead of the summary.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `plan`.
#[derive(Debug, Args)]
pub struct PlanArgs {
    /// The flaw: a shuffle of the catalogue (see `list`); absent, every known flaw.
    #[arg(long, short = 'a', value_name = "ALGORITHM")]
    pub algorithm: Option<AlgorithmKind>,
    /// Its draws: ideal (default) or a generator's r() % m (msvc, glibc, …).
    #[arg(long, value_name = "RNG")]
    pub rng: Option<shuffle_audit::rng::RngKind>,
    /// The game: doudizhu (54 cards, 3 × 17 + 3), douniu (52, 5 each) or holdem (52, 2 each then the board).
    #[arg(long, value_name = "GAME")]
    pub game: String,
    /// The view the log holds: seat1…seatN, bottom, hole (hold'em's first seat) or board.
    #[arg(long, value_name = "VIEW", default_value = "seat1")]
    pub view: String,
    #[arg(long, value_name = "SCHEME", help = flags::DEAL_SCHEME)]
    pub deal: Option<String>,
    #[arg(long, value_name = "P", help = flags::PLAYERS_AT_TABLE)]
    pub players: Option<usize>,
    /// The view tests in the log's family (FAIL at the threshold over them, Holm's first step).
    #[arg(long, value_name = "K", default_value_t = 4)]
    pub tests: usize,
    #[command(flatten)]
    pub thresholds: ThresholdArgs,
}

/// Arguments of `verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The manifest.json to check; its files are read from its folder.
    #[arg(value_name = "FILE")]
    pub manifest: std::path::PathBuf,
}
