//! `crack` and `seeds` output: pure renderers from the search's and the budget's plain data.

use std::fmt::Write;

use crate::audit::stop::StopReason;
use crate::cards::{Card, NameStyle, card_name};
use crate::crack::budget::Budget;
use crate::crack::trials::{TrialsOutcome, TrialsRequest, ViewTrials};
use crate::crack::{Candidate, Problem, SearchOutcome, SeedSpace};
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
pub(crate) const PRINTED: usize = 20;

fn names(cards: &[Card], n: usize) -> String {
    cards.iter().map(|&c| card_name(c, n, NameStyle::Symbol)).collect::<Vec<_>>().join(" ")
}

/// `1.2e-3`-style for small expectations, plain otherwise.
pub(crate) fn expectation(x: f64) -> String {
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
pub(crate) fn budget_lines(problem: &Problem, space: &SeedSpace) -> String {
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
        "dealer: {} once, {} with {}, deal {} of {}",
        p.dealer.rng.seeding_call().trim_end_matches("(seed)"),
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

/// The table of `crack --trials`, over the trials done; a run stopped early says how many of how many.
pub fn render_trials(t: &TrialsOutcome) -> String {
    let mut s = format!(
        "{:>5} {:>6} {:>7} {:>8} {:>11} {:>13} {:>13}\n",
        "cards", "bits", "trials", "unique", "median cand", "unseen right", "seeds/s"
    );
    let or_dash = |x: Option<String>| x.unwrap_or_else(|| "-".to_string());
    for r in &t.views {
        let _ = writeln!(
            s,
            "{:>5} {:>6.1} {:>7} {:>8} {:>11} {:>13} {:>13}",
            r.cards,
            r.bits,
            r.trials,
            or_dash(r.unique_share.map(|x| format!("{:.1}%", 100.0 * x))),
            or_dash(r.median_candidates.map(|x| x.to_string())),
            or_dash(r.unseen_right.map(|x| format!("{:.1}%", 100.0 * x))),
            or_dash(r.seeds_per_second.map(rate))
        );
    }
    if t.done < t.requested {
        let why = t.stopped.map_or("stopped".to_string(), |r| r.stopped_by());
        let over = match t.done {
            0 => "no figures".to_string(),
            1 => "the figures are those of that trial".to_string(),
            n => format!("the figures are over those {} trials", group_digits(n)),
        };
        let _ = writeln!(
            s,
            "PARTIAL: {} of {} trials done ({why}); {over}",
            group_digits(t.done),
            group_digits(t.requested)
        );
    }
    s
}

#[derive(serde::Serialize)]
struct JsonTrials<'a> {
    space: Option<u64>,
    seat: usize,
    ordered: bool,
    seed: u64,
    trials: u64,
    done: u64,
    stopped: Option<StopReason>,
    views: &'a [ViewTrials],
}

/// `{"space", "seat", "ordered", "seed", "trials", "done", "stopped", "views": [{"cards", "bits", "trials",
/// "unique", "unique_share", "median_candidates", "unseen_right", "seeds_per_second"}]}`: the table's figures
/// unrounded (`null` for a view without trials), the seat 1-based.
pub fn render_trials_json(space: &SeedSpace, request: &TrialsRequest, t: &TrialsOutcome) -> String {
    let doc = JsonTrials {
        space: space.size(),
        seat: request.seat + 1,
        ordered: request.ordered,
        seed: request.seed,
        trials: t.requested,
        done: t.done,
        stopped: t.stopped,
        views: &t.views,
    };
    let mut s = serde_json::to_string(&doc).expect("plain data serialises");
    s.push('\n');
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
    let orders = if b.copies > 1 {
        format!("log2 of the shoe's orders by face (N!/K!^faces, K = {}) = {:.1}", b.copies, b.log2_orders)
    } else {
        format!("log2 n! = {:.1}", b.log2_orders)
    };
    let _ = writeln!(
        s,
        "  distinct decks reachable: at most 2^{:.1}, against {orders}: {}",
        b.log2_decks,
        if b.log2_decks + 1.0 < b.log2_orders {
            format!("only a 2^-{:.1} share of the orders can ever be dealt", b.log2_orders - b.log2_decks)
        } else {
            "every order can be dealt".to_string()
        }
    );
    if let Some(arcs) = b.log2_phase_decks {
        let _ = writeln!(
            s,
            "  the deck is a function of seed mod 2π: a Fisher–Yates deck of these cards is constant on each of at \
             most 2^{arcs:.1} arcs of the turn (4 · 10000 · Σ(i+1)), however many seeds{}",
            if arcs < b.log2_streams {
                "; seeds on one arc deal one deck, so a view pins the deck, not the seed"
            } else {
                ""
            }
        );
    }
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
    if !b.policies.is_empty() {
        // Bits: log2 of the distinct streams the seeding can start, against the deck's log2 n!.
        let w = b.policies.iter().map(|p| p.policy.chars().count()).max().unwrap_or(0).max("seeding".len());
        let pw = b.policies.iter().map(|p| p.program.chars().count()).max().unwrap_or(0);
        let _ = writeln!(s, "\n{:<w$}  {:<pw$}  {:>5}  {:>6}", "seeding", "program", "bits", "deck");
        for p in &b.policies {
            let _ =
                writeln!(s, "{:<w$}  {:<pw$}  {:>5.1}  {:>6.1}", p.policy, p.program, p.log2_streams, p.log2_orders);
        }
    }
    if b.views.is_empty() {
        let _ = writeln!(
            s,
            "\nno views listed: a shoe's hands are not uniform draws of distinct cards, and the bits they reveal are \
             not counted here"
        );
        return s;
    }
    let _ = writeln!(s, "\n{} {:>6} {:>16}  pins the seed", pad("view", 44), "bits", "false candidates");
    for v in &b.views {
        let _ = writeln!(s, "{} {:>6.1} {:>16}  {}", pad(&v.view, 44), v.bits, expectation(v.false_candidates), v.pins);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(cards: usize, trials: u64, unique: u64, median: f64) -> ViewTrials {
        let some = |x: f64| (trials > 0).then_some(x);
        ViewTrials {
            cards,
            bits: 3.4 * cards as f64,
            trials,
            unique,
            unique_share: some(unique as f64 / trials.max(1) as f64),
            median_candidates: (trials > 0).then_some(median),
            unseen_right: some(0.5),
            seeds_per_second: some(1.3e6),
        }
    }

    #[test]
    fn the_trials_table_says_how_many_trials_of_how_many_it_is_over() {
        let done = TrialsOutcome {
            requested: 4,
            done: 4,
            stopped: None,
            views: vec![view(1, 4, 0, 27.5), view(2, 4, 3, 1.0)],
        };
        assert_eq!(
            render_trials(&done),
            "cards   bits  trials   unique median cand  unseen right       seeds/s\n\
             \x20   1    3.4       4     0.0%        27.5         50.0%         1.3 M\n\
             \x20   2    6.8       4    75.0%           1         50.0%         1.3 M\n"
        );
        let cut = TrialsOutcome { requested: 1_000_000, done: 1234, stopped: Some(StopReason::Interrupt), ..done };
        assert!(render_trials(&cut).ends_with(
            "PARTIAL: 1,234 of 1,000,000 trials done (interrupted by SIGINT); the figures are over those 1,234 trials\n"
        ));
        let none = TrialsOutcome {
            requested: 10,
            done: 0,
            stopped: Some(StopReason::Terminate),
            views: vec![view(1, 0, 0, 0.0)],
        };
        assert_eq!(
            render_trials(&none).lines().skip(1).collect::<Vec<_>>(),
            [
                "    1    3.4       0        -           -             -             -",
                "PARTIAL: 0 of 10 trials done (interrupted by SIGTERM); no figures"
            ]
        );
    }
}
