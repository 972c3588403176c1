//! What a card guesser can get from a shuffle's exact law: the best expected number of cards named right, with
//! no feedback and with complete feedback.
//!
//! A player names the card at each position of a shuffled deck, top first, knowing the shuffle and the deck's
//! starting order. The number of right guesses is the score; under a uniform shuffle its best mean is 1 with no
//! feedback and the harmonic number `H_n = 1 + 1/2 + … + 1/n` with complete feedback (the j-th guess from the
//! top is one of `n − j` unseen cards). Diaconis and Graham, "The analysis of sequential experiments with
//! feedback to subjects", Ann. Statist. 9(1), 1981, set the game up; Bayer and Diaconis, "Trailing the dovetail
//! shuffle to its lair", Ann. Appl. Probab. 2(2), 1992, §5, asked it of riffles.
//!
//! - **No feedback** (every guess named before any card is shown): the guesses are separate bets, so the best
//!   mean is `Σ_p max_c P(c at p)`, read off the position-by-card matrix ([`no_feedback`]), for every shuffle
//!   with an exact matrix. Ciucu, "No-feedback card guessing for dovetail shuffles", Ann. Appl. Probab. 8(4),
//!   1998, finds the optimum for riffles.
//! - **Complete feedback** (each card shown after its guess): what is learnt does not depend on the guess, so
//!   the greedy guess, the likeliest next card given the cards shown, is optimal, and the best mean is
//!   `Σ_j E[max_c P(next = c | cards shown)]`. It needs the joint law of the cards, not the marginals; it is
//!   computed here by recursions over a small sufficient state for two shuffles:
//!   - one Gilbert–Shannon–Reeds riffle ([`riffle_complete_feedback`]): Liu, "On card guessing game with one
//!     time riffle shuffle and complete feedback", Discrete Appl. Math. 288 (2021), arXiv:1908.07718, proves
//!     the optimum is `n/2 + √(2n/π) + O(1)`; Krityakierne and Thanatipanonda, arXiv:2107.11142, give more
//!     terms;
//!   - one pass of a single-shelf machine ([`single_shelf_complete_feedback`]): Clay, "Guessing strategies for
//!     shelf-shuffling machines", arXiv:2507.10294 (2025), proves the optimum is `3n/4`; Kuba, "On card
//!     guessing after a single shelf shuffle", arXiv:2602.12928 (2026), gives its law (variance `n/16`).
//!
//! Both recursions are checked against brute force in the tests: every cut and drop of a riffle (n ≤ 8) and
//! every top-or-bottom choice of a shelf (n ≤ 12) enumerated into the exact law of decks, and the greedy
//! guesser's mean computed by conditioning on every prefix.

use super::dd::Dd;
use super::model::ExactMatrix;
use crate::stats::distributions::special::binomial_ln_pmf;

/// The best guess at one position with no feedback.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BestGuess {
    /// The likeliest card at this position (the smallest card id among equals).
    pub card: usize,
    /// `max_c P(c at p)`.
    pub p: Dd,
    /// How many cards are that likely, to within the matrix's rounding floor (1 when the best card is unique;
    /// `n` for a uniform shuffle).
    pub tied: usize,
}

/// The no-feedback guesser's best strategy and its mean.
#[derive(Clone, Debug, PartialEq)]
pub struct NoFeedback {
    /// The best guess at each position, top first.
    pub by_position: Vec<BestGuess>,
    /// `Σ_p max_c P(c at p)`: 1 for a uniform shuffle, `n` for one that does nothing.
    pub expected: Dd,
}

/// The best no-feedback guesser of a matrix: at each position the likeliest card, `E = Σ_p max_c P(c at p)`.
/// Under a uniform shuffle every cell is `1/n` and `E = 1` whatever is guessed; the identity gives `E = n`.
pub fn no_feedback(m: &ExactMatrix) -> NoFeedback {
    let n = m.n();
    // Cells that differ by less than the rounding floor of the matrix (in units of n·|p − 1/n|) are equal.
    let tie = m.floor() / n as f64;
    let by_position: Vec<BestGuess> = (0..n)
        .map(|pos| {
            let mut best = BestGuess { card: 0, p: m.get(0, pos), tied: 1 };
            for c in 1..n {
                let p = m.get(c, pos);
                if p > best.p {
                    best.card = c;
                    best.p = p;
                }
            }
            best.tied = (0..n).filter(|&c| (best.p - m.get(c, pos)).to_f64() <= tie).count();
            best
        })
        .collect();
    let expected = by_position.iter().map(|b| b.p).sum();
    NoFeedback { by_position, expected }
}

