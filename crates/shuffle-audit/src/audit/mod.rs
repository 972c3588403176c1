//! The run model and its engine: what a run is (its deck source, deck, shuffles, deal and tests, validated in
//! `settings`), the parallel runner and the stream audit of external decks that fill the statistics, state
//! files and resumable runs, and the verdict rule. The audit modes built on them are in [`crate::modes`].

#[cfg(test)]
mod battery_runs;
pub mod cause;
pub(crate) mod config;
pub(crate) mod exact;
pub(crate) mod fault;
pub mod input;
pub mod looks_like;
pub(crate) mod meter;
pub mod output_file;
pub(crate) mod regular_file;
pub(crate) mod result;
pub(crate) mod resumable;
pub(crate) mod runner;
pub(crate) mod samples;
pub(crate) mod settings;
pub(crate) mod shuffler;
pub(crate) mod source;
pub(crate) mod state;
pub(crate) mod stop;
pub(crate) mod tally;
pub(crate) mod verdict;

pub use config::limits::check_replicates;
pub use fault::{FaultKind, FaultReport, describe_stuck};
pub use meter::{Meter, MeterSpec, MeterView, Progress};
pub use output_file::{NamedFile, OutputError, Place, check_not_input, check_output, same_file};
pub use result::{Incomplete, Reason, RunReport};
pub use resumable::{Checkpoints, ResumableRun};
pub use runner::{
    CHUNK_SHUFFLES, Control, Counted, Replayed, RunConfig, RunOutcome, chunk_seed, replay_decks, run, run_chunks,
    run_into, shard_chunks,
};
pub use samples::{
    MAX_SAMPLES, MIN_SAMPLE_DECKS, SampleResult, SampleTest, SampledRun, Samples, SamplesDone, check_samples,
    run_samples, sample_seed,
};
pub use settings::{
    DEFAULT_RNG, Draw, ExternalPlan, FaroKind, PileOrder, Plan, RunRequest, RunSettings, StateSettings, thresholds,
};
pub use shuffler::Shuffler;
pub use source::{Builtin, DeckSource, ExternalSource, PostProcess, SeedingMode};
pub use state::{
    Checkpoint, RunState, StateError, WrittenWindow, check_replaceable, check_window_replaceable, range_label,
};
pub use stop::{StopFlag, StopReason, parse_duration, within_limit};
pub use tally::Tally;
pub use verdict::{Thresholds, Verdict};

/// Runs a built-in configuration and evaluates it.
pub fn execute(
    config: runner::RunConfig,
    thresholds: verdict::Thresholds,
    progress: meter::Progress,
) -> Result<RunReport, crate::error::ConfigError> {
    let outcome = runner::run(&config, progress)?;
    Ok(RunReport::new(config, outcome, thresholds))
}
