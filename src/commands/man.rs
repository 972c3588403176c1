//! `shuffle-audit man`: the man pages (roff) generated from the argument definitions, printed or written one
//! file per page with `--out DIR`; `--markdown` prints the book's command-line reference from the same tree.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;

use crate::cli::ManArgs;
use crate::cli::reference;
use shuffle_audit::error::Field;
use shuffle_audit::report::write_atomic;

pub fn run(args: ManArgs) -> anyhow::Result<ExitCode> {
    if let Some(dir) = &args.out {
        let pages = reference::man_pages();
        for (name, page) in &pages {
            write_atomic(&dir.join(name), page).with_context(|| Field::Out.flag())?;
        }
        let mut out = super::Console::stdout();
        writeln!(out, "wrote {} man pages to {}", pages.len(), dir.display());
        out.finish()?;
        return Ok(ExitCode::SUCCESS);
    }
    let text = if args.markdown {
        reference::markdown().into_bytes()
    } else {
        let name = args.command.as_deref();
        reference::man_page(name).ok_or_else(|| {
            anyhow::anyhow!(
                "COMMAND: '{}' is not a subcommand (one of: {})",
                name.unwrap_or_default(),
                reference::subcommands().join(", ")
            )
        })?
    };
    let mut out = std::io::stdout().lock();
    out.write_all(&text).and_then(|()| out.flush()).map_err(super::stdout_failed)?;
    Ok(ExitCode::SUCCESS)
}
