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
