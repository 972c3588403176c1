//! A run that can stop and go on: checkpoints while it counts, a state when it stops, the rest of it from that
//! state, and shards of it that `merge` adds up. The command line's `run --checkpoint-every`, `--resume` and
//! `--shard` are these functions; a library user has the same ([`crate::api::AuditRun`] for a shuffle function).
//!
//! What a run counts depends only on its definition and on which chunks it counts, never on when it stopped or
//! how many threads counted: a run stopped, checkpointed and resumed any number of times gives the same report,
//! byte for byte, as one that ran through.

use std::ops::Range;
use std::time::{Duration, Instant};

use crate::audit::meter::Progress;
use crate::audit::result::RunReport;
use crate::audit::runner::{self, Control, Counted, Finish, RunConfig};
use crate::audit::state::RunState;
use crate::audit::stop::StopFlag;
use crate::audit::verdict::Thresholds;
use crate::cards::Card;
use crate::error::ConfigError;
use crate::rng::AuditRng;

/// How often a run hands its state over while it counts, and what keeps it (writes it atomically to a file:
/// the caller's, so that this layer writes nothing itself). A checkpoint that fails is the keeper's to report;
/// the run goes on.
#[derive(Clone, Copy)]
pub struct Checkpoints<'a> {
    /// At most one checkpoint per this long.
    pub every: Duration,
    /// Keeps each checkpoint, on a thread of its own while the run counts on.
    pub keep: &'a (dyn Fn(&RunState) + Sync),
}

/// A run, or a shard of one, with what it has counted so far.
#[derive(Clone, Debug)]
pub struct ResumableRun {
    config: RunConfig,
    counted: Counted,
    shard: Option<(u64, u64)>,
    /// Time spent counting before, by earlier processes or calls.
    before: Duration,
    threads: usize,
}

impl ResumableRun {
    /// A run of `config` from the start; with `shard = Some((i, k))`, its i-th of k shards.
    pub fn new(config: RunConfig, shard: Option<(u64, u64)>) -> Result<Self, ConfigError> {
        config.validate()?;
        if let Some((i, k)) = shard {
            crate::audit::config::check_shard(i, k, config.chunks())?;
        }
        let counted = Counted::new(&config);
        Ok(ResumableRun { config, counted, shard, before: Duration::ZERO, threads: 0 })
    }

    /// The rest of the run a state holds, counted with `config` (the state's run, with the caller's thread
    /// count: see [`crate::audit::settings::RunRequest::validate_resume`]).
    pub fn continuing(config: RunConfig, state: RunState) -> Result<Self, ConfigError> {
        config.validate()?;
        let before = Duration::from_secs_f64(state.seconds);
        Ok(ResumableRun { config, counted: state.counted, shard: state.shard, before, threads: state.threads })
    }

    pub fn config(&self) -> &RunConfig {
        &self.config
    }

    /// Everything counted so far.
    pub fn counted(&self) -> &Counted {
        &self.counted
    }

    /// The chunks this run (or shard) is to count.
    pub fn wanted(&self) -> Range<u64> {
        runner::wanted_chunks(self.config.chunks(), self.shard)
    }

    /// Whether every wanted chunk is counted (none is wanted above a fault's chunk: a run stops there).
    pub fn is_complete(&self) -> bool {
        self.counted.missing(self.wanted()).is_empty()
    }

    /// Time spent counting, over every call and every process that counted this run.
    pub fn elapsed(&self) -> Duration {
        self.before
    }

    /// The run's state: what `--resume` and `merge` read. `None` for decks made elsewhere, which cannot be
    /// replayed.
    pub fn state(&self) -> Option<RunState> {
        RunState::new(&self.config, self.counted.clone(), self.shard, self.before, self.threads)
    }

    /// The report of what is counted so far, marked partial while chunks are missing.
    pub fn report(&self, thresholds: Thresholds, stopped: Option<crate::audit::stop::StopReason>) -> RunReport {
        match self.state() {
            Some(state) => RunReport::of_state(&state, self.wanted(), stopped, self.before, self.threads, thresholds),
            None => {
                let outcome = self.counted.clone().into_outcome(self.before, self.threads);
                RunReport::new(self.config.clone(), outcome, thresholds)
            }
        }
    }

    /// Counts the missing chunks of a built-in run until they are all counted or `stop` is requested, writing
    /// checkpoints as asked.
    pub fn run(
        &mut self,
        progress: Progress,
        stop: Option<&StopFlag>,
        checkpoints: Option<Checkpoints>,
    ) -> Result<Finish, ConfigError> {
        let wanted = self.wanted();
        self.count(progress, stop, checkpoints, |config, counted, control| {
            runner::run_into(config, counted, wanted.clone(), control)
        })
    }

    /// Counts the missing chunks of a run of a caller's function (a `crate::audit::source::FunctionSource`
    /// with its seed), as [`ResumableRun::run`] does; `chunks` limits this call to the first chunks of the run
    /// (`None`: every wanted chunk).
    pub fn run_function<F: Fn(&mut [Card], &mut AuditRng) + Sync>(
        &mut self,
        shuffle: &F,
        chunks: Option<Range<u64>>,
        stop: Option<&StopFlag>,
        checkpoints: Option<Checkpoints>,
    ) -> Result<Finish, ConfigError> {
        let wanted = self.wanted();
        let wanted = match chunks {
            Some(c) => c.start.max(wanted.start)..c.end.min(wanted.end),
            None => wanted,
        };
        self.count(Progress::Hidden, stop, checkpoints, |config, counted, control| {
            runner::run_function_into(config, shuffle, counted, wanted.clone(), control)
        })
    }

    /// Counts with `work`, checkpointing on a thread of its own while the next chunks are counted: the run only
    /// copies its counters. One checkpoint is in flight at a time; one due while the last is still being written
    /// waits for the next wave, and the last is on disk before this returns.
    fn count(
        &mut self,
        progress: Progress,
        stop: Option<&StopFlag>,
        checkpoints: Option<Checkpoints>,
        work: impl FnOnce(&RunConfig, &mut Counted, &mut Control) -> Result<Finish, ConfigError>,
    ) -> Result<Finish, ConfigError> {
        let began = Instant::now();
        let threads = self.config.threads.unwrap_or_else(rayon::current_num_threads);
        let (config, shard, before) = (&self.config, self.shard, self.before);
        let state_of = |counted: &Counted, elapsed: Duration| {
            RunState::new(config, counted.clone(), shard, before + elapsed, threads)
        };
        let (sender, pending) = std::sync::mpsc::sync_channel::<(Counted, Duration)>(1);
        let counted = &mut self.counted;
        let finish = std::thread::scope(|scope| {
            let writer = checkpoints.map(|c| {
                scope.spawn(move || {
                    for (counted, elapsed) in pending {
                        if let Some(state) = state_of(&counted, elapsed) {
                            (c.keep)(&state);
                        }
                    }
                })
            });
            let finish = {
                // The sender goes with `save`, so the writer sees the end of the checkpoints when the work ends.
                let mut save = move |counted: &Counted| {
                    let _ = sender.try_send((counted.clone(), began.elapsed()));
                };
                let mut control = Control {
                    progress,
                    stop,
                    checkpoint: checkpoints.map(|c| (c.every, &mut save as &mut runner::SaveCheckpoint)),
                };
                work(config, counted, &mut control)
            };
            if let Some(writer) = writer {
                let _ = writer.join();
            }
            finish
        })?;
        self.before += finish.elapsed;
        self.threads = threads;
        Ok(finish)
    }
}
