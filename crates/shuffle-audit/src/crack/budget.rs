//! What a seeding policy allows, before any search: how many distinct decks can come out, how many repeated
//! decks N deals from independently drawn seeds contain, and how much of the seed each common view reveals.
//!
//! N decks, each dealt after `srand` of a seed drawn uniformly from a space of `size` seeds whose streams have
//! multiplicities m (c_m of them: 1 or 2 for MSVC twins and glibc's 0 and 1, the wraps of a range for Go's seeds
//! kept modulo 2^31 − 1), so that stream probabilities are `m/size`. Expected repeated pairs:
//! `C(N, 2) · Σ p² = C(N, 2) · Σ c_m·m² / size²` (the
//! birthday count, about `N² / (2S)` for S equally likely decks); expected decks equal to an earlier one:
//! `N − Σ_streams (1 − (1 − p)^N)`. Distinct streams are taken to deal distinct decks (n! ≫ S; the output
//! says when it is not). A view of b bits leaves `(S − 1) · 2^(−b)` false candidates among S streams.
//!
//! A shoe of K copies of each of b faces takes N!/(K!)^b orders by face (6 decks: 2^1646.8), the count its
//! players can tell apart; its views are not listed (a hand of a shoe is not a uniform draw of distinct cards,
//! and the bits it reveals are not its count of orders).

use super::problem::{log2_arrangements, log2_choose};
use super::space::{SeedSpace, SpaceRequest};
use crate::game::deal::DealConfig;

/// A view and what it reveals.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ViewBudget {
    pub view: String,
    pub cards: usize,
    pub bits: f64,
    /// Expected seeds other than the true one that show the same view.
    pub false_candidates: f64,
    /// `yes` (fewer than 0.01 false candidates), `usually` (fewer than 1) or `no`.
    pub pins: &'static str,
}

/// What a policy allows.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Budget {
    pub space: String,
    /// Seeds in the space (`None` beyond 2^64 or for OS keys).
    pub seeds: Option<u64>,
    pub log2_seeds: f64,
    pub distinct_streams: Option<u64>,
    pub log2_streams: f64,
    /// log2 n!, or a shoe's log2 of N!/(K!)^b orders by face.
    pub log2_orders: f64,
    /// Copies of each face in the deck (a shoe); 1, and left out of the JSON, for one deck.
    #[serde(skip_serializing_if = "is_one")]
    pub copies: usize,
    /// log2 of the decks that can come out: `min(streams, n!)`, and for the sine idiom its arcs.
    pub log2_decks: f64,
    /// The sine idiom's bound: log2 of the arcs of `seed mod 2π` an n-card Fisher–Yates deck is constant on
    /// (`4 · 10000 · Σ_{m=2..n} m`), whatever the seed count; left out of the JSON for other generators.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log2_phase_decks: Option<f64>,
    /// N of the duplicate figures.
    pub decks_dealt: u64,
    pub expected_repeated_pairs: f64,
    pub expected_repeated_decks: f64,
    /// A modern generator seeded from a small space: no stronger than `rand()` seeded the same way.
    pub strong_generator_weak_seed: bool,
    pub views: Vec<ViewBudget>,
    /// The generator's common seedings side by side: each one's distinct streams in bits, against the deck's.
    pub policies: Vec<PolicyBits>,
}

/// One seeding policy's bits: how many distinct streams (so decks) it can start, in bits.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PolicyBits {
    /// `unix-ms ±1 h`.
    pub policy: String,
    /// The program's seeding, in its language: `new Random(System.currentTimeMillis())`.
    pub program: String,
    pub log2_streams: f64,
    /// The deck's log2 n! (or a shoe's orders by face), repeated for the table.
    pub log2_orders: f64,
}

