//! A shuffle's exact law: its position-by-card matrix ([`crate::stats::exact::model`]), for decks of at most
//! nine cards its law over the n! orders ([`crate::stats::exact::order_law`]), and what a sampled run needs to
//! see its bias ([`crate::stats::exact::detect`]), and what a card guesser can get from it
//! ([`crate::stats::exact::guessing`]: with no feedback from the matrix, with complete feedback after one
//! riffle); rendered as the summary `exact --algorithm` prints, as `exact.csv` (the counts layout), as
//! `exact.svg` (the heatmap of exact / uniform) and as `guess.csv` (the best guess at each position).

use std::fmt::Write;

use super::request::{ExactDraws, LawPlan};
use crate::audit::{Meter, StopFlag, StopReason, Thresholds};
use crate::cards::{Card, card_name};
use crate::error::{ConfigError, Field};
use crate::game::Lang;
use crate::game::deal::StartOrder;
use crate::game::deal::order::start_deck;
use crate::report::svg::{Target, exact_heatmap, heatmap::Layout};
use crate::report::{csv, i18n};
use crate::shuffle::AlgorithmKind;
use crate::stats::exact::detect::{Detectability, detectability};
use crate::stats::exact::guessing::{
    NoFeedback, no_feedback, riffle_complete_feedback, single_shelf_complete_feedback, uniform_complete_feedback,
};
use crate::stats::exact::model::{DD_FLOOR, ExactError, ExactMatrix, Watch, exact_marginals_watched};
use crate::stats::exact::order_law::{self, Distances};

/// Work ([`crate::stats::exact::model::ExactRequest::work`], double-double operations) above which a law takes
/// long enough (about a second) for its progress to be worth showing.
pub const PROGRESS_WORK: f64 = 1e8;

/// The units of the meter [`compute_law`] moves: thousandths of the computation.
pub const LAW_METER_LENGTH: u64 = 1000;

impl LawPlan {
    /// The computation's work when it is long enough to show its progress ([`PROGRESS_WORK`]).
    pub fn long_work(&self) -> Option<f64> {
        let work = self.request.work();
        (work > PROGRESS_WORK).then_some(work)
    }

    /// `fisher-yates / glibc, 52 cards`, with the options.
    pub fn label(&self) -> String {
        let req = &self.request;
        let mut s = format!("{} / {}", req.algorithm.label(req.n), self.draws.name());
        if req.cut {
            s.push_str(" --cut");
        }
        if req.burn > 0 {
            s.push_str(&format!(" --burn {}", req.burn));
        }
        if self.order == StartOrder::Rank {
            s.push_str(" --order rank");
        }
        s.push_str(&format!(", {} cards", req.n));
        s
    }

    /// The folder name when no `--out` is given: `exact-<algorithm>-<rng>-<deck>` plus the options.
    pub fn dir_name(&self) -> String {
        let req = &self.request;
        let mut s = format!("exact-{}-{}-{}", req.algorithm.kind, self.draws.name(), req.n);
        if let Some(k) = req.algorithm.swaps {
            s.push_str(&format!("-swaps{k}"));
        }
        if req.cut {
            s.push_str("-cut");
        }
        if req.burn > 0 {
            s.push_str(&format!("-burn{}", req.burn));
        }
        if self.order == StartOrder::Rank {
            s.push_str("-rank");
        }
        s
    }
}

