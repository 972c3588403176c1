//! Dealing a shuffled deck: which positions go to which seat, the bottom cards, and the deck's starting order.
//!
//! A deal is a fixed map from deck positions to groups: the seats, the bottom cards (底牌) and the cards left
//! undealt. Two schemes come from the sources: **block** (S1's 斗牛 dealer and S5's 斗地主: seat p gets
//! `d[p·H .. (p+1)·H)`) and **round-robin** (S2, S3: card i goes to seat `i % P`); in both the B bottom cards are
//! the next ones, `d[P·H .. P·H + B)`, and the rest stays undealt. Burning and cutting before the deal are the
//! runner's `PostProcess` (`shuffle_audit::audit::source::PostProcess`) (`--burn`, `--cut`), applied after every shuffle.
//!
//! The starting order is the deck's content before the shuffle: **suit** order `d[i] = i` (docs/src/algorithms.md#card-ids-and-names, S1),
//! or the 斗地主 material's **rank** order (S5: 3s lowest … 2s, small joker, big joker last). Card ids keep
//! their meaning either way, so position-by-card counts still say where each card lands; only the place a
//! weak shuffle leaves a card near changes.

pub mod hands;
pub mod order;
pub mod scheme;

pub use order::StartOrder;
pub use scheme::{Group, Scheme, SeatMap};

use serde::Serialize;

use crate::cards::Card;
use crate::error::{ConfigError, Field};
use crate::game::{Game, douniu};

/// Optional overrides of a game's deal, as the command line gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DealShape {
    pub players: Option<usize>,
    pub hand: Option<usize>,
    pub bottom: Option<usize>,
    pub scheme: Option<Scheme>,
    pub order: Option<StartOrder>,
    /// Blackjack's cut card, in cards from the top of the shoe.
    pub cut_card: Option<usize>,
}

impl DealShape {
    pub fn is_empty(&self) -> bool {
        *self == DealShape::default()
    }
}

/// A validated deal: the game, its deck, players × hand + bottom, the scheme and the starting order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct DealConfig {
    pub game: Game,
    /// Every card dealt from: a shoe's `copies` decks together (baccarat's 8 × 52 = 416).
    pub deck: usize,
    /// Decks in the shoe (`--copies`; 1 but for the games of shoes). Left out of run files when 1.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub copies: usize,
    pub players: usize,
    pub hand: usize,
    pub bottom: usize,
    pub scheme: Scheme,
    pub order: StartOrder,
    /// Blackjack's cut card: rounds are dealt while fewer cards than this are out (0 for the other games). Left
    /// out of run files when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cut_card: usize,
}

fn is_zero(k: &usize) -> bool {
    *k == 0
}

fn one() -> usize {
    1
}

fn is_one(k: &usize) -> bool {
    *k == 1
}

impl DealConfig {
    /// The tests this deal makes applicable: a 斗地主 or 斗牛 deal adds its table tests to the seat tests.
    pub fn test_scope(&self) -> crate::stats::TestScope {
        use crate::stats::TestScope;
        match self.game {
            Game::Doudizhu => TestScope::Doudizhu,
            Game::Douniu => TestScope::Douniu,
            Game::Baccarat => TestScope::Baccarat,
            Game::Blackjack => TestScope::Blackjack,
            Game::Guandan | Game::Doudizhu4 => TestScope::TwoDeck,
            Game::Custom => TestScope::Deal,
        }
    }

    /// The cards of one deck of the shoe (the deck itself but for the games of shoes).
    pub fn base(&self) -> usize {
        self.deck / self.copies
    }

    /// The game's deal with the given overrides. Defaults: 斗地主 3 × 17 + 3 bottom of 54 in blocks (S5);
    /// 斗牛 5 players × 5 of 52 in blocks (S1); custom 4 players round-robin (S3) over the whole deck (default
    /// 52), hand = (deck − bottom) / players. The starting order is suit order unless `--order rank`.
    pub fn new(game: Game, deck: Option<usize>, shape: DealShape) -> Result<Self, ConfigError> {
        Self::shoe(game, deck, None, shape)
    }

