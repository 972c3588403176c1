//! One file per subcommand, each with one `run` function taking validated arguments.

pub mod calibrate;
pub mod compare;
pub mod completions;
pub mod crack;
pub mod deal;
pub mod exact;
pub mod export;
pub mod fair;
pub mod gate;
pub mod list;
pub mod logs;
pub mod man;
pub mod merge;
pub mod plan;
pub mod run;
pub mod seeds;
pub mod shuffle;
pub mod sweep;
pub mod teach;
pub mod verify;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;

use crate::cli::Command;
use shuffle_audit::audit::RunReport;
use shuffle_audit::error::Field;
use shuffle_audit::report::{OutDir, Output, render_console, write_run_files};

/// Runs a parsed command; the returned code is the process's exit status.
pub fn dispatch(command: Command) -> anyhow::Result<ExitCode> {
    // The kernel path: a command's --isa wins, and the environment's is then not read; without --isa the
    // environment's is checked for every command (a test run that asked for kernels this processor lacks stops
    // here).
    let isa = match &command {
        Command::Run(a) => a.isa.isa,
        Command::Compare(a) => a.isa.isa,
        Command::Gate(a) => a.isa.isa,
        Command::Calibrate(a) => a.isa.isa,
        Command::Sweep(a) => a.isa.isa,
        Command::Crack(a) => a.isa,
        _ => None,
    };
    match isa {
        Some(isa) => shuffle_audit::isa::Isa::select(isa).map_err(|e| anyhow::anyhow!("--isa: {e}"))?,
        None => {
            shuffle_audit::isa::Isa::from_env().map_err(|e| anyhow::anyhow!("{}: {e}", shuffle_audit::isa::ENV))?;
        }
    }
    match command {
        Command::List => list::run(),
        Command::Shuffle(args) => shuffle::run(args),
        Command::Run(args) => run::run(*args),
        Command::Compare(args) => compare::run(args),
        Command::Gate(args) => gate::run(args),
        Command::Deal(args) => deal::run(args),
        Command::Exact(args) => exact::run(args),
        Command::Calibrate(args) => calibrate::run(args),
        Command::Sweep(args) => sweep::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Seeds(args) => seeds::run(args),
        Command::Crack(args) => crack::run(*args),
        Command::Teach(args) => teach::run(args),
        Command::Export(args) => export::run(args),
        Command::Logs(args) => logs::run(args),
        Command::Fair(args) => fair::run(args),
        Command::Plan(args) => plan::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Completions(args) => completions::run(args),
        Command::Man(args) => man::run(args),
    }
}

/// Draws a seed from the operating system, for runs the user did not seed: 32 bits for the C generators (their
/// `srand` takes an unsigned int) and `std::mt19937`, 31 for .NET's `Random(int)`, 64 bits otherwise.
pub fn os_seed(rng: shuffle_audit::rng::RngKind) -> u64 {
    use rand::Rng;
    rand::rng().next_u64() & rng.max_seed()
}

/// Validates a request for a built-in shuffle (the one settings validation of every subcommand), drawing the
/// seed from the operating system when none was given and saying so on stderr, after the request is known to be
/// valid.
pub fn builtin_config(
    request: &shuffle_audit::audit::RunRequest,
    what: &str,
) -> anyhow::Result<shuffle_audit::audit::RunConfig> {
    let settings = validate(request, what)?;
    Ok(settings.builtin().cloned().expect("a request with an algorithm is a built-in run"))
}

/// [`builtin_config`] for any source: the validated settings.
pub fn validate(
    request: &shuffle_audit::audit::RunRequest,
    what: &str,
) -> anyhow::Result<shuffle_audit::audit::RunSettings> {
    let mut drawn = None;
    let settings = request.validate(|rng| {
        let seed = os_seed(rng);
        drawn = Some(seed);
        seed
    })?;
    if let Some(seed) = drawn {
        eprintln!("seed: {seed} (drawn from the operating system; pass --seed {seed} to repeat {what})");
    }
    Ok(settings)
}

