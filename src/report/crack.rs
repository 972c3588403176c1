//! `crack` and `seeds` output: pure renderers from the search's and the budget's plain data.

use std::fmt::Write;

use crate::audit::crack::budget::Budget;
use crate::audit::crack::trials::ViewTrials;
use crate::audit::crack::{Candidate, Problem, SearchOutcome, SeedSpace};
use crate::cards::{Card, NameStyle, card_name};
use crate::report::i18n::group_digits;

/// Everything a crack printed.
pub struct CrackResult<'a> {
    pub problem: &'a Problem,
    pub space: &'a SeedSpace,
    pub outcome: &'a SearchOutcome,
    pub candidates: &'a [Candidate],
    /// `2 threads, AVX-512`.
    pub how: String,
}

/// At most this many candidates are printed in full by the text output.
pub const PRINTED: usize = 20;

fn names(cards: &[Card], n: usize) -> String {
    cards.iter().map(|&c| card_name(c, n, NameStyle::Symbol)).collect::<Vec<_>>().join(" ")
}

/// `1.2e-3`-style for small expectations, plain otherwise.
pub fn expectation(x: f64) -> String {
    if x == 0.0 {
        "0".into()
    } else if !(0.01..1e6).contains(&x) {
        format!("{x:.1e}")
    } else {
        format!("{x:.2}")
    }
}

/// `1.3 M`, `850 k`.
pub fn rate(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.1} M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.0} k", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

/// The information budget: what the view is worth against the space.
pub fn budget_lines(problem: &Problem, space: &SeedSpace) -> String {
    let bits = problem.information_bits();
    let streams = space.log2_streams();
    let expected = (streams.exp2() - 1.0).max(0.0) * (-bits).exp2();
    let mut s = String::new();
    let _ = writeln!(s, "seed space: {}", space.description);
    let count = match (space.size(), space.distinct_streams()) {
        (Some(size), Some(st)) if size != st => {
            format!("{} seeds, {} distinct streams (2^{streams:.1})", group_digits(size), group_digits(st))
        }
        (Some(size), _) => format!("{} seeds (2^{streams:.1})", group_digits(size)),
        _ => format!("2^{:.1} seeds", space.log2_size),
    };
    let _ = writeln!(s, "  {count}");
    let _ = writeln!(
        s,
        "information: the view gives {bits:.1} bits against {streams:.1} bits of seed space: {} false candidates expected",
        expectation(expected)
    );
    s
}

/// The text output of a crack.
pub fn render_text(r: &CrackResult) -> String {
    let p = r.problem;
    let n = p.dealer.deal.deck;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "dealer: srand once, {} with {}, deal {} of {}",
        p.dealer.algorithm.label(n),
        p.dealer.rng.name(),
        p.dealer.deal_number,
        p.dealer.deal.describe()
    );
    let _ = writeln!(
        s,
        "seen by seat {}: {} ({})",
        p.view.seat + 1,
        names(&p.view.cards, n),
        if p.view.ordered { "in deal order" } else { "as a set" }
    );
    s.push_str(&budget_lines(p, r.space));
    let found = r.outcome.found;
    let _ = writeln!(s);
    let _ = match found {
        0 => writeln!(s, "no seed of the space deals this view"),
        1 => writeln!(s, "1 candidate:"),
        k => writeln!(s, "{} candidates:", group_digits(k)),
    };
    for c in r.candidates.iter().take(PRINTED) {
        let twins: Vec<String> = c.equivalent_seeds.iter().filter(|&&x| x != c.seed).map(u64::to_string).collect();
        let twins =
            if twins.is_empty() { String::new() } else { format!("; same stream as seed {}", twins.join(", ")) };
        let when = r.space.explain(c.seed).map_or(String::new(), |w| format!(" ({w})"));
        let _ = writeln!(s, "  seed {}{when}{twins}", c.seed);
        for (k, seat) in c.deal.seats.iter().enumerate() {
            let mark = if k == p.view.seat { "  (seen)" } else { "" };
            let _ = writeln!(s, "    seat {}: {}{mark}", k + 1, names(seat, n));
        }
        if !c.deal.bottom.is_empty() {
            let _ = writeln!(s, "    bottom: {}", names(&c.deal.bottom, n));
        }
    }
    if found as usize > r.candidates.len().min(PRINTED) {
        let _ = writeln!(
            s,
            "  … and {} more (--json lists up to 10,000)",
            group_digits(found - r.candidates.len().min(PRINTED) as u64)
        );
    }
    let o = r.outcome;
    let streams = if o.streams_searched != o.seeds_covered {
        format!(" ({} distinct streams)", group_digits(o.streams_searched))
    } else {
        String::new()
    };
    let _ = writeln!(
        s,
        "\nsearched {} seeds{streams} in {:.2} s: {} seeds/s ({})",
        group_digits(o.seeds_covered),
        o.seconds,
        rate(o.seeds_per_second()),
        r.how
    );
    if let Some(reason) = o.stopped {
        let _ = writeln!(s, "INCOMPLETE: {}; the candidates are those of the seeds searched", reason.stopped_by());
    }
    s
}

