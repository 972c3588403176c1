//! The findings `compare` reproduces: each row is a configuration and the verdict it must get.
//!
//! Shuffle counts are chosen so that every expected verdict holds with a wide margin while the whole catalogue
//! runs in about a minute on two cores with every test on. The one subtle finding, MSVC's 15-bit modulo bias in
//! Fisher–Yates, sets the budget: the exact marginals ([`crate::stats::exact::marginals`]) give a noncentrality of
//! about 601 per 10^8 shuffles for the scaled position-by-card statistic of 52 cards (docs/src/reference.md#fisher-yates-on-msvc-and-glibc: ≈ 475 measured
//! excess at 10^8 in one run) and 364 for suit-by-position, whose 153 degrees of freedom make it the more
//! sensitive. 2^27 ≈ 1.3·10^8 shuffles put the expected suit-by-position statistic near 153 + 489, 28 null
//! standard deviations above its null mean (position-by-card: 2601 + 807, 11 standard deviations), so FAIL holds
//! with a wide margin at half the cost of 2^28.
//!
//! Some rows also name tests that must reach a given verdict ([`Finding::checks`]): a cut deck must pass the
//! position test and fail adjacency, a 500-swap wash must pass positions and fail parity.
//!
//! The last three rows deal every deck and judge it at the table. `fisher-yates` dealt as 斗地主 from the
//! rank-ordered deck must PASS. `wash` with the source's 54 swaps from the same deck, dealt in blocks, leaves
//! the jokers near the bottom: the bottom cards hold a joker in about 33% of deals instead of 52/477 ≈ 10.9%,
//! about 360 standard deviations off at 2^18 deals (p ≈ 10^-19381 with the default seed), and seat 3, dealt the aces and 2s, gets
//! about 3.65 big cards per hand instead of 3.15. `pair-swap` dealt as 斗牛 (5 seats in blocks) often leaves a
//! seat's starting hand (seat 5: ♥8 ♥9 ♥10 ♥J ♥Q, niu 7) in place; at 2^19 deals the worst seat's niu
//! distribution gives X² ≈ 360 on 10 df (p ≈ 10^-70), against a FAIL threshold of 10^-9.

//!
//! The last two rows are about seeds. `fisher-yates` with MSVC, reseeded before every deal from all 2^32 seeds
//! (`--seeding per-deal`), passes every statistic of the deck at 10^6 decks and fails `duplicate-decks` alone:
//! about 233 repeated pairs where a fair shuffle expects 6·10^-57 (a PASS of the other twelve tests fails to
//! reproduce with probability about 10^-3, the SUSPICIOUS threshold over the family). Its control, ChaCha20
//! seeded once from the operating system (a new seed at every `compare`), passes every test, `duplicate-decks`
//! included (a repeat among 2^20 fair decks has probability below 7·10^-57).
//!
//! The last three rows are shoes: a fair 6-deck shoe passes the tests of its faces, a washed one fails by its
//! values' places and its clumps, and a new 8-deck baccarat shoe riffled once fails by the odds of its first
//! coup.

use crate::audit::source::{PostProcess, Seeding};
use crate::audit::verdict::Verdict;
use crate::game::Game;
use crate::game::deal::{DealConfig, DealShape, StartOrder};
use crate::rng::RngKind;
use crate::shuffle::{Algorithm, AlgorithmKind};
use crate::stats::TestId;

/// One catalogue row.
#[derive(Clone, Debug)]
pub struct Finding {
    pub algorithm: Algorithm,
    pub rng: RngKind,
    /// The deck, or one deck of a shoe of `copies` decks.
    pub deck: usize,
    pub copies: usize,
    pub shuffles: u64,
    pub post: PostProcess,
    /// Deal every deck (the seat and game tests).
    pub deal: Option<DealConfig>,
    pub expected: Verdict,
    /// Verdicts individual tests must reach for the finding to reproduce (test name, Holm-adjusted verdict): the
    /// point of a row such as "positions PASS, adjacency FAILs".
    pub checks: &'static [(TestId, Verdict)],
    /// Once per chunk, or a generator seeded anew for every deck.
    pub seeding: Seeding,
}

const fn row(kind: AlgorithmKind, deck: usize, rng: RngKind, shuffles: u64, expected: Verdict) -> Finding {
    Finding {
        algorithm: Algorithm::with_swaps(kind, None),
        rng,
        deck,
        copies: 1,
        shuffles,
        post: PostProcess { cut: false, burn: 0 },
        deal: None,
        expected,
        checks: &[],
        seeding: Seeding::Once,
    }
}

