//! Exact analysis, computed without sampling: the one entry point of `shuffle-audit exact` and of a run's exact
//! model.
//!
//! The math lives in the core, `stats::exact` ([`crate::stats::exact`]): the position-by-card marginals of every
//! shuffle of the catalogue with ideal or w-bit draws (`model`), the law over the n! orders of small decks
//! (`order_law`), what it takes to see a bias by sampling (`detect`), the riffle's rising-sequence law
//! (`riffle`), the test of a sampled run against its exact matrix (`against`). The games' exact odds are
//! [`crate::game::doudizhu::odds`] and [`crate::game::douniu::exact_counts`]. This module asks them and says what
//! they found.
//!
//! The entry points:
//! - [`ExactQuery`]: what `exact` is asked, each option `None` when not given, and [`ExactQuery::validate`], the
//!   one validation of its options, into an [`ExactPlan`] or a [`crate::ConfigError`] naming the field;
//! - [`odds_text`]: a game's exact hand odds ([`ExactPlan::Odds`]);
//! - [`compute_law`]: a shuffle's exact law ([`ExactPlan::Law`]), stopped by a [`crate::audit::StopFlag`] and
//!   counted by a [`crate::audit::Meter`], then [`ShuffleLaw::text`] (the summary with its detectability),
//!   [`ShuffleLaw::csv`] (`exact.csv`), [`ShuffleLaw::svg`] (`exact.svg`) and [`ShuffleLaw::guess_csv`]
//!   (`guess.csv`, the best no-feedback guess at each position); the best card guesser's expected score, with
//!   no feedback ([`ShuffleLaw::guess`]) and, after one riffle, with complete feedback
//!   ([`ShuffleLaw::complete`], [`CompleteFeedback`]);
//! - [`riffle_table`]: the riffle table ([`ExactPlan::RiffleTable`]), [`RiffleTable::text`] and
//!   [`RiffleTable::csv`] (`riffle.csv`);
//! - a run's exact model ([`exact_model`], [`report_model`]), for `run --against-exact`, `compare` and the run
//!   reports. It is part of the run model (`audit::exact`), below the reports that show it; it is re-exported
//!   here.
//!
//! ```
//! use shuffle_audit::exact::{ExactDraws, ExactPlan, ExactQuery, compute_law};
//! use shuffle_audit::audit::{Meter, StopFlag};
//! use shuffle_audit::AlgorithmKind;
//!
//! // MSVC's 15-bit rand() in the naive swap on 8 cards: its bias is seen within a few thousand shuffles.
//! let query = ExactQuery {
//!     algorithm: Some(AlgorithmKind::NaiveSwap),
//!     rng: Some(ExactDraws::Msvc),
//!     deck: Some(8),
//!     ..Default::default()
//! };
//! let ExactPlan::Law(plan) = query.validate().unwrap() else { unreachable!() };
//! let law = compute_law(&plan, &StopFlag::new(), &Meter::hidden()).unwrap();
//! assert!(law.detect.first().unwrap().shuffles_50 < 1e5);
//! assert!(law.text().starts_with("exact law of naive-swap / msvc, 8 cards"));
//! ```

mod law;
mod odds;
mod request;
mod riffle;

