//! The identity of every test: one value per test of the deck, of a deal's seats and of a game's table, with
//! the fixed name `--tests`, the gate and every report use, and the conditions under which it applies.

use serde::Serialize;

crate::names::named_enum! {
    /// One test: of the deck (the battery), of the seats of a deal, or of a game's table. Every result, verdict
    /// and report carries it; `--tests` and the gate's `tests = [...]` name it.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum TestId("test") {
        PositionCard => "position-card",
        PositionWorst => "position-worst",
        CardWorst => "card-worst",
        Adjacency => "adjacency",
        Parity => "parity",
        FixedPoints => "fixed-points",
        Cycles => "cycles",
        Inversions => "inversions",
        RisingSequences => "rising-sequences",
        /// Descents of the deck itself (its ups and downs).
        Descents => "descents",
        /// Peaks and valleys of the deck, their joint law.
        TurningPoints => "turning-points",
        /// Alternating runs up and down.
        RunsUpDown => "runs-up-down",
        /// The longest increasing subsequence (opt-in).
        LongestIncreasing => "longest-increasing",
        FullPermutation => "full-permutation",
        SuitByPosition => "suit-by-position",
        RankByPosition => "rank-by-position",
        /// A shoe (`--copies`): face by position, the K copies of a face counted together.
        FaceByPosition => "face-by-position",
        /// A shoe of 52- or 54-card decks: blackjack's and baccarat's value classes (A, 2–9, ten-value) by
        /// position.
        ValueByPosition => "value-by-position",
        /// A shoe of 52- or 54-card decks: neighbours of the same value (two tens in a row), against the exact law
        /// of the shoe's composition.
        Clumping => "clumping",
        /// A shoe: neighbours by face (which face follows which), the pairs of different faces.
        FaceAdjacency => "face-adjacency",
        /// A shoe: faces at the same position in consecutive shoes of one stream.
        FaceSerial => "face-serial",
        SerialCorrelation => "serial-correlation",
        /// A guesser naming each next card from the ones shown (opt-in).
        Guess => "guess",
        /// Repeated decks among the first 2^20 of the run.
        DuplicateDecks => "duplicate-decks",
        /// 斗地主: how often the bottom cards hold a joker.
        BottomJoker => "bottom-joker",
        /// 斗地主: big cards (A, 2, jokers) per seat.
        BigCardsSeat => "big-cards-seat",
        /// 斗地主: which seat holds the rocket.
        RocketSeat => "rocket-seat",
        /// 斗地主: bombs per seat.
        BombSeat => "bomb-seat",
        /// 斗地主: bombs per hand against their exact law.
        BombsPerHand => "bombs-per-hand",
        /// 斗牛: niu values per seat.
        NiuSeat => "niu-seat",
        /// Baccarat: the first coup's banker, player and tie against their exact odds.
        BaccaratOdds => "baccarat-odds",
        /// Blackjack: which seat is dealt a natural in a shoe's first round, against its exact odds.
        NaturalSeat => "natural-seat",
        /// Blackjack: each seat's naturals in every round until the cut card, against the exact odds of the cards
        /// left.
        NaturalRounds => "natural-rounds",
        /// 掼蛋 and two-deck 斗地主: jokers per hand against their exact law.
        JokersPerHand => "jokers-per-hand",
        /// 掼蛋 and two-deck 斗地主: bombs (four or more of a rank) per hand against their exact law.
        TwoDeckBombs => "two-deck-bombs",
        /// 掼蛋 and two-deck 斗地主: which seat holds a straight flush.
        StraightFlushSeat => "straight-flush-seat",
        /// Two-deck 斗地主: how often the 8 bottom cards hold a joker.
        BottomJokers => "bottom-jokers",
        /// Any deal: seat-by-card counts.
        SeatCard => "seat-card",
        SeatWorst => "seat-worst",
        CardSeatWorst => "card-seat-worst",
        /// `run --samples S`: the per-sample p-values of every deck statistic tested for uniformity
        /// (Kolmogorov–Smirnov and Anderson–Darling), the second level of a sampled run.
        SecondLevel => "second-level",
    }
}

