//! Verdicts: PASS, SUSPICIOUS, FAIL or BROKEN, with the family-wise error rate of a run controlled by Holm's
//! step-down procedure over ONE family.
//!
//! A run applies m tests, and each contributes one p-value ([`TestResult::family_ln_p`]): a one-sided test its
//! upper-tail p, a two-sided test `min(1, 2·min(p_upper, p_lower))` — a statistic that is too *small* ("too
//! uniform", e.g. a deck that cycles through rotations) is as suspicious as one too large, and doubling the
//! smaller tail pays for looking at both. These m p-values are Holm-adjusted: with them sorted ascending,
//! `p̃(k) = max_{j ≤ k} min(1, (m − j + 1) · p(j))`. The run's family-wise p is the smallest adjusted p, i.e.
//! `min(1, m · min p)`, so the chance that a fair shuffle is called FAIL is at most the FAIL threshold (and
//! SUSPICIOUS at most the SUSPICIOUS one) whatever the dependence between the tests; `calibrate` measures the
//! real rate (`family.csv`). Thresholds are fixed before looking
//! (docs/src/reference.md#false-alarms-and-growth-with-n: false alarms happen; re-test with an independent seed).

use serde::Serialize;

use crate::stats::TestScope;
use crate::stats::{LnP, Tail, TestId, TestResult};

crate::names::named_enum! {
    /// The outcome of a test or a run, from best to worst.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
    #[serde(rename_all = "UPPERCASE")]
    pub enum Verdict("verdict") {
        Pass => "PASS",
        Suspicious => "SUSPICIOUS",
        Fail => "FAIL",
        Broken => "BROKEN",
    }
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        self.name()
    }

    /// Exit status of `run`: 0 for PASS or SUSPICIOUS, 1 for FAIL or BROKEN.
    pub fn exit_code(self) -> u8 {
        match self {
            Verdict::Pass | Verdict::Suspicious => 0,
            Verdict::Fail | Verdict::Broken => 1,
        }
    }
}

/// Family-wise thresholds: FAIL below `fail`, SUSPICIOUS below `suspicious` (applied to the family p).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Thresholds {
    pub fail: f64,
    pub suspicious: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds::DEFAULT
    }
}

impl Thresholds {
    /// FAIL below 1e-9, SUSPICIOUS below 1e-3: the thresholds when none are given.
    pub const DEFAULT: Thresholds = Thresholds { fail: 1e-9, suspicious: 1e-3 };

    /// The verdict of a family-wise ln p.
    pub fn verdict(&self, ln_p: LnP) -> Verdict {
        if ln_p < self.fail.ln() {
            Verdict::Fail
        } else if ln_p < self.suspicious.ln() {
            Verdict::Suspicious
        } else {
            Verdict::Pass
        }
    }
}

/// A test with its family p-value, Holm-adjusted, and verdict.
#[derive(Clone, Debug, Serialize)]
pub struct AssessedTest {
    pub result: TestResult,
    /// The test's p in the family before adjustment ([`TestResult::family_ln_p`]): one-sided, or two-sided
    /// (the smaller tail doubled).
    pub ln_p_test: LnP,
    /// The tail [`AssessedTest::ln_p_test`] comes from.
    pub tail: Tail,
    /// Holm-adjusted ln p over the run's family.
    pub ln_p_adjusted: LnP,
    pub verdict: Verdict,
    /// True when the verdict is not PASS and the lower tail decided it ("too uniform").
    pub too_uniform: bool,
}

/// The verdict of a whole run.
#[derive(Clone, Debug, Serialize)]
pub struct Assessment {
    pub tests: Vec<AssessedTest>,
    /// Family-wise ln p: the smallest Holm-adjusted p, `min(1, m · min p)` over the tests' family p-values.
    pub ln_p_family: LnP,
    pub verdict: Verdict,
    /// The test that decided the verdict (the smallest adjusted p).
    pub decisive_test: Option<TestId>,
    /// True when the verdict is not PASS and the decisive test's lower tail decided it.
    pub too_uniform: bool,
}

impl Assessment {
    /// The test that decided the verdict, with its adjusted p-values.
    pub fn decisive(&self) -> Option<&AssessedTest> {
        self.decisive_test.and_then(|id| self.get(id))
    }

    /// One test of the run, if it was applied.
    pub fn get(&self, test: TestId) -> Option<&AssessedTest> {
        self.tests.iter().find(|t| t.result.test == test)
    }

    /// The number of tests in the family (Holm's m).
    pub fn family_size(&self) -> usize {
        self.tests.len()
    }
}

