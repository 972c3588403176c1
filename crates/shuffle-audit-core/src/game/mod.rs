//! The games the source dealers deal, their hand orders and their exact odds.
//!
//! - [`doudizhu`] 斗地主 (S2, S5): 54 cards, 17 to each of 3 players and 3 bottom cards for the landlord; hands
//!   sorted 3 < 4 < … < K < A < 2 < small joker < big joker; rocket and bombs, with exact probabilities.
//! - [`douniu`] 斗牛 (S1): 52 cards, 5 to each of 2..=10 players in blocks; the niu value of a hand, with its
//!   exact distribution over all C(52, 5) hands.
//! - [`baccarat`] (punto banco): player and banker from a shoe of `--copies` decks (8 by default), with the full
//!   third-card rule and the exact odds of the shoe's first coup.
//! - [`blackjack`]: P players and the dealer from a shoe of `--copies` decks (6 by default), rounds played to a
//!   fixed rule until the cut card, with the exact odds of a natural; [`dealer`]: the dealer's final result and
//!   its exact law for a hand from a fresh shoe (standing on or hitting soft 17).
//! - [`two_deck`] 掼蛋 (Guandan, 4 × 27) and two-deck 斗地主 (`doudizhu4`, 4 × 25 + 8 bottom) from two 54-card
//!   decks: jokers, bombs (four or more of a rank) and straight flushes per seat, with exact odds.
//! - `custom`: any players × hand size (+ bottom) of any deck, with the seat tests only.
//!
//! Every exact value is computed here (combinatorics and enumeration in exact integer arithmetic, see
//! [`fraction`]), never copied from a table.

pub mod baccarat;
pub mod blackjack;
pub mod csm;
pub mod deal;
pub mod dealer;
pub mod doudizhu;
pub mod douniu;
pub mod fraction;
pub mod scoreboard;
pub mod table;
pub mod two_deck;
pub mod view_laws;

use serde::Serialize;

use crate::cards::{Card, suit_rank};

crate::names::named_enum! {
    /// The games `--game` selects.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum Game("game") {
        /// 斗地主: 54 cards, 3 × 17 + 3 bottom.
        Doudizhu => "doudizhu",
        /// 斗牛: 52 cards, 5 per player, 2..=10 players.
        Douniu => "douniu",
        /// Baccarat (punto banco): player and banker from a shoe of 52-card decks.
        Baccarat => "baccarat",
        /// Blackjack: P players and the dealer, rounds until the cut card, from a shoe of 52-card decks.
        Blackjack => "blackjack",
        /// 掼蛋 (Guandan): two 54-card decks, 4 × 27.
        Guandan => "guandan",
        /// Two-deck 斗地主: two 54-card decks, 4 × 25 + 8 bottom.
        Doudizhu4 => "doudizhu4",
        /// Any players × hand size, seat tests only.
        Custom => "custom",
    }
}

impl Game {
    /// The game's own name.
    pub fn title(self) -> &'static str {
        match self {
            Game::Doudizhu => "斗地主",
            Game::Douniu => "斗牛",
            Game::Baccarat => "baccarat",
            Game::Blackjack => "blackjack",
            Game::Guandan => "掼蛋",
            Game::Doudizhu4 => "四人斗地主",
            Game::Custom => "custom deal",
        }
    }

    /// The deck the game is played with (one deck of a shoe), or `None` when any deck will do.
    pub fn deck(self) -> Option<usize> {
        match self {
            Game::Doudizhu | Game::Guandan | Game::Doudizhu4 => Some(54),
            Game::Douniu | Game::Baccarat | Game::Blackjack => Some(52),
            Game::Custom => None,
        }
    }

    /// True for the games dealt from a shoe of several decks (`--copies`) by their own rule (baccarat,
    /// blackjack), whose hand and bottom cannot be set.
    pub fn is_shoe(self) -> bool {
        matches!(self, Game::Baccarat | Game::Blackjack)
    }

    /// True for the games of two 54-card decks (掼蛋, two-deck 斗地主), dealt to seats like one deck.
    pub fn is_two_deck(self) -> bool {
        matches!(self, Game::Guandan | Game::Doudizhu4)
    }

    /// The copies of the deck in the game's shoe when `--copies` is not given.
    pub fn default_copies(self) -> usize {
        match self {
            Game::Baccarat => baccarat::DEFAULT_DECKS,
            Game::Blackjack => blackjack::DEFAULT_DECKS,
            Game::Guandan | Game::Doudizhu4 => two_deck::DECKS,
            _ => 1,
        }
    }
}

pub use crate::cards::Lang;

/// How hands are sorted for display.
pub fn hand_sort_key(game: Game, card: Card) -> (u16, u16) {
    match game {
        Game::Doudizhu => doudizhu::sort_key(card),
        Game::Doudizhu4 => {
            let (rank, suit) = doudizhu::sort_key(two_deck::face(card) as Card);
            (rank, suit * 2 + card / two_deck::BASE as Card)
        }
        Game::Guandan => two_deck::guandan_sort_key(card),
        Game::Douniu | Game::Baccarat | Game::Blackjack | Game::Custom => face_sort_key(card),
    }
}

/// A < 2 < … < K, then suit (♠ ♥ ♣ ♦); jokers and ids above 51 after every suited card, by id.
pub fn face_sort_key(card: Card) -> (u16, u16) {
    match suit_rank(card) {
        Some((suit, rank)) => (rank as u16, suit as u16),
        None => (13 + card, 0),
    }
}
