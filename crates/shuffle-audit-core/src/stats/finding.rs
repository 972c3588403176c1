//! What a test found, as data: the cells, cards, positions, ratios, counts and means that its sentences need.
//!
//! Every statistic returns its finding with its p-value ([`crate::stats::TestResult::finding`]); the words, in
//! English and in Chinese, are the reports' (`report::i18n`), rendered from these numbers, so both languages
//! say the same thing and no statistic formats text. Cards are ids of an `n`-card deck (named by
//! [`crate::cards::card_name`] when rendered), positions and seats are 0-based. The findings of the game tests
//! are here too, as plain data (a seat is its index, a deal's group a [`DealGroup`], an exact odds an
//! [`Exact`]), so that the game layer above builds them without this layer knowing its types.

use crate::cards::Card;
use crate::stats::{LnP, TestId};
use serde::Serialize;

/// An observed/expected ratio with its (position, card).
pub type CellRatio = (f64, (usize, usize));

/// An observed/expected ratio with the (group, card) of a seat-by-card cell.
pub type GroupRatio = (f64, (DealGroup, usize));

/// The explanations speak of chance while both tails stay above `ln p = −10` (p ≈ 4.5e-5), and of a bias below.
pub const CHANCE_LN_P: LnP = -10.0;

/// Whether a test's p-values (upper tail, and lower tail where it has one) are within chance: above
/// [`CHANCE_LN_P`].
pub fn within_chance(ln_p: LnP, ln_p_low: Option<LnP>) -> bool {
    ln_p > CHANCE_LN_P && ln_p_low.is_none_or(|l| l > CHANCE_LN_P)
}

/// Whether a chi-square statistic's excess over its degrees of freedom is within two standard deviations of
/// noise (`X² − df ≤ 2·√(2·df)`): the position-by-card and seat-by-card findings are then "within noise".
pub fn excess_within_noise(statistic: f64, df: f64) -> bool {
    statistic - df <= 2.0 * (2.0 * df).sqrt()
}

/// The noise band of the observed/expected ratios of a `rows × cols` table of counts with `expected` per
/// cell: the half-width `z·√((1 − 1/cols)/expected)` with z the normal point at which `rows·cols` two-sided
/// cell tests reach [`CHANCE_LN_P`] together (Bonferroni), so a fair shuffle's most extreme ratio lies outside
/// `1 ± band` with probability about e^−10 ≈ 4.5e-5. A cell beyond it stands out at the family level; inside
/// it, the largest ratio is what noise gives.
pub fn cell_noise_band(rows: usize, cols: usize, expected: f64) -> f64 {
    noise_band(rows * cols, 1.0 / cols.max(1) as f64, expected)
}

/// The same band for one cell of a table of `cells` cells, the cell holding a `share` of each deck's draws
/// (a count that is Binomial(N, share), `expected = N·share`): `z·√((1 − share)/expected)`.
pub fn noise_band(cells: usize, share: f64, expected: f64) -> f64 {
    if expected <= 0.0 {
        return f64::INFINITY;
    }
    // P(|Z| > z) = P(χ²₁ > z²).
    let z =
        crate::stats::distributions::special::chi2_upper_quantile(CHANCE_LN_P - (cells.max(1) as f64).ln(), 1.0).sqrt();
    z * ((1.0 - share) / expected).sqrt()
}

/// Whether a cell's observed/expected ratio lies beyond a noise band.
pub fn stands_out(ratio: f64, band: f64) -> bool {
    (ratio - 1.0).abs() > band
}

/// One group of a deal's positions: a seat, the bottom cards or the undealt rest (the deal's own groups, as
/// plain data).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DealGroup {
    /// A player's hand (0-based seat).
    Seat(usize),
    /// The bottom cards (底牌).
    Bottom,
    /// The cards left in the deck.
    Undealt,
}

/// An exact value (a probability, a mean, a variance) as a fraction in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Exact {
    pub numer: u128,
    pub denom: u128,
}

/// A class of cards of the suit-by-position and rank-by-position tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardClass {
    /// A suit, 0..4: ♠ ♥ ♣ ♦.
    Suit(usize),
    /// A rank, 0..13: A, 2, …, K.
    Rank(usize),
    /// The two jokers of the 54-card deck.
    Jokers,
    /// A class of an arbitrary partition, by its index.
    Other(usize),
    /// One face of a shoe's base deck of `base` cards (its `copies` ids counted together).
    Face { card: usize, base: usize },
    /// A value class of blackjack and baccarat: 1 (A) to 9, and 10 for the ten-value cards (10, J, Q, K).
    Value(usize),
}

