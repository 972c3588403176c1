//! Baccarat (punto banco): one coup dealt from the top of a shoe, with the full third-card rule, and its exact
//! odds over the shoe's composition.
//!
//! Cards count A = 1, 2–9 face value, 10, J, Q, K = 0; a hand's total is its sum mod 10. The coup is dealt
//! player, banker, player, banker from the top of the shoe. A two-card total of 8 or 9 in either hand is a
//! **natural** and both stand. Otherwise the player draws a third card on 0–5 and stands on 6–7; the banker
//! then draws on 0–5 when the player stood, and when the player drew a third card of value p it draws on
//!
//! | banker's total | draws when p is |
//! |---|---|
//! | 0–2 | anything |
//! | 3 | anything but 8 |
//! | 4 | 2–7 |
//! | 5 | 4–7 |
//! | 6 | 6–7 |
//! | 7 | never |
//!
//! (the tableau every punto-banco rule book prints; e.g. the Nevada Gaming Commission's rules of play, and
//! Thorp, *The Mathematics of Gambling*, ch. 7). The higher total wins; equal totals tie.
//!
//! **Exact odds.** A coup uses the shoe's first four, five or six cards. Over a uniform shuffle the first six
//! cards are a uniform ordered sample without replacement, so the coup's law depends only on the shoe's count of
//! each value: [`odds`] walks every sequence of values the rule can deal, weighting it by the number of ordered
//! card sequences that give it, all over the common denominator T(T−1)⋯(T−5) of ordered six-card samples (a path
//! of four or five cards is completed by every ordered choice of the cards it leaves undealt). Exact integers
//! throughout: for 8 decks, 4,998,398,275,503,360 ordered samples, of which 2,292,252,566,437,888 are banker
//! wins. The walk is checked against playing every permutation of small shoes in the tests.

use crate::cards::Card;
use crate::game::fraction::Fraction;

/// The deck a baccarat shoe is made of, and the decks in a shoe when `--copies` is not given.
pub const DECK: usize = 52;
pub const DEFAULT_DECKS: usize = 8;
/// The most cards one coup takes.
pub const MAX_CARDS: usize = 6;

/// The baccarat value of a card (its face, `id mod 52`): A = 1, 2–9 face value, 10, J, Q, K = 0.
#[inline]
pub fn card_value(card: Card) -> u8 {
    let rank = (card % DECK as Card) % 13 + 1;
    if rank >= 10 { 0 } else { rank as u8 }
}

/// Who wins a coup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Banker = 0,
    Player = 1,
    Tie = 2,
}

impl Outcome {
    pub const ALL: [Outcome; 3] = [Outcome::Banker, Outcome::Player, Outcome::Tie];

    pub fn name(self) -> &'static str {
        match self {
            Outcome::Banker => "banker",
            Outcome::Player => "player",
            Outcome::Tie => "tie",
        }
    }
}

/// One coup: its outcome, the cards it took (4..=6) and whether a hand was a natural.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coup {
    pub outcome: Outcome,
    pub cards: usize,
    pub natural: bool,
    pub player: u8,
    pub banker: u8,
}

/// Does the banker, on `banker` with two cards, draw, given the player's third card (`None` when it stood)?
#[inline]
pub fn banker_draws(banker: u8, player_third: Option<u8>) -> bool {
    match player_third {
        None => banker <= 5,
        Some(p) => match banker {
            0..=2 => true,
            3 => p != 8,
            4 => (2..=7).contains(&p),
            5 => (4..=7).contains(&p),
            6 => (6..=7).contains(&p),
            _ => false,
        },
    }
}

/// Plays one coup from a sequence of card values (the shoe from its top), taking only the cards it needs.
#[inline]
pub fn coup_of_values(mut next: impl FnMut() -> u8) -> Coup {
    let (p1, b1, p2, b2) = (next(), next(), next(), next());
    let mut player = (p1 + p2) % 10;
    let mut banker = (b1 + b2) % 10;
    let mut cards = 4;
    let natural = player >= 8 || banker >= 8;
    if !natural {
        let mut third = None;
        if player <= 5 {
            let p3 = next();
            player = (player + p3) % 10;
            third = Some(p3);
            cards += 1;
        }
        if banker_draws(banker, third) {
            banker = (banker + next()) % 10;
            cards += 1;
        }
    }
    let outcome = match player.cmp(&banker) {
        std::cmp::Ordering::Less => Outcome::Banker,
        std::cmp::Ordering::Greater => Outcome::Player,
        std::cmp::Ordering::Equal => Outcome::Tie,
    };
    Coup { outcome, cards, natural, player, banker }
}

