//! Every sentence of the reports decided once: a test's finding, a run's reason and headline, why a run is
//! partial, how many shuffles a bias needs, each turned into a [`Message`] (a key and its arguments). Which
//! sentence to say, and with which numbers, is decided here and only here; `en.rs` and `zh.rs` hold the words
//! of each key, and [`super::render`] puts them together in the report's language.
//!
//! Numbers are formatted here, the same in both languages; what differs between languages is an argument that
//! the renderer puts in the message's language (a card, a suit, a 斗牛 value, a rough count, one of the fixed
//! words) or a nested message (a seat, a class of cards, a verdict). An English plural is a choice of key.

use crate::audit::cause::{Cause, CauseKind};
use crate::audit::fault::FaultKind;
use crate::audit::input::{InputSummary, PartialReason};
use crate::audit::result::Reason;
use crate::audit::stop::{StopReason, format_duration};
use crate::audit::verdict::{AssessedTest, Verdict};
use crate::game::fraction::Fraction;
use crate::report::RunReport;
use crate::stats::finding::{CardClass, DealGroup, Finding, HistogramFinding, stands_out, within_chance};
use crate::stats::power::detection::Detection;
use crate::stats::{PSides, Tail, TestId, TestResult, format_ln_p};

use super::numbers::{deviation, group_digits, interval_pow2, percent, pow2, scientific, times};
use super::sentences;
use super::template::{Arg, Message};
use super::words::Words;

fn msg(key: &'static str) -> Message {
    Message::new(key)
}

/// A seat, a deal's bottom or its undealt cards, as a noun: `seat 1`, `玩家1`.
fn group(g: DealGroup) -> Message {
    match g {
        DealGroup::Seat(s) => msg("group.seat").text("seat", s + 1),
        DealGroup::Bottom => msg("group.bottom"),
        DealGroup::Undealt => msg("group.undealt"),
    }
}

/// Where a card goes: `to seat 1`, `发给玩家1`.
fn to_group(g: DealGroup) -> Message {
    match g {
        DealGroup::Seat(s) => msg("to-group.seat").text("seat", s + 1),
        DealGroup::Bottom => msg("to-group.bottom"),
        DealGroup::Undealt => msg("to-group.undealt"),
    }
}

/// Where a card is: `in seat 1`, `玩家1手里`.
fn in_group(g: DealGroup) -> Message {
    match g {
        DealGroup::Seat(s) => msg("in-group.seat").text("seat", s + 1),
        DealGroup::Bottom => msg("in-group.bottom"),
        DealGroup::Undealt => msg("in-group.undealt"),
    }
}

/// A class of cards of the suit and rank tests: `♠`, `A`, `jokers`.
fn class(c: CardClass) -> Message {
    match c {
        CardClass::Suit(k) => msg("class.suit").arg("suit", Arg::Suit(k)),
        CardClass::Rank(k) => msg("class.rank").text("rank", crate::cards::rank_name(k)),
        CardClass::Jokers => msg("class.jokers"),
        CardClass::Other(k) => msg("class.other").text("class", k),
        CardClass::Face { card, base } => msg("class.face").card("card", card, base),
        CardClass::Value(v) => msg("class.value").text("value", value_name(v)),
    }
}

/// A value class of blackjack and baccarat: `A`, `2`, …, `9`, `10-K` (the ten-value cards).
pub(crate) fn value_name(v: usize) -> &'static str {
    ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10-K"][v.clamp(1, 10) - 1]
}

/// `suit`, `rank`, `face` or `value`: the test's word for its classes of cards (its `sentences` file).
fn class_word(test: TestId) -> Message {
    msg(sentences::words(test).class_word)
}

fn order(deck: &[crate::cards::Card]) -> String {
    deck.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// What a seat's rate is about: the event of `rocket-seat` and `bomb-seat`.
/// Who wins a baccarat coup, by its outcome's index (banker, player, tie).
fn coup_outcome(outcome: usize) -> Message {
    msg(match outcome {
        0 => "coup.banker",
        1 => "coup.player",
        _ => "coup.tie",
    })
}

/// What a seat count is about, in the detail column.
pub(crate) fn seat_subject(test: TestId) -> &'static str {
    sentences::words(test).seat.subject
}

/// What a seat's rate is about (`rocket-seat`: holds the rocket).
fn seat_event(test: TestId) -> Message {
    msg(sentences::words(test).seat.event)
}

/// What a seat's mean counts (`big-cards-seat`, `bombs-per-hand`), and its unit.
fn seat_count(test: TestId) -> (Message, Message) {
    let w = &sentences::words(test).seat;
    (msg(w.count), msg(w.unit))
}

/// A guesser of the guess test, by name.
fn guesser(g: crate::stats::deck::guess::Guesser) -> Message {
    use crate::stats::deck::guess::Guesser;
    msg(match g {
        Guesser::Marginal => "guesser.marginal",
        Guesser::Successor => "guesser.successor",
        Guesser::AboveLast => "guesser.above-last",
    })
}

/// A blackjack seat by name: the players' seats by number, the last seat the dealer.
fn who(seat: usize, seats: usize) -> Message {
    if seat + 1 == seats { msg("who.dealer") } else { msg("who.seat").text("seat", seat + 1) }
}

fn favoured(gains: bool) -> Message {
    msg(if gains { "favoured.yes" } else { "favoured.no" })
}

/// Whether the full-permutation finding is that some orders never came up (with at least 10 expected each).
fn orders_never_seen(never: usize, expected: f64) -> bool {
    never > 0 && expected >= 10.0
}

/// Whether a biased inversion count says which way the order leans (its mean is off by more than 0.05 sd),
/// rather than that its law is wrong with the right mean.
fn inversions_shifted(shift: f64) -> bool {
    shift.abs() > 0.05
}

/// A χ² test's effect: the noncentrality per shuffle with its exact 99% interval, and the RMS relative deviation
/// per cell it is equivalent to (position-card: `λ/N = (n−1)/n²·Σδ²`, so `δ_rms = √(λ/(N(n−1)))`).
pub(crate) struct Effect {
    pub per_shuffle: f64,
    pub low: f64,
    pub high: f64,
    pub rms_cell: f64,
}

