//! The shuffles shuffle-audit reproduces, each to the letter of its source, including the order of
//! generator calls and the modulo bias of `r() % k`.
//!
//! Every algorithm is a [`Shuffle`]: a value (most are zero-sized) whose generic `shuffle` method is
//! monomorphised over the generator, so the runner's inner loop has no dynamic dispatch. Algorithms permute the
//! deck they are given (with `--carry` that is the previous result; otherwise a fresh `0..n`), and report faults
//! as values: a retry loop that cannot finish, or output that is not a permutation.

mod direct_draw;
mod faro;
pub mod fastmod;
mod fisher_yates;
mod fisher_yates_batched;
mod fisher_yates_forward;
mod identity;
mod library_shuffle;
mod mark_array;
mod naive_swap;
mod naive_swap_off_by_one;
mod overhand;
mod pair_swap;
mod pile;
mod reject_retry;
mod reject_retry_fixed;
mod riffle;
mod sattolo;
mod shelf;
mod sort_random_comparator;
mod sort_random_key;
mod top_to_random;
mod vec_erase;
mod wash;

pub use direct_draw::DirectDraw;
pub use faro::{Faro, faro_pass};
pub use fisher_yates::FisherYates;
pub use fisher_yates_batched::FisherYatesBatched;
pub use fisher_yates_forward::FisherYatesForward;
pub use identity::Identity;
pub use library_shuffle::LibraryShuffle;
pub use mark_array::MarkArray;
pub use naive_swap::NaiveSwap;
pub use naive_swap_off_by_one::NaiveSwapOffByOne;
pub use overhand::{DEFAULT_PASSES, Overhand, overhand_pass};
pub use pair_swap::{FIXED_PSEUDOCODE as PAIR_SWAP_FIXED_PSEUDOCODE, PairSwap};
pub use pile::{DEFAULT_PILES, Pile, pile_pass};
pub use reject_retry::RejectRetry;
pub use reject_retry_fixed::RejectRetryFixed;
pub use riffle::{DEFAULT_RIFFLES, Riffle, riffle_once};
pub use sattolo::Sattolo;
pub use shelf::{DEFAULT_SHELVES, Shelf, shelf_pass};
pub use sort_random_comparator::{SortRandomComparator, v8_sort_random};
pub use sort_random_key::SortRandomKey;
pub use top_to_random::{TopToRandom, default_moves, top_to_random_move};
pub use vec_erase::VecErase;
pub use wash::Wash;

use crate::cards::{Card, PermutationDefect};
use crate::rng::RawRng;

/// How many draws a retry loop may spend on one card before it is declared not to terminate.
///
/// A fair retry loop over `m` slots with one free slot left needs `m` draws on average; 2^20 is thousands
/// of times that for any deck the tool accepts (m ≤ 1024), so a fair loop reaches the cap with probability
/// below `(1 − 1/1024)^(2^20) ≈ e^−1024`. The cap costs a few milliseconds when it is hit.
pub const RETRY_CAP: u64 = 1 << 20;

/// A retry loop that did not finish: which card could not be placed, after how many draws, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stuck {
    /// 0-based index of the card (in the source order) that found no slot.
    pub card_index: usize,
    /// Cards placed before it.
    pub placed: usize,
    /// Generator calls spent placing those cards (the draws for the stuck card excluded).
    pub draws_to_place: u64,
    /// Draws spent on the stuck card before giving up ([`RETRY_CAP`]).
    pub draws_on_stuck: u64,
    /// Slots still free when the loop gave up.
    pub free_slots: Vec<usize>,
    /// Slots the loop's `r() % m` can never produce.
    pub unreachable_slots: Vec<usize>,
    /// The partial result: `Some(card)` where a card was placed.
    pub partial: Vec<Option<Card>>,
}

/// What can go wrong inside one shuffle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A retry loop hit [`RETRY_CAP`] draws for one card.
    NonTermination(Box<Stuck>),
    /// The output repeats some cards and misses others.
    NotPermutation(PermutationDefect),
}

/// Reusable buffers, so that no shuffle allocates.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    pub cards: Vec<Card>,
    pub flags: Vec<bool>,
    pub seen: Vec<u32>,
    /// Sort keys, each with its card's position in the low 16 bits.
    pub keys: Vec<u128>,
}

