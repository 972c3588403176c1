//! 斗牛 (Niu-Niu): the niu value of a five-card hand and its exact distribution.
//!
//! Rules of S1's dealer: 52 cards, 5 to each of 2..=10 players in blocks. Card values: A = 1, 2–10 face value,
//! J, Q, K = 10. A hand has **niu k** when some three of its cards sum to a multiple of 10; k is the sum of the
//! other two mod 10, and k = 0 is **niu-niu** (牛牛). Otherwise it has **no niu** (没牛). Because the three cards
//! sum to 0 mod 10, k is the whole hand's sum mod 10, whichever three are chosen, so the value is well defined.
//!
//! The exact distribution over all C(52, 5) = 2,598,960 hands is computed by enumerating multisets of values
//! (ten classes: 1..9 with 4 cards each, 10 with 16), each weighted by its number of hands Π C(size, m); a
//! brute-force pass over every hand checks it in the tests.

use super::Lang;
use super::fraction::choose;
use crate::cards::Card;

/// The deck 斗牛 is played with, and its hand size.
pub const DECK: usize = 52;
pub const HAND: usize = 5;

/// Niu values are indexed 0 = no niu, 1..=9 = niu k, 10 = niu-niu.
pub const NIU_NIU: usize = 10;
pub const VALUES: usize = 11;

/// The counting value of a card id below 52: A = 1, 2–10 face value, J/Q/K = 10.
#[inline]
pub fn card_value(card: Card) -> u8 {
    (card % 13 + 1).min(10) as u8
}

/// The niu value (0 = no niu, 1..=9, 10 = niu-niu) of five card values.
#[inline]
pub fn niu_of_values(v: [u8; 5]) -> usize {
    let total: u32 = v.iter().map(|&x| u32::from(x)).sum();
    let t = total % 10;
    // Three cards sum to 0 mod 10 exactly when the other two sum to the total mod 10.
    for i in 0..5 {
        for j in i + 1..5 {
            if (u32::from(v[i]) + u32::from(v[j])) % 10 == t {
                return if t == 0 { NIU_NIU } else { t as usize };
            }
        }
    }
    0
}

/// The niu value of five card ids.
#[inline]
pub fn niu_of_hand(cards: [Card; 5]) -> usize {
    niu_of_values(cards.map(card_value))
}

/// The value's name: `no niu`, `niu 1`..`niu 9`, `niu-niu`; in Chinese 没牛, 牛1..牛9, 牛牛.
pub fn niu_name(niu: usize, lang: Lang) -> String {
    match (niu, lang) {
        (0, Lang::En) => "no niu".into(),
        (NIU_NIU, Lang::En) => "niu-niu".into(),
        (k, Lang::En) => format!("niu {k}"),
        (0, Lang::Zh) => "没牛".into(),
        (NIU_NIU, Lang::Zh) => "牛牛".into(),
        (k, Lang::Zh) => format!("牛{k}"),
    }
}

/// How many of the C(52, 5) hands have each niu value, by enumeration of value multisets.
pub fn exact_counts() -> [u64; VALUES] {
    // Cards per value class: 1..=9 have four suits, 10 has 10, J, Q, K in four suits.
    const SIZES: [u32; 10] = [4, 4, 4, 4, 4, 4, 4, 4, 4, 16];
    let mut counts = [0u64; VALUES];
    let mut values = [0u8; 5];
    fn walk(class: usize, filled: usize, weight: u64, values: &mut [u8; 5], counts: &mut [u64; VALUES]) {
        if filled == 5 {
            counts[niu_of_values(*values)] += weight;
            return;
        }
        if class == SIZES.len() {
            return;
        }
        let size = SIZES[class];
        for m in 0..=(5 - filled).min(size as usize) {
            for slot in values.iter_mut().skip(filled).take(m) {
                *slot = class as u8 + 1;
            }
            let w = weight * choose(i64::from(size), m as i64) as u64;
            walk(class + 1, filled + m, w, values, counts);
        }
    }
    walk(0, 0, 1, &mut values, &mut counts);
    counts
}

/// The exact distribution of the niu value of a uniformly random five-card hand.
pub fn exact_pmf() -> [f64; VALUES] {
    let total = choose(52, 5) as f64;
    exact_counts().map(|c| c as f64 / total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_niu_follow_the_rules() {
        // ♠A ♠4 ♠5 ♠10 ♠K: A + 4 + 5 = 10, and the other two make (10 + 10) mod 10 = 0: niu-niu.
        assert_eq!(niu_of_hand([0, 3, 4, 9, 12]), NIU_NIU);
        // ♠A ♠2 ♠3 ♠4 ♠5: 1 + 4 + 5 = 10, niu (2 + 3) = 5.
        assert_eq!(niu_of_hand([0, 1, 2, 3, 4]), 5);
        // ♠A ♥A ♣A ♠2 ♠3: every triple makes 3, 4, 5 or 6, none a multiple of 10: no niu.
        // Values 1, 2, 6, 1, 2: 2 + 6 + 2 = 10 and the two aces make 1 + 1 = 2: niu 2.
        assert_eq!(niu_of_hand([0, 13, 26, 1, 2]), 0);
        assert_eq!(niu_of_values([1, 2, 6, 1, 2]), 2);
        assert_eq!((card_value(10), card_value(51), card_value(13)), (10, 10, 1));
        assert_eq!(niu_name(0, Lang::Zh), "没牛");
        assert_eq!(niu_name(7, Lang::En), "niu 7");
        assert_eq!(niu_name(NIU_NIU, Lang::Zh), "牛牛");
    }

    #[test]
    fn exact_counts_are_the_reference_counts() {
        // docs/src/reference.md#niu-values: no niu 872,128; niu 1, 3, 7, 9: 171,304 each; niu 2, 4, 6, 8: 168,096 each; niu 5: 177,424;
        // niu-niu 191,808; over C(52,5) = 2,598,960 hands.
        let c = exact_counts();
        assert_eq!(c.iter().sum::<u64>(), 2_598_960);
        assert_eq!(c[0], 872_128);
        for k in [1, 3, 7, 9] {
            assert_eq!(c[k], 171_304, "niu {k}");
        }
        for k in [2, 4, 6, 8] {
            assert_eq!(c[k], 168_096, "niu {k}");
        }
        assert_eq!((c[5], c[NIU_NIU]), (177_424, 191_808));
    }

    #[test]
    fn enumeration_by_values_agrees_with_every_hand() {
        // All 2,598,960 hands one by one (about 10 ms with the test profile's optimisation).
        let mut c = [0u64; VALUES];
        for a in 0..52u16 {
            for b in a + 1..52 {
                for d in b + 1..52 {
                    for e in d + 1..52 {
                        for f in e + 1..52 {
                            c[niu_of_hand([a, b, d, e, f])] += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(c, exact_counts());
    }
}