/// The [`Effect`] of the position-card test of an `n`-card deck over `shuffles` shuffles.
pub(crate) fn effect(t: &TestResult, n: usize, shuffles: u64) -> Effect {
    let big_n = shuffles.max(1) as f64;
    let (low, high) = crate::stats::power::noncentrality_interval(t.statistic, t.df, 0.99);
    let per_shuffle = crate::stats::noncentrality_per_shuffle(t.statistic, t.df, shuffles);
    Effect {
        per_shuffle,
        low: low / big_n,
        high: high / big_n,
        rms_cell: (per_shuffle / (n as f64 - 1.0).max(1.0)).sqrt(),
    }
}

/// The fixed-points headline: that no card, or always the same number, stays in place; else the mean when it
/// is far from fair, else the number of fixed points that strays most.
fn fixed_points_headline(h: &HistogramFinding) -> Message {
    let (v, ratio) = h.worst;
    match h.only {
        Some(0) => msg("headline.fixed-points.none"),
        Some(only) => msg("headline.fixed-points.always").text("value", only),
        None if h.mean > 1.1 || h.mean < 0.9 => {
            msg("headline.fixed-points.mean").text("mean", format!("{:.2}", h.mean))
        }
        None => msg(if v == 1 { "headline.fixed-points.worst-one" } else { "headline.fixed-points.worst-many" })
            .text("value", v)
            .text("ratio", times(ratio)),
    }
}

/// The cycles headline: that every deck is one cycle, or always has the same number; else a count that never
/// came up, else the mean and the count that strays most.
fn cycles_headline(h: &HistogramFinding) -> Message {
    let (v, ratio) = h.worst;
    let fair = format!("{:.2}", h.fair_mean);
    match (h.only, h.never) {
        (Some(1), _) => msg("headline.cycles.one").text("fair", fair),
        (Some(only), _) => msg("headline.cycles.always").text("value", only).text("fair", fair),
        (None, Some((k, e))) => msg("headline.cycles.never")
            .text("cycles", k)
            .text("expected", format!("{e:.0}"))
            .text("mean", format!("{:.2}", h.mean))
            .text("fair", fair),
        (None, None) => msg("headline.cycles.worst")
            .text("mean", format!("{:.2}", h.mean))
            .text("fair", fair)
            .text("value", v)
            .text("ratio", times(ratio)),
    }
}

/// A histogram's headline (rising sequences and the shape statistics): its mean against fair when they differ
/// by more than `off`, a shift the statistic's noise does not make (the tests' keys give it), else the value
/// that strays most; the fair mean with `fair_digits` decimals.
fn histogram_headline(
    h: &HistogramFinding,
    (mean_key, worst_key): (&'static str, &'static str),
    off: f64,
    fair_digits: usize,
) -> Message {
    let (v, ratio) = h.worst;
    if (h.mean - h.fair_mean).abs() > off {
        msg(mean_key).text("mean", format!("{:.2}", h.mean)).text("fair", format!("{:.*}", fair_digits, h.fair_mean))
    } else {
        msg(worst_key).text("value", v).text("ratio", times(ratio))
    }
}

