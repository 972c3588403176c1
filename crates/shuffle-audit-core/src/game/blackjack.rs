//! Blackjack: rounds dealt from a shoe of `--copies` 52-card decks to P players and the dealer until the cut
//! card, and the exact odds of a natural.
//!
//! **The deal.** Every round deals one card to each player in seat order, one to the dealer (its up card), a
//! second card to each player and a second to the dealer (its hole card): player–dealer–player–dealer, 2(P + 1)
//! cards from the top of what is left. The dealer is the last seat, P + 1. Cards count A = 1 or 11, 2–9 their
//! value, 10, J, Q, K ten; two cards that are an ace and a ten-value card are a **natural** (blackjack).
//!
//! **The play** decides how many cards a round takes, and so where the next one starts. When the dealer holds a
//! natural the round ends on the deal. Otherwise each player in turn stands on a natural and else draws to 17
//! ("mimic the dealer", a fixed rule so that a run is reproducible without a strategy table), then the dealer
//! draws to 17 and stands on every 17, soft or hard, unless every player is bust or holds a natural. A hand the
//! shoe cannot serve stands.
//!
//! **The cut card** lies `--cut-card K` cards from the top (by default three quarters of the shoe): a round starts
//! while fewer than K cards are out, the round that brings the cut card out is finished, and the shoe is then
//! shuffled again. Every round starts with at least 2(P + 1) cards left, which the limit on K ensures.
//!
//! **Exact odds.** Over a uniform shuffle any two places of the shoe hold a uniform ordered pair of its cards, so
//! a seat's first two cards are a natural with probability 2·a·t / (T(T − 1)) for a shoe of T cards, a aces and
//! t ten-value cards: 192/4043 for 6 decks. Later rounds start at a place the cards decide; given the cards
//! already dealt the rest of a fair shoe is still in uniform order, so the same formula over the cards left is
//! the exact conditional odds of each seat's natural in that round ([`natural_odds`]).

use crate::cards::Card;
use crate::game::fraction::Fraction;

/// The deck a blackjack shoe is made of, and the decks in a shoe when `--copies` is not given.
pub const DECK: usize = 52;
pub const DEFAULT_DECKS: usize = 6;
/// Players at the table (the dealer is one seat more) when `--players` is not given, and the most a table seats.
pub const DEFAULT_PLAYERS: usize = 5;
pub const MAX_PLAYERS: usize = 7;
/// Aces and ten-value cards in one 52-card deck.
pub const ACES_PER_DECK: u64 = 4;
pub const TENS_PER_DECK: u64 = 16;

/// A card's blackjack points (its face, `id mod 52`): A = 1 (counted 11 by [`Hand::value`] when it fits), 2–9
/// face value, 10, J, Q, K = 10.
#[inline]
pub fn points(card: Card) -> u8 {
    let rank = (card % DECK as Card) % 13 + 1;
    rank.min(10) as u8
}

/// Blackjack's value classes: 0 the aces, 1 the cards 2–9, 2 the ten-value cards.
#[inline]
pub fn value_class(card: Card) -> usize {
    match points(card) {
        1 => 0,
        10 => 2,
        _ => 1,
    }
}

/// Is this two-card hand a natural (an ace and a ten-value card)?
#[inline]
pub fn is_natural(a: Card, b: Card) -> bool {
    let (x, y) = (points(a), points(b));
    (x == 1 && y == 10) || (x == 10 && y == 1)
}

/// A hand being played: its hard total (aces as 1) and whether it holds an ace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hand {
    pub hard: u8,
    pub ace: bool,
    pub cards: u8,
}

impl Hand {
    #[inline]
    pub fn add(&mut self, card: Card) {
        let p = points(card);
        self.hard = self.hard.saturating_add(p);
        self.ace |= p == 1;
        self.cards += 1;
    }

    /// The best total: an ace counts 11 when that does not pass 21.
    #[inline]
    pub fn value(&self) -> u8 {
        if self.ace && self.hard <= 11 { self.hard + 10 } else { self.hard }
    }

    #[inline]
    pub fn is_bust(&self) -> bool {
        self.hard > 21
    }
}

/// One round: where it started in the shoe, the cards it took, and which seats were dealt a natural (bit s for
/// seat s, the dealer's bit P).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Round {
    pub start: usize,
    pub cards: usize,
    pub naturals: u8,
}

/// The cards of the initial deal of a round at a table of `players` players.
#[inline]
pub fn initial_cards(players: usize) -> usize {
    2 * (players + 1)
}

