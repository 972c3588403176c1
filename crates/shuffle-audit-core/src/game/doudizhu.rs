//! 斗地主 (Dou Dizhu): hand order, rocket and bombs, and their exact odds.
//!
//! Rules as the sources deal them (S2, S5): 54 cards, 17 to each of 3 players and 3 bottom cards (底牌) that go
//! to the landlord. Hands sort 3 < 4 < … < K < A < 2 < small joker (小王) < big joker (大王), then by suit
//! (♠ ♥ ♣ ♦). Definitions used throughout the tool:
//!
//! - **rocket** (王炸, 火箭): both jokers in one hand;
//! - **bomb** (炸弹): all four cards of one rank in one hand. The rocket is *not* counted as a bomb (in play it
//!   is the biggest bomb, so "bomb or rocket" is reported separately as well);
//! - **big cards** (大牌): the aces, the 2s and the jokers, the ten cards that win tricks.
//!
//! Exact odds. Under a uniform shuffle any fixed set of H positions holds a uniformly random H-subset of the 54
//! cards, whatever the dealing scheme, so a seat's hand is a uniform H-subset and the bottom a uniform B-subset:
//!
//! - P(rocket) = C(52, H−2) / C(54, H) (= 136/1431 for H = 17);
//! - P(bottom holds a joker) = 1 − C(52, B) / C(54, B) (= 52/477 for B = 3);
//! - bombs by inclusion–exclusion over the 13 ranks: the j-th binomial moment of the number of bombs is
//!   S_j = E[C(bombs, j)] = C(13, j)·C(54 − 4j, H − 4j) / C(54, H), so P(at least one bomb) = Σ_{j≥1} (−1)^{j+1} S_j,
//!   P(exactly k) = Σ_{j≥k} (−1)^{j−k} C(j, k) S_j, E\[bombs\] = S_1 and Var\[bombs\] = 2·S_2 + S_1 − S_1²
//!   (Feller, *An Introduction to Probability Theory* I, §IV.3, for the inclusion–exclusion identities);
//! - big cards in a hand: Hypergeometric(54, 10, H), mean 10H/54 and variance H·(10/54)·(44/54)·(54 − H)/53.

use super::fraction::{Fraction, choose};
use crate::cards::Card;

/// The deck 斗地主 is played with.
pub const DECK: usize = 54;
pub const SMALL_JOKER: Card = 52;
pub const BIG_JOKER: Card = 53;

/// 斗地主 rank: 0 for the 3s, …, 10 for the kings, 11 aces, 12 twos, 13 small joker, 14 big joker.
pub fn rank_key(card: Card) -> u16 {
    match card {
        SMALL_JOKER => 13,
        BIG_JOKER => 14,
        // Source ids have rank 0 = A, 1 = 2, 2 = 3, …, 12 = K: shift so that 3 is lowest and 2 highest.
        c => (c % 13 + 11) % 13,
    }
}

/// Sort key of a card in a 斗地主 hand: rank, then suit.
pub fn sort_key(card: Card) -> (u16, u16) {
    (rank_key(card), if card < 52 { card / 13 } else { 0 })
}

/// What one hand holds, as the tests count it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandFacts {
    /// Both jokers.
    pub rocket: bool,
    /// Number of four-of-a-kinds (the rocket not included).
    pub bombs: u8,
    /// Number of jokers (0, 1 or 2).
    pub jokers: u8,
    /// Number of big cards (aces, 2s, jokers).
    pub big: u8,
}

/// The ten big cards: four aces, four 2s and the two jokers.
pub const BIG_CARDS: usize = 10;

/// True for an ace, a 2 or a joker.
#[inline]
pub fn is_big(card: Card) -> bool {
    rank_key(card) >= 11
}

/// Counts rocket, bombs and jokers in a hand of 54-card ids.
#[inline]
pub fn hand_facts(cards: impl IntoIterator<Item = Card>) -> HandFacts {
    let mut per_rank = [0u8; 13];
    let mut jokers = 0u8;
    let mut big = 0u8;
    for c in cards {
        big += u8::from(is_big(c));
        if c < 52 {
            per_rank[usize::from(c % 13)] += 1;
        } else {
            jokers += 1;
        }
    }
    let bombs = per_rank.iter().filter(|&&k| k == 4).count() as u8;
    HandFacts { rocket: jokers == 2, bombs, jokers, big }
}

