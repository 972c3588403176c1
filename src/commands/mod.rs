//! One file per subcommand, each with one `run` function taking validated arguments.

pub mod compare;
pub mod list;
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
        Command::Run(args) => run::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Sweep(args) => sweep::run(args),
    }
}

/// Draws a seed from the operating system, for runs the user did not seed.
pub fn os_seed() -> u64 {
    use rand::Rng;
    rand::rng().next_u64()
}
