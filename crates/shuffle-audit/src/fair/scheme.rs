//! Provably-fair schemes: how a casino turns its seeds into cards. Each round's bytes are
//! HMAC-SHA256(key = the server seed's text, message = `client_seed:nonce:round`), 32 bytes for rounds 0, 1, …;
//! four bytes make a float `b0/256 + b1/256² + b2/256³ + b3/256⁴` (the big-endian u32 over 2^32, exactly), and
//! a float chooses a card:
//!
//! - `stake` (Stake's published scheme, with replacement, its blackjack, baccarat, hilo and video-poker draws):
//!   card = CARDS[floor(float·52)], CARDS = ♦2 ♥2 ♠2 ♣2 ♦3 ♥3 … ♦A ♥A ♠A ♣A;
//! - `stake-shuffle` (selection without replacement, as its Keno and Mines draws): card = the remaining cards'
//!   floor(float·remaining)-th, removed, starting from CARDS;
//! - `hmac-fisher-yates` (a scheme of this tool's own, documented for dealers that shuffle a deck): CARDS
//!   shuffled by Fisher–Yates from its last place, place i (51 down to 1) swapped with floor(float·(i+1)); the
//!   cards dealt are the deck's first ones.
//!
//! `floor(u32·52/2^32)` gives 48 faces ⌈2^32/52⌉ = 82,595,525 of the 2^32 values and 4 faces 82,595,524: a relative
//! excess of 1/82,595,524 ≈ 1.2·10^-8 for those 48 ([`MAPPING_EXCESS`]).

use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};

use crate::cards::Card;

/// The 52 cards in Stake's order, as the tool's card ids (suit × 13 + rank, suits ♠ ♥ ♣ ♦, ranks A 2 … K): twos
/// first, each rank in ♦ ♥ ♠ ♣.
pub fn cards_order() -> [Card; 52] {
    // The tool's suits: ♠ 0, ♥ 1, ♣ 2, ♦ 3; Stake's order within a rank: ♦ ♥ ♠ ♣.
    const SUITS: [Card; 4] = [3, 1, 0, 2];
    std::array::from_fn(|i| {
        let rank = (i / 4 + 1) % 13; // 2 … K, then A (the tool's rank 0)
        SUITS[i % 4] * 13 + rank as Card
    })
}

/// The relative excess of the 48 favoured faces of `floor(u32·52/2^32)`: 1/82,595,524.
pub const MAPPING_EXCESS: f64 = 1.0 / 82_595_524.0;

/// The bias of `floor(u32·m/2^32)`, a choice among m: the `2^32 mod m` favoured choices take one value more of the
/// 2^32 than the others, a relative excess of `1/⌊2^32/m⌋` (m = 52: 48 faces, 1/82,595,524). Returns the
/// favoured choices and the excess.
pub fn mapping_bias(m: u64) -> (u64, f64) {
    let favoured = (1u64 << 32) % m;
    (favoured, if favoured == 0 { 0.0 } else { 1.0 / ((1u64 << 32) / m) as f64 })
}

/// A scheme of `fair verify --scheme`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    Stake,
    StakeShuffle,
    HmacFisherYates,
}

impl Scheme {
    pub const ALL: [Scheme; 3] = [Scheme::Stake, Scheme::StakeShuffle, Scheme::HmacFisherYates];

    pub fn name(self) -> &'static str {
        match self {
            Scheme::Stake => "stake",
            Scheme::StakeShuffle => "stake-shuffle",
            Scheme::HmacFisherYates => "hmac-fisher-yates",
        }
    }

    /// With replacement: a card may come up again in one round.
    pub fn with_replacement(self) -> bool {
        self == Scheme::Stake
    }
}

impl std::str::FromStr for Scheme {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Scheme::ALL
            .into_iter()
            .find(|k| k.name() == s.trim())
            .ok_or_else(|| format!("'{s}' is not a scheme: {}", Scheme::ALL.map(Scheme::name).join(", ")))
    }
}