pub use crate::audit::exact::{REPORT_MAX_WORK, ReportExact, SkippedExact, exact_model, exact_request, report_model};
pub use law::{CompleteFeedback, LAW_METER_LENGTH, LawError, NotCovered, PROGRESS_WORK, ShuffleLaw, compute_law};
pub use odds::odds_text;
pub use request::{ExactDraws, ExactPlan, ExactQuery, GameOdds, LawPlan, RiffleTablePlan};
pub use riffle::{RiffleTable, riffle_table};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::{Meter, MeterView, StopFlag, StopReason};
    use crate::shuffle::AlgorithmKind;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};

    fn law_plan(query: ExactQuery) -> LawPlan {
        match query.validate() {
            Ok(ExactPlan::Law(plan)) => plan,
            other => panic!("not a law: {other:?}"),
        }
    }

    /// A meter view that keeps the last position.
    #[derive(Default)]
    struct Last(AtomicU64);

    impl MeterView for Last {
        fn set_length(&self, _: u64) {}
        fn set_position(&self, position: u64) {
            self.0.store(position, Ordering::Relaxed);
        }
        fn inc(&self, _: u64) {}
        fn finish(&self) {}
    }

    #[test]
    fn a_fair_shuffle_is_uniform_and_a_naive_one_is_seen() {
        let fair = ExactQuery { algorithm: Some(AlgorithmKind::FisherYates), deck: Some(8), ..Default::default() };
        let law = compute_law(&law_plan(fair), &StopFlag::new(), &Meter::hidden()).unwrap();
        assert!(law.detect.first().is_none(), "{:?}", law.detect);
        let text = law.text();
        assert!(text.contains("no family sees a bias") && text.contains("0 orders impossible"), "{text}");
        assert_eq!(law.label, "fisher-yates / ideal, 8 cards");
        let naive = ExactQuery { algorithm: Some(AlgorithmKind::NaiveSwap), deck: Some(8), ..Default::default() };
        let law = compute_law(&law_plan(naive), &StopFlag::new(), &Meter::hidden()).unwrap();
        assert!(law.detect.first().is_some() && law.text().contains("first to see it"), "{}", law.text());
        assert!(String::from_utf8(law.csv()).unwrap().lines().count() > 8);
        assert!(String::from_utf8(law.svg()).unwrap().contains("<svg"));
        assert_eq!(law.files().map(|(name, _)| name), ["exact.csv", "exact.svg", "guess.csv"]);
    }

    #[test]
    fn the_guesser_figures_are_printed_and_complete_feedback_only_for_one_ideal_riffle() {
        let law_of = |query: ExactQuery| compute_law(&law_plan(query), &StopFlag::new(), &Meter::hidden()).unwrap();
        let riffle = |riffles| ExactQuery {
            algorithm: Some(AlgorithmKind::Riffle),
            riffles: Some(riffles),
            deck: Some(8),
            ..Default::default()
        };
        let one = law_of(riffle(1));
        // 8 cards, one riffle: 1421/256 by the recursion (checked against all 256 cuts and drops in the core).
        let Some(CompleteFeedback::OneRiffle { expected, single_shelf }) = one.complete else {
            panic!("{:?}", one.complete)
        };
        assert!((expected - 1421.0 / 256.0).abs() < 1e-12 && single_shelf == 6.0, "{expected} {single_shelf}");
        let text = one.text();
        assert!(text.contains("complete feedback (each card shown after its guess): 5.550781"), "{text}");
        assert!(text.contains("H_8 = 2.717857") && text.contains("single-shelf machine, complete feedback: 6.000000"));
        let csv = String::from_utf8(one.guess_csv()).unwrap();
        assert_eq!(csv.lines().count(), 9, "{csv}");
        assert!(csv.starts_with("position,card,name,probability,tied\n0,0,"), "{csv}");
        for (query, why) in [
            (riffle(2), NotCovered::Riffles(2)),
            (ExactQuery { rng: Some(ExactDraws::Msvc), ..riffle(1) }, NotCovered::Draws),
            (ExactQuery { burn: Some(1), ..riffle(1) }, NotCovered::CutOrBurn),
        ] {
            let law = law_of(query);
            assert_eq!(law.complete, Some(CompleteFeedback::NotComputed(why)));
            assert!(law.text().contains("computed for one riffle"), "{}", law.text());
        }
        let fair =
            law_of(ExactQuery { algorithm: Some(AlgorithmKind::FisherYates), deck: Some(8), ..Default::default() });
        assert_eq!(fair.complete, None);
        assert!((fair.guess.expected.to_f64() - 1.0).abs() < 1e-12);
        let text = fair.text();
        assert!(text.contains("no feedback (all 8 guesses named before any card is shown): 1.000000"), "{text}");
        assert!(!text.contains("complete feedback"), "{text}");
    }

    #[test]
    fn the_label_and_folder_name_carry_the_options() {
        let plan = law_plan(ExactQuery {
            algorithm: Some(AlgorithmKind::Wash),
            rng: Some(ExactDraws::Glibc),
            deck: Some(54),
            swaps: Some(54),
            cut: true,
            burn: Some(2),
            order: Some(crate::game::deal::StartOrder::Rank),
            ..Default::default()
        });
        assert_eq!(plan.label(), "wash(54) / glibc --cut --burn 2 --order rank, 54 cards");
        assert_eq!(plan.dir_name(), "exact-wash-glibc-54-swaps54-cut-burn2-rank");
        assert_eq!(plan.long_work(), None);
    }

    #[test]
    fn a_set_stop_flag_stops_the_law_and_a_meter_counts_its_progress() {
        let big =
            law_plan(ExactQuery { algorithm: Some(AlgorithmKind::FisherYates), deck: Some(300), ..Default::default() });
        let stop = StopFlag::new();
        stop.request(StopReason::Terminate);
        let err = compute_law(&big, &stop, &Meter::hidden()).unwrap_err();
        assert!(matches!(err, LawError::Stopped(StopReason::Terminate)), "{err:?}");
        let small =
            law_plan(ExactQuery { algorithm: Some(AlgorithmKind::FisherYates), deck: Some(60), ..Default::default() });
        let view = Arc::new(Last::default());
        compute_law(&small, &StopFlag::new(), &Meter::new(view.clone())).unwrap();
        // The chain reports each starting place as it begins it: the last at 59/60 of the work.
        let at = view.0.load(Ordering::Relaxed);
        assert!((950..LAW_METER_LENGTH).contains(&at), "{at}");
    }

    #[test]
    fn long_work_is_named_above_the_progress_threshold() {
        let plan = law_plan(ExactQuery {
            algorithm: Some(AlgorithmKind::FisherYates),
            deck: Some(1024),
            ..Default::default()
        });
        assert!(plan.long_work().is_some_and(|w| w > PROGRESS_WORK));
    }
}