/// A test's finding as a short phrase (about 60 characters) for tables.
pub(crate) fn test_headline(t: &TestResult) -> Message {
    match &t.finding {
        Finding::PositionCard { most, least, noise_band, .. }
            if noise_band.is_finite() && !stands_out(most.0, *noise_band) && !stands_out(least.0, *noise_band) =>
        {
            msg("headline.no-cell-stands-out").text("band", percent(*noise_band))
        }
        Finding::PositionCard { n, most, least, stays_home, .. } => {
            let ((lo, (p_lo, c_lo)), (hi, (p_hi, c_hi))) = (*least, *most);
            msg(if *stays_home { "headline.position-card.home" } else { "headline.position-card" })
                .card("most", c_hi, *n)
                .text("most_position", p_hi)
                .text("most_ratio", times(hi))
                .card("least", c_lo, *n)
                .text("least_position", p_lo)
                .text("least_ratio", times(lo))
        }
        Finding::PositionWorst { position, ratio, .. } => {
            msg("headline.position-worst").text("position", position).text("ratio", times(*ratio))
        }
        Finding::CardWorst { n, card, ratio, .. } => {
            msg("headline.card-worst").card("card", *card, *n).text("ratio", times(*ratio))
        }
        Finding::Adjacency { n, most: (a, b, hi), .. } => {
            msg("headline.adjacency").card("next", *b, *n).card("first", *a, *n).text("ratio", times(*hi))
        }
        Finding::FaceAdjacency { base, most: (a, b, hi), .. } => {
            msg("headline.face-adjacency").card("next", *b, *base).card("first", *a, *base).text("ratio", times(*hi))
        }
        Finding::FaceSerial { base, from, to, ratio, kept, .. } => msg("headline.face-serial")
            .card("from", *from, *base)
            .card("to", *to, *base)
            .text("ratio", times(*ratio))
            .text("kept", times(*kept)),
        Finding::Parity { odd, decks, share, .. } => match (*odd, decks - odd) {
            (0, _) => msg("headline.parity.never-odd"),
            (_, 0) => msg("headline.parity.never-even"),
            _ => msg("headline.parity.share").text("share", format!("{:.3}", 100.0 * share)),
        },
        Finding::FixedPoints(h) => fixed_points_headline(h),
        Finding::Cycles(h) => cycles_headline(h),
        Finding::RisingSequences(h) => histogram_headline(h, ("headline.rising.mean", "headline.rising.worst"), 0.5, 1),
        // The shape statistics' sd per deck is 1.5 to 3 for 52 cards: a shift of 0.02 is what a machine leaves.
        Finding::Descents(h) => histogram_headline(h, ("headline.descents.mean", "headline.descents.worst"), 0.02, 2),
        Finding::TurningPoints(h) => {
            histogram_headline(h, ("headline.turning.mean", "headline.turning.worst"), 0.02, 2)
        }
        Finding::RunsUpDown(h) => histogram_headline(h, ("headline.runs-ud.mean", "headline.runs-ud.worst"), 0.02, 2),
        // The longest increasing subsequence of 52 cards has sd ≈ 1.8 per deck.
        Finding::LongestIncreasing(h) => histogram_headline(h, ("headline.lis.mean", "headline.lis.worst"), 0.05, 2),
        // A 6-deck shoe's equal neighbours have sd ≈ 6.5 per shoe.
        Finding::Clumping(h) => histogram_headline(h, ("headline.clumping.mean", "headline.clumping.worst"), 0.05, 2),
        Finding::Guess(g) => msg(if g.copies > 1 { "headline.guess-shoe" } else { "headline.guess" })
            .msg("guesser", guesser(g.best.guesser))
            .text("extra", format!("{:+.2}", g.best.extra))
            .text("low", format!("{:+.2}", g.best.low))
            .text("high", format!("{:+.2}", g.best.high)),
        Finding::Inversions { shift, percent_inverted, .. } => msg("headline.inversions")
            .text("inverted", format!("{percent_inverted:.1}"))
            .text("shift", format!("{shift:+.3}")),
        Finding::FullPermutation { orders, expected, most, never, .. } => {
            if orders_never_seen(*never, *expected) {
                msg("headline.full-permutation.never").text("never", never).text("orders", orders)
            } else {
                msg("headline.full-permutation.most").text("order", order(&most.0)).text("ratio", times(most.1))
            }
        }
        Finding::ClassByPosition { ratio, noise_band, .. }
            if noise_band.is_finite() && !stands_out(*ratio, *noise_band) =>
        {
            msg("headline.no-cell-stands-out").text("band", percent(*noise_band))
        }
        Finding::ClassByPosition { class: c, position, ratio, .. } => msg("headline.class-by-position")
            .msg("class", class(*c))
            .text("position", position)
            .text("ratio", times(*ratio)),
        Finding::SecondLevel(f) => {
            let w = f.worst();
            msg("headline.second-level")
                .text("test", w.test)
                .text("form", w.form)
                .text("samples", w.samples)
                .text("ks", crate::stats::format_ln_p(w.ks_ln_p))
                .text("ad", crate::stats::format_ln_p(w.ad_ln_p))
        }
        Finding::SerialCorrelation { from, to, ratio, correlation: r, .. } => msg("headline.serial-correlation")
            .text("from", from)
            .text("to", to)
            .text("ratio", times(*ratio))
            .text("r", format!("{r:+.3}")),
        Finding::DuplicateDecks { decks, repeats, seed_space, .. } => match seed_space.estimate {
            None => msg("headline.duplicate-decks.none").text("decks", decks),
            Some(s) => msg("headline.duplicate-decks.repeats")
                .text("repeats", repeats)
                .text("decks", decks)
                .text("space", pow2(s)),
        },
        Finding::BottomJoker { rate, fair_rate, .. } => {
            msg("headline.bottom-joker").text("rate", percent(*rate)).text("fair", percent(*fair_rate))
        }
        Finding::SeatRate { seat, counts, deals, fair_rate, .. } => msg("headline.seat-rate")
            .text("seat", seat + 1)
            .msg("event", seat_event(t.test))
            .text("rate", percent(counts[*seat] as f64 / *deals as f64))
            .text("fair", percent(*fair_rate)),
        Finding::SeatMean { seat, means, fair_mean, .. } => {
            let (what, unit) = seat_count(t.test);
            msg("headline.seat-mean")
                .text("seat", seat + 1)
                .text("mean", format!("{:.3}", means[*seat]))
                .msg("what", what)
                .msg("unit", unit)
                .text("fair", format!("{fair_mean:.3}"))
        }
        Finding::NiuSeat { seat, counts, deals, value, fair_rate, .. } => msg("headline.niu-seat")
            .text("seat", seat + 1)
            .arg("niu", Arg::Niu(*value))
            .text("rate", percent(counts[*value] as f64 / *deals as f64))
            .text("fair", percent(*fair_rate)),
        Finding::NaturalRounds { seat, naturals, rounds, expected, .. } => msg("headline.natural-rounds")
            .msg("who", who(*seat, naturals.len()))
            .text("naturals", naturals[*seat])
            .text("rounds", rounds)
            .text("expected", format!("{expected:.1}")),
        Finding::BaccaratOdds { counts, deals, exact, outcome } => msg("headline.baccarat-odds")
            .msg("outcome", coup_outcome(*outcome))
            .text("rate", percent(counts[*outcome] as f64 / *deals as f64))
            .text("fair", percent(Fraction::from(exact[*outcome]).to_f64())),
        Finding::SeatCard { n, most, least, .. } => {
            let ((lo, (g_lo, c_lo)), (hi, (g_hi, c_hi))) = (*least, *most);
            msg("headline.seat-card")
                .card("most", c_hi, *n)
                .msg("most_to", to_group(g_hi))
                .text("most_ratio", times(hi))
                .card("least", c_lo, *n)
                .msg("least_to", to_group(g_lo))
                .text("least_ratio", times(lo))
        }
        Finding::SeatWorst { n, group: g, card, ratio, .. } => {
            msg("headline.seat-worst").msg("group", group(*g)).card("card", *card, *n).text("ratio", times(*ratio))
        }
        Finding::CardSeatWorst { n, card, group: g, ratio } => {
            msg("headline.card-seat-worst").card("card", *card, *n).msg("to", to_group(*g)).text("ratio", times(*ratio))
        }
    }
}

