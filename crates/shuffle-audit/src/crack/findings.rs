//! The predictability rows `compare` reproduces, each with its expected outcome: a clock-seeded dealer whose
//! seed one seat's hand recovers (and with it every other hand), and the control that cannot be searched.
//!
//! - S1's 斗牛 dealer (fisher-yates, glibc, 5 seats) dealt at 2026-12-01T12:20:34Z (`srand(time(NULL))`, the
//!   deal of `tests/golden/s1-deal.glibc.txt`), cracked from seat 1's five cards within a one-hour window.
//! - A 斗地主 deal (fisher-yates-forward, msvc) from `srand(seed)` of compare's seed, cracked from seat 1's 17
//!   cards over all 2^32 seeds (2^31 streams; 45.4 bits pin one of them).
//! - The control: fisher-yates with ChaCha20 keyed by the operating system: 2^256 keys, refused.

use super::problem::{Dealer, Problem, View};
use super::search::{self, SearchOptions};
use super::space::{Clock, DEFAULT_MAX_PID, SeedPolicy, SeedSpace, SpaceRequest};
use crate::game::Game;
use crate::game::deal::{DealConfig, DealShape};
use crate::rng::RngKind;
use crate::shuffle::{Algorithm, AlgorithmKind};

/// What a row must show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The hidden seed is the only candidate and every hand is predicted.
    Cracked,
    /// The space is refused as too large to search.
    Refused,
}

/// One predictability row.
#[derive(Clone, Debug)]
pub struct CrackFinding {
    pub label: &'static str,
    pub dealer: Dealer,
    /// 0-based seat whose whole hand is seen.
    pub seat: usize,
    pub hidden_seed: u64,
    pub policy: SeedPolicy,
    /// The space in a few words.
    pub space_label: &'static str,
    pub expected: Expect,
}

/// What a row showed.
#[derive(Clone, Debug, PartialEq)]
pub struct CrackFindingOutcome {
    pub candidates: u64,
    /// The hidden seed's stream is among the candidates.
    pub true_seed_found: bool,
    /// The only candidate's deal is the hidden deal, every seat and the bottom.
    pub every_hand_predicted: bool,
    /// Why the search was refused.
    pub refused: Option<String>,
    pub seeds_covered: u64,
    pub seconds: f64,
}

impl CrackFindingOutcome {
    /// True when the row shows what it is expected to.
    pub fn reproduces(&self, expected: Expect) -> bool {
        match expected {
            Expect::Cracked => {
                self.refused.is_none() && self.candidates == 1 && self.true_seed_found && self.every_hand_predicted
            }
            Expect::Refused => self.refused.is_some(),
        }
    }
}

/// 2026-12-01T12:20:34Z, the golden S1 deal's `time(NULL)`.
pub(crate) const S1_DEAL_TIME: u64 = 1_796_127_634;

