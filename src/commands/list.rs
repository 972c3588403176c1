//! `shuffle-audit list`: every algorithm, generator and deck preset.

use std::io::Write;
use std::process::ExitCode;

use crate::cards::PRESETS;
use crate::rng::RngKind;
use crate::shuffle::AlgorithmKind;

pub fn run() -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "Algorithms:")?;
    for kind in AlgorithmKind::ALL {
        let info = kind.info();
        writeln!(out, "  {:<22} {:<28} {}", info.name, info.source, info.summary)?;
    }
    writeln!(out, "\nGenerators:")?;
    for kind in RngKind::ALL {
        writeln!(out, "  {:<22} {:>2} bits  {}", kind.name(), kind.bits(), kind.description())?;
    }
    writeln!(out, "\nDeck presets (--deck N accepts any N from 2 to 1024):")?;
    for (n, what) in PRESETS {
        writeln!(out, "  {n:<22} {what}")?;
    }
    Ok(ExitCode::SUCCESS)
}
