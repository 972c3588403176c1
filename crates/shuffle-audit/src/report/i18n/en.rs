//! The findings of the tests in English: the detail of `summary.csv` and `run.json`, the headline of the tables
//! and the explanation of the reports, each rendered from a test's [`Finding`]; and why an external run is
//! partial, from its [`PartialReason`].

use crate::audit::input::{InputSummary, PartialReason};
use crate::audit::stop::{StopReason, format_duration};
use crate::cards::{Card, NameStyle, card_name};
use crate::game::deal::Group;
use crate::game::douniu::niu_name;
use crate::game::fraction::Fraction;
use crate::stats::exact::laws::INVERSIONS_EXACT_MAX_N;
use crate::stats::finding::{CardClass, DealGroup, Exact, Finding, HistogramFinding, stands_out};
use crate::stats::{TestId, TestResult};

use super::{Lang, percent, times};

fn name(c: usize, n: usize) -> String {
    card_name(c as Card, n, NameStyle::Symbol)
}

fn group(g: DealGroup) -> String {
    Group::from(g).name(Lang::En)
}

fn exact(e: Exact) -> String {
    Fraction::from(e).to_string()
}

fn plural(v: usize) -> &'static str {
    if v == 1 { "" } else { "s" }
}

fn order(deck: &[Card]) -> String {
    deck.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

fn class(c: CardClass) -> String {
    match c {
        CardClass::Suit(k) => crate::cards::suit_name(k, NameStyle::Symbol).to_string(),
        CardClass::Rank(k) => crate::cards::rank_name(k).to_string(),
        CardClass::Jokers => "jokers".to_string(),
        CardClass::Other(k) => k.to_string(),
    }
}

/// What a seat count is about: the event of `rocket-seat` and `bomb-seat`, the count of `big-cards-seat` and
/// `bombs-per-hand`.
fn seat_subject(test: TestId) -> &'static str {
    match test {
        TestId::RocketSeat => "holds the rocket",
        TestId::BombSeat => "holds a bomb",
        TestId::BigCardsSeat => "big cards (A, 2, jokers)",
        _ => "bombs",
    }
}

/// Detail text for outcomes the exact law rules out.
fn impossible_note(impossible: u64) -> String {
    if impossible == 0 {
        String::new()
    } else {
        format!("; {impossible} deck(s) with a value of probability below 2.2e-308 (p bounded by N times that)")
    }
}

fn favoured(gains: bool) -> &'static str {
    if gains { ": it is favoured" } else { ": it is short-changed" }
}