    /// As [`DealConfig::new`], with `--copies`: a game of shoes (baccarat) is dealt from `copies` decks of its
    /// deck (its default when `None`); the other games take one deck and refuse copies.
    pub fn shoe(game: Game, deck: Option<usize>, copies: Option<usize>, shape: DealShape) -> Result<Self, ConfigError> {
        if shape.cut_card.is_some() && game != Game::Blackjack {
            return Err(ConfigError::new(
                Field::CutCard,
                format!("does not apply to {}: the cut card is blackjack's (--game blackjack)", game.title()),
            ));
        }
        if game.is_shoe() {
            return Self::of_shoe(game, deck, copies, shape);
        }
        if game.is_two_deck() {
            return Self::of_two_decks(game, deck, copies, shape);
        }
        if copies.is_some_and(|k| k != 1) {
            return Err(ConfigError::new(
                Field::Copies,
                format!(
                    "{} is dealt from one deck; the games of several decks are baccarat (a shoe of --copies decks), \
                     blackjack (a shoe of --copies decks), guandan and doudizhu4 (two decks)",
                    game.title()
                ),
            ));
        }
        let deck = match (game.deck(), deck) {
            (Some(d), Some(given)) if given != d => {
                return Err(ConfigError::new(
                    Field::Deck,
                    format!("{} is played with {d} cards, not {given}", game.title()),
                ));
            }
            (Some(d), _) => d,
            (None, given) => given.unwrap_or(52),
        };
        Self::seated(game, deck, 1, shape)
    }

    /// A deal to seats of `deck` cards (`copies` decks of `deck / copies`), the game's defaults under the
    /// overrides, validated.
    fn seated(game: Game, deck: usize, copies: usize, shape: DealShape) -> Result<Self, ConfigError> {
        let (players, bottom, scheme) = match game {
            Game::Doudizhu => (3, 3, Scheme::Block),
            Game::Douniu => (5, 0, Scheme::Block),
            Game::Guandan => (4, 0, Scheme::RoundRobin),
            Game::Doudizhu4 => (4, 8, Scheme::RoundRobin),
            Game::Custom | Game::Baccarat | Game::Blackjack => (4, 0, Scheme::RoundRobin),
        };
        let players = shape.players.unwrap_or(players);
        let bottom = shape.bottom.unwrap_or(bottom);
        // A hand the deck's rest sets: a bottom that leaves every player without a card is the bottom's error.
        let derived = matches!(game, Game::Guandan | Game::Doudizhu4 | Game::Custom | Game::Baccarat | Game::Blackjack);
        if shape.hand.is_none() && derived && players > 0 && deck.saturating_sub(bottom) < players {
            return Err(ConfigError::new(
                Field::Bottom,
                format!("{bottom} bottom cards leave fewer than one card each for {players} players of {deck}"),
            ));
        }
        let hand = shape.hand.unwrap_or(match game {
            Game::Doudizhu => 17,
            Game::Douniu => douniu::HAND,
            Game::Guandan | Game::Doudizhu4 | Game::Custom | Game::Baccarat | Game::Blackjack => {
                deck.saturating_sub(bottom) / players.max(1)
            }
        });
        let config = DealConfig {
            game,
            deck,
            copies,
            players,
            hand,
            bottom,
            scheme: shape.scheme.unwrap_or(scheme),
            order: shape.order.unwrap_or_default(),
            cut_card: 0,
        };
        config.validate()?;
        Ok(config)
    }

    /// 掼蛋 and two-deck 斗地主: two 54-card decks (`--deck 54 --copies 2`, the defaults), dealt to seats like one
    /// deck: 4 × 27 round-robin, and 4 × 25 + 8 bottom round-robin; seats, hand, bottom and scheme can be set.
    fn of_two_decks(
        game: Game,
        deck: Option<usize>,
        copies: Option<usize>,
        shape: DealShape,
    ) -> Result<Self, ConfigError> {
        use crate::game::two_deck::{BASE, DECKS};
        if let Some(given) = deck.filter(|&d| d != BASE) {
            return Err(ConfigError::new(
                Field::Deck,
                format!(
                    "{} is played with two {BASE}-card decks (--deck {BASE} --copies 2), not {given}",
                    game.title()
                ),
            ));
        }
        if let Some(k) = copies.filter(|&k| k != DECKS) {
            return Err(ConfigError::new(
                Field::Copies,
                format!("{} is played with two {BASE}-card decks, not {k}", game.title()),
            ));
        }
        if shape.order == Some(StartOrder::Rank) {
            return Err(ConfigError::new(
                Field::Order,
                format!(
                    "the rank order is defined for one 52- or 54-card deck, not for the two decks of {}",
                    game.title()
                ),
            ));
        }
        Self::seated(game, BASE * DECKS, DECKS, shape)
    }

