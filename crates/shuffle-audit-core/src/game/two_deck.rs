//! The games of two 54-card decks (108 cards): 掼蛋 (Guandan, 4 × 27) and two-deck 斗地主 (four players, 4 × 25
//! and 8 bottom cards); what a hand holds and its exact odds.
//!
//! The deck is two copies of the 54-card deck: card id `c` in 0..108 has the face `c mod 54` (ids 0..52 the
//! suited cards, suit `face / 13` in ♠ ♥ ♣ ♦ and rank `face mod 13` from A to K; 52 and 53 the jokers), so every
//! face appears twice, and every rank eight times. Definitions used throughout the tool:
//!
//! - **jokers**: the four jokers (two small, two big) in a hand;
//! - **bomb** (炸弹): four or more cards of one rank in a hand (of the eight there are); jokers are counted apart;
//! - **straight flush** (同花顺): five cards of one suit on consecutive ranks, the ace low (A 2 3 4 5) or high
//!   (10 J Q K A), not round the corner; either copy of a card will do;
//! - the **bottom** (底牌) of two-deck 斗地主 holds a joker or not.
//!
//! Exact odds. Under a uniform shuffle any fixed set of H positions holds a uniformly random H-subset of the 108
//! cards, so a seat's hand is a uniform H-subset whatever the dealing scheme. The jokers in a hand are
//! Hypergeometric(108, 4, H). Bombs and straight flushes are counted by generating functions, in exact integers
//! over the C(108, H) hands: bombs by a walk over the 13 ranks (choose m of a rank's 8 cards in C(8, m) ways, a bomb
//! when m ≥ 4), the jokers' C(4, j) convolved last; hands without a straight flush by a walk over each suit's 13
//! ranks that keeps the length of the run of present ranks below 5 (the ace counted at both ends of the walk),
//! the four suits and the jokers convolved. Both walks are checked against enumeration in the tests (every subset
//! of small suits, and the published 40 straight flushes among 5-card and 41,584 among 7-card poker hands).

use super::fraction::{Fraction, choose};
use crate::cards::Card;

/// The deck each of the two copies is: 52 suited cards and two jokers.
pub const BASE: usize = 54;
/// The decks of the game.
pub const DECKS: usize = 2;
/// Every card dealt from.
pub const CARDS: usize = BASE * DECKS;
/// Jokers among the 108 cards.
pub const JOKERS: usize = 2 * DECKS;
/// Cards of one rank among the 108.
pub const PER_RANK: usize = 4 * DECKS;
/// Cards in a straight flush.
pub const RUN: usize = 5;

/// The face (0..54) of a card id of the 108.
#[inline]
pub fn face(card: Card) -> usize {
    usize::from(card) % BASE
}

/// True for any of the four jokers.
#[inline]
pub fn is_joker(card: Card) -> bool {
    face(card) >= 52
}

/// What one hand holds, as the tests count it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandFacts {
    /// Jokers, 0..=4.
    pub jokers: u8,
    /// Ranks held four or more times.
    pub bombs: u8,
    /// At least one straight flush.
    pub straight_flush: bool,
}

/// True when a 13-bit mask of ranks present (bit 0 the ace … bit 12 the king) holds five consecutive ranks, the
/// ace low or high.
#[inline]
fn has_run(ranks: u16) -> bool {
    let m = u32::from(ranks) | (u32::from(ranks & 1) << 13);
    m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4) != 0
}

/// Counts jokers, bombs and straight flushes in a hand of ids of the 108 (or of faces of the 54).
#[inline]
pub fn hand_facts(cards: impl IntoIterator<Item = Card>) -> HandFacts {
    let mut per_rank = [0u8; 13];
    let mut suits = [0u16; 4];
    let mut jokers = 0u8;
    for c in cards {
        let f = face(c);
        if f >= 52 {
            jokers += 1;
        } else {
            per_rank[f % 13] += 1;
            suits[f / 13] |= 1 << (f % 13);
        }
    }
    HandFacts {
        jokers,
        bombs: per_rank.iter().filter(|&&k| k >= 4).count() as u8,
        straight_flush: suits.iter().any(|&s| has_run(s)),
    }
}

/// The exact odds of a hand of `hand` cards and a bottom of `bottom` cards dealt from the 108.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Odds {
    pub hand: usize,
    pub bottom: usize,
    /// P(exactly k jokers in a hand), k = 0..=4.
    pub jokers_pmf: Vec<Fraction>,
    pub jokers_mean: Fraction,
    pub jokers_variance: Fraction,
    /// P(exactly k bombs in a hand), k = 0..=13.
    pub bombs_pmf: Vec<Fraction>,
    pub bombs_mean: Fraction,
    pub bombs_variance: Fraction,
    /// P(a given seat holds at least one bomb).
    pub bomb: Fraction,
    /// P(a given seat holds at least one straight flush).
    pub straight_flush: Fraction,
    /// P(the bottom holds at least one joker).
    pub bottom_joker: Fraction,
}

