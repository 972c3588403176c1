//! The facts behind a test's number, for the `detail` column of `summary.csv` and `run.json`: English only,
//! since files are contracts read by programs (the reports' sentences in both languages are the catalogue's).

use crate::cards::{Card, NameStyle};
use crate::game::deal::Group;
use crate::game::douniu::niu_name;
use crate::game::fraction::Fraction;
use crate::stats::exact::laws::INVERSIONS_EXACT_MAX_N;
use crate::stats::finding::{CardClass, DealGroup, Exact, Finding, SeedSpaceEstimate};
use crate::stats::{Cards, TestId, TestResult};

use super::Lang;
use super::messages::effect;
use super::numbers::{interval_pow2, percent, pow2};

fn group(g: DealGroup) -> String {
    Group::from(g).name(Lang::En)
}

fn exact(e: Exact) -> String {
    Fraction::from(e).to_string()
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
        CardClass::Face { card, base } => crate::cards::card_name(card as Card, base, NameStyle::Symbol),
        CardClass::Value(v) => super::messages::value_name(v).to_string(),
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

/// The facts behind the number (the `detail` column of `summary.csv`), for a deck of distinct cards.
#[cfg(test)]
pub(crate) fn detail(t: &TestResult) -> String {
    detail_of(t, Cards::deck(0))
}

/// [`detail`] for a test of a run, whose cards it names as the run's: a shoe's ids by face and deck (`♦6 (deck
/// 2)`), not `#96`.
pub(crate) fn detail_in(r: &crate::report::RunReport, t: &TestResult) -> String {
    detail_of(t, r.cards)
}

fn detail_of(t: &TestResult, cards: Cards) -> String {
    // Every card of the text is named as the reports name the run's cards: a shoe's by face and deck.
    let name = |c: usize, n: usize| super::card_in(Lang::En, cards, c, n);
    let (x2, df) = (t.statistic, t.df);
    match &t.finding {
        Finding::PositionCard { n, most, least, noise_band, shuffles, .. } => {
            let ((lo, (p_lo, c_lo)), (hi, (p_hi, c_hi))) = (*least, *most);
            let e = effect(t, *n, *shuffles);
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
        Finding::PositionWorst { n, position, card, ratio } if df == 0.0 => format!(
            "sparse table ({} expected per cell): largest cell {} at position {position}, {x2} times ({ratio:.1}× \
             expected); exact binomial upper tail, Bonferroni over {n}² cells",
            sparse_expected(*ratio, x2),
            name(*card, *n)
        ),
        Finding::CardWorst { n, card, position, ratio } if df == 0.0 => format!(
            "sparse table ({} expected per cell): largest cell {} at position {position}, {x2} times ({ratio:.1}× \
             expected); exact binomial upper tail, Bonferroni over {n}² cells",
            sparse_expected(*ratio, x2),
            name(*card, *n)
        ),
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
        Finding::Descents(h) => format!(
            "mean {:.3} descents of the deck (exact Eulerian law A(n,d+1)/n!, mean {:.1}); X2 = {x2:.1} over {} \
             pooled values{}",
            h.mean,
            h.fair_mean,
            h.bins,
            impossible_note(h.impossible)
        ),
        Finding::TurningPoints(h) => format!(
            "mean {:.3} valleys (fair {:.3}, as for peaks); joint law of (peaks, valleys) from Andre's alternating \
             runs; X2 = {x2:.1} over {} pooled cells{}",
            h.mean,
            h.fair_mean,
            h.bins,
            impossible_note(h.impossible)
        ),
        Finding::RunsUpDown(h) => format!(
            "mean {:.3} alternating runs (exact law by Andre's recursion, mean {:.3}); X2 = {x2:.1} over {} pooled \
             values{}",
            h.mean,
            h.fair_mean,
            h.bins,
            impossible_note(h.impossible)
        ),
        Finding::Clumping(h) => format!(
            "mean {:.3} neighbours of equal value per shoe (A, 2-9, ten-value, jokers; exact law of the shoe's \
             composition, mean {:.3}); X2 = {x2:.1} over {} pooled values{}",
            h.mean,
            h.fair_mean,
            h.bins,
            impossible_note(h.impossible)
        ),
        Finding::LongestIncreasing(h) => format!(
            "mean {:.3} cards in the longest increasing subsequence (exact law by Robinson-Schensted, mean {:.3}); \
             X2 = {x2:.1} over {} pooled values{}",
            h.mean,
            h.fair_mean,
            h.bins,
            impossible_note(h.impossible)
        ),
        Finding::Guess(g) => {
            let each: Vec<String> = g
                .outcomes
                .iter()
                .map(|o| {
                    format!(
                        "{} {:+.3} (99% {:+.3}..{:+.3}, p {})",
                        o.guesser,
                        o.extra,
                        o.low,
                        o.high,
                        crate::stats::format_ln_p(o.ln_p)
                    )
                })
                .collect();
            let bonferroni = if g.outcomes.len() > 1 {
                format!("; Bonferroni over {} guessers", g.outcomes.len())
            } else {
                String::new()
            };
            if g.copies > 1 {
                return format!(
                    "extra right faces per shoe over chance ({:.5} of {} cards, {} copies of {} faces: the realised \
                     sum of each step's copies left of the face named over the cards left), complete feedback, each \
                     guesser trained on the earlier shoes of its block of {} over {} shoes: {}{bonferroni}",
                    g.chance,
                    g.n,
                    g.copies,
                    g.n / g.copies,
                    crate::stats::deck::guess::BLOCK,
                    g.best.totals.decks,
                    each.join("; "),
                );
            }
            format!(
                "extra right guesses per deck over chance ({:.5} of {} cards), complete feedback, each guesser trained \
                 on the earlier decks of its block of {} over {} decks: {}{bonferroni}",
                g.chance,
                g.n,
                crate::stats::deck::guess::BLOCK,
                g.best.totals.decks,
                each.join("; "),
            )
        }
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
        Finding::SecondLevel(f) => {
            let w = f.worst();
            format!(
                "{} samples of {} decks; the p-values of {} statistics against Uniform(0,1), KS and AD each, \
                 Bonferroni over {}; least uniform: {} ({}) over {} samples, KS D = {:.4} p = {}, AD A2 = {:.3} \
                 p = {}",
                f.samples,
                f.sample_decks,
                f.groups.len(),
                2 * f.groups.len(),
                w.test,
                w.form,
                w.samples,
                w.ks_d,
                crate::stats::format_ln_p(w.ks_ln_p),
                w.ad_a2,
                crate::stats::format_ln_p(w.ad_ln_p)
            )
        }
        Finding::FaceAdjacency { base, most: (a, b, hi), least: (la, lb, lo), symmetric, antisymmetric, .. } => {
            format!(
                "Q = {x2:.1} vs {df} expected (symmetric part {symmetric:.1}, antisymmetric {antisymmetric:.1}, each \
                 over its exact variance per shoe; pairs of equal faces left to clumping); {} then {} at {hi:.4}x, {} \
                 then {} at {lo:.4}x",
                name(*a, *base),
                name(*b, *base),
                name(*la, *base),
                name(*lb, *base)
            )
        }
        Finding::FaceSerial { base, pairs, from, to, ratio, kept, .. } => format!(
            "{pairs} consecutive pairs of shoes; X2*(N-1)/N = {x2:.1} vs {df} expected; {} then {} at the same \
             position at {ratio:.4}x expected; positions keeping their face {kept:.4}x a fair stream's",
            name(*from, *base),
            name(*to, *base)
        ),
        Finding::SerialCorrelation { pairs, from, to, ratio, correlation: r, .. } => format!(
            "{pairs} consecutive pairs of decks; X2*(n-1)^2/mu = {x2:.1} vs {df} expected (expected counts and mu from \
             the decks' own position-by-card law); position {from} -> {to} at {ratio:.4}x expected; pooled position \
             correlation beyond it r = {r:+.5}"
        ),
        Finding::DuplicateDecks { decks, window, repeats, pairs, most, fair_pairs, seed_space, .. } => format!(
            "the first {decks} decks of the run (window {window}): {repeats} repeat an earlier deck, {pairs} repeated \
             pairs, at most {most} copies of one deck (a uniform shuffle expects {fair_pairs:.3e} pairs); p <= \
             lambda^R/R!; {}",
            seed_space_words(seed_space)
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
                super::messages::seat_subject(t.test),
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
        Finding::NaturalRounds { seat, naturals, rounds, shoes, expected, z } => {
            let per_seat: Vec<String> = naturals
                .iter()
                .enumerate()
                .map(|(s, k)| {
                    let name = if s + 1 == naturals.len() { "dealer".to_string() } else { format!("seat {}", s + 1) };
                    format!("{name} {k}")
                })
                .collect();
            format!(
                "{rounds} rounds of {shoes} shoes until the cut card; naturals {} vs {expected:.2} each, the sum of \
                 every round's exact odds 2at/(R(R-1)) over the cards left; worst seat {} z = {z:.2}; two-sided \
                 normal (martingale), Bonferroni over {} seats",
                per_seat.join(", "),
                seat + 1,
                naturals.len()
            )
        }
        Finding::BaccaratOdds { counts, deals, exact: p, .. } => {
            let n = *deals as f64;
            let each: Vec<String> = ["banker", "player", "tie"]
                .iter()
                .enumerate()
                .map(|(o, name)| {
                    format!(
                        "{name} {} ({}) vs {} = {}",
                        counts[o],
                        percent(counts[o] as f64 / n),
                        exact(p[o]),
                        percent(Fraction::from(p[o]).to_f64())
                    )
                })
                .collect();
            format!("first coup of {deals} shoes: {}; X2 = {x2:.2} on {df} df", each.join(", "))
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
        Finding::SeatWorst { n, groups, group: g, card, ratio, .. } if df == 0.0 => format!(
            "sparse deal ({} expected in that cell): largest cell {} to {}, {x2} times ({ratio:.1}× expected); exact \
             binomial upper tail, Bonferroni over {groups} × {n} cells",
            sparse_expected(*ratio, x2),
            name(*card, *n),
            group(*g)
        ),
        Finding::SeatWorst { n, groups, group: g, group_cards, card, ratio } => format!(
            "worst group {} ({group_cards} cards a deal): X2*(n-1)/(n-h) = {x2:.1} on {df} df; {} at {ratio:.4}× \
             expected; p Bonferroni-adjusted over {groups} groups",
            group(*g),
            name(*card, *n)
        ),
        Finding::CardSeatWorst { n, card, group: g, ratio } => format!(
            "worst cell {} to {}: {x2} times ({ratio:.4}× expected); exact binomial tail of each cell, two-sided, the \
             worst of the card's groups by its exact multinomial law, p Bonferroni-adjusted over {n} cards",
            name(*card, *n),
            group(*g)
        ),
    }
}

/// The expected count of a sparse table's largest cell, from its count and observed/expected ratio.
fn sparse_expected(ratio: f64, count: f64) -> String {
    if ratio > 0.0 { format!("{:.3}", count / ratio) } else { "?".to_string() }
}

/// `suit` or `rank`.
fn class_word(test: TestId) -> &'static str {
    if test == TestId::SuitByPosition { "suit" } else { "rank" }
}

/// The seed space the duplicate-deck count implies.
fn seed_space_words(s: &SeedSpaceEstimate) -> String {
    match s.estimate {
        Some(e) => format!("implied seed space C(M,2)/pairs = {} (95%: {})", pow2(e), interval_pow2(s)),
        None => format!("implied seed space >= {} (97.5%, no repeated pair)", pow2(s.low)),
    }
}

#[cfg(test)]
mod shoe_names {
    use super::*;

    #[test]
    fn the_detail_names_a_shoes_cards_by_face_and_deck() {
        // The names `detail_of` gives a run's cards.
        let shoe_name = |c: usize, n: usize, cards: Cards| super::super::card_in(Lang::En, cards, c, n);
        assert_eq!(shoe_name(96, 104, Cards::shoe(52, 2, true)), "♦6 (deck 2)");
        assert_eq!(shoe_name(96, 104, Cards::shoe(52, 2, false)), "♦6");
        assert_eq!(shoe_name(96, 104, Cards::deck(104)), "#96");
        assert_eq!(shoe_name(44, 52, Cards::shoe(52, 2, true)), "♦6");
    }
}