impl Scratch {
    pub fn new(n: usize) -> Self {
        Scratch { cards: Vec::with_capacity(n), flags: vec![false; n], seen: vec![0; n], keys: Vec::with_capacity(n) }
    }
}

/// One shuffling algorithm.
pub trait Shuffle: Sync + Send {
    /// Permutes `deck` in place, drawing from `rng` exactly as the source does.
    fn shuffle<R: RawRng>(&self, deck: &mut [Card], rng: &mut R, scratch: &mut Scratch) -> Result<(), Fault>;
}

crate::names::named_enum! {
    /// The algorithms selectable with `--algorithm`, in the order `list` shows them.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum AlgorithmKind("algorithm") {
        FisherYates => "fisher-yates",
        FisherYatesBatched => "fisher-yates-batched",
        FisherYatesForward => "fisher-yates-forward",
        PairSwap => "pair-swap",
        Wash => "wash",
        VecErase => "vec-erase",
        RejectRetry => "reject-retry",
        RejectRetryFixed => "reject-retry-fixed",
        MarkArray => "mark-array",
        DirectDraw => "direct-draw",
        NaiveSwap => "naive-swap",
        NaiveSwapOffByOne => "naive-swap-off-by-one",
        Sattolo => "sattolo",
        Riffle => "riffle",
        Overhand => "overhand",
        TopToRandom => "top-to-random",
        SortRandomComparator => "sort-random-comparator",
        Shelf => "shelf",
        Pile => "pile",
        Faro => "faro",
        LibraryShuffle => "library-shuffle",
        SortRandomKey => "sort-random-key",
        Identity => "identity",
    }
}

/// Facts about an algorithm, for `list` and the reports.
pub struct AlgorithmInfo {
    pub kind: AlgorithmKind,
    pub name: &'static str,
    pub source: &'static str,
    /// What it does, in one line: in English, and in Chinese (the reports' two languages).
    pub summary: &'static str,
    pub summary_zh: &'static str,
    /// The loop, as pseudocode.
    pub pseudocode: &'static str,
}

/// The order in which a one-draw-a-card Fisher–Yates fills the deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sweep {
    /// `fisher-yates`: `for i in (1..n).rev() { j = r() % (i+1); swap(d[i], d[j]) }`.
    Backward,
    /// `fisher-yates-forward`: `for i in 0..n { j = i + r() % (n-i); swap(d[i], d[j]) }`.
    Forward,
}

impl AlgorithmKind {
    /// The sweep of the catalogue's one-draw-a-card Fisher–Yates loops (`fisher-yates` backward,
    /// `fisher-yates-forward` forward), which the seed search and the exact marginals model draw by draw; None for
    /// every other shuffle.
    pub fn fisher_yates_sweep(self) -> Option<Sweep> {
        match self {
            AlgorithmKind::FisherYates => Some(Sweep::Backward),
            AlgorithmKind::FisherYatesForward => Some(Sweep::Forward),
            AlgorithmKind::FisherYatesBatched
            | AlgorithmKind::PairSwap
            | AlgorithmKind::Wash
            | AlgorithmKind::VecErase
            | AlgorithmKind::RejectRetry
            | AlgorithmKind::RejectRetryFixed
            | AlgorithmKind::MarkArray
            | AlgorithmKind::DirectDraw
            | AlgorithmKind::NaiveSwap
            | AlgorithmKind::NaiveSwapOffByOne
            | AlgorithmKind::Sattolo
            | AlgorithmKind::Riffle
            | AlgorithmKind::Overhand
            | AlgorithmKind::TopToRandom
            | AlgorithmKind::SortRandomComparator
            | AlgorithmKind::Shelf
            | AlgorithmKind::Pile
            | AlgorithmKind::Faro
            | AlgorithmKind::LibraryShuffle
            | AlgorithmKind::SortRandomKey
            | AlgorithmKind::Identity => None,
        }
    }

