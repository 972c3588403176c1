//! What `exact` is asked ([`ExactQuery`], each field `None` or `false` when not given) and its one validation
//! into an [`ExactPlan`], or a [`ConfigError`] that names the [`Field`] at fault, as
//! [`crate::audit::RunRequest`] does for a run.
//!
//! Every option belongs to one of the three products and is refused with the others: a game's odds take
//! `--hand` and `--bottom` (斗地主 only); a shuffle's law takes the draws, the deck, one repetition count (the
//! one its algorithm has), the cut, the burn, the starting order and the output folder; the riffle table takes
//! the deck and the output folder.

use std::path::PathBuf;

use crate::audit::config::check_deck;
use crate::error::{ConfigError, Field};
use crate::game::Game;
use crate::game::deal::{DealConfig, DealShape, StartOrder};
use crate::rng::RngKind;
use crate::shuffle::{Algorithm, AlgorithmKind};
use crate::stats::exact::model::{self, ExactRequest};

/// The deck of a shuffle's law and of the riffle table when the query does not say.
const DEFAULT_DECK: usize = 52;

crate::names::named_enum! {
    /// The draws of a shuffle's exact law: exactly uniform, or the remainder `r() % m` of a C library's `rand()`.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum ExactDraws("draws") {
        /// Exactly uniform draws (no modulo bias).
        #[default]
        Ideal => "ideal",
        /// MSVC's 15-bit `rand()`.
        Msvc => "msvc",
        /// glibc's 31-bit `rand()`.
        Glibc => "glibc",
    }
}

impl ExactDraws {
    /// `None` for ideal draws, else the generator's width in bits.
    pub fn bits(self) -> Option<u32> {
        match self {
            ExactDraws::Ideal => None,
            ExactDraws::Msvc => Some(RngKind::Msvc.bits()),
            ExactDraws::Glibc => Some(RngKind::Glibc.bits()),
        }
    }

    /// `ideal draws`, `15-bit r() % m (msvc)`.
    pub fn words(self) -> String {
        match self.bits() {
            None => "ideal draws".to_string(),
            Some(w) => format!("{w}-bit r() % m ({})", self.name()),
        }
    }
}

/// What `exact` was asked, before validation. `None` (or `false`) means "not given".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExactQuery {
    /// A game's exact hand odds.
    pub game: Option<Game>,
    /// A shuffle's exact law (or, with `table`, the riffle table).
    pub algorithm: Option<AlgorithmKind>,
    pub rng: Option<ExactDraws>,
    pub deck: Option<usize>,
    /// The repetition counts, each for the algorithms that repeat that way: swaps (wash, pair-swap), riffles,
    /// moves (top-to-random), passes (overhand).
    pub swaps: Option<usize>,
    pub riffles: Option<usize>,
    pub moves: Option<usize>,
    pub passes: Option<usize>,
    /// The machines' layouts: shelves (shelf), piles and their order (pile), in- or out-shuffles (faro).
    pub shelves: Option<usize>,
    pub piles: Option<usize>,
    pub pile_order: Option<crate::audit::PileOrder>,
    pub faro: Option<crate::audit::FaroKind>,
    /// The riffle table (total variation and separation after 1..=12 ideal riffles).
    pub table: bool,
    pub cut: bool,
    pub burn: Option<usize>,
    pub order: Option<StartOrder>,
    /// The output folder of the law's files or of the table's.
    pub out: Option<PathBuf>,
    /// 斗地主's hand and bottom, for its odds.
    pub hand: Option<usize>,
    pub bottom: Option<usize>,
    /// The decks in a baccarat shoe, for its odds.
    pub copies: Option<usize>,
}

/// A validated query: which product to compute, with what.
#[derive(Clone, Debug, PartialEq)]
pub enum ExactPlan {
    /// A game's exact hand odds ([`super::odds_text`]).
    Odds(GameOdds),
    /// A shuffle's exact position-by-card law ([`super::compute_law`]).
    Law(LawPlan),
    /// Ideal riffles of a fresh deck, 1..=12 of them ([`super::riffle_table`]).
    RiffleTable(RiffleTablePlan),
}

