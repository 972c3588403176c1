//! Exact laws of the shuffling machines ([`crate::shuffle::Shelf`], [`crate::shuffle::Pile`],
//! [`crate::shuffle::Faro`]).
//!
//! Each machine moves cards by position, whatever the card: the card at position i goes to position q with a
//! probability that does not depend on which card it is, so `k` passes are the `k`-th power of the one-pass
//! position matrix.
//!
//! Shelf (unbiased draws), one pass: the card fed i-th lands on a shelf gathered g-th (g uniform on `0..M`) and
//! on top or at the bottom of its pile (½ each). Every other card j chooses its shelf and side independently, and
//! ends above card i when its shelf is gathered earlier (probability g/M) or when it is on the same shelf
//! (1/M) and above i in the pile. A pile reads its top-placed cards last fed first, then its bottom-placed cards
//! first fed first, so within the pile: a later card (j > i) is above i when it went on top (½), whichever side
//! i took; an earlier card (j < i) is above i never when i went on top, always when i went to the bottom. The
//! position of card i is the number of cards above it: given (g, side), a sum of two independent binomials,
//! `Bin(n−1−i, (g + ½)/M) + Bin(i, g/M)` (on top) or `Bin(i, (g + 1)/M)` (at the bottom). With a biased
//! generator (`r() % M` from 15 bits) the gathering order is no longer uniform: the marginals then come from the
//! law over orders, for decks of at most 9 cards.
//!
//! Pile: the card at position i is in pile `p = i mod P`, below the cards of that pile dealt after it. Stacked in
//! a fixed order, the result is one permutation; in a random order the piles above pile p are a uniform random
//! subset of the others of a uniform size g, and the number of the larger piles among them is hypergeometric.
//!
//! Faro: a permutation, no draw.

use super::Intractable;
use super::choices::{check_order_deck, marginals_of_order_law, matrix_power, order_law_of_steps, step_law};
use crate::cards::Card;
use crate::shuffle::{Scratch, faro_pass, pile_pass, shelf_pass};

/// Largest deck whose shelf matrix is computed: its cost is about 2·M·n³ multiply-adds.
pub const SHELF_MAX_N: usize = 256;

/// `p[card * n + pos]` after `passes` passes of an `m`-shelf machine over `n` cards.
pub fn shelf_marginals(n: usize, m: usize, passes: u64, bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
    if bits.is_some() {
        if n <= super::choices::ORDER_MAX_N {
            return Ok(marginals_of_order_law(n, &shelf_order_law(n, m, passes, bits)?));
        }
        return Err(Intractable {
            reason: format!(
                "the shelf machine's gathering order is not uniform with a {}-bit generator, and its exact \
                 marginals for more than 9 cards are computed for unbiased draws only",
                bits.unwrap_or(0)
            ),
            nearest: "unbiased draws (--rng ideal), or a deck of at most 9 cards".to_string(),
        });
    }
    if n > SHELF_MAX_N {
        return Err(Intractable {
            reason: format!("the shelf machine's exact matrix stops at {SHELF_MAX_N} cards (this deck has {n})"),
            nearest: format!("a deck of at most {SHELF_MAX_N} cards, or a sampled run"),
        });
    }
    matrix_power("shelf", "--passes", n, &shelf_step(n, m), passes)
}

/// The probability of every order of `n ≤ 9` cards after `passes` passes of an `m`-shelf machine.
pub fn shelf_order_law(n: usize, m: usize, passes: u64, bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
    check_order_deck("shelf", n)?;
    let mut scratch = Scratch::new(n);
    let step = step_law(n, bits, |deck, d| shelf_pass(deck, m, d, &mut scratch));
    order_law_of_steps("shelf", n, passes, &step)
}

/// `Bin(k, p)` as a pmf over `0..=k`.
fn binomial(k: usize, p: f64) -> Vec<f64> {
    let mut pmf = vec![0.0; k + 1];
    pmf[0] = 1.0;
    for t in 0..k {
        for j in (0..=t + 1).rev() {
            let stay = pmf[j] * (1.0 - p);
            let up = if j > 0 { pmf[j - 1] * p } else { 0.0 };
            pmf[j] = stay + up;
        }
    }
    pmf
}

