//! The lab's evidence pack (`run --lab`): one self-contained page, `lab.html`, that lays out a finished run the
//! way a testing lab reads a shuffle's evidence, and `lab.pdf`, the same page printed by a headless browser.
//!
//! The page names every test as the rules do (GLI-19's chi-square of card by position, the runs test, …) beside
//! the tool's id, and reads each test's own p at the rules' two levels: 95% (pass when p ≥ 0.05, as Pennsylvania's
//! 58 Pa. Code 810.5 and Maryland's COMAR 36.05.02.17 state it for automated shufflers) and 99% (p ≥ 0.01, as
//! GLI-19 and most rules do); `--level` picks the one highlighted. Beside it stands the harness's own family
//! verdict (Holm's adjustment over the battery), which stays the decision. Then the predictability of the deals
//! (the generator's seed bits against log2 n!, and the repeated-deck test), and the SHA-256 of the program, of
//! every report file beside the page and of the input. The page claims no certification, and holds no date or
//! time, so that one run makes one page byte for byte.
//!
//! Files: `names` (the tests' names in the rules), `words` (the page's words in both languages), `predict` (the
//! seed space against the deck's orders), `fingerprint` (SHA-256 of files and input), `page` (the pure
//! renderer), `pdf` (printing the page with Chromium, with a time limit).

mod fingerprint;
mod names;
mod page;
mod pdf;
mod predict;
mod words;

pub use fingerprint::{Fingerprints, InputPrint, sha256_hex};
pub use page::render;
pub use pdf::{BROWSER_ENV, PdfError, TIME_LIMIT as PDF_TIME_LIMIT, find_browser, print_pdf};

use crate::audit::RunRequest;
use crate::error::{ConfigError, Field};

/// The page's file name, beside the run's other reports.
pub const HTML: &str = "lab.html";
/// The printed page's file name.
pub const PDF: &str = "lab.pdf";

crate::names::named_enum! {
    /// The level the rules test each statistic at (`--level`): the page's highlighted column and summary line.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum Level("level") {
        /// 95%: a test passes when p ≥ 0.05.
        P95 => "95",
        /// 99%: a test passes when p ≥ 0.01 (GLI-19 and most rules).
        #[default]
        P99 => "99",
    }
}

impl Level {
    /// The p below which a test fails at this level.
    pub fn alpha(self) -> f64 {
        match self {
            Level::P95 => 0.05,
            Level::P99 => 0.01,
        }
    }

    /// The level in percent: 95 or 99.
    pub fn percent(self) -> u32 {
        match self {
            Level::P95 => 95,
            Level::P99 => 99,
        }
    }
}

/// `--lab` and `--level` as given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LabRequest {
    pub lab: bool,
    pub level: Option<Level>,
}

impl LabRequest {
    /// The level of the lab page to write, `None` when none is asked for; `--level` without `--lab`, and `--lab`
    /// with a run whose reports are not one finished run tested against uniform decks, are refused naming the
    /// flag. `resume` and `against_exact` are `run --resume` and `run --against-exact`, which are not settings of
    /// the run's request.
    pub fn validate(&self, run: &RunRequest, resume: bool, against_exact: bool) -> Result<Option<Level>, ConfigError> {
        if !self.lab {
            return match self.level {
                Some(_) => Err(ConfigError::new(Field::Level, "applies only with --lab (the lab page's level)")),
                None => Ok(None),
            };
        }
        let refused = [
            (run.progressive, "--progressive", "its looks judge growing samples at thresholds of their own"),
            (run.shard.is_some(), "--shard", "a shard is a share of a run: merge the shards, then audit the whole"),
            (resume, "--resume", "the page fingerprints the program that made the run, and a resumed run had two"),
            (against_exact, "--against-exact", "its one test is against the shuffle's exact law, not uniformity"),
        ];
        for (given, flag, why) in refused {
            if given {
                return Err(ConfigError::new(Field::Lab, format!("cannot be combined with {flag}: {why}")));
            }
        }
        Ok(Some(self.level.unwrap_or_default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_needs_the_lab_and_the_lab_refuses_what_it_cannot_show() {
        let run = RunRequest::default();
        let level = LabRequest { lab: false, level: Some(Level::P95) };
        assert_eq!(level.validate(&run, false, false).unwrap_err().field, Field::Level);
        assert_eq!(LabRequest::default().validate(&run, false, false), Ok(None));
        let lab = LabRequest { lab: true, level: None };
        assert_eq!(lab.validate(&run, false, false), Ok(Some(Level::P99)));
        let lab95 = LabRequest { lab: true, level: Some(Level::P95) };
        assert_eq!(lab95.validate(&run, false, false), Ok(Some(Level::P95)));
        let progressive = RunRequest { progressive: true, ..Default::default() };
        let e = lab.validate(&progressive, false, false).unwrap_err();
        assert_eq!(e.field, Field::Lab);
        assert!(e.to_string().starts_with("--lab: cannot be combined with --progressive"), "{e}");
        let shard = RunRequest { shard: Some((1, 2)), ..Default::default() };
        assert!(lab.validate(&shard, false, false).unwrap_err().to_string().contains("--shard"));
        assert!(lab.validate(&run, true, false).unwrap_err().to_string().contains("--resume"));
        assert!(lab.validate(&run, false, true).unwrap_err().to_string().contains("--against-exact"));
        assert_eq!("95".parse::<Level>(), Ok(Level::P95));
        assert!("90".parse::<Level>().is_err());
        assert_eq!((Level::P95.alpha(), Level::P99.percent()), (0.05, 99));
    }
}