/// The facts behind the number (the `detail` column of `summary.csv`).
pub(super) fn detail(t: &TestResult) -> String {
    let (x2, df) = (t.statistic, t.df);
    match &t.finding {
        Finding::PositionCard { n, most, least, noise_band, shuffles, .. } => {
            let ((lo, (p_lo, c_lo)), (hi, (p_hi, c_hi))) = (*least, *most);
            let e = super::effect(t, *n, *shuffles);
            format!(
                "X2*(n-1)/n = {x2:.1} vs {df} expected; observed/expected from {lo:.4} ({} at position {p_lo}) to \
                 {hi:.4} ({} at position {p_hi}), noise band ±{:.4}; noncentrality per shuffle {:.3e} (99% interval \
                 {:.3e}..{:.3e}), an RMS deviation per cell of {:.3}%",
                name(c_lo, *n),
                name(c_hi, *n),
                noise_band,
                e.per_shuffle,
                e.low,
                e.high,
                e.rms_cell * 100.0
            )
        }
        Finding::PositionWorst { n, position, card, ratio } => format!(
            "worst position {position}: X2 = {x2:.1} on {df} df; card {} at {ratio:.4}× expected; p \
             Bonferroni-adjusted over {n} positions",
            name(*card, *n)
        ),
        Finding::CardWorst { n, card, position, ratio } => format!(
            "worst card {}: X2 = {x2:.1} on {df} df; at position {position} {ratio:.4}× expected; p Bonferroni-adjusted \
             over {n} cards",
            name(*card, *n)
        ),
        Finding::Adjacency {
            n,
            most: (a, b, hi),
            least: (la, lb, lo),
            symmetric,
            antisymmetric,
            pearson,
            ends,
            ..
        } => {
            format!(
                "Q = {x2:.1} vs {df} expected (symmetric part {symmetric:.1}, antisymmetric {antisymmetric:.1}; Pearson \
                 X2 over the n(n-1) pairs {pearson:.1}, first/last part {ends:.1} left to the position tests); {} then {} \
                 at {hi:.4}x, {} then {} at {lo:.4}x",
                name(*a, *n),
                name(*b, *n),
                name(*la, *n),
                name(*lb, *n)
            )
        }
        Finding::Parity { odd, decks, share, .. } => format!(
            "{odd} odd permutations in {decks} decks ({:.4}%); exact two-sided binomial test, Bin(N, 1/2)",
            100.0 * share
        ),
        Finding::FixedPoints(h) => format!(
            "mean {:.4} fixed points (exact law: mean 1, variance 1); X2 = {x2:.1} over {} pooled values; {} fixed \
             point(s) at {:.4}x expected{}",
            h.mean,
            h.bins,
            h.worst.0,
            h.worst.1,
            impossible_note(h.impossible)
        ),
        Finding::Cycles(h) => format!(
            "mean {:.4} cycles (exact law |s(n,k)|/n!, mean H(n) = {:.4}); X2 = {x2:.1} over {} pooled values{}",
            h.mean,
            h.fair_mean,
            h.bins,
            impossible_note(h.impossible)
        ),
        Finding::Inversions { mean, fair_mean, sd, histogram, .. } => match histogram {
            Some((bins, impossible)) => format!(
                "mean {mean:.2} inversions (exact Mahonian law: mean {fair_mean:.2}, sd {sd:.2}); X2 = {x2:.1} over \
                 {bins} pooled values{}",
                impossible_note(*impossible)
            ),
            None => format!(
                "mean {mean:.2} inversions vs exact mean {fair_mean:.2} (sd {sd:.2} per deck); z = {x2:.3}: normal \
                 approximation with the exact mean and variance (the Mahonian law is tabulated only up to \
                 {INVERSIONS_EXACT_MAX_N} cards)"
            ),
        },
        Finding::RisingSequences(h) => format!(
            "mean {:.3} rising sequences (exact Eulerian law A(n,r)/n!, mean {:.1}); X2 = {x2:.1} over {} pooled \
             values{}",
            h.mean,
            h.fair_mean,
            h.bins,
            impossible_note(h.impossible)
        ),
        Finding::FullPermutation { orders, expected, most, least, never, .. } => format!(
            "X2 = {x2:.1} over {orders} orders ({expected:.1} expected each); most frequent {} at {:.4}x, least \
             frequent {} at {:.4}x; {never} never seen",
            order(&most.0),
            most.1,
            order(&least.0),
            least.1
        ),
        Finding::ClassByPosition { class: c, position, ratio, classes, n, .. } => format!(
            "X2*(n-1)/n = {x2:.1} vs {df} expected over {classes} {} classes x {n} positions; {} at position \
             {position} {ratio:.4}x expected",
            class_word(t.test),
            class(*c)
        ),
        Finding::SerialCorrelation { pairs, from, to, ratio, correlation: r, .. } => format!(
            "{pairs} consecutive pairs of decks; X2*(n-1)/n = {x2:.1} vs {df} expected; position {from} -> {to} at \
             {ratio:.4}x expected; pooled position correlation r = {r:+.5}"
        ),
        Finding::DuplicateDecks { decks, window, repeats, pairs, most, fair_pairs, seed_space, .. } => format!(
            "the first {decks} decks of the run (window {window}): {repeats} repeat an earlier deck, {pairs} repeated \
             pairs, at most {most} copies of one deck (a uniform shuffle expects {fair_pairs:.3e} pairs); p <= \
             lambda^R/R!; {}",
            super::seed_space_words(seed_space)
        ),
        Finding::BottomJoker { hits, deals, rate, exact: p, fair_rate } => format!(
            "bottom holds a joker in {hits} of {deals} deals ({}) vs P = {} = {} exactly; two-sided binomial",
            percent(*rate),
            exact(*p),
            percent(*fair_rate)
        ),
        Finding::SeatRate { seat, counts, deals, exact: p, fair_rate } => {
            let rates: Vec<String> = counts
                .iter()
                .enumerate()
                .map(|(s, &k)| format!("seat {} {}", s + 1, percent(k as f64 / *deals as f64)))
                .collect();
            format!(
                "P = {} = {} exactly; {} over {deals} deals; worst seat {}: {} deals; two-sided binomial, Bonferroni \
                 over {} seats",
                exact(*p),
                percent(*fair_rate),
                rates.join(", "),
                seat + 1,
                counts[*seat],
                counts.len()
            )
        }
        Finding::SeatMean { seat, means, fair_mean, exact_mean, exact_variance, z } => {
            let per_seat: Vec<String> =
                means.iter().enumerate().map(|(s, m)| format!("seat {} {m:.4}", s + 1)).collect();
            format!(
                "E = {} = {fair_mean:.5}, Var = {} exactly; mean {} per hand {}; worst seat {} z = {z:.2}; two-sided \
                 saddlepoint tail of the exact law of the total, Bonferroni over {} seats",
                exact(*exact_mean),
                exact(*exact_variance),
                seat_subject(t.test),
                per_seat.join(", "),
                seat + 1,
                means.len()
            )
        }
        Finding::NiuSeat { seat, seats, counts, deals, .. } => {
            let n = *deals as f64;
            let per_value: Vec<String> = counts
                .iter()
                .enumerate()
                .map(|(v, &k)| format!("{} {}", niu_name(v, Lang::En), percent(k as f64 / n)))
                .collect();
            format!(
                "worst seat {}: X2 = {x2:.1} on {df} df against the exact law over C(52,5) hands; its values {}; p \
                 Bonferroni-adjusted over {seats} seats",
                seat + 1,
                per_value.join(", ")
            )
        }
        Finding::SeatCard { n, groups, most, least, .. } => {
            let ((lo, (g_lo, c_lo)), (hi, (g_hi, c_hi))) = (*least, *most);
            format!(
                "X2*(n-1)/n = {x2:.1} vs {df} expected over {groups} groups × {n} cards; observed/expected from {lo:.4} \
                 ({} to {}) to {hi:.4} ({} to {})",
                name(c_lo, *n),
                group(g_lo),
                name(c_hi, *n),
                group(g_hi)
            )
        }
        Finding::SeatWorst { n, groups, group: g, group_cards, card, ratio } => format!(
            "worst group {} ({group_cards} cards a deal): X2*(n-1)/(n-h) = {x2:.1} on {df} df; {} at {ratio:.4}× \
             expected; p Bonferroni-adjusted over {groups} groups",
            group(*g),
            name(*card, *n)
        ),
        Finding::CardSeatWorst { n, card, group: g, ratio } => format!(
            "worst card {}: X2 = {x2:.1} on {df} df; to {} at {ratio:.4}× expected; p Bonferroni-adjusted over {n} \
             cards",
            name(*card, *n),
            group(*g)
        ),
    }
}