#[derive(serde::Serialize)]
struct JsonDeal<'a> {
    seats: &'a [Vec<Card>],
    bottom: &'a [Card],
}

#[derive(serde::Serialize)]
struct JsonCandidate<'a> {
    seed: u64,
    equivalent_seeds: &'a [u64],
    deal: JsonDeal<'a>,
}

#[derive(serde::Serialize)]
struct JsonCrack<'a> {
    space: Option<u64>,
    searched: u64,
    seconds: f64,
    information_bits: f64,
    candidates: Vec<JsonCandidate<'a>>,
}

/// `{"space": …, "searched": …, "seconds": …, "information_bits": …, "candidates": [...]}`.
pub fn render_json(r: &CrackResult) -> String {
    let doc = JsonCrack {
        space: r.space.size(),
        searched: r.outcome.seeds_covered,
        seconds: r.outcome.seconds,
        information_bits: r.problem.information_bits(),
        candidates: r
            .candidates
            .iter()
            .map(|c| JsonCandidate {
                seed: c.seed,
                equivalent_seeds: &c.equivalent_seeds,
                deal: JsonDeal { seats: &c.deal.seats, bottom: &c.deal.bottom },
            })
            .collect(),
    };
    let mut s = serde_json::to_string(&doc).expect("plain data serialises");
    s.push('\n');
    s
}

/// The table of `crack --trials`.
pub fn render_trials(rows: &[ViewTrials]) -> String {
    let mut s = format!(
        "{:>5} {:>6} {:>7} {:>8} {:>11} {:>13} {:>13}\n",
        "cards", "bits", "trials", "unique", "median cand", "unseen right", "seeds/s"
    );
    for r in rows {
        let _ = writeln!(
            s,
            "{:>5} {:>6.1} {:>7} {:>7.1}% {:>11} {:>12.1}% {:>13}",
            r.cards,
            r.bits,
            r.trials,
            100.0 * r.unique as f64 / r.trials.max(1) as f64,
            r.median_candidates,
            100.0 * r.unseen_right,
            rate(r.seeds_per_second)
        );
    }
    s
}

/// `text` padded to `width` terminal columns (CJK characters take two).
fn pad(text: &str, width: usize) -> String {
    let w: usize = text.chars().map(|c| if ('\u{2E80}'..='\u{9FFF}').contains(&c) { 2 } else { 1 }).sum();
    format!("{text}{}", " ".repeat(width.saturating_sub(w)))
}

/// The text output of `seeds`.
pub fn render_budget(b: &Budget, rng: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "seed space: {}", b.space);
    let seeds = b.seeds.map_or(format!("2^{:.1}", b.log2_seeds), group_digits);
    let streams = b.distinct_streams.map_or(format!("2^{:.1}", b.log2_streams), group_digits);
    let _ =
        writeln!(s, "  seeds: {seeds} (2^{:.1}); distinct streams: {streams} (2^{:.1})", b.log2_seeds, b.log2_streams);
    let _ = writeln!(
        s,
        "  distinct decks reachable: at most 2^{:.1}, against log2 n! = {:.1}: {}",
        b.log2_decks,
        b.log2_orders,
        if b.log2_decks + 1.0 < b.log2_orders {
            format!("only a 2^-{:.1} share of the orders can ever be dealt", b.log2_orders - b.log2_decks)
        } else {
            "every order can be dealt".to_string()
        }
    );
    let _ = writeln!(
        s,
        "  in {} decks, each from its own seed: {} repeated pairs expected, {} decks equal to an earlier one",
        group_digits(b.decks_dealt),
        expectation(b.expected_repeated_pairs),
        expectation(b.expected_repeated_decks)
    );
    if b.strong_generator_weak_seed {
        let _ = writeln!(
            s,
            "  {rng} is a strong generator, but seeded from this space it deals no more distinct decks than rand() \
             seeded the same way: the seed, not the generator, decides what an observer can compute"
        );
    }
    let _ = writeln!(s, "\n{} {:>6} {:>16}  pins the seed", pad("view", 44), "bits", "false candidates");
    for v in &b.views {
        let _ = writeln!(s, "{} {:>6.1} {:>16}  {}", pad(&v.view, 44), v.bits, expectation(v.false_candidates), v.pins);
    }
    s
}