    pub fn info(self) -> AlgorithmInfo {
        let (source, summary, summary_zh, pseudocode) = match self {
            AlgorithmKind::Identity => (
                "control",
                "no shuffle at all: the deck stays 0..n-1 (a control that must FAIL)",
                "完全不洗：牌保持 0..n-1 的顺序（必须判定 FAIL 的对照组）",
                "(nothing)",
            ),
            AlgorithmKind::FisherYates => (
                "S1 v3, S2",
                "Durstenfeld's backward Fisher-Yates; fair with a full-width generator, 15-bit modulo bias with MSVC",
                "Durstenfeld 的倒序 Fisher-Yates；使用全宽度随机数时公平，配合 MSVC 的 15 位 rand() 有取模偏差",
                fisher_yates::PSEUDOCODE,
            ),
            AlgorithmKind::FisherYatesBatched => (
                "fast fair reference (Brackett-Rozinsky & Lemire)",
                "fisher-yates --draw batched: several exactly unbiased draws per 64-bit word, no division",
                "fisher-yates --draw batched：每个 64 位随机数产生多个严格无偏的抽取，不做除法（快速的公平参照）",
                fisher_yates_batched::PSEUDOCODE,
            ),
            AlgorithmKind::FisherYatesForward => (
                "S5",
                "forward Fisher-Yates j = i + r() % (n-i); fair apart from modulo bias",
                "正序 Fisher-Yates，j = i + r() % (n-i)；除取模偏差外是公平的",
                fisher_yates_forward::PSEUDOCODE,
            ),
            AlgorithmKind::PairSwap => (
                "S3 method 2",
                "r() % 1023 random pair swaps; often barely touches the deck (biased)",
                "随机交换 r() % 1023 次；经常几乎没动牌（有偏差）",
                pair_swap::PSEUDOCODE,
            ),
            AlgorithmKind::Wash => (
                "S4",
                "k forced-distinct pair swaps (default k = n); parity fixed to k mod 2 (biased)",
                "k 次强制不同位置的两两交换（默认 k = n）；排列的奇偶性固定为 k mod 2（有偏差）",
                wash::PSEUDOCODE,
            ),
            AlgorithmKind::VecErase => (
                "S3 method 3",
                "draw r() % len and erase from a vector; fair apart from modulo bias, O(n^2)",
                "从数组中随机抽取 r() % len 并删除；除取模偏差外是公平的，复杂度 O(n^2)",
                vec_erase::PSEUDOCODE,
            ),
            AlgorithmKind::RejectRetry => (
                "S3 method 1 (as written)",
                "random position r() % (n-1) with retry; never terminates: the last slot is unreachable",
                "随机位置 r() % (n-1)，被占就重试；永远不会结束：最后一个位置永远抽不到",
                reject_retry::PSEUDOCODE,
            ),
            AlgorithmKind::RejectRetryFixed => (
                "S3 corrected, S5",
                "random position r() % n with retry; fair apart from modulo bias, ~n*H(n) draws",
                "随机位置 r() % n，被占就重试；除取模偏差外是公平的，约需 n*H(n) 次抽取",
                reject_retry_fixed::PSEUDOCODE,
            ),
            AlgorithmKind::MarkArray => (
                "S1 v2",
                "draw cards r() % n, retry if already used; fair apart from modulo bias, slow",
                "随机抽牌 r() % n，已用过就重抽；除取模偏差外是公平的，但很慢",
                mark_array::PSEUDOCODE,
            ),
            AlgorithmKind::DirectDraw => (
                "S1 v1",
                "d[i] = r() % n with no de-duplication: not a permutation (broken)",
                "d[i] = r() % n，不去重：结果不是排列（损坏）",
                direct_draw::PSEUDOCODE,
            ),
            AlgorithmKind::NaiveSwap => (
                "K (Bostock, Atwood)",
                "swap each card with r() % n: n^n paths over n! orders (biased)",
                "每张牌与 r() % n 位置交换：n^n 条路径分配到 n! 种顺序上，不可能均匀（有偏差）",
                naive_swap::PSEUDOCODE,
            ),
            AlgorithmKind::NaiveSwapOffByOne => (
                "K (1999 online-poker exploit)",
                "swap each card with r() % (n-1): the last card can never stay last (biased)",
                "每张牌与 r() % (n-1) 位置交换：最后一张牌永远不能留在最后（有偏差）",
                naive_swap_off_by_one::PSEUDOCODE,
            ),
            AlgorithmKind::Sattolo => (
                "K (Sattolo 1986; Java's nextInt(i) for nextInt(i+1))",
                "Fisher-Yates with j = r() % i: every deck one cycle of all n cards, no card ever stays (biased)",
                "Fisher-Yates 写成 j = r() % i：每副牌都是包含全部 n 张牌的一个轮换，没有一张牌留在原位（有偏差）",
                sattolo::PSEUDOCODE,
            ),
            AlgorithmKind::Riffle => (
                "GSR (Bayer & Diaconis 1992)",
                "k riffle shuffles (--riffles K, default 7): binomial cut, drops in proportion to packet sizes",
                "k 次鸽尾式洗牌（--riffles K，默认 7）：二项分布切牌，按两叠剩余张数的比例落牌",
                riffle::PSEUDOCODE,
            ),
            AlgorithmKind::Overhand => (
                "Pemantle 1989, Jonasson 2006",
                "k overhand passes (--passes K, default 10): cut at each gap with probability 1/2, packets reversed",
                "k 次过手洗牌（--passes K，默认 10）：每个牌缝以 1/2 的概率切开，各叠顺序颠倒",
                overhand::PSEUDOCODE,
            ),
            AlgorithmKind::TopToRandom => (
                "Aldous & Diaconis 1986",
                "k top-to-random moves (--moves K, default ceil(n*H(n)) = 236 for 52 cards)",
                "k 次把顶牌插到随机位置（--moves K，默认 ceil(n*H(n))，52 张牌为 236）",
                top_to_random::PSEUDOCODE,
            ),
            AlgorithmKind::SortRandomComparator => (
                "V8 Array.prototype.sort",
                "array.sort(() => Math.random() - 0.5) in V8's TimSort (Node 20): the sort decides how far cards travel (biased)",
                "用随机比较函数排序（V8 的 TimSort）：牌能移动多远由排序算法决定（有偏差）",
                sort_random_comparator::PSEUDOCODE,
            ),
            AlgorithmKind::Shelf => (
                "DFH (Diaconis, Fulman & Holmes 2013)",
                "casino shelf shuffler (--shelves M, default 10; --passes K, default 1): piles built on top or bottom",
                "赌场的格架式洗牌机（--shelves M，默认 10；--passes K，默认 1）：每张牌随机放进一格，放在该格牌堆的顶部或底部",
                shelf::PSEUDOCODE,
            ),
            AlgorithmKind::Pile => (
                "pile shuffle (card tables)",
                "deal into --piles P piles (default 7) and stack them (--pile-order fixed|random); fixed: a control",
                "把牌轮流发成 --piles P 堆（默认 7）再叠起来（--pile-order fixed|random）；fixed 时是对照组",
                pile::PSEUDOCODE,
            ),
            AlgorithmKind::Faro => (
                "Diaconis, Graham & Kantor 1983",
                "perfect faro shuffles (--faro out|in, --passes K, default 1): no randomness at all (a control)",
                "完美的法罗洗牌（--faro out|in，--passes K，默认 1）：完全没有随机性（对照组）",
                faro::PSEUDOCODE,
            ),
            AlgorithmKind::LibraryShuffle => (
                "Java, C++, Python runtimes",
                "the runtime's own shuffle (--rng java, mt19937 or python): Collections.shuffle, std::shuffle, random.shuffle",
                "运行时自带的洗牌（--rng java、mt19937 或 python）：Collections.shuffle、std::shuffle、random.shuffle",
                library_shuffle::PSEUDOCODE,
            ),
            AlgorithmKind::SortRandomKey => (
                "C# LINQ OrderBy",
                "deck.OrderBy(x => rng.Next()): stable sort by one random key per card; ties keep the input order",
                "deck.OrderBy(x => rng.Next())：按每张牌一个随机键做稳定排序；键相同时保持原顺序",
                sort_random_key::PSEUDOCODE,
            ),
        };
        AlgorithmInfo { kind: self, name: self.name(), source, summary, summary_zh, pseudocode }
    }

