//! What the observer knows: the dealer's program (algorithm, generator, deal, which deal after the seeding) and
//! what one seat sees; the checks a candidate seed must pass; the information the view carries.

use crate::cards::{Card, CardName, NameStyle, parse_card};
use crate::error::{ConfigError, Field};
use crate::game::deal::{DealConfig, Group, SeatMap};
use crate::rng::{RawRng, RngKind};
use crate::shuffle::draw;
use crate::shuffle::{Algorithm, AlgorithmKind, Sweep};

/// The dealer's program: `srand(seed)` once, then deal number `deal_number` (1-based) of fresh decks in the
/// game's starting order, each shuffled by `algorithm` and dealt by `deal`'s scheme (S1's 斗牛 dealer with
/// `deal_number = 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dealer {
    pub algorithm: Algorithm,
    pub rng: RngKind,
    pub deal: DealConfig,
    pub deal_number: u64,
}

/// The cards one seat saw: a set, or with `ordered` the first cards of the seat in deal order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// 0-based seat.
    pub seat: usize,
    pub cards: Vec<Card>,
    pub ordered: bool,
}

/// What a finalised position must hold, for early rejection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Anything (a seat position when only some of the seat's cards are known as a set).
    Any,
    /// One of the seen cards (a seat position when the whole hand is known).
    InSet,
    /// None of the seen cards (a position outside the seat).
    NotInSet,
    /// Exactly this card (ordered views).
    Exact(Card),
}

/// A validated crack problem: the dealer, the view, and what every position must hold.
#[derive(Clone, Debug)]
pub struct Problem {
    pub dealer: Dealer,
    pub view: View,
    pub map: SeatMap,
    /// The deck before the shuffle.
    pub start: Vec<Card>,
    /// What each position must hold once the shuffle is over.
    pub roles: Vec<Role>,
    /// `in_set[card]`: the card was seen.
    pub in_set: Vec<bool>,
}

/// The direction of a Fisher–Yates walk: backward finalises positions n−1 down to 0, forward 0 up to n−1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    Backward,
    Forward,
}

/// The dealt cards of a deal: every seat's cards in deal order, then the bottom.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Deal {
    pub seats: Vec<Vec<Card>>,
    pub bottom: Vec<Card>,
}

/// Reads `--cards`: ids (all tokens whole numbers, 0-based) or names in any spelling the deck parser accepts,
/// separated by spaces or commas. Cards outside the deck and repeated cards are refused.
pub fn parse_cards(text: &str, n: usize) -> Result<Vec<Card>, ConfigError> {
    let tokens: Vec<&str> = text.split([' ', ',', '\t']).filter(|t| !t.is_empty()).collect();
    if tokens.is_empty() {
        return Err(ConfigError::new(Field::Cards, "no cards given"));
    }
    let ids = tokens.iter().all(|t| t.bytes().all(|b| b.is_ascii_digit()));
    let mut cards = Vec::with_capacity(tokens.len());
    for t in tokens {
        let card = if ids {
            let id: usize = t.parse().map_err(|_| ConfigError::new(Field::Cards, format!("'{t}' is not a card id")))?;
            if id >= n {
                return Err(ConfigError::new(
                    Field::Cards,
                    format!("card id {id} is not in a {n}-card deck (ids are 0..={})", n - 1),
                ));
            }
            id as Card
        } else {
            parse_card(t, n).map_err(|e| ConfigError::new(Field::Cards, e.to_string()))?
        };
        if cards.contains(&card) {
            let name = CardName { card, n, style: NameStyle::Symbol };
            return Err(ConfigError::new(Field::Cards, format!("{name} (id {card}) is given twice")));
        }
        cards.push(card);
    }
    Ok(cards)
}