/// One pass's position matrix `s[i * n + q]` of an `m`-shelf machine (unbiased draws).
fn shelf_step(n: usize, m: usize) -> Vec<f64> {
    let mut s = vec![0.0; n * n];
    let mf = m as f64;
    for i in 0..n {
        for g in 0..m {
            let later = binomial(n - 1 - i, (g as f64 + 0.5) / mf);
            for (earlier_p, weight) in [(g as f64 / mf, 0.5 / mf), ((g as f64 + 1.0) / mf, 0.5 / mf)] {
                let earlier = binomial(i, earlier_p);
                for (a, &pa) in later.iter().enumerate() {
                    for (b, &pb) in earlier.iter().enumerate() {
                        s[i * n + a + b] += weight * pa * pb;
                    }
                }
            }
        }
    }
    s
}

/// `p[card * n + pos]` of a pile shuffle into `p` piles, stacked in a fixed or a random order (unbiased draws).
pub fn pile_marginals(n: usize, piles: usize, random: bool, bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
    if random && bits.is_some() && !piles.is_power_of_two() {
        if n <= super::choices::ORDER_MAX_N {
            return Ok(marginals_of_order_law(n, &pile_order_law(n, piles, random, bits)?));
        }
        return Err(Intractable {
            reason: "a random order of the piles drawn with a narrow generator is not uniform, and its exact \
                     marginals for more than 9 cards are computed for unbiased draws only"
                .to_string(),
            nearest: "unbiased draws (--rng ideal), or a deck of at most 9 cards".to_string(),
        });
    }
    let size = |p: usize| if p < n { (n - 1 - p) / piles + 1 } else { 0 };
    let mut out = vec![0.0; n * n];
    for i in 0..n {
        let pile = i % piles;
        // Cards of the pile dealt after card i lie above it.
        let within = (n - 1 - i) / piles;
        if !random {
            let before: usize = (0..pile).map(size).sum();
            out[i * n + before + within] = 1.0;
            continue;
        }
        let others: Vec<usize> = (0..piles).filter(|&q| q != pile).map(size).collect();
        let (big, small) = (n.div_ceil(piles), n / piles);
        let a = others.iter().filter(|&&s| s == big && big != small).count();
        let b = others.len() - a;
        for g in 0..piles {
            // g piles above, k of them the larger ones: C(a, k)·C(b, g − k)/C(a + b, g).
            for k in g.saturating_sub(b)..=g.min(a) {
                let w = choose(a, k) * choose(b, g - k) / choose(a + b, g) / piles as f64;
                out[i * n + k * big + (g - k) * small + within] += w;
            }
        }
    }
    Ok(out)
}

/// The probability of every order of `n ≤ 9` cards after a pile shuffle.
pub fn pile_order_law(n: usize, piles: usize, random: bool, bits: Option<u32>) -> Result<Vec<f64>, Intractable> {
    check_order_deck("pile", n)?;
    let mut scratch = Scratch::new(n);
    let step = step_law(n, bits, |deck, d| pile_pass(deck, piles, random, d, &mut scratch));
    order_law_of_steps("pile", n, 1, &step)
}

fn choose(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, j| acc * (n - j) as f64 / (j + 1) as f64)
}

