use std::process::ExitCode;

mod cli;
mod commands;

use clap::Parser;
use cli::Cli;

fn main() -> ExitCode {
    // Behave like a Unix filter when the reader goes away (`shuffle ... | head`): end quietly instead of
    // failing on a broken pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread starts is sound.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                let _ = e.print();
                return ExitCode::from(2);
            }
            // One line that names the flag; clap's usage hint follows on its own lines.
            let text = e.to_string();
            let mut lines = text.lines().filter(|l| !l.trim().is_empty());
            let first = lines.next().unwrap_or("invalid arguments");
            // "the following required arguments were not provided:" names the flags on the next line.
            match lines.next().filter(|_| first.ends_with(':')) {
                Some(next) => eprintln!("{first} {}", next.trim()),
                None => eprintln!("{first}"),
            }
            return ExitCode::from(2);
        }
    };
    match commands::dispatch(cli.command) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("Error: {e:#}");
            ExitCode::from(2)
        }
    }
}