    /// The option that sets the algorithm's repetition count ([`Algorithm::swaps`]), without its `--`: `swaps`
    /// for wash and pair-swap, `riffles`, `passes` and `moves` for the hand shuffles; `None` for the others.
    pub fn repetition_option(self) -> Option<&'static str> {
        match self {
            AlgorithmKind::Wash | AlgorithmKind::PairSwap => Some("swaps"),
            AlgorithmKind::Riffle => Some("riffles"),
            AlgorithmKind::Overhand | AlgorithmKind::Shelf | AlgorithmKind::Faro => Some("passes"),
            AlgorithmKind::TopToRandom => Some("moves"),
            _ => None,
        }
    }

    /// Checks that the algorithm can be driven by `rng`: `library-shuffle` needs a runtime with a library shuffle,
    /// and the batched draws (`--draw batched`), which read 64-bit words, are not how a runtime draws.
    pub fn check_rng(self, rng: crate::rng::RngKind) -> Result<(), crate::error::ConfigError> {
        use crate::error::{ConfigError, Field};
        match self {
            AlgorithmKind::LibraryShuffle if rng.library_shuffle().is_none() => Err(ConfigError::new(
                Field::Rng,
                if rng == crate::rng::RngKind::Dotnet {
                    "dotnet has no library shuffle before .NET 8's Random.Shuffle, which is not reproduced: use \
                     --algorithm fisher-yates (the Next(i+1) loop) or sort-random-key (OrderBy(x => rng.Next()))"
                        .to_string()
                } else {
                    format!(
                        "{} has no library shuffle: library-shuffle is a runtime's own (--rng java, mt19937 or python)",
                        rng.name()
                    )
                },
            )),
            AlgorithmKind::FisherYatesBatched if rng.is_runtime() => Err(ConfigError::new(
                Field::Rng,
                format!(
                    "{} draws with its runtime's own bounded draw, not the 64-bit words of --draw batched: drop \
                     --draw batched (fisher-yates with --rng {} already draws as the runtime does)",
                    rng.name(),
                    rng.name()
                ),
            )),
            _ => Ok(()),
        }
    }

    /// True for algorithms whose every output is a permutation by construction (all but `direct-draw`).
    pub fn always_permutes(self) -> bool {
        self != AlgorithmKind::DirectDraw
    }
}