/// Why [`compute_law`] gave no law.
#[derive(Debug, thiserror::Error)]
pub enum LawError {
    /// The computed law lost its precision (a row or column sum off 1): named as the algorithm's fault.
    #[error(transparent)]
    Refused(#[from] ConfigError),
    /// The stop flag was set before the end.
    #[error("the exact computation was {}", .0.stopped_by())]
    Stopped(StopReason),
}

/// A shuffle's computed exact law and what it says about sampling.
#[derive(Clone, Debug, PartialEq)]
pub struct ShuffleLaw {
    /// [`LawPlan::label`].
    pub label: String,
    pub draws: ExactDraws,
    /// The cells by card id of the plan's starting order.
    pub matrix: ExactMatrix,
    pub detect: Detectability,
    /// Total variation and separation of the law over orders, when it was computed.
    pub distances: Option<Distances>,
    /// Why the law over orders of a small deck was not computed.
    pub order_note: Option<String>,
    /// The best no-feedback guesser: its guess at each position and its expected score.
    pub guess: NoFeedback,
    /// The best complete-feedback guesser, for the riffle (`None` for the other algorithms).
    pub complete: Option<CompleteFeedback>,
}

/// The best complete-feedback guesser of a riffle: computed for one ideal riffle of a fresh deck, the only
/// case its recursion covers ([`riffle_complete_feedback`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CompleteFeedback {
    /// One ideal riffle: the guesser's expected score, and for comparison that of one pass of a single-shelf
    /// machine over the same deck ([`single_shelf_complete_feedback`]).
    OneRiffle { expected: f64, single_shelf: f64 },
    /// One pass of a single-shelf machine (`shelf --shelves 1`): the guesser's expected score.
    SingleShelf { expected: f64 },
    /// A riffle the recursion does not cover, and why.
    NotComputed(NotCovered),
}

/// Why a riffle's complete-feedback figure was not computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotCovered {
    /// More than one riffle: the cut of each is no longer told by the cards shown.
    Riffles(usize),
    /// w-bit draws: the drops are not `a/(a + b)` exactly.
    Draws,
    /// A cut or burn after the riffle.
    CutOrBurn,
    /// A shelf machine with more than one shelf or pass.
    Shelf,
}

impl CompleteFeedback {
    /// The figure for a riffle request, or why there is none; `None` for the other algorithms.
    fn of(req: &crate::stats::exact::model::ExactRequest) -> Option<CompleteFeedback> {
        if req.algorithm.kind == AlgorithmKind::Shelf {
            let single = req.algorithm.layout_or_default() == 1 && req.algorithm.repetitions(req.n) == 1;
            return Some(if !single {
                CompleteFeedback::NotComputed(NotCovered::Shelf)
            } else if req.bits.is_some() {
                CompleteFeedback::NotComputed(NotCovered::Draws)
            } else if req.cut || req.burn > 0 {
                CompleteFeedback::NotComputed(NotCovered::CutOrBurn)
            } else {
                CompleteFeedback::SingleShelf { expected: single_shelf_complete_feedback(req.n) }
            });
        }
        if req.algorithm.kind != AlgorithmKind::Riffle {
            return None;
        }
        let riffles = req.algorithm.repetitions(req.n);
        Some(if riffles != 1 {
            CompleteFeedback::NotComputed(NotCovered::Riffles(riffles))
        } else if req.bits.is_some() {
            CompleteFeedback::NotComputed(NotCovered::Draws)
        } else if req.cut || req.burn > 0 {
            CompleteFeedback::NotComputed(NotCovered::CutOrBurn)
        } else {
            CompleteFeedback::OneRiffle {
                expected: riffle_complete_feedback(req.n),
                single_shelf: single_shelf_complete_feedback(req.n),
            }
        })
    }
}

/// Computes the law of a validated plan. `meter` counts thousandths of the matrix's computation
/// ([`LAW_METER_LENGTH`]); the computation stops, and nothing is returned, once `stop` is set.
pub fn compute_law(plan: &LawPlan, stop: &StopFlag, meter: &Meter) -> Result<ShuffleLaw, LawError> {
    let req = &plan.request;
    let n = req.n;
    meter.set_length(LAW_METER_LENGTH);
    let mut shown = 0;
    let mut report = |done: f64| {
        let at = (done * LAW_METER_LENGTH as f64).floor() as u64;
        if at > shown {
            shown = at;
            meter.set_position(at);
        }
        !stop.is_set()
    };
    let by_place = exact_marginals_watched(req, &mut Watch::new(&mut report));
    meter.finish();
    let by_place = match by_place {
        Ok(m) => m,
        Err(ExactError::Intractable(why)) => return Err(ConfigError::new(Field::Algorithm, why.to_string()).into()),
        Err(ExactError::Stopped) => return Err(LawError::Stopped(stop.requested().unwrap_or(StopReason::Interrupt))),
    };
    let matrix = by_place.relabel(&start_deck(plan.order, n));
    // The law over orders follows card ids of the suit-ordered deck; with another start order the tests on
    // orders (fixed points, adjacency) would need relabelling, and the marginals are what matters there.
    let orders = (n <= order_law::MAX_DECK && plan.order == StartOrder::Suit).then(|| order_law::order_law(req));
    let law = orders.as_ref().and_then(|r| r.as_ref().ok());
    let detect = detectability(&matrix, law.map(Vec::as_slice), Thresholds::default().fail);
    let distances = law.map(|l| order_law::distances(l));
    let order_note = match &orders {
        Some(Err(e)) => Some(format!("law over orders: not computed: {}; {}", e.reason, e.nearest)),
        None if n <= order_law::MAX_DECK => {
            Some("law over orders: computed for the suit-ordered deck only (--order suit)".to_string())
        }
        _ => None,
    };
    let guess = no_feedback(&matrix);
    let complete = CompleteFeedback::of(req);
    Ok(ShuffleLaw { label: plan.label(), draws: plan.draws, matrix, detect, distances, order_note, guess, complete })
}