/// A test's finding in one sentence in plain words.
pub(crate) fn explanation(t: &TestResult) -> Message {
    match &t.finding {
        Finding::PositionCard { n, most, least, within_noise, noise_band, shuffles, .. } => {
            let ((lo, (p_lo, c_lo)), (hi, (p_hi, c_hi))) = (*least, *most);
            let out = stands_out(hi, *noise_band) || stands_out(lo, *noise_band);
            if !*within_noise && !out && noise_band.is_finite() {
                let e = effect(t, *n, *shuffles);
                msg("explain.position-card.diffuse")
                    .text("per_shuffle", format!("{:.3e}", e.per_shuffle))
                    .text("low", format!("{:.3e}", e.low))
                    .text("high", format!("{:.3e}", e.high))
                    .text("rms", format!("{:.3}", e.rms_cell * 100.0))
                    .text("band", percent(*noise_band))
            } else if *within_noise {
                msg("explain.position-card.noise")
                    .card("card", c_hi, *n)
                    .text("position", p_hi)
                    .text("excess", format!("{:.2}", (hi - 1.0) * 100.0))
            } else {
                msg("explain.position-card.bias")
                    .card("most", c_hi, *n)
                    .text("most_position", p_hi)
                    .text("most_ratio", times(hi))
                    .card("least", c_lo, *n)
                    .text("least_position", p_lo)
                    .text("least_ratio", times(lo))
            }
        }
        Finding::PositionWorst { n, position, card, ratio } => msg("explain.position-worst")
            .text("position", position)
            .card("card", *card, *n)
            .text("deviation", deviation(*ratio)),
        Finding::CardWorst { n, card, position, ratio } => msg("explain.card-worst")
            .card("card", *card, *n)
            .text("position", position)
            .text("deviation", deviation(*ratio)),
        Finding::Adjacency { n, most: (a, b, hi), fair, .. } => {
            if *fair {
                msg("explain.adjacency.fair")
                    .card("first", *a, *n)
                    .card("next", *b, *n)
                    .text("deviation", deviation(*hi))
            } else {
                msg("explain.adjacency.bias").card("next", *b, *n).card("first", *a, *n).text("ratio", times(*hi))
            }
        }
        Finding::Parity { odd, decks, share, fair } => {
            let share = format!("{:.3}", 100.0 * share);
            if *odd == 0 {
                msg("explain.parity.all-even").text("decks", decks)
            } else if odd == decks {
                msg("explain.parity.all-odd").text("decks", decks)
            } else if *fair {
                msg("explain.parity.fair").text("share", share)
            } else {
                msg("explain.parity.bias").text("share", share)
            }
        }
        Finding::FixedPoints(h) => {
            let (v, ratio) = h.worst;
            if h.fair {
                msg("explain.fixed-points.fair").text("mean", format!("{:.4}", h.mean))
            } else if h.only == Some(0) {
                msg("explain.fixed-points.none")
            } else if let Some(only) = h.only {
                msg("explain.fixed-points.always").text("value", only)
            } else if h.mean < h.fair_mean {
                msg(if v == 1 { "explain.fixed-points.few-one" } else { "explain.fixed-points.few-many" })
                    .text("mean", format!("{:.2}", h.mean))
                    .text("value", v)
                    .text("ratio", times(ratio))
            } else {
                msg(if v == 1 { "explain.fixed-points.bias-one" } else { "explain.fixed-points.bias-many" })
                    .text("mean", format!("{:.2}", h.mean))
                    .text("value", v)
                    .text("ratio", times(ratio))
            }
        }
        Finding::Cycles(h) => {
            let (v, ratio) = h.worst;
            let (mean, fair) = (format!("{:.3}", h.mean), format!("{:.3}", h.fair_mean));
            if h.fair {
                msg("explain.cycles.fair").text("mean", mean).text("fair", fair)
            } else if h.only == Some(1) {
                msg("explain.cycles.one").text("fair", fair)
            } else if let Some(only) = h.only {
                msg("explain.cycles.always").text("value", only).text("fair", fair)
            } else if let Some((k, e)) = h.never {
                msg("explain.cycles.never").text("cycles", k).text("expected", format!("{e:.0}"))
            } else {
                msg("explain.cycles.bias")
                    .text("mean", mean)
                    .text("fair", fair)
                    .text("value", v)
                    .text("ratio", times(ratio))
            }
        }
        Finding::Inversions { shift, percent_inverted, fair, .. } => {
            let inverted = format!("{percent_inverted:.2}");
            if *fair {
                msg("explain.inversions.fair").text("inverted", inverted)
            } else if inversions_shifted(*shift) {
                msg(if *shift < 0.0 { "explain.inversions.keeps-order" } else { "explain.inversions.reverses-order" })
                    .text("inverted", inverted)
            } else {
                msg("explain.inversions.law")
            }
        }
        Finding::RisingSequences(h) => {
            let (mean, fair) = (format!("{:.2}", h.mean), format!("{:.1}", h.fair_mean));
            msg(if h.fair { "explain.rising.fair" } else { "explain.rising.bias" })
                .text("mean", mean)
                .text("fair", fair)
        }
        Finding::Descents(h)
        | Finding::TurningPoints(h)
        | Finding::RunsUpDown(h)
        | Finding::LongestIncreasing(h)
        | Finding::Clumping(h) => {
            let key = match (t.test, h.fair) {
                (TestId::Clumping, true) => "explain.clumping.fair",
                (TestId::Clumping, false) => "explain.clumping.bias",
                (TestId::LongestIncreasing, true) => "explain.lis.fair",
                (TestId::LongestIncreasing, false) => "explain.lis.bias",
                (TestId::Descents, true) => "explain.descents.fair",
                (TestId::Descents, false) => "explain.descents.bias",
                (TestId::TurningPoints, true) => "explain.turning.fair",
                (TestId::TurningPoints, false) => "explain.turning.bias",
                (_, true) => "explain.runs-ud.fair",
                (_, false) => "explain.runs-ud.bias",
            };
            msg(key).text("mean", format!("{:.3}", h.mean)).text("fair", format!("{:.3}", h.fair_mean))
        }
        Finding::Guess(g) => {
            let b = &g.best;
            let right = b.totals.right as f64 / b.totals.decks.max(1) as f64;
            let key = match (g.copies > 1, g.fair) {
                (false, true) => "explain.guess.fair",
                (false, false) => "explain.guess.bias",
                (true, true) => "explain.guess-shoe.fair",
                (true, false) => "explain.guess-shoe.bias",
            };
            msg(key)
                .msg("guesser", guesser(b.guesser))
                .text("decks", b.totals.decks)
                .text("right", format!("{right:.2}"))
                .text("chance", format!("{:.2}", g.chance))
                .text("extra", format!("{:.2}", b.extra))
                .text("low", format!("{:.2}", b.low))
                .text("high", format!("{:.2}", b.high))
        }
        Finding::FullPermutation { n, orders, expected, most, least, never, fair } => {
            if *fair {
                msg("explain.full-permutation.fair")
                    .text("orders", orders)
                    .text("n", n)
                    .text("expected", format!("{expected:.1}"))
            } else if orders_never_seen(*never, *expected) {
                msg("explain.full-permutation.never")
                    .text("never", never)
                    .text("orders", orders)
                    .text("expected", format!("{expected:.0}"))
            } else {
                msg("explain.full-permutation.bias")
                    .text("most", order(&most.0))
                    .text("most_ratio", times(most.1))
                    .text("least", order(&least.0))
                    .text("least_ratio", times(least.1))
            }
        }
        Finding::ClassByPosition { class: c, position, ratio, fair, .. } => {
            let m = msg(if *fair { "explain.class-by-position.fair" } else { "explain.class-by-position.bias" })
                .msg("what", class_word(t.test))
                .msg("class", class(*c))
                .text("position", position);
            if *fair { m.text("deviation", deviation(*ratio)) } else { m.text("ratio", times(*ratio)) }
        }
        Finding::SecondLevel(f) => {
            let w = f.worst();
            let m = msg(if f.fair { "explain.second-level.fair" } else { "explain.second-level.bias" })
                .text("samples", f.samples)
                .text("decks", f.sample_decks);
            let m = if f.fair { m.text("groups", f.groups.len()) } else { m.text("d", format!("{:.3}", w.ks_d)) };
            m.text("test", w.test)
                .text("form", w.form)
                .text("ks", crate::stats::format_ln_p(w.ks_ln_p))
                .text("ad", crate::stats::format_ln_p(w.ad_ln_p))
        }
        Finding::FaceAdjacency { base, most: (a, b, hi), fair, .. } => {
            if *fair {
                msg("explain.face-adjacency.fair")
                    .card("first", *a, *base)
                    .card("next", *b, *base)
                    .text("deviation", deviation(*hi))
            } else {
                msg("explain.face-adjacency.bias")
                    .card("next", *b, *base)
                    .card("first", *a, *base)
                    .text("ratio", times(*hi))
            }
        }
        Finding::FaceSerial { base, from, to, ratio, kept, fair, .. } => {
            if *fair {
                msg("explain.face-serial.fair").text("kept", times(*kept))
            } else {
                msg("explain.face-serial.bias")
                    .card("from", *from, *base)
                    .card("to", *to, *base)
                    .text("ratio", times(*ratio))
                    .text("kept", times(*kept))
            }
        }
        Finding::SerialCorrelation { from, to, ratio, correlation: r, fair, .. } => {
            if *fair {
                msg("explain.serial-correlation.fair").text("r", format!("{r:+.4}"))
            } else {
                msg("explain.serial-correlation.bias")
                    .text("from", from)
                    .text("to", to)
                    .text("ratio", times(*ratio))
                    .text("r", format!("{r:+.3}"))
            }
        }
        Finding::DuplicateDecks { decks, repeats, pairs, fair_pairs, seed_space, fair, .. } => {
            let m = msg(if *fair { "explain.duplicate-decks.fair" } else { "explain.duplicate-decks.repeats" })
                .text("decks", decks)
                .text("fair_pairs", format!("{fair_pairs:.1e}"));
            if *fair {
                m.text("space", pow2(seed_space.low))
            } else {
                m.text("repeats", repeats)
                    .text("pairs", pairs)
                    .text("space", pow2(seed_space.estimate.unwrap_or(seed_space.low)))
                    .text("interval", interval_pow2(seed_space))
            }
        }
        Finding::BottomJoker { rate, fair_rate, .. } => {
            msg(if rate > fair_rate { "explain.bottom-joker.gains" } else { "explain.bottom-joker.loses" })
                .text("rate", percent(*rate))
                .text("fair", percent(*fair_rate))
        }
        Finding::SeatRate { seat, counts, deals, fair_rate, .. } => {
            let rate = counts[*seat] as f64 / *deals as f64;
            msg("explain.seat-rate")
                .text("seat", seat + 1)
                .msg("event", seat_event(t.test))
                .text("rate", percent(rate))
                .text("fair", percent(*fair_rate))
                .msg("favoured", favoured(rate > *fair_rate))
        }
        Finding::SeatMean { seat, means, fair_mean, .. } => {
            let mean = means[*seat];
            let (what, unit) = seat_count(t.test);
            msg("explain.seat-mean")
                .text("seat", seat + 1)
                .text("mean", format!("{mean:.3}"))
                .msg("what", what)
                .msg("unit", unit)
                .text("fair", format!("{fair_mean:.3}"))
                .text("change", format!("{:+.1}", (mean / fair_mean - 1.0) * 100.0))
                .msg("favoured", favoured(mean > *fair_mean))
        }
        Finding::NiuSeat { seat, counts, deals, value, fair_rate, .. } => msg("explain.niu-seat")
            .text("seat", seat + 1)
            .arg("niu", Arg::Niu(*value))
            .text("rate", percent(counts[*value] as f64 / *deals as f64))
            .text("fair", percent(*fair_rate)),
        Finding::NaturalRounds { seat, naturals, rounds, shoes, expected, .. } => {
            let k = naturals[*seat] as f64;
            msg("explain.natural-rounds")
                .msg("who", who(*seat, naturals.len()))
                .text("naturals", naturals[*seat])
                .text("rounds", rounds)
                .text("shoes", shoes)
                .text("expected", format!("{expected:.1}"))
                .text("change", format!("{:+.1}", (k / expected - 1.0) * 100.0))
                .msg("favoured", favoured(k > *expected))
        }
        Finding::BaccaratOdds { counts, deals, exact, outcome } => {
            let rate = |o: usize| percent(counts[o] as f64 / *deals as f64);
            let fair = |o: usize| percent(Fraction::from(exact[o]).to_f64());
            if within_chance(t.ln_p, t.ln_p_low) {
                return msg("explain.baccarat-odds.chance")
                    .text("banker", rate(0))
                    .text("player", rate(1))
                    .text("tie", rate(2))
                    .text("deals", deals)
                    .text("fair_banker", fair(0))
                    .text("fair_player", fair(1))
                    .text("fair_tie", fair(2));
            }
            msg("explain.baccarat-odds")
                .msg("outcome", coup_outcome(*outcome))
                .text("rate", rate(*outcome))
                .text("fair", percent(Fraction::from(exact[*outcome]).to_f64()))
                .text("banker", rate(0))
                .text("player", rate(1))
                .text("tie", rate(2))
                .text("deals", deals)
        }
        Finding::SeatCard { n, most, least, within_noise, .. } => {
            let ((lo, (g_lo, c_lo)), (hi, (g_hi, c_hi))) = (*least, *most);
            if *within_noise {
                msg("explain.seat-card.noise")
                    .card("card", c_hi, *n)
                    .msg("to", to_group(g_hi))
                    .text("deviation", deviation(hi))
            } else {
                msg("explain.seat-card.bias")
                    .card("most", c_hi, *n)
                    .msg("most_to", to_group(g_hi))
                    .text("most_ratio", times(hi))
                    .card("least", c_lo, *n)
                    .msg("least_to", to_group(g_lo))
                    .text("least_ratio", times(lo))
            }
        }
        Finding::SeatWorst { n, group: g, card, ratio, .. } => msg("explain.seat-worst")
            .msg("group", group(*g))
            .card("card", *card, *n)
            .msg("in", in_group(*g))
            .text("deviation", deviation(*ratio)),
        Finding::CardSeatWorst { n, card, group: g, ratio } => msg("explain.card-seat-worst")
            .card("card", *card, *n)
            .msg("to", to_group(*g))
            .text("deviation", deviation(*ratio)),
    }
}