/// The tests of a shoe's faces, passing.
const SHOE_FACES_PASS: &[(TestId, Verdict)] = &[
    (TestId::FaceByPosition, Verdict::Pass),
    (TestId::SuitByPosition, Verdict::Pass),
    (TestId::RankByPosition, Verdict::Pass),
    (TestId::ValueByPosition, Verdict::Pass),
    (TestId::Clumping, Verdict::Pass),
    (TestId::FaceAdjacency, Verdict::Pass),
    (TestId::FaceSerial, Verdict::Pass),
];

/// A washed shoe: its values' places, its clumps and its faces' neighbours.
const SHOE_WASH_FAILS: &[(TestId, Verdict)] = &[
    (TestId::ValueByPosition, Verdict::Fail),
    (TestId::Clumping, Verdict::Fail),
    (TestId::FaceAdjacency, Verdict::Fail),
];

/// Every deck test of a 52-card run passing but `duplicate-decks`, failing: what a per-deal seeding over 2^32
/// seeds gets.
const ONLY_DUPLICATES_FAIL: &[(TestId, Verdict)] = &[
    (TestId::PositionCard, Verdict::Pass),
    (TestId::PositionWorst, Verdict::Pass),
    (TestId::CardWorst, Verdict::Pass),
    (TestId::Adjacency, Verdict::Pass),
    (TestId::Parity, Verdict::Pass),
    (TestId::FixedPoints, Verdict::Pass),
    (TestId::Cycles, Verdict::Pass),
    (TestId::Inversions, Verdict::Pass),
    (TestId::RisingSequences, Verdict::Pass),
    (TestId::Descents, Verdict::Pass),
    (TestId::TurningPoints, Verdict::Pass),
    (TestId::RunsUpDown, Verdict::Pass),
    (TestId::SuitByPosition, Verdict::Pass),
    (TestId::RankByPosition, Verdict::Pass),
    (TestId::SerialCorrelation, Verdict::Pass),
    (TestId::DuplicateDecks, Verdict::Fail),
];

/// Every deck test of a 52-card run passing, `duplicate-decks` included.
const EVERY_TEST_PASSES: &[(TestId, Verdict)] = &[
    (TestId::PositionCard, Verdict::Pass),
    (TestId::PositionWorst, Verdict::Pass),
    (TestId::CardWorst, Verdict::Pass),
    (TestId::Adjacency, Verdict::Pass),
    (TestId::Parity, Verdict::Pass),
    (TestId::FixedPoints, Verdict::Pass),
    (TestId::Cycles, Verdict::Pass),
    (TestId::Inversions, Verdict::Pass),
    (TestId::RisingSequences, Verdict::Pass),
    (TestId::Descents, Verdict::Pass),
    (TestId::TurningPoints, Verdict::Pass),
    (TestId::RunsUpDown, Verdict::Pass),
    (TestId::SuitByPosition, Verdict::Pass),
    (TestId::RankByPosition, Verdict::Pass),
    (TestId::SerialCorrelation, Verdict::Pass),
    (TestId::DuplicateDecks, Verdict::Pass),
];

/// The shelf machine with two passes: the older tests of the deck pass, turning-points fails.
const SHELF_TWO_PASSES: &[(TestId, Verdict)] = &[
    (TestId::PositionCard, Verdict::Pass),
    (TestId::Adjacency, Verdict::Pass),
    (TestId::Cycles, Verdict::Pass),
    (TestId::Inversions, Verdict::Pass),
    (TestId::RisingSequences, Verdict::Pass),
    (TestId::TurningPoints, Verdict::Fail),
];

impl Finding {
    /// The checks a report fails, as `test VERDICT (expected E)`.
    pub fn failed_checks(&self, tests: &[crate::audit::verdict::AssessedTest]) -> Vec<String> {
        self.checks
            .iter()
            .filter_map(|&(name, want)| match tests.iter().find(|t| t.result.test == name) {
                Some(t) if t.verdict == want => None,
                Some(t) => Some(format!("{name} {} (expected {want})", t.verdict)),
                None => Some(format!("{name} missing (expected {want})")),
            })
            .collect()
    }
}