/// `H_n = Σ_{k=1}^{n} 1/k`: the best complete-feedback mean under a uniform shuffle (guess any unseen card; the
/// one `n − j` cards from the end is right with probability `1/(n − j)`). Summed from the small terms up.
pub fn uniform_complete_feedback(n: usize) -> f64 {
    (1..=n).rev().map(|k| 1.0 / k as f64).sum()
}

/// The two-packet game `g(L, R)`: the expected right guesses of the rest of a riffle whose cut is known, with
/// `L` cards left in the left packet and `R` in the right. The next card is the next of the left packet with
/// probability `L/(L + R)` (Gilbert–Shannon–Reeds: every interleaving of what is left equally likely), so the
/// best guess is the larger packet's next card and
/// `g(L, R) = (max(L, R) + L·g(L − 1, R) + R·g(L, R − 1)) / (L + R)`, `g(L, 0) = L`, `g(0, R) = R`.
/// Returns the table `g[L][R]` for `L + R ≤ total`.
fn two_packets(total: usize) -> Vec<Vec<f64>> {
    let mut g: Vec<Vec<f64>> = (0..=total).map(|l| vec![0.0; total - l + 1]).collect();
    for sum in 1..=total {
        for l in 0..=sum {
            let r = sum - l;
            g[l][r] = if l == 0 || r == 0 {
                sum as f64
            } else {
                (l.max(r) as f64 + l as f64 * g[l - 1][r] + r as f64 * g[l][r - 1]) / sum as f64
            };
        }
    }
    g
}

/// The best complete-feedback mean after one Gilbert–Shannon–Reeds riffle of a fresh deck of `n` cards
/// (ideal draws: cut `c ~ Binomial(n, 1/2)`, cards `0..c` the left packet, then each card from a packet with
/// `a` and `b` cards left from the left one with probability `a/(a + b)`).
///
/// While the cards shown are `0, 1, …, j − 1` in order the cut is unknown. The prefix has joint probability
/// `w_j(c) = P(c)·Π_{i<j} (c − i)/(n − i)` with the cut `c > j` (the first j drops from the left), and `2^-n`
/// with each cut `c ≤ j` (the left packet first, the deck unmoved). The next card is `j` with probability
/// `A_j = Σ_{c≤j} 2^-n + Σ_{c>j} w_j(c)·(c − j)/(n − j)`, or the right packet's top card `c > j` with
/// `B_j(c) = w_j(c)·(n − c)/(n − j)`. Once that card `c` is shown the cut is known, and the rest is the
/// two-packet game with `c − j` cards left on the left and `n − c − 1` on the right (`two_packets`). So
///
/// `E = Σ_{j<n} [ max(A_j, max_{c>j} B_j(c)) + Σ_{c>j} B_j(c)·g(c − j, n − c − 1) ]`,
///
/// O(n²) in doubles. Liu (2021): `E = n/2 + √(2n/π) + O(1)`; a uniform deck gives `H_n`.
pub fn riffle_complete_feedback(n: usize) -> f64 {
    if n == 0 {
        return 0.0;
    }
    let g = two_packets(n - 1);
    let identity = 0.5f64.powi(n as i32);
    // w[c] = w_j(c) for c > j; the cuts c ≤ j each keep 2^-n.
    let mut w: Vec<f64> = (0..=n).map(|c| binomial_ln_pmf(c as u64, n as u64, 0.5).exp()).collect();
    let mut total = 0.0;
    for j in 0..n {
        let rest = (n - j) as f64;
        let mut next_in_order = (j + 1) as f64 * identity;
        let mut best_jump = 0.0f64;
        for c in j + 1..=n {
            next_in_order += w[c] * (c - j) as f64 / rest;
            let jump = w[c] * (n - c) as f64 / rest;
            if jump > 0.0 {
                best_jump = best_jump.max(jump);
                total += jump * g[c - j][n - c - 1];
            }
        }
        total += next_in_order.max(best_jump);
        for (c, wc) in w.iter_mut().enumerate().skip(j + 1) {
            *wc *= (c - j) as f64 / rest;
        }
    }
    total
}

