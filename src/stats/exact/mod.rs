//! Exact laws: the null distributions of permutation statistics, the exact position-by-card marginals of
//! Fisher–Yates with a w-bit generator, and the expectations of k random transpositions.

pub mod laws;
pub mod marginals;
pub mod transpositions;