/// The game whose odds to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOdds {
    /// 斗地主, with its deal's hand and bottom.
    Doudizhu(DealConfig),
    /// 斗牛: one 5-card hand from 52 cards, whatever else is dealt.
    Douniu,
    /// Baccarat: the first coup of a shoe of this many 52-card decks.
    Baccarat { decks: usize },
    /// Blackjack: a seat's naturals and the dealer's up card, from a shoe of this many 52-card decks.
    Blackjack { decks: usize },
    /// 掼蛋 or two-deck 斗地主, with its deal's hand and bottom.
    TwoDeck(DealConfig),
}

/// A shuffle's exact law to compute.
#[derive(Clone, Debug, PartialEq)]
pub struct LawPlan {
    /// What the core computes: the algorithm with its repetitions, the draws' width, the deck, cut and burn.
    pub request: ExactRequest,
    pub draws: ExactDraws,
    /// The starting order the cells are labelled by.
    pub order: StartOrder,
    pub out: Option<PathBuf>,
}

/// The riffle table to compute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RiffleTablePlan {
    pub n: usize,
    pub out: Option<PathBuf>,
}

impl ExactQuery {
    /// Checks every option against the product it asks for, in one place.
    pub fn validate(&self) -> Result<ExactPlan, ConfigError> {
        match (self.algorithm, self.game) {
            (Some(kind), _) if self.table => self.riffle_table(kind).map(ExactPlan::RiffleTable),
            (Some(kind), _) => self.law(kind).map(ExactPlan::Law),
            (None, Some(game)) => self.odds(game).map(ExactPlan::Odds),
            (None, None) => Err(ConfigError::new(
                Field::Algorithm,
                "exact needs --algorithm A (a shuffle's exact law) or --game GAME (a game's exact hand odds)",
            )),
        }
    }

    /// The fields given, of those named, in that order.
    fn given(&self, fields: &[Field]) -> Option<Field> {
        fields.iter().copied().find(|&f| match f {
            Field::Game => self.game.is_some(),
            Field::Rng => self.rng.is_some(),
            Field::Deck => self.deck.is_some(),
            Field::Swaps => self.swaps.is_some(),
            Field::Riffles => self.riffles.is_some(),
            Field::Moves => self.moves.is_some(),
            Field::Passes => self.passes.is_some(),
            Field::Shelves => self.shelves.is_some(),
            Field::Piles => self.piles.is_some(),
            Field::PileOrder => self.pile_order.is_some(),
            Field::Faro => self.faro.is_some(),
            Field::Table => self.table,
            Field::Cut => self.cut,
            Field::Burn => self.burn.is_some(),
            Field::Order => self.order.is_some(),
            Field::Out => self.out.is_some(),
            Field::Hand => self.hand.is_some(),
            Field::Bottom => self.bottom.is_some(),
            Field::Copies => self.copies.is_some(),
            _ => false,
        })
    }