/// The catalogue, in display order.
pub fn findings() -> Vec<Finding> {
    use AlgorithmKind::*;
    use RngKind::*;
    use Verdict::*;
    let wash = |swaps: usize, shuffles: u64| Finding {
        algorithm: Algorithm::with_swaps(Wash, Some(swaps)),
        ..row(Wash, 54, Chacha8, shuffles, Fail)
    };
    let riffle = |riffles: usize, shuffles: u64| Finding {
        algorithm: Algorithm::with_swaps(Riffle, Some(riffles)),
        ..row(Riffle, 52, Chacha8, shuffles, Fail)
    };
    let machine = |kind: AlgorithmKind, passes: usize, shuffles: u64| Finding {
        algorithm: Algorithm::with_swaps(kind, Some(passes)),
        ..row(kind, 52, Chacha8, shuffles, Fail)
    };
    let deal = |game: Game, order: StartOrder| {
        let shape = DealShape { order: Some(order), ..Default::default() };
        Some(DealConfig::new(game, None, shape).expect("the catalogue's deals are valid"))
    };
    let doudizhu_rank = deal(Game::Doudizhu, StartOrder::Rank);
    let baccarat = |decks: usize| {
        Some(DealConfig::shoe(Game::Baccarat, None, Some(decks), DealShape::default()).expect("a valid shoe"))
    };
    let post = |cut: bool, burn: usize, f: Finding| Finding { post: PostProcess { cut, burn }, ..f };
    let checked = |checks: &'static [(TestId, Verdict)], f: Finding| Finding { checks, ..f };
    vec![
        row(FisherYates, 52, Chacha8, 1 << 22, Pass),
        row(FisherYates, 52, Msvc, 1 << 27, Fail),
        row(FisherYatesForward, 54, Chacha8, 1 << 22, Pass),
        row(VecErase, 54, Chacha8, 1 << 21, Pass),
        row(RejectRetryFixed, 54, Chacha8, 1 << 20, Pass),
        row(MarkArray, 52, Chacha8, 1 << 20, Pass),
        row(PairSwap, 54, Chacha8, 1 << 18, Fail),
        wash(54, 1 << 20),
        wash(108, 1 << 20),
        row(NaiveSwap, 52, Chacha8, 1 << 20, Fail),
        row(NaiveSwapOffByOne, 52, Chacha8, 1 << 20, Fail),
        // Sattolo's loop (`j = r() % i`, Fisher-Yates one place short): every deck is one cycle of all its cards,
        // so no card ever stays in place (a fair shuffle leaves one in place a deck on average).
        checked(&[(TestId::FixedPoints, Fail), (TestId::Cycles, Fail)], row(Sattolo, 52, Chacha8, 1 << 14, Fail)),
        row(Identity, 52, Chacha8, 1 << 14, Fail),
        // A cut of an unshuffled deck: every position and every card is uniform (each line is exactly
        // multinomial), yet the order of the cards is intact.
        checked(
            &[(TestId::PositionWorst, Pass), (TestId::CardWorst, Pass), (TestId::Adjacency, Fail)],
            post(true, 0, row(Identity, 52, Chacha8, 1 << 14, Fail)),
        ),
        // "Start dealing from the 7th card" changes nothing for a fair shuffle.
        post(false, 6, row(FisherYates, 52, Chacha8, 1 << 20, Pass)),
        // 500 swaps mix the positions completely, but an even number of swaps is always an even permutation.
        checked(
            &[(TestId::PositionCard, Pass), (TestId::Parity, Fail)],
            Finding { algorithm: Algorithm::with_swaps(Wash, Some(500)), ..row(Wash, 54, Chacha8, 1 << 18, Fail) },
        ),
        // 8 cards: every one of the 40320 orders is a cell (52 expected per order).
        checked(&[(TestId::FullPermutation, Fail)], row(NaiveSwap, 8, Chacha8, 1 << 21, Fail)),
        checked(&[(TestId::FullPermutation, Pass)], row(FisherYates, 8, Chacha8, 1 << 21, Pass)),
        row(RejectRetry, 54, Glibc, 1 << 20, Broken),
        row(DirectDraw, 52, Glibc, 1 << 20, Broken),
        Finding { deal: doudizhu_rank, ..row(FisherYates, 54, Chacha8, 1 << 20, Pass) },
        Finding { deal: doudizhu_rank, ..wash(54, 1 << 18) },
        Finding { deal: deal(Game::Douniu, StartOrder::Suit), ..row(PairSwap, 52, Chacha8, 1 << 19, Fail) },
        // Riffles: the rising-sequence law after k riffles is exact (Bayer–Diaconis), so each verdict is a
        // computed noncentrality (λ₁ per shuffle for the rising-sequence chi-square, 52 cards): 2.2·10^10 at 4
        // riffles and 1.04 at 7 (2^14 shuffles: λ ≈ 17000), 7.1·10^-4 at 12, where 2^18 shuffles give λ ≈ 187
        // against about 20 degrees of freedom, 4.5 standard deviations past the FAIL threshold: "seven suffice"
        // for a card table, not for an audit.
        checked(&[(TestId::RisingSequences, Fail)], riffle(4, 1 << 12)),
        checked(&[(TestId::RisingSequences, Fail)], riffle(7, 1 << 14)),
        checked(&[(TestId::RisingSequences, Fail)], riffle(12, 1 << 18)),
        // Ten overhand passes move a card a few places: the positions are far from uniform.
        checked(&[(TestId::PositionCard, Fail)], row(Overhand, 52, Chacha8, 1 << 12, Fail)),
        // array.sort(() => Math.random() - 0.5) as V8 runs it: binary insertion leaves cards near home.
        checked(&[(TestId::PositionCard, Fail)], row(SortRandomComparator, 52, Chacha8, 1 << 14, Fail)),
        // A dealer that reseeds srand(seed) before every deal, from all 2^32 seeds: each deck is as uniform as
        // MSVC's first outputs and every statistic of the deck passes, but seeds s and s + 2^31 deal the same
        // deck, so 10^6 decks hold about C(10^6, 2)/2^31 ≈ 233 repeated pairs (a fair shuffle: 10^-56).
        Finding {
            seeding: Seeding::PerDeal { space: None },
            ..checked(ONLY_DUPLICATES_FAIL, row(FisherYates, 52, Msvc, 1_000_000, Fail))
        },
        // The control: ChaCha20 seeded once passes every test, duplicates included. Its seed is compare's, so the
        // row and the reference reports reproduce; what a production dealer keys it from (the operating system,
        // 2^256 keys) is the predictability section's control, which shows it cannot be searched.
        checked(EVERY_TEST_PASSES, row(FisherYates, 52, Chacha20, 1 << 20, Pass)),
        // Shuffling machines. The shelf shuffler of Diaconis, Fulman & Holmes (10 shelves): one pass leaves piles
        // that read down then up, about 9.4 valleys per deck instead of 16.67, which turning-points sees in 2^11
        // decks while the rising sequences pass. Two passes (what the maker shipped) pass every test of positions,
        // neighbours, cycles and rising sequences at 2^19 decks, and fail by turning-points: 16.63 valleys per
        // deck, an excess of about 6.4·10^-4 noncentrality per deck (measured 128 over 35 df at 200,000 decks),
        // so 2^19 decks put its statistic about 10 standard deviations past the FAIL threshold. Three passes
        // pass at 2^20 (no test sees them there). Eight perfect out-shuffles of 52 cards are the identity.
        checked(&[(TestId::TurningPoints, Fail), (TestId::RisingSequences, Pass)], machine(Shelf, 1, 1 << 11)),
        checked(SHELF_TWO_PASSES, machine(Shelf, 2, 1 << 19)),
        Finding { expected: Pass, ..checked(&[(TestId::TurningPoints, Pass)], machine(Shelf, 3, 1 << 20)) },
        machine(Faro, 8, 1 << 10),
        // Shoes. A fair 6-deck blackjack shoe passes the tests of faces, suits, ranks and values by position as
        // well as those of its 312 distinct cards.
        checked(SHOE_FACES_PASS, Finding { copies: 6, ..row(FisherYates, 52, Chacha8, 1 << 16, Pass) }),
        // A 6-deck shoe washed with 312 random swaps (one per card, as S4's wash does for one deck): the cards'
        // values stay near their new-shoe places (value-by-position, X² ≈ 10^6 on 2799 df at 20,000 shoes), sit
        // next to their like too often (clumping: X² = 149 on 38 df there, about 240 expected at 2^15) and keep
        // their new-shoe neighbours (face-adjacency: Q ≈ 1.65·10^5 on 2549 df at 2^15).
        Finding {
            algorithm: Algorithm::with_swaps(Wash, Some(312)),
            copies: 6,
            ..checked(SHOE_WASH_FAILS, row(Wash, 52, Chacha8, 1 << 15, Fail))
        },
        // A new 8-deck baccarat shoe riffled once: its first coup comes from the tops of two packets still in new
        // order; the player wins about 39% of shoes instead of 44.6% and ties about 12.3% instead of 9.5%
        // (X² = 536 on 2 df at 2^15 shoes with compare's seed, p ≈ 10^-116; the noncentrality, about 0.016 per
        // shoe, puts any seed's statistic a dozen standard deviations past the FAIL threshold), and the table's
        // odds lead the report.
        Finding { deal: baccarat(8), copies: 8, ..checked(&[(TestId::BaccaratOdds, Fail)], riffle(1, 1 << 15)) },
        // 掼蛋 dealt from two decks shuffled by pair-swap (S3's `r() % 1023` swaps of two random positions, so a
        // deck is often barely touched): the seats' cards still depend on where the cards started (seat-card X² ≈ 3700 on 321 df at 2^12 deals with compare's
        // seed, p ≈ 10^-570), while its jokers, bombs and straight flushes per seat are still near fair there.
        Finding {
            deal: deal(Game::Guandan, StartOrder::Suit),
            copies: 2,
            ..checked(&[(TestId::SeatCard, Fail)], row(PairSwap, 54, Chacha8, 1 << 12, Fail))
        },
    ]
}
