use std::process::ExitCode;

mod cli;
mod commands;
mod progress;
mod signals;

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
                // Help goes to stdout, which may be full like any command's.
                return match e.print().and_then(|()| std::io::Write::flush(&mut std::io::stdout())) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(err) => {
                        eprintln!("Error: cannot write to standard output: {err}");
                        ExitCode::from(2)
                    }
                };
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                let _ = e.print();
                return ExitCode::from(2);
            }
            // One line that names the flag, built from the error's kind and context (not its text).
            eprintln!("Error: {}", cli::usage_error(&e));
            return ExitCode::from(2);
        }
    };
    match commands::dispatch(cli.command) {
        Ok(code) => code,
        Err(e) => {
            // The message may quote a file name or a producer's words: no control character reaches the terminal.
            eprintln!("Error: {}", shuffle_audit::report::terminal(&format!("{e:#}")));
            ExitCode::from(2)
        }
    }
}