/// Holm step-down adjustment of ln p-values (`None` entries are not part of the family).
pub(crate) fn holm_adjust(ln_ps: &[Option<LnP>]) -> Vec<Option<LnP>> {
    let mut order: Vec<usize> = (0..ln_ps.len()).filter(|&i| ln_ps[i].is_some()).collect();
    let m = order.len();
    order.sort_by(|&a, &b| ln_ps[a].unwrap().total_cmp(&ln_ps[b].unwrap()));
    let mut out = vec![None; ln_ps.len()];
    let mut running = f64::NEG_INFINITY;
    for (j, &i) in order.iter().enumerate() {
        let adjusted = (ln_ps[i].unwrap() + ((m - j) as f64).ln()).min(0.0);
        running = running.max(adjusted);
        out[i] = Some(running);
    }
    out
}

/// The family-wise ln p of a set of test results, without building an assessment: `min(1, m · min p)` over
/// their family p-values (what [`assess`] computes as [`Assessment::ln_p_family`]).
pub(crate) fn family_ln_p(results: &[TestResult]) -> LnP {
    if results.is_empty() {
        return 0.0;
    }
    let min = results.iter().map(|r| r.family_ln_p().0).fold(0.0f64, f64::min);
    (min + (results.len() as f64).ln()).min(0.0)
}

/// Adjusts every test of a run and decides the run's verdict.
pub(crate) fn assess(results: Vec<TestResult>, thresholds: &Thresholds) -> Assessment {
    let family: Vec<(LnP, Tail)> = results.iter().map(TestResult::family_ln_p).collect();
    let adjusted = holm_adjust(&family.iter().map(|&(p, _)| Some(p)).collect::<Vec<_>>());
    let mut tests = Vec::with_capacity(results.len());
    for ((result, (ln_p_test, tail)), adj) in results.into_iter().zip(family).zip(adjusted) {
        let ln_p_adjusted = adj.unwrap_or(0.0);
        let verdict = thresholds.verdict(ln_p_adjusted);
        tests.push(AssessedTest {
            result,
            ln_p_test,
            tail,
            ln_p_adjusted,
            verdict,
            too_uniform: verdict > Verdict::Pass && tail == Tail::Lower,
        });
    }
    let decisive = tests.iter().min_by(|a, b| a.ln_p_adjusted.total_cmp(&b.ln_p_adjusted));
    let ln_p_family = decisive.map_or(0.0, |t| t.ln_p_adjusted);
    let too_uniform = decisive.is_some_and(|t| t.too_uniform);
    let decisive_test = decisive.map(|t| t.result.test);
    Assessment { tests, ln_p_family, verdict: thresholds.verdict(ln_p_family), decisive_test, too_uniform }
}

/// The test a report with a deal should lead with: the most significant table-level test whose own verdict is
/// the run's, else the most significant such seat test; `None` when the run passed, failed as "too uniform", or
/// no game test reaches its verdict.
pub(crate) fn table_level_decisive(a: &Assessment) -> Option<TestId> {
    if a.verdict == Verdict::Pass || a.too_uniform {
        return None;
    }
    let table = |t: TestId| !matches!(t.scope(), TestScope::Deck | TestScope::Deal);
    let seat = |t: TestId| t.scope() == TestScope::Deal;
    for tier in [&table as &dyn Fn(TestId) -> bool, &seat] {
        let best = a
            .tests
            .iter()
            .filter(|t| tier(t.result.test) && t.verdict == a.verdict && !t.too_uniform)
            .min_by(|x, y| x.ln_p_adjusted.total_cmp(&y.ln_p_adjusted));
        if let Some(t) = best {
            return Some(t.result.test);
        }
    }
    None
}