/// The best complete-feedback mean after one pass of a single-shelf machine over a fresh deck of `n ≥ 2`
/// cards: the cards `0, 1, …, n − 1` are fed in order, each put on the top or the bottom of the one pile with
/// probability 1/2 (the first card, on an empty pile, lands the same either way), and the pile is read top to
/// bottom: the top-placed cards in the reverse order of feeding, then card 0, then the bottom-placed ones in
/// order. The deck is a "V" (Diaconis, Fulman and Holmes 2013): a set `S ⊆ {1, …, n − 1}`, each card in it
/// with probability 1/2, in decreasing order, then 0, then the rest increasing.
///
/// Until card 0 is shown the state is the last card shown, `v` (`v = n` before any): the next card is `u` with
/// probability `2^-(v−u)` for `1 ≤ u < v` (`u` on top, the cards between at the bottom) or 0 with probability
/// `2^-(v−1)`. Once 0 is shown every remaining card is known (the unseen ones, increasing). With `h(v)` the
/// expected right guesses until 0 is shown and `K(v)` the expected cards shown until then (0 included),
///
/// `h(v) = max(2^-(v−1), max_u 2^-(v−u)) + Σ_{1≤u<v} 2^-(v−u)·h(u)`,  `K(v) = 1 + Σ_{1≤u<v} 2^-(v−u)·K(u)`,
///
/// and `E = h(n) + n − K(n)` (the cards after 0 are all named right). O(n²). Clay (2025): `E = 3n/4`.
pub fn single_shelf_complete_feedback(n: usize) -> f64 {
    let mut h = vec![0.0f64; n + 1];
    let mut k = vec![0.0f64; n + 1];
    for v in 1..=n {
        let to_zero = 0.5f64.powi(v as i32 - 1);
        let mut best = to_zero;
        let (mut hv, mut kv) = (0.0, 1.0);
        for u in 1..v {
            let p = 0.5f64.powi((v - u) as i32);
            best = best.max(p);
            hv += p * h[u];
            kv += p * k[u];
        }
        h[v] = best + hv;
        k[v] = kv;
    }
    h[n] + n as f64 - k[n]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::exact::order_law::factorial;
    use crate::stats::exact::{lehmer_rank, lehmer_unrank};
    use std::collections::HashMap;

    /// The greedy guesser's mean over an exact law of decks, by brute force: for every prefix of every length,
    /// the joint probability of the prefix followed by its likeliest next card, summed.
    fn greedy_by_prefixes(law: &HashMap<Vec<u8>, f64>) -> f64 {
        let n = law.keys().next().map_or(0, Vec::len);
        let mut total = 0.0;
        for j in 0..n {
            let mut next: HashMap<&[u8], HashMap<u8, f64>> = HashMap::new();
            for (deck, &p) in law {
                *next.entry(&deck[..j]).or_default().entry(deck[j]).or_default() += p;
            }
            total += next.values().map(|m| m.values().fold(0.0f64, |a, &b| a.max(b))).sum::<f64>();
        }
        total
    }

    /// One GSR riffle by brute force: each of the 2^n left/right words of the positions (`1` = from the left)
    /// has probability 2^-n; the left packet is the first `popcount` cards.
    fn riffle_law(n: usize) -> HashMap<Vec<u8>, f64> {
        let mut law = HashMap::new();
        for word in 0u32..1 << n {
            let cut = word.count_ones() as u8;
            let (mut left, mut right) = (0u8, cut);
            let deck: Vec<u8> = (0..n)
                .map(|pos| {
                    let packet = if word >> pos & 1 == 1 { &mut left } else { &mut right };
                    *packet += 1;
                    *packet - 1
                })
                .collect();
            *law.entry(deck).or_insert(0.0) += 0.5f64.powi(n as i32);
        }
        law
    }

    /// One single-shelf pass by brute force: each of the 2^n top/bottom choices (bit i = 1: card i on top),
    /// the first card's included (it lands the same either way).
    fn shelf_law(n: usize) -> HashMap<Vec<u8>, f64> {
        let mut law = HashMap::new();
        for word in 0u32..1 << n {
            let mut pile = std::collections::VecDeque::new();
            for card in 0..n as u8 {
                if word >> card & 1 == 1 {
                    pile.push_front(card);
                } else {
                    pile.push_back(card);
                }
            }
            *law.entry(pile.into_iter().collect()).or_insert(0.0) += 0.5f64.powi(n as i32);
        }
        law
    }

    #[test]
    fn the_riffle_recursion_matches_every_cut_and_drop_enumerated() {
        for n in 1..=8 {
            let law = riffle_law(n);
            assert!((law.values().sum::<f64>() - 1.0).abs() < 1e-14);
            // The enumeration is the Bayer–Diaconis law: 2 rising sequences at most, the identity n + 1 times.
            let closed = super::super::riffle::order_law(n, 1, None).unwrap();
            for (deck, &p) in &law {
                assert!((closed[lehmer_rank(deck)] - p).abs() < 1e-15, "{deck:?}");
            }
            let brute = greedy_by_prefixes(&law);
            let recursion = riffle_complete_feedback(n);
            assert!((brute - recursion).abs() < 1e-12, "n = {n}: {brute} by brute force, {recursion}");
        }
        // Two cards: 0,1 with probability 3/4, 1,0 with 1/4; the first guess is right 3/4 of the time, the
        // second always.
        assert!((riffle_complete_feedback(2) - 1.75).abs() < 1e-15);
    }

    #[test]
    fn the_riffle_optimum_follows_liu() {
        // Liu (2021): n/2 + √(2n/π) + O(1). The O(1) term stays within (−1, 0) and settles (near −1/2) as n
        // grows: −0.58 at 52 cards, −0.54 at 256, −0.52 at 1024.
        let gap =
            |n: usize| riffle_complete_feedback(n) - n as f64 / 2.0 - (2.0 * n as f64 / std::f64::consts::PI).sqrt();
        let gaps = [gap(52), gap(256), gap(1024)];
        assert!(gaps.iter().all(|g| (-1.0..0.0).contains(g)), "{gaps:?}");
        assert!((gaps[2] + 0.5).abs() < (gaps[1] + 0.5).abs() && (gaps[1] + 0.5).abs() < (gaps[0] + 0.5).abs());
        // Far above a uniform deck's H_n, below the n of a deck that is not shuffled.
        let e = riffle_complete_feedback(52);
        assert!(e > 30.0 && e < 34.0 && e > uniform_complete_feedback(52), "{e}");
    }

    #[test]
    fn the_shelf_recursion_matches_every_choice_enumerated_and_is_three_quarters_of_the_deck() {
        for n in 2..=12 {
            let law = shelf_law(n);
            // 2^(n−1) different Vs, each twice (the first card's side does not matter).
            assert_eq!(law.len(), 1 << (n - 1));
            let brute = greedy_by_prefixes(&law);
            let recursion = single_shelf_complete_feedback(n);
            assert!((brute - recursion).abs() < 1e-12, "n = {n}: {brute} by brute force, {recursion}");
        }
        // Clay (2025), Kuba (2026): exactly 3n/4.
        for n in [2, 3, 7, 12, 52, 54, 100, 1024] {
            let e = single_shelf_complete_feedback(n);
            assert!((e - 0.75 * n as f64).abs() < 1e-9 * n as f64, "n = {n}: {e}");
        }
    }

    #[test]
    fn a_uniform_deck_gives_the_harmonic_number() {
        for n in 2..=6 {
            let law: HashMap<Vec<u8>, f64> =
                (0..factorial(n)).map(|r| (lehmer_unrank(r, n), 1.0 / factorial(n) as f64)).collect();
            let brute = greedy_by_prefixes(&law);
            assert!((brute - uniform_complete_feedback(n)).abs() < 1e-12, "n = {n}: {brute}");
        }
        assert!((uniform_complete_feedback(4) - 25.0 / 12.0).abs() < 1e-15);
        assert!((uniform_complete_feedback(52) - 4.538_043_950_697_449).abs() < 1e-12);
    }

    #[test]
    fn no_feedback_is_one_for_a_uniform_shuffle_n_for_none_and_by_hand_for_one_top_to_random_move() {
        let n = 52;
        let uniform = ExactMatrix::from_cells(n, vec![Dd::ratio(1, n as u64); n * n]);
        let u = no_feedback(&uniform);
        assert!((u.expected - Dd::ONE).abs().to_f64() < 1e-12, "{:?}", u.expected);
        assert!(u.by_position.iter().all(|b| b.tied == n && b.card == 0));
        let identity =
            ExactMatrix::from_cells(n, (0..n * n).map(|i| if i / n == i % n { Dd::ONE } else { Dd::ZERO }).collect());
        let id = no_feedback(&identity);
        assert_eq!(id.expected, Dd::from_f64(n as f64));
        assert!(id.by_position.iter().enumerate().all(|(p, b)| b.card == p && b.tied == 1));
        // One top-to-random move of 3 cards: card 0 goes to each place with probability 1/3, the others move up
        // one place when it goes below them. Position 0: card 1 (2/3); position 1: all 1/3; position 2: card 2
        // (2/3). E = 2/3 + 1/3 + 2/3 = 5/3.
        let third = Dd::ratio(1, 3);
        let two = Dd::ratio(2, 3);
        let z = Dd::ZERO;
        let m = ExactMatrix::from_cells(3, vec![third, third, third, two, third, z, z, third, two]);
        let t = no_feedback(&m);
        assert!((t.expected - Dd::ratio(5, 3)).abs().to_f64() < 1e-30, "{:?}", t.expected);
        assert_eq!(t.by_position.iter().map(|b| (b.card, b.tied)).collect::<Vec<_>>(), [(1, 1), (0, 3), (2, 1)]);
        let computed = super::super::model::exact_marginals(&super::super::model::ExactRequest::new(
            crate::shuffle::Algorithm {
                swaps: Some(1),
                ..crate::shuffle::Algorithm::new(crate::shuffle::AlgorithmKind::TopToRandom)
            },
            None,
            3,
        ))
        .unwrap();
        assert!((no_feedback(&computed).expected - Dd::ratio(5, 3)).abs().to_f64() < 1e-12);
    }
}