    /// Baccarat: player and banker, two cards each dealt alternately from the top of a shoe of `copies` 52-card
    /// decks; the third cards follow the tableau ([`crate::game::baccarat`]), so no seat, hand or bottom can be
    /// set. Blackjack: `--players` players (1..=7, 5 by default) and the dealer, the last seat, two cards each
    /// dealt player–dealer–player–dealer, rounds until `--cut-card` ([`crate::game::blackjack`]); no hand, bottom
    /// or scheme can be set.
    fn of_shoe(game: Game, deck: Option<usize>, copies: Option<usize>, shape: DealShape) -> Result<Self, ConfigError> {
        use crate::game::blackjack;
        let base = game.deck().unwrap_or(52);
        if let Some(given) = deck.filter(|&d| d != base) {
            return Err(ConfigError::new(
                Field::Deck,
                format!(
                    "{} is played with {base}-card decks, not {given} (--copies sets the decks in the shoe)",
                    game.title()
                ),
            ));
        }
        let rule = if game == Game::Blackjack {
            "the players and the dealer take two cards each, dealt player–dealer–player–dealer, and draw by the rule"
        } else {
            "player and banker take two cards each, dealt alternately, and the third cards follow the rule"
        };
        let refuse = |field: Field| ConfigError::new(field, format!("does not apply to {}: {rule}", game.title()));
        if shape.players.is_some() && game != Game::Blackjack {
            return Err(refuse(Field::Players));
        }
        if shape.hand.is_some() {
            return Err(refuse(Field::Hand));
        }
        if shape.bottom.is_some() {
            return Err(refuse(Field::Bottom));
        }
        if shape.scheme.is_some() {
            return Err(refuse(Field::Scheme));
        }
        if shape.order == Some(StartOrder::Rank) {
            return Err(ConfigError::new(
                Field::Order,
                format!("the rank order is defined for one 52- or 54-card deck, not for a shoe of {}", game.title()),
            ));
        }
        let copies = copies.unwrap_or(game.default_copies());
        if copies == 0 || base * copies > crate::cards::MAX_DECK {
            return Err(ConfigError::new(
                Field::Copies,
                format!(
                    "a {} shoe holds 1..={} decks of {base} cards, not {copies}",
                    game.title(),
                    crate::cards::MAX_DECK / base
                ),
            ));
        }
        let cards = base * copies;
        let (seats, cut_card) = if game == Game::Blackjack {
            let players = shape.players.unwrap_or(blackjack::DEFAULT_PLAYERS);
            if !(1..=blackjack::MAX_PLAYERS).contains(&players) {
                return Err(ConfigError::new(
                    Field::Players,
                    format!("a blackjack table seats 1..={} players, not {players}", blackjack::MAX_PLAYERS),
                ));
            }
            let max = blackjack::max_cut(cards, players);
            let cut = shape.cut_card.unwrap_or(blackjack::default_cut(cards).min(max));
            if !(1..=max).contains(&cut) {
                return Err(ConfigError::new(
                    Field::CutCard,
                    format!(
                        "the cut card lies 1..={max} cards from the top of a {cards}-card shoe at a table of \
                         {players} (every round needs its {} cards), not {cut}",
                        blackjack::initial_cards(players)
                    ),
                ));
            }
            (players + 1, cut)
        } else {
            (2, 0)
        };
        Ok(DealConfig {
            game,
            deck: cards,
            copies,
            players: seats,
            hand: 2,
            bottom: 0,
            scheme: Scheme::RoundRobin,
            order: StartOrder::Suit,
            cut_card,
        })
    }