/// `p[card * n + pos]` after `passes` perfect shuffles: a permutation matrix.
pub fn faro_marginals(n: usize, passes: u64, in_shuffle: bool) -> Vec<f64> {
    let mut deck: Vec<Card> = (0..n as Card).collect();
    let mut buf = Vec::with_capacity(n);
    // A perfect shuffle's order is at most n (the deck returns after the multiplicative order of 2 modulo n − 1
    // or n + 1 passes), so a count of passes is reduced modulo that period instead of being run pass by pass.
    let mut period = 0u64;
    loop {
        faro_pass(&mut deck, in_shuffle, &mut buf);
        period += 1;
        if deck.iter().enumerate().all(|(p, &c)| usize::from(c) == p) {
            break;
        }
    }
    deck = (0..n as Card).collect();
    for _ in 0..passes % period {
        faro_pass(&mut deck, in_shuffle, &mut buf);
    }
    let mut out = vec![0.0; n * n];
    for (pos, &card) in deck.iter().enumerate() {
        out[usize::from(card) * n + pos] = 1.0;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::exact::choices::sampled::ln_p_against;

    fn close(a: &[f64], b: &[f64], what: &str) {
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            assert!((x - y).abs() < 1e-12, "{what} cell {i}: {x} vs {y}");
        }
    }

    #[test]
    fn shelf_marginals_match_full_enumeration_of_every_draw() {
        for n in 2..=6 {
            for m in [1usize, 2, 3] {
                for k in 1..=2 {
                    let law = shelf_order_law(n, m, k, None).unwrap();
                    assert!((law.iter().sum::<f64>() - 1.0).abs() < 1e-12);
                    close(&shelf_marginals(n, m, k, None).unwrap(), &marginals_of_order_law(n, &law), "shelf");
                }
            }
        }
    }

    #[test]
    fn pile_marginals_match_full_enumeration_of_every_draw() {
        for n in 2..=7 {
            for piles in 1..=n.min(4) {
                for random in [false, true] {
                    let law = pile_order_law(n, piles, random, None).unwrap();
                    let want = marginals_of_order_law(n, &law);
                    close(&pile_marginals(n, piles, random, None).unwrap(), &want, "pile");
                }
            }
        }
    }

    #[test]
    fn a_single_shelf_pass_reads_as_a_v_and_has_2_to_the_n_minus_1_outcomes() {
        // One shelf: the first card is the pile, each later card goes on top or at the bottom: 2^(n−1) equally
        // likely decks, each falling to card 0 and rising after it.
        let law = shelf_order_law(6, 1, 1, None).unwrap();
        let support: Vec<usize> = (0..law.len()).filter(|&r| law[r] > 0.0).collect();
        assert_eq!(support.len(), 32);
        let mut deck = vec![0; 6];
        for r in support {
            assert!((law[r] - 1.0 / 32.0).abs() < 1e-15);
            crate::stats::exact::choices::unrank(6, r, &mut deck);
            let zero = deck.iter().position(|&c| c == 0).unwrap();
            assert!(deck[..=zero].windows(2).all(|w| w[0] > w[1]) && deck[zero..].windows(2).all(|w| w[0] < w[1]));
        }
    }

    #[test]
    fn faro_out_shuffles_return_52_cards_after_8_and_in_shuffles_after_52() {
        let identity = faro_marginals(52, 0, false);
        assert_eq!(faro_marginals(52, 8, false), identity);
        assert_ne!(faro_marginals(52, 4, false), identity);
        assert_eq!(faro_marginals(52, 52, true), identity);
        assert_ne!(faro_marginals(52, 26, true), identity);
        // An out-shuffle keeps the top and bottom cards; an in-shuffle puts card 0 second.
        let out = faro_marginals(52, 1, false);
        assert_eq!((out[0], out[51 * 52 + 51]), (1.0, 1.0));
        assert_eq!(faro_marginals(52, 1, true)[1], 1.0);
    }

    // The sampled machines against their exact order laws: 2^17 shuffles of 5 cards, chi-square over the orders
    // (pooled to expected counts >= 5). A correct model fails with probability 1e-6 (the threshold); the
    // positive control, the same sample against the law of one more pass, must be rejected (p < 1e-9).
    #[test]
    fn sampled_machines_agree_with_their_exact_laws() {
        use crate::rng::{ChaCha8, MsvcRand};
        use crate::shuffle::{Pile, Shelf};
        let one = Shelf { shelves: 3, passes: 1 };
        assert!(
            ln_p_against::<_, ChaCha8>(&one, 5, 7, 1 << 17, &shelf_order_law(5, 3, 1, None).unwrap()) > 1e-6f64.ln()
        );
        assert!(
            ln_p_against::<_, ChaCha8>(&one, 5, 7, 1 << 17, &shelf_order_law(5, 3, 2, None).unwrap()) < 1e-9f64.ln()
        );
        // MSVC's 15-bit draws: r() % 3 is biased, and the law with its bias is the one the sample follows.
        let biased = shelf_order_law(5, 3, 1, Some(15)).unwrap();
        assert!(ln_p_against::<_, MsvcRand>(&one, 5, 8, 1 << 17, &biased) > 1e-6f64.ln());
        let pile = Pile { piles: 3, random_order: true };
        let law = pile_order_law(5, 3, true, None).unwrap();
        assert!(ln_p_against::<_, ChaCha8>(&pile, 5, 9, 1 << 17, &law) > 1e-6f64.ln());
    }
}