/// `suit` or `rank`.
fn class_word(test: TestId) -> &'static str {
    if test == TestId::SuitByPosition { "suit" } else { "rank" }
}

/// The fixed-points, cycles and rising-sequences headlines share their numbers.
fn histogram_headline(test: TestId, h: &HistogramFinding) -> String {
    let (v, ratio) = h.worst;
    match test {
        TestId::FixedPoints if super::mean_is_off(test, h) => {
            format!("{:.2} fixed points per deck on average (fair: 1)", h.mean)
        }
        TestId::FixedPoints => format!("{v} fixed point{}: {} as often as fair", plural(v), times(ratio)),
        TestId::Cycles => match h.never {
            Some((k, e)) => {
                format!("never {k} cycles (expected {e:.0} times); mean {:.2} (fair {:.2})", h.mean, h.fair_mean)
            }
            None => {
                format!("{:.2} cycles on average (fair {:.2}); {v} cycles {}", h.mean, h.fair_mean, times(ratio))
            }
        },
        _ if super::mean_is_off(test, h) => {
            format!("{:.2} rising sequences on average (fair {:.1})", h.mean, h.fair_mean)
        }
        _ => format!("{v} rising sequences {} as often as fair", times(ratio)),
    }
}

/// A short phrase (about 60 characters) for tables.
pub(super) fn headline(t: &TestResult) -> String {
    match &t.finding {
        Finding::PositionCard { n, most, least, noise_band, .. }
            if noise_band.is_finite() && !stands_out(most.0, *noise_band) && !stands_out(least.0, *noise_band) =>
        {
            let _ = n;
            format!("no cell stands out: every cell within ±{} of fair", super::percent(*noise_band))
        }
        Finding::PositionCard { n, most, least, stays_home, .. } => {
            let ((lo, (p_lo, c_lo)), (hi, (p_hi, c_hi))) = (*least, *most);
            format!(
                "{} {} position {p_hi}: {}; {} at {p_lo}: {}",
                name(c_hi, *n),
                if *stays_home { "stays at its starting" } else { "at" },
                times(hi),
                name(c_lo, *n),
                times(lo)
            )
        }
        Finding::PositionWorst { position, ratio, .. } => {
            format!("position {position} is the least uniform: {} at worst", times(*ratio))
        }
        Finding::CardWorst { n, card, ratio, .. } => {
            format!("card {} is the least uniform: {} at worst", name(*card, *n), times(*ratio))
        }
        Finding::Adjacency { n, most: (a, b, hi), .. } => {
            format!("{} right after {}: {}", name(*b, *n), name(*a, *n), times(*hi))
        }
        Finding::Parity { odd, decks, share, .. } => match (*odd, decks - odd) {
            (0, _) => "never odd".to_string(),
            (_, 0) => "never even".to_string(),
            _ => format!("{:.3}% odd permutations (fair: 50%)", 100.0 * share),
        },
        Finding::FixedPoints(h) | Finding::Cycles(h) | Finding::RisingSequences(h) => histogram_headline(t.test, h),
        Finding::Inversions { shift, percent_inverted, .. } => {
            format!("{percent_inverted:.1}% of pairs inverted (fair 50%), shift {shift:+.3} sd")
        }
        Finding::FullPermutation { orders, expected, most, never, .. } => {
            if super::orders_never_seen(*never, *expected) {
                format!("{never} of {orders} orders never occur")
            } else {
                format!("order {} comes up {} as often as fair", order(&most.0), times(most.1))
            }
        }
        Finding::ClassByPosition { ratio, noise_band, .. }
            if noise_band.is_finite() && !stands_out(*ratio, *noise_band) =>
        {
            format!("no cell stands out: every cell within ±{} of fair", super::percent(*noise_band))
        }
        Finding::ClassByPosition { class: c, position, ratio, .. } => {
            format!("{} at position {position}: {}", class(*c), times(*ratio))
        }
        Finding::SerialCorrelation { from, to, ratio, correlation: r, .. } => {
            format!("position {from} -> {to} in the next deck: {}; r = {r:+.3}", times(*ratio))
        }
        Finding::DuplicateDecks { decks, repeats, seed_space, .. } => match seed_space.estimate {
            None => format!("no deck repeats among the first {decks}"),
            Some(s) => {
                format!("{repeats} repeated decks among the first {decks}: about {} possible decks", super::pow2(s))
            }
        },
        Finding::BottomJoker { rate, fair_rate, .. } => {
            format!("bottom holds a joker {} vs {} fair", percent(*rate), percent(*fair_rate))
        }
        Finding::SeatRate { seat, counts, deals, fair_rate, .. } => format!(
            "seat {} {} {} vs {} fair",
            seat + 1,
            seat_subject(t.test),
            percent(counts[*seat] as f64 / *deals as f64),
            percent(*fair_rate)
        ),
        Finding::SeatMean { seat, means, fair_mean, .. } => {
            format!("seat {} averages {:.3} {} vs {fair_mean:.3} fair", seat + 1, means[*seat], seat_subject(t.test))
        }
        Finding::NiuSeat { seat, counts, deals, value, fair_rate, .. } => format!(
            "seat {} gets {} {} vs {} fair",
            seat + 1,
            niu_name(*value, Lang::En),
            percent(counts[*value] as f64 / *deals as f64),
            percent(*fair_rate)
        ),
        Finding::SeatCard { n, most, least, .. } => {
            let ((lo, (g_lo, c_lo)), (hi, (g_hi, c_hi))) = (*least, *most);
            format!(
                "{} goes to {} {}; {} to {} {}",
                name(c_hi, *n),
                group(g_hi),
                times(hi),
                name(c_lo, *n),
                group(g_lo),
                times(lo)
            )
        }
        Finding::SeatWorst { n, group: g, card, ratio, .. } => {
            format!("{} is the least uniform: {} {} as often as fair", group(*g), name(*card, *n), times(*ratio))
        }
        Finding::CardSeatWorst { n, card, group: g, ratio } => {
            format!("{} goes to {} {} as often as fair", name(*card, *n), group(*g), times(*ratio))
        }
    }
}