/// The fit of a histogram of a per-deck statistic (fixed points, cycles, rising sequences) against its exact
/// law.
#[derive(Clone, Debug, PartialEq)]
pub struct HistogramFinding {
    /// The observed mean of the statistic.
    pub mean: f64,
    /// Its mean under a uniform shuffle.
    pub fair_mean: f64,
    /// The value whose count strays most (of the values expected at least 5 times), with its observed/expected
    /// ratio.
    pub worst: (usize, f64),
    /// The most likely value never seen, with its expected count (only when at least 10 were expected).
    pub never: Option<(usize, f64)>,
    /// Cells of the chi-square after pooling.
    pub bins: usize,
    /// Decks that fell on values the exact law rules out (probability below 2.2e-308).
    pub impossible: u64,
    /// The value every deck had, when all had the same one (every deck a single cycle, every card in place):
    /// a fact of the counts, not an estimate.
    pub only: Option<usize>,
    /// Both tails within chance ([`within_chance`]).
    pub fair: bool,
}

/// The seed space a count of repeated decks implies ([`crate::stats::deck::duplicate_decks::seed_space`]):
/// C(M, 2)/pairs, with a 95% interval; with no repeated pair, a lower bound only.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeedSpaceEstimate {
    /// C(M, 2)/pairs (`None` without a repeated pair).
    pub estimate: Option<f64>,
    /// The interval's lower end (with no pair: the seed space is at least this, with 97.5% confidence).
    pub low: f64,
    /// The interval's upper end (`None` without a repeated pair).
    pub high: Option<f64>,
}

crate::names::named_enum! {
    /// A built-in guesser of the `guess` test (`--guesser NAME`). A shoe's guessers name faces with copies left.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Guesser("guesser") {
        /// The unseen card (face) most often at this position.
        Marginal => "marginal",
        /// The unseen card (face) that most often followed the last one shown.
        Successor => "successor",
        /// The smallest unseen card (face) above the last one shown.
        AboveLast => "above-last",
    }
}

impl Guesser {
    pub(crate) fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// Whether the guesser learns from the decks it has seen.
    pub fn learns(self) -> bool {
        !matches!(self, Guesser::AboveLast)
    }
}

/// One guesser's totals over the decks (or shoes) it scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GuessTotals {
    /// Decks scored.
    pub decks: u64,
    /// Right guesses over them.
    pub right: u64,
    /// The sum of the squares of each deck's right guesses (for the interval of the mean).
    pub right_squared: u64,
}

/// One guesser's outcome: its p and its extra cards per deck (per shoe) with a 99% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GuessOutcome {
    pub guesser: Guesser,
    pub totals: GuessTotals,
    /// ln P(a uniform shuffle's decks give at least this many right guesses).
    pub ln_p: LnP,
    /// Right guesses per deck a uniform shuffle gives this guesser: `H_n` for one deck, and for a shoe the
    /// realised `Σ p_j` per shoe (each step's copies left of the face it named over the cards left).
    pub chance: f64,
    /// Right guesses per deck beyond chance (`mean − chance`).
    pub extra: f64,
    /// Its 99% interval (normal: with the decks' own standard deviation for one deck, with the null's realised
    /// `Σ p_j(1 − p_j)` for a shoe).
    pub low: f64,
    pub high: f64,
}

/// What the `guess` test found: each guesser's right guesses per deck against chance.
#[derive(Clone, Debug, PartialEq)]
pub struct GuessFinding {
    pub n: usize,
    /// Copies of the base deck: 1 for a deck of distinct cards, K for a shoe, whose faces are guessed.
    pub copies: usize,
    /// Right guesses per deck a uniform shuffle gives the deciding guesser: `H_n` for one deck (any guesser), the
    /// realised `Σ p_j` per shoe for a shoe.
    pub chance: f64,
    /// The guesser with the smallest p (the one the test's p comes from).
    pub best: GuessOutcome,
    /// Every guesser's outcome.
    pub outcomes: Vec<GuessOutcome>,
    /// The test's p within chance ([`within_chance`]).
    pub fair: bool,
}