impl ShuffleLaw {
    /// `exact.csv`: the matrix in the counts layout.
    pub fn csv(&self) -> Vec<u8> {
        csv::exact::render(&self.matrix)
    }

    /// `exact.svg`: the heatmap of exact / uniform.
    pub fn svg(&self) -> Vec<u8> {
        let n = self.matrix.n();
        let map = exact_heatmap::heatmap(&self.matrix, &self.label, &self.draws.words(), None, Lang::En);
        let title = format!("{} — {}", map.title, self.label);
        map.render(Layout::full(n, n)).to_svg(&title, Target::File).into_bytes()
    }

    /// `guess.csv`: the best no-feedback guess at each position.
    pub fn guess_csv(&self) -> Vec<u8> {
        csv::guess::render(&self.guess)
    }

    /// The files `exact --algorithm` writes, by name.
    pub fn files(&self) -> [(&'static str, Vec<u8>); 3] {
        [("exact.csv", self.csv()), ("exact.svg", self.svg()), ("guess.csv", self.guess_csv())]
    }

    /// The summary `exact --algorithm` prints.
    pub fn text(&self) -> String {
        let mut s = render_shuffle(
            &self.label,
            &self.matrix,
            &self.detect,
            self.distances.as_ref(),
            self.order_note.as_deref(),
        );
        render_guessing(&mut s, self.matrix.n(), &self.guess, self.complete);
        s
    }
}

/// `3.7e17`, `never`.
fn shuffles_words(x: f64) -> String {
    if !x.is_finite() {
        "never".to_string()
    } else if x < 1e6 {
        i18n::group_digits(x.ceil() as u64)
    } else {
        format!("{x:.2e}")
    }
}

/// How a matrix with this rounding floor was computed.
fn precision_words(floor: f64) -> &'static str {
    if floor <= DD_FLOOR { "double-double arithmetic, about 26 digits" } else { "computed in doubles, about 12 digits" }
}

/// What a card guesser can get: the best expected score with no feedback and, for a riffle, with complete
/// feedback, each beside a uniform shuffle's.
fn render_guessing(s: &mut String, n: usize, guess: &NoFeedback, complete: Option<CompleteFeedback>) {
    let _ =
        writeln!(s, "  a card guesser who knows the shuffle and the starting order, best expected cards right of {n}:");
    let _ = writeln!(
        s,
        "    no feedback (all {n} guesses named before any card is shown): {:.6} (uniform: 1); best card per position \
         in guess.csv",
        guess.expected.to_f64()
    );
    let uniform = uniform_complete_feedback(n);
    match complete {
        None => {}
        Some(CompleteFeedback::OneRiffle { expected, single_shelf }) => {
            let _ = writeln!(
                s,
                "    complete feedback (each card shown after its guess): {expected:.6} (uniform: H_{n} = \
                 {uniform:.6}); Liu 2021: n/2 + √(2n/π) + O(1)"
            );
            let _ = writeln!(
                s,
                "    for comparison, one pass of a single-shelf machine, complete feedback: {single_shelf:.6} \
                 (3n/4, Clay 2025)"
            );
        }
        Some(CompleteFeedback::SingleShelf { expected }) => {
            let _ = writeln!(
                s,
                "    complete feedback (each card shown after its guess): {expected:.6} (uniform: H_{n} = \
                 {uniform:.6}); 3n/4 = {:.2} (Clay 2025)",
                0.75 * n as f64
            );
        }
        Some(CompleteFeedback::NotComputed(why)) => {
            let why = match why {
                NotCovered::Riffles(k) => format!("computed for one riffle only (here {k})"),
                NotCovered::Draws => "computed for one riffle with ideal draws only (here r() % m)".to_string(),
                NotCovered::CutOrBurn => {
                    "computed for one riffle or one single-shelf pass without --cut or --burn only".to_string()
                }
                NotCovered::Shelf => {
                    "computed for one pass of a single shelf only (--shelves 1 --passes 1)".to_string()
                }
            };
            let _ = writeln!(s, "    complete feedback (each card shown after its guess): {why}");
        }
    }
}