impl Problem {
    /// Checks the view against the deal (the seat exists, no more cards than it holds) and derives the
    /// position roles.
    pub fn new(dealer: Dealer, view: View) -> Result<Problem, ConfigError> {
        let deal = &dealer.deal;
        if view.seat >= deal.players {
            return Err(ConfigError::new(
                Field::Seat,
                format!(
                    "seat {} is beyond the {} players (seats are 1..={})",
                    view.seat + 1,
                    deal.players,
                    deal.players
                ),
            ));
        }
        if view.cards.len() > deal.hand {
            return Err(ConfigError::new(
                Field::Cards,
                format!("{} cards given, but a seat holds {}", view.cards.len(), deal.hand),
            ));
        }
        if let Some(&c) = view.cards.iter().find(|&&c| usize::from(c) >= deal.deck) {
            return Err(ConfigError::new(Field::Cards, format!("card id {c} is not in a {}-card deck", deal.deck)));
        }
        if dealer.algorithm.kind == AlgorithmKind::RejectRetry {
            return Err(ConfigError::new(
                Field::Algorithm,
                "reject-retry never finishes a shuffle (its last slot is unreachable): there is no deal to crack",
            ));
        }
        if dealer.deal_number == 0 {
            return Err(ConfigError::new(Field::DealNumber, "deals are numbered from 1"));
        }
        let map = deal.seat_map();
        let n = deal.deck;
        let mut in_set = vec![false; n];
        for &c in &view.cards {
            in_set[usize::from(c)] = true;
        }
        let seat_positions = &map.positions[view.seat];
        let mut roles = vec![Role::NotInSet; n];
        for (k, &p) in seat_positions.iter().enumerate() {
            roles[p] = match (view.ordered, view.cards.get(k)) {
                (true, Some(&c)) => Role::Exact(c),
                (true, None) => Role::NotInSet,
                (false, _) if view.cards.len() == seat_positions.len() => Role::InSet,
                (false, _) => Role::Any,
            };
        }
        Ok(Problem { start: deal.start_deck(), dealer, view, map, roles, in_set })
    }

    /// True when `deck` (the shuffled deck) shows the seat exactly what it saw.
    pub fn matches(&self, deck: &[Card]) -> bool {
        let positions = &self.map.positions[self.view.seat];
        if self.view.ordered {
            self.view.cards.iter().zip(positions).all(|(&c, &p)| deck[p] == c)
        } else {
            self.view.cards.iter().all(|&c| positions.iter().any(|&p| deck[p] == c))
        }
    }

    /// The deal a shuffled deck makes.
    pub fn deal_of(&self, deck: &[Card]) -> Deal {
        let mut seats = Vec::new();
        let mut bottom = Vec::new();
        for (g, pos) in self.map.groups.iter().zip(&self.map.positions) {
            let cards: Vec<Card> = pos.iter().map(|&p| deck[p]).collect();
            match g {
                Group::Seat(_) => seats.push(cards),
                Group::Bottom => bottom = cards,
                Group::Undealt => {}
            }
        }
        Deal { seats, bottom }
    }

    /// Bits of information the view gives about the deal: `log2(n! / (n-k)!)` for k ordered cards,
    /// `log2(C(n, k) / C(H, k))` for k of the seat's H cards as a set.
    pub fn information_bits(&self) -> f64 {
        view_bits(self.dealer.deal.deck, self.dealer.deal.hand, self.view.cards.len(), self.view.ordered)
    }

    /// True when the early-rejecting Fisher–Yates check applies (the algorithm finalises one position per step).
    pub fn finalises_positions(&self) -> bool {
        self.walk().is_some()
    }

    /// The dealer's Fisher–Yates walk ([`Problem::walk`]) on a fresh deck with draws from `rng` (`r() % m`, or
    /// the runtime's bounded draw), stopping at the first finalised position that breaks the view: true when the
    /// whole walk fits the view.
    pub fn walk_deck<R: RawRng>(&self, rng: &mut R, deck: &mut [Card]) -> bool {
        deck.copy_from_slice(&self.start);
        let n = deck.len();
        let (roles, in_set) = (&self.roles, &self.in_set);
        let ok = |p: usize, card: Card| match roles[p] {
            Role::Any => true,
            Role::InSet => in_set[usize::from(card)],
            Role::NotInSet => !in_set[usize::from(card)],
            Role::Exact(c) => card == c,
        };
        if self.walk() == Some(Walk::Forward) {
            for i in 0..n {
                let j = i + draw(rng, n - i);
                deck.swap(i, j);
                if !ok(i, deck[i]) {
                    return false;
                }
            }
            true
        } else {
            for i in (1..n).rev() {
                let j = draw(rng, i + 1);
                deck.swap(i, j);
                if !ok(i, deck[i]) {
                    return false;
                }
            }
            ok(0, deck[0])
        }
    }

