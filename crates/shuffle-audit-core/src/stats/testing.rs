//! Helpers shared by the statistics' unit tests: every permutation of a tiny deck, one test of a real run, and a
//! fair view of a deck.

use crate::cards::Card;
use crate::stats::statistic::Statistic;

/// All n! orders of `0..n`.
pub fn all_permutations(n: usize) -> Vec<Vec<Card>> {
    if n == 1 {
        return vec![vec![0]];
    }
    let mut out = Vec::new();
    for p in all_permutations(n - 1) {
        for at in 0..n {
            let mut q = p.clone();
            q.insert(at, (n - 1) as Card);
            out.push(q);
        }
    }
    out
}

/// Calls `f` on each of the n! orders of `items`, rearranged in place by Heap's algorithm (equal items count as
/// distinct, as the copies of a card in a shoe).
pub fn for_each_order<T>(items: &mut [T], mut f: impl FnMut(&[T])) {
    let n = items.len();
    let mut c = vec![0usize; n];
    f(items);
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                items.swap(0, i)
            } else {
                items.swap(c[i], i)
            }
            f(items);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
}

/// The length of the longest increasing subsequence by the O(n²) recursion on its last element: the
/// definition that patience sorting and the exact law are checked against.
pub fn longest_increasing_by_recursion<T: Ord>(p: &[T]) -> usize {
    let mut best = vec![1usize; p.len()];
    for i in 0..p.len() {
        for j in 0..i {
            if p[j] < p[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best.into_iter().max().unwrap_or(0)
}

/// Mean and variance of `values`.
pub fn moments(values: &[f64]) -> (f64, f64) {
    let m = values.iter().sum::<f64>() / values.len() as f64;
    (m, values.iter().map(|v| (v - m).powi(2)).sum::<f64>() / values.len() as f64)
}

/// `count` decks of n cards, shuffled by Fisher–Yates from a fixed seed.
pub fn random_decks(n: usize, count: usize, seed: u64) -> Vec<Vec<Card>> {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut g = rand_pcg::Pcg64::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut deck: Vec<Card> = (0..n as Card).collect();
            deck.shuffle(&mut g);
            deck
        })
        .collect()
}

/// Counting `decks` in two halves and merging equals counting them all at once, for any statistic, through the
/// [`Statistic`] trait alone: the same counts and the same results. The halves are two streams, so the whole
/// starts a new stream where the second half starts.
pub fn merging_halves_is_adding_all<S: Statistic + Clone + PartialEq + std::fmt::Debug>(
    empty: &S,
    decks: &[Vec<Card>],
) {
    let split = decks.len() / 2;
    let (mut whole, mut first, mut second) = (empty.clone(), empty.clone(), empty.clone());
    for (i, deck) in decks.iter().enumerate() {
        if i == split {
            whole.begin_stream();
        }
        whole.add(deck);
        if i < split { first.add(deck) } else { second.add(deck) }
    }
    first.merge(&second);
    assert_eq!(first, whole);
    assert_eq!(format!("{:?}", first.evaluate()), format!("{:?}", whole.evaluate()));
    // Merging in the other order gives the same accumulator.
    let mut reversed = second.clone();
    let mut head = empty.clone();
    for deck in &decks[..split] {
        head.add(deck);
    }
    reversed.merge(&head);
    assert_eq!(reversed, whole);
}

/// The named counter arrays of an accumulator, in visiting order.
pub fn counters<S: Statistic + Clone>(s: &S) -> Vec<(String, Vec<u64>)> {
    struct Collect(Vec<(String, Vec<u64>)>);
    impl crate::stats::statistic::CountVisitor for Collect {
        fn visit(&mut self, name: &str, values: &mut [u64]) {
            self.0.push((name.to_string(), values.to_vec()));
        }
    }
    let mut collect = Collect(Vec::new());
    s.clone().visit_counts(&mut collect);
    collect.0
}

/// Writing an accumulator's counters into an empty one of the same configuration restores it: equal
/// accumulators, equal results, and both go on counting and merging alike. This is what makes a state file
/// complete: a counter left out of `visit_counts` fails here.
pub fn copying_counters_restores_it<S: Statistic + Clone + PartialEq + std::fmt::Debug>(
    empty: &S,
    decks: &[Vec<Card>],
) {
    struct Fill(std::vec::IntoIter<(String, Vec<u64>)>);
    impl crate::stats::statistic::CountVisitor for Fill {
        fn visit(&mut self, name: &str, values: &mut [u64]) {
            let (n, v) = self.0.next().expect("as many arrays as were read");
            assert_eq!((n.as_str(), v.len()), (name, values.len()));
            values.copy_from_slice(&v);
        }
    }
    let split = decks.len() / 2;
    let mut counted = empty.clone();
    for deck in &decks[..split] {
        counted.add(deck);
    }
    let saved = counters(&counted);
    assert!(saved.iter().any(|(_, v)| v.iter().any(|&x| x != 0)), "decks were counted");
    let mut restored = empty.clone();
    restored.visit_counts(&mut Fill(saved.into_iter()));
    assert_eq!(restored, counted);
    assert_eq!(format!("{:?}", restored.evaluate()), format!("{:?}", counted.evaluate()));
    // Going on from the restored counts is going on from the original ones.
    restored.begin_stream();
    counted.begin_stream();
    for deck in &decks[split..] {
        restored.add(deck);
        counted.add(deck);
    }
    assert_eq!(restored, counted);
    assert_eq!(counters(&restored), counters(&counted));
}

/// The first `m` cards of an `n`-card deck shuffled fairly by `g` (Fisher–Yates): what a view of a fair deal holds.
pub fn fair_view(g: &mut rand_pcg::Pcg64, n: usize, m: usize) -> Vec<Card> {
    use rand::RngExt;
    let mut deck: Vec<Card> = (0..n as Card).collect();
    for i in (1..n).rev() {
        deck.swap(i, g.random_range(0..=i));
    }
    deck.truncate(m);
    deck
}
