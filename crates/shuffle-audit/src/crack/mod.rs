//! Predictability: the seeds a dealer can have used, and recovering them from what one seat sees.
//!
//! A dealer that seeds `rand()` from the clock (S1's `srand(time(NULL))`, the 斗地主 material's `srand(time(0))`)
//! deals decks that pass every statistical test, yet only as many distinct deals can come out as there are
//! seeds: a seat that sees its own hand and roughly knows when the deal happened can run every possible seed
//! through the dealer's program and keep those that deal it that hand — usually exactly one, which predicts
//! every other hand. PlanetPoker's shuffle fell this way in 1999 (Arkin, Hill, Marks, Schmid and Walls, "How We
//! Learned to Cheat at Online Poker"). Its files:
//! - `clock`: RFC 3339 and Unix times;
//! - `space`: seed spaces (clock windows, ranges, the whole seed space, OS keys) and the seeds that give one
//!   stream (MSVC's twins s and s + 2^31, glibc's 0 and 1);
//! - `problem`: the dealer's program and the seat's view, the checks, and the view's information in bits;
//! - `search`: the parallel search with early rejection; `lanes`, its vectorised MSVC filter, and `engine_lanes`,
//!   its vectorised Mersenne Twister seedings (C++'s `std::mt19937`, Python's `random.seed`);
//! - [`budget`]: what a seeding policy allows (distinct decks, expected repeats, the bits of common views);
//! - `trials`: hidden seeds drawn at random and cracked, for ground truth;
//! - `v8`: V8's `Math.random`, whose state is recovered from shown deals by linear algebra instead of searched;
//! - `exec`: a dealer the tool does not know, run as the user's own program over a seed range.

pub(crate) mod budget;
pub(crate) mod clock;
pub(crate) mod engine_lanes;
pub(crate) mod exec;
pub(crate) mod findings;
pub(crate) mod lanes;
pub(crate) mod problem;
pub(crate) mod search;
pub(crate) mod space;
pub(crate) mod trials;
pub(crate) mod v8;

pub use budget::{Budget, PolicyBits, ViewBudget, budget, policy_bits};
pub use exec::{ExecCandidate, ExecOutcome, ExecSearch, SEED_MARK, search as search_exec};
pub use findings::{CrackFinding, CrackFindingOutcome, Expect, findings, run as run_finding};
pub use lanes::Isa;
pub use problem::{Deal, Dealer, Problem, View, Walk, parse_cards};
pub use report::{CrackResult, rate, render_budget, render_json, render_text, render_trials, render_trials_json};
pub use search::{
    Candidate, SEARCH_LIMIT_LOG2, SearchOptions, SearchOutcome, TooLarge, candidates, check_range, deal_for, search,
    search_method,
};
pub use space::{Clock, SeedPolicy, SeedSpace, SpaceFlags, SpaceRequest, parse_seed_range};
pub use trials::{TrialsOutcome, TrialsRequest, run as run_trials};
pub use v8::{
    MAX_SHOWN_DRAWS, ShownDeals, ShownError, V8Outcome, read_shown, recover_v8, render_v8_json, render_v8_text,
};
pub(crate) mod report;