/// The exact odds of a hand of `hand` cards and a bottom of `bottom` cards dealt from the 54.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Odds {
    pub hand: usize,
    pub bottom: usize,
    /// P(a given seat holds the rocket).
    pub rocket: Fraction,
    /// P(the bottom holds at least one joker).
    pub bottom_joker: Fraction,
    /// P(a given seat holds at least one bomb).
    pub bomb: Fraction,
    /// P(a given seat holds at least one bomb or the rocket).
    pub bomb_or_rocket: Fraction,
    /// Expected number of bombs in a hand.
    pub bombs_mean: Fraction,
    /// Variance of the number of bombs in a hand.
    pub bombs_variance: Fraction,
    /// P(exactly k bombs), k = 0..=min(13, hand/4).
    pub bombs_pmf: Vec<Fraction>,
    /// Expected number of big cards (A, 2, jokers) in a hand.
    pub big_mean: Fraction,
    /// Variance of the number of big cards in a hand.
    pub big_variance: Fraction,
    /// P(exactly k big cards), k = 0..=10.
    pub big_pmf: Vec<Fraction>,
}

/// Computes [`Odds`] exactly; `hand + bottom ≤ 54`.
pub fn odds(hand: usize, bottom: usize) -> Odds {
    assert!(hand + bottom <= DECK, "{hand} + {bottom} cards exceed the 54-card deck");
    let h = hand as i64;
    let total = choose(54, h);
    // Numerators over C(54, H) of the binomial moments S_j.
    let jmax = (hand / 4).min(13) as i64;
    let s: Vec<i128> = (0..=jmax).map(|j| (choose(13, j) * choose(54 - 4 * j, h - 4 * j)) as i128).collect();
    let sign = |j: i64| if j % 2 == 0 { 1i128 } else { -1 };
    let bombs_pmf: Vec<Fraction> = (0..=jmax)
        .map(|k| {
            let num: i128 = (k..=jmax).map(|j| sign(j - k) * choose(j, k) as i128 * s[j as usize]).sum();
            Fraction::from_signed(num, total)
        })
        .collect();
    let bomb = bombs_pmf[0].complement();
    // P(rocket and no bomb): the same inclusion–exclusion on the 52 − 4j non-rank cards left after the jokers.
    let rocket_no_bomb: i128 =
        (0..=jmax).map(|j| sign(j) * (choose(13, j) * choose(52 - 4 * j, h - 2 - 4 * j)) as i128).sum();
    let no_bomb_no_rocket = s.iter().enumerate().map(|(j, &sj)| sign(j as i64) * sj).sum::<i128>() - rocket_no_bomb;
    let bomb_or_rocket = Fraction::from_signed(no_bomb_no_rocket, total).complement();
    let s1 = s.get(1).copied().unwrap_or(0);
    let s2 = s.get(2).copied().unwrap_or(0);
    let t = total as i128;
    // Var = 2·S_2 + S_1 − S_1², over the common denominator C(54, H)².
    let var_num = (2 * s2 + s1).checked_mul(t).expect("overflow") - s1 * s1;
    Odds {
        hand,
        bottom,
        rocket: Fraction::new(choose(52, h - 2), total),
        bottom_joker: Fraction::new(choose(52, bottom as i64), choose(54, bottom as i64)).complement(),
        bomb,
        bomb_or_rocket,
        bombs_mean: Fraction::from_signed(s1, total),
        bombs_variance: Fraction::from_signed(var_num, (total).checked_mul(total).expect("overflow")),
        bombs_pmf,
        big_pmf: (0..=BIG_CARDS as i64)
            .map(|k| Fraction::new(choose(BIG_CARDS as i64, k) * choose((DECK - BIG_CARDS) as i64, h - k), total))
            .collect(),
        big_mean: Fraction::new((hand * BIG_CARDS) as u128, DECK as u128),
        big_variance: Fraction::new(
            (hand * BIG_CARDS * (DECK - BIG_CARDS) * (DECK - hand)) as u128,
            (DECK * DECK * (DECK - 1)) as u128,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_sort_from_three_to_the_big_joker() {
        // ♠3 (2), ♠K (12), ♠A (0), ♠2 (1), 小王, 大王, then suits within a rank.
        let mut hand: Vec<Card> = vec![53, 1, 0, 12, 52, 2, 15];
        hand.sort_by_key(|&c| sort_key(c));
        assert_eq!(hand, vec![2, 15, 12, 0, 1, 52, 53]);
    }

    #[test]
    fn rockets_and_bombs_are_counted() {
        let f = hand_facts([52, 53, 0, 13, 26, 39, 5]);
        assert_eq!(f, HandFacts { rocket: true, bombs: 1, jokers: 2, big: 6 });
        assert_eq!(hand_facts([1, 14, 2, 12]).big, 2);
        assert_eq!(hand_facts([52, 0, 13, 26]).bombs, 0);
    }

    /// Hands of H from the 54, counted by (bombs, rocket) with a generating function over the 13 ranks and
    /// the jokers: an independent route to the same numbers.
    fn counts_by_dp(h: usize) -> Vec<[u128; 2]> {
        // ways[cards][bombs]
        let mut ways = vec![vec![0u128; 14]; h + 1];
        ways[0][0] = 1;
        for _rank in 0..13 {
            let mut next = vec![vec![0u128; 14]; h + 1];
            for c in 0..=h {
                for b in 0..14 {
                    if ways[c][b] == 0 {
                        continue;
                    }
                    for m in 0..=4usize.min(h - c) {
                        next[c + m][b + usize::from(m == 4)] += ways[c][b] * choose(4, m as i64);
                    }
                }
            }
            ways = next;
        }
        // Jokers: none or one (C(2, 1) = 2 ways) without the rocket, both for the rocket.
        let mut out = vec![[0u128; 2]; 14];
        for (b, slot) in out.iter_mut().enumerate() {
            slot[0] = ways[h][b] + if h >= 1 { 2 * ways[h - 1][b] } else { 0 };
            slot[1] = if h >= 2 { ways[h - 2][b] } else { 0 };
        }
        out
    }

    #[test]
    fn inclusion_exclusion_agrees_with_a_direct_count() {
        for h in [0usize, 1, 2, 4, 8, 13, 17, 20, 27, 51, 54] {
            let o = odds(h, 0);
            let dp = counts_by_dp(h);
            let total = choose(54, h as i64);
            assert_eq!(dp.iter().map(|x| x[0] + x[1]).sum::<u128>(), total, "H = {h}");
            for (k, p) in o.bombs_pmf.iter().enumerate() {
                assert_eq!(*p, Fraction::new(dp[k][0] + dp[k][1], total), "H = {h}, {k} bombs");
            }
            let rocket: u128 = dp.iter().map(|x| x[1]).sum();
            assert_eq!(o.rocket, Fraction::new(rocket, total), "H = {h}");
            let neither = dp[0][0];
            assert_eq!(o.bomb_or_rocket, Fraction::new(total - neither, total), "H = {h}");
            let mean: u128 = dp.iter().enumerate().map(|(k, x)| k as u128 * (x[0] + x[1])).sum();
            let second: u128 = dp.iter().enumerate().map(|(k, x)| (k * k) as u128 * (x[0] + x[1])).sum();
            assert_eq!(o.bombs_mean, Fraction::new(mean, total), "H = {h}");
            let var = Fraction::from_signed((second * total) as i128 - (mean * mean) as i128, total * total);
            assert_eq!(o.bombs_variance, var, "H = {h}");
            // Big cards: sum the hypergeometric law directly.
            let hk = |k: u128| choose(10, k as i64) * choose(44, h as i64 - k as i64);
            let m1: u128 = (0..=10).map(|k| k * hk(k)).sum();
            let m2: u128 = (0..=10).map(|k| k * k * hk(k)).sum();
            assert_eq!(o.big_mean, Fraction::new(m1, total), "H = {h}");
            let var = Fraction::from_signed((m2 * total) as i128 - (m1 * m1) as i128, total * total);
            assert_eq!(o.big_variance, var, "H = {h}");
            assert_eq!(o.big_pmf.iter().fold(Fraction::ZERO, |a, b| a.add(b)), Fraction::ONE, "H = {h}");
        }
    }

    #[test]
    fn the_classic_deal_has_the_closed_form_values() {
        let o = odds(17, 3);
        // C(52,15)/C(54,17) = 17·16/(54·53); 1 − C(52,3)/C(54,3) = 1 − 51·50/(54·53); E[bombs] = 13·C(50,13)/C(54,17)
        // = 13·(17·16·15·14)/(54·53·52·51).
        assert_eq!(o.rocket, Fraction::new(17 * 16, 54 * 53));
        assert_eq!(o.bottom_joker, Fraction::new(54 * 53 - 51 * 50, 54 * 53));
        assert_eq!(o.bombs_mean, Fraction::new(13 * 17 * 16 * 15 * 14, 54 * 53 * 52 * 51));
        assert_eq!((o.rocket.to_string(), o.bottom_joker.to_string()), ("136/1431".into(), "52/477".into()));
        assert!(o.bomb.to_f64() < o.bombs_mean.to_f64());
        // 17·10/54 big cards on average.
        assert_eq!(o.big_mean, Fraction::new(170, 54));
        assert_eq!(o.bombs_pmf.len(), 5);
    }
}