    fn odds(&self, game: Game) -> Result<GameOdds, ConfigError> {
        let shuffle_only = [
            Field::Rng,
            Field::Deck,
            Field::Swaps,
            Field::Riffles,
            Field::Moves,
            Field::Passes,
            Field::Shelves,
            Field::Piles,
            Field::PileOrder,
            Field::Faro,
            Field::Table,
            Field::Cut,
            Field::Burn,
            Field::Order,
            Field::Out,
        ];
        if let Some(field) = self.given(&shuffle_only) {
            return Err(ConfigError::new(field, "applies to `exact --algorithm A`, not to a game's odds (--game)"));
        }
        if !game.is_shoe()
            && !game.is_two_deck()
            && let Some(field) = self.given(&[Field::Copies])
        {
            return Err(ConfigError::new(
                field,
                format!(
                    "applies to the odds of the games of shoes (baccarat, blackjack, guandan, doudizhu4), not to {game}'s"
                ),
            ));
        }
        match game {
            Game::Baccarat => match self.given(&[Field::Hand, Field::Bottom]) {
                Some(field) => Err(ConfigError::new(
                    field,
                    "applies to doudizhu's odds only: baccarat deals two hands of two cards and the third cards by \
                     the rule",
                )),
                None => {
                    let deal = DealConfig::shoe(Game::Baccarat, None, self.copies, DealShape::default())?;
                    Ok(GameOdds::Baccarat { decks: deal.copies })
                }
            },
            Game::Blackjack => match self.given(&[Field::Hand, Field::Bottom]) {
                Some(field) => Err(ConfigError::new(
                    field,
                    "applies to doudizhu's odds only: blackjack deals two cards to each seat, player–dealer–player–\
                     dealer",
                )),
                None => {
                    let deal = DealConfig::shoe(Game::Blackjack, None, self.copies, DealShape::default())?;
                    Ok(GameOdds::Blackjack { decks: deal.copies })
                }
            },
            Game::Doudizhu => {
                let shape = DealShape { hand: self.hand, bottom: self.bottom, ..Default::default() };
                Ok(GameOdds::Doudizhu(DealConfig::new(Game::Doudizhu, None, shape)?))
            }
            Game::Guandan | Game::Doudizhu4 => {
                let shape = DealShape { hand: self.hand, bottom: self.bottom, ..Default::default() };
                Ok(GameOdds::TwoDeck(DealConfig::shoe(game, None, self.copies, shape)?))
            }
            Game::Douniu => match self.given(&[Field::Hand, Field::Bottom]) {
                Some(field) => Err(ConfigError::new(
                    field,
                    "applies to doudizhu's odds only: douniu's niu odds are those of one 5-card hand from 52 cards",
                )),
                None => Ok(GameOdds::Douniu),
            },
            Game::Custom => Err(ConfigError::new(
                Field::Game,
                "exact odds exist for doudizhu, douniu, baccarat, blackjack, guandan and doudizhu4; a custom deal has the \
                 seat tests only",
            )),
        }
    }

    fn riffle_table(&self, kind: AlgorithmKind) -> Result<RiffleTablePlan, ConfigError> {
        if let Some(field) = self.given(&[Field::Game, Field::Hand, Field::Bottom, Field::Copies]) {
            return Err(ConfigError::new(field, "applies to a game's odds, not to exact --algorithm"));
        }
        let shuffle_only = [
            Field::Rng,
            Field::Swaps,
            Field::Riffles,
            Field::Moves,
            Field::Passes,
            Field::Shelves,
            Field::Piles,
            Field::PileOrder,
            Field::Faro,
            Field::Cut,
            Field::Burn,
            Field::Order,
        ];
        if let Some(field) = self.given(&shuffle_only) {
            return Err(ConfigError::new(
                field,
                "does not apply to --table (the riffle table is for ideal riffles of a fresh deck)",
            ));
        }
        if kind != AlgorithmKind::Riffle {
            return Err(ConfigError::new(
                Field::Table,
                format!("applies to --algorithm riffle only (the rising-sequence law), not {kind}"),
            ));
        }
        let n = self.deck.unwrap_or(DEFAULT_DECK);
        check_deck(n)?;
        Ok(RiffleTablePlan { n, out: self.out.clone() })
    }