/// Why an external run did not see its whole input: `stopped by SIGINT after 1200 decks`.
pub(crate) fn partial(p: &PartialReason, input: &InputSummary) -> Message {
    let signal = |s: &StopReason| if *s == StopReason::Terminate { "SIGTERM" } else { "SIGINT" };
    match p {
        PartialReason::Strict { line } => msg("partial.strict").text("line", line),
        PartialReason::ReadError { line, error } => msg("partial.read-error").text("line", line).text("error", error),
        PartialReason::ProducerFailed { decks } => {
            let ending = match input.producer.as_ref().map(|p| (p.exit_code, p.signal)) {
                Some((Some(c), _)) => msg("ending.exit").text("code", c),
                Some((None, Some(s))) => msg("ending.signal").text("signal", s),
                Some((None, None)) => msg("ending.unknown"),
                None => msg("ending.failed"),
            };
            msg("partial.producer-failed").msg("ending", ending).text("decks", decks)
        }
        PartialReason::Interrupted { signal: s, decks } => {
            msg(if *decks == 1 { "partial.interrupted-one" } else { "partial.interrupted-many" })
                .text("signal", signal(s))
                .text("decks", decks)
        }
        PartialReason::TimedOut { limit, decks } => {
            msg(if *decks == 1 { "partial.timed-out-one" } else { "partial.timed-out-many" })
                .text("limit", format_duration(*limit))
                .text("decks", decks)
        }
    }
}

