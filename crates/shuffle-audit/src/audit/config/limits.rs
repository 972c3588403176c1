//! The most work one command may ask for, and why: past these limits a request is a typo (`--swaps 2^40`,
//! `--threads 10000`) that would run for days, abort out of memory or spend its time starting threads, so it is
//! refused at validation with a message naming the flag and the limit. Every run, built-in or a caller's function
//! or decks through the API, goes through [`check_run`] (from the one run validation,
//! [`crate::audit::runner::RunConfig::validate`]); `calibrate` adds [`check_replicates`], `sweep`'s swap
//! ranges stop at [`MAX_SWAPS`] too, and `crack --trials` at [`MAX_TRIALS`].

use crate::error::{ConfigError, Field};

/// Shuffles of one run (and `--max-shuffles` of a progressive one): 2^50 ≈ 1.1·10^15. A cluster run of
/// 3.4·10^12 shuffles fits three hundred times over; at 10^8 shuffles a second, the limit is four months of work.
pub(crate) const MAX_SHUFFLES: u64 = 1 << 50;

/// Swaps per shuffle of `wash` and fixed-count `pair-swap`: 2^20 = 1048576. Random transpositions mix the
/// positions after about (1/2)·n·ln n swaps (Diaconis & Shahshahani 1981): 3550 for the largest deck of 1024
/// cards, so the limit is 295 times that; the catalogue's `wash` makes n swaps. Past the cutoff more swaps change
/// nothing a test can see (and `wash`'s parity is the parity of the swap count whatever it is), while each swap
/// costs the same: 2^20 swaps per shuffle already make a million shuffles take about twenty minutes.
pub(crate) const MAX_SWAPS: u64 = 1 << 20;

/// Worker threads per core. The shuffles are pure computation: more threads than cores only share the cores, and
/// a few per core are enough to cover a machine that counts its cores low. Ten thousand threads take far longer to
/// start than the work they do.
pub(crate) const THREADS_PER_CORE: usize = 4;

/// Replicates of one calibration: 2^18 = 262144. Calibration keeps every replicate's p-values (one per statistic)
/// in memory and writes them all to `p_values.csv`: measured at about 1.4 KiB of memory and 0.6 KB of file a
/// replicate, the limit is about 370 MiB and a file of 160 MB. (2^40 replicates asked for 40 TiB at once and
/// aborted; 2^62 overflowed the size of the list and panicked.) The second level then resolves deviations from
/// uniformity of 0.3% (the KS bound 1.36/√R), far finer than a miscalibrated null needs: a few hundred replicates
/// show one.
pub(crate) const MAX_REPLICATES: u64 = 1 << 18;

/// Hidden seeds of one `crack --trials` run: 2^40 ≈ 1.1·10^12. The cheapest trial there is (a 2-card deck, a
/// one-seed space) was measured at 6.7 µs on a shared 2-core machine (200,000 in 1.35 s), so the limit is about
/// three months of that; a real trial is thousands of times slower (a 斗牛 hand against an hour of `time(NULL)`
/// seeds: 47 ms, so 2^40 of them would take 1.6 million years). The figures need far fewer: at 10^6 trials a
/// share is known to ±0.1% (two standard errors). Trials stream, so memory does not grow with the count.
pub(crate) const MAX_TRIALS: u64 = 1 << 40;

/// The cores of this machine (as the operating system grants them to the process), at least 1.
pub(crate) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// The most worker threads a run may ask for: [`THREADS_PER_CORE`] × [`cores`].
pub(crate) fn max_threads() -> usize {
    THREADS_PER_CORE * cores()
}

/// Checks the work of a built-in run: its shuffles, worker threads and swaps per shuffle.
pub(crate) fn check_run(shuffles: u64, threads: Option<usize>, swaps: Option<usize>) -> Result<(), ConfigError> {
    check_shuffles(shuffles)?;
    if let Some(t) = threads {
        let max = max_threads();
        if t > max {
            return Err(ConfigError::new(
                Field::Threads,
                format!("{t} is above the limit of {max} threads ({THREADS_PER_CORE} × the {} cores here)", cores()),
            ));
        }
    }
    match swaps {
        Some(k) => check_swaps(u64::try_from(k).unwrap_or(u64::MAX)),
        None => Ok(()),
    }
}