/// Plays the round that starts at `shoe[start]` (at least [`initial_cards`] cards must be left), each hand to
/// the rule of the module's description. `hands`, if given, receives every seat's cards (the dealer's last).
pub fn play_round(shoe: &[Card], start: usize, players: usize, mut hands: Option<&mut Vec<Vec<Card>>>) -> Round {
    let seats = players + 1;
    debug_assert!(seats <= 8 && start + 2 * seats <= shoe.len());
    let mut hand = [Hand::default(); MAX_PLAYERS + 1];
    if let Some(h) = hands.as_deref_mut() {
        h.clear();
        h.resize(seats, Vec::new());
    }
    let mut naturals = 0u8;
    for s in 0..seats {
        let (a, b) = (shoe[start + s], shoe[start + seats + s]);
        hand[s].add(a);
        hand[s].add(b);
        naturals |= u8::from(is_natural(a, b)) << s;
        if let Some(h) = hands.as_deref_mut() {
            h[s].extend([a, b]);
        }
    }
    let mut next = start + 2 * seats;
    let dealer = players;
    if naturals & (1 << dealer) == 0 {
        let mut draw = |s: usize, hand: &mut Hand, next: &mut usize| {
            while hand.value() < 17 && *next < shoe.len() {
                hand.add(shoe[*next]);
                if let Some(h) = hands.as_deref_mut() {
                    h[s].push(shoe[*next]);
                }
                *next += 1;
            }
        };
        let mut live = false;
        for (s, h) in hand.iter_mut().enumerate().take(players) {
            if naturals & (1 << s) == 0 {
                draw(s, h, &mut next);
                live |= !h.is_bust();
            }
        }
        if live {
            draw(dealer, &mut hand[dealer], &mut next);
        }
    }
    Round { start, cards: next - start, naturals }
}

/// Every round of a shoe, from its top until the cut card (`cut` cards from the top) comes out.
pub fn rounds(shoe: &[Card], players: usize, cut: usize) -> impl Iterator<Item = Round> + '_ {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= cut || shoe.len() - start < initial_cards(players) {
            return None;
        }
        let r = play_round(shoe, start, players, None);
        start += r.cards;
        Some(r)
    })
}

/// The cut card when `--cut-card` is not given: three quarters of the shoe.
pub fn default_cut(cards: usize) -> usize {
    cards * 3 / 4
}

/// The largest cut card that leaves every round its initial deal: T − 2(P + 1) + 1.
pub fn max_cut(cards: usize, players: usize) -> usize {
    cards + 1 - initial_cards(players)
}

/// The exact probability that a seat's two cards are a natural, from `cards` cards of which `aces` are aces and
/// `tens` ten-value cards: 2·a·t / (T(T − 1)).
pub fn natural_odds(cards: u64, aces: u64, tens: u64) -> Fraction {
    if cards < 2 {
        return Fraction::new(0, 1);
    }
    Fraction::new(2 * u128::from(aces) * u128::from(tens), u128::from(cards) * u128::from(cards - 1))
}

/// The exact odds of a full shoe of `decks` decks that `exact --game blackjack` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    pub decks: usize,
    /// A given seat's first two cards are a natural.
    pub natural: Fraction,
    /// A player and the dealer both hold naturals (a push).
    pub both: Fraction,
    /// The dealer's up card is an ace, 2–9, ten-value.
    pub up_card: [Fraction; 3],
    /// The dealer holds a natural given its up card is an ace, and given it is a ten-value card.
    pub natural_given_ace: Fraction,
    pub natural_given_ten: Fraction,
}