impl std::fmt::Display for Scheme {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The lowercase hexadecimal SHA-256 of a server seed's text: the hash a casino shows before play.
pub fn seed_hash(server_seed: &str) -> String {
    hex(&Sha256::digest(server_seed.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The 32-bit words of a bet's bytes, in order: 8 a round, rounds 0, 1, ….
pub struct Words<'a> {
    server_seed: &'a str,
    client_seed: &'a str,
    nonce: u64,
    round: u64,
    block: [u32; 8],
    next: usize,
}

impl<'a> Words<'a> {
    pub fn new(server_seed: &'a str, client_seed: &'a str, nonce: u64) -> Self {
        Words { server_seed, client_seed, nonce, round: 0, block: [0; 8], next: 8 }
    }
}

impl Iterator for Words<'_> {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        if self.next == 8 {
            // HMAC takes a key of any length.
            let mut mac = Hmac::<Sha256>::new_from_slice(self.server_seed.as_bytes()).expect("HMAC takes any key");
            mac.update(format!("{}:{}:{}", self.client_seed, self.nonce, self.round).as_bytes());
            let bytes = mac.finalize().into_bytes();
            for (w, b) in self.block.iter_mut().zip(bytes.chunks_exact(4)) {
                *w = u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
            }
            self.round += 1;
            self.next = 0;
        }
        self.next += 1;
        Some(self.block[self.next - 1])
    }
}

/// `floor(word/2^32 · m)`, exactly as `floor(float·m)` of the float the four bytes make (a float of 32 bits
/// times m < 2^21 is exact in a double).
pub fn pick(word: u32, m: usize) -> usize {
    ((u64::from(word) * m as u64) >> 32) as usize
}

/// The first `count` cards a bet deals under `scheme`.
pub fn deal(scheme: Scheme, server_seed: &str, client_seed: &str, nonce: u64, count: usize) -> Vec<Card> {
    let order = cards_order();
    let mut words = Words::new(server_seed, client_seed, nonce);
    let mut word = || words.next().expect("the words never end");
    match scheme {
        Scheme::Stake => (0..count).map(|_| order[pick(word(), 52)]).collect(),
        Scheme::StakeShuffle => {
            let mut remaining = order.to_vec();
            (0..count.min(52)).map(|_| remaining.remove(pick(word(), remaining.len()))).collect()
        }
        Scheme::HmacFisherYates => {
            let mut deck = order;
            for i in (1..52).rev() {
                deck.swap(i, pick(word(), i + 1));
            }
            deck[..count.min(52)].to_vec()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_is_stakes_and_the_mapping_is_the_floats() {
        let names: Vec<String> = cards_order()[..6]
            .iter()
            .chain(&cards_order()[48..])
            .map(|&c| crate::cards::card_name(c, 52, crate::cards::NameStyle::Symbol))
            .collect();
        assert_eq!(names, ["♦2", "♥2", "♠2", "♣2", "♦3", "♥3", "♦A", "♥A", "♠A", "♣A"]);
        // The float of four bytes times m, floored, is the word's high bits of word·m.
        for (w, m) in [(0u32, 52usize), (u32::MAX, 52), (0x8000_0000, 52), (0x0500_0000, 7), (123_456_789, 51)] {
            let float = f64::from(w) / 4_294_967_296.0;
            assert_eq!(pick(w, m), (float * m as f64).floor() as usize, "{w} {m}");
        }
        // 48 faces take 82,595,525 words, 4 take 82,595,524.
        let mut counts = std::collections::BTreeMap::new();
        for face in 0..52u64 {
            let first = (face << 32).div_ceil(52);
            let last = ((face + 1) << 32).div_ceil(52);
            *counts.entry(last - first).or_insert(0) += 1;
        }
        assert_eq!(counts, [(82_595_524, 4), (82_595_525, 48)].into_iter().collect());
        assert!((MAPPING_EXCESS - 1.2107e-8).abs() < 1e-12);
        assert_eq!(mapping_bias(52), (48, MAPPING_EXCESS));
        assert_eq!(mapping_bias(2), (0, 0.0));
    }

    /// A seed's hash, RFC 6234's test vector of "abc".
    #[test]
    fn a_seeds_hash_is_its_sha256() {
        assert_eq!(seed_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn the_schemes_deal_what_their_rules_say() {
        let (s, c) = ("server", "client");
        let stake = deal(Scheme::Stake, s, c, 3, 20);
        let words: Vec<u32> = Words::new(s, c, 3).take(20).collect();
        let order = cards_order();
        assert_eq!(stake, words.iter().map(|&w| order[pick(w, 52)]).collect::<Vec<_>>());
        let shuffled = deal(Scheme::StakeShuffle, s, c, 3, 52);
        let mut sorted = shuffled.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..52).collect::<Vec<Card>>());
        let fy = deal(Scheme::HmacFisherYates, s, c, 3, 52);
        assert_ne!(fy, shuffled);
        let mut sorted = fy.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..52).collect::<Vec<Card>>());
    }
}
