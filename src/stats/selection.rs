//! Which tests a run applies: `--tests LIST`.
//!
//! Every test has a fixed name (the `test` column of `summary.csv`). `--tests` takes a comma-separated list of
//! those names, `position` for the three position-by-card tests, or `default` / `all` for every test that applies
//! to the run. Tests that cannot apply are left out of `default`; naming one explicitly is an error that says why:
//! - `adjacency` needs at least 3 cards (with 2 cards the pair is fixed by the first card);
//! - `full-permutation` needs n ≤ 8 and at least 10 expected shuffles per order, N ≥ 10·n! (TestU01's
//!   permutation test asks the same of its cells);
//! - `suit-by-position` and `rank-by-position` need a deck with suits: the 52-card deck or the 54-card deck
//!   with its two jokers;
//! - `serial-correlation` needs two consecutive decks of one stream, N ≥ 2.

use serde::Serialize;

/// One test of the battery.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TestId {
    PositionCard,
    PositionWorst,
    CardWorst,
    Adjacency,
    Parity,
    FixedPoints,
    Cycles,
    Inversions,
    RisingSequences,
    FullPermutation,
    SuitByPosition,
    RankByPosition,
    SerialCorrelation,
}

/// Largest deck for the full-permutation test (8! = 40320 orders).
pub const FULL_PERMUTATION_MAX_N: usize = 8;
/// Expected count per order the full-permutation test requires.
pub const FULL_PERMUTATION_MIN_EXPECTED: u64 = 10;

impl TestId {
    /// Every test, in report order.
    pub const ALL: [TestId; 13] = [
        TestId::PositionCard,
        TestId::PositionWorst,
        TestId::CardWorst,
        TestId::Adjacency,
        TestId::Parity,
        TestId::FixedPoints,
        TestId::Cycles,
        TestId::Inversions,
        TestId::RisingSequences,
        TestId::FullPermutation,
        TestId::SuitByPosition,
        TestId::RankByPosition,
        TestId::SerialCorrelation,
    ];

    /// The name used by `--tests` and in every report.
    pub fn name(self) -> &'static str {
        match self {
            TestId::PositionCard => "position-card",
            TestId::PositionWorst => "position-worst",
            TestId::CardWorst => "card-worst",
            TestId::Adjacency => "adjacency",
            TestId::Parity => "parity",
            TestId::FixedPoints => "fixed-points",
            TestId::Cycles => "cycles",
            TestId::Inversions => "inversions",
            TestId::RisingSequences => "rising-sequences",
            TestId::FullPermutation => "full-permutation",
            TestId::SuitByPosition => "suit-by-position",
            TestId::RankByPosition => "rank-by-position",
            TestId::SerialCorrelation => "serial-correlation",
        }
    }

    /// A short column header for compact tables (progressive mode).
    pub fn short(self) -> &'static str {
        match self {
            TestId::PositionCard => "pos-card",
            TestId::PositionWorst => "pos-worst",
            TestId::CardWorst => "card-worst",
            TestId::Adjacency => "adjacency",
            TestId::Parity => "parity",
            TestId::FixedPoints => "fixed-pts",
            TestId::Cycles => "cycles",
            TestId::Inversions => "inversion",
            TestId::RisingSequences => "rising",
            TestId::FullPermutation => "full-perm",
            TestId::SuitByPosition => "suit-pos",
            TestId::RankByPosition => "rank-pos",
            TestId::SerialCorrelation => "serial",
        }
    }

    pub fn from_name(name: &str) -> Option<TestId> {
        TestId::ALL.into_iter().find(|t| t.name().eq_ignore_ascii_case(name))
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }

    /// Whether the test's accumulator is worth keeping for an `n`-card deck (whatever the number of shuffles).
    pub fn applies_to_deck(self, n: usize) -> Result<(), String> {
        match self {
            TestId::Adjacency if n < 3 => Err(format!("adjacency needs at least 3 cards (this deck has {n})")),
            TestId::FullPermutation if n > FULL_PERMUTATION_MAX_N => Err(format!(
                "full-permutation needs a deck of at most {FULL_PERMUTATION_MAX_N} cards (this one has {n})"
            )),
            TestId::SuitByPosition | TestId::RankByPosition if n != 52 && n != 54 => {
                Err(format!("{} needs the 52- or 54-card deck (this one has {n} cards)", self.name()))
            }
            _ => Ok(()),
        }
    }

    /// Whether the test applies to N shuffles of an `n`-card deck.
    pub fn applies(self, n: usize, shuffles: u64) -> Result<(), String> {
        self.applies_to_deck(n)?;
        match self {
            TestId::FullPermutation => {
                let needed = FULL_PERMUTATION_MIN_EXPECTED * factorial(n);
                if shuffles < needed {
                    return Err(format!(
                        "full-permutation needs at least {FULL_PERMUTATION_MIN_EXPECTED}·{n}! = {needed} shuffles \
                         (10 expected per order); this run has {shuffles}"
                    ));
                }
                Ok(())
            }
            TestId::SerialCorrelation if shuffles < 2 => {
                Err("serial-correlation needs at least 2 shuffles (consecutive decks)".to_string())
            }
            _ => Ok(()),
        }
    }
}

