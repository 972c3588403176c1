//! One file per subcommand, each with one `run` function taking validated arguments.

pub mod calibrate;
pub mod compare;
pub mod deal;
pub mod exact;
pub mod gate;
pub mod list;
pub mod merge;
pub mod progressive;
pub mod run;
pub mod shuffle;
pub mod sweep;

use std::process::ExitCode;

use crate::cli::Command;

/// Runs a parsed command; the returned code is the process's exit status.
pub fn dispatch(command: Command) -> anyhow::Result<ExitCode> {
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
    }
}

/// Draws a seed from the operating system, for runs the user did not seed: 32 bits for the C generators (their
/// `srand` takes an unsigned int), 64 bits otherwise.
pub fn os_seed(rng: shuffle_audit::rng::RngKind) -> u64 {
    use rand::Rng;
    let seed = rand::rng().next_u64();
    if rng.is_c_library() { seed & 0xffff_ffff } else { seed }
}

/// Validates a request for a built-in shuffle (the one settings validation of every subcommand), drawing the
/// seed from the operating system when none was given and saying so on stderr, after the request is known to be
/// valid.
pub fn builtin_config(
    request: &shuffle_audit::audit::settings::RunRequest,
    what: &str,
) -> anyhow::Result<shuffle_audit::audit::runner::RunConfig> {
    let settings = validate(request, what)?;
    Ok(settings.builtin().cloned().expect("a request with an algorithm is a built-in run"))
}

/// [`builtin_config`] for any source: the validated settings.
pub fn validate(
    request: &shuffle_audit::audit::settings::RunRequest,
    what: &str,
) -> anyhow::Result<shuffle_audit::audit::settings::RunSettings> {
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