/// `second-level`: what the samples' p-values of one statistic look like (`run --samples S`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SecondLevelGroup {
    /// The statistic of the samples' deck battery.
    pub test: TestId,
    /// Which p of it: `p` (a one-sided test), `upper` or `lower` (a tail of a two-sided one), or the uniform
    /// transform a discrete statistic takes (`Sidak`, `mid-p`, a guesser's name).
    pub form: &'static str,
    /// The samples whose p entered (every sample the statistic applied to).
    pub samples: usize,
    /// Kolmogorov–Smirnov's D of the p-values against Uniform(0, 1), and its ln p.
    pub ks_d: f64,
    pub ks_ln_p: LnP,
    /// Anderson–Darling's A² and its ln p.
    pub ad_a2: f64,
    pub ad_ln_p: LnP,
}

impl SecondLevelGroup {
    /// The smaller of its two p-values, in logs.
    pub fn ln_p_min(&self) -> LnP {
        self.ks_ln_p.min(self.ad_ln_p)
    }
}

/// `second-level`: every statistic's group, and the one with the smallest p.
#[derive(Clone, Debug, PartialEq)]
pub struct SecondLevelFinding {
    /// Samples and decks per sample.
    pub samples: usize,
    pub sample_decks: u64,
    pub groups: Vec<SecondLevelGroup>,
    /// Index in `groups` of the group with the smallest p.
    pub worst: usize,
    /// The test's p within chance (its family p at least 0.01).
    pub fair: bool,
}

impl SecondLevelFinding {
    /// The group with the smallest p.
    pub fn worst(&self) -> &SecondLevelGroup {
        &self.groups[self.worst]
    }
}