    /// Checks the deal against its deck and game; every error names the flag at fault.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let title = self.game.title();
        if !(crate::cards::MIN_DECK..=crate::cards::MAX_DECK).contains(&self.deck) {
            return Err(ConfigError::new(Field::Deck, format!("{} cards is outside 2..=1024", self.deck)));
        }
        if self.players < 2 {
            return Err(ConfigError::new(
                Field::Players,
                format!("a deal needs at least 2 players, not {}", self.players),
            ));
        }
        if self.game == Game::Douniu && self.players > 10 {
            return Err(ConfigError::new(
                Field::Players,
                format!("{title} deals to 2..=10 players, not {}", self.players),
            ));
        }
        if self.hand == 0 {
            return Err(ConfigError::new(Field::Hand, "each player needs at least 1 card, not 0"));
        }
        if self.game == Game::Douniu && self.hand != douniu::HAND {
            return Err(ConfigError::new(Field::Hand, format!("{title} hands have 5 cards, not {}", self.hand)));
        }
        let dealt = self.players.checked_mul(self.hand).and_then(|x| x.checked_add(self.bottom));
        if dealt.is_none_or(|d| d > self.deck) {
            return Err(ConfigError::new(
                Field::Hand,
                format!(
                    "{} players × {} cards + {} bottom = {} cards, more than the {}-card deck",
                    self.players,
                    self.hand,
                    self.bottom,
                    dealt.map_or("too many".to_string(), |d| d.to_string()),
                    self.deck
                ),
            ));
        }
        if self.order == StartOrder::Rank && !(self.deck == 52 || self.deck == 54) {
            return Err(ConfigError::new(
                Field::Order,
                format!("the rank order is defined for the 52- and 54-card decks, not {} cards", self.deck),
            ));
        }
        Ok(())
    }

    /// Which position goes to which seat.
    pub fn seat_map(&self) -> SeatMap {
        SeatMap::new(self)
    }

    /// The deck before the shuffle.
    pub fn start_deck(&self) -> Vec<Card> {
        order::start_deck(self.order, self.deck)
    }

    /// The deal in command-line form, defaults left out: `--game doudizhu --order rank`.
    pub fn label(&self) -> String {
        if self.game == Game::Blackjack {
            // The shoe's decks are the run's `--deck N --copies K`, said with the deck.
            let mut parts = vec![format!("--game {}", self.game)];
            if self.players - 1 != crate::game::blackjack::DEFAULT_PLAYERS {
                parts.push(format!("--players {}", self.players - 1));
            }
            let default = crate::game::blackjack::default_cut(self.deck)
                .min(crate::game::blackjack::max_cut(self.deck, self.players - 1));
            if self.cut_card != default {
                parts.push(format!("--cut-card {}", self.cut_card));
            }
            return parts.join(" ");
        }
        if self.game.is_shoe() {
            // The shoe's decks are the run's `--deck N --copies K`, said with the deck.
            return format!("--game {}", self.game);
        }
        let mut parts = vec![format!("--game {}", self.game)];
        let defaults = DealConfig::shoe(self.game, Some(self.base()), Some(self.copies), DealShape::default()).ok();
        let differs = |f: fn(&DealConfig) -> usize| defaults.is_none_or(|d| f(&d) != f(self));
        if differs(|d| d.players) {
            parts.push(format!("--players {}", self.players));
        }
        if differs(|d| d.hand) {
            parts.push(format!("--hand {}", self.hand));
        }
        if differs(|d| d.bottom) {
            parts.push(format!("--bottom {}", self.bottom));
        }
        if defaults.is_none_or(|d| d.scheme != self.scheme) {
            parts.push(format!("--scheme {}", self.scheme));
        }
        if self.order != StartOrder::default() {
            parts.push(format!("--order {}", self.order));
        }
        parts.join(" ")
    }

    /// One line in words: `斗地主: 3 seats × 17 cards + 3 bottom, dealt in blocks, from the rank-ordered deck`.
    pub fn describe(&self) -> String {
        if self.game == Game::Blackjack {
            return format!(
                "blackjack: {} player{} and the dealer (seat {}), 2 cards each dealt player–dealer–player–dealer from \
                 a shoe of {} × {} cards ({}), hands drawn to 17, rounds until the cut card at {}, from a new shoe's \
                 order",
                self.players - 1,
                if self.players == 2 { "" } else { "s" },
                self.players,
                self.copies,
                self.base(),
                self.deck,
                self.cut_card
            );
        }
        if self.game.is_shoe() {
            return format!(
                "{}: player and banker, 2 cards each dealt alternately from the top of a shoe of {} × {} cards ({}), \
                 third cards by the rule, from a new shoe's order",
                self.game.title(),
                self.copies,
                self.base(),
                self.deck
            );
        }
        let bottom = if self.bottom > 0 { format!(" + {} bottom", self.bottom) } else { String::new() };
        let undealt = self.deck - self.players * self.hand - self.bottom;
        let rest = if undealt > 0 { format!(" ({undealt} undealt)") } else { String::new() };
        let cards = if self.copies > 1 {
            format!("{} × {} = {}", self.copies, self.base(), self.deck)
        } else {
            self.deck.to_string()
        };
        format!(
            "{}: {} seats × {} cards{bottom} of {cards}{rest}, dealt {}, from the {} deck",
            self.game.title(),
            self.players,
            self.hand,
            self.scheme.describe(),
            self.order.describe()
        )
    }

    /// A short name for report folders: `doudizhu-block-rank`.
    pub fn slug(&self) -> String {
        if self.game == Game::Blackjack {
            return format!("{}-{}x{}-p{}-cut{}", self.game, self.copies, self.base(), self.players - 1, self.cut_card);
        }
        if self.game.is_shoe() {
            return format!("{}-{}x{}", self.game, self.copies, self.base());
        }
        let mut s = format!("{}-{}", self.game, self.scheme);
        if self.game == Game::Douniu || self.game == Game::Custom {
            s.push_str(&format!("-p{}", self.players));
        }
        if self.game == Game::Custom {
            s.push_str(&format!("-h{}-b{}", self.hand, self.bottom));
        }
        if self.game.is_two_deck() {
            let d = DealConfig::shoe(self.game, None, None, DealShape::default()).ok();
            if d.is_none_or(|d| (d.players, d.hand, d.bottom) != (self.players, self.hand, self.bottom)) {
                s.push_str(&format!("-p{}-h{}-b{}", self.players, self.hand, self.bottom));
            }
            s.push_str(&format!("-{}x{}", self.copies, self.base()));
            return s;
        }
        s.push_str(&format!("-{}", self.order));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(game: Game, deck: Option<usize>, shape: DealShape) -> String {
        DealConfig::new(game, deck, shape).unwrap_err().to_string()
    }

    #[test]
    fn games_have_their_defaults() {
        let d = DealConfig::new(Game::Doudizhu, None, DealShape::default()).unwrap();
        assert_eq!((d.deck, d.players, d.hand, d.bottom, d.scheme), (54, 3, 17, 3, Scheme::Block));
        let n = DealConfig::new(Game::Douniu, None, DealShape::default()).unwrap();
        assert_eq!((n.deck, n.players, n.hand, n.bottom, n.scheme), (52, 5, 5, 0, Scheme::Block));
        let c = DealConfig::new(Game::Custom, None, DealShape::default()).unwrap();
        assert_eq!((c.deck, c.players, c.hand, c.bottom, c.scheme), (52, 4, 13, 0, Scheme::RoundRobin));
        assert_eq!(d.label(), "--game doudizhu");
        let r = DealShape { order: Some(StartOrder::Rank), players: Some(7), ..Default::default() };
        assert_eq!(DealConfig::new(Game::Douniu, None, r).unwrap().label(), "--game douniu --players 7 --order rank");
    }

    #[test]
    fn the_two_deck_games_deal_108_cards_to_four_seats() {
        let g = DealConfig::new(Game::Guandan, None, DealShape::default()).unwrap();
        assert_eq!((g.deck, g.copies, g.players, g.hand, g.bottom, g.scheme), (108, 2, 4, 27, 0, Scheme::RoundRobin));
        let d = DealConfig::shoe(Game::Doudizhu4, Some(54), Some(2), DealShape::default()).unwrap();
        assert_eq!((d.deck, d.players, d.hand, d.bottom), (108, 4, 25, 8));
        assert_eq!((g.label(), d.slug()), ("--game guandan".to_string(), "doudizhu4-round-robin-2x54".to_string()));
        assert_eq!(
            d.describe(),
            "四人斗地主: 4 seats × 25 cards + 8 bottom of 2 × 54 = 108, dealt round-robin, from the suit-ordered (0..n) deck"
        );
        let blocks = DealShape { scheme: Some(Scheme::Block), hand: Some(20), ..Default::default() };
        let b = DealConfig::new(Game::Guandan, None, blocks).unwrap();
        assert_eq!(
            (b.label(), b.slug()),
            ("--game guandan --hand 20 --scheme block".to_string(), "guandan-block-p4-h20-b0-2x54".to_string())
        );
        let copies = DealConfig::shoe(Game::Guandan, None, Some(3), DealShape::default()).unwrap_err().to_string();
        assert_eq!(copies, "--copies: 掼蛋 is played with two 54-card decks, not 3");
        assert!(
            err(Game::Guandan, Some(108), DealShape::default())
                .starts_with("--deck: 掼蛋 is played with two 54-card decks (--deck 54 --copies 2)")
        );
        let rank = DealShape { order: Some(StartOrder::Rank), ..Default::default() };
        assert!(err(Game::Doudizhu4, None, rank).starts_with("--order:"));
        let over = err(Game::Doudizhu4, None, DealShape { hand: Some(26), ..Default::default() });
        assert_eq!(over, "--hand: 4 players × 26 cards + 8 bottom = 112 cards, more than the 108-card deck");
    }

    #[test]
    fn blackjack_seats_its_players_and_the_dealer_and_refuses_what_does_not_apply() {
        let shoe =
            |players: Option<usize>, cut_card: Option<usize>| DealShape { players, cut_card, ..Default::default() };
        let d = DealConfig::shoe(Game::Blackjack, None, None, DealShape::default()).unwrap();
        assert_eq!((d.deck, d.copies, d.players, d.hand, d.cut_card), (312, 6, 6, 2, 234));
        assert_eq!(d.label(), "--game blackjack");
        let seven = DealConfig::shoe(Game::Blackjack, None, Some(8), shoe(Some(7), Some(300))).unwrap();
        assert_eq!((seven.players, seven.cut_card), (8, 300));
        assert_eq!(seven.label(), "--game blackjack --players 7 --cut-card 300");
        let refused = |game: Game, shape: DealShape| DealConfig::shoe(game, None, None, shape).unwrap_err().to_string();
        assert_eq!(
            refused(Game::Blackjack, shoe(None, Some(302))),
            "--cut-card: the cut card lies 1..=301 cards from the top of a 312-card shoe at a table of 5 (every round \
             needs its 12 cards), not 302"
        );
        assert!(refused(Game::Blackjack, shoe(None, Some(0))).starts_with("--cut-card:"));
        assert!(refused(Game::Blackjack, shoe(Some(8), None)).starts_with("--players: a blackjack table seats 1..=7"));
        assert!(refused(Game::Blackjack, DealShape { hand: Some(3), ..Default::default() }).starts_with("--hand:"));
        assert!(refused(Game::Doudizhu, shoe(None, Some(10))).starts_with("--cut-card: does not apply to 斗地主"));
        assert!(refused(Game::Baccarat, shoe(None, Some(10))).starts_with("--cut-card:"));
    }

    #[test]
    fn impossible_deals_name_the_flag() {
        let shape = |players, hand, bottom| DealShape { players, hand, bottom, ..Default::default() };
        assert!(err(Game::Doudizhu, None, shape(Some(1), None, None)).starts_with("--players:"));
        assert!(err(Game::Custom, None, shape(None, Some(0), None)).starts_with("--hand:"));
        assert!(err(Game::Douniu, None, shape(Some(11), None, None)).contains("2..=10"));
        assert!(err(Game::Douniu, None, shape(None, Some(4), None)).starts_with("--hand:"));
        let over = err(Game::Doudizhu, None, shape(None, Some(18), None));
        assert_eq!(over, "--hand: 3 players × 18 cards + 3 bottom = 57 cards, more than the 54-card deck");
        assert!(err(Game::Doudizhu, Some(52), DealShape::default()).starts_with("--deck:"));
        let rank = DealShape { order: Some(StartOrder::Rank), ..Default::default() };
        assert!(err(Game::Custom, Some(40), rank).starts_with("--order:"));
        assert!(err(Game::Custom, Some(20), shape(Some(usize::MAX), Some(3), None)).contains("too many"));
        // A bottom that leaves the players nothing is the bottom's error, not that of a --hand never given.
        let greedy = err(Game::Custom, Some(52), shape(None, None, Some(50)));
        assert_eq!(greedy, "--bottom: 50 bottom cards leave fewer than one card each for 4 players of 52");
        assert!(err(Game::Custom, Some(52), shape(None, Some(1), Some(50))).starts_with("--hand:"));
    }
}