/// The common seedings of `rng`: each clock over ±1 hour (any hour gives the same count), tick-count over a
/// month of uptime, and every seed its seeding takes.
pub fn policy_bits(rng: crate::rng::RngKind, log2_orders: f64) -> Vec<PolicyBits> {
    use super::space::{Clock, DEFAULT_MAX_PID, SeedPolicy, clock_expression};
    use crate::rng::Family;
    const NOON: i64 = 1_796_126_400_000;
    const HOUR: i64 = 3_600_000;
    let window = SpaceRequest::Window { from: NOON - HOUR, to: NOON + HOUR, offset_minutes: 0 };
    let rows: [(Clock, SpaceRequest, &str); 7] = [
        (Clock::Unix, window, "±1 h"),
        (Clock::UnixMs, window, "±1 h"),
        (Clock::MsSinceMidnight, SpaceRequest::All, "any time"),
        (Clock::TimeXorPid, window, "±1 h, pid ≤ 32768"),
        (Clock::TickCount, SpaceRequest::Uptime { from: 0, to: 30 * 24 * HOUR as u64 }, "up ≤ 30 d"),
        (Clock::DotnetTicks, window, "±1 h"),
        (Clock::Unix, SpaceRequest::All, "every seed"),
    ];
    let call = rng.seeding_call();
    // The clocks programs in the generator's language are seeded from.
    let used = |clock: Clock| match rng.facts().family {
        Family::CLibrary => !matches!(clock, Clock::UnixMs | Clock::DotnetTicks),
        Family::Java | Family::Python | Family::Cpp | Family::Go | Family::Php | Family::Ruby => {
            matches!(clock, Clock::Unix | Clock::UnixMs)
        }
        Family::Dotnet => !matches!(clock, Clock::MsSinceMidnight | Clock::TimeXorPid),
        Family::RustCrate => matches!(clock, Clock::Unix | Clock::MsSinceMidnight),
        Family::Lua => clock == Clock::Unix,
        Family::JavaScript => matches!(clock, Clock::Unix | Clock::UnixMs),
    };
    rows.into_iter()
        .filter(|&(clock, request, _)| used(clock) || request == SpaceRequest::All && clock == Clock::Unix)
        .filter_map(|(clock, request, span)| {
            let space = SeedSpace::new(SeedPolicy { rng, clock, request, max_pid: DEFAULT_MAX_PID }).ok()?;
            let every = request == SpaceRequest::All && clock == Clock::Unix;
            let policy = if every { span.to_string() } else { format!("{} {span}", clock.name()) };
            let program = if every {
                call.to_string()
            } else {
                call.replace("(seed)", &format!("({})", clock_expression(rng, clock)))
            };
            Some(PolicyBits { policy, program, log2_streams: space.log2_streams(), log2_orders })
        })
        .collect()
}

/// The views worth knowing for a deck (and a deal, when given): a seat's hand as a set and in order, hand +
/// bottom, five cards, and hold'em's two hole cards + flop on 52 cards.
pub(crate) fn common_views(n: usize, deal: Option<&DealConfig>) -> Vec<(String, usize, f64)> {
    let mut v = Vec::new();
    let title = deal.map_or("", |d| d.game.title());
    if let Some(d) = deal {
        let h = d.hand;
        v.push((format!("{title} hand: {h} of {n} as a set"), h, log2_choose(n, h)));
        v.push((format!("{title} hand: {h} of {n} in deal order"), h, log2_arrangements(n, h)));
        if d.bottom > 0 {
            let b = d.bottom;
            v.push((
                format!("{title} hand + bottom: {h} + {b} of {n}"),
                h + b,
                log2_choose(n, h) + log2_choose(n - h, b),
            ));
        }
    }
    if deal.is_none_or(|d| d.hand != 5) && n >= 5 {
        v.push((format!("5 of {n} as a set"), 5, log2_choose(n, 5)));
        v.push((format!("5 of {n} in deal order"), 5, log2_arrangements(n, 5)));
    }
    if n == 52 {
        v.push(("hold'em hole cards + flop: 2 + 3 of 52".into(), 5, log2_choose(52, 2) + log2_choose(50, 3)));
    }
    v
}

/// The budget of `space` for an n-card deck (and `deal`), with duplicates for `decks_dealt` decks.
fn is_one(k: &usize) -> bool {
    *k == 1
}