/// At most [`MAX_SHUFFLES`] shuffles.
pub(crate) fn check_shuffles(shuffles: u64) -> Result<(), ConfigError> {
    if shuffles > MAX_SHUFFLES {
        return Err(ConfigError::new(
            Field::Shuffles,
            format!("{shuffles} is above the limit of 2^50 = {MAX_SHUFFLES}"),
        ));
    }
    Ok(())
}

/// At most [`MAX_SWAPS`] swaps per shuffle.
pub(crate) fn check_swaps(swaps: u64) -> Result<(), ConfigError> {
    if swaps > MAX_SWAPS {
        return Err(ConfigError::new(
            Field::Swaps,
            format!("{swaps} is above the limit of 2^20 = {MAX_SWAPS} swaps per shuffle"),
        ));
    }
    Ok(())
}

/// At most `MAX_REPLICATES` replicates, and at most `MAX_SHUFFLES` shuffles in all.
pub fn check_replicates(replicates: u64, shuffles: u64) -> Result<(), ConfigError> {
    if replicates > MAX_REPLICATES {
        return Err(ConfigError::new(
            Field::Replicates,
            format!(
                "{replicates} is above the limit of 2^18 = {MAX_REPLICATES} (calibrate keeps every replicate's p-values \
                 in memory)"
            ),
        ));
    }
    if replicates.checked_mul(shuffles).is_none_or(|total| total > MAX_SHUFFLES) {
        return Err(ConfigError::new(
            Field::Replicates,
            format!("{replicates} × {shuffles} shuffles is above the limit of 2^50 = {MAX_SHUFFLES} shuffles in all"),
        ));
    }
    Ok(())
}

/// At most [`MAX_TRIALS`] trials of `crack --trials`.
pub(crate) fn check_trials(trials: u64) -> Result<(), ConfigError> {
    if trials > MAX_TRIALS {
        return Err(ConfigError::new(
            Field::Trials,
            format!(
                "{trials} is above the limit of 2^40 = {MAX_TRIALS} trials (years of work even on a one-seed space)"
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_limit_names_its_flag_and_the_limit() {
        assert!(check_run(MAX_SHUFFLES, Some(max_threads()), Some(MAX_SWAPS as usize)).is_ok());
        assert!(check_run(3_400_000_000_000, None, None).is_ok(), "a cluster run fits");
        let e = check_run(MAX_SHUFFLES + 1, None, None).unwrap_err();
        assert_eq!(e.field, Field::Shuffles);
        assert!(e.message.contains("2^50"), "{e}");
        let e = check_run(1, Some(10_000), None).unwrap_err();
        assert_eq!(e.field, Field::Threads);
        assert!(e.message.contains(&max_threads().to_string()), "{e}");
        let e = check_run(1, None, Some(1 << 40)).unwrap_err();
        assert_eq!((e.field, e.message.contains("1048576")), (Field::Swaps, true), "{e}");
        assert!(check_replicates(MAX_REPLICATES, 1 << 32).is_ok());
        assert!(check_replicates(1 << 40, 1).unwrap_err().message.contains("262144"));
        assert!(check_replicates(1 << 62, 1).unwrap_err().message.contains("262144"));
        let e = check_replicates(1000, MAX_SHUFFLES).unwrap_err();
        assert_eq!(e.field, Field::Replicates);
        assert!(e.message.contains("in all"), "{e}");
        assert!(check_trials(MAX_TRIALS).is_ok());
        let e = check_trials(MAX_TRIALS + 1).unwrap_err();
        assert_eq!((e.field, e.message.contains("2^40")), (Field::Trials, true), "{e}");
    }
}