/// The rows, the 斗地主 one dealt from `srand(seed)` (compare's `--seed`, taken as 32 bits).
pub fn findings(seed: u64) -> Vec<CrackFinding> {
    let deal = |game| DealConfig::new(game, None, DealShape::default()).expect("the game's own deal");
    let dealer = |kind, rng, game| Dealer { algorithm: Algorithm::new(kind), rng, deal: deal(game), deal_number: 1 };
    let noon = 1_796_126_400_000i64;
    let policy = |rng, clock, request| SeedPolicy { rng, clock, request, max_pid: DEFAULT_MAX_PID };
    let window = |from: i64, to: i64| SpaceRequest::Window { from, to, offset_minutes: 0 };
    vec![
        CrackFinding {
            label: "S1 dealer: fisher-yates glibc 斗牛 5 seats",
            dealer: dealer(AlgorithmKind::FisherYates, RngKind::Glibc, Game::Douniu),
            seat: 0,
            hidden_seed: S1_DEAL_TIME,
            policy: policy(RngKind::Glibc, Clock::Unix, window(noon, noon + 3_600_000)),
            space_label: "time(NULL), one hour",
            expected: Expect::Cracked,
        },
        CrackFinding {
            label: "fisher-yates-forward msvc 斗地主",
            dealer: dealer(AlgorithmKind::FisherYatesForward, RngKind::Msvc, Game::Doudizhu),
            seat: 0,
            hidden_seed: seed & 0xffff_ffff,
            policy: policy(RngKind::Msvc, Clock::Unix, SpaceRequest::All),
            space_label: "all 2^32 seeds",
            expected: Expect::Cracked,
        },
        // The runtimes' dealers, seeded as their tutorials and issue trackers show, cracked from a 斗地主 hand.
        CrackFinding {
            label: "python: randint loop, 斗地主",
            dealer: dealer(AlgorithmKind::FisherYates, RngKind::Python, Game::Doudizhu),
            seat: 0,
            hidden_seed: (noon as u64) / 1000 + seed % 3600,
            policy: policy(RngKind::Python, Clock::Unix, window(noon, noon + 3_600_000)),
            space_label: "int(time.time()), 1 h",
            expected: Expect::Cracked,
        },
        CrackFinding {
            label: "java: Collections.shuffle, 斗地主",
            dealer: dealer(AlgorithmKind::LibraryShuffle, RngKind::Java, Game::Doudizhu),
            seat: 0,
            hidden_seed: (noon - 3_600_000) as u64 + seed % 7_200_001,
            policy: policy(RngKind::Java, Clock::UnixMs, window(noon - 3_600_000, noon + 3_600_000)),
            space_label: "currentTimeMillis ±1 h",
            expected: Expect::Cracked,
        },
        CrackFinding {
            label: "c++: std::shuffle mt19937, 斗地主",
            dealer: dealer(AlgorithmKind::LibraryShuffle, RngKind::Mt19937, Game::Doudizhu),
            seat: 0,
            hidden_seed: (noon as u64) / 1000 + seed % 3600,
            policy: policy(RngKind::Mt19937, Clock::Unix, window(noon, noon + 3_600_000)),
            space_label: "time(nullptr), 1 h",
            expected: Expect::Cracked,
        },
        CrackFinding {
            label: "c#: Next(i+1) loop, 斗地主",
            dealer: dealer(AlgorithmKind::FisherYates, RngKind::Dotnet, Game::Doudizhu),
            seat: 0,
            hidden_seed: 5_400_000 + seed % 3_600_000,
            policy: policy(RngKind::Dotnet, Clock::TickCount, SpaceRequest::Uptime { from: 3_600_000, to: 10_800_000 }),
            space_label: "TickCount, up 1-3 h",
            expected: Expect::Cracked,
        },
        CrackFinding {
            label: "control: fisher-yates chacha20 OS-keyed",
            dealer: dealer(AlgorithmKind::FisherYates, RngKind::Chacha20, Game::Douniu),
            seat: 0,
            hidden_seed: seed,
            policy: policy(RngKind::Chacha20, Clock::Unix, SpaceRequest::OsSeeded),
            space_label: "2^256 keys",
            expected: Expect::Refused,
        },
    ]
}

/// Deals the hidden seed, cracks it from the seat's hand, and compares.
pub fn run(f: &CrackFinding, options: &SearchOptions) -> CrackFindingOutcome {
    let space = SeedSpace::new(f.policy).expect("the rows' spaces are valid");
    let empty = Problem::new(f.dealer, View { seat: f.seat, cards: Vec::new(), ordered: false }).expect("valid");
    let truth = search::deal_for(&empty, f.hidden_seed).expect("every deal shows the empty view");
    let problem = Problem::new(f.dealer, View { seat: f.seat, cards: truth.seats[f.seat].clone(), ordered: false })
        .expect("a seat's own hand is a valid view");
    match search::search(&problem, &space, options) {
        Err(_) => CrackFindingOutcome {
            candidates: 0,
            true_seed_found: false,
            every_hand_predicted: false,
            refused: Some(format!(
                "{}, beyond the 2^{:.0} a search covers",
                space.description,
                search::SEARCH_LIMIT_LOG2
            )),
            seeds_covered: 0,
            seconds: 0.0,
        },
        Ok(outcome) => {
            let stream = space.equivalents_stream(f.hidden_seed)[0];
            let found = search::candidates(&problem, &space, &outcome);
            CrackFindingOutcome {
                candidates: outcome.found,
                true_seed_found: outcome.streams.contains(&stream),
                every_hand_predicted: found.len() == 1 && found[0].deal == truth,
                refused: None,
                seeds_covered: outcome.seeds_covered,
                seconds: outcome.seconds,
            }
        }
    }
}