/// What a test needs beyond a deck of cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestScope {
    /// Any run.
    Deck,
    /// A run with a deal (`--game`).
    Deal,
    /// A run dealt as 斗地主.
    Doudizhu,
    /// A run dealt as 斗牛.
    Douniu,
    /// A run dealt as baccarat.
    Baccarat,
    /// A run dealt as blackjack.
    Blackjack,
    /// A run dealt as 掼蛋 or two-deck 斗地主.
    TwoDeck,
    /// A run split into samples (`run --samples S`): its second level, computed from the samples' own tests
    /// and never selected with `--tests`.
    Samples,
}

/// What a test's own p is (the column label of the reports' `sides` column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PSides {
    /// An upper-tail p (the statistic too large).
    OneSided,
    /// A two-sided p by construction (a binomial or a z-test with both tails, the smaller doubled).
    TwoSided,
    /// A statistic with two tails: the run's family takes `min(1, 2·min(p_upper, p_lower))`.
    BothTails,
}

/// Largest deck for the longest-increasing test: its exact law
/// ([`crate::stats::exact::laws::longest_increasing_pmf`]) sums over every partition of n, 1,741,630 of them for
/// 64 cards, a number that grows like `e^{π√(2n/3)}/(4√3·n)` beyond.
pub const LONGEST_INCREASING_MAX_N: usize = 64;
/// Largest deck for the full-permutation test (8! = 40320 orders).
pub const FULL_PERMUTATION_MAX_N: usize = 8;
/// Smallest deck for the duplicate-deck test (below it n! is not much larger than the square of the decks it keeps).
pub const DUPLICATE_DECKS_MIN_N: usize = 16;
/// Expected count per order the full-permutation test requires.
pub const FULL_PERMUTATION_MIN_EXPECTED: u64 = 10;

impl TestId {
    /// How the tables print the statistic: its decimals, and whether with a sign (`guess`, extra cards per deck,
    /// a small number worth its decimals).
    pub fn statistic_format(self) -> (usize, bool) {
        match self {
            TestId::Guess => (3, true),
            TestId::SecondLevel => (3, false),
            // One decimal for every other statistic (X², a count, a mean).
            _ => (1, false),
        }
    }