/// What one test found.
#[derive(Clone, Debug, PartialEq)]
pub enum Finding {
    /// `position-card`: the cells with the largest and smallest observed/expected ratio.
    PositionCard {
        n: usize,
        most: CellRatio,
        least: CellRatio,
        /// The most over-represented card sits at its own starting position.
        stays_home: bool,
        /// The statistic's excess is within noise ([`excess_within_noise`]).
        within_noise: bool,
        /// The cells' noise band: a fair shuffle's most extreme of the n² ratios strays from 1 by more than
        /// this with probability about e^−10 ([`cell_noise_band`]); the headline names a cell only beyond it.
        noise_band: f64,
        /// Shuffles counted (the N of the noncentrality per shuffle).
        shuffles: u64,
    },
    /// `position-worst`: the least uniform position, and its card that strays most.
    PositionWorst { n: usize, position: usize, card: usize, ratio: f64 },
    /// `card-worst`: the least uniform card, and its position that strays most.
    CardWorst { n: usize, card: usize, position: usize, ratio: f64 },
    /// `adjacency`: the most and least frequent ordered pairs (a, b, ratio: b right after a) and the parts of the
    /// statistic.
    Adjacency {
        n: usize,
        most: (usize, usize, f64),
        least: (usize, usize, f64),
        symmetric: f64,
        antisymmetric: f64,
        pearson: f64,
        ends: f64,
        fair: bool,
    },
    /// `parity`: odd permutations among the decks.
    Parity { odd: u64, decks: u64, share: f64, fair: bool },
    /// `fixed-points`.
    FixedPoints(HistogramFinding),
    /// `cycles`.
    Cycles(HistogramFinding),
    /// `inversions`: the mean number of inverted pairs, against the exact Mahonian law (a histogram for small
    /// decks, `histogram = Some((bins, impossible))`) or its exact mean and variance (a z-test).
    Inversions {
        mean: f64,
        fair_mean: f64,
        /// One deck's standard deviation under the null.
        sd: f64,
        /// The mean's shift in units of `sd`.
        shift: f64,
        /// Inverted pairs, in percent of all pairs (50 for a fair shuffle).
        percent_inverted: f64,
        histogram: Option<(usize, u64)>,
        fair: bool,
    },
    /// `rising-sequences`.
    RisingSequences(HistogramFinding),
    /// `descents`.
    Descents(HistogramFinding),
    /// `turning-points`: the mean is the valleys' (peaks and valleys have the same fair mean), the worst value a
    /// number of turning points.
    TurningPoints(HistogramFinding),
    /// `runs-up-down`.
    RunsUpDown(HistogramFinding),
    /// `longest-increasing`.
    LongestIncreasing(HistogramFinding),
    /// `clumping`: a shoe's neighbours of equal value per deck (the histogram's value is the count).
    Clumping(HistogramFinding),
    /// `face-adjacency`: the most and least frequent ordered pairs of different faces (f, g, ratio: g right after
    /// f) and the two parts of the statistic.
    FaceAdjacency {
        /// Faces (the base deck's size), to name them.
        base: usize,
        most: (usize, usize, f64),
        least: (usize, usize, f64),
        symmetric: f64,
        antisymmetric: f64,
        fair: bool,
    },
    /// `face-serial`: the face-to-face cell at the same position of consecutive shoes that strays most, and the
    /// share of positions that keep their face as a ratio to a fair stream's.
    FaceSerial { base: usize, pairs: u64, from: usize, to: usize, ratio: f64, kept: f64, fair: bool },
    /// `guess`.
    Guess(GuessFinding),
    /// `second-level`: the samples' p-values of each statistic against Uniform(0, 1).
    SecondLevel(SecondLevelFinding),
    /// `full-permutation`: the most and least frequent orders with their observed/expected ratio.
    FullPermutation {
        n: usize,
        orders: usize,
        /// Expected count per order.
        expected: f64,
        most: (Vec<Card>, f64),
        least: (Vec<Card>, f64),
        /// Orders never seen.
        never: usize,
        fair: bool,
    },
    /// `suit-by-position`, `rank-by-position`: the class and position that stray most.
    ClassByPosition {
        class: CardClass,
        position: usize,
        ratio: f64,
        classes: usize,
        n: usize,
        fair: bool,
        /// The worst cell's noise band ([`noise_band`]); the headline names the cell only beyond it.
        noise_band: f64,
    },
    /// `serial-correlation`: the transition that strays most and the pooled position correlation.
    SerialCorrelation { pairs: u64, from: usize, to: usize, ratio: f64, correlation: f64, fair: bool },
    /// `duplicate-decks`: repeats among the first `decks` decks of the run (at most `window`).
    DuplicateDecks {
        decks: u64,
        window: u64,
        /// Decks equal to an earlier one.
        repeats: u64,
        /// Pairs of equal decks.
        pairs: u64,
        /// The most times one deck was seen.
        most: u64,
        /// Repeated pairs expected of a uniform shuffle: C(decks, 2)/n!.
        fair_pairs: f64,
        /// The seed space the pairs imply.
        seed_space: SeedSpaceEstimate,
        /// Within chance ([`within_chance`]).
        fair: bool,
    },
    /// `bottom-joker`: deals whose bottom holds a joker, against the exact probability.
    BottomJoker { hits: u64, deals: u64, rate: f64, exact: Exact, fair_rate: f64 },
    /// `rocket-seat`, `bomb-seat`: deals in which each seat holds the rocket (or a bomb); the worst seat.
    SeatRate { seat: usize, counts: Vec<u64>, deals: u64, exact: Exact, fair_rate: f64 },
    /// `big-cards-seat`, `bombs-per-hand`: each seat's mean count per hand; the worst seat and its z.
    SeatMean { seat: usize, means: Vec<f64>, fair_mean: f64, exact_mean: Exact, exact_variance: Exact, z: f64 },
    /// `niu-seat`: the worst seat's niu values (`counts[v]`, 0 = no niu … 10 = niu-niu) and the value that strays
    /// most, with its exact probability.
    NiuSeat { seat: usize, seats: usize, counts: Vec<u64>, deals: u64, value: usize, fair_rate: f64 },
    /// `baccarat-odds`: the first coups' banker, player and tie wins (`counts`, in that order) over `deals` shoes,
    /// against their exact odds; `outcome` strays most (in standard deviations of its own count).
    BaccaratOdds { counts: [u64; 3], deals: u64, exact: [Exact; 3], outcome: usize },
    /// `natural-rounds`: each seat's naturals (the players', then the dealer's) over `rounds` rounds of `shoes`
    /// shoes, against the `expected` naturals per seat, the sum of each round's exact odds over the cards left;
    /// `seat` strays most, by `z`.
    NaturalRounds { seat: usize, naturals: Vec<u64>, rounds: u64, shoes: u64, expected: f64, z: f64 },
    /// `seat-card`: the cells with the largest and smallest observed/expected ratio.
    SeatCard { n: usize, groups: usize, most: GroupRatio, least: GroupRatio, within_noise: bool },
    /// `seat-worst`: the least uniform group (with its cards per deal) and its card that strays most.
    SeatWorst { n: usize, groups: usize, group: DealGroup, group_cards: usize, card: usize, ratio: f64 },
    /// `card-seat-worst`: the card whose groups are least uniform, and its group that strays most.
    CardSeatWorst { n: usize, card: usize, group: DealGroup, ratio: f64 },
}