/// The command line that reproduces this invocation, shell-quoted, with a seed drawn from the operating system
/// added (`--seed S`): what a manifest records.
pub fn command_line(drawn_seed: Option<u64>) -> String {
    let mut args: Vec<String> = std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()).collect();
    if let Some(seed) = drawn_seed {
        args.extend(["--seed".to_string(), seed.to_string()]);
    }
    std::iter::once("shuffle-audit".to_string())
        .chain(args.iter().map(|a| shuffle_audit::export::shell_quote(a)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// How a generator is seeded from a seed, in a manifest's words.
pub fn seeding_of(rng: shuffle_audit::rng::RngKind) -> String {
    rng.seeding_call().into()
}

/// `--out DIR`, or `reports/<name>` when it was not given.
pub fn out_path(out: Option<&Path>, name: impl FnOnce() -> String) -> PathBuf {
    out.map_or_else(|| PathBuf::from("reports").join(name()), Path::to_path_buf)
}

/// Prepares a command's output folder before any work starts, so that a folder that cannot be written fails at
/// once (exit status 2, naming `--out`) instead of after the computation.
pub fn prepare_out(dir: &Path) -> anyhow::Result<OutDir> {
    OutDir::prepare(dir).with_context(|| Field::Out.flag())
}

/// Reads and checks a state file (`run --resume`, `merge`); the error names the file.
pub fn read_state(path: &Path) -> anyhow::Result<shuffle_audit::audit::RunState> {
    shuffle_audit::audit::RunState::read(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// Checks `--state-out FILE` before any work: not inside the report folder `dir` (which is replaced whole at
/// the end, the state with it), not a file other than a state of this tool (which it would replace), and no file
/// at `FILE.window` other than that state's own checkpoint window (which the checkpoints replace and remove).
pub fn check_state_out(state: &Path, dir: &Path) -> anyhow::Result<()> {
    let flag = Field::StateOut.flag();
    let parent = state.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let same = match (std::fs::canonicalize(parent), std::fs::canonicalize(dir)) {
        (Ok(a), Ok(b)) => a.starts_with(b),
        _ => parent.starts_with(dir),
    };
    if same {
        anyhow::bail!(
            "{flag}: {} is inside the report folder {}, which is replaced whole at the end of the run: put the state \
             file beside it",
            state.display(),
            dir.display()
        );
    }
    shuffle_audit::audit::check_replaceable(state).map_err(|e| anyhow::anyhow!("{flag}: {}: {e}", state.display()))?;
    // The checkpoints' window file beside it: only a window of this state's own checkpoint is replaced.
    shuffle_audit::audit::check_window_replaceable(state).map_err(|e| anyhow::anyhow!("{flag}: {e}"))
}

/// What an error writing standard output says: `cannot write to standard output: No space left on device`.
pub fn stdout_failed(e: impl Into<anyhow::Error>) -> anyhow::Error {
    e.into().context("cannot write to standard output")
}

/// A command's standard output: its table and summary, printed as the work goes on with `write!` and `writeln!`.
/// A write that fails (a full device) does not stop the work, whose report files must still be written: the first
/// error is kept, later writes are skipped, and [`Console::finish`], called once the files are written, flushes
/// and returns it, for the binary to show on stderr with exit status 2. (A closed pipe never gets here: SIGPIPE
/// ends the process quietly, see `main`.)
pub struct Console {
    out: std::io::Stdout,
    failed: Option<std::io::Error>,
}

impl Console {
    pub fn stdout() -> Self {
        Console { out: std::io::stdout(), failed: None }
    }

    /// What `write!(console, …)` calls: writes unless an earlier write failed, and keeps the first error.
    /// Control characters from outside (names, a producer's words) are shown as escapes, never sent to the
    /// terminal.
    pub fn write_fmt(&mut self, args: std::fmt::Arguments<'_>) {
        if self.failed.is_none()
            && let Err(e) = self.out.write_all(shuffle_audit::report::terminal(&args.to_string()).as_bytes())
        {
            self.failed = Some(e);
        }
    }

    /// Flushes, and returns the first error of any write or of the flush.
    pub fn finish(mut self) -> anyhow::Result<()> {
        if self.failed.is_none()
            && let Err(e) = self.out.flush()
        {
            self.failed = Some(e);
        }
        self.failed.map_or(Ok(()), |e| Err(stdout_failed(e)))
    }
}

/// The plain-words diagnosis of a retry loop that cannot finish, for deck `deck_number` of the stream (`shuffle`,
/// `deal`).
pub fn describe_stuck(
    stuck: &shuffle_audit::shuffle::Stuck,
    deck_number: u64,
    n: usize,
    rng: shuffle_audit::rng::RngKind,
) -> String {
    format!("BROKEN: in deck {deck_number}: {}", shuffle_audit::audit::describe_stuck(stuck, n, rng))
}

/// The files and summary of a report already computed (`merge`), as `run` writes them: its folder prepared by the
/// caller.
pub fn finish_report(report: &RunReport, out: OutDir, output: Output) -> anyhow::Result<(ExitCode, Console)> {
    let written = out.write(|dir| write_run_files(dir, report, output))?;
    let dir = out.commit()?;
    let mut stdout = Console::stdout();
    print_summary(&mut stdout, report, &dir, &written, output, None);
    Ok((ExitCode::from(report.verdict.exit_code()), stdout))
}

/// The console summary and where the files went.
pub fn print_summary(
    stdout: &mut Console,
    report: &RunReport,
    dir: &Path,
    written: &[&str],
    output: Output,
    note: Option<String>,
) {
    write!(stdout, "{}", render_console(report, output.lang));
    if let Some(note) = note {
        writeln!(stdout, "{note}");
    }
    writeln!(
        stdout,
        "Reports written to {}/ ({}){}",
        dir.display(),
        written.join(", "),
        if report.is_partial() { ", marked partial" } else { "" }
    );
}

/// `a.csv, b.svg`: the names of files a command wrote, as its last line lists them.
pub(crate) fn names(files: &[(&'static str, Vec<u8>)]) -> String {
    files.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", ")
}