fn render_shuffle(
    label: &str,
    m: &ExactMatrix,
    d: &Detectability,
    distances: Option<&Distances>,
    order_note: Option<&str>,
) -> String {
    let n = m.n();
    let mut s = String::new();
    let _ = writeln!(s, "exact law of {label}: every (position, card) cell computed without sampling");
    let [(hi_at, hi), (lo_at, lo)] = m.ratio_extremes();
    let name = |c: usize| card_name(c as Card, n, Lang::En.name_style());
    for (what, (card, pos), excess) in [("largest", hi_at, hi), ("smallest", lo_at, lo)] {
        // The excess is shown with the digits it has above the matrix's rounding floor, at most 10.
        let digits = (excess.abs().to_f64() / m.floor()).log10().floor();
        let ratio = if digits >= 1.0 {
            format!(
                "1/{n} × (1 {} {})",
                if excess.hi < 0.0 { "−" } else { "+" },
                excess.abs().to_sci(digits.min(10.0) as usize)
            )
        } else {
            format!("1/{n} to within {:.0e}", m.floor())
        };
        let _ = writeln!(
            s,
            "  {what} cell: {} at position {pos}: p = {} = {ratio}",
            name(card),
            m.get(card, pos).to_sci(12)
        );
    }
    let _ = writeln!(
        s,
        "  what sampling needs (FAIL below {:e}, Holm over the default battery's {} tests; noncentral χ², \
         local-alternative approximation):",
        d.fail_below, d.family_size
    );
    let _ = writeln!(
        s,
        "    {:<18} {:>7} {:>16} {:>16} {:>16}",
        "test family", "df", "λ per shuffle", "50% FAIL after", "99% FAIL after"
    );
    for f in &d.families {
        let _ = writeln!(
            s,
            "    {:<18} {:>7} {:>16} {:>16} {:>16}",
            f.test.name(),
            f.df,
            if f.lambda == 0.0 { "0".to_string() } else { format!("{:.6e}", f.lambda) },
            shuffles_words(f.shuffles_50),
            shuffles_words(f.shuffles_99)
        );
    }
    if distances.is_none() && n > order_law::MAX_DECK {
        let _ = writeln!(
            s,
            "    adjacency, fixed-points: not computed: they need the joint law of the cards, not the marginals; \
             exact for decks of at most {} cards",
            order_law::MAX_DECK
        );
    }
    match d.first() {
        Some(f) => {
            let _ =
                writeln!(s, "  first to see it: {} (50% at {} shuffles)", f.test.name(), shuffles_words(f.shuffles_50));
        }
        None => {
            let _ = writeln!(
                s,
                "  no family sees a bias: the law is uniform to the precision of its computation (every n·|p − 1/n| \
                 below {:.0e}, {})",
                m.floor(),
                precision_words(m.floor())
            );
        }
    }
    if let Some(dist) = distances {
        let _ = writeln!(
            s,
            "  law over the {} orders: total variation {}, separation {}, {} orders impossible",
            order_law::factorial(n),
            dist.total_variation.to_sci(10),
            dist.separation.to_sci(10),
            dist.impossible
        );
    }
    if let Some(note) = order_note {
        let _ = writeln!(s, "  {note}");
    }
    s
}
