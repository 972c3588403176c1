//! Auditing a game's own shuffle, written against the game's own card type, from a test: map the card ids the
//! audit hands over to the game's cards, shuffle them with the game's function, and map them back.
//!
//! `cargo run --release --example own_card_type` audits two shuffles of a 52-card game: the game's Fisher–Yates
//! passes, the "swap every card with a random one" loop fails, and the failing assertion's message is printed.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use shuffle_audit::{Audit, AuditRng, Verdict};

/// The game's card: a suit and a rank, as a game would have it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Card {
    suit: u8,
    rank: u8,
}

/// Card id `0..52` ↔ card, suit-major (the audit only needs the mapping to be one-to-one).
fn card_of(id: u16) -> Card {
    Card { suit: (id / 13) as u8, rank: (id % 13) as u8 }
}

fn id_of(card: Card) -> u16 {
    u16::from(card.suit) * 13 + u16::from(card.rank)
}

/// The game's fair shuffle, generic over any `rand` generator.
fn shuffle_fair<R: Rng + ?Sized>(cards: &mut [Card], rng: &mut R) {
    cards.shuffle(rng);
}

/// The game's naive shuffle: every card swapped with a card drawn from the whole deck (biased: n^n paths onto n!
/// orders).
fn shuffle_naive<R: Rng + ?Sized>(cards: &mut [Card], rng: &mut R) {
    for i in 0..cards.len() {
        let j = rng.random_range(0..cards.len());
        cards.swap(i, j);
    }
}

/// Runs one of the game's shuffles on the audit's deck of ids.
fn audited(shuffle: fn(&mut [Card], &mut AuditRng)) -> impl Fn(&mut [u16], &mut AuditRng) + Sync {
    move |ids: &mut [u16], rng: &mut AuditRng| {
        let mut cards: Vec<Card> = ids.iter().map(|&id| card_of(id)).collect();
        shuffle(&mut cards, rng);
        for (id, card) in ids.iter_mut().zip(&cards) {
            *id = id_of(*card);
        }
    }
}

fn main() {
    let audit = Audit::new(52).shuffles(1 << 18).seed(7);
    let fair = audit.clone().name("shuffle_fair").run(audited(shuffle_fair));
    println!("shuffle_fair:  {}", fair.explanation());
    fair.assert_fair();
    let naive = audit.name("shuffle_naive").run(audited(shuffle_naive));
    println!("shuffle_naive: {}", naive.explanation());
    assert_eq!(naive.verdict(), Verdict::Fail);
    print!("\nwhat naive.assert_fair() panics with:\n{}", naive.failure_message(Verdict::Pass).unwrap());
}