/// What a built-in run did not count: `interrupted by SIGINT after 3,276,800 of 10,000,000 shuffles`, a shard's
/// share, or the shuffles merged states miss.
pub(crate) fn incomplete(r: &RunReport) -> Option<Message> {
    let i = r.incomplete.as_ref()?;
    let m = match (i.stopped, i.shard) {
        (Some(StopReason::Timeout), _) => msg("incomplete.timeout"),
        (Some(s), _) => msg("incomplete.signal").text("signal", s.label()),
        (None, Some([k, n])) => msg("incomplete.shard").text("shard", k).text("shards", n),
        (None, None) => {
            let mut gaps: Vec<Arg> = i
                .missing
                .iter()
                .take(3)
                .map(|[a, b]| Arg::Text(format!("{}..={}", group_digits(*a), group_digits(*b))))
                .collect();
            if i.missing.len() > 3 {
                gaps.push(Arg::Msg(Box::new(msg("incomplete.more-gaps").text("ranges", i.missing.len()))));
            }
            msg("incomplete.gaps").arg("gaps", Arg::List(gaps))
        }
    };
    Some(m.text("counted", group_digits(i.counted)).text("planned", group_digits(i.planned)))
}

/// What a PASS or SUSPICIOUS run rules out ([`RunReport::power`]): at its decks, any position-by-card cell off
/// by the statement's deviation would have FAILed with its power; `None` for other verdicts or without the test.
pub(crate) fn rules_out(r: &RunReport) -> Option<Message> {
    if !matches!(r.verdict, Verdict::Pass | Verdict::Suspicious) {
        return None;
    }
    let p = r.power()?;
    // Below 100% a cell that never holds its card (off by 100%) would have FAILed; above, too few decks were
    // counted to rule out even that, and the sentence says so rather than quote a deviation no one can picture.
    let m = if p.any_cell < 1.0 {
        msg("run.rules-out").text("every", crate::stats::power::percent(p.every_cell))
    } else {
        msg("run.rules-out.little")
    };
    Some(
        m.msg("verdict", verdict(r.verdict))
            .text("decks", group_digits(p.shuffles))
            .text("any", crate::stats::power::percent(p.any_cell))
            .text("power", format!("{:.0}%", 100.0 * p.power)),
    )
}

/// Why a run is partial, when it is: its input's reason, or what it did not count.
fn partial_or_incomplete(r: &RunReport) -> Option<Message> {
    r.input.as_ref().and_then(|i| i.partial_reason.as_ref().map(|p| partial(p, i))).or_else(|| incomplete(r))
}

/// The verdict line's word for a run that counted no deck: `NO VERDICT`.
pub(crate) fn no_verdict() -> Message {
    msg("verdict.none")
}

/// The verdict word: `FAIL`, and in Chinese with its gloss.
pub(crate) fn verdict(v: Verdict) -> Message {
    let key = match v {
        Verdict::Pass => "verdict.pass",
        Verdict::Suspicious => "verdict.suspicious",
        Verdict::Fail => "verdict.fail",
        Verdict::Broken => "verdict.broken",
    };
    msg(key).text("verdict", v)
}

/// Which of the fixed words says what a test's p is: one-sided, or two-sided with the tail that gave it.
///
/// A test with two tails says which one gave its p; a test whose p is the worst of several lines says so
/// (`one-sided, worst line`: Bonferroni over the lines).
pub(crate) fn sides(t: &AssessedTest) -> fn(&Words) -> &'static str {
    let (kind, worst) = t.result.test.p_sides();
    match (t.result.two_sided(), t.tail, kind, worst) {
        (true, Tail::Upper, _, _) => |w| w.two_sided_upper,
        (true, Tail::Lower, _, _) => |w| w.two_sided_lower,
        (false, _, PSides::TwoSided, false) => |w| w.two_sided,
        (false, _, PSides::TwoSided, true) => |w| w.two_sided_worst,
        (false, _, _, true) => |w| w.one_sided_worst,
        (false, _, PSides::BothTails, false) if matches!(t.result.test, TestId::Adjacency | TestId::FaceAdjacency) => {
            |w| w.upper_only
        }
        (false, _, _, false) => |w| w.one_sided,
    }
}

/// Whether a test's own figures look like chance (the finding's `fair` or `within_noise`), though the family
/// may still judge its p small enough: the reason then says it is a weak signal instead of "as a random order
/// does".
fn looks_like_chance(t: &TestResult) -> bool {
    match &t.finding {
        Finding::PositionCard { within_noise, .. } | Finding::SeatCard { within_noise, .. } => *within_noise,
        Finding::FixedPoints(h)
        | Finding::Cycles(h)
        | Finding::RisingSequences(h)
        | Finding::Descents(h)
        | Finding::TurningPoints(h)
        | Finding::RunsUpDown(h)
        | Finding::LongestIncreasing(h)
        | Finding::Clumping(h) => h.fair,
        Finding::Guess(g) => g.fair,
        Finding::SecondLevel(f) => f.fair,
        Finding::Adjacency { fair, .. }
        | Finding::FaceAdjacency { fair, .. }
        | Finding::FaceSerial { fair, .. }
        | Finding::Parity { fair, .. }
        | Finding::Inversions { fair, .. }
        | Finding::FullPermutation { fair, .. }
        | Finding::ClassByPosition { fair, .. }
        | Finding::SerialCorrelation { fair, .. } => *fair,
        _ => false,
    }
}