/// The first coup of a shuffled shoe (card ids; the face is `id mod 52`).
#[inline]
pub fn first_coup(shoe: &[Card]) -> Coup {
    let mut cards = shoe.iter();
    coup_of_values(|| cards.next().map_or(0, |&c| card_value(c)))
}

/// A shoe's count of cards of each baccarat value 0..=9.
pub type Composition = [u32; 10];

/// The composition of `decks` 52-card decks: 16 zero-valued cards and 4 of each other value per deck.
pub fn shoe_of_decks(decks: usize) -> Composition {
    let d = decks as u32;
    let mut c = [4 * d; 10];
    c[0] = 16 * d;
    c
}

/// The exact law of the first coup: ordered six-card samples by outcome and by the coup's shape, over `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    /// Ordered six-card samples T(T−1)⋯(T−5) of the shoe's T cards.
    pub total: u128,
    /// Samples by outcome, indexed by [`Outcome`] as `usize`.
    pub outcomes: [u128; 3],
    /// Samples in which either hand is a natural.
    pub natural: u128,
    /// Samples by the number of cards the coup takes: 4, 5, 6.
    pub by_cards: [u128; 3],
}

impl Odds {
    pub fn of(&self, outcome: Outcome) -> Fraction {
        Fraction::new(self.outcomes[outcome as usize], self.total)
    }

    pub fn natural(&self) -> Fraction {
        Fraction::new(self.natural, self.total)
    }

    /// The probabilities of banker, player and tie, as `f64`.
    pub fn pmf(&self) -> [f64; 3] {
        Outcome::ALL.map(|o| self.of(o).to_f64())
    }
}

/// The exact odds of the first coup of a uniformly shuffled shoe of this composition (at least six cards).
pub fn odds(shoe: &Composition) -> Odds {
    let t: u128 = shoe.iter().map(|&c| u128::from(c)).sum();
    assert!(t >= MAX_CARDS as u128, "a coup needs six cards, the shoe has {t}");
    // tail[k]: the ordered ways to fill the six-card sample's last 6 − k places from the T − k cards left.
    let mut tail = [1u128; MAX_CARDS + 1];
    for k in (0..MAX_CARDS).rev() {
        tail[k] = tail[k + 1] * (t - k as u128);
    }
    let mut odds = Odds { total: tail[0], outcomes: [0; 3], natural: 0, by_cards: [0; 3] };
    let mut left = *shoe;
    let mut values = [0u8; MAX_CARDS];
    walk(&mut left, &mut values, 0, 1, &tail, &mut odds);
    odds
}

