//! Recovering a generator's internal state from what its shuffles showed, when its outputs are linear in its
//! state: the state then follows from enough shown cards by linear algebra over GF(2), with no search at all.
//!
//! - `gf2`: equations over GF(2) in 128 unknowns, solved by incremental Gaussian elimination on `u128` rows;
//! - `v8_fisher_yates`: V8's `Math.random` (xorshift128+, [`crate::rng::V8MathRandom`]) from fully shown
//!   Fisher–Yates deals `Math.floor(Math.random() * (i + 1))`, the cache's unknown alignment included.
//!
//! The seed searches over clock-seeded `rand()` are the audit library's (`shuffle_audit::crack`); this module is
//! the pure computation for generators whose state is recovered rather than searched.

mod gf2;
mod v8_fisher_yates;

pub use gf2::{Added, Gf2System};
pub use v8_fisher_yates::{
    ShownDraw, V8Recovery, V8RecoveryError, fisher_yates_draws, known_bits, recover_fisher_yates,
};