/// Mean and variance of a law given as counts over a common total, exactly.
fn moments(counts: &[u128], total: u128) -> (Fraction, Fraction) {
    let m1: u128 = counts.iter().enumerate().map(|(k, &w)| k as u128 * w).sum();
    let m2: u128 = counts.iter().enumerate().map(|(k, &w)| (k * k) as u128 * w).sum();
    let mean = Fraction::new(m1, total);
    let square = mean.mul(&mean);
    let second = Fraction::new(m2, total);
    // Var = E[X²] − E[X]², over the two reduced denominators (both small enough: the tests walk every hand size).
    let den = lcm(second.denom(), square.denom());
    let num = second.numer() * (den / second.denom()) - square.numer() * (den / square.denom());
    (mean, Fraction::new(num, den))
}

fn lcm(a: u128, b: u128) -> u128 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    (a / x).checked_mul(b).expect("fraction overflow")
}

/// Polynomial product of two count vectors (index = cards), truncated at `max` cards.
fn convolve(a: &[u128], b: &[u128], max: usize) -> Vec<u128> {
    let mut out = vec![0u128; (a.len() + b.len() - 1).min(max + 1)];
    for (i, &x) in a.iter().enumerate().filter(|(_, x)| **x != 0) {
        for (j, &y) in b.iter().enumerate() {
            if i + j <= max {
                out[i + j] += x * y;
            }
        }
    }
    out
}

/// Hands of `hand` cards from `ranks` ranks of `per_rank` cards each, counted by their number of bombs (ranks
/// held `bomb` or more times): `ways[k]`, k = 0..=ranks.
pub fn hands_by_bombs(ranks: usize, per_rank: usize, bomb: usize, hand: usize) -> Vec<Vec<u128>> {
    // ways[cards][bombs]
    let mut ways = vec![vec![0u128; ranks + 1]; hand + 1];
    ways[0][0] = 1;
    for _ in 0..ranks {
        let mut next = vec![vec![0u128; ranks + 1]; hand + 1];
        for c in 0..=hand {
            for b in 0..ranks {
                let w = ways[c][b];
                if w == 0 {
                    continue;
                }
                for m in 0..=per_rank.min(hand - c) {
                    next[c + m][b + usize::from(m >= bomb)] += w * choose(per_rank as i64, m as i64);
                }
            }
        }
        ways = next;
    }
    ways
}

/// Subsets of one suit of `ranks` ranks with `copies` copies of each card, counted by size, that hold no run of
/// `run` consecutive ranks present, the first rank (the ace) counting both before the second and after the last.
pub fn suit_without_run(ranks: usize, copies: usize, run: usize) -> Vec<u128> {
    let mut out = vec![0u128; ranks * copies + 1];
    let ways = |m: usize| choose(copies as i64, m as i64);
    for ace in 0..=copies {
        // state[length of the present run][cards]
        let mut state = vec![vec![0u128; ranks * copies + 1]; run];
        state[usize::from(ace > 0)][ace] = ways(ace);
        for _ in 1..ranks {
            let mut next = vec![vec![0u128; ranks * copies + 1]; run];
            for (len, row) in state.iter().enumerate() {
                for (c, &w) in row.iter().enumerate().filter(|(_, w)| **w != 0) {
                    next[0][c] += w;
                    if len + 1 < run {
                        for m in 1..=copies {
                            next[len + 1][c + m] += w * ways(m);
                        }
                    }
                }
            }
            state = next;
        }
        for (len, row) in state.iter().enumerate() {
            // The ace again after the last rank: the run through the top must stay short too.
            if ace > 0 && len + 1 >= run {
                continue;
            }
            for (c, &w) in row.iter().enumerate() {
                out[c] += w;
            }
        }
    }
    out
}

/// Hands of `hand` cards from `decks` copies of the 54-card deck without a straight flush.
pub fn hands_without_straight_flush(decks: usize, hand: usize) -> u128 {
    let suit = suit_without_run(13, decks, RUN);
    let mut all = vec![1u128];
    for _ in 0..4 {
        all = convolve(&all, &suit, hand);
    }
    let jokers: Vec<u128> = (0..=2 * decks).map(|j| choose(2 * decks as i64, j as i64)).collect();
    convolve(&all, &jokers, hand).get(hand).copied().unwrap_or(0)
}