/// An algorithm with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Algorithm {
    pub kind: AlgorithmKind,
    /// The algorithm's repetition count: swaps for `wash` (`--swaps`); for `pair-swap`, a fixed count instead of
    /// the source's `r() % 1023`; riffles for `riffle` (`--riffles`), passes for `overhand` (`--passes`), moves
    /// for `top-to-random` (`--moves`); `None` is the algorithm's default. Ignored by the others.
    pub swaps: Option<usize>,
    /// The machine's layout: shelves for `shelf` (`--shelves`), piles for `pile` (`--piles`); `None` is the
    /// default (10 shelves, 7 piles). Not set for the others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<usize>,
    /// The machine's other mode: piles stacked in a random order (`pile --pile-order random`), in-shuffles
    /// (`faro --faro in`). Not set for the others.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub variant: bool,
}

impl Algorithm {
    pub const fn new(kind: AlgorithmKind) -> Self {
        Algorithm { kind, swaps: None, layout: None, variant: false }
    }

    /// The algorithm with a repetition count (see [`Algorithm::swaps`]).
    pub const fn with_swaps(kind: AlgorithmKind, swaps: Option<usize>) -> Self {
        Algorithm { kind, swaps, layout: None, variant: false }
    }

    /// Shelves of `shelf`, piles of `pile`: the given number or the default.
    pub fn layout_or_default(&self) -> usize {
        match self.kind {
            AlgorithmKind::Shelf => self.layout.unwrap_or(DEFAULT_SHELVES),
            _ => self.layout.unwrap_or(DEFAULT_PILES),
        }
    }

    /// Swaps `wash` performs on an `n`-card deck.
    pub fn wash_swaps(&self, n: usize) -> usize {
        self.swaps.unwrap_or(n)
    }