impl std::fmt::Display for TestId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// n! for the small decks of the full-permutation test (saturating, so large n never overflows).
pub fn factorial(n: usize) -> u64 {
    (1..=n as u64).fold(1u64, |a, b| a.saturating_mul(b))
}

/// The tests a run applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TestSelection {
    mask: u16,
    /// True when the user named the tests: then a named test that cannot apply is an error, not a silent skip.
    named: bool,
}

impl Default for TestSelection {
    /// Every test that applies.
    fn default() -> Self {
        TestSelection { mask: TestId::ALL.iter().fold(0, |m, t| m | t.bit()), named: false }
    }
}

impl TestSelection {
    /// Exactly these tests (named by the user).
    pub fn only(tests: &[TestId]) -> Self {
        TestSelection { mask: tests.iter().fold(0, |m, t| m | t.bit()), named: true }
    }

    pub fn contains(&self, test: TestId) -> bool {
        self.mask & test.bit() != 0
    }

    /// True for `default` / `all`.
    pub fn is_default(&self) -> bool {
        !self.named
    }

    /// The selected tests, in report order.
    pub fn tests(&self) -> impl Iterator<Item = TestId> + '_ {
        TestId::ALL.into_iter().filter(|t| self.contains(*t))
    }

    /// The selected tests that apply to N shuffles of n cards.
    pub fn applicable(&self, n: usize, shuffles: u64) -> Vec<TestId> {
        self.tests().filter(|t| t.applies(n, shuffles).is_ok()).collect()
    }

    /// Checks that every test the user named applies (with `default` nothing can fail).
    pub fn check(&self, n: usize, shuffles: u64) -> Result<(), String> {
        if self.named {
            for t in self.tests() {
                t.applies(n, shuffles)?;
            }
        }
        Ok(())
    }

    /// The same tests, with the ones that do not (yet) apply skipped silently: for progressive looks, where the
    /// sample grows into a test's requirement.
    pub fn relaxed(self) -> Self {
        TestSelection { named: false, ..self }
    }

    /// Parses `--tests LIST`.
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut tests = Vec::new();
        let mut default = false;
        for item in list.split(',').map(str::trim) {
            match item.to_ascii_lowercase().as_str() {
                "" => return Err(format!("empty test name in '{list}'")),
                "all" | "default" => default = true,
                "position" => tests.extend([TestId::PositionCard, TestId::PositionWorst, TestId::CardWorst]),
                name => tests.push(TestId::from_name(name).ok_or_else(|| {
                    format!(
                        "unknown test '{item}' (expected default, all, position or a list of: {})",
                        TestId::ALL.map(TestId::name).join(", ")
                    )
                })?),
            }
        }
        Ok(if default { TestSelection::default() } else { TestSelection::only(&tests) })
    }
}

impl std::fmt::Display for TestSelection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_default() {
            f.write_str("default")
        } else {
            f.write_str(&self.tests().map(TestId::name).collect::<Vec<_>>().join(","))
        }
    }
}

impl std::str::FromStr for TestSelection {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        TestSelection::parse(s)
    }
}

impl Serialize for TestSelection {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_parse_and_print() {
        let s = TestSelection::parse("parity, adjacency").unwrap();
        assert!(s.contains(TestId::Parity) && s.contains(TestId::Adjacency) && !s.contains(TestId::PositionCard));
        assert_eq!(s.to_string(), "adjacency,parity");
        assert!(TestSelection::parse("all").unwrap().is_default());
        assert_eq!(TestSelection::parse("default,parity").unwrap(), TestSelection::default());
        assert_eq!(TestSelection::parse("position").unwrap().tests().count(), 3);
        let err = TestSelection::parse("parity,nope").unwrap_err();
        assert!(err.contains("'nope'") && err.contains("full-permutation"), "{err}");
        assert!(TestSelection::parse("parity,").is_err());
    }

    #[test]
    fn tests_that_cannot_apply_are_skipped_by_default_and_refused_when_named() {
        let d = TestSelection::default();
        assert!(!d.applicable(52, 1_000_000).contains(&TestId::FullPermutation));
        assert!(d.applicable(8, 403_200).contains(&TestId::FullPermutation));
        assert!(!d.applicable(8, 403_199).contains(&TestId::FullPermutation));
        assert!(!d.applicable(20, 1000).contains(&TestId::SuitByPosition));
        assert!(d.check(52, 1).is_ok());
        let named = TestSelection::only(&[TestId::FullPermutation]);
        assert!(named.check(52, 1 << 30).unwrap_err().contains("at most 8 cards"));
        assert!(named.check(8, 1000).unwrap_err().contains("403200"));
        assert!(named.relaxed().check(8, 1000).is_ok());
    }
}