/// The exact odds of a shoe of `decks` 52-card decks.
pub fn odds(decks: usize) -> Odds {
    let d = decks as u128;
    let t = 52 * d;
    let (a, ten) = (4 * d, 16 * d);
    // Two disjoint pairs both naturals: an ordered choice of two aces and two tens, each pair in either order.
    let both = Fraction::new(4 * a * (a - 1) * ten * (ten - 1), t * (t - 1) * (t - 2) * (t - 3));
    Odds {
        decks,
        natural: natural_odds(t as u64, a as u64, ten as u64),
        both,
        up_card: [Fraction::new(a, t), Fraction::new(t - a - ten, t), Fraction::new(ten, t)],
        natural_given_ace: Fraction::new(ten, t - 1),
        natural_given_ten: Fraction::new(a, t - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Card ids of one deck by rank (suit ♠): A = 0, 2 = 1, …, K = 12.
    const A: Card = 0;
    const TWO: Card = 1;
    const FIVE: Card = 4;
    const SIX: Card = 5;
    const SEVEN: Card = 6;
    const TEN: Card = 9;
    const K: Card = 12;

    #[test]
    fn points_and_naturals() {
        assert_eq!((0..13).map(points).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]);
        // The face decides, whatever the copy: id 52 + 12 is the second deck's ♠K.
        assert_eq!(points(52 + 12), 10);
        assert!(is_natural(A, K) && is_natural(TEN + 13, A + 39) && !is_natural(A, A) && !is_natural(TEN, K));
        let mut h = Hand::default();
        h.add(A);
        h.add(SIX);
        assert_eq!(h.value(), 17);
        h.add(SEVEN);
        assert_eq!((h.value(), h.is_bust()), (14, false));
        assert_eq!(value_class(A), 0);
        assert_eq!(value_class(FIVE), 1);
        assert_eq!(value_class(K), 2);
    }

    #[test]
    fn a_round_deals_player_dealer_player_dealer_and_draws_to_17() {
        // One player: cards 0, 2 to the player (10, 6), 1, 3 to the dealer (10, 7 = 17, stands). The player
        // draws on 16: a 5 makes 21. The dealer then stands on 17.
        let shoe = [TEN, K, SIX, SEVEN, FIVE, TWO, TWO];
        let mut hands = Vec::new();
        let r = play_round(&shoe, 0, 1, Some(&mut hands));
        assert_eq!((r.cards, r.naturals), (5, 0));
        assert_eq!(hands, vec![vec![TEN, SIX, FIVE], vec![K, SEVEN]]);
        // The dealer's natural ends the round on the deal; the player's natural is counted too.
        let r = play_round(&[A, A + 13, K, K + 13, TWO], 0, 1, None);
        assert_eq!((r.cards, r.naturals), (4, 0b11));
        // Every player bust: the dealer does not draw. Player 10 + 6 draws a ten (bust); dealer 2 + 2 stays 4.
        let r = play_round(&[TEN, TWO, SIX, TWO + 13, K, TWO + 26], 0, 1, None);
        assert_eq!(r.cards, 5);
        // A hand the shoe cannot serve stands: the dealer's 4 with no card left.
        let r = play_round(&[TEN, TWO, SEVEN, TWO + 13], 0, 1, None);
        assert_eq!(r.cards, 4);
    }

    #[test]
    fn rounds_stop_at_the_cut_card_and_finish_the_round_that_brings_it_out() {
        let shoe: Vec<Card> = (0..52).collect();
        let all: Vec<Round> = rounds(&shoe, 2, 52).collect();
        // Contiguous, from the top, each with its initial six cards.
        assert_eq!(all[0].start, 0);
        for w in all.windows(2) {
            assert_eq!(w[0].start + w[0].cards, w[1].start);
        }
        assert!(all.iter().all(|r| r.cards >= 6));
        assert!(shoe.len() - (all.last().unwrap().start + all.last().unwrap().cards) < 6 + 20);
        // A cut card at 7: the first round (which passes it) and no other.
        let first = rounds(&shoe, 2, 1).count();
        assert_eq!(first, 1);
        let cut = all[0].cards + 1;
        assert_eq!(rounds(&shoe, 2, cut).count(), 2);
        assert_eq!((default_cut(312), max_cut(312, 5)), (234, 301));
    }

    #[test]
    fn the_odds_of_a_natural_meet_the_published_value_and_enumeration() {
        // A 6-deck shoe: 192/4043, the value every blackjack reference gives.
        let o = odds(6);
        assert_eq!(o.natural, Fraction::new(192, 4043));
        assert_eq!(odds(1).natural, Fraction::new(32, 663));
        assert_eq!(o.up_card[0], Fraction::new(1, 13));
        assert_eq!(o.up_card[2], Fraction::new(4, 13));
        // Every ordered pair and every ordered four of a one-deck shoe, counted.
        let deck: Vec<Card> = (0..52).collect();
        let (mut pairs, mut nat) = (0u128, 0u128);
        for &a in &deck {
            for &b in deck.iter().filter(|&&b| b != a) {
                pairs += 1;
                nat += u128::from(is_natural(a, b));
            }
        }
        assert_eq!(Fraction::new(nat, pairs), odds(1).natural);
        // Both naturals: the pairs (a, b) and (c, d) of four distinct cards, counted over a small shoe of 4
        // aces, 6 tens and 3 other cards (the formula is the same with a = 4, t = 6, T = 13).
        let small: Vec<Card> =
            vec![A, A + 13, A + 26, A + 39, TEN, K, TEN + 13, K + 13, TEN + 26, K + 26, TWO, FIVE, SIX];
        let (mut fours, mut both) = (0u128, 0u128);
        for (i, &a) in small.iter().enumerate() {
            for (j, &b) in small.iter().enumerate() {
                for (k, &c) in small.iter().enumerate() {
                    for (l, &e) in small.iter().enumerate() {
                        if [i, j, k, l].iter().collect::<std::collections::HashSet<_>>().len() == 4 {
                            fours += 1;
                            both += u128::from(is_natural(a, b) && is_natural(c, e));
                        }
                    }
                }
            }
        }
        let (t, a, ten) = (13u128, 4u128, 6u128);
        let formula = Fraction::new(4 * a * (a - 1) * ten * (ten - 1), t * (t - 1) * (t - 2) * (t - 3));
        assert_eq!(Fraction::new(both, fours), formula);
        assert_eq!(o.both, Fraction::new(4 * 24 * 23 * 96 * 95, 312 * 311 * 310 * 309));
    }
}