    /// The name testing labs and regulators give the test, in English and Chinese (GLI-19's chi-square of card
    /// by position, NIST SP 800-22's runs test, ...), which the lab page shows beside the test's id.
    pub fn regulator_names(self) -> (&'static str, &'static str) {
        match self {
            TestId::PositionCard => (
                "Chi-square test of card by position (each card equally likely at each position)",
                "逐位置牌面卡方检验（每张牌在每个位置出现的概率相等）",
            ),
            TestId::PositionWorst => (
                "Largest deviation of one position's cards (worst position, chi-square)",
                "单个位置牌面分布的最大偏差（最差位置，卡方）",
            ),
            TestId::CardWorst => (
                "Largest deviation of one card's positions (worst card, chi-square)",
                "单张牌位置分布的最大偏差（最差牌，卡方）",
            ),
            TestId::Adjacency => {
                ("Adjacency / pairs test (which card follows which)", "相邻牌对检验（哪张牌跟在哪张牌之后）")
            }
            TestId::Parity => (
                "Permutation parity test (even and odd orders equally likely)",
                "排列奇偶性检验（奇排列与偶排列概率相等）",
            ),
            TestId::FixedPoints => {
                ("Fixed points test (cards left in their starting place)", "不动点检验（留在原位的牌数）")
            }
            TestId::Cycles => ("Cycle count test of the permutation", "排列轮换数检验"),
            TestId::Inversions => {
                ("Inversions test (pairs out of order, Kendall's tau)", "逆序数检验（逆序对数，Kendall τ）")
            }
            TestId::RisingSequences => {
                ("Rising sequences test (the riffle-shuffle statistic)", "上升序列检验（鸽尾洗牌统计量）")
            }
            TestId::Descents => ("Descents test (ups and downs of the deck)", "下降数检验（牌序的升与降）"),
            TestId::TurningPoints => ("Turning points test (peaks and valleys)", "转折点检验（峰与谷）"),
            TestId::RunsUpDown => ("Runs test (runs up and down)", "游程检验（升降游程）"),
            TestId::LongestIncreasing => ("Longest increasing subsequence test", "最长上升子序列检验"),
            TestId::FullPermutation => (
                "Chi-square test of whole deck orders (every order equally likely)",
                "整副牌序卡方检验（每种排列概率相等）",
            ),
            TestId::SuitByPosition => ("Chi-square test of suit by position", "逐位置花色卡方检验"),
            TestId::RankByPosition => ("Chi-square test of rank by position", "逐位置点数卡方检验"),
            TestId::FaceByPosition => (
                "Chi-square test of face by position (a shoe's copies together)",
                "逐位置牌面卡方检验（牌靴中同一牌面合并）",
            ),
            TestId::ValueByPosition => (
                "Chi-square test of card value class by position (A, 2–9, ten-value)",
                "逐位置牌值类别卡方检验（A、2–9、十点牌）",
            ),
            TestId::Clumping => ("Clumping test (neighbours of the same value)", "聚集检验（相邻同值牌）"),
            TestId::SerialCorrelation => ("Serial correlation between consecutive decks", "相继牌副之间的序列相关检验"),
            TestId::FaceAdjacency => (
                "Adjacency test of faces (which face follows which in a shoe)",
                "牌面相邻检验（牌靴中哪种牌面跟在哪种之后）",
            ),
            TestId::FaceSerial => (
                "Serial correlation between consecutive shoes (faces at the same position)",
                "相继牌靴之间的序列相关检验（同一位置的牌面）",
            ),
            TestId::Guess => (
                "Next-card prediction test (a guesser's hits against chance)",
                "下一张牌预测检验（猜中次数与随机相比）",
            ),
            TestId::DuplicateDecks => {
                ("Repeated decks test (birthday test of deck orders)", "重复牌序检验（牌序生日检验）")
            }
            TestId::BottomJoker => ("Dou Dizhu: jokers among the bottom cards", "斗地主：底牌含王的频率"),
            TestId::BigCardsSeat => {
                ("Dou Dizhu: big cards (A, 2, jokers) per seat", "斗地主：各座位大牌（A、2、王）数")
            }
            TestId::RocketSeat => ("Dou Dizhu: which seat holds the rocket", "斗地主：王炸落在哪个座位"),
            TestId::BombSeat => ("Dou Dizhu: bombs per seat", "斗地主：各座位炸弹数"),
            TestId::BombsPerHand => {
                ("Dou Dizhu: bombs per hand against their exact law", "斗地主：每手炸弹数与精确分布比较")
            }
            TestId::NiuSeat => ("Niu-niu: hand values per seat", "斗牛：各座位牛值分布"),
            TestId::BaccaratOdds => {
                ("Baccarat: banker, player and tie against their exact odds", "百家乐：庄、闲、和与精确赔率比较")
            }
            TestId::NaturalSeat => {
                ("Blackjack: naturals per seat in a shoe's first round", "二十一点：牌靴首轮各座位的天然二十一点")
            }
            TestId::NaturalRounds => {
                ("Blackjack: naturals per seat until the cut card", "二十一点：切牌前各轮各座位的天然二十一点")
            }
            TestId::JokersPerHand => {
                ("Two-deck games: jokers per hand against their exact law", "双副牌游戏：每手王数与精确分布比较")
            }
            TestId::TwoDeckBombs => {
                ("Two-deck games: bombs per hand against their exact law", "双副牌游戏：每手炸弹数与精确分布比较")
            }
            TestId::StraightFlushSeat => {
                ("Two-deck games: which seat holds a straight flush", "双副牌游戏：同花顺落在哪个座位")
            }
            TestId::BottomJokers => {
                ("Two-deck Dou Dizhu: jokers among the 8 bottom cards", "双副斗地主：8 张底牌含王的频率")
            }
            TestId::SeatCard => (
                "Chi-square test of card by seat (each card equally likely at each seat)",
                "逐座位牌面卡方检验（每张牌落在每个座位的概率相等）",
            ),
            TestId::SeatWorst => {
                ("Largest deviation of one seat's cards (worst seat)", "单个座位牌面分布的最大偏差（最差座位）")
            }
            TestId::CardSeatWorst => {
                ("Largest deviation of one card's seats (worst card)", "单张牌座位分布的最大偏差（最差牌）")
            }
            TestId::SecondLevel => (
                "Second-level uniformity of sample p-values (Kolmogorov–Smirnov, Anderson–Darling)",
                "样本 p 值的二级均匀性检验（Kolmogorov–Smirnov、Anderson–Darling）",
            ),
        }
    }