    /// The repetition count `riffle`, `overhand` and `top-to-random` perform on an `n`-card deck: the one given,
    /// else the default (7 riffles, 10 passes, ceil(n·H(n)) moves).
    pub fn repetitions(&self, n: usize) -> usize {
        match self.kind {
            AlgorithmKind::Riffle => self.swaps.unwrap_or(DEFAULT_RIFFLES),
            AlgorithmKind::Overhand => self.swaps.unwrap_or(DEFAULT_PASSES),
            AlgorithmKind::TopToRandom => self.swaps.unwrap_or_else(|| default_moves(n)),
            AlgorithmKind::Shelf | AlgorithmKind::Faro => self.swaps.unwrap_or(1),
            _ => self.wash_swaps(n),
        }
    }

    /// The machines' own options in command-line form, when given: `--shelves 20`, `--piles 5`,
    /// `--pile-order random`, `--faro in`.
    pub fn machine_options(&self) -> Vec<String> {
        let mut parts = Vec::new();
        match (self.kind, self.layout) {
            (AlgorithmKind::Shelf, Some(m)) => parts.push(format!("--shelves {m}")),
            (AlgorithmKind::Pile, Some(p)) => parts.push(format!("--piles {p}")),
            _ => {}
        }
        match (self.kind, self.variant) {
            (AlgorithmKind::Pile, true) => parts.push("--pile-order random".to_string()),
            (AlgorithmKind::Faro, true) => parts.push("--faro in".to_string()),
            _ => {}
        }
        parts
    }

    /// The loop as pseudocode: the source's, or the fixed-count variant's for `pair-swap --swaps K`.
    pub fn pseudocode(&self) -> &'static str {
        match self.kind {
            AlgorithmKind::PairSwap if self.swaps.is_some() => PAIR_SWAP_FIXED_PSEUDOCODE,
            k => k.info().pseudocode,
        }
    }

    /// Short label such as `wash(108)` or `fisher-yates`.
    pub fn label(&self, n: usize) -> String {
        match self.kind {
            AlgorithmKind::Wash => format!("wash({})", self.wash_swaps(n)),
            AlgorithmKind::PairSwap if self.swaps.is_some() => format!("pair-swap({})", self.wash_swaps(n)),
            AlgorithmKind::Riffle | AlgorithmKind::Overhand | AlgorithmKind::TopToRandom => {
                format!("{}({})", self.kind.name(), self.repetitions(n))
            }
            AlgorithmKind::Shelf => format!("shelf({}x{})", self.layout_or_default(), self.repetitions(n)),
            AlgorithmKind::Pile => {
                format!("pile({},{})", self.layout_or_default(), if self.variant { "random" } else { "fixed" })
            }
            AlgorithmKind::Faro => format!("faro({}x{})", if self.variant { "in" } else { "out" }, self.repetitions(n)),
            k => k.name().to_string(),
        }
    }
}

