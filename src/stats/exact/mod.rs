//! Exact laws: the null distributions of permutation statistics, the exact position-by-card marginals of
//! Fisher–Yates with a w-bit generator, the expectations of k random transpositions, and the exact marginals and
//! order laws of the hand shuffles (riffle, overhand, top-to-random) and of the random-comparator sort.

pub mod choices;
pub mod laws;
pub mod marginals;
pub mod overhand;
pub mod riffle;
pub mod sort_random_comparator;
pub mod top_to_random;
pub mod transpositions;

/// An exact computation that is refused: why, and the nearest thing that can be computed instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intractable {
    pub reason: String,
    pub nearest: String,
}

impl std::fmt::Display for Intractable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the exact computation is intractable: {}; {}", self.reason, self.nearest)
    }
}

impl std::error::Error for Intractable {}
