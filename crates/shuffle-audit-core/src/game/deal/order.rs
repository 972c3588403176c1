//! The deck's starting order: what `d` holds before the first shuffle and before every fresh one.

use serde::Serialize;

use crate::cards::Card;
use crate::game::doudizhu;

crate::names::named_enum! {
    /// The deck before shuffling.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
    #[serde(rename_all = "kebab-case")]
    pub enum StartOrder("order") {
        /// `d[i] = i`: ♠A..♠K, ♥A..♥K, ♣A..♣K, ♦A..♦K (then 小王, 大王), as S1 and
        /// docs/src/algorithms.md#card-ids-and-names number the cards.
        #[default]
        Suit => "suit",
        /// The 斗地主 material's numbering (S5): the four 3s first, … the four 2s, then 小王 and 大王 last.
        Rank => "rank",
    }
}

impl StartOrder {
    pub fn describe(self) -> &'static str {
        match self {
            StartOrder::Suit => "suit-ordered (0..n)",
            StartOrder::Rank => "rank-ordered (3s first, jokers last)",
        }
    }
}

/// The `n` card ids in starting order. The rank order sorts by 斗地主 rank then suit, so within a rank the
/// suits stay ♠ ♥ ♣ ♦; it exists for the 52- and 54-card decks (checked by [`super::DealConfig::validate`]).
pub fn start_deck(order: StartOrder, n: usize) -> Vec<Card> {
    let mut deck: Vec<Card> = (0..n as Card).collect();
    if order == StartOrder::Rank {
        deck.sort_by_key(|&c| doudizhu::sort_key(c));
    }
    deck
}

pub use crate::cards::home_positions;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{NameStyle, card_name};

    #[test]
    fn the_rank_order_runs_from_the_threes_to_the_big_joker() {
        let d = start_deck(StartOrder::Rank, 54);
        let names: Vec<String> = d.iter().map(|&c| card_name(c, 54, NameStyle::Symbol)).collect();
        assert_eq!(names[..5], ["♠3", "♥3", "♣3", "♦3", "♠4"]);
        assert_eq!(names[44..], ["♠A", "♥A", "♣A", "♦A", "♠2", "♥2", "♣2", "♦2", "小王", "大王"]);
        let home = home_positions(&d);
        assert_eq!((home[53], home[2], home[0]), (53, 0, 44));
        assert_eq!(start_deck(StartOrder::Suit, 5), vec![0, 1, 2, 3, 4]);
        assert_eq!(start_deck(StartOrder::Rank, 52)[51], 40);
    }
}
