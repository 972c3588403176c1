//! The findings `compare` reproduces: each row is a configuration and the verdict it must get.
//!
//! Shuffle counts are chosen so that every expected verdict holds with a wide margin while the whole catalogue
//! runs in well under two minutes on two cores. The one subtle finding, MSVC's 15-bit modulo bias in
//! Fisher–Yates, sets the budget: its exact excess of the scaled global statistic grows linearly, about 4.75
//! per million shuffles for 52 cards (REFERENCE: ≈ 3076 against 2601 at 10^8), so 2^28 ≈ 2.7·10^8 shuffles put
//! the expected statistic near 3876, about 17 standard deviations above its null mean.
//!
//! The last three rows deal every deck and judge it at the table. `fisher-yates` dealt as 斗地主 from the
//! rank-ordered deck must PASS. `wash` with the source's 54 swaps from the same deck, dealt in blocks, leaves
//! the jokers near the bottom: the bottom cards hold a joker in about 33% of deals instead of 52/477 ≈ 10.9%,
//! about 360 standard deviations off at 2^18 deals (p ≈ 10^-19381 with the default seed), and seat 3, dealt the aces and 2s, gets
//! about 3.65 big cards per hand instead of 3.15. `pair-swap` dealt as 斗牛 (5 seats in blocks) often leaves a
//! seat's starting hand (seat 5: ♥8 ♥9 ♥10 ♥J ♥Q, niu 7) in place; at 2^19 deals the worst seat's niu
//! distribution gives X² ≈ 360 on 10 df (p ≈ 10^-70), against a FAIL threshold of 10^-9.

use crate::deal::{DealConfig, DealShape, StartOrder};
use crate::game::Game;
use crate::rng::RngKind;
use crate::runner::PostProcess;
use crate::shuffle::{Algorithm, AlgorithmKind};
use crate::verdict::Verdict;

/// One catalogue row.
#[derive(Clone, Debug)]
pub struct Finding {
    pub algorithm: Algorithm,
    pub rng: RngKind,
    pub deck: usize,
    pub shuffles: u64,
    pub post: PostProcess,
    /// Deal every deck (the seat and game tests).
    pub deal: Option<DealConfig>,
    pub expected: Verdict,
}

const fn row(kind: AlgorithmKind, deck: usize, rng: RngKind, shuffles: u64, expected: Verdict) -> Finding {
    Finding {
        algorithm: Algorithm { kind, swaps: None },
        rng,
        deck,
        shuffles,
        post: PostProcess { cut: false, burn: 0 },
        deal: None,
        expected,
    }
}

/// The catalogue, in display order.
pub fn findings() -> Vec<Finding> {
    use AlgorithmKind::*;
    use RngKind::*;
    use Verdict::*;
    let wash = |swaps: usize, shuffles: u64| Finding {
        algorithm: Algorithm { kind: Wash, swaps: Some(swaps) },
        ..row(Wash, 54, Chacha8, shuffles, Fail)
    };
    let deal = |game: Game, order: StartOrder| {
        let shape = DealShape { order: Some(order), ..Default::default() };
        Some(DealConfig::new(game, None, shape).expect("the catalogue's deals are valid"))
    };
    let doudizhu_rank = deal(Game::Doudizhu, StartOrder::Rank);
    vec![
        row(FisherYates, 52, Chacha8, 1 << 22, Pass),
        row(FisherYates, 52, Msvc, 1 << 28, Fail),
        row(FisherYatesForward, 54, Chacha8, 1 << 22, Pass),
        row(VecErase, 54, Chacha8, 1 << 21, Pass),
        row(RejectRetryFixed, 54, Chacha8, 1 << 20, Pass),
        row(MarkArray, 52, Chacha8, 1 << 20, Pass),
        row(PairSwap, 54, Chacha8, 1 << 18, Fail),
        wash(54, 1 << 20),
        wash(108, 1 << 20),
        row(NaiveSwap, 52, Chacha8, 1 << 20, Fail),
        row(NaiveSwapOffByOne, 52, Chacha8, 1 << 20, Fail),
        row(Identity, 52, Chacha8, 1 << 14, Fail),
        row(RejectRetry, 54, Glibc, 1 << 20, Broken),
        row(DirectDraw, 52, Glibc, 1 << 20, Broken),
        Finding { deal: doudizhu_rank, ..row(FisherYates, 54, Chacha8, 1 << 20, Pass) },
        Finding { deal: doudizhu_rank, ..wash(54, 1 << 18) },
        Finding { deal: deal(Game::Douniu, StartOrder::Suit), ..row(PairSwap, 52, Chacha8, 1 << 19, Fail) },
    ]
}
