use std::process::ExitCode;

use clap::Parser;
use shuffle_audit::cli::Cli;

fn main() -> ExitCode {
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
            let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("invalid arguments");
            eprintln!("{first}");
            return ExitCode::from(2);
        }
    };
    match shuffle_audit::commands::dispatch(cli.command) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("Error: {e:#}");
            ExitCode::from(2)
        }
    }
}