    fn law(&self, kind: AlgorithmKind) -> Result<LawPlan, ConfigError> {
        if self.game.is_some() {
            return Err(ConfigError::new(
                Field::Game,
                "cannot be combined with --algorithm: --game gives a game's exact hand odds, --algorithm a shuffle's \
                 exact law",
            ));
        }
        if let Some(field) = self.given(&[Field::Hand, Field::Bottom, Field::Copies]) {
            return Err(ConfigError::new(field, "applies to a game's odds (--game), not to `exact --algorithm`"));
        }
        let n = self.deck.unwrap_or(DEFAULT_DECK);
        check_deck(n)?;
        // Each repetition count has its own flag, for the algorithms that repeat.
        let mut repetitions = None;
        for (value, field, kinds) in [
            (self.swaps, Field::Swaps, &[AlgorithmKind::Wash, AlgorithmKind::PairSwap][..]),
            (self.riffles, Field::Riffles, &[AlgorithmKind::Riffle][..]),
            (self.passes, Field::Passes, &[AlgorithmKind::Overhand, AlgorithmKind::Shelf, AlgorithmKind::Faro][..]),
            (self.moves, Field::Moves, &[AlgorithmKind::TopToRandom][..]),
        ] {
            if let Some(k) = value {
                if !kinds.contains(&kind) {
                    let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
                    return Err(ConfigError::new(field, format!("applies to {}, not to {kind}", names.join(" and "))));
                }
                if k == 0 && matches!(kind, AlgorithmKind::Shelf | AlgorithmKind::Faro) {
                    return Err(ConfigError::new(field, "must be at least 1"));
                }
                repetitions = Some(k);
            }
        }
        let (layout, variant) = crate::audit::settings::machine_settings(
            kind,
            n,
            self.shelves.map(|m| m as u64),
            self.piles.map(|p| p as u64),
            self.pile_order,
            self.faro,
        )?;
        let order = self.order.unwrap_or_default();
        if order == StartOrder::Rank && !(n == 52 || n == 54) {
            return Err(ConfigError::new(Field::Order, format!("rank order exists for 52 and 54 cards, not {n}")));
        }
        let draws = self.rng.unwrap_or_default();
        let request = ExactRequest {
            cut: self.cut,
            burn: self.burn.unwrap_or(0),
            ..ExactRequest::new(Algorithm { kind, swaps: repetitions, layout, variant }, draws.bits(), n)
        };
        // What the core refuses at once (no law, or past its work limit) is refused here, before any work.
        if let Some(why) = model::refusal(&request) {
            return Err(ConfigError::new(Field::Algorithm, why.to_string()));
        }
        Ok(LawPlan { request, draws, order, out: self.out.clone() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(query: ExactQuery) -> (Field, String) {
        let e = query.validate().expect_err("the query is refused");
        (e.field, e.message)
    }

    fn shuffle(kind: AlgorithmKind) -> ExactQuery {
        ExactQuery { algorithm: Some(kind), ..Default::default() }
    }

    fn riffle_table() -> ExactQuery {
        ExactQuery { table: true, ..shuffle(AlgorithmKind::Riffle) }
    }

    fn game(game: Game) -> ExactQuery {
        ExactQuery { game: Some(game), ..Default::default() }
    }

    #[test]
    fn a_query_without_algorithm_or_game_names_both() {
        let (field, message) = refused(ExactQuery::default());
        assert_eq!(field, Field::Algorithm);
        assert!(message.contains("--algorithm A") && message.contains("--game GAME"), "{message}");
        // `--table` alone is no riffle table: the algorithm is still missing.
        assert_eq!(refused(ExactQuery { table: true, ..Default::default() }).0, Field::Algorithm);
    }

    #[test]
    fn a_games_odds_refuse_every_option_of_a_shuffle_with_its_field() {
        let shuffle_options: [(Field, ExactQuery); 11] = [
            (Field::Rng, ExactQuery { rng: Some(ExactDraws::Msvc), ..game(Game::Doudizhu) }),
            (Field::Deck, ExactQuery { deck: Some(54), ..game(Game::Doudizhu) }),
            (Field::Swaps, ExactQuery { swaps: Some(5), ..game(Game::Doudizhu) }),
            (Field::Riffles, ExactQuery { riffles: Some(5), ..game(Game::Douniu) }),
            (Field::Moves, ExactQuery { moves: Some(5), ..game(Game::Doudizhu) }),
            (Field::Passes, ExactQuery { passes: Some(5), ..game(Game::Doudizhu) }),
            (Field::Table, ExactQuery { table: true, ..game(Game::Doudizhu) }),
            (Field::Cut, ExactQuery { cut: true, ..game(Game::Douniu) }),
            (Field::Burn, ExactQuery { burn: Some(1), ..game(Game::Doudizhu) }),
            (Field::Order, ExactQuery { order: Some(StartOrder::Rank), ..game(Game::Doudizhu) }),
            (Field::Out, ExactQuery { out: Some("x".into()), ..game(Game::Doudizhu) }),
        ];
        for (want, query) in shuffle_options {
            let (field, message) = refused(query);
            assert_eq!(field, want);
            assert_eq!(message, "applies to `exact --algorithm A`, not to a game's odds (--game)");
        }
        // The first one given is named.
        let both = ExactQuery { deck: Some(54), cut: true, ..game(Game::Doudizhu) };
        assert_eq!(refused(both).0, Field::Deck);
    }

    #[test]
    fn douniu_refuses_a_deal_shape_and_custom_has_no_odds() {
        for (want, query) in [
            (Field::Hand, ExactQuery { hand: Some(5), ..game(Game::Douniu) }),
            (Field::Bottom, ExactQuery { bottom: Some(0), ..game(Game::Douniu) }),
        ] {
            let (field, message) = refused(query);
            assert_eq!(field, want);
            assert!(message.starts_with("applies to doudizhu's odds only"), "{message}");
        }
        let (field, message) = refused(game(Game::Custom));
        assert_eq!(field, Field::Game);
        assert!(message.contains("a custom deal has the seat tests only"), "{message}");
    }

    #[test]
    fn the_two_deck_games_odds_take_their_hand_and_bottom() {
        let plan = game(Game::Guandan).validate().unwrap();
        let ExactPlan::Odds(GameOdds::TwoDeck(deal)) = plan else { panic!("{plan:?}") };
        assert_eq!((deal.deck, deal.hand, deal.bottom), (108, 27, 0));
        let d = ExactQuery { hand: Some(24), ..game(Game::Doudizhu4) }.validate().unwrap();
        let ExactPlan::Odds(GameOdds::TwoDeck(deal)) = d else { panic!("{d:?}") };
        assert_eq!((deal.hand, deal.bottom), (24, 8));
        let (field, message) = refused(ExactQuery { copies: Some(3), ..game(Game::Guandan) });
        assert_eq!((field, message.as_str()), (Field::Copies, "掼蛋 is played with two 54-card decks, not 3"));
    }

    #[test]
    fn baccarat_odds_take_the_decks_of_the_shoe_and_only_they_do() {
        assert_eq!(game(Game::Baccarat).validate(), Ok(ExactPlan::Odds(GameOdds::Baccarat { decks: 8 })));
        let bj = ExactQuery { copies: Some(8), ..game(Game::Blackjack) };
        assert_eq!(bj.validate(), Ok(ExactPlan::Odds(GameOdds::Blackjack { decks: 8 })));
        assert_eq!(game(Game::Blackjack).validate(), Ok(ExactPlan::Odds(GameOdds::Blackjack { decks: 6 })));
        assert_eq!(refused(ExactQuery { bottom: Some(2), ..game(Game::Blackjack) }).0, Field::Bottom);
        let six = ExactQuery { copies: Some(6), ..game(Game::Baccarat) };
        assert_eq!(six.validate(), Ok(ExactPlan::Odds(GameOdds::Baccarat { decks: 6 })));
        let (field, message) = refused(ExactQuery { copies: Some(20), ..game(Game::Baccarat) });
        assert_eq!(
            (field, message.as_str()),
            (Field::Copies, "a baccarat shoe holds 1..=19 decks of 52 cards, not 20")
        );
        let (field, message) = refused(ExactQuery { copies: Some(2), ..game(Game::Douniu) });
        assert_eq!(field, Field::Copies);
        assert!(message.contains("baccarat"), "{message}");
        assert_eq!(refused(ExactQuery { hand: Some(2), ..game(Game::Baccarat) }).0, Field::Hand);
        assert_eq!(refused(ExactQuery { copies: Some(2), ..shuffle(AlgorithmKind::FisherYates) }).0, Field::Copies);
    }

    #[test]
    fn doudizhu_odds_take_the_deal_shape_checked_by_the_deal() {
        let plan = ExactQuery { hand: Some(16), bottom: Some(6), ..game(Game::Doudizhu) }.validate().unwrap();
        let ExactPlan::Odds(GameOdds::Doudizhu(deal)) = plan else { panic!("{plan:?}") };
        assert_eq!((deal.players, deal.hand, deal.bottom), (3, 16, 6));
        let ExactPlan::Odds(GameOdds::Doudizhu(deal)) = game(Game::Doudizhu).validate().unwrap() else {
            panic!("not doudizhu's odds")
        };
        assert_eq!((deal.hand, deal.bottom), (17, 3));
        assert_eq!(game(Game::Douniu).validate(), Ok(ExactPlan::Odds(GameOdds::Douniu)));
        // A shape that does not fill the deck is the deal's error, naming its field.
        let field = refused(ExactQuery { hand: Some(20), ..game(Game::Doudizhu) }).0;
        assert!(matches!(field, Field::Hand | Field::Bottom), "{field:?}");
    }

    #[test]
    fn the_riffle_table_refuses_the_games_options_and_the_laws() {
        for (want, query) in [
            (Field::Game, ExactQuery { game: Some(Game::Doudizhu), ..riffle_table() }),
            (Field::Hand, ExactQuery { hand: Some(17), ..riffle_table() }),
            (Field::Bottom, ExactQuery { bottom: Some(3), ..riffle_table() }),
        ] {
            assert_eq!(refused(query), (want, "applies to a game's odds, not to exact --algorithm".to_string()));
        }
        for (want, query) in [
            (Field::Rng, ExactQuery { rng: Some(ExactDraws::Glibc), ..riffle_table() }),
            (Field::Swaps, ExactQuery { swaps: Some(3), ..riffle_table() }),
            (Field::Riffles, ExactQuery { riffles: Some(3), ..riffle_table() }),
            (Field::Moves, ExactQuery { moves: Some(3), ..riffle_table() }),
            (Field::Passes, ExactQuery { passes: Some(3), ..riffle_table() }),
            (Field::Cut, ExactQuery { cut: true, ..riffle_table() }),
            (Field::Burn, ExactQuery { burn: Some(2), ..riffle_table() }),
            (Field::Order, ExactQuery { order: Some(StartOrder::Suit), ..riffle_table() }),
        ] {
            let (field, message) = refused(query);
            assert_eq!(field, want);
            assert!(message.starts_with("does not apply to --table"), "{message}");
        }
        let overhand = ExactQuery { table: true, ..shuffle(AlgorithmKind::Overhand) };
        assert_eq!(
            refused(overhand),
            (Field::Table, "applies to --algorithm riffle only (the rising-sequence law), not overhand".to_string())
        );
    }

    #[test]
    fn the_riffle_table_plan_has_its_deck_and_folder() {
        assert_eq!(riffle_table().validate(), Ok(ExactPlan::RiffleTable(RiffleTablePlan { n: 52, out: None })));
        let query = ExactQuery { deck: Some(8), out: Some("t".into()), ..riffle_table() };
        assert_eq!(query.validate(), Ok(ExactPlan::RiffleTable(RiffleTablePlan { n: 8, out: Some("t".into()) })));
        assert_eq!(refused(ExactQuery { deck: Some(1), ..riffle_table() }).0, Field::Deck);
    }

    #[test]
    fn a_shuffles_law_refuses_a_game_and_its_deal_shape() {
        let (field, message) = refused(ExactQuery { game: Some(Game::Douniu), ..shuffle(AlgorithmKind::FisherYates) });
        assert_eq!(field, Field::Game);
        assert!(message.starts_with("cannot be combined with --algorithm"), "{message}");
        for (want, query) in [
            (Field::Hand, ExactQuery { hand: Some(17), ..shuffle(AlgorithmKind::FisherYates) }),
            (Field::Bottom, ExactQuery { bottom: Some(3), ..shuffle(AlgorithmKind::FisherYates) }),
        ] {
            assert_eq!(
                refused(query),
                (want, "applies to a game's odds (--game), not to `exact --algorithm`".to_string())
            );
        }
    }

    #[test]
    fn each_repetition_count_belongs_to_its_algorithms() {
        for (want, message, query) in [
            (
                Field::Swaps,
                "applies to wash and pair-swap, not to fisher-yates",
                ExactQuery { swaps: Some(10), ..shuffle(AlgorithmKind::FisherYates) },
            ),
            (
                Field::Riffles,
                "applies to riffle, not to wash",
                ExactQuery { riffles: Some(3), ..shuffle(AlgorithmKind::Wash) },
            ),
            (
                Field::Passes,
                "applies to overhand and shelf and faro, not to riffle",
                ExactQuery { passes: Some(3), ..shuffle(AlgorithmKind::Riffle) },
            ),
            (
                Field::Moves,
                "applies to top-to-random, not to overhand",
                ExactQuery { moves: Some(3), ..shuffle(AlgorithmKind::Overhand) },
            ),
        ] {
            assert_eq!(refused(query), (want, message.to_string()));
        }
    }

    #[test]
    fn rank_order_needs_a_52_or_54_card_deck() {
        let query = ExactQuery { order: Some(StartOrder::Rank), deck: Some(40), ..shuffle(AlgorithmKind::FisherYates) };
        assert_eq!(refused(query), (Field::Order, "rank order exists for 52 and 54 cards, not 40".to_string()));
        let query = ExactQuery { order: Some(StartOrder::Rank), deck: Some(54), ..shuffle(AlgorithmKind::Wash) };
        assert!(query.validate().is_ok());
    }

    #[test]
    fn a_law_the_core_cannot_compute_is_refused_before_any_work() {
        for (kind, needle) in [
            (AlgorithmKind::RejectRetry, "never terminates"),
            (AlgorithmKind::DirectDraw, "does not produce a permutation"),
        ] {
            let (field, message) = refused(shuffle(kind));
            assert_eq!(field, Field::Algorithm);
            assert!(message.starts_with("the exact law is intractable: ") && message.contains(needle), "{message}");
        }
        let huge = ExactQuery { swaps: Some(1 << 40), ..shuffle(AlgorithmKind::Wash) };
        let (field, message) = refused(huge);
        assert_eq!(field, Field::Algorithm);
        assert!(message.contains("above the"), "{message}");
        assert_eq!(refused(ExactQuery { deck: Some(5000), ..shuffle(AlgorithmKind::FisherYates) }).0, Field::Deck);
    }

    #[test]
    fn a_valid_law_query_gives_its_request() {
        let query = ExactQuery {
            rng: Some(ExactDraws::Msvc),
            deck: Some(54),
            swaps: Some(108),
            cut: true,
            burn: Some(3),
            order: Some(StartOrder::Rank),
            out: Some("law".into()),
            ..shuffle(AlgorithmKind::Wash)
        };
        let want = LawPlan {
            request: ExactRequest {
                cut: true,
                burn: 3,
                ..ExactRequest::new(Algorithm::with_swaps(AlgorithmKind::Wash, Some(108)), Some(15), 54)
            },
            draws: ExactDraws::Msvc,
            order: StartOrder::Rank,
            out: Some("law".into()),
        };
        assert_eq!(query.validate(), Ok(ExactPlan::Law(want)));
        let ExactPlan::Law(plain) = shuffle(AlgorithmKind::FisherYates).validate().unwrap() else {
            panic!("not a law")
        };
        assert_eq!((plain.request.n, plain.request.bits, plain.request.burn), (52, None, 0));
        assert_eq!(
            (plain.draws, plain.order, plain.request.algorithm.swaps),
            (ExactDraws::Ideal, StartOrder::Suit, None)
        );
    }

    #[test]
    fn the_draws_have_their_width_and_words() {
        assert_eq!(ExactDraws::Ideal.words(), "ideal draws");
        assert_eq!(ExactDraws::Msvc.words(), "15-bit r() % m (msvc)");
        assert_eq!(ExactDraws::Glibc.bits(), Some(31));
    }
}
