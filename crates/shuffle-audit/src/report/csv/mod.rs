//! The CSV files, one renderer per file: `summary.csv` and `counts.csv` of a run, the tables of calibration,
//! progressive and riffle runs, the seat counts of a deal, `exact.csv` and `guess.csv`.

pub mod calibration;
pub mod counts;
pub mod exact;
pub mod guess;
pub mod progressive;
pub mod riffle;
pub mod samples;
pub mod seat_counts;
pub mod summary;

use crate::audit::verdict::Verdict;
use crate::stats::{LnP, format_ln_p};

/// One test's columns in `stream.csv` and `logs.csv`: `test,statistic,df,p,p_adjusted,verdict,"finding"` (no line
/// end), the p-values as the console prints them (in logs below 10^-300, never 0), the finding quoted.
pub fn test_columns(
    test: &str,
    statistic: f64,
    df: f64,
    ln_p: LnP,
    ln_p_adjusted: LnP,
    verdict: Verdict,
    finding: &str,
) -> String {
    format!(
        "{test},{statistic:.4},{df},{},{},{verdict},\"{}\"",
        format_ln_p(ln_p),
        format_ln_p(ln_p_adjusted),
        finding.replace('"', "\"\"")
    )
}
