//! Distributions: special functions and tail probabilities in log space, the one χ² quantile, saddlepoint
//! tails, goodness of fit against an exact law, and the second-level tests (Kolmogorov–Smirnov,
//! Anderson–Darling). Look here before writing a formula again.

pub mod equal_cells;
pub mod gof;
pub mod lattice;
pub mod multinomial;
pub mod saddlepoint;
pub mod special;
pub mod uniformity;