/// The second table-level finding for a run's short headline: the next most significant table-level test at
/// the run's verdict after the decisive one; `None` unless the decisive test is itself a table-level test.
pub(crate) fn second_table_finding(a: &Assessment) -> Option<TestId> {
    let table = |t: TestId| !matches!(t.scope(), TestScope::Deck | TestScope::Deal);
    let decisive = a.decisive_test?;
    if !table(decisive) || a.verdict == Verdict::Pass || a.too_uniform {
        return None;
    }
    a.tests
        .iter()
        .filter(|t| t.result.test != decisive && table(t.result.test) && t.verdict == a.verdict && !t.too_uniform)
        .min_by(|x, y| x.ln_p_adjusted.total_cmp(&y.ln_p_adjusted))
        .map(|t| t.result.test)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(test: TestId, p: f64) -> TestResult {
        TestResult {
            test,
            statistic: 0.0,
            df: 1.0,
            ln_p: p.ln(),
            ln_p_low: None,
            effect: 0.0,
            finding: crate::stats::Finding::Parity { odd: 0, decks: 0, share: 0.5, fair: true },
        }
    }

    #[test]
    fn holm_matches_the_textbook_example() {
        // p = 0.01, 0.04, 0.03, 0.005 (m = 4): adjusted 0.03, 0.06, 0.06, 0.02.
        let ps = [0.01f64, 0.04, 0.03, 0.005];
        let adj = holm_adjust(&ps.iter().map(|p| Some(p.ln())).collect::<Vec<_>>());
        let got: Vec<f64> = adj.iter().map(|a| a.unwrap().exp()).collect();
        for (g, w) in got.iter().zip([0.03, 0.06, 0.06, 0.02]) {
            assert!((g - w).abs() < 1e-12, "{got:?}");
        }
    }

    #[test]
    fn verdicts_follow_the_thresholds() {
        let t = Thresholds::default();
        assert_eq!(assess(vec![result(TestId::Parity, 0.5), result(TestId::Cycles, 0.2)], &t).verdict, Verdict::Pass);
        assert_eq!(
            assess(vec![result(TestId::Parity, 1e-4), result(TestId::Cycles, 0.2)], &t).verdict,
            Verdict::Suspicious
        );
        // 2 tests: 6e-10 × 2 = 1.2e-9 is not below 1e-9.
        assert_eq!(
            assess(vec![result(TestId::Parity, 6e-10), result(TestId::Cycles, 0.2)], &t).verdict,
            Verdict::Suspicious
        );
        let a = assess(vec![result(TestId::Parity, 4e-10), result(TestId::Cycles, 0.2)], &t);
        assert_eq!((a.verdict, a.decisive_test), (Verdict::Fail, Some(TestId::Parity)));
    }

    #[test]
    fn a_failing_deal_leads_with_the_table() {
        use crate::game::Game;
        use crate::game::deal::{DealConfig, DealShape};
        use crate::game::table::GameStats;
        use crate::stats::TestSelection;
        let deal = DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap();
        let mut g = GameStats::new(&deal, TestSelection::default());
        for _ in 0..300 {
            g.add(&deal.start_deck());
        }
        let mut a = assess(g.evaluate(), &Thresholds::default());
        assert_eq!(a.verdict, Verdict::Fail);
        a.decisive_test = table_level_decisive(&a);
        let lead = a.decisive_test.unwrap();
        assert_eq!(lead.scope(), TestScope::Doudizhu, "{lead}");
        let second = second_table_finding(&a).unwrap();
        let headline = crate::report::i18n::test_headline(crate::cards::Lang::En, &a.get(second).unwrap().result);
        let second = format!("{second}: {headline}");
        assert!(!second.starts_with(lead.name()), "{second}");
    }

    #[test]
    fn too_uniform_is_a_failure() {
        let mut r = result(TestId::Inversions, 1.0);
        r.ln_p_low = Some(-40.0);
        let a = assess(vec![r], &Thresholds::default());
        assert_eq!(a.verdict, Verdict::Fail);
        assert!(a.too_uniform);
        assert_eq!(a.tests[0].tail, Tail::Lower);
    }

    #[test]
    fn both_tails_are_one_doubled_p_in_one_family() {
        // Two two-sided tests, one with its lower tail at 0.01 and one with its upper tail at 0.015: the family
        // p-values are 0.02 and 0.03, Holm-adjusted 0.04 and 0.04; at 0.05 SUSPICIOUS, decided by the lower tail.
        let mut low = result(TestId::Cycles, 0.9);
        low.ln_p_low = Some(0.01f64.ln());
        let mut up = result(TestId::FixedPoints, 0.015);
        up.ln_p_low = Some(0.99f64.ln());
        let t = Thresholds { fail: 1e-9, suspicious: 0.05 };
        let a = assess(vec![low.clone(), up.clone()], &t);
        assert!((a.tests[0].ln_p_test.exp() - 0.02).abs() < 1e-12);
        assert!((a.tests[1].ln_p_test.exp() - 0.03).abs() < 1e-12);
        assert!((a.ln_p_family.exp() - 0.04).abs() < 1e-12, "{}", a.ln_p_family.exp());
        assert!((a.tests[1].ln_p_adjusted.exp() - 0.04).abs() < 1e-12);
        assert_eq!((a.verdict, a.decisive_test, a.too_uniform), (Verdict::Suspicious, Some(TestId::Cycles), true));
        assert!((family_ln_p(&[low, up]) - a.ln_p_family).abs() < 1e-12);
        // A two-sided p never exceeds 1, and a tail at 0.6 gives 1, not 1.2.
        let mut mid = result(TestId::Cycles, 0.6);
        mid.ln_p_low = Some(0.6f64.ln());
        assert_eq!(mid.family_ln_p().0, 0.0);
        // Extreme tails stay finite in log space.
        let mut far = result(TestId::Cycles, 1.0);
        far.ln_p_low = Some(-5000.0);
        assert!((far.family_ln_p().0 - (-5000.0 + std::f64::consts::LN_2)).abs() < 1e-9);
    }
}