/// One sentence in plain words.
pub(super) fn explanation(t: &TestResult) -> String {
    match &t.finding {
        Finding::PositionCard { n, most, least, within_noise, noise_band, shuffles, .. } => {
            let ((lo, (p_lo, c_lo)), (hi, (p_hi, c_hi))) = (*least, *most);
            let out = stands_out(hi, *noise_band) || stands_out(lo, *noise_band);
            if !*within_noise && !out && noise_band.is_finite() {
                let e = super::effect(t, *n, *shuffles);
                format!(
                    "Cards favour some positions as a whole — noncentrality {:.3e} per shuffle (99% interval \
                     {:.3e}..{:.3e}), like every cell off by ±{:.3}% — but no single cell stands out of its noise \
                     band (±{}).",
                    e.per_shuffle,
                    e.low,
                    e.high,
                    e.rms_cell * 100.0,
                    super::percent(*noise_band)
                )
            } else if *within_noise {
                format!(
                    "Cards land at every position about as often as chance allows: the most over-represented card \
                     and position ({} at {p_hi}) comes up {:.2}% more often than fair, within noise.",
                    name(c_hi, *n),
                    (hi - 1.0) * 100.0
                )
            } else {
                format!(
                    "Some cards favour some positions: {} lands at position {p_hi} {} as often as it should, and {} \
                     at position {p_lo} only {}.",
                    name(c_hi, *n),
                    times(hi),
                    name(c_lo, *n),
                    times(lo)
                )
            }
        }
        Finding::PositionWorst { position, ratio, .. } => format!(
            "The least uniform position is position {position}: its largest deviation is {:+.2}% from fair.",
            (ratio - 1.0) * 100.0
        ),
        Finding::CardWorst { n, card, ratio, .. } => format!(
            "The least uniform card is card {}: its largest deviation is {:+.2}% from fair.",
            name(*card, *n),
            (ratio - 1.0) * 100.0
        ),
        Finding::Adjacency { n, most: (a, b, hi), fair, .. } => {
            if *fair {
                format!(
                    "Which card follows which is as random as it should be: the most frequent pair ({} then {}) \
                     comes up {:+.2}% more often than fair, within noise.",
                    name(*a, *n),
                    name(*b, *n),
                    (hi - 1.0) * 100.0
                )
            } else {
                format!(
                    "The order of the cards survives the shuffle: {} lies right after {} {} as often as it should. \
                     Position counts can look perfectly fair while this happens (a cut does exactly that).",
                    name(*b, *n),
                    name(*a, *n),
                    times(*hi)
                )
            }
        }
        Finding::Parity { odd, decks, share, fair } => {
            if *odd == 0 || odd == decks {
                format!(
                    "All {decks} decks were {} permutations: half of all possible orders can never come out of this \
                     shuffle (a fixed number of swaps of two different cards always gives the same parity).",
                    if *odd == 0 { "even" } else { "odd" }
                )
            } else if *fair {
                format!("Even and odd orders come up equally often, as they should ({:.3}% odd).", 100.0 * share)
            } else {
                format!("Odd orders make up {:.3}% of the decks instead of half.", 100.0 * share)
            }
        }
        Finding::FixedPoints(h) => {
            let (v, ratio) = h.worst;
            if h.fair {
                format!(
                    "Cards stay at their starting position as often as chance allows ({:.4} per deck on average, \
                     fair is 1).",
                    h.mean
                )
            } else {
                format!(
                    "Cards stay where they started {:.2} times per deck on average instead of once, and {v} fixed \
                     point{} happen {} as often as they should: the shuffle does not move every card enough.",
                    h.mean,
                    plural(v),
                    times(ratio)
                )
            }
        }
        Finding::Cycles(h) => {
            let (v, ratio) = h.worst;
            if h.fair {
                format!(
                    "The shuffled decks break into cycles as a random order does ({:.3} on average, fair {:.3}).",
                    h.mean, h.fair_mean
                )
            } else if let Some((k, e)) = h.never {
                format!(
                    "No deck ever had {k} cycles, though a fair shuffle would give about {e:.0}: whole classes of \
                     orders are out of reach (the cycle count fixes the permutation's parity)."
                )
            } else {
                format!(
                    "The decks break into {:.3} cycles on average instead of {:.3}; {v} cycles happen {} as often as \
                     they should.",
                    h.mean,
                    h.fair_mean,
                    times(ratio)
                )
            }
        }
        Finding::Inversions { shift, percent_inverted, fair, .. } => {
            if *fair {
                format!(
                    "Pairs of cards end up in the opposite of their starting order as often as in a random order \
                     ({percent_inverted:.2}% of pairs, fair 50%)."
                )
            } else if super::inversions_shifted(*shift) {
                format!(
                    "The decks keep {} of their starting order than a random order does: {percent_inverted:.2}% of \
                     pairs are inverted instead of 50%.",
                    if *shift < 0.0 { "more" } else { "less" }
                )
            } else {
                "The number of inverted pairs does not follow its exact law, though its mean is right: some counts \
                 are over- or under-represented."
                    .to_string()
            }
        }
        Finding::RisingSequences(h) => {
            if h.fair {
                format!(
                    "Runs of consecutive cards in their original order are as many as in a random order ({:.2} on \
                     average, fair {:.1}).",
                    h.mean, h.fair_mean
                )
            } else {
                format!(
                    "The decks hold {:.2} rising sequences (runs of consecutive cards still in their original order) \
                     on average instead of {:.1}: the original order survives the shuffle, as it does after too few \
                     riffles or a cut.",
                    h.mean, h.fair_mean
                )
            }
        }
        Finding::FullPermutation { n, orders, expected, most, least, never, fair } => {
            if *fair {
                format!(
                    "All {orders} orders of the {n} cards come up about equally often ({expected:.1} each on average)."
                )
            } else if super::orders_never_seen(*never, *expected) {
                format!(
                    "{never} of the {orders} possible orders never came up, though each should have about \
                     {expected:.0} times."
                )
            } else {
                format!(
                    "Some orders are favoured: {} comes up {} as often as it should and {} only {}.",
                    order(&most.0),
                    times(most.1),
                    order(&least.0),
                    times(least.1)
                )
            }
        }
        Finding::ClassByPosition { class: c, position, ratio, fair, .. } => {
            let what = class_word(t.test);
            if *fair {
                format!(
                    "Every {what} turns up at every position as often as chance allows (the largest deviation, {} at \
                     position {position}, is {:+.2}%).",
                    class(*c),
                    (ratio - 1.0) * 100.0
                )
            } else {
                format!(
                    "Some {what}s favour some positions: {} turns up at position {position} {} as often as fair.",
                    class(*c),
                    times(*ratio)
                )
            }
        }
        Finding::SerialCorrelation { from, to, ratio, correlation: r, fair, .. } => {
            if *fair {
                format!(
                    "Consecutive decks are unrelated, as they should be: where a card lands says nothing about where \
                     it lands next time (correlation {r:+.4})."
                )
            } else {
                format!(
                    "Consecutive decks are related: a card at position {from} moves to position {to} in the next deck \
                     {} as often as chance allows (position correlation {r:+.3}); the generator's stream repeats or \
                     is predictable.",
                    times(*ratio)
                )
            }
        }
        Finding::DuplicateDecks { decks, repeats, pairs, fair_pairs, seed_space, fair, .. } => {
            if *fair {
                format!(
                    "No two of the first {decks} decks are the same, as expected of a shuffle that can deal every order \
                     ({fair_pairs:.1e} repeated pairs expected): the decks come from at least {} equally likely decks. \
                     This says nothing of how predictable a deal is: a generator seeded from the clock passes too.",
                    super::pow2(seed_space.low)
                )
            } else {
                format!(
                    "{repeats} of the first {decks} decks are exact copies of an earlier deck ({pairs} repeated pairs, \
                     where a fair shuffle expects {fair_pairs:.1e}): the decks come from only about {} possible decks \
                     (95%: {}), as when the dealer reseeds its generator from a small seed space before every deal. \
                     Each deck can look perfectly uniform, yet anyone who knows the seed space can list every deal the \
                     dealer can make.",
                    super::pow2(seed_space.estimate.unwrap_or(seed_space.low)),
                    super::interval_pow2(seed_space)
                )
            }
        }
        Finding::BottomJoker { rate, fair_rate, .. } => format!(
            "The bottom cards, which go to the landlord, hold at least one joker in {} of deals instead of {}: {}.",
            percent(*rate),
            percent(*fair_rate),
            if rate > fair_rate { "the landlord gains" } else { "the landlord loses" }
        ),
        Finding::SeatRate { seat, counts, deals, fair_rate, .. } => {
            let rate = counts[*seat] as f64 / *deals as f64;
            format!(
                "Seat {} {} in {} of deals instead of {}{}.",
                seat + 1,
                seat_subject(t.test),
                percent(rate),
                percent(*fair_rate),
                favoured(rate > *fair_rate)
            )
        }
        Finding::SeatMean { seat, means, fair_mean, .. } => {
            let mean = means[*seat];
            format!(
                "Seat {} gets {mean:.3} {} per hand on average instead of {fair_mean:.3} ({:+.1}%){}.",
                seat + 1,
                seat_subject(t.test),
                (mean / fair_mean - 1.0) * 100.0,
                favoured(mean > *fair_mean)
            )
        }
        Finding::NiuSeat { seat, counts, deals, value, fair_rate, .. } => format!(
            "Seat {}'s hands do not follow the odds of a fair deal: {} comes up in {} of its hands instead of {}.",
            seat + 1,
            niu_name(*value, Lang::En),
            percent(counts[*value] as f64 / *deals as f64),
            percent(*fair_rate)
        ),
        Finding::SeatCard { n, most, least, within_noise, .. } => {
            let ((lo, (g_lo, c_lo)), (hi, (g_hi, c_hi))) = (*least, *most);
            if *within_noise {
                format!(
                    "Every card goes to every seat about as often as chance allows: the most favoured pair ({} to {}) \
                     is {:+.2}% from fair, within noise.",
                    name(c_hi, *n),
                    group(g_hi),
                    (hi - 1.0) * 100.0
                )
            } else {
                format!(
                    "Some seats receive some cards more than others: {} goes to {} {} as often as it should, and {} \
                     to {} only {}.",
                    name(c_hi, *n),
                    group(g_hi),
                    times(hi),
                    name(c_lo, *n),
                    group(g_lo),
                    times(lo)
                )
            }
        }
        Finding::SeatWorst { n, group: g, card, ratio, .. } => format!(
            "The least uniform seat is {}: it gets {} {:+.2}% from fair.",
            group(*g),
            name(*card, *n),
            (ratio - 1.0) * 100.0
        ),
        Finding::CardSeatWorst { n, card, group: g, ratio } => format!(
            "The card whose seat is least random is {}: it goes to {} {:+.2}% from fair.",
            name(*card, *n),
            group(*g),
            (ratio - 1.0) * 100.0
        ),
    }
}

/// Why an external run did not see its whole input: `stopped by SIGINT after 1200 decks`.
pub(super) fn partial(p: &PartialReason, input: &InputSummary) -> String {
    match p {
        PartialReason::Strict { line } => format!("stopped at the first invalid deck, line {line} (--strict)"),
        PartialReason::ReadError { line, error } => format!("read error after line {line}: {error}"),
        PartialReason::ProducerFailed { decks } => {
            let ending = input.producer.as_ref().map_or("failed".to_string(), |p| p.ending());
            format!("the producer {ending} after {decks} decks")
        }
        PartialReason::Interrupted { signal, decks } => {
            let name = match signal {
                StopReason::Terminate => "SIGTERM",
                _ => "SIGINT",
            };
            format!("stopped by {name} after {decks} deck{}", plural(*decks as usize))
        }
        PartialReason::TimedOut { limit, decks } => {
            format!("timed out after {}, {decks} deck{} read", format_duration(*limit), plural(*decks as usize))
        }
    }
}
