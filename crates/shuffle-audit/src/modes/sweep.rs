//! The swap-count sweep of the random-transposition shuffles (`wash`, `pair-swap`): which swap counts to run.

use crate::audit::config::limits::MAX_SWAPS;

/// At most this many swap counts in one sweep.
pub const MAX_POINTS: u64 = 1000;

/// Swap counts `from, from + step, …` up to `to` inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwapRange {
    pub from: u64,
    pub to: u64,
    pub step: u64,
}

impl SwapRange {
    /// Reads `FROM..TO` or `FROM..TO:STEP` (step 1 by default); errors say what is wrong in one line.
    pub fn parse(s: &str) -> Result<SwapRange, String> {
        let t = s.trim();
        let (range, step) = match t.split_once(':') {
            Some((r, st)) => (r, Some(st)),
            None => (t, None),
        };
        let (from, to) =
            range.split_once("..").ok_or_else(|| format!("'{s}' is not FROM..TO[:STEP], e.g. 0..300:10"))?;
        let num = |x: &str, what: &str| {
            x.trim().parse::<u64>().map_err(|_| format!("'{s}': {what} '{x}' is not a whole number >= 0"))
        };
        let (from, to) = (num(from, "FROM")?, num(to, "TO")?);
        let step = match step {
            Some(st) => num(st, "STEP")?,
            None => 1,
        };
        if step == 0 {
            return Err(format!("'{s}': STEP must be at least 1"));
        }
        if from > to {
            return Err(format!("'{s}': FROM {from} is above TO {to}"));
        }
        let range = SwapRange { from, to, step };
        if range.count() > MAX_POINTS {
            return Err(format!("'{s}' has {} swap counts; at most {MAX_POINTS} (use a larger STEP)", range.count()));
        }
        if to > MAX_SWAPS {
            return Err(format!("'{s}': TO {to} is above the limit of 2^20 = {MAX_SWAPS} swaps per shuffle"));
        }
        Ok(range)
    }

    /// Number of swap counts (at least one: FROM itself).
    pub fn count(&self) -> u64 {
        (self.to - self.from) / self.step + 1
    }

    pub fn iter(&self) -> impl Iterator<Item = u64> {
        (self.from..=self.to).step_by(self.step as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swap_ranges_parse_and_explain_their_errors() {
        assert_eq!(SwapRange::parse("0..300:10"), Ok(SwapRange { from: 0, to: 300, step: 10 }));
        assert_eq!(SwapRange::parse("5..7"), Ok(SwapRange { from: 5, to: 7, step: 1 }));
        assert_eq!(SwapRange::parse("0..300:10").unwrap().iter().count(), 31);
        assert_eq!(SwapRange::parse("0..10:4").unwrap().iter().collect::<Vec<_>>(), [0, 4, 8]);
        assert!(SwapRange::parse("10..5").unwrap_err().contains("above TO"));
        assert!(SwapRange::parse("0..5:0").unwrap_err().contains("STEP"));
        assert!(SwapRange::parse("a..5").unwrap_err().contains("FROM"));
        assert!(SwapRange::parse("5").unwrap_err().contains("FROM..TO"));
        assert!(SwapRange::parse("0..5000").unwrap_err().contains("at most 1000"));
    }
}