/// Why the run got its verdict, without what made it partial.
fn why(r: &RunReport) -> Message {
    let a = &r.assessment;
    let tests = a.family_size();
    match (r.reason, &r.fault) {
        (Reason::Broken, Some(f)) => {
            let m = match f.kind {
                FaultKind::NotAPermutation => msg("reason.broken.not-a-permutation")
                    .text("checked", f.decks_checked)
                    .text("invalid", f.invalid_decks)
                    .text("first", f.first_shuffle),
                FaultKind::NonTermination => msg("reason.broken.non-termination").text("first", f.first_shuffle),
                _ => msg("reason.broken.other"),
            };
            m.text("kind", f.kind).text("description", &f.description)
        }
        (Reason::Broken, None) => verdict(Verdict::Broken),
        (Reason::NoDeck, _) => msg("reason.no-deck"),
        (Reason::NoBias, _) => msg("reason.no-bias").text("tests", tests).text("p", format_ln_p(a.ln_p_family)),
        (Reason::TooUniform(test), _) => msg("reason.too-uniform")
            .text("test", test)
            .text("tests", tests)
            .text("p", format_ln_p(a.get(test).map_or(0.0, |t| t.ln_p_adjusted))),
        (Reason::Bias { test, .. }, _) => match a.get(test) {
            Some(t) if r.cause.as_ref().is_some_and(|c| c.test == test) => {
                let c = r.cause.as_ref().expect("checked above");
                msg("reason.bias")
                    .msg("explanation", cause_reason(r, c, t))
                    .arg("sides", Arg::Word(sides(t)))
                    .text("tests", tests)
                    .text("p", format_ln_p(t.ln_p_adjusted))
            }
            Some(t) => {
                let m = if looks_like_chance(&t.result) {
                    msg("reason.weak-signal").text("test", test).msg("headline", test_headline(&t.result))
                } else {
                    msg("reason.bias").msg("explanation", explanation(&t.result))
                };
                m.arg("sides", Arg::Word(sides(t))).text("tests", tests).text("p", format_ln_p(t.ln_p_adjusted))
            }
            None => msg("reason.test").text("test", test),
        },
        (Reason::Verdict(v), _) => verdict(v),
    }
}

/// Why the run got its verdict, in one sentence; an external run that did not see all its input says so first
/// (`PARTIAL (why): …`).
pub(crate) fn reason(r: &RunReport) -> Message {
    match partial_or_incomplete(r) {
        Some(partial) => msg("reason.partial").msg("partial", partial).msg("why", why(r)),
        None => why(r),
    }
    .in_deck(r.cards)
}

/// The run's finding as a short phrase for tables: the decisive test's headline, and with a deal the next
/// table-level test's.
pub(crate) fn headline(r: &RunReport) -> Message {
    run_headline(r).in_deck(r.cards)
}

fn run_headline(r: &RunReport) -> Message {
    let test_line = |test: TestId| match r.assessment.get(test) {
        Some(t) => msg("run-headline.test").text("test", test).msg("headline", test_headline(&t.result)),
        None => msg("reason.test").text("test", test),
    };
    match (r.reason, &r.fault) {
        (Reason::Broken, Some(f)) => match f.kind {
            FaultKind::NonTermination => msg("run-headline.broken.non-termination"),
            FaultKind::NotAPermutation => msg("run-headline.broken.not-a-permutation")
                .text("share", format!("{:.1}", 100.0 * f.invalid_decks as f64 / f.decks_checked.max(1) as f64)),
            _ => msg("run-headline.broken.other").text("kind", f.kind),
        }
        .text("headline", &f.headline),
        (Reason::Broken, None) => verdict(Verdict::Broken),
        (Reason::NoDeck, _) => msg("run-headline.no-deck"),
        (Reason::NoBias, _) => msg("run-headline.no-bias"),
        (Reason::TooUniform(test), _) => msg("run-headline.too-uniform").text("test", test),
        (Reason::Bias { test, also }, _) if r.cause.as_ref().is_some_and(|c| c.test == test) => {
            let c = r.cause.as_ref().expect("checked above");
            let first = cause_headline(r, c);
            match also {
                Some(more) => msg("run-headline.two").msg("first", first).msg("second", test_line(more)),
                None => first,
            }
        }
        (Reason::Bias { test, also: Some(more) }, _) => {
            msg("run-headline.two").msg("first", test_line(test)).msg("second", test_line(more))
        }
        (Reason::Bias { test, also: None }, _) => test_line(test),
        (Reason::Verdict(v), _) => verdict(v),
    }
}

/// The other failing tests of a run, besides `test`.
fn other_failures(r: &RunReport, test: TestId) -> usize {
    let a = &r.assessment;
    a.tests.iter().filter(|t| t.result.test != test && t.verdict == a.verdict && !t.too_uniform).count()
}

/// The tests that follow from a cause, as a list of names.
fn test_list(tests: &[TestId]) -> Arg {
    Arg::List(tests.iter().map(|t| Arg::Text(t.to_string())).collect())
}

/// The cause's parity word: the parity every deck of an `n`-card single cycle has (that of n − 1), or the one
/// every deck had.
fn parity_word(odd: bool) -> Message {
    msg(if odd { "parity-word.odd" } else { "parity-word.even" })
}

/// The cause of a failed run in a short phrase, with what follows from it.
fn cause_headline(r: &RunReport, c: &Cause) -> Message {
    let n = r.config.deck;
    let line = match c.kind {
        CauseKind::NoCardMoves => msg("cause-headline.no-card-moves"),
        CauseKind::OneCycle => msg("cause-headline.one-cycle").text("n", n),
        CauseKind::FixedParity => match r.assessment.get(c.test).map(|t| &t.result.finding) {
            Some(Finding::Parity { odd, .. }) => {
                msg("cause-headline.fixed-parity").msg("parity", parity_word(*odd > 0))
            }
            _ => msg("reason.test").text("test", c.test),
        },
        CauseKind::FewDecks => match r.assessment.get(c.test) {
            Some(t) => msg("run-headline.test").text("test", c.test).msg("headline", test_headline(&t.result)),
            None => msg("reason.test").text("test", c.test),
        },
    };
    follows(r, c, line, "cause-headline.follows.all", "cause-headline.follows.some")
}