    /// A short column header for compact tables (progressive mode).
    pub fn short(self) -> &'static str {
        match self {
            TestId::PositionCard => "pos-card",
            TestId::PositionWorst => "pos-worst",
            TestId::CardWorst => "card-worst",
            TestId::Adjacency => "adjacency",
            TestId::Parity => "parity",
            TestId::FixedPoints => "fixed-pts",
            TestId::Cycles => "cycles",
            TestId::Inversions => "inversion",
            TestId::RisingSequences => "rising",
            TestId::Descents => "descents",
            TestId::TurningPoints => "turning",
            TestId::RunsUpDown => "runs-ud",
            TestId::LongestIncreasing => "lis",
            TestId::FullPermutation => "full-perm",
            TestId::SuitByPosition => "suit-pos",
            TestId::RankByPosition => "rank-pos",
            TestId::FaceByPosition => "face-pos",
            TestId::ValueByPosition => "value-pos",
            TestId::Clumping => "clumping",
            TestId::FaceAdjacency => "face-adj",
            TestId::FaceSerial => "face-ser",
            TestId::SerialCorrelation => "serial",
            TestId::Guess => "guess",
            TestId::DuplicateDecks => "dup-decks",
            TestId::BottomJoker => "bottom-jkr",
            TestId::BigCardsSeat => "big-cards",
            TestId::RocketSeat => "rocket",
            TestId::BombSeat => "bomb-seat",
            TestId::BombsPerHand => "bombs/hand",
            TestId::NiuSeat => "niu-seat",
            TestId::BaccaratOdds => "baccarat",
            TestId::NaturalSeat => "natural",
            TestId::NaturalRounds => "naturals",
            TestId::JokersPerHand => "jokers/hand",
            TestId::TwoDeckBombs => "bombs2/hand",
            TestId::StraightFlushSeat => "str-flush",
            TestId::BottomJokers => "bottom-jk2",
            TestId::SeatCard => "seat-card",
            TestId::SeatWorst => "seat-worst",
            TestId::CardSeatWorst => "card-seat",
            TestId::SecondLevel => "2nd-level",
        }
    }

    /// What the test's p is, and whether it is the worst of several lines (positions, cards, seats) with a
    /// Bonferroni bound over them.
    pub fn p_sides(self) -> (PSides, bool) {
        match self {
            TestId::PositionWorst | TestId::CardWorst | TestId::SeatWorst => (PSides::OneSided, true),
            TestId::NiuSeat => (PSides::OneSided, true),
            TestId::SecondLevel => (PSides::OneSided, true),
            TestId::BaccaratOdds => (PSides::OneSided, false),
            TestId::Parity | TestId::BottomJoker | TestId::BottomJokers => (PSides::TwoSided, false),
            TestId::RocketSeat
            | TestId::BombSeat
            | TestId::BigCardsSeat
            | TestId::BombsPerHand
            | TestId::JokersPerHand
            | TestId::TwoDeckBombs
            | TestId::StraightFlushSeat
            | TestId::NaturalSeat
            | TestId::NaturalRounds
            // Each cell's exact tail, two-sided, the worst of them.
            | TestId::CardSeatWorst => (PSides::TwoSided, true),
            _ => (PSides::BothTails, false),
        }
    }

    /// The test's scope: a deck test, a seat test of any deal, or a table test of one game.
    pub fn scope(self) -> TestScope {
        match self {
            TestId::BottomJoker
            | TestId::BigCardsSeat
            | TestId::RocketSeat
            | TestId::BombSeat
            | TestId::BombsPerHand => TestScope::Doudizhu,
            TestId::NiuSeat => TestScope::Douniu,
            TestId::BaccaratOdds => TestScope::Baccarat,
            TestId::NaturalSeat | TestId::NaturalRounds => TestScope::Blackjack,
            TestId::JokersPerHand | TestId::TwoDeckBombs | TestId::StraightFlushSeat | TestId::BottomJokers => {
                TestScope::TwoDeck
            }
            TestId::SeatCard | TestId::SeatWorst | TestId::CardSeatWorst => TestScope::Deal,
            TestId::SecondLevel => TestScope::Samples,
            _ => TestScope::Deck,
        }
    }

    /// True for the tests left out of the default battery because they cost too much per deck for it: they run
    /// when named (`--tests NAME`, or `default,NAME` to add one to the default battery) or with `--tests all`.
    pub fn opt_in(self) -> bool {
        // Patience sorting takes a binary search per card; the guessers a scan of the unseen cards per card.
        matches!(self, TestId::LongestIncreasing | TestId::Guess)
    }

    /// True for the tests of a deal (seat and table tests).
    pub fn is_game(self) -> bool {
        self.scope() != TestScope::Deck
    }

    pub(crate) fn bit(self) -> u64 {
        1 << (self as u64)
    }

    /// Whether the test's accumulator is worth keeping for an `n`-card deck of distinct cards (whatever the
    /// number of shuffles).
    pub fn applies_to_deck(self, n: usize) -> Result<(), String> {
        self.applies_to_cards(Cards::deck(n))
    }

    /// Whether the test's accumulator is worth keeping for decks of `cards` (whatever the number of shuffles).
    pub fn applies_to_cards(self, cards: Cards) -> Result<(), String> {
        let Cards { n, copies, ids_known } = cards;
        let base = cards.base();
        match self {
            TestId::FaceByPosition
            | TestId::ValueByPosition
            | TestId::Clumping
            | TestId::FaceAdjacency
            | TestId::FaceSerial
                if copies < 2 =>
            {
                return Err(format!(
                    "{} is a test of a shoe: it needs --copies 2 or more (one deck's cards are told apart by \
                     position-card)",
                    self.name()
                ));
            }
            TestId::SuitByPosition | TestId::RankByPosition | TestId::ValueByPosition | TestId::Clumping
                if base != 52 && base != 54 =>
            {
                return Err(if copies > 1 {
                    format!(
                        "{} needs copies of the 52- or 54-card deck (this shoe is {copies} copies of {base} cards)",
                        self.name()
                    )
                } else {
                    format!("{} needs the 52- or 54-card deck (this one has {n} cards)", self.name())
                });
            }
            TestId::FaceByPosition
            | TestId::SuitByPosition
            | TestId::RankByPosition
            | TestId::ValueByPosition
            | TestId::Clumping
            | TestId::FaceAdjacency
            | TestId::FaceSerial
            | TestId::DuplicateDecks => {}
            // A shoe's guessers name faces, which decks written by face say.
            TestId::Guess if copies >= 2 => {}
            // The table tests of the games of shoes read each card by its face.
            TestId::BaccaratOdds
            | TestId::NaturalSeat
            | TestId::NaturalRounds
            | TestId::JokersPerHand
            | TestId::TwoDeckBombs
            | TestId::StraightFlushSeat
            | TestId::BottomJokers => {}
            _ if !ids_known => {
                return Err(format!(
                    "{} is not applicable: cards repeat (it needs distinct cards, and decks written by face do not \
                     say which copy of a card is which; decks written as ids 0..{} with --format ids apply it)",
                    self.name(),
                    n - 1
                ));
            }
            _ => {}
        }
        match self {
            TestId::Adjacency if n < 3 => Err(format!("adjacency needs at least 3 cards (this deck has {n})")),
            TestId::FaceAdjacency if base < 3 => {
                Err(format!("face-adjacency needs at least 3 faces (this shoe has {copies} copies of {base})"))
            }
            // Two cards have no peak or valley and always one run.
            TestId::TurningPoints | TestId::RunsUpDown if n < 3 => {
                Err(format!("{} needs at least 3 cards (this deck has {n})", self.name()))
            }
            TestId::LongestIncreasing if n > LONGEST_INCREASING_MAX_N => Err(format!(
                "longest-increasing's exact law is computed for decks of at most {LONGEST_INCREASING_MAX_N} cards \
                 (this one has {n}): it sums over every partition of n, and there are too many beyond"
            )),
            TestId::LongestIncreasing | TestId::Guess if n < 2 => {
                Err(format!("{} needs at least 2 cards (this deck has {n})", self.name()))
            }
            TestId::FullPermutation if n > FULL_PERMUTATION_MAX_N => Err(format!(
                "full-permutation needs a deck of at most {FULL_PERMUTATION_MAX_N} cards (this one has {n})"
            )),
            TestId::DuplicateDecks if n < DUPLICATE_DECKS_MIN_N => Err(format!(
                "duplicate-decks needs a deck of at least {} cards (this one has {n}): below that n! is not much \
                 larger than the square of the decks it keeps, and repeats are expected of a fair shuffle",
                DUPLICATE_DECKS_MIN_N
            )),
            _ => Ok(()),
        }
    }

    /// Whether the test applies to a run dealt as `dealt` (the deal's scope: [`TestScope::Doudizhu`],
    /// [`TestScope::Douniu`] or [`TestScope::Deal`] for a custom deal; `None` without a deal).
    pub fn applies_to_deal(self, dealt: Option<TestScope>) -> Result<(), String> {
        match (self.scope(), dealt) {
            (TestScope::Deck, _) => Ok(()),
            (TestScope::Samples, _) => Err(format!(
                "{self} is not selected with --tests: run --samples S adds it, testing the samples' p-values for \
                 uniformity"
            )),
            (TestScope::Deal, Some(_)) => Ok(()),
            (TestScope::Deal, None) => Err(format!("{self} is a seat test: it needs a deal (--game)")),
            (scope, Some(d)) if scope == d => Ok(()),
            (TestScope::Doudizhu, _) => Err(format!("{self} is a 斗地主 test: it needs --game doudizhu")),
            (TestScope::Baccarat, _) => Err(format!("{self} is a baccarat test: it needs --game baccarat")),
            (TestScope::Blackjack, _) => Err(format!("{self} is a blackjack test: it needs --game blackjack")),
            (TestScope::TwoDeck, _) => {
                Err(format!("{self} is a test of the two-deck games: it needs --game guandan or --game doudizhu4"))
            }
            (_, _) => Err(format!("{self} is a 斗牛 test: it needs --game douniu")),
        }
    }

    /// Whether the test applies to N shuffles of an `n`-card deck dealt as `dealt`.
    pub fn applies(self, n: usize, shuffles: u64, dealt: Option<TestScope>) -> Result<(), String> {
        self.applies_to(Cards::deck(n), shuffles, dealt)
    }

    /// Whether the test applies to N shuffles of decks of `cards` dealt as `dealt`.
    pub fn applies_to(self, cards: Cards, shuffles: u64, dealt: Option<TestScope>) -> Result<(), String> {
        let n = cards.n;
        self.applies_to_deal(dealt)?;
        self.applies_to_cards(cards)?;
        match self {
            TestId::FullPermutation => {
                let needed = FULL_PERMUTATION_MIN_EXPECTED * factorial(n);
                if shuffles < needed {
                    return Err(format!(
                        "full-permutation needs at least {FULL_PERMUTATION_MIN_EXPECTED}·{n}! = {needed} shuffles \
                         (10 expected per order); this run has {shuffles}"
                    ));
                }
                Ok(())
            }
            TestId::SerialCorrelation | TestId::FaceSerial if shuffles < 2 => {
                Err(format!("{} needs at least 2 shuffles (consecutive decks)", self.name()))
            }
            _ => Ok(()),
        }
    }
}

/// What the decks of a run hold: `n` cards, made of `copies` copies of a base deck of `n / copies` faces (card id
/// `c` shows face `c mod (n / copies)`), and whether the ids themselves are known. Built-in shuffles and decks
/// written as ids know them; decks written by face (names, each repeated `copies` times) do not, since the
/// copies of a face cannot be told apart, and only the tests of faces apply to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cards {
    pub n: usize,
    pub copies: usize,
    pub ids_known: bool,
}

impl Cards {
    /// One deck of `n` distinct cards.
    pub fn deck(n: usize) -> Self {
        Cards { n, copies: 1, ids_known: true }
    }

    /// `copies` copies of a `base`-card deck, with their ids known or not.
    pub fn shoe(base: usize, copies: usize, ids_known: bool) -> Self {
        Cards { n: base * copies, copies, ids_known }
    }

    /// The base deck's size: the number of faces.
    pub fn base(&self) -> usize {
        self.n / self.copies.max(1)
    }
}

/// n! for the small decks of the full-permutation test (saturating, so large n never overflows).
pub fn factorial(n: usize) -> u64 {
    (1..=n as u64).fold(1u64, |a, b| a.saturating_mul(b))
}