/// Computes [`Odds`] exactly; `hand + bottom ≤ 108`.
pub fn odds(hand: usize, bottom: usize) -> Odds {
    assert!(hand + bottom <= CARDS, "{hand} + {bottom} cards exceed the 108 cards");
    let total = choose(CARDS as i64, hand as i64);
    let h = hand as i64;
    let joker_counts: Vec<u128> =
        (0..=JOKERS as i64).map(|k| choose(JOKERS as i64, k) * choose((CARDS - JOKERS) as i64, h - k)).collect();
    let (jokers_mean, jokers_variance) = moments(&joker_counts, total);
    // Bombs: the 104 suited cards by rank, then the jokers, which hold no bomb.
    let suited = hands_by_bombs(13, PER_RANK, 4, hand);
    let bomb_counts: Vec<u128> = (0..=13)
        .map(|k| (0..=JOKERS.min(hand)).map(|j| suited[hand - j][k] * choose(JOKERS as i64, j as i64)).sum())
        .collect();
    let (bombs_mean, bombs_variance) = moments(&bomb_counts, total);
    let bombs_pmf: Vec<Fraction> = bomb_counts.iter().map(|&w| Fraction::new(w, total)).collect();
    Odds {
        hand,
        bottom,
        jokers_pmf: joker_counts.iter().map(|&w| Fraction::new(w, total)).collect(),
        jokers_mean,
        jokers_variance,
        bomb: bombs_pmf[0].complement(),
        bombs_pmf,
        bombs_mean,
        bombs_variance,
        straight_flush: Fraction::new(hands_without_straight_flush(DECKS, hand), total).complement(),
        bottom_joker: Fraction::new(
            choose((CARDS - JOKERS) as i64, bottom as i64),
            choose(CARDS as i64, bottom as i64),
        )
        .complement(),
    }
}