/// `line` with the failures that follow from the cause: all the others, or some by name.
fn follows(r: &RunReport, c: &Cause, line: Message, all: &'static str, some: &'static str) -> Message {
    if c.follows.is_empty() {
        line
    } else if c.follows.len() == other_failures(r, c.test) && c.follows.len() > 1 {
        msg(all).msg("cause", line)
    } else {
        msg(some).msg("cause", line).arg("tests", test_list(&c.follows))
    }
}

/// The cause of a failed run in plain words, with what follows from it and the decisive test it leaves out.
fn cause_reason(r: &RunReport, c: &Cause, t: &AssessedTest) -> Message {
    let (n, decks) = (r.config.deck, r.shuffles_done);
    let said = match c.kind {
        CauseKind::NoCardMoves => msg("cause.no-card-moves").text("decks", group_digits(decks)),
        CauseKind::OneCycle => {
            // log10 (n − 1)!: the single cycles of n cards.
            let orders: f64 = (1..n).map(|k| (k as f64).log10()).sum();
            msg("cause.one-cycle")
                .text("decks", group_digits(decks))
                .text("n", n)
                .msg("parity", parity_word(n % 2 == 0))
                .text("orders", format!("{orders:.1}"))
        }
        CauseKind::FewDecks | CauseKind::FixedParity => explanation(&t.result),
    };
    let said = match (c.kind, c.repeats_per_deck) {
        (CauseKind::FewDecks, Some(times)) if !c.follows.is_empty() => {
            msg("cause.follows.repeats").msg("cause", said).text("times", format!("{times:.0}"))
        }
        _ => follows(r, c, said, "cause.follows.all", "cause.follows.some"),
    };
    match c.also.and_then(|d| r.assessment.get(d)) {
        Some(d) => {
            msg("cause.and").msg("cause", said).text("test", d.result.test).msg("headline", test_headline(&d.result))
        }
        None => said,
    }
}

/// The catalogue loop a failed run's position-by-card counts look like, with its distance and the closest of
/// the others, when one fits ([`crate::audit::looks_like`]).
pub(crate) fn looks_like(r: &RunReport) -> Option<Message> {
    let l = r.looks_like.as_ref()?;
    let p = |log10_p: f64| format_ln_p(log10_p * std::f64::consts::LN_10);
    let b = &l.best;
    let m = match &l.next {
        Some(next) => {
            let why = if next.impossible > 0 {
                msg("looks-like.next-impossible").text("cells", next.impossible)
            } else {
                msg("looks-like.next-p").text("p", p(next.log10_p)).text("distance", format!("{:.4}", next.distance))
            };
            msg("looks-like.next").text("next", &next.label).msg("next_why", why)
        }
        None => msg("looks-like.alone"),
    };
    Some(
        m.text("label", &b.label)
            .arg("summary", Arg::Summary(b.algorithm))
            .text("distance", format!("{:.4}", b.distance))
            .text("noise", format!("{:.4}", b.noise))
            .text("decks", group_digits(r.shuffles_done))
            .text("x2", format!("{:.1}", b.statistic))
            .text("df", format!("{:.0}", b.df))
            .text("p", p(b.log10_p)),
    )
}

/// A gate check that did not run: its error for the reason, and for the headline that it had no decks.
pub(crate) fn check_failed(error: &str) -> (Message, Message) {
    (msg("check.error").text("error", error), msg("check.no-decks"))
}

/// The meta line under a card's heading: generator, deck, shuffles, seed; for decks made elsewhere, the deck
/// and the decks read.
pub(crate) fn run_meta(r: &RunReport) -> Message {
    let c = &r.config;
    let m = match c.builtin() {
        Some(b) => msg("run-meta.builtin").text("rng", b.rng).text("seed", b.seed),
        None => msg("run-meta.external"),
    };
    let deck = if c.copies > 1 { format!("{} × {}", c.copies, c.deck / c.copies) } else { c.deck.to_string() };
    m.text("deck", deck).text("shuffles", group_digits(r.shuffles_done))
}

/// Where the decks of an external run came from.
pub(crate) fn external_origin(label: &str) -> Message {
    msg("external-origin.note").text("label", label)
}

/// The exact heatmap's words: title, legend caption, note and figure caption.
pub(crate) fn exact_heatmap(draws: &str) -> [Message; 4] {
    [
        msg("exact-heatmap.title"),
        msg("exact-heatmap.legend"),
        msg("exact-heatmap.note").text("draws", draws),
        msg("exact-heatmap.caption"),
    ]
}

/// Why a report shows no exact matrix beside its heatmap, and the command that computes it.
pub(crate) fn exact_skipped(label: &str, n: usize, skipped: &crate::audit::exact::SkippedExact) -> Message {
    let budget = crate::audit::exact::REPORT_MAX_WORK;
    msg("exact-skipped.note")
        .text("label", label)
        .text("n", n)
        .text("work", format!("{:.1e}", skipped.work))
        .text("times", format!("{:.0}", skipped.work / budget))
        .text("budget", format!("{budget:.0e}"))
        .text("command", &skipped.command)
        .msg("draws", msg(if skipped.ideal_draws { "exact-skipped.ideal-draws" } else { "exact-skipped.own-draws" }))
}

/// The sampling noise of one cell, for the heatmap's notes.
pub(crate) fn noise_note(shuffles: u64, one_sd_percent: f64, clamp_label: &str) -> Message {
    msg("heatmap.noise-note")
        .text("shuffles", group_digits(shuffles))
        .text("sd", format!("{one_sd_percent:.2}"))
        .text("clamp", clamp_label)
}

/// The number of shuffles needed to see a bias, in words.
pub(crate) fn detection(d: Detection, shuffles_done: u64) -> Message {
    let (m, n) = match d {
        Detection::Shuffles(n) if n <= 10.0 => return msg("detection.at-once"),
        Detection::Shuffles(n) => (msg("detection.shuffles"), n),
        Detection::NotDetectable { at_least } => (msg("detection.not-detectable"), at_least),
    };
    m.arg("count", Arg::Count(n)).text("scientific", scientific(n)).text("done", group_digits(shuffles_done))
}

/// A broken run: how many shuffles it takes to see it.
pub(crate) fn detection_broken(first_shuffle: u64) -> Message {
    msg("detection.broken").text("first", first_shuffle)
}