/// Calls `$body` with `$s` bound to the concrete [`Shuffle`] value for `$alg` (an [`Algorithm`]) and deck
/// size `$n`: the one place where the algorithm enum becomes a monomorphised type.
#[macro_export]
macro_rules! with_shuffle {
    ($alg:expr, $n:expr, $s:ident => $body:expr) => {{
        use $crate::shuffle::*;
        let alg: Algorithm = $alg;
        match alg.kind {
            AlgorithmKind::Identity => {
                let $s = Identity;
                $body
            }
            AlgorithmKind::FisherYates => {
                let $s = FisherYates;
                $body
            }
            AlgorithmKind::FisherYatesBatched => {
                let $s = FisherYatesBatched::new($n);
                $body
            }
            AlgorithmKind::FisherYatesForward => {
                let $s = FisherYatesForward;
                $body
            }
            AlgorithmKind::PairSwap => {
                let $s = PairSwap { swaps: alg.swaps };
                $body
            }
            AlgorithmKind::Wash => {
                let $s = Wash { swaps: alg.wash_swaps($n) };
                $body
            }
            AlgorithmKind::VecErase => {
                let $s = VecErase;
                $body
            }
            AlgorithmKind::RejectRetry => {
                let $s = RejectRetry;
                $body
            }
            AlgorithmKind::RejectRetryFixed => {
                let $s = RejectRetryFixed;
                $body
            }
            AlgorithmKind::MarkArray => {
                let $s = MarkArray;
                $body
            }
            AlgorithmKind::DirectDraw => {
                let $s = DirectDraw;
                $body
            }
            AlgorithmKind::NaiveSwap => {
                let $s = NaiveSwap;
                $body
            }
            AlgorithmKind::NaiveSwapOffByOne => {
                let $s = NaiveSwapOffByOne;
                $body
            }
            AlgorithmKind::Sattolo => {
                let $s = Sattolo;
                $body
            }
            AlgorithmKind::Riffle => {
                let $s = Riffle { riffles: alg.repetitions($n) };
                $body
            }
            AlgorithmKind::Overhand => {
                let $s = Overhand { passes: alg.repetitions($n) };
                $body
            }
            AlgorithmKind::TopToRandom => {
                let $s = TopToRandom { moves: alg.repetitions($n) };
                $body
            }
            AlgorithmKind::SortRandomComparator => {
                let $s = SortRandomComparator;
                $body
            }
            AlgorithmKind::Shelf => {
                let $s = Shelf { shelves: alg.layout_or_default(), passes: alg.repetitions($n) };
                $body
            }
            AlgorithmKind::Pile => {
                let $s = Pile { piles: alg.layout_or_default(), random_order: alg.variant };
                $body
            }
            AlgorithmKind::Faro => {
                let $s = Faro { passes: alg.repetitions($n), in_shuffle: alg.variant };
                $body
            }
            AlgorithmKind::LibraryShuffle => {
                let $s = LibraryShuffle;
                $body
            }
            AlgorithmKind::SortRandomKey => {
                let $s = SortRandomKey;
                $body
            }
        }
    }};
}

/// The random choices a shuffle makes, as the shuffles of people's hands and of a JavaScript sort state them:
/// the sampled shuffle answers them from a generator ([`RngDraws`]); the exact laws
/// ([`crate::stats::exact`]) answer them with every outcome in turn, weighted by its exact probability.
pub trait Draws {
    /// `r() % m`, modulo bias included.
    fn below(&mut self, m: usize) -> usize;
    /// `r() % m < a`: one binary choice (a riffle's drop from the left packet).
    #[inline(always)]
    fn below_lt(&mut self, a: usize, m: usize) -> bool {
        self.below(m) < a
    }
    /// `r() < 2^(BITS-1)`: the comparator `() => r() < half` (exactly fair with every generator, whose outputs
    /// fill `0..2^BITS`).
    fn half(&mut self) -> bool;
}

/// A generator's draws, as the sampled shuffles make them.
pub struct RngDraws<'a, R>(pub &'a mut R);

impl<R: RawRng> Draws for RngDraws<'_, R> {
    #[inline(always)]
    fn below(&mut self, m: usize) -> usize {
        draw(self.0, m)
    }
    #[inline(always)]
    fn half(&mut self) -> bool {
        self.0.r() < (1u32 << (R::BITS - 1))
    }
}

/// `r() % m` as the sources write it: the C remainder, modulo bias included (computed without a division, see
/// [`fastmod`]); with a runtime's generator, the runtime's own bounded draw ([`RawRng::below`]).
#[inline(always)]
pub fn draw<R: RawRng>(rng: &mut R, m: usize) -> usize {
    if R::SCALES { rng.below(m as u32) as usize } else { rem::<R>(rng.r(), m) }
}

/// `x % m` for an output `x` of the generator `R` (narrower generators take a cheaper exact form).
#[inline(always)]
pub fn rem<R: RawRng>(x: u32, m: usize) -> usize {
    if R::BITS <= 16 { fastmod::rem16(x, m) } else { fastmod::rem(x, m) }
}

/// The slots `0..m` that `r() % m` can produce with a `BITS`-wide generator, as a range end: every slot below
/// `min(m, 2^BITS)`. A runtime's bounded draw reaches every slot of any deck the tool takes.
pub(crate) fn reachable_below<R: RawRng>(m: usize) -> usize {
    if R::SCALES {
        return m;
    }
    let outputs = 1u64 << R::BITS;
    (m as u64).min(outputs) as usize
}
