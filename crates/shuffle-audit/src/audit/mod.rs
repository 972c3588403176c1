//! The audit: what a run is (its deck source, deck, shuffles, deal and tests), the parallel runner and the
//! stream audit of external decks that fill the statistics, the verdict rule, and the audit modes built on
//! them (progressive, calibration, sweep, the catalogue `compare` reproduces, and the gate).

#[cfg(test)]
mod battery_runs;
pub mod calibration;
pub mod catalogue;
pub mod crack;
pub mod exact;
pub mod fault;
pub mod gate;
pub mod input;
pub mod lesson;
pub mod limits;
pub mod meter;
pub mod progressive;
pub mod regular_file;
pub mod result;
pub mod resumable;
pub mod runner;
pub mod settings;
pub mod source;
pub mod state;
pub mod stop;
pub mod sweep;
pub mod tally;
pub mod verdict;
pub use result::RunReport;

/// Runs a built-in configuration and evaluates it.
pub fn execute(
    config: runner::RunConfig,
    thresholds: verdict::Thresholds,
    progress: runner::Progress,
) -> Result<RunReport, crate::error::ConfigError> {
    let outcome = runner::run(&config, progress)?;
    Ok(RunReport::new(config, outcome, thresholds))
}