/// The budget of `space` for decks of `n` cards made of `copies` copies of each face (1 for one deck).
pub fn budget(space: &SeedSpace, n: usize, copies: usize, deal: Option<&DealConfig>, decks_dealt: u64) -> Budget {
    let copies = copies.max(1);
    let log2_orders = if copies == 1 {
        log2_arrangements(n, n)
    } else {
        crate::stats::deck::duplicate_decks::ln_orders_of_faces(n, copies) / std::f64::consts::LN_2
    };
    let log2_streams = space.log2_streams();
    let log2_phase_decks =
        if copies == 1 { space.policy.rng.facts().deck_bound.log2_fisher_yates_decks(n) } else { None };
    let phase_bound = log2_phase_decks.is_some_and(|p| p < log2_streams);
    let nn = decks_dealt as f64;
    let pairs = nn * (nn - 1.0) / 2.0;
    let (expected_repeated_pairs, expected_repeated_decks) = match (space.size(), space.stream_multiplicities()) {
        (Some(size), Some(multiplicities)) if !phase_bound => {
            // A stream of m seeds is dealt with probability p = m / size.
            let size_f = size as f64;
            let sum_p2 = multiplicities.iter().map(|&(m, c)| c as f64 * (m as f64 / size_f).powi(2)).sum::<f64>()
                + (-log2_orders).exp2();
            // Σ (1 − (1 − p)^N) with 1 − (1 − p)^N = −expm1(N · ln_1p(−p)).
            let hit = |p: f64| -(nn * (-p).ln_1p()).exp_m1();
            let distinct: f64 = multiplicities.iter().map(|&(m, c)| c as f64 * hit(m as f64 / size_f)).sum();
            (pairs * sum_p2, (nn - distinct).max(0.0))
        }
        _ => {
            // A 2^64 seed space or an OS key: every deal is its own (about C(N, 2) / n! repeats); the sine idiom's
            // arcs taken as equally likely, which gives the fewest repeats D decks can have.
            let log2_d = log2_orders.min(log2_streams).min(log2_phase_decks.unwrap_or(f64::INFINITY));
            let p = (-log2_d).exp2();
            (pairs * p, pairs * p)
        }
    };
    let false_of = |bits: f64| (log2_streams.exp2() - 1.0).max(0.0) * (-bits).exp2();
    let views = if copies > 1 { Vec::new() } else { common_views(n, deal) };
    let views = views
        .into_iter()
        .map(|(view, cards, bits)| {
            let false_candidates = false_of(bits);
            let pins = if false_candidates < 0.01 {
                "yes"
            } else if false_candidates < 1.0 {
                "usually"
            } else {
                "no"
            };
            ViewBudget { view, cards, bits, false_candidates, pins }
        })
        .collect();
    let policy = space.policy;
    Budget {
        space: space.description.clone(),
        seeds: space.size(),
        log2_seeds: space.log2_size,
        distinct_streams: space.distinct_streams(),
        log2_streams,
        log2_orders,
        copies,
        log2_decks: log2_streams.min(log2_orders).min(log2_phase_decks.unwrap_or(f64::INFINITY)),
        log2_phase_decks,
        decks_dealt,
        expected_repeated_pairs,
        expected_repeated_decks,
        strong_generator_weak_seed: !policy.rng.is_c_library()
            && policy.request != SpaceRequest::OsSeeded
            && space.log2_size <= 48.0,
        views,
        policies: policy_bits(space.policy.rng, log2_orders),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::crack::space::{Clock, DEFAULT_MAX_PID, SeedPolicy};
    use crate::rng::RngKind;

    fn space(rng: RngKind, clock: Clock, request: SpaceRequest) -> SeedSpace {
        SeedSpace::new(SeedPolicy { rng, clock, request, max_pid: DEFAULT_MAX_PID }).unwrap()
    }

    #[test]
    fn birthday_counts_match_the_published_ones() {
        // 10^6 decks: 116 pairs for 2^32 equally likely seeds, 233 for MSVC's 2^31 streams, 5,790 for
        // milliseconds in a day, essentially none for an OS-keyed ChaCha.
        let b = budget(&space(RngKind::Glibc, Clock::Unix, SpaceRequest::All), 52, 1, None, 1_000_000);
        assert_eq!(b.expected_repeated_pairs.round(), 116.0);
        let m = budget(&space(RngKind::Msvc, Clock::Unix, SpaceRequest::All), 52, 1, None, 1_000_000);
        assert_eq!(m.expected_repeated_pairs.round(), 233.0);
        assert!((m.expected_repeated_decks - 232.8).abs() < 0.1, "{}", m.expected_repeated_decks);
        let ms = budget(&space(RngKind::Chacha20, Clock::MsSinceMidnight, SpaceRequest::All), 52, 1, None, 1_000_000);
        assert_eq!(ms.expected_repeated_pairs.round(), 5787.0);
        assert!(ms.strong_generator_weak_seed);
        let os = budget(&space(RngKind::Chacha20, Clock::Unix, SpaceRequest::OsSeeded), 52, 1, None, 1_000_000);
        assert!(os.expected_repeated_pairs < 1e-50 && !os.strong_generator_weak_seed);
        assert!(os.views.iter().all(|v| v.pins == "no"));
        assert!(m.views.iter().find(|v| v.view.contains("5 of 52 as a set")).unwrap().pins == "no");
    }

    #[test]
    fn a_shoe_counts_its_orders_by_face() {
        // log2(312!/(6!)^52) = 1646.8: a 6-deck shoe's orders by face, against 2^31 MSVC streams.
        let b = budget(&space(RngKind::Msvc, Clock::Unix, SpaceRequest::All), 312, 6, None, 1_000_000);
        assert!((b.log2_orders - 1646.8).abs() < 0.05, "{}", b.log2_orders);
        assert_eq!((b.copies, b.log2_decks, b.views.len()), (6, 31.0, 0));
        let json = serde_json::to_value(&b).unwrap();
        assert_eq!(json["copies"], 6);
        let one = budget(&space(RngKind::Msvc, Clock::Unix, SpaceRequest::All), 52, 1, None, 1);
        assert!(serde_json::to_value(&one).unwrap().get("copies").is_none());
    }
}