/// Extends the dealt sequence `values[..dealt]` (dealt in `ways` ordered card sequences) by every value the
/// rule may draw next, and records each finished coup.
fn walk(left: &mut Composition, values: &mut [u8; MAX_CARDS], dealt: usize, ways: u128, tail: &[u128], o: &mut Odds) {
    if dealt >= 4 {
        // The coup played on the cards dealt so far: finished when it asked for no more than these.
        let mut it = values[..dealt].iter().copied();
        let mut short = false;
        let coup = coup_of_values(|| {
            it.next().unwrap_or_else(|| {
                short = true;
                0
            })
        });
        if !short {
            debug_assert_eq!(coup.cards, dealt);
            let w = ways * tail[dealt];
            o.outcomes[coup.outcome as usize] += w;
            o.by_cards[dealt - 4] += w;
            if coup.natural {
                o.natural += w;
            }
            return;
        }
    }
    for v in 0..10 {
        let c = left[v];
        if c == 0 {
            continue;
        }
        left[v] -= 1;
        values[dealt] = v as u8;
        walk(left, values, dealt + 1, ways * u128::from(c), tail, o);
        left[v] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_values_follow_the_rules() {
        // ♠A = 1, ♠9 = 9, ♠10 J Q K = 0; the face of a shoe's id is id mod 52 (♥A is 13, the second deck's ♠A 52).
        assert_eq!((card_value(0), card_value(8), card_value(9), card_value(12)), (1, 9, 0, 0));
        assert_eq!((card_value(13), card_value(52), card_value(52 + 21)), (1, 1, 9));
        assert_eq!(shoe_of_decks(8), [128, 32, 32, 32, 32, 32, 32, 32, 32, 32]);
    }

    #[test]
    fn the_third_card_rule_is_the_tableau() {
        // Values in dealing order: player, banker, player, banker, then the third cards.
        let play = |v: &[u8]| {
            let mut it = v.iter().copied();
            coup_of_values(|| it.next().unwrap())
        };
        // Player 9 (natural) against banker 7: both stand after four cards.
        let c = play(&[4, 3, 5, 4]);
        assert_eq!((c.outcome, c.cards, c.natural), (Outcome::Player, 4, true));
        // Player 6 stands; banker 5 draws (the player stood) a 2: banker 7 wins.
        let c = play(&[3, 2, 3, 3, 2]);
        assert_eq!((c.outcome, c.cards, c.player, c.banker), (Outcome::Banker, 5, 6, 7));
        // Player 3 draws an 8 (11 → 1); banker 3 does not draw on an 8: banker 3 against 1.
        let c = play(&[1, 1, 2, 2, 8, 9]);
        assert_eq!((c.outcome, c.cards, c.player, c.banker), (Outcome::Banker, 5, 1, 3));
        // Player 0 draws a 6; banker 6 draws on a 6 (a 1): 7 against 6, banker wins.
        let c = play(&[0, 3, 0, 3, 6, 1]);
        assert_eq!((c.outcome, c.cards, c.player, c.banker), (Outcome::Banker, 6, 6, 7));
        // Banker 4 against a player's third card of 1: stands.
        assert!(!banker_draws(4, Some(1)) && banker_draws(4, Some(2)) && !banker_draws(7, Some(6)));
        assert!(banker_draws(5, None) && !banker_draws(6, None) && banker_draws(0, Some(9)));
        // Equal totals tie.
        assert_eq!(play(&[8, 8, 0, 0]).outcome, Outcome::Tie);
    }

    #[test]
    fn eight_decks_give_the_published_counts() {
        // docs/src/reference.md#baccarat: banker 2,292,252,566,437,888, player 2,230,518,282,592,256 and tie
        // 475,627,426,473,216 of the 416·415·414·413·412·411 ordered six-card samples.
        let o = odds(&shoe_of_decks(8));
        assert_eq!(o.total, 416 * 415 * 414 * 413 * 412 * 411);
        assert_eq!(o.outcomes, [2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216]);
        assert_eq!(o.outcomes.iter().sum::<u128>(), o.total);
        assert_eq!(o.by_cards.iter().sum::<u128>(), o.total);
        let p = o.pmf();
        assert_eq!(p.map(|x| format!("{x:.6}")), ["0.458597", "0.446247", "0.095156"]);
    }

    /// Every permutation of a small shoe, played card by card: the coup's count of orderings, by outcome.
    fn by_every_order(shoe: &Composition) -> ([u128; 3], u128, u128) {
        let mut cards: Vec<u8> = (0..10u8).flat_map(|v| std::iter::repeat_n(v, shoe[v as usize] as usize)).collect();
        let (mut outcomes, mut natural, mut all) = ([0u128; 3], 0u128, 0u128);
        // Every order of the positions (copies of a value are distinct cards, as in a real shoe).
        let record = |cards: &[u8]| {
            let coup = {
                let mut it = cards.iter().copied();
                coup_of_values(|| it.next().unwrap())
            };
            outcomes[coup.outcome as usize] += 1;
            natural += u128::from(coup.natural);
            all += 1;
        };
        crate::stats::testing::for_each_order(&mut cards, record);
        (outcomes, natural, all)
    }

    #[test]
    fn the_walk_agrees_with_every_order_of_small_shoes() {
        // Shoes of 6 to 9 cards, with repeated values, zeros and the values that trigger each row of the tableau.
        let shoes: [Composition; 4] = [
            [1, 1, 1, 1, 1, 0, 1, 0, 0, 0],
            [2, 0, 0, 1, 0, 1, 1, 1, 1, 0],
            [3, 1, 0, 0, 1, 1, 0, 0, 0, 1],
            [1, 1, 1, 1, 1, 1, 1, 1, 0, 1],
        ];
        for shoe in shoes {
            let t: u128 = shoe.iter().map(|&c| u128::from(c)).sum();
            let (outcomes, natural, all) = by_every_order(&shoe);
            // Each ordered six-card sample is the start of (T − 6)! permutations.
            let rest: u128 = (1..=t - 6).product();
            let o = odds(&shoe);
            assert_eq!(o.total * rest, all, "{shoe:?}");
            assert_eq!(o.outcomes.map(|x| x * rest), outcomes, "{shoe:?}");
            assert_eq!(o.natural * rest, natural, "{shoe:?}");
        }
    }
}