    /// The Fisher–Yates walk the dealer's shuffle is, when it is one: `fisher-yates` backward, `fisher-yates-forward`
    /// forward, and the library shuffles of Java (`Collections.shuffle`), Python (`random.shuffle`), PHP
    /// (`shuffle`) and Ruby (`Array#shuffle`), which are Durstenfeld's backward loop with the runtime's bounded
    /// draw (C++'s `std::shuffle` is not, nor Go's `rand.Shuffle`, whose draw is not `Intn`'s).
    pub fn walk(&self) -> Option<Walk> {
        let library = self.dealer.algorithm.kind == AlgorithmKind::LibraryShuffle
            && matches!(self.dealer.rng, RngKind::Java | RngKind::Python | RngKind::Php | RngKind::Ruby);
        match self.dealer.algorithm.kind.fisher_yates_sweep() {
            Some(Sweep::Backward) => Some(Walk::Backward),
            Some(Sweep::Forward) => Some(Walk::Forward),
            None => library.then_some(Walk::Backward),
        }
    }
}

/// `log2 C(n, k)`.
pub(crate) fn log2_choose(n: usize, k: usize) -> f64 {
    if k > n {
        return f64::NEG_INFINITY;
    }
    (0..k).map(|i| ((n - i) as f64).log2() - ((i + 1) as f64).log2()).sum()
}

/// `log2(n! / (n-k)!)`.
pub(crate) fn log2_arrangements(n: usize, k: usize) -> f64 {
    (0..k.min(n)).map(|i| ((n - i) as f64).log2()).sum()
}

/// Bits of k cards of an H-card seat of an n-card deck: in deal order, or as a set.
pub(crate) fn view_bits(n: usize, hand: usize, k: usize, ordered: bool) -> f64 {
    if ordered { log2_arrangements(n, k) } else { log2_choose(n, k) - log2_choose(hand, k) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::deal::DealShape;

    fn dealer(game: Game) -> Dealer {
        Dealer {
            algorithm: Algorithm::new(AlgorithmKind::FisherYates),
            rng: RngKind::Glibc,
            deal: DealConfig::new(game, None, DealShape::default()).unwrap(),
            deal_number: 1,
        }
    }

    #[test]
    fn published_view_bits() {
        let close = |a: f64, b: f64| (a - b).abs() < 0.05;
        assert!(close(view_bits(52, 5, 5, false), 21.3));
        assert!(close(view_bits(52, 5, 5, true), 28.2));
        assert!(close(view_bits(54, 17, 17, false), 45.4));
        assert!(close(log2_choose(52, 2) + log2_choose(50, 3), 24.6));
    }

    #[test]
    fn bad_views_name_the_flag() {
        let n = 52;
        assert_eq!(parse_cards("0 1 51", n).unwrap(), vec![0, 1, 51]);
        assert_eq!(parse_cards("♠A,H10 dk", n).unwrap(), vec![0, 22, 51]);
        assert!(parse_cards("52", n).unwrap_err().to_string().starts_with("--cards: card id 52 is not in"));
        assert!(parse_cards("BJ", n).unwrap_err().to_string().contains("does not exist in a 52-card deck"));
        assert!(parse_cards("SA sa", n).unwrap_err().to_string().contains("given twice"));
        let view = |seat, cards: Vec<Card>| View { seat, cards, ordered: false };
        let e = Problem::new(dealer(Game::Douniu), view(5, vec![0])).unwrap_err().to_string();
        assert!(e.starts_with("--seat: seat 6 is beyond the 5 players"), "{e}");
        let e = Problem::new(dealer(Game::Douniu), view(0, (0..6).collect())).unwrap_err().to_string();
        assert!(e.starts_with("--cards: 6 cards given, but a seat holds 5"), "{e}");
    }

    #[test]
    fn roles_follow_the_view() {
        let full = Problem::new(dealer(Game::Douniu), View { seat: 1, cards: vec![0, 1, 2, 3, 4], ordered: false });
        let full = full.unwrap();
        assert_eq!(
            (full.roles[4], full.roles[5], full.roles[9], full.roles[10]),
            (Role::NotInSet, Role::InSet, Role::InSet, Role::NotInSet)
        );
        let part = Problem::new(dealer(Game::Douniu), View { seat: 0, cards: vec![7, 9], ordered: true }).unwrap();
        assert_eq!(&part.roles[..3], &[Role::Exact(7), Role::Exact(9), Role::NotInSet]);
    }
}
