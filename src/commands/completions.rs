//! `shuffle-audit completions SHELL`: the shell's completion script, generated from the argument definitions
//! (see [`crate::cli::reference`]).

use std::io::Write;
use std::process::ExitCode;

use crate::cli::CompletionsArgs;
use crate::cli::reference;

pub fn run(args: CompletionsArgs) -> anyhow::Result<ExitCode> {
    // Written as it is: a script's bytes are the shell's, not words for a terminal.
    let mut out = std::io::stdout().lock();
    out.write_all(&reference::completions(args.shell)).and_then(|()| out.flush()).map_err(super::stdout_failed)?;
    Ok(ExitCode::SUCCESS)
}