/// Sort key of a card in a 掼蛋 hand: 2 < 3 < … < K < A < small joker < big joker, then suit (♠ ♥ ♣ ♦), then copy.
pub fn guandan_sort_key(card: Card) -> (u16, u16) {
    let f = face(card) as u16;
    let copy = card / BASE as u16;
    match f {
        52 | 53 => (f - 39, copy),
        _ => ((f % 13 + 12) % 13, (f / 13) * 2 + copy),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subset of a suit of `ranks` ranks × `copies`, by the ranks it holds: the direct count.
    fn suit_by_enumeration(ranks: usize, copies: usize, run: usize) -> Vec<u128> {
        let mut out = vec![0u128; ranks * copies + 1];
        let mut counts = vec![0usize; ranks];
        loop {
            let mask: u32 = counts.iter().enumerate().filter(|(_, c)| **c > 0).map(|(r, _)| 1 << r).sum();
            // The ace (rank 0) again after the last rank.
            let wrapped = u64::from(mask) | (u64::from(mask & 1) << ranks);
            let runs = (0..=ranks + 1 - run).any(|start| (0..run).all(|i| wrapped >> (start + i) & 1 == 1));
            if !runs {
                let ways: u128 = counts.iter().map(|&c| choose(copies as i64, c as i64)).product();
                out[counts.iter().sum::<usize>()] += ways;
            }
            // The next vector of counts, as an odometer.
            let Some(i) = counts.iter().position(|&c| c < copies) else { break };
            counts[..i].iter_mut().for_each(|c| *c = 0);
            counts[i] += 1;
        }
        out
    }

    #[test]
    fn the_suit_walk_agrees_with_every_subset() {
        for (ranks, copies, run) in [(7, 2, 5), (8, 2, 5), (6, 3, 4), (13, 1, 5), (9, 2, 3)] {
            assert_eq!(
                suit_without_run(ranks, copies, run),
                suit_by_enumeration(ranks, copies, run),
                "{ranks}×{copies}"
            );
        }
    }

    #[test]
    fn one_deck_has_the_published_straight_flush_counts() {
        // Straight flushes (royal ones included) among 5-card hands: 40; among 7-card hands: 37,260 + 4,324.
        assert_eq!(choose(52, 5) - hands_without_straight_flush_suited(1, 5), 40);
        assert_eq!(choose(52, 7) - hands_without_straight_flush_suited(1, 7), 41_584);
    }

    /// As [`hands_without_straight_flush`] over the 52 suited cards of `decks` decks, without jokers.
    fn hands_without_straight_flush_suited(decks: usize, hand: usize) -> u128 {
        let suit = suit_without_run(13, decks, RUN);
        let mut all = vec![1u128];
        for _ in 0..4 {
            all = convolve(&all, &suit, hand);
        }
        all[hand]
    }

    #[test]
    fn hands_are_counted_by_face() {
        // ♠A..♠5 of the first copy with ♠2 of the second, four 7s (both copies) and a joker of each copy.
        let hand: Vec<Card> = vec![0, 1, 2, 3, 4, 55, 6, 19, 60, 73, 52, 107];
        assert_eq!(hand_facts(hand), HandFacts { jokers: 2, bombs: 1, straight_flush: true });
        // 10 J Q K A of hearts, the ace from the second copy: the ace closes the run at the top.
        assert!(hand_facts([22, 23, 24, 25, 54 + 13]).straight_flush);
        // J Q K A 2 goes round the corner: not a straight flush.
        assert!(!hand_facts([10, 11, 12, 0, 1]).straight_flush);
        assert_eq!(hand_facts([0, 13, 26]).bombs, 0);
    }

    #[test]
    fn the_walks_sum_to_every_hand_at_every_size() {
        for hand in 0..=CARDS {
            let o = odds(hand, CARDS - hand);
            let one = |pmf: &[Fraction]| pmf.iter().fold(Fraction::ZERO, |a, b| a.add(b));
            assert_eq!(one(&o.jokers_pmf), Fraction::ONE, "H = {hand}");
            assert_eq!(one(&o.bombs_pmf), Fraction::ONE, "H = {hand}");
            // Jokers: the hypergeometric mean 4H/108 and variance H·(4/108)·(104/108)·(108 − H)/107.
            assert_eq!(o.jokers_mean, Fraction::new(4 * hand as u128, 108), "H = {hand}");
            let var = Fraction::new((hand * 4 * 104 * (108 - hand)) as u128, 108 * 108 * 107);
            assert_eq!(o.jokers_variance, var, "H = {hand}");
            // Bombs by linearity, apart from the walk: 13 ranks, each a bomb when the hand holds 4 or more of
            // its 8 cards, a hypergeometric tail.
            let hand = hand as i64;
            let tail: u128 = (4..=8.min(hand)).map(|m| choose(8, m) * choose(100, hand - m)).sum();
            let by_rank = Fraction::new(13 * tail, choose(108, hand));
            assert_eq!(o.bombs_mean, by_rank, "H = {hand}");
        }
        assert_eq!(odds(4, 0).straight_flush, Fraction::ZERO);
        assert_eq!(odds(104, 0).straight_flush, Fraction::ONE);
        assert_eq!(odds(3, 0).bomb, Fraction::ZERO);
    }

    #[test]
    fn bombs_agree_with_inclusion_exclusion_for_one_deck() {
        // With one copy and bombs of four, the walk is 斗地主's inclusion–exclusion over the 52 suited cards.
        let ways = hands_by_bombs(13, 4, 4, 17);
        let one_bomb_at_least: u128 = (1..=4).map(|k| ways[17][k]).sum();
        let s = |j: i64| choose(13, j) * choose(52 - 4 * j, 17 - 4 * j);
        assert_eq!(one_bomb_at_least, s(1) - s(2) + s(3) - s(4));
    }

    #[test]
    fn guandan_and_the_two_deck_deal_have_their_values() {
        let g = odds(27, 0);
        // E[jokers] = 27·4/108 = 1; the bombs' mean and the straight flush are those of the walks.
        assert_eq!(g.jokers_mean, Fraction::ONE);
        assert_eq!(g.bombs_mean.to_string(), "1374805315/1002922021");
        assert!((g.straight_flush.to_f64() - 0.312_571_119_834).abs() < 1e-11);
        let d = odds(25, 8);
        assert!((d.straight_flush.to_f64() - 0.233_445_132_092).abs() < 1e-11);
        // 1 − C(104, 8)/C(108, 8).
        assert_eq!(d.bottom_joker, Fraction::new(choose(104, 8), choose(108, 8)).complement());
        assert!((d.bombs_mean.to_f64() - 1.062_494_683_223).abs() < 1e-11);
    }

    #[test]
    fn guandan_hands_sort_from_two_to_the_big_joker() {
        // ♠2 (1), ♠3 (2), ♠K (12), ♠A (0), ♠A of the second copy (54), 小王 (52), 大王 (107).
        let mut hand: Vec<Card> = vec![107, 0, 54, 12, 52, 2, 1];
        hand.sort_by_key(|&c| guandan_sort_key(c));
        assert_eq!(hand, vec![1, 2, 12, 0, 54, 52, 107]);
    }
}
